"""A player's view: only what that player may see.

Rulebook: Season 0 (cards kept face down); Phase 2 (cards chosen in secret); Phase 3 (face-down cards);
Possible Actions: Offering (behind the screen); Priest Cards (kept secret).  Deck orders are never stored (the
engine draws at random when a card is drawn), so no view can show them.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from ...errors import HiddenInformationError
from ...rules.action_cards import ActionCard
from ...rules.common import Resource
from ...rules.glyphs import Played
from ...rules.offering import Stock
from ..core.decisions import Decision
from .engine import legal_actions, step
from ..core.board_view import state_html
from ..core.render import state_text
from ..core.state import Event, GameState

#: What a face-down card of another player looks like in an observation: its back (value 1, Phase 3).
HIDDEN_CARD = ActionCard(
    number=1,
    deck="?",
    left=(),
    right=(),
    top=(),
    bottom=(),
    weather=(),
    resource=Resource.BARLEY,
    source="hidden: the back of a face-down card",
)


_NOTHING = Stock()
_BACK = Played(HIDDEN_CARD, True)  # a face-down card of someone else, as everyone sees it

#: id(log node) -> (the node, {seat: its log as that seat sees it}) for the logs of the last few observations.
#: Holding the node keeps its id from being reused while the entry lives.  A game's logs share their beginnings,
#: so the next observation only filters the events added since (a bot looks once per decision).
_SEEN: OrderedDict = OrderedDict()
_SEEN_SIZE = 256


def visible_log(log: Any, seat: int) -> Any:
    """The linked log ``(previous, text, rule, seat)`` (``state.log_events``) without the events private to other
    seats."""
    newer, node, base = [], log, None
    while node is not None:
        hit = _SEEN.get(id(node))
        if hit is not None and hit[0] is node and seat in hit[1]:
            base = hit[1][seat]
            break
        newer.append(node)
        node = node[0]
    out = base
    for _, text, rule, private_to in reversed(newer):
        if private_to is None or private_to == seat:
            out = (out, text, rule, private_to)
    if log is not None:
        entry = _SEEN.get(id(log))
        if entry is None or entry[0] is not log:
            entry = _SEEN[id(log)] = (log, {})
        entry[1][seat] = out
        _SEEN.move_to_end(id(log))
        while len(_SEEN) > _SEEN_SIZE:
            _SEEN.popitem(last=False)
    return out


def foresee(observation: GameState, decision: Decision) -> GameState | None:
    """The state a player's own ``decision`` leads to, worked out on their observation (:meth:`PlayerView.observation`)
    - how the bots and the table's previews look ahead - or None when its effect needs something the observation
    hides (:class:`~tameri_kit.errors.HiddenInformationError`: the last reveal of Phase 3 needs the others' chosen
    cards).  Every other error is raised: an illegal decision, or a bug in the engine, never becomes "no effect"."""
    try:
        return step(observation, decision)
    except HiddenInformationError:
        return None


@dataclass(frozen=True)
class PlayerView:
    """What ``player`` sees of ``state``: ``text()``, ``_repr_html_()``, ``events()`` and ``legal`` (their
    decisions, when it is their turn to decide)."""

    state: GameState
    player: str

    @property
    def seat(self) -> int:
        """The seat of the player whose view this is."""
        return self.state.seat(self.player)

    def text(self) -> str:
        """The state as text as this player may see it (others' hands, screens and secrets hidden)."""
        return state_text(self.state, self.seat)

    def __str__(self) -> str:
        return self.text()

    def events(self) -> list[Event]:
        """The public events of the log and this player's own private ones."""
        seat = self.seat
        return [e for e in self.state.events() if e.seat is None or e.seat == seat]

    def log_text(self, last: int | None = None) -> str:
        """This player's events as text, one a line (the ``last`` ones only, if given)."""
        evs = self.events()
        return "\n".join(str(e) for e in (evs[-last:] if last else evs))

    @property
    def legal(self) -> list[Decision]:
        """This player's legal decisions, or none when it is not this player's turn to decide."""
        if self.state.to_move != self.player:
            return []
        return legal_actions(self.state)

    def _repr_html_(self) -> str:
        return state_html(self.state, self.seat)

    def observation(self) -> GameState:
        """A copy of the state with everything ``player`` may not see removed: other players' hands, Priest cards
        and screens emptied, their face-down cards shown by the back (:data:`HIDDEN_CARD`), the pools of the
        decks emptied (see ``counts``), other players' pending choices blanked, private events dropped.  For
        looking (and for bots) only: it cannot be stepped."""
        s, seat = self.state, self.seat
        players = []
        for j, player in enumerate(s.players):
            if j == seat:
                players.append(player)
                continue
            row = tuple(_BACK if x.face_down else x for x in player.row)
            players.append(player.but(hand=(), priest_cards=(), gifts=(), screen=_NOTHING, row=row))  # gifts16
        log = visible_log(s.log, seat)
        return s.but(
            players=tuple(players),
            decks=tuple((d, ()) for d, _ in s.decks),
            priest_pile=(),
            gift_pile=(),  # gifts16
            building_pool=(),
            building_bottom=(),
            tiles=(),
            stack=tuple(frame.seen_by(seat) for frame in s.stack),
            log=log,
            ghost=None if s.ghost is None else s.ghost.but(pile=()),  # ghost16: the Ghost deck is face down
        )

    @property
    def counts(self) -> dict:
        """The public sizes of hidden things: each hand, Priest cards held, decks, piles."""
        s = self.state
        return {
            "hands": {player.name: len(player.hand) for player in s.players},
            "priest_cards": {player.name: len(player.priest_cards) for player in s.players},
            "gifts": {player.name: len(player.gifts) for player in s.players},  # gifts16
            "screens": {player.name: player.screen.total for player in s.players},
            "decks": {d: len(c) for d, c in s.decks},
            "priest_pile": len(s.priest_pile),
            "building_deck": len(s.building_pool) + len(s.building_bottom),
            "weather_tiles": len(s.tiles),
            **({"ghost_deck": len(s.ghost.pile)} if s.ghost is not None else {}),  # ghost16
        }


def view(state: GameState, player: str) -> PlayerView:
    """The view of ``state`` for ``player`` (a name)."""
    state.seat(player)  # KeyError for an unknown name
    return PlayerView(state, player)
