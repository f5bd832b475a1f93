"""A game as a story told in parts: the events one step added to the log, and the parts of a game - Game Setup,
Season 0, each round of each Season - with the heading the text log, the replay and the table give each part.

The command line (:mod:`tameri_kit.game.play.cli`), the game and table widgets and the lessons read them from here.
Rulebook: Game Setup; Season 0; Game Rounds (the Seasons and their rounds); End of the Season (it stays with the
round that ended it); End of the Game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...data.board import SEASON_NAMES
from ..core.decisions import Decision
from ..core.state import log_events

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..core.state import Event, GameState

#: The chance outcomes every seat sees as they happen: a Weather sphere landing, a Weather tile, a Building or a Sphinx
#: tile turned face up.  A card or a Priest card drawn goes into one hand, and only its owner sees it.  The scrubber,
#: the table's review mode and the shared page show a chance entry to a seat by this set.
PUBLIC_CHANCES = frozenset({"land", "draw_tile", "draw_building", "draw_sphinx"})


#: The chance outcomes of the +1 Player Mode every seat sees: a Ghost card drawn (it is turned face up), the ramp a
#: Silt put into the Pyramid falls on, a Ghost Temple card.  The Priest card the Ghost is given goes face down.
PUBLIC_GHOST_CHANCES = frozenset({"draw_ghost", "ghost_silt", "ghost_temple_card"})

#: The decisions other seats may not see when they are taken: Season 0's card kept, Phase 2's card chosen, Phase 3's
#: reveal or keep face down (shown once every player has decided), the Priest card kept in the End of the Season's
#: draft, the Gift kept of the three dealt.  Every other decision is taken in the open.
SECRET_DECISIONS = frozenset({"season_zero_pick", "choose", "reveal", "draft", "gift_keep"})


def seen_by_every_seat(before: GameState, decision: Decision) -> bool:
    """Whether every seat sees the entry ``decision`` taken at ``before``: a public chance outcome
    (:data:`PUBLIC_CHANCES`, :data:`PUBLIC_GHOST_CHANCES`) or a decision taken in the open (not one of
    :data:`SECRET_DECISIONS`)."""
    top = before.top
    kind = top.kind if top is not None else ""
    if decision.is_chance:
        return kind in PUBLIC_CHANCES or kind in PUBLIC_GHOST_CHANCES
    return kind not in SECRET_DECISIONS


def new_events(before: GameState, after: GameState) -> list[Event]:
    """The events ``after`` added to ``before``'s log (the log is a linked list: walk back to the old node)."""
    events = log_events(after.log, before.log)
    if events is None:  # not an extension of the old log: fall back to counting
        return after.events()[len(before.events()) :]
    return events


def is_public_chance(before: GameState) -> bool:
    """Whether the chance outcome drawn at ``before`` is seen by every seat (:data:`PUBLIC_CHANCES`)."""
    top = before.top
    return top is not None and top.kind in PUBLIC_CHANCES


def entry_seen_by(before: GameState, decision: Decision, viewer: str | None) -> str:
    """A record's entry (``decision``, taken at ``before``) as ``viewer`` may read it (None: everyone): another
    player's decision is only named ("George decides": Season 0 and Phase 2 keep cards in secret, an Offering goes
    behind the screen), and a card drawn into a hand is only "a chance outcome"."""
    if viewer is None or decision.player == viewer or (decision.is_chance and is_public_chance(before)):
        return str(decision)
    return "a chance outcome" if decision.is_chance else f"{decision.player} decides"


def events_seen_by(events: Sequence[Event], seat: int | None) -> list[Event]:
    """The events a seat sees (None: everyone): the public ones and its own."""
    return [event for event in events if seat is None or event.seat in (None, seat)]


def part_heading(state: GameState) -> str:
    """The heading of the part of the game ``state`` is in: ``"Game Setup"``, ``"Season 0"``, ``"Season 2
    (Peret), round 5"`` or ``"End of the Game"``."""
    if state.phase == "setup":
        return "Game Setup"
    if state.phase == "season0" or state.season == 0:
        return "Season 0"
    if state.phase == "over":
        return "End of the Game"
    return f"Season {state.season} ({SEASON_NAMES.get(state.season, '?')}), round {state.round}"


def chapters(states: Sequence[GameState]) -> list[tuple[str, int]]:
    """``(heading, k)`` for each part of a game - Game Setup, Season 0, each round (Season and number) - where
    ``states[k]`` (the state after ``k`` entries, as from ``replay(record, states=True)``) is the first state of
    that part.  The End of a Season stays with the round that ended it.  Headings as in the log."""
    out, heading = [], None
    for k, state in enumerate(states):
        if state.phase == "over":
            break
        part = heading if state.phase == "season_end" and heading else part_heading(state)
        if part != heading:
            out.append((part, k))
            heading = part
    return out
