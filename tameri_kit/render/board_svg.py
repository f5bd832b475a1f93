"""The whole board of a game as one SVG picture, drawn from a plain "board picture model".

Rulebook: Components and Game Setup (what lies where: the Great Pyramid and its rivers, the Temples, the Market
with its stalls and warehouse, the row of five Building cards, the avenue of ten Sphinx spaces, the Nile, the
player boards); Phase 4, step 3 (the Nile's cards and the resources on them); Phase 4, step 4 (the warehouse
limit); the Secret information of Season 0, Phase 2, Phase 3, Offering and Priest Cards.

Layers: this module draws plain data only - :class:`BoardPicture` and :class:`PlayerPicture`, frozen values of
rules and data types - and never imports :mod:`tameri_kit.game`.  :func:`tameri_kit.game.core.board_view.board_picture`
turns a ``GameState`` (and optionally one seat) into that model, leaving out what the seat may not see: a hidden
thing is ``None`` in the model (with its public count beside it), so it cannot reach the picture.

Layout (drawing units; the picture scales to its width, 1000 units = 1000 px by default): the pyramid (drawn 1.11
times its own size, its tile and deck counts beside it); the Market and the Building row side by side; the Temples
(1.1 times their own size); the Sphinx avenue in two rows of five; the Nile; then one panel per player (pieces and
supplies on the left, this Season's card row and the hand on the right).  Every word is at least 11 px when the
picture is shown 1000 px wide.

Pure: the same model always gives the same text (a copy of a picture already drawn in this process gets ids of
its own, see :func:`~tameri_kit.render.card_icons.svg_labels`).  The picture's ``<title>`` names it and its
``<desc>`` (:func:`~tameri_kit.render.board_words.board_words`) says who is where, in words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from ..rules.action_cards import ActionCard, Glyph
from ..rules.common import RESOURCES, Resource
from ..rules.offering import Stock
from ..rules.pyramid import Pyramid
from ..rules.readings import DEFAULT, Readings
from ..rules.temple_moves import TempleState
from .cards_svg import (
    FONT,
    MINI_H,
    MINI_W,
    ascii_only,
    back_group,
    card_group,
    cards_strip,
    glyph_badge,
    resource_token,
)
from .board_words import board_words, player_words, worker_places
from .card_icons import svg_labels, svg_text
from .card_icons import svg_number as _f
from .card_icons import svg_title as _title
from .pyramid_svg import pyramid_svg
from .temples_svg import player_colour, temples_svg

WIDTH = 1000
PANEL_FILL, PANEL_STROKE, INK, GREY = "#fbf7ee", "#c9b48a", "#222222", "#666666"
DASHED = ' stroke-dasharray="4 3"'


@dataclass(frozen=True)
class PlayerPicture:
    """One player's board as the viewer may see it.  ``None`` means hidden (the count beside it is public)."""

    name: str
    glyph: Glyph
    score: int
    reserve: Stock
    deben: int
    silt: int
    screen: Stock | None  # None: hidden from the viewer
    screen_count: int
    hand: tuple[ActionCard, ...] | None
    hand_count: int
    row: tuple  # Played (own or face-up cards) or None (someone else's face-down card)
    workers_free: int
    workers_locked: tuple[str, ...]  # the unlock reward of each locked Worker, e.g. "3 points"
    farmers: tuple[str, ...]
    merchant: int | None  # Market space, 1 = first
    builder: int | None  # Building space, 1 = bottom
    priests: int
    buildings: tuple[tuple[str, str], ...]  # (id, name)
    sphinxes: int
    priest_cards: tuple[int, ...] | None
    priest_count: int
    pending: str = ""  # a secret choice the viewer may see ("chosen 59")
    to_move: bool = False
    is_viewer: bool = False
    gifts: tuple[str, ...] | None = None  # gifts16: the Gifts of the Gods held (None: hidden from the viewer)
    gift_count: int = 0
    is_ghost: bool = False  # ghost16: the Ghost of the +1 Player Mode (it plays itself)


