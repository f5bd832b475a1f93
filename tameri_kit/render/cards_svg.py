"""Action cards as SVG: one card, its face-down back, a season's row on a player board, and a hand.

Rulebook: Components (the Action cards, decks A-E); Phase 2 "Glyphs, Actions, and Unrevealed Cards" (the glyphs
on each side, the two halves, the back of a face-down card showing all four glyphs on its right); Weather Effects
on the Cards (the printed weather effects); Possible Actions (the eight actions); Phase 4, step 3 (the resource
printed at the bottom, taken with a card from the Nile).

Every part is drawn with a shape *and* a word, never by colour alone (the small pictures are in
:mod:`tameri_kit.render.card_icons`; this module re-exports them):

- the four glyphs are badges with their own shape and colour and their name under them: **Sunrise** (orange,
  a half sun with an arrow pointing *up*), **Daytime** (yellow, a whole sun with rays, in a circle), **Sunset**
  (purple, a half sun with an arrow pointing *down*), **Night** (dark blue, a crescent moon and a star);
- each action has a small icon and its name; each weather effect a lettered sphere and a word ("-Sun",
  "+Silt"); the resource a token of its own shape and its name.

Pure functions (the same card always gives the same text, no random ids), so notebooks showing them pass nbval.
Layers: this module reads :mod:`tameri_kit.rules` values only.  ``ActionCard._repr_svg_`` in
:mod:`tameri_kit.rules.action_cards` imports this module lazily, inside the method, as ``Pyramid`` and
``TempleState`` already do: importing the rules never imports the pictures.

API::

    card_svg(card, face_down=False, width=None)     # one card, a whole <svg> document
    card_back_svg(width=None)                       # the back of a face-down card (no number: it is secret)
    row_svg(row, board_glyph=None, ...)             # a season on a player board: ActionCard | Played | None (back)
    hand_svg(cards, hidden=0, ...)                  # a hand: the cards shown, then ``hidden`` backs
    glyph_svg(glyph, size=48)                       # one glyph badge with its name
    legend_svg()                                    # every glyph, action, weather effect and resource, named
    card_group(card, x, y, mini=False, ...)         # a card as an SVG <g> for bigger pictures (the board)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape

from .._fast import remembered
from ..rules.action_cards import Action, ActionCard, CardWeather, Glyph
from ..rules.common import Resource
from ..rules.glyphs import Played
from .card_icons import (
    ACTION_SHORT,
    FONT,
    GLYPH_STYLE,
    ICON_FILL,
    INK,
    RESOURCE_STYLE,
    WEATHER_STYLE,
    action_icon,
    action_line,
    ascii_only,
    glyph_badge,
    glyph_shape,
    glyph_svg,
    resource_token,
    svg_document,
    svg_number,
    svg_text,
    svg_title,
    weather_chip,
)

#: the names this module re-exports from :mod:`tameri_kit.render.card_icons` (their old import path)
__all__ = [
    "ACTION_SHORT",
    "FONT",
    "GLYPH_STYLE",
    "ICON_FILL",
    "INK",
    "RESOURCE_STYLE",
    "WEATHER_STYLE",
    "action_icon",
    "ascii_only",
    "glyph_badge",
    "glyph_svg",
    "resource_token",
    "weather_chip",
    "card_svg",
    "card_back_svg",
    "card_group",
    "back_group",
    "cards_strip",
    "row_svg",
    "hand_svg",
    "legend_svg",
    "CARD_W",
    "CARD_H",
    "MINI_W",
    "MINI_H",
    "DECK_COLOUR",
]

DECK_COLOUR = {"A": "#8a6d2f", "B": "#2f6f8a", "C": "#6f8a2f", "D": "#8a2f5a", "E": "#5a2f8a", "promo": "#444444"}
CARD_FILL, BACK_FILL, BACK_INK = "#fbf5e6", "#5b3b1e", "#f3e2c0"

#: Size of a full card and of the mini card used on the board (drawing units).
CARD_W, CARD_H = 184, 224
MINI_W, MINI_H = 142, 156  # the board's cards: words of about 11 units


# ----- one card -------------------------------------------------------------------------------------------------
def _glyph_column(
    glyphs: Sequence[Glyph], cx: float, top: float, height: float, size: float, side: str, named: bool
) -> str:
    if not glyphs:
        return (
            f'<g class="glyph glyph-none {side}">{svg_title(f"no glyph on the {side} side")}'
            + svg_text(cx, top + height / 2, "no", size=max(size * 0.33, 10), fill="#888888")
            + svg_text(cx, top + height / 2 + max(size * 0.38, 12), "glyph", size=max(size * 0.33, 10), fill="#888888")
            + "</g>"
        )
    step = height / len(glyphs)
    return "".join(
        glyph_badge(g, cx, top + step * (k + 0.5) - (size * 0.22 if named else 0), size, named=named, side=side)
        for k, g in enumerate(glyphs)
    )


def _half(actions: Sequence[Action], x: float, y: float, w: float, h: float, size: float, which: str) -> str:
    out = [
        f'<g class="half half-{which}">',
        f'<rect x="{svg_number(x)}" y="{svg_number(y)}" width="{svg_number(w)}" height="{svg_number(h)}" rx="4" fill="#ffffff" stroke="#c9b48a"/>',
    ]
    n = len(actions)
    for k, a in enumerate(actions):
        ly = y + h * (k + 0.5) / n + size * 0.35
        out.append(action_line(a, x + 1, ly, size))
        if k < n - 1:  # "+": both actions of the half (a Temple card)
            out.append(
                svg_text(
                    x + 1 + size * 0.75,
                    y + h * (k + 1) / n + size * 0.2,
                    "+",
                    size=size * 0.85,
                    weight="bold",
                    fill="#8a6d2f",
                    cls="both",
                )
            )
    out.append("</g>")
    return "".join(out)


@remembered
def card_group(
    card: ActionCard, x: float = 0, y: float = 0, *, mini: bool = False, face_down: bool = False, scale: float = 1.0
) -> str:
    """One card as an SVG ``<g>`` with its top-left corner at ``(x, y)``.

    ``mini``: the smaller card used on the board (112 x 150 units instead of 170 x 224): glyph names and weather
    words are left to the tooltips (the glyph shapes and the lettered spheres stay).  ``face_down``: the owner's
    own face-down card - drawn face up with a "face down" band (other players see only :func:`back_group`).
    """
    w, h = (MINI_W, MINI_H) if mini else (CARD_W, CARD_H)
    edge = DECK_COLOUR.get(card.deck, "#444444")
    k = 0.66 if mini else 1.0  # font scale
    tip = card_words(card)
    tr = f"translate({svg_number(x)} {svg_number(y)})" + (f" scale({svg_number(scale)})" if scale != 1 else "")
    out = [
        (
            f'<g class="action-card{" mini" if mini else ""}{" face-down-own" if face_down else ""}" '
            f'data-number="{escape(card.label)}" data-deck="{escape(card.deck)}" transform="{tr}">'
        ),
        svg_title(tip),
        (
            f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="{svg_number(10 * k)}" fill="{CARD_FILL}" '
            f'stroke="{edge}" stroke-width="{svg_number(3 * k + 0.5)}"/>'
        ),
    ]
    # the number, big, and the deck
    out.append(svg_text(w / 2, 28 * k + 4, card.label, size=27 * k + 3, weight="bold", cls="card-number"))
    deck = "Temple card" if card.is_temple else f"deck {card.deck}"
    if not mini and not face_down:
        out.append(svg_text(8, 15, deck, size=9.5, anchor="start", fill=edge, cls="card-deck"))
    elif not face_down:  # a mini card: its deck's letter in the corner (the edge's colour is not the only sign)
        out.append(svg_text(7, 13, card.deck[0].upper(), size=9, anchor="start", weight="bold", cls="card-deck"))
    # the weather effects
    wy = 48 * k + 4
    if card.weather:
        if mini:
            xs = [w / 2] if len(card.weather) == 1 else [w / 2 - 22, w / 2 + 22]
        else:
            xs = [w / 2 - 12] if len(card.weather) == 1 else [w / 2 - 52, w / 2 + 18]
        for cx, effect in zip(xs, card.weather):
            out.append(weather_chip(effect, cx, wy, 11.6 if mini else 10 * k + 1.5, words=not mini))
    elif not mini:
        out.append(svg_text(w / 2, wy + 4, "no weather effect", size=9, fill="#999999", cls="no-weather"))
    # glyph columns and the two halves
    col = 26 if mini else 40
    top, bottom = 62 * k + 6, h - 42 * k - 4
    size = 28 * k + 2
    out.append(_glyph_column(card.left, col / 2 + 2, top, bottom - top, size, "left", not mini))
    out.append(_glyph_column(card.right, w - col / 2 - 2, top, bottom - top, size, "right", not mini))
    mid_h = (bottom - top - 4) / 2
    fsize = 10.5 if mini else 12.5
    out.append(_half(card.top, col + 4, top, w - 2 * col - 8, mid_h, fsize, "top"))
    out.append(_half(card.bottom, col + 4, top + mid_h + 4, w - 2 * col - 8, mid_h, fsize, "bottom"))
    # the resource
    ry = h - 21 * k - 4
    word = card.resource.label
    out.append(
        f'<g class="resource resource-{card.resource.value}" data-resource="{card.resource.value}">'
        + svg_title(f"resource: {word} (taken with this card from the Nile)")
        + resource_token(card.resource, w / 2 - 24 * k - 8, ry, 9 * k + 2)
        + svg_text(
            w / 2 - 12 * k,
            ry + 4 * k + 1,
            word,
            size=max(12 * k + 2, 11),
            anchor="start",
            weight="bold",
            cls="resource-name",
        )
        + "</g>"
    )
    if face_down:  # the owner's own face-down card: a dashed dark frame and a tag where the deck is written
        out.append(
            f'<rect class="face-down-mark" x="3" y="3" width="{w - 6}" height="{h - 6}" rx="{svg_number(9 * k)}" '
            f'fill="none" stroke="{BACK_FILL}" stroke-width="{svg_number(4 * k)}" stroke-dasharray="8 5"/>'
            f'<rect x="4" y="4" width="{svg_number(66 * k + 10)}" height="{svg_number(14 * k + 3)}" rx="3" fill="{BACK_FILL}"/>'
            + svg_text(7, 14 * k + 3, "face down", size=10 * k + 1.5, anchor="start", fill=BACK_INK, weight="bold")
        )
    out.append("</g>")
    return "".join(out)


def back_group(
    x: float = 0, y: float = 0, *, mini: bool = False, scale: float = 1.0, note: str = "", words: bool = True
) -> str:
    """The back of an Action card as a ``<g>``: no number (it is secret); all four glyphs on its right side, so it
    completes the next card (Glyphs, Actions, and Unrevealed Cards).  ``words=False`` leaves out "face down" (a back
    drawn too small to read it, under a heading that says it)."""
    w, h = (MINI_W, MINI_H) if mini else (CARD_W, CARD_H)
    k = 0.66 if mini else 1.0
    tr = f"translate({svg_number(x)} {svg_number(y)})" + (f" scale({svg_number(scale)})" if scale != 1 else "")
    tip = "the back of an Action card: face down, its number hidden; the back shows all four glyphs on the right"
    out = [
        f'<g class="card-back{" mini" if mini else ""}" transform="{tr}">',
        svg_title(note or tip),
        (
            f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="{svg_number(10 * k)}" fill="{BACK_FILL}" '
            f'stroke="#2e1d0c" stroke-width="2"/>'
        ),
        (
            f'<rect x="{svg_number(8 * k)}" y="{svg_number(8 * k)}" width="{svg_number(w - 16 * k)}" height="{svg_number(h - 16 * k)}" '
            f'rx="{svg_number(6 * k)}" fill="none" stroke="{BACK_INK}" stroke-dasharray="4 3"/>'
        ),
    ]
    if words:
        out.append(svg_text((w - 30 * k) / 2, h / 2 - 14 * k, "face", size=15 * k + 1, fill=BACK_INK, weight="bold"))
        out.append(svg_text((w - 30 * k) / 2, h / 2 + 6 * k, "down", size=15 * k + 1, fill=BACK_INK, weight="bold"))
    if not mini:
        out.append(svg_text((w - 30) / 2, h / 2 + 30, "any 1 action", size=10, fill=BACK_INK))
        out.append(svg_text((w - 30) / 2, h / 2 + 44, "(costs Deben)", size=10, fill=BACK_INK))
    size = 20 * k + 2
    for i, g in enumerate(Glyph):
        out.append(
            glyph_badge(g, w - size / 2 - 8 * k, 22 * k + 10 + i * (size + 8 * k), size, named=False, side="right")
        )
    out.append("</g>")
    return "".join(out)


def card_words(card: ActionCard, *, face_down: bool = False) -> str:
    """A card in words (its tooltip and the description a screen reader reads): number, deck, the glyphs on
    each side, the actions of each half, the weather effects, the resource.

    >>> from tameri_kit.data import load_actions
    >>> card_words(load_actions().card(59))[:44]
    'Action card 59 (deck A): left glyph Sunrise,'
    """
    down = "; played face down (only its owner sees it)" if face_down else ""
    return (
        f"Action card {card.label} (deck {card.deck}): left glyph {_names(card.left)}, right glyph "
        f"{_names(card.right)}; top {_half_words(card.top)}, bottom {_half_words(card.bottom)}; weather "
        f"{', '.join(e.label for e in card.weather) or 'none'}; resource {card.resource.label}{down}"
    )


def items_words(items: Iterable) -> str:
    """Cards of a row or hand in words, one sentence each (a back: "a face-down card")."""
    words = []
    for item in items:
        card, down = _item(item)
        words.append("a face-down card" if card is None else card_words(card, face_down=down))
    return ". ".join(words) + "." if words else "no cards."


def _names(glyphs: Sequence[Glyph]) -> str:
    return " and ".join(g.label for g in glyphs) or "none"


def _half_words(actions: Sequence[Action]) -> str:
    return " + ".join(a.label for a in actions)


def card_svg(card: ActionCard, *, face_down: bool = False, width: int | str | None = None) -> str:
    """One Action card as an SVG document: number, deck, weather effects, left and right glyphs (named), the two
    halves' actions (icon and name), the resource.  ``face_down`` marks the owner's own face-down card.

    >>> from tameri_kit.data import load_actions
    >>> svg = card_svg(load_actions().card(59))
    >>> svg.startswith("<svg") and 'data-number="59"' in svg
    True
    """
    if not isinstance(card, ActionCard):
        raise TypeError(f"card_svg draws an ActionCard, not {type(card).__name__}")
    return svg_document(
        CARD_W,
        CARD_H,
        card_group(card, face_down=face_down),
        f"Action card {card.label}",
        width,
        "tameri-card",
        card_words(card, face_down=face_down),
    )


def card_back_svg(*, width: int | str | None = None) -> str:
    """The back of a face-down card as an SVG document (it shows no number)."""
    return svg_document(
        CARD_W,
        CARD_H,
        back_group(),
        "a face-down Action card",
        width,
        "tameri-card-back",
        "The back of an Action card: its number, glyphs and actions are hidden.",
    )


# ----- rows and hands -------------------------------------------------------------------------------------------
def _item(item) -> tuple[ActionCard | None, bool]:
    """(card or None for an unknown back, played face down)."""
    if item is None:
        return None, True
    if isinstance(item, Played):
        return item.card, item.face_down
    if isinstance(item, ActionCard):
        return item, False
    raise TypeError(f"a row holds ActionCard, Played or None (a hidden back), not {type(item).__name__}")


def cards_strip(
    items: Iterable,
    x: float,
    y: float,
    *,
    mini: bool = False,
    slots: int = 0,
    gap: float = 8,
    hidden_is_back: bool = True,
) -> tuple[str, float]:
    """Cards side by side from ``(x, y)``: each item an :class:`ActionCard`, a :class:`Played` (face-down ones
    marked) or ``None`` (a back whose number the viewer may not see); empty dashed slots up to ``slots``.
    Returns the ``<g>`` text and the width used."""
    w, h = (MINI_W, MINI_H) if mini else (CARD_W, CARD_H)
    out, n = [], 0
    for n, item in enumerate(items, 1):
        card, down = _item(item)
        cx = x + (n - 1) * (w + gap)
        out.append(back_group(cx, y, mini=mini) if card is None else card_group(card, cx, y, mini=mini, face_down=down))
    for k in range(n, slots):
        cx = x + k * (w + gap)
        out.append(
            f'<rect class="empty-slot" x="{svg_number(cx + 1)}" y="{svg_number(y + 1)}" width="{w - 2}" height="{h - 2}" rx="8" '
            f'fill="none" stroke="#bbbbbb" stroke-dasharray="5 4"/>'
            + svg_text(cx + w / 2, y + h / 2, "empty", size=11, fill="#aaaaaa")
        )
    count = max(n, slots)
    return "".join(out), max(0.0, count * (w + gap) - gap)


def row_svg(
    row: Sequence,
    *,
    board_glyph: Glyph | str | None = None,
    slots: int = 4,
    caption: str | None = None,
    mini: bool = False,
    width: int | str | None = None,
) -> str:
    """A season's cards on a player board, left to right, as an SVG document.

    ``row``: :class:`ActionCard`, :class:`Played` (a face-down card of the viewer's own is marked) or ``None``
    (someone else's face-down card: its back).  ``board_glyph``: the glyph printed on the board, drawn to the
    left of the first card (the season's first card chains with it).  Empty places up to ``slots`` are dashed.
    """
    h = MINI_H if mini else CARD_H
    left = 0.0
    parts = []
    top = 22 if caption else 4
    if board_glyph is not None:
        g = Glyph.parse(board_glyph)
        parts.append(
            f'<g class="board-glyph">{svg_title("the glyph printed on the player board")}'
            + svg_text(34, top + 16, "board", size=10, fill="#666666")
            + glyph_badge(g, 34, top + h / 2 - 10, 34)
            + "</g>"
        )
        left = 70
    strip, used = cards_strip(row, left + 4, top, mini=mini, slots=slots)
    parts.append(strip)
    total_w, total_h = left + used + 8, top + h + 4
    if caption:
        parts.insert(0, svg_text(4, 15, caption, size=13, anchor="start", weight="bold", cls="caption"))
    row = list(row)
    glyph = f"Board glyph {Glyph.parse(board_glyph).label}. " if board_glyph is not None else ""
    empty = max(0, slots - len(row))
    desc = f"{glyph}{len(row)} card(s) in the row, left to right: {items_words(row)}" + (
        f" {empty} empty place(s)." if empty else ""
    )
    return svg_document(total_w, total_h, "".join(parts), caption or "a row of Action cards", width, "tameri-row", desc)


def hand_svg(
    cards: Sequence[ActionCard],
    *,
    hidden: int = 0,
    caption: str | None = None,
    mini: bool = False,
    width: int | str | None = None,
) -> str:
    """A hand as an SVG document: the cards shown, then ``hidden`` backs (a hand the viewer may only count)."""
    items = list(cards) + [None] * hidden
    h = MINI_H if mini else CARD_H
    top = 22 if caption else 4
    strip, used = cards_strip(items, 4, top, mini=mini)
    body = (svg_text(4, 15, caption, size=13, anchor="start", weight="bold", cls="caption") if caption else "") + strip
    label = caption or f"a hand of {len(items)} Action card(s)"
    desc = f"A hand of {len(items)} card(s): {items_words(items)}"
    return svg_document(max(used + 8, 60), top + h + 4, body, label, width, "tameri-hand", desc)


# ----- a legend ---------------------------------------------------------------------------------------------------
def legend_svg(*, width: int | str | None = None) -> str:
    """Every glyph, action, weather effect and resource with its name: the key to the card pictures."""
    out = [svg_text(8, 18, "Glyphs", size=13, anchor="start", weight="bold")]
    for k, g in enumerate(Glyph):
        out.append(glyph_badge(g, 36 + k * 70, 46, 30))
    out.append(svg_text(300, 18, "Actions", size=13, anchor="start", weight="bold"))
    for k, a in enumerate(Action):
        out.append(
            f'<g class="action action-{a.value}">{svg_title(a.label)}'
            + action_icon(a, 312 + (k % 4) * 118, 40 + (k // 4) * 26, 9)
            + svg_text(325 + (k % 4) * 118, 44 + (k // 4) * 26, ACTION_SHORT[a], size=12, anchor="start")
            + "</g>"
        )
    out.append(svg_text(8, 100, "Weather effects", size=13, anchor="start", weight="bold"))
    for k, e in enumerate(CardWeather):
        out.append(weather_chip(e, 24 + k * 70, 122, 11))
    out.append(svg_text(300, 100, "Resources", size=13, anchor="start", weight="bold"))
    for k, r in enumerate(Resource):
        out.append(
            f'<g class="resource resource-{r.value}">'
            + resource_token(r, 312 + k * 90, 120, 9)
            + svg_text(325 + k * 90, 124, r.label, size=12, anchor="start")
            + "</g>"
        )
    desc = (
        "Glyphs: "
        + "; ".join(glyph_shape(g) for g in Glyph)
        + ". Actions, each a round icon with its name: "
        + ", ".join(a.label for a in Action)
        + ". Weather effects, each a sphere with its letter and a sign: "
        + ", ".join(f"{WEATHER_STYLE[e][0]} {e.label}" for e in CardWeather)
        + ". Resources, each a shape of its own: Barley a grain, Papyrus a scroll, Flax a flower, Fruit a round fruit."
    )
    return svg_document(
        780, 140, "".join(out), "Key: glyphs, actions, weather effects and resources", width, "tameri-legend", desc
    )
