"""The board drawn for a phone: the same parts as :func:`~tameri_kit.render.board_svg.board_svg`, stacked in one
column :data:`NARROW_WIDTH` units wide, every word at least :data:`NARROW_MIN_WORD` units.

Rulebook: as :mod:`tameri_kit.render.board_svg` (Components and Game Setup: what lies where; the Secret information
of Season 0, Phase 2, Phase 3, Offering and Priest Cards: the model is already filtered for its viewer).

Why a second layout: the board is 1000 units wide, so on a phone (a 390 px screen leaves about 360 px for it) its
words are 4-5 px.  Shown 360 px wide, this one draws its words at 11 px and more, and nothing scrolls sideways.

Layout, top to bottom (each part a ``<g class="part ...">`` drawn at its own origin and moved down into place, so a
part that did not change is the same text from one step to the next): the title; the Weather tile, the decks and the
turn order in words; the Great Pyramid (the supply, then each side on its own - :func:`~tameri_kit.render.pyramid_svg.pyramid_side`,
turned so its words run left to right - 1.1 times its size); the Market; the Building row as a list, one space a
line; the Temples, each track cut out of :func:`~tameri_kit.render.temples_svg.temples_svg` 1.1 times its size, two
side by side; the Sphinx avenue in two columns; the Nile's cards two by two (1.24 times a board card, whose
smallest words are 9 units); then, with ``players``, one panel per player (:func:`narrow_player_svg` alone).

Pure: the same model gives the same text.  The ``<title>`` and ``<desc>`` are the wide board's
(:func:`~tameri_kit.render.board_words.board_words`).
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

from ..data.board import load_map
from ..data.temples_and_priests import TEMPLES
from ..rules.common import RAMPS
from .board_model import BoardPicture, PlayerPicture
from .board_parts import (
    DASHED,
    GREY,
    INK,
    PANEL_STROKE,
    board_text,
    disc,
    market_part,
    panel,
    sphinx_part,
    stock_line,
    wrap_words,
)
from .board_words import board_words, player_words, worker_places
from .card_icons import svg_labels
from .card_icons import svg_number as _f
from .card_icons import svg_title as _title
from .cards_svg import FONT, MINI_H, MINI_W, ascii_only, back_group, card_group, cards_strip, glyph_badge
from .pyramid_svg import SIDE_BOX, SUPPLY_BOX, pyramid_notes, pyramid_side, supply_group
from .temples_svg import COL_W, LEFT, TOP, TRACK_W, illustrative_tracks, temples_svg, tracks_note

#: The narrow board's width in drawing units: shown 360 px wide, a unit is a pixel.
NARROW_WIDTH = 360
#: The smallest word of the narrow board, in drawing units.
NARROW_MIN_WORD = 11
#: How much larger than on the wide board: the pyramid's sides and the Temples (words of 10 units), the cards
#: (words of 9 units).
SIDE_SCALE, TEMPLE_SCALE, CARD_SCALE = 1.1, 1.1, 1.24
#: Between two parts.
GAP = 10


def _lines(text: str, width: int) -> list[str]:
    return wrap_words(text, width) or [""]


def _words(
    x: float, y: float, text: str, width: int, *, size: float = 12.5, gap: float = 17, **style
) -> tuple[str, float]:
    """``text`` wrapped at ``width`` letters from ``(x, y)``; returns the text and the height it took."""
    out = []
    for k, line in enumerate(_lines(text, width)):
        out.append(board_text(x, y + k * gap, line, size=size, **style))
    return "".join(out), len(out) * gap


def _placed(inner: str, x: float, y: float, scale: float = 1.0, box: tuple = (0, 0)) -> str:
    """``inner`` (drawn in its own units, ``box`` its top-left corner there) moved to ``(x, y)`` and scaled."""
    move = f"translate({_f(x)} {_f(y)})" + (f" scale({scale:.2f})" if scale != 1 else "")  # 1.24, not 1.2
    if box != (0, 0):
        move += f" translate({_f(-box[0])} {_f(-box[1])})"
    return f'<g transform="{move}">{inner}</g>'


def _crop(svg: str, x: float, y: float, w: float, h: float, view: tuple[float, float, float, float]) -> str:
    """A whole SVG document placed at ``(x, y)`` as ``w`` x ``h``, showing only the window ``view`` of it."""
    svg = re.sub(
        r'^<svg xmlns="http://www.w3.org/2000/svg"\s+width="[^"]*"\s+height="[^"]*"\s+viewBox="[^"]*"',
        f'<svg x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" viewBox="{" ".join(_f(v) for v in view)}"',
        svg.strip(),
        count=1,
    )
    return svg


# ----- the parts --------------------------------------------------------------------------------------------------
def _info(m: BoardPicture, w: float) -> tuple[str, float]:
    """The Weather tile, the decks, the Priest cards and the turn order, in words (the wide board writes them beside
    the pyramid)."""
    tile = f"Weather tile {m.weather_tile}" if m.weather_tile else "no Weather tile revealed"
    decks = ", ".join(f"{d}: {n}" for d, n in m.decks if n)
    lines = [
        tile + f"; {m.tiles_left} tile(s) left.",
        f"Cards left in the decks: {decks or 'none'}.",
        f"Priest cards left: {m.priest_pile}.",
    ] + (["Turn order: " + ", ".join(m.turn_order) + "."] if m.turn_order else [])
    out, y = ['<g class="tiles-decks">'], 4.0
    for k, line in enumerate(lines):
        text, h = _words(4, y + 12, line, 50, fill=INK if k == 0 else GREY, cls="tile" if k == 0 else "decks")
        out.append(text)
        y += h + 2
    out.append("</g>")
    return "".join(out), y


def _pyramid(m: BoardPicture, w: float) -> tuple[str, float]:
    farmers: dict[str, list[str]] = {}
    for p in m.players:
        for field in p.farmers:
            farmers.setdefault(field, []).append(p.name)
    out, y = [], 30.0
    sx, sy, _sw, sh = SUPPLY_BOX
    out.append(_placed(supply_group(m.pyramid), 6, y, SIDE_SCALE, (sx, sy)))
    y += sh * SIDE_SCALE + 6
    bx, by, bw, bh = SIDE_BOX
    for ramp in RAMPS:
        out.append(board_text(10, y + 14, f"{ramp.label} side: its ramp, river and fields", size=13, weight="bold"))
        y += 20
        side = pyramid_side(m.pyramid, ramp, readings=m.readings, farmers=farmers)
        out.append(_placed(side, (w - bw * SIDE_SCALE) / 2, y, SIDE_SCALE, (bx, by)))
        y += bh * SIDE_SCALE + 4
    for line in _pyramid_notes(m):
        out.append(board_text(10, y + 12, line, size=11.5, fill=GREY))
        y += 15
    body = (
        '<g class="pyramid-part">'
        + panel(0, 0, w, y + 8, "The Great Pyramid", "pyramid", "The Great Pyramid: its four ramps, rivers and fields")
        + "".join(out)
        + "</g>"
    )
    return body, y + 8


def _pyramid_notes(m: BoardPicture) -> list[str]:
    return [part for line in pyramid_notes(load_map(), m.readings) for part in _lines(line, 52)]


def _buildings(m: BoardPicture, w: float) -> tuple[str, float]:
    """The Building row as a list: one space a line (its id large, its name and whole cost beside it)."""
    out = ['<g class="building-row">']
    y = 30.0
    rows = []
    for k, b in enumerate(m.building_row, 1):
        who = [name for space, name in m.builders if space == k]
        bid, name, cost = b if b else ("", "empty", "")
        words = _lines(name, 24) + (_lines(f"cost: {cost}", 34) if cost else [])
        h = max(44, 22 + 15 * len(words))
        rows.append(
            f'<g class="building-space" data-space="{k}" data-building="{escape(bid)}">'
            + _title(
                f"Building space {k}{' (bottom)' if k == 1 else ''}: "
                + (f"{bid} {name}, costs {cost}" if b else "empty")
                + (f"; Builder of {', '.join(who)}" if who else "")
            )
            + f'<rect x="10" y="{_f(y)}" width="{_f(w - 20)}" height="{_f(h)}" rx="6" '
            f'fill="{"#ffffff" if b else "none"}" stroke="{PANEL_STROKE}"{"" if b else DASHED}/>'
            + board_text(16, y + 15, f"space {k}" + (" \u2193" if k == 1 else ""), size=11, fill=GREY)
            + board_text(16, y + 36, bid, size=18, weight="bold", cls="building-id")
            + "".join(
                board_text(92, y + 16 + j * 15, line, size=12, fill=INK if j < len(_lines(name, 24)) else GREY)
                for j, line in enumerate(words)
            )
            + "".join(
                disc(w - 30 - j * 26, y + h - 15, who_name, 11, f"{who_name}'s Builder on space {k}")
                for j, who_name in enumerate(who)
            )
            + "</g>"
        )
        y += h + 4
    out.insert(
        1,
        panel(
            0, 0, w, y + 4, "Buildings", "buildings", "The five Building cards for sale; Builders stand on their spaces"
        ),
    )
    out.append(board_text(w - 10, 20, f"deck: {m.building_deck} cards", size=12, anchor="end", fill=GREY))
    out += rows
    out.append("</g>")
    return "".join(out), y + 4


def _temples(m: BoardPicture, w: float) -> tuple[str, float]:
    """Each Temple's track on its own (:func:`~tameri_kit.render.temples_svg.temples_svg` with ``only``), 1.1 times
    its size, two side by side."""
    out = ['<g class="temples-part">']
    cell_w = cell_h = 0.0
    for k, temple in enumerate(TEMPLES):
        svg = temples_svg(m.temples, only=temple)
        height = float(re.search(r'viewBox="0 0 [\d.]+ ([\d.]+)"', svg).group(1))
        base = height - 58  # the bottom edge of every track (temples_svg leaves 58 units under it for its notes)
        top = TOP - 38
        view = (LEFT + k * COL_W - 4, top, TRACK_W + 8, base + 4 - top)
        cell_w, cell_h = view[2] * TEMPLE_SCALE, view[3] * TEMPLE_SCALE
        x = 10 + (k % 2) * (cell_w + 12)
        y = 30 + (k // 2) * (cell_h + 8)
        out.append(
            f'<g class="temple-track" data-temple="{temple.value}">' + _crop(svg, x, y, cell_w, cell_h, view) + "</g>"
        )
    note = tracks_note(illustrative_tracks(m.temples.board))
    for k, line in enumerate(_lines(note, 20)):
        out.append(board_text(10 + cell_w + 12, 30 + cell_h + 26 + k * 15, line, size=11.5, fill=GREY))
    h = 30 + 2 * cell_h + 8 + 10
    out.insert(1, panel(0, 0, w, h, "Temples", "temples", "The three Temples: Amun, Ra and Ptah"))
    out.append("</g>")
    return "".join(out), h


#: The "face down" band of a player's own face-down board card (cards_svg: words of 8.1 units), and the same band
#: with words of 8.9 units, 11 once the card is drawn 1.24 times its size.
SMALL_BAND = (
    '<rect x="4" y="4" width="53.6" height="12.2" rx="3" fill="#5b3b1e"/>'
    '<text x="7" y="12.2" font-size="8.1" fill="#f3e2c0" font-weight="bold">face down</text>'
)
LARGE_BAND = (
    '<rect x="4" y="4" width="60" height="13.5" rx="3" fill="#5b3b1e"/>'
    '<text x="7" y="13.4" font-size="8.9" fill="#f3e2c0" font-weight="bold">face down</text>'
)


def _card_rows(items: list, x: float, y: float, slots: int = 0) -> tuple[str, float]:
    """Cards (or their backs, or empty slots up to ``slots``) two by two from ``(x, y)``, 1.24 times a board card."""
    out, count = [], max(len(items), slots)
    for row in range(0, count, 2):
        strip, _ = cards_strip(items[row : row + 2], 0, 0, mini=True, slots=min(2, max(0, slots - row)), gap=2)
        strip = strip.replace(SMALL_BAND, LARGE_BAND)
        out.append(_placed(strip, x, y + (row // 2) * (MINI_H * CARD_SCALE + 8), CARD_SCALE))
    rows = -(-count // 2)
    return "".join(out), rows * (MINI_H * CARD_SCALE + 8)


def _nile(m: BoardPicture, w: float) -> tuple[str, float]:
    out = ['<g class="nile">']
    y = 30.0
    if not m.nile:
        out.append(board_text(14, y + 18, "no card on the Nile", size=12, fill=GREY))
        y += 30
    step = (MINI_W + 2) * CARD_SCALE
    for k, (card, res) in enumerate(m.nile):
        cx, cy = 2 + (k % 2) * step, y + (k // 2) * (MINI_H * CARD_SCALE + 8)
        inner = card_group(card, 0, 0, mini=True)
        if res:
            inner += (
                f'<g class="nile-resource">{_title(f"a {res.label} lies on card {card.label}")}'
                f'<circle cx="{_f(MINI_W - 12)}" cy="12" r="13" fill="#ffffff" stroke="{INK}"/>'
                + _resource(res)
                + "</g>"
            )
        out.append(
            f'<g class="nile-card" data-number="{escape(card.label)}"'
            f"{f' data-extra={quoteattr(res.value)}' if res else ''}>" + _placed(inner, cx, cy, CARD_SCALE) + "</g>"
        )
    y += -(-len(m.nile) // 2) * (MINI_H * CARD_SCALE + 8)
    out.insert(
        1,
        panel(
            0,
            0,
            w,
            y + 4,
            "The Nile",
            "nile",
            "The Nile: after a turn a player takes one of these cards and the resource on it",
        ),
    )
    out.append("</g>")
    return "".join(out), y + 4


def _resource(res) -> str:
    from .cards_svg import resource_token

    return resource_token(res, MINI_W - 12, 12, 8)


def narrow_player_part(p: PlayerPicture, w: float = NARROW_WIDTH) -> tuple[str, float]:
    """One player's panel for a phone: the name and score, the supplies and pieces, this Season's cards and the hand,
    one under the other.  Returns the ``<g>`` (drawn at the origin) and its height."""
    out = [f'<g class="player-board{" ghost" if p.is_ghost else ""}" data-player="{escape(p.name)}">']
    who = p.name + (" (you)" if p.is_viewer else "") + (" \u2014 the Ghost, plays itself" if p.is_ghost else "")
    out.append(disc(22, 22, p.name, 13))
    longest = max(len(word) for word in who.split())  # a long name is one word (the name rule): drawn smaller
    size = min(17.0, 300 / (0.72 * longest))
    names, h = _words(42, 28, who, 28, size=size, gap=21, weight="bold", cls="player-name")
    out.append(names)
    y = 28 + h
    out.append(board_text(12, y + 2, f"{p.score} points", size=15, weight="bold", cls="player-score"))
    if p.to_move:
        out.append(board_text(w - 12, y + 2, "\u25b6 to decide", size=13, anchor="end", weight="bold", fill="#b03060"))
    y += 28
    out.append(board_text(12, y, "Reserve:", size=12, weight="bold"))
    out.append(stock_line(p.reserve, 12, y + 20, size=12, cls="reserve", step=84))
    y += 44
    out.append(
        f'<g class="deben-silt">{_title(f"{p.deben} Deben, {p.silt} Silt sphere(s) on the board")}'
        f'<circle cx="20" cy="{_f(y - 4)}" r="8" fill="#c9a227" stroke="#6b5310"/>'
        + board_text(20, y, "D", size=11, anchor="middle", weight="bold")
        + board_text(32, y, f"{p.deben} Deben", size=13, cls="deben")
        + f'<circle cx="130" cy="{_f(y - 4)}" r="8" fill="#8b5a2b" stroke="#333333"/>'
        + board_text(130, y, "L", size=11, anchor="middle", weight="bold", fill="#ffffff")
        + board_text(142, y, f"{p.silt} Silt", size=13, cls="silt")
        + "</g>"
    )
    y += 24
    if p.screen is None:
        text, h = _words(12, y, f"Behind the screen: {p.screen_count} resource(s), hidden", 46, cls="screen")
        out.append(text)
        y += h + 6
    else:
        out.append(board_text(12, y, f"Behind the screen ({p.screen_count}):", size=12.5, cls="screen"))
        out.append(stock_line(p.screen, 12, y + 20, size=12, cls="screen-stock", step=84))
        y += 44
    locked = ", ".join(p.workers_locked) or "none"
    lines = [
        (
            f"Workers: {p.workers_free} free; {len(p.workers_locked)} locked",
            "workers",
            f"locked Workers unlock for: {locked}",
        ),
        ("; ".join(worker_places(p.farmers, p.merchant, p.builder, p.priests)) or "no Worker placed yet", "placed", ""),
        (
            "Buildings: " + (", ".join(b for b, _ in p.buildings) or "none"),
            "buildings",
            "; ".join(f"{b} {n}" for b, n in p.buildings),
        ),
        (f"Sphinxes built: {p.sphinxes}", "sphinxes", ""),
        (
            f"Priest cards: {p.priest_count} (hidden)"
            if p.priest_cards is None
            else "Priest cards: " + (", ".join(map(str, p.priest_cards)) or "none"),
            "priest-cards",
            "",
        ),
    ]
    if p.gift_count:
        shown = f"{p.gift_count} (hidden)" if p.gifts is None else ", ".join(p.gifts)
        lines.append((f"Gifts of the Gods: {shown}", "gifts", ""))
    if p.pending:
        lines.append((p.pending, "pending", "a choice not yet shown to the others"))
    for text, cls, tip in lines:
        for part in _lines(text, 46):
            out.append(f'<g class="line {cls}">{_title(tip or text)}' + board_text(12, y, part, size=12.5) + "</g>")
            y += 18
    y += 8
    out.append(board_text(12, y, "This Season's cards:", size=12.5, weight="bold"))
    out.append(
        f'<g class="board-glyph">{_title(f"the glyph on {p.name} board: {p.glyph.label}")}'
        + board_text(w - 60, y, "board:", size=11, anchor="end", fill=GREY)
        + glyph_badge(p.glyph, w - 36, y - 4, 36)
        + "</g>"
    )
    y += 36  # below the badge and its name
    strip, h = _card_rows(list(p.row), 2, y, slots=4)
    out.append(f'<g class="card-row">{strip}</g>')
    y += h + 12
    if p.hand is None:
        out.append(
            board_text(12, y, f"Hand: {p.hand_count} card(s), hidden", size=12.5, weight="bold", cls="hand-hidden")
        )
        back_w, back_h = MINI_W * 0.45, MINI_H * 0.45
        per_row = max(1, int((w - 20 + 6) // (back_w + 6)))
        backs = "".join(
            back_group(
                10 + (k % per_row) * (back_w + 6),
                y + 8 + (k // per_row) * (back_h + 6),
                mini=True,
                scale=0.45,
                words=False,
            )
            for k in range(p.hand_count)
        )
        out.append(f'<g class="hand hidden">{backs}</g>')
        y += 8 + -(-p.hand_count // per_row) * (back_h + 6) + 8
    else:
        out.append(board_text(12, y, f"Hand ({len(p.hand)}):", size=12.5, weight="bold"))
        strip, h = _card_rows(list(p.hand), 2, y + 8)
        out.append(f'<g class="hand">{strip}</g>')
        y += 8 + h + 4
    out.insert(1, panel(0, 0, w, y, "", "player", f"{p.name}'s player board and supplies"))
    out.append("</g>")
    return "".join(out), y


# ----- the whole narrow board ---------------------------------------------------------------------------------------
def _document(body: str, height: float, label: str, words: str, cls: str, width) -> str:
    size = f"width={quoteattr(str(width))}" if width is not None else f'width="{NARROW_WIDTH}" height="{_f(height)}"'
    attrs, labels = svg_labels(label, words)
    return ascii_only(
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="0 0 {NARROW_WIDTH} {_f(height)}"{attrs} '
        f'font-family="{FONT}" fill="{INK}" class="{cls}">{labels}{body}</svg>'
    )


def narrow_board_svg(model: BoardPicture, *, width: int | str | None = "100%", players: bool = True) -> str:
    """Draw the board from a :class:`~tameri_kit.render.board_model.BoardPicture` for a phone: its parts in one
    column :data:`NARROW_WIDTH` units wide (see the module's words).  ``width`` and ``players`` as
    :func:`~tameri_kit.render.board_svg.board_svg` (the narrow board cuts no words: whatever it shows is whole)."""
    w = NARROW_WIDTH
    parts = []
    head, h = _words(4, 18, model.title, 36, size=15, gap=19, weight="bold", cls="board-title")
    seen = (
        "the shared board: every seat sees the same (the players' boards are apart)"
        if not players
        else f"seen by {model.viewer}: other players' hands, screens and face-down cards hidden"
        if model.viewer
        else "the full state (everything, hidden or not)"
    )
    more, h2 = _words(4, 18 + h, seen, 52, size=11.5, gap=15, fill=GREY, cls="board-viewer")
    parts.append(f'<g class="part part-title">{head}{more}</g>')
    y = 18 + h + h2
    drawn = [
        ("info", _info(model, w)),
        ("pyramid", _pyramid(model, w)),
        ("market", market_part(model, 0, 0, w)),
        ("buildings", _buildings(model, w)),
    ]
    drawn += [("temples", _temples(model, w)), ("sphinx", sphinx_part(model, 0, 0, w, cols=2, whole_text=True))]
    drawn.append(("nile", _nile(model, w)))
    if players:
        drawn += [("player", narrow_player_part(p, w)) for p in model.players]
    for name, (svg, h) in drawn:
        parts.append(f'<g class="part part-{name}" transform="translate(0 {_f(y)})">{svg}</g>')
        y += h + GAP
    label = model.title + (f" (seen by {model.viewer})" if model.viewer and players else "")
    return _document("".join(parts), y, label, board_words(model, players=players), "tameri-board narrow", width)


def narrow_player_svg(player: PlayerPicture, *, width: int | str | None = "100%") -> str:
    """One player's panel for a phone (:func:`narrow_player_part`) as an SVG document."""
    body, h = narrow_player_part(player)
    return _document(body, h, f"{player.name}'s player board", player_words(player), "tameri-player narrow", width)


__all__ = ["NARROW_MIN_WORD", "NARROW_WIDTH", "narrow_board_svg", "narrow_player_part", "narrow_player_svg"]
