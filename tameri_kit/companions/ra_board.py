"""Ra's board during an epoch: the frozen state (the tracks, the Suns, the play areas), who acts, and its picture.

Rule text: ``rulebooks/001_6747bfc0439617ca.txt``, *Setup* (the Ra track of 10 spaces, the auction track of 8, the
Sun groups, the Sun 1 in the middle) and *Game Play*.  The actions are :mod:`.ra_auction`, which re-exports every
name here.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import checks
from .ra_bag import Bag, track_length
from .ra_tiles import CATEGORY, Hand
from ..render.card_icons import svg_labels


AUCTION_SPACES = 8
#: Sun groups per player count.  The text's picture of the groups is lost; these groups use exactly the values it
#: states (2-9 for two players, 2-13 for three or four, 2-16 for five) and are marked illustrative.
SUN_GROUPS = {
    2: ((9, 6, 5, 2), (8, 7, 4, 3)),
    3: ((13, 8, 5, 2), (12, 9, 6, 3), (11, 10, 7, 4)),
    4: ((13, 6, 2), (12, 7, 3), (11, 8, 4), (10, 9, 5)),
    5: ((16, 7, 2), (15, 8, 3), (14, 9, 4), (13, 10, 5), (12, 11, 6)),
}
SUN_GROUPS_PROVENANCE = "illustrative (values as stated in Setup; the groups' picture is lost)"


@dataclass(frozen=True)
class Auction:
    ra_player: int
    reason: str  # "drawn" (a Ra tile), "invoked", "full" (invoked with a full auction track)
    bidders: tuple[int, ...]  # seats still to speak, in order
    bids: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class EpochState:
    names: tuple[str, ...]
    bag: Bag
    ra_track: int
    auction_track: tuple[str, ...]
    middle_sun: int
    suns_up: tuple[tuple[int, ...], ...]
    suns_down: tuple[tuple[int, ...], ...]
    hands: tuple[Hand, ...]
    to_move: int
    auction: Auction | None = None
    pending: tuple[str, ...] = ()  # Disasters the auction's winner still has to fulfil (a choice each)
    winner: int | None = None  # whose Disasters are pending
    over: str = ""  # why the epoch ended ("" while it goes on)
    draws: int = 0
    turns: int = 0

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def track_length(self) -> int:
        return track_length(self.players)

    def sun_total(self, seat: int) -> int:
        return sum(self.suns_up[seat]) + sum(self.suns_down[seat])

    def describe(self) -> str:
        lines = [
            f"Ra track {self.ra_track}/{self.track_length}; auction track: "
            f"{', '.join(self.auction_track) or 'empty'}; middle Sun {self.middle_sun}; bag {self.bag.total}"
        ]
        for seat, name in enumerate(self.names):
            lines.append(
                f"{name}: Suns up {list(self.suns_up[seat])} down {list(self.suns_down[seat])}; {self.hands[seat]}"
            )
        if self.over:
            lines.append(f"epoch over: {self.over}")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        return epoch_svg(self)

    def _repr_html_(self) -> str:
        """The same picture inline in the page: as an ``<img>`` (how an ``image/svg+xml`` output is shown) its
        tooltips, title and description cannot be read."""
        return self._repr_svg_()


TILE_COLOURS = {
    "ra": "#f9a825",
    "god": "#8e24aa",
    "gold": "#ffd54f",
    "pharaoh": "#6d4c41",
    "nile": "#4fc3f7",
    "flood": "#0277bd",
    "civilization": "#43a047",
    "monument": "#9e9e9e",
    "disaster": "#d32f2f",
}


def epoch_svg(state: EpochState, cell: int = 62) -> str:
    """The board: the Ra track (its unused first spaces greyed), the auction track, the middle Sun, each player's
    Suns (face up bold, face down grey)."""
    import html as _html

    state = state_of(state)
    cell = checks.whole_number(cell, "a cell's width in pixels", low=20, high=200)

    width = 150 + 10 * cell + 30
    rows = 3 + state.players
    height = 30 + rows * 34
    attrs, words = svg_labels("A Ra epoch: the Ra track, the auction track and each player's Suns", state.describe())
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
        f'font-size="11" viewBox="0 0 {width} {height}"{attrs}>' + words
    ]
    unused = 10 - state.track_length
    out.append('<text x="4" y="30" font-size="12">Ra track</text>')
    for i in range(10):
        x = 150 + i * cell
        filled = i >= unused and i - unused < state.ra_track
        fill = "#e0e0e0" if i < unused else TILE_COLOURS["ra"] if filled else "#fff"
        out.append(f'<rect x="{x}" y="14" width="{cell - 4}" height="26" fill="{fill}" stroke="#555"/>')
        if filled:
            out.append(f'<text x="{x + cell / 2 - 2}" y="31" text-anchor="middle">Ra</text>')
    out.append('<text x="4" y="64" font-size="12">Auction track</text>')
    for i in range(AUCTION_SPACES):
        x = 150 + i * cell
        tile = state.auction_track[i] if i < len(state.auction_track) else None
        fill = TILE_COLOURS[CATEGORY[tile]] if tile else "#fff"
        out.append(f'<rect x="{x}" y="48" width="{cell - 4}" height="26" fill="{fill}" stroke="#555"/>')
        if tile:
            ink = "#fff" if CATEGORY[tile] in ("pharaoh", "flood", "god", "disaster", "civilization") else "#000"
            out.append(
                f'<text x="{x + cell / 2 - 2}" y="65" text-anchor="middle" fill="{ink}">{_html.escape(tile[:9])}</text>'
            )
    out.append(
        f'<circle cx="{150 + 8.5 * cell}" cy="61" r="14" fill="#ffb300" stroke="#555"/>'
        f'<text x="{150 + 8.5 * cell}" y="65" text-anchor="middle" font-weight="bold">{state.middle_sun}</text>'
        + f'<text x="{150 + 8.5 * cell + 20}" y="65">middle Sun</text>'
    )
    for seat, name in enumerate(state.names):
        y = 100 + seat * 34
        mark = " (to act)" if acting_seat(state) == seat else ""
        out.append(f'<text x="4" y="{y + 4}" font-size="12">{_html.escape(name + mark)}</text>')
        suns = [(s, True) for s in state.suns_up[seat]] + [(s, False) for s in state.suns_down[seat]]
        for i, (sun, up) in enumerate(suns):
            cx = 165 + i * 32
            fill, weight = ("#ffb300", "bold") if up else ("#bdbdbd", "normal")
            out.append(
                f'<circle cx="{cx}" cy="{y}" r="13" fill="{fill}" stroke="#555"/>'
                f'<text x="{cx}" y="{y + 4}" text-anchor="middle" font-weight="{weight}">{sun}</text>'
            )
        out.append(
            f'<text x="{165 + max(len(suns), 1) * 32}" y="{y + 4}">{_html.escape(str(state.hands[seat]))}</text>'
        )
    if state.over:
        out.append(f'<text x="4" y="{height - 6}" fill="#b71c1c">epoch over: {_html.escape(state.over)}</text>')
    out.append("</svg>")
    return "".join(out)


def state_of(value) -> EpochState:
    """``value`` when it is an :class:`EpochState`; anything else raises StateError (every public function that
    takes a state checks it here)."""
    return checks.instance(value, EpochState, "the state (from new_epoch or apply)")


def acting_seat(state: EpochState) -> int | None:
    """The seat to act now: the auction's next bidder, the winner choosing a Disaster's discard, or the player to
    move (``None`` once the epoch is over)."""
    state = state_of(state)
    if state.over:
        return None
    if state.pending:
        return state.winner
    return state.auction.bidders[0] if state.auction else state.to_move