@dataclass(frozen=True)
class BoardPicture:
    """Everything the board picture shows, already filtered for the viewer (``viewer`` None: the full state)."""

    title: str
    viewer: str | None
    pyramid: Pyramid
    temples: TempleState
    weather_tile: int | None
    stalls: tuple[Resource, ...]  # the Market's spaces, space 1 first
    warehouse: Stock
    warehouse_limit: int
    merchants: tuple[tuple[int, str], ...]  # (Market space, player)
    building_row: tuple[tuple[str, str, str] | None, ...]  # space 1 (bottom) first: (id, name, cost) or None
    builders: tuple[tuple[int, str], ...]  # (Building space, player)
    building_deck: int
    sphinx: tuple[tuple[str, str, str | None] | None, ...]  # per space: (face, effect, owner) or None
    nile: tuple[tuple[ActionCard, Resource | None], ...]
    players: tuple[PlayerPicture, ...]
    decks: tuple[tuple[str, int], ...]
    priest_pile: int
    tiles_left: int
    turn_order: tuple[str, ...] = ()
    readings: Readings = DEFAULT


def _text(x: float, y: float, text: str, *, size: float = 13, anchor: str = "start", **style) -> str:
    """The board's text: the cards' :func:`svg_text`, 13 px and left-aligned unless told otherwise."""
    return svg_text(x, y, text, size=size, anchor=anchor, **style)


def _panel(x: float, y: float, w: float, h: float, heading: str, cls: str, tip: str = "") -> str:
    return (
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="8" fill="{PANEL_FILL}" '
        f'stroke="{PANEL_STROKE}" stroke-width="1.5">{_title(tip or heading)}</rect>'
        + _text(x + 10, y + 20, heading, size=15, weight="bold", cls=f"heading {cls}-heading")
    )


def _nested(svg: str, x: float, y: float, w: float, h: float) -> str:
    """Place a whole SVG document (from another render function) at ``(x, y)``, scaled into ``w`` x ``h``."""
    svg = re.sub(
        r'^<svg xmlns="http://www.w3.org/2000/svg"\s+width=("[^"]*"|\'[^\']*\')(\s+height="[^"]*")?',
        f'<svg x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" preserveAspectRatio="xMidYMin meet"',
        svg.strip(),
        count=1,
    )
    return svg


def _light(colour: str) -> bool:
    """Whether dark letters read better than white ones on this ``#rrggbb`` colour."""
    red, green, blue = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue > 150


def _disc(x: float, y: float, name: str, r: float = 12, note: str = "") -> str:
    fill = player_colour(name)
    ink = INK if _light(fill) else "#ffffff"
    return (
        f'<g class="worker" data-player="{escape(name)}">{_title(note or name)}'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{fill}" stroke="{INK}" stroke-width="1.5"/>'
        + _text(x, y + r * 0.36, name[:2], size=max(r * 0.9, 11), anchor="middle", weight="bold", fill=ink)
        + "</g>"
    )


def _stock_line(stock: Stock, x: float, y: float, *, size: float = 13, cls: str = "stock", step: float = 78) -> str:
    """Four resource tokens, each with its count and name: ``3 Barley  0 Papyrus ...``."""
    out = [f'<g class="{cls}">']
    for k, r in enumerate(RESOURCES):
        cx = x + k * step
        out.append(
            f'<g class="count count-{r.value}" data-resource="{r.value}" data-count="{stock[r]}">'
            + _title(f"{stock[r]} {r.label}")
            + resource_token(r, cx + 8, y - size * 0.35, size * 0.62)
            + _text(cx + 19, y, f"{stock[r]} {r.label}", size=size * 0.92)
            + "</g>"
        )
    out.append("</g>")
    return "".join(out)


