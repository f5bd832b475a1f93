"""The whole game of Tameri for 2-4 players: state, legality, chance, records and views.

Rulebook: the whole base game (Game Setup to End of the Game, Building Card List, Sphinx Effects, Priest Cards).
Also the Gifts of the Gods, the promo cards 0 and infinity (``Settings(gifts=True, promo=True)``) and the +1 Player
Mode (the Ghost).  Three layers inside: ``core/`` (the values), ``rules_of_play/`` (the rules that change them) and
``play/`` (this API, records, views, bots); ``docs/package_map.md`` says which module holds which rule.

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
- The +1 Player Mode: ``Settings.for_players(1, ghost="hard")`` (1-3 humans and the Ghost, which plays itself;
  ``ghost="custom"`` with ``ghost_spaces``); ``ghost_result(final_state)`` says who beat the Ghost, by how much.
- ``GameState``: ``to_move`` (a name, ``"chance"`` or ``None``), ``is_chance``, ``is_terminal``, ``players``,
  ``pyramid``, ``temples``, ``events()`` / ``log_text()``, ``text()`` / ``str()``, ``_repr_html_``.
- ``Decision``: ``str(d)`` -> ``"John: play 59"``; ``Decision.parse(text)``; ``d.player``, ``d.move``.
- ``step`` raises :class:`~tameri_kit.errors.IllegalActionError` (with ``rule``) and changes nothing.
- ``GameRecord(settings, seed, entries)``: ``to_json()`` / ``from_json()``; ``replay(record)`` (``states=True``
  for every state); ``undo(record, n)``; a bad record raises :class:`RecordError` (index, text, why).  Optional
  ``reasons``: the bots' own words per decision entry (``reason_at(index)``; ``play --record`` keeps them).
- ``random_playout(settings, seed)`` -> ``(entries, final state)``: a uniformly random game from one seed;
  ``play_out(state, rng)`` the same from any state (a search's rollout: the public loop's picks, no state frozen
  between entries).
- Search: a ``GameState`` is a frozen value, so keeping a reference *is* the copy and going back to the parent *is*
  the undo; ``step`` never changes the state it is given (``tests/game/test_search_copy.py``; the costs per step
  are in ``docs/performance.md``, "A search's copy and step").
- ``view(state, player)`` -> :class:`PlayerView`: what that player may see (``text()``, HTML, ``events()``,
  ``legal``, ``observation()`` - a copy of the state with the secrets removed, for bots - and ``counts``); its
  ``state`` attribute is the full state, kept for the engine - show only the filtered forms.
- Small situations for lessons and tests: ``with_turn(state, "Ringo", ["merchant"])`` puts a player in step 2 of
  a turn; ``settle(state)`` runs the automatic steps after a hand-made change (``state.but(...)``).

Decision vocabulary (``NAME: MOVE``, e.g. ``John: play 59``, ``John: merchant space 2 from builder``, ``John: trade
fruit``): each kind of frame owns its own, in the module implementing its rule (``frames.PLAYED[kind]``: legal
moves with their typed choices, grammar, why a move is not allowed; ``state.top.question(settings)``: what it asks).
``legal_actions(state)`` lists the moves open now, ``engine.moves_of_form(state)`` every move of the form asked
(legal or not) and ``engine.why_not(state, decision)`` the rule against one.

Chance outcomes: ``chance: draw 59`` (an Action card), ``chance: building G3``, ``chance: sphinx 3B``,
``chance: tile 4``, ``chance: S@N`` (a Sun lands on the North ramp), ``chance: priest 12``.
"""

from .core.decisions import CHANCE, Decision
from .play.engine import (
    chance_outcomes,
    legal_actions,
    new_game,
    play_out,
    random_playout,
    sample_chance,
    settle,
    step,
    with_turn,
)
from .rules_of_play.ghost import GhostResult, ghost_result  # ghost16
from .play.record import GameRecord, RecordError, replay, undo
from .core.settings import EXAMPLE_NAMES, Settings
from .core.state import Event, Frame, GameState, PlayerState
from .play.view import PlayerView, view

__all__ = [
    "CHANCE",
    "Decision",
    "chance_outcomes",
    "legal_actions",
    "new_game",
    "play_out",
    "random_playout",
    "sample_chance",
    "settle",
    "step",
    "with_turn",
    "GameRecord",
    "RecordError",
    "replay",
    "undo",
    "EXAMPLE_NAMES",
    "Settings",
    "Event",
    "Frame",
    "GameState",
    "PlayerState",
    "PlayerView",
    "view",
    "GhostResult",  # ghost16
    "ghost_result",
]
