"""The parts of the board picture, each drawn at a given place and width: the Market, the Building row, the Sphinx
avenue and the Nile, and the small pieces every part uses (a panel, a line of words, a player's disc, a line of
resource tokens, a picture placed inside another).

Rulebook: Components and Game Setup (the Market with its stalls and warehouse, the row of five Building cards, the
avenue of ten Sphinx spaces, the Nile); Phase 4, step 3 (the Nile's cards and the resources on them); Phase 4, step
4 (the warehouse limit).

Each part is a function ``(model, x, y, w, ...) -> (svg, height)``: the same part serves the board 1000 units wide
(:mod:`tameri_kit.render.board_svg`) and the narrow board of a phone (:mod:`tameri_kit.render.board_narrow`).  Every
word is at least 11 units.  Pure: the same model gives the same text.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

from ..rules.common import RESOURCES
from ..rules.offering import Stock
from .board_model import BoardPicture
from .card_icons import svg_number as _f
from .card_icons import svg_text
from .card_icons import svg_title as _title
from .cards_svg import MINI_H, MINI_W, card_group, resource_token
from .temples_svg import player_colour

WIDTH = 1000
PANEL_FILL, PANEL_STROKE, INK, GREY = "#fbf7ee", "#c9b48a", "#222222", "#666666"
DASHED = ' stroke-dasharray="4 3"'


def board_text(x: float, y: float, text: str, *, size: float = 13, anchor: str = "start", **style) -> str:
    """The board's text: the cards' :func:`svg_text`, 13 px and left-aligned unless told otherwise."""
    return svg_text(x, y, text, size=size, anchor=anchor, **style)


def panel(x: float, y: float, w: float, h: float, heading: str, cls: str, tip: str = "") -> str:
    return (
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="8" fill="{PANEL_FILL}" '
        f'stroke="{PANEL_STROKE}" stroke-width="1.5">{_title(tip or heading)}</rect>'
        + board_text(x + 10, y + 20, heading, size=15, weight="bold", cls=f"heading {cls}-heading")
    )


def nested_svg(svg: str, x: float, y: float, w: float, h: float) -> str:
    """Place a whole SVG document (from another render function) at ``(x, y)``, scaled into ``w`` x ``h``."""
    svg = re.sub(
        r'^<svg xmlns="http://www.w3.org/2000/svg"\s+width=("[^"]*"|\'[^\']*\')(\s+height="[^"]*")?',
        f'<svg x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" preserveAspectRatio="xMidYMin meet"',
        svg.strip(),
        count=1,
    )
    return svg


def is_light(colour: str) -> bool:
    """Whether dark letters read better than white ones on this ``#rrggbb`` colour."""
    red, green, blue = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue > 150


def disc(x: float, y: float, name: str, r: float = 12, note: str = "") -> str:
    fill = player_colour(name)
    ink = INK if is_light(fill) else "#ffffff"
    return (
        f'<g class="worker" data-player="{escape(name)}">{_title(note or name)}'
        f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{fill}" stroke="{INK}" stroke-width="1.5"/>'
        + board_text(x, y + r * 0.36, name[:2], size=max(r * 0.9, 11), anchor="middle", weight="bold", fill=ink)
        + "</g>"
    )


def stock_line(stock: Stock, x: float, y: float, *, size: float = 13, cls: str = "stock", step: float = 78) -> str:
    """Four resource tokens, each with its count and name: ``3 Barley  0 Papyrus ...``."""
    out = [f'<g class="{cls}">']
    for k, r in enumerate(RESOURCES):
        cx = x + k * step
        out.append(
            f'<g class="count count-{r.value}" data-resource="{r.value}" data-count="{stock[r]}">'
            + _title(f"{stock[r]} {r.label}")
            + resource_token(r, cx + 8, y - size * 0.35, size * 0.62)
            + board_text(cx + 19, y, f"{stock[r]} {r.label}", size=size * 0.92)
            + "</g>"
        )
    out.append("</g>")
    return "".join(out)