# ----- the parts --------------------------------------------------------------------------------------------------
def _market(m: BoardPicture, x: float, y: float, w: float) -> tuple[str, float]:
    h = 190
    out = [
        '<g class="market">',
        _panel(
            x,
            y,
            w,
            h,
            "Market",
            "market",
            "The Market: its stalls go round clockwise; a Merchant stands on a space between two stalls (Trade "
            "activates both); its warehouse holds resources",
        ),
    ]
    n = len(m.stalls)
    sw = (w - 34) / max(n, 1)  # room on the right for the last space, between the last stall and stall 1
    for k, r in enumerate(m.stalls, 1):
        sx = x + 10 + (k - 1) * sw
        out.append(
            f'<g class="stall" data-stall="{k}" data-resource="{r.value}">'
            + _title(f"Market stall {k}: {r.label}")
            + f'<rect x="{_f(sx + 2)}" y="{_f(y + 30)}" width="{_f(sw - 4)}" height="60" rx="6" fill="#ffffff" '
            f'stroke="{PANEL_STROKE}"/>'
            + _text(sx + 8, y + 46, f"stall {k}", size=11, fill=GREY)
            + resource_token(r, sx + 14, y + 60, 8)
            + _text(sx + 8, y + 83, r.label, size=12, weight="bold")
            + "</g>"
        )
    standing = dict(m.merchants)
    for k in range(1, n + 1):  # Market space k lies between stall k and stall k + 1 (space n: the last and stall 1)
        left, right = m.stalls[k - 1], m.stalls[k % n]
        between = f"Market space {k}, between stall {k} ({left.label}) and stall {k % n + 1} ({right.label})"
        cx, cy = x + 10 + k * sw, y + 101
        who = standing.get(k)
        out.append(
            f'<g class="merchant-space" data-space="{k}">'
            + _title(between + (f": {who}'s Merchant" if who else ": empty"))
            + f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="9" fill="#ffffff" stroke="{PANEL_STROKE}" '
            'stroke-dasharray="3 2"/>'
            + (_disc(cx, cy, who, 11, f"{who}'s Merchant on {between}") if who else "")
            + "</g>"
        )
    out.append(
        _text(x + w - 6, y + 126, "to stall 1", size=12, fill=GREY, anchor="end")
        + _text(x + 10, y + 126, "Merchant spaces lie between the stalls", size=12, fill=GREY)
    )
    out.append(
        _text(
            x + 10,
            y + 139,
            f"Warehouse (limit {m.warehouse_limit} of each at the end of a turn):",
            size=12.5,
            weight="bold",
        )
    )
    out.append(_stock_line(m.warehouse, x + 14, y + 160, size=13, cls="warehouse", step=(w - 20) / 4))
    out.append(
        _text(
            x + 10,
            y + 182,
            "Merchants: " + (", ".join(f"{name} on space {k}" for k, name in m.merchants) or "none yet"),
            size=12,
            fill=GREY,
        )
    )
    out.append("</g>")
    return "".join(out), h


def _buildings(m: BoardPicture, x: float, y: float, w: float, whole_text: bool = False) -> tuple[str, float]:
    h = 190
    out = [
        '<g class="building-row">',
        _panel(
            x, y, w, h, "Buildings", "buildings", "The five Building cards for sale; Builders stand on their spaces"
        ),
    ]
    out.append(_text(x + w - 10, y + 20, f"deck: {m.building_deck} cards", size=12, anchor="end", fill=GREY))
    sw = (w - 20) / len(m.building_row)
    for k, b in enumerate(m.building_row, 1):
        sx = x + 10 + (k - 1) * sw
        who = [name for space, name in m.builders if space == k]
        bid, name, cost = b if b else ("", "empty", "")
        out.append(
            f'<g class="building-space" data-space="{k}" data-building="{escape(bid)}">'
            + _title(
                f"Building space {k}{' (bottom)' if k == 1 else ''}: "
                + (f"{bid} {name}, costs {cost}" if b else "empty")
                + (f"; Builder of {', '.join(who)}" if who else "")
            )
            + f'<rect x="{_f(sx + 2)}" y="{_f(y + 30)}" width="{_f(sw - 4)}" height="150" rx="6" '
            f'fill="{"#ffffff" if b else "none"}" stroke="{PANEL_STROKE}"{"" if b else DASHED}/>'
            + _text(sx + 7, y + 46, f"space {k}" + (" \u2193" if k == 1 else ""), size=11, fill=GREY)
            + _text(sx + 8, y + 68, bid, size=18, weight="bold", cls="building-id")
        )
        for j, line in enumerate(_wrap(name, 11)[:3]):  # a word longer than the card is narrow ("Hieroglyphics")
            out.append(_text(sx + 7, y + 86 + j * 14, line, size=min(11.5, 11.5 * 11 / max(len(line), 1))))
        # whole_text: 12 letters of 11.5 units fit the card's width, every line kept; else 2 lines of 15 letters
        cost_lines = (_wrap(f"cost: {cost}", 12) if whole_text else _wrap(f"cost: {cost}", 15)[:2]) if cost else []
        lift, gap, size = (7 * max(0, len(cost_lines) - 2), 13, 11.5) if whole_text else (0, 14, 12)
        for j, line in enumerate(cost_lines):
            out.append(_text(sx + 7, y + 130 - lift + j * gap, line, size=size, fill=GREY))
        for j, name2 in enumerate(who):
            out.append(_disc(sx + 20 + j * 26, y + 162, name2, 11, f"{name2}'s Builder on space {k}"))
        out.append("</g>")
    out.append("</g>")
    return "".join(out), h


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])


