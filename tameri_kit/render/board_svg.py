"""The whole board of a game as one SVG picture, drawn from a plain "board picture model".

Rulebook: Components and Game Setup (what lies where: the Great Pyramid and its rivers, the Temples, the Market
with its stalls and warehouse, the row of five Building cards, the avenue of ten Sphinx spaces, the Nile, the
player boards); Phase 4, step 3 (the Nile's cards and the resources on them); Phase 4, step 4 (the warehouse
limit); the Secret information of Season 0, Phase 2, Phase 3, Offering and Priest Cards.

Layers: this module draws plain data only - :class:`BoardPicture` and :class:`PlayerPicture`
(:mod:`tameri_kit.render.board_model`), frozen values of rules and data types - and never imports
:mod:`tameri_kit.game`.  :func:`tameri_kit.game.core.board_view.board_picture`
turns a ``GameState`` (and optionally one seat) into that model, leaving out what the seat may not see: a hidden
thing is ``None`` in the model (with its public count beside it), so it cannot reach the picture.

Layout (drawing units; the picture scales to its width, 1000 units = 1000 px by default): the pyramid (drawn 1.11
times its own size, its tile and deck counts beside it); the Market and the Building row side by side; the Temples
(1.1 times their own size); the Sphinx avenue in two rows of five; the Nile; then one panel per player (pieces and
supplies on the left, this Season's card row and the hand on the right).  Every word is at least 11 px when the
picture is shown 1000 px wide.  The parts are drawn by :mod:`tameri_kit.render.board_parts` and
:mod:`tameri_kit.render.player_panel` (a player's panel, also :func:`player_svg` on its own); the same parts stacked
in one column 360 units wide, for a phone, are :mod:`tameri_kit.render.board_narrow`.  The model's classes,
:func:`player_svg` and :func:`worker_places` stay importable from here.

Pure: the same model always gives the same text (a copy of a picture already drawn in this process gets ids of
its own, see :func:`~tameri_kit.render.card_icons.svg_labels`).  The picture's ``<title>`` names it and its
``<desc>`` (:func:`~tameri_kit.render.board_words.board_words`) says who is where, in words.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import quoteattr

from .board_model import BoardPicture, PlayerPicture
from .board_parts import (
    GREY,
    INK,
    PANEL_STROKE,
    WIDTH,
    board_text,
    buildings_part,
    market_part,
    nested_svg,
    nile_part,
    sphinx_part,
    wrap_words,
)
from .board_words import board_words, worker_places
from .card_icons import svg_labels
from .card_icons import svg_number as _f
from .cards_svg import FONT, ascii_only
from .player_panel import player_part, player_svg
from .pyramid_svg import pyramid_svg
from .temples_svg import temples_svg


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
    parts.append(board_text(8, 22, model.title, size=16, weight="bold", cls="board-title"))
    seen = (
        "the shared board: every seat sees the same (the players' boards are apart)"
        if not players
        else f"seen by {model.viewer}: other players' hands, screens and face-down cards hidden"
        if model.viewer
        else "the full state (everything, hidden or not)"
    )
    parts.append(board_text(8, 42, seen, size=12.5, fill=GREY, cls="board-viewer"))
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
        f"{nested_svg(pyramid_svg(model.pyramid, readings=model.readings, width=pyr_w, farmers=farmers), 0, y, pyr_w, pyr_h)}"
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
        for part in wrap_words(line, 25):
            parts.append(
                board_text(side_x, iy, part, size=12.5, fill=INK if k == 0 else GREY, cls="tile" if k == 0 else "decks")
            )
            iy += 17
        iy += 6
    y += pyr_h + 10
    # the Market and the Building row side by side
    half = (WIDTH - 10) / 2
    svg_m, hm = market_part(model, 0, y, half)
    svg_b, hb = buildings_part(model, half + 10, y, half, whole_text)
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
        + board_text(10, y + 20, "Temples", size=15, weight="bold", cls="heading temples-heading")
        + nested_svg(t_svg, 0, y + 24, t_w, t_h)
        + "</g>"
    )
    y += t_h + 40
    svg_s, hs = sphinx_part(model, 0, y, WIDTH, cols=5, whole_text=whole_text)
    parts.append(svg_s)
    y += hs + 10
    svg, h = nile_part(model, 0, y, WIDTH)
    parts.append(svg)
    y += h + 10
    if players:
        for p in model.players:
            svg, h = player_part(p, 0, y, WIDTH, whole_text)
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


__all__ = ["BoardPicture", "PlayerPicture", "board_svg", "player_svg", "worker_places"]
