"""The whole game of Tameri for 2-4 players: state, legality, chance, records and views.

Rulebook: the whole base game (Game Setup to End of the Game, Building Card List, Sphinx Effects, Priest Cards).
Not included: the +1 Player (Ghost) mode and the Gifts of the Gods.

API (everything is pure; a :class:`GameState` is frozen)::

    from tameri_kit.game import Settings, new_game, legal_actions, step, chance_outcomes, sample_chance
    s = new_game(Settings.for_players(3))        # at the first chance node of the set-up
    while not s.is_terminal:
        if s.is_chance:
            d = sample_chance(s, rng)            # or pick from chance_outcomes(s): [(Decision, Fraction)]
        else:
            d = legal_actions(s)[0]              # Decisions, unique and sorted by text
        s = step(s, d)                           # also accepts text: step(s, "John: play 59")
    s.outcome                                    # rules.game_end.GameOutcome (scores by category, winners)

- ``Settings(players=("Ann", "Bob"), weather=Readings(...), temples=TempleReadings(...), glyphs=GlyphReadings(...),
  scoring=ScoringReadings(...), field_extra_space=...)``: the readings of ``docs/ambiguities.md`` per game (they are
  saved in records); ``Settings.for_players(n)`` uses the rulebook's example names.
- ``GameState``: ``to_move`` (a name, ``"chance"`` or ``None``), ``is_chance``, ``is_terminal``, ``players``,
  ``pyramid``, ``temples``, ``events()`` / ``log_text()``, ``text()`` / ``str()``, ``_repr_html_``.
- ``Decision``: ``str(d)`` -> ``"John: play 59"``; ``Decision.parse(text)``; ``d.player``, ``d.move``.
- ``step`` raises :class:`~tameri_kit.errors.IllegalActionError` (with ``rule``) and changes nothing.
- ``GameRecord(settings, seed, entries)``: ``to_json()`` / ``from_json()``; ``replay(record)`` (``states=True``
  for every state); ``undo(record, n)``; a bad record raises :class:`RecordError` (index, text, why).
- ``random_playout(settings, seed)`` -> ``(entries, final state)``: a uniformly random game from one seed.
- ``view(state, player)`` -> :class:`PlayerView`: what that player may see (``text()``, HTML, ``events()``,
  ``legal``, ``observation()`` - a copy of the state with the secrets removed, for bots - and ``counts``); its
  ``state`` attribute is the full state, kept for the engine - show only the filtered forms.
- Small situations for lessons and tests: ``with_turn(state, "Ringo", ["merchant"])`` puts a player in step 2 of
  a turn; ``settle(state)`` runs the automatic steps after a hand-made change (``state.but(...)``).
"""

from .decisions import CHANCE, Decision
from .engine import (chance_outcomes, legal_actions, new_game, random_playout, sample_chance, settle, step,
                     with_turn)
from .record import GameRecord, RecordError, replay, undo
from .settings import EXAMPLE_NAMES, Settings
from .state import Event, Frame, GameState, PlayerState
from .view import PlayerView, view

__all__ = ["CHANCE", "Decision", "chance_outcomes", "legal_actions", "new_game", "random_playout", "sample_chance",
           "settle", "step", "with_turn", "GameRecord", "RecordError", "replay", "undo", "EXAMPLE_NAMES", "Settings", "Event", "Frame",
           "GameState", "PlayerState", "PlayerView", "view"]