# ----- the parts --------------------------------------------------------------------------------------------------
def market_part(m: BoardPicture, x: float, y: float, w: float) -> tuple[str, float]:
    h = 190
    out = [
        '<g class="market">',
        panel(
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
            + board_text(sx + 8, y + 46, f"stall {k}", size=11, fill=GREY)
            + resource_token(r, sx + 14, y + 60, 8)
            + board_text(sx + 8, y + 83, r.label, size=12, weight="bold")
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
            + (disc(cx, cy, who, 11, f"{who}'s Merchant on {between}") if who else "")
            + "</g>"
        )
    out.append(
        board_text(x + w - 6, y + 126, "to stall 1", size=12, fill=GREY, anchor="end")
        + board_text(x + 10, y + 126, "Merchant spaces lie between the stalls", size=12, fill=GREY)
    )
    out.append(
        board_text(
            x + 10,
            y + 139,
            f"Warehouse (limit {m.warehouse_limit} of each at the end of a turn):"
            if w >= 480
            else f"Warehouse (limit {m.warehouse_limit} each, end of a turn):",
            size=12.5,
            weight="bold",
        )
    )
    out.append(stock_line(m.warehouse, x + 14, y + 160, size=13, cls="warehouse", step=(w - 20) / 4))
    out.append(
        board_text(
            x + 10,
            y + 182,
            "Merchants: " + (", ".join(f"{name} on space {k}" for k, name in m.merchants) or "none yet"),
            size=12,
            fill=GREY,
        )
    )
    out.append("</g>")
    return "".join(out), h


def buildings_part(m: BoardPicture, x: float, y: float, w: float, whole_text: bool = False) -> tuple[str, float]:
    h = 190
    out = [
        '<g class="building-row">',
        panel(x, y, w, h, "Buildings", "buildings", "The five Building cards for sale; Builders stand on their spaces"),
    ]
    out.append(board_text(x + w - 10, y + 20, f"deck: {m.building_deck} cards", size=12, anchor="end", fill=GREY))
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
            + board_text(sx + 7, y + 46, f"space {k}" + (" \u2193" if k == 1 else ""), size=11, fill=GREY)
            + board_text(sx + 8, y + 68, bid, size=18, weight="bold", cls="building-id")
        )
        for j, line in enumerate(wrap_words(name, 11)[:3]):  # a word longer than the card is narrow ("Hieroglyphics")
            out.append(board_text(sx + 7, y + 86 + j * 14, line, size=min(11.5, 11.5 * 11 / max(len(line), 1))))
        # whole_text: 12 letters of 11.5 units fit the card's width, every line kept; else 2 lines of 15 letters
        cost_lines = (
            (wrap_words(f"cost: {cost}", 12) if whole_text else wrap_words(f"cost: {cost}", 15)[:2]) if cost else []
        )
        lift, gap, size = (7 * max(0, len(cost_lines) - 2), 13, 11.5) if whole_text else (0, 14, 12)
        for j, line in enumerate(cost_lines):
            out.append(board_text(sx + 7, y + 130 - lift + j * gap, line, size=size, fill=GREY))
        for j, name2 in enumerate(who):
            out.append(disc(sx + 20 + j * 26, y + 162, name2, 11, f"{name2}'s Builder on space {k}"))
        out.append("</g>")
    out.append("</g>")
    return "".join(out), h


def wrap_words(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return lines + ([line] if line else [])


def sphinx_part(
    m: BoardPicture, x: float, y: float, w: float, cols: int = 2, whole_text: bool = False
) -> tuple[str, float]:
    n = len(m.sphinx)
    rows = -(-n // cols)
    sw = (w - 20) / cols
    if whole_text:  # every effect whole: letters of 11.5 units, the cells as tall as the longest effect needs
        size, gap = 11.5, 13.5
        wrapped = [wrap_words(sp[1] if sp else "no tile", int((sw - 72) / 6.4)) for sp in m.sphinx]
        cell_h = float(_f(max(76, 30 + gap * max((len(lines) for lines in wrapped), default=0))))
    else:  # three lines of 12 units at most, the rest cut with an ellipsis
        size, gap = 12, 14
        wrapped = []
        for sp in m.sphinx:
            lines = wrap_words(sp[1] if sp else "no tile", int((sw - 66) / 6.7))
            wrapped.append([line + ("\u2026" if j == 2 and len(lines) > 3 else "") for j, line in enumerate(lines[:3])])
        cell_h = 76.0
    h = 40 + rows * (cell_h + 6)
    out = [
        '<g class="sphinx-avenue">',
        panel(
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
            + board_text(sx + 8, sy + 15, f"space {k}", size=11, fill=GREY)
            + board_text(sx + 10, sy + 42, face or "-", size=20, weight="bold", cls="sphinx-face")
        )
        for j, line in enumerate(wrapped[k - 1]):
            out.append(board_text(sx + (62 if whole_text else 56), sy + 30 + j * gap, line, size=size, fill=GREY))
        if owner:
            out.append(disc(sx + 24, sy + 60, owner, 11, f"{owner}'s Sphinx on space {k}"))
        out.append("</g>")
    out.append("</g>")
    return "".join(out), h


def nile_part(m: BoardPicture, x: float, y: float, w: float) -> tuple[str, float]:
    h = 40 + MINI_H + 16
    out = [
        '<g class="nile">',
        panel(
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
        out.append(board_text(x + 14, y + 50, "no card on the Nile", size=12, fill=GREY))
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


__all__ = [
    "DASHED",
    "GREY",
    "INK",
    "PANEL_FILL",
    "PANEL_STROKE",
    "WIDTH",
    "board_text",
    "buildings_part",
    "disc",
    "is_light",
    "market_part",
    "nested_svg",
    "nile_part",
    "panel",
    "sphinx_part",
    "stock_line",
    "wrap_words",
]