def _sphinx(
    m: BoardPicture, x: float, y: float, w: float, cols: int = 2, whole_text: bool = False
) -> tuple[str, float]:
    n = len(m.sphinx)
    rows = -(-n // cols)
    sw = (w - 20) / cols
    if whole_text:  # every effect whole: letters of 11.5 units, the cells as tall as the longest effect needs
        size, gap = 11.5, 13.5
        wrapped = [_wrap(sp[1] if sp else "no tile", int((sw - 72) / 6.4)) for sp in m.sphinx]
        cell_h = float(_f(max(76, 30 + gap * max((len(lines) for lines in wrapped), default=0))))
    else:  # three lines of 12 units at most, the rest cut with an ellipsis
        size, gap = 12, 14
        wrapped = []
        for sp in m.sphinx:
            lines = _wrap(sp[1] if sp else "no tile", int((sw - 66) / 6.7))
            wrapped.append([line + ("\u2026" if j == 2 and len(lines) > 3 else "") for j, line in enumerate(lines[:3])])
        cell_h = 76.0
    h = 40 + rows * (cell_h + 6)
    out = [
        '<g class="sphinx-avenue">',
        _panel(
            x,
            y,
            w,
            h,
            "Sphinx avenue",
            "sphinx",
            "The ten Sphinx spaces: a Sphinx tile's face, and the Sphinx built there",
        ),
    ]
    for k, sp in enumerate(m.sphinx, 1):
        sx = x + 10 + ((k - 1) % cols) * sw
        sy = y + 32 + ((k - 1) // cols) * (cell_h + 6)
        face, effect, owner = sp if sp else ("", "no tile", None)
        tip = f"Sphinx space {k}: " + (f"tile {face}: {effect}" if face else "no tile")
        tip += f"; Sphinx of {owner}" if owner else ""
        out.append(
            f'<g class="sphinx-space" data-space="{k}" data-face="{escape(face)}"'
            f"{f' data-owner={quoteattr(owner)}' if owner else ''}>{_title(tip)}"
            f'<rect x="{_f(sx + 2)}" y="{_f(sy)}" width="{_f(sw - 4)}" height="{_f(cell_h)}" rx="6" '
            f'fill="{"#f3e6c4" if owner else "#ffffff"}" stroke="{PANEL_STROKE}"/>'
            + _text(sx + 8, sy + 15, f"space {k}", size=11, fill=GREY)
            + _text(sx + 10, sy + 42, face or "-", size=20, weight="bold", cls="sphinx-face")
        )
        for j, line in enumerate(wrapped[k - 1]):
            out.append(_text(sx + (62 if whole_text else 56), sy + 30 + j * gap, line, size=size, fill=GREY))
        if owner:
            out.append(_disc(sx + 24, sy + 60, owner, 11, f"{owner}'s Sphinx on space {k}"))
        out.append("</g>")
    out.append("</g>")
    return "".join(out), h


def _nile(m: BoardPicture, x: float, y: float, w: float) -> tuple[str, float]:
    h = 40 + MINI_H + 16
    out = [
        '<g class="nile">',
        _panel(
            x,
            y,
            w,
            h,
            "The Nile",
            "nile",
            "The Nile: after a turn a player takes one of these cards and the resource on it",
        ),
    ]
    if not m.nile:
        out.append(_text(x + 14, y + 50, "no card on the Nile", size=12, fill=GREY))
    step = min(MINI_W + 10, (w - 20) / max(len(m.nile), 1))
    for k, (card, res) in enumerate(m.nile):
        cx = x + 10 + k * step
        out.append(
            f'<g class="nile-card" data-number="{escape(card.label)}"'
            f"{f' data-extra={quoteattr(res.value)}' if res else ''}>" + card_group(card, cx, y + 32, mini=True)
        )
        if res:
            out.append(
                f'<g class="nile-resource">{_title(f"a {res.label} lies on card {card.label}")}'
                f'<circle cx="{_f(cx + MINI_W - 12)}" cy="{_f(y + 44)}" r="13" fill="#ffffff" stroke="{INK}"/>'
                + resource_token(res, cx + MINI_W - 12, y + 44, 8)
                + "</g>"
            )
        out.append("</g>")
    out.append("</g>")
    return "".join(out), h


def _player(p: PlayerPicture, x: float, y: float, w: float, whole_text: bool = False) -> tuple[str, float]:
    left_w = 330
    cards_x = x + left_w + 10
    hand_n = len(p.hand) if p.hand is not None else 0
    hand_h = MINI_H * _hand_scale(hand_n, w - left_w - 30) if p.hand else 0.45 * MINI_H
    h = max(70 + MINI_H + 26 + 8 + hand_h + 12, 360)
    who = p.name + (" (you)" if p.is_viewer else "") + (" \u2014 the Ghost, plays itself" if p.is_ghost else "")
    out = [
        f'<g class="player-board{" ghost" if p.is_ghost else ""}" data-player="{escape(p.name)}">',
        _panel(x, y, w, h, "", "player", f"{p.name}'s player board and supplies"),
    ]
    out.append(_disc(x + 22, y + 22, p.name, 13))
    out.append(_text(x + 42, y + 28, who, size=17, weight="bold", cls="player-name"))
    out.append(_text(x + 52 + len(who) * 10.5, y + 28, f"{p.score} points", size=15, weight="bold", cls="player-score"))
    if p.to_move:
        out.append(_text(x + w - 12, y + 26, "\u25b6 to decide", size=13, anchor="end", weight="bold", fill="#b03060"))
    # the left column: supplies and pieces
    lines: list[tuple[str, str, str]] = []
    ly = y + 62
    out.append(_text(x + 12, ly, "Reserve:", size=12, weight="bold"))
    out.append(_stock_line(p.reserve, x + 12, ly + 20, size=12, cls="reserve"))
    ly += 44
    out.append(
        f'<g class="deben-silt">{_title(f"{p.deben} Deben, {p.silt} Silt sphere(s) on the board")}'
        f'<circle cx="{_f(x + 20)}" cy="{_f(ly - 4)}" r="8" fill="#c9a227" stroke="#6b5310"/>'
        + _text(x + 20, ly, "D", size=11, anchor="middle", weight="bold")
        + _text(x + 32, ly, f"{p.deben} Deben", size=13, cls="deben")
        + f'<circle cx="{_f(x + 130)}" cy="{_f(ly - 4)}" r="8" fill="#8b5a2b" stroke="#333333"/>'
        + _text(x + 130, ly, "L", size=11, anchor="middle", weight="bold", fill="#ffffff")
        + _text(x + 142, ly, f"{p.silt} Silt", size=13, cls="silt")
        + "</g>"
    )
    ly += 24
    if p.screen is None:
        out.append(
            _text(x + 12, ly, f"Behind the screen: {p.screen_count} resource(s), hidden", size=12.5, cls="screen")
        )
    else:
        out.append(_text(x + 12, ly, f"Behind the screen ({p.screen_count}):", size=12.5, cls="screen"))
        ly += 20
        out.append(_stock_line(p.screen, x + 12, ly, size=12, cls="screen-stock"))
    ly += 24
    locked = ", ".join(p.workers_locked) or "none"
    lines.append(
        (
            f"Workers: {p.workers_free} free; {len(p.workers_locked)} locked",
            "workers",
            f"locked Workers unlock for: {locked}",
        )
    )
    where = worker_places(p.farmers, p.merchant, p.builder, p.priests)
    lines.append(("; ".join(where) or "no Worker placed yet", "placed", ""))
    lines.append(
        (
            "Buildings: " + (", ".join(f"{b}" for b, _ in p.buildings) or "none"),
            "buildings",
            "; ".join(f"{b} {n}" for b, n in p.buildings),
        )
    )
    lines.append((f"Sphinxes built: {p.sphinxes}", "sphinxes", ""))
    if p.priest_cards is None:
        lines.append((f"Priest cards: {p.priest_count} (hidden)", "priest-cards", ""))
    else:
        lines.append(("Priest cards: " + (", ".join(map(str, p.priest_cards)) or "none"), "priest-cards", ""))
    if p.gift_count:  # gifts16: shown like the Priest cards, only in games with Gifts
        shown = f"{p.gift_count} (hidden)" if p.gifts is None else ", ".join(p.gifts)
        lines.append((f"Gifts of the Gods: {shown}", "gifts", ""))
    if p.pending:
        lines.append((p.pending, "pending", "a choice not yet shown to the others"))
    for text, cls, tip in lines:
        for part in _wrap(text, 46):
            out.append(f'<g class="line {cls}">{_title(tip or text)}' + _text(x + 12, ly, part, size=12.5) + "</g>")
            ly += 18
    # the right side: this Season's row and the hand
    out.append(_text(cards_x, y + 62, "This Season's cards:", size=12.5, weight="bold"))
    out.append(
        f'<g class="board-glyph">{_title(f"the glyph on {p.name} board: {p.glyph.label}")}'
        + glyph_badge(p.glyph, cards_x + 22, y + 94, 36)
        + "</g>"
    )
    strip, _ = cards_strip(p.row, cards_x + 50, y + 70, mini=True, slots=4)
    out.append(f'<g class="card-row">{strip}</g>')
    hy = y + 70 + MINI_H + 26
    if p.hand is None:
        out.append(
            _text(cards_x, hy, f"Hand: {p.hand_count} card(s), hidden", size=12.5, weight="bold", cls="hand-hidden")
        )
        back_w = MINI_W * 0.45  # whole_text: side by side while they fit, no "face down" (the heading above says it)
        step = min(back_w + 6, (w - left_w - 40 - back_w) / max(p.hand_count - 1, 1)) if whole_text else 30
        backs = "".join(
            back_group(cards_x + 10 + k * step, hy + 8, mini=True, scale=0.45, words=not whole_text)
            for k in range(p.hand_count)
        )
        out.append(f'<g class="hand hidden">{backs}</g>')
    else:
        out.append(_text(cards_x, hy, f"Hand ({len(p.hand)}):", size=12.5, weight="bold"))
        scale = _hand_scale(len(p.hand), w - left_w - 30)
        strip, _ = cards_strip(p.hand, 0, 0, mini=True)
        out.append(f'<g class="hand" transform="translate({_f(cards_x)} {_f(hy + 8)}) scale({_f(scale)})">{strip}</g>')
    out.append("</g>")
    return "".join(out), h


def _hand_scale(n: int, room: float) -> float:
    return 1.0 if n == 0 else min(1.0, room / (n * (MINI_W + 8)))


# ----- the whole board ----------------------------------------------------------------------------------------------
def board_svg(
    model: BoardPicture, *, width: int | str | None = "100%", players: bool = True, whole_text: bool = False
) -> str:
    """Draw the whole board from a :class:`BoardPicture` as one SVG document.

    ``width``: the displayed width (default ``"100%"`` of the output area; the drawing is 1000 units wide, so it is
    drawn 1:1 in a 1000 px area).  ``players=False`` leaves out the player panels (the shared board only: it shows
    nothing hidden, so it names no viewer).  ``whole_text=True`` cuts no words: a Building's whole cost, every Sphinx
    effect whole (the cells grow), the backs of a hidden hand side by side (the shared page draws it so; the lessons'
    committed pictures keep the older drawing until they are executed again).
    """
    parts, y = [], 0.0
    parts.append(_text(8, 22, model.title, size=16, weight="bold", cls="board-title"))
    seen = (
        "the shared board: every seat sees the same (the players' boards are apart)"
        if not players
        else f"seen by {model.viewer}: other players' hands, screens and face-down cards hidden"
        if model.viewer
        else "the full state (everything, hidden or not)"
    )
    parts.append(_text(8, 42, seen, size=12.5, fill=GREY, cls="board-viewer"))
    y = 52
    # the pyramid (with the Farmers on its fields), and beside it the Market and the Building row
    farmers: dict[str, list[str]] = {}
    for p in model.players:
        for field in p.farmers:
            farmers.setdefault(field, []).append(p.name)
    # the pyramid is drawn 1.11 times its own size, so its smallest words (10 units) read at 11 px
    pyr_w = 800
    pyr_h = pyr_w * 770 / 720
    tile = f"Weather tile {model.weather_tile}" if model.weather_tile else "no Weather tile revealed"
    parts.append(
        f'<g class="pyramid-part">'
        f"{_nested(pyramid_svg(model.pyramid, readings=model.readings, width=pyr_w, farmers=farmers), 0, y, pyr_w, pyr_h)}"
        + "</g>"
    )
    side_x = pyr_w + 6
    decks = ", ".join(f"{d}: {n}" for d, n in model.decks if n)
    info = [
        tile + f"; {model.tiles_left} tile(s) left.",
        f"Cards left in the decks: {decks or 'none'}.",
        f"Priest cards left: {model.priest_pile}.",
    ]
    if model.turn_order:
        info.append("Turn order: " + ", ".join(model.turn_order) + ".")
    iy = y + 24
    for k, line in enumerate(info):
        for part in _wrap(line, 25):
            parts.append(
                _text(side_x, iy, part, size=12.5, fill=INK if k == 0 else GREY, cls="tile" if k == 0 else "decks")
            )
            iy += 17
        iy += 6
    y += pyr_h + 10
    # the Market and the Building row side by side
    half = (WIDTH - 10) / 2
    svg_m, hm = _market(model, 0, y, half)
    svg_b, hb = _buildings(model, half + 10, y, half, whole_text)
    parts += [svg_m, svg_b]
    y += max(hm, hb) + 10
    # the Temples 1.1 times their own size (their smallest words are 10 units), and beside them the Sphinx avenue
    t_svg = temples_svg(model.temples)
    size = re.search(r'viewBox="0 0 (\d+) (\d+)"', t_svg)
    t_w, t_h = float(size.group(1)) * 1.1, float(size.group(2)) * 1.1
    parts.append(
        f'<g class="temples-part">'
        f'<rect x="0" y="{_f(y)}" width="{_f(WIDTH)}" height="{_f(t_h + 30)}" rx="8" fill="#ffffff" '
        f'stroke="{PANEL_STROKE}" stroke-width="1.5"/>'
        + _text(10, y + 20, "Temples", size=15, weight="bold", cls="heading temples-heading")
        + _nested(t_svg, 0, y + 24, t_w, t_h)
        + "</g>"
    )
    y += t_h + 40
    svg_s, hs = _sphinx(model, 0, y, WIDTH, cols=5, whole_text=whole_text)
    parts.append(svg_s)
    y += hs + 10
    svg, h = _nile(model, 0, y, WIDTH)
    parts.append(svg)
    y += h + 10
    if players:
        for p in model.players:
            svg, h = _player(p, 0, y, WIDTH, whole_text)
            parts.append(svg)
            y += h + 10
    label = model.title + (f" (seen by {model.viewer})" if model.viewer and players else "")
    size = f"width={quoteattr(str(width))}" if width is not None else f'width="{WIDTH}" height="{_f(y)}"'
    attrs, words = svg_labels(label, board_words(model, players=players))
    return ascii_only(
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="0 0 {WIDTH} {_f(y)}"{attrs} '
        f'font-family="{FONT}" fill="{INK}" class="tameri-board" '
        f'style="max-width:{WIDTH}px">{words}{"".join(parts)}</svg>'
    )


def player_svg(player: PlayerPicture, *, width: int | str | None = "100%", whole_text: bool = False) -> str:
    """One player's panel (board, supplies, row and hand) as an SVG document (``whole_text``: as
    :func:`board_svg`)."""
    body, h = _player(player, 0, 0, WIDTH, whole_text)
    size = f"width={quoteattr(str(width))}" if width is not None else f'width="{WIDTH}" height="{_f(h)}"'
    attrs, words = svg_labels(f"{player.name}'s player board", player_words(player))
    return ascii_only(
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="0 0 {WIDTH} {_f(h)}"{attrs} '
        f'font-family="{FONT}" fill="{INK}" class="tameri-player" '
        f'style="max-width:{WIDTH}px">{words}{body}</svg>'
    )


__all__ = ["BoardPicture", "PlayerPicture", "board_svg", "player_svg", "worker_places"]
