"""Action cards as SVG: one card, its face-down back, a season's row on a player board, and a hand.

Rulebook: Components (the Action cards, decks A-E); Phase 2 "Glyphs, Actions, and Unrevealed Cards" (the glyphs
on each side, the two halves, the back of a face-down card showing all four glyphs on its right); Weather Effects
on the Cards (the printed weather effects); Possible Actions (the eight actions); Phase 4, step 3 (the resource
printed at the bottom, taken with a card from the Nile).

Every part is drawn with a shape *and* a word, never by colour alone:

- the four glyphs are badges with their own shape and colour and their name under them: **Sunrise** (orange,
  a half sun with an arrow pointing *up*), **Day** (yellow, a whole sun with rays, in a circle), **Sunset**
  (purple, a half sun with an arrow pointing *down*), **Night** (dark blue, a crescent moon and a star);
- each action has a small icon and its name; each weather effect a lettered sphere and a word ("-Sun",
  "+Silt"); the resource a token of its own shape and its name.

Pure functions (the same card always gives the same text, no random ids), so notebooks showing them pass nbval.
Layers: this module reads :mod:`tameri_kit.rules` values only.  ``ActionCard._repr_svg_`` in
:mod:`tameri_kit.rules.actions` imports this module lazily, inside the method, as ``Pyramid`` and
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

import math
from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

from ..rules.actions import Action, ActionCard, CardWeather, Glyph
from ..rules.common import Resource
from ..rules.glyphs import Played

FONT = "DejaVu Sans, Verdana, sans-serif"

#: Glyph -> (badge fill, ink, short name).  Okabe-Ito colours (told apart by colour-blind readers too); the shape
#: inside the badge and the name under it tell them apart without colour.
GLYPH_STYLE = {
    Glyph.SUNRISE: ("#E69F00", "#3d2600", "Sunrise"),
    Glyph.DAYTIME: ("#F0E442", "#4a4300", "Day"),
    Glyph.SUNSET: ("#CC79A7", "#3a0f2c", "Sunset"),
    Glyph.NIGHT: ("#0b3c6b", "#ffffff", "Night"),
}

#: Short names that fit on a card; the full name is in the tooltip.
ACTION_SHORT = {a: a.label for a in Action}
ACTION_SHORT[Action.OFFERING] = "Offering"

#: Resource -> (fill, stroke).  Each resource also has its own token shape (see :func:`_resource_token`).
RESOURCE_STYLE = {
    Resource.BARLEY: ("#e3b23c", "#7a5a10"),
    Resource.PAPYRUS: ("#6fae5a", "#2f5d22"),
    Resource.FLAX: ("#7da7d9", "#2b4f7a"),
    Resource.FRUIT: ("#d1495b", "#6e1421"),
}

#: Weather effect -> (sphere letter, sphere fill, letter ink, words on the card).
WEATHER_STYLE = {
    CardWeather.REMOVE_SUN: ("S", "#f2b705", "#3b2f00", "\u2212Sun"),
    CardWeather.REMOVE_WATER: ("W", "#1f6fb5", "#ffffff", "\u2212Water"),
    CardWeather.REMOVE_ANY: ("?", "#bbbbbb", "#222222", "\u2212any"),
    CardWeather.GAIN_SILT: ("L", "#8b5a2b", "#ffffff", "+Silt"),
}

DECK_COLOUR = {"A": "#8a6d2f", "B": "#2f6f8a", "C": "#6f8a2f", "D": "#8a2f5a", "E": "#5a2f8a", "promo": "#444444"}
CARD_FILL, BACK_FILL, BACK_INK = "#fbf5e6", "#5b3b1e", "#f3e2c0"
INK = "#222222"   # the default colour of text (set on every <svg> made here)
ICON_FILL = "#5a4630"

#: Size of a full card and of the mini card used on the board (drawing units).
CARD_W, CARD_H = 184, 224
MINI_W, MINI_H = 130, 150


def _f(x: float) -> str:
    """Numbers printed the same way on every machine."""
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _text(x: float, y: float, text: str, *, size: float = 11, anchor: str = "middle", weight: str | None = None,
          fill: str = INK, cls: str | None = None) -> str:
    w = f' font-weight="{weight}"' if weight else ""
    c = f' class="{cls}"' if cls else ""
    a = "" if anchor == "start" else f' text-anchor="{anchor}"'
    f = "" if fill == INK else f' fill="{fill}"'    # the picture's default text colour
    return f'<text x="{_f(x)}" y="{_f(y)}" font-size="{_f(size)}"{a}{f}{w}{c}>{escape(text)}</text>'


def _title(text: str) -> str:
    return f"<title>{escape(text)}</title>"


def _svg(width: float, height: float, body: str, label: str, display_width: int | str | None, cls: str) -> str:
    size = f'width="{_f(width)}" height="{_f(height)}"' if display_width is None else f"width={quoteattr(str(display_width))}"
    return ascii_only(f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="0 0 {_f(width)} {_f(height)}" '
                      f'role="img" aria-label={quoteattr(label)} font-family="{FONT}" fill="{INK}" class="{cls}">{_title(label)}'
                      f'{body}</svg>')


def ascii_only(svg: str) -> str:
    """Non-ASCII characters as XML character references, so the picture reads right in any page encoding."""
    return svg.encode("ascii", "xmlcharrefreplace").decode("ascii")


# ----- glyphs ----------------------------------------------------------------------------------------------------
def glyph_badge(glyph: Glyph, cx: float, cy: float, size: float = 30, *, named: bool = True, side: str = "") -> str:
    """A glyph badge centred at ``(cx, cy)``: its shape in its colour, and (``named``) its name underneath."""
    fill, ink, name = GLYPH_STYLE[glyph]
    r = size / 2
    s = size / 30          # the shapes below are drawn for a 30-unit badge
    where = f" ({side} side)" if side else ""
    out = [f'<g class="glyph glyph-{glyph.value}{" " + side if side else ""}" data-glyph="{glyph.value}">',
           _title(f"{glyph.label} glyph{where}")]
    if glyph is Glyph.DAYTIME:
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{fill}" stroke="{ink}" stroke-width="1.5"/>')
        rays = []
        for k in range(8):
            dx, dy = [(1, 0), (0.71, 0.71), (0, 1), (-0.71, 0.71), (-1, 0), (-0.71, -0.71), (0, -1), (0.71, -0.71)][k]
            rays.append(f"M{_f(cx + dx * 7.5 * s)} {_f(cy + dy * 7.5 * s)}L{_f(cx + dx * 12 * s)} {_f(cy + dy * 12 * s)}")
        out.append(f'<path d="{"".join(rays)}" stroke="{ink}" stroke-width="{_f(1.8 * s)}" stroke-linecap="round"/>')
        out.append(f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(5.5 * s)}" fill="{ink}"/>')
    else:
        out.append(f'<rect x="{_f(cx - r)}" y="{_f(cy - r)}" width="{_f(size)}" height="{_f(size)}" rx="{_f(5 * s)}" '
                   f'fill="{fill}" stroke="{ink}" stroke-width="1.5"/>')
        if glyph is Glyph.NIGHT:
            # a crescent: a disc with a disc cut out, and a small star
            out.append(f'<path d="M{_f(cx + 1 * s)} {_f(cy - 9 * s)}A{_f(9 * s)} {_f(9 * s)} 0 1 0 {_f(cx + 1 * s)} '
                       f'{_f(cy + 9 * s)}A{_f(11 * s)} {_f(11 * s)} 0 0 1 {_f(cx + 1 * s)} {_f(cy - 9 * s)}Z" fill="{ink}"/>')
            out.append(f'<path d="M{_f(cx + 8 * s)} {_f(cy - 9 * s)}l{_f(1.3 * s)} {_f(3 * s)}l{_f(3 * s)} 0'
                       f'l{_f(-2.4 * s)} {_f(2 * s)}l{_f(1 * s)} {_f(3 * s)}l{_f(-2.9 * s)} {_f(-1.8 * s)}'
                       f'l{_f(-2.9 * s)} {_f(1.8 * s)}l{_f(1 * s)} {_f(-3 * s)}l{_f(-2.4 * s)} {_f(-2 * s)}'
                       f'l{_f(3 * s)} 0Z" fill="{ink}"/>')
        else:
            # a half sun on the horizon, and an arrow: up for Sunrise, down for Sunset
            hy = cy + 7 * s
            out.append(f'<path d="M{_f(cx - 11 * s)} {_f(hy)}H{_f(cx + 11 * s)}" stroke="{ink}" stroke-width="{_f(1.6 * s)}"/>')
            out.append(f'<path d="M{_f(cx - 6.5 * s)} {_f(hy)}A{_f(6.5 * s)} {_f(6.5 * s)} 0 0 1 {_f(cx + 6.5 * s)} '
                       f'{_f(hy)}Z" fill="{ink}"/>')
            top, bot = cy - 12 * s, cy - 3 * s
            if glyph is Glyph.SUNRISE:
                out.append(f'<path d="M{_f(cx)} {_f(top)}L{_f(cx - 5 * s)} {_f(top + 5 * s)}H{_f(cx + 5 * s)}Z" fill="{ink}"/>')
                out.append(f'<path d="M{_f(cx)} {_f(top + 4 * s)}V{_f(bot)}" stroke="{ink}" stroke-width="{_f(2 * s)}"/>')
            else:
                out.append(f'<path d="M{_f(cx)} {_f(bot)}L{_f(cx - 5 * s)} {_f(bot - 5 * s)}H{_f(cx + 5 * s)}Z" fill="{ink}"/>')
                out.append(f'<path d="M{_f(cx)} {_f(top)}V{_f(bot - 4 * s)}" stroke="{ink}" stroke-width="{_f(2 * s)}"/>')
    if named:
        out.append(_text(cx, cy + r + 11 * max(s, 0.8), name, size=max(9.5 * s, 9), weight="bold", cls="glyph-name"))
    out.append("</g>")
    return "".join(out)


def glyph_svg(glyph: Glyph | str, size: int = 48) -> str:
    """One glyph badge with its name, as an SVG document."""
    glyph = Glyph.parse(glyph)
    h = size + 8 + 16 * size / 30
    return _svg(size + 24, h, glyph_badge(glyph, (size + 24) / 2, size / 2 + 4, size), f"{glyph.label} glyph",
                None, "tameri-glyph")


# ----- actions, weather, resources ------------------------------------------------------------------------------
def action_icon(action: Action, cx: float, cy: float, r: float = 9) -> str:
    """A small round icon for an action (the name is always written beside it, so the icon is only a help)."""
    s = r / 9
    ink = "#ffffff"
    out = [f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{ICON_FILL}"/>']

    def p(d: str, fill: str = "none", width: float = 1.4) -> str:
        return f'<path d="{d}" fill="{fill}" stroke="{ink}" stroke-width="{_f(width * s)}" stroke-linejoin="round"/>'

    def q(x: float, y: float) -> str:
        return f"{_f(cx + x * s)} {_f(cy + y * s)}"

    if action is Action.FARMER:        # a sprout
        out.append(p(f"M{q(0, 6)}L{q(0, -5)}M{q(0, 1)}Q{q(-5, 0)} {q(-5, -4)}Q{q(-1, -3)} {q(0, 1)}"
                     f"M{q(0, -2)}Q{q(5, -3)} {q(5, -6)}Q{q(1, -6)} {q(0, -2)}"))
    elif action is Action.MERCHANT:    # a balance
        out.append(p(f"M{q(0, -6)}L{q(0, 6)}M{q(-4, 6)}L{q(4, 6)}M{q(-6, -4)}L{q(6, -4)}"
                     f"M{q(-6, -4)}L{q(-8, 1)}L{q(-4, 1)}Z M{q(6, -4)}L{q(4, 1)}L{q(8, 1)}Z"))
    elif action is Action.BUILDER:     # a brick wall
        out.append(p(f"M{q(-6, -5)}H{_f(cx + 6 * s)}V{_f(cy + 5 * s)}H{_f(cx - 6 * s)}Z"
                     f"M{q(-6, 0)}H{_f(cx + 6 * s)}M{q(0, -5)}V{_f(cy)}M{q(-3, 0)}V{_f(cy + 5 * s)}"
                     f"M{q(3, 0)}V{_f(cy + 5 * s)}"))
    elif action is Action.PRIEST:      # an ankh
        out.append(p(f"M{q(0, -1)}C{q(-5, -4)} {q(-3, -8)} {q(0, -8)}C{q(3, -8)} {q(5, -4)} {q(0, -1)}Z"
                     f"M{q(0, -1)}L{q(0, 7)}M{q(-5, 1)}L{q(5, 1)}", width=1.6))
    elif action is Action.HARVEST:     # a basket of grain
        out.append(p(f"M{q(-7, 0)}H{_f(cx + 7 * s)}Q{q(6, 7)} {q(0, 7)}Q{q(-6, 7)} {q(-7, 0)}Z"
                     f"M{q(-3, 0)}L{q(-4, -6)}M{q(0, 0)}L{q(0, -7)}M{q(3, 0)}L{q(4, -6)}"))
    elif action is Action.SPHINX:      # a lying sphinx: head and body
        out.append(p(f"M{q(-7, 5)}H{_f(cx + 7 * s)}V{_f(cy + 1 * s)}H{_f(cx - 1 * s)}V{_f(cy - 6 * s)}"
                     f"H{_f(cx - 6 * s)}L{q(-7, -2)}Z", fill=ink, width=0.8))
    elif action is Action.DECORATION:  # a star
        pts = []
        for k in range(10):
            rad = (7 if k % 2 == 0 else 3) * s
            ang = -math.pi / 2 + k * math.pi / 5
            pts.append(f"{_f(cx + rad * math.cos(ang))} {_f(cy + rad * math.sin(ang))}")
        out.append(f'<path d="M{"L".join(pts)}Z" fill="{ink}"/>')
    elif action is Action.OFFERING:    # a bowl with gifts
        out.append(p(f"M{q(-7, 0)}H{_f(cx + 7 * s)}Q{q(6, 6)} {q(0, 6)}Q{q(-6, 6)} {q(-7, 0)}Z", fill=ink, width=0.8))
        for x in (-3.5, 0, 3.5):
            out.append(f'<circle cx="{_f(cx + x * s)}" cy="{_f(cy - 3 * s)}" r="{_f(1.8 * s)}" fill="{ink}"/>')
    return "".join(out)


def _action_line(action: Action, x: float, y: float, size: float) -> str:
    return (f'<g class="action action-{action.value}" data-action="{action.value}">{_title(action.label)}'
            + action_icon(action, x + size * 0.75, y - size * 0.35, size * 0.75)
            + _text(x + size * 1.75, y, ACTION_SHORT[action], size=size, anchor="start", cls="action-name") + "</g>")


def weather_chip(effect: CardWeather, x: float, y: float, size: float = 10, *, words: bool = True) -> str:
    """A weather effect at ``(x, y)`` (its sphere's centre): a lettered sphere and, with ``words``, "-Sun" etc."""
    letter, fill, ink, word = WEATHER_STYLE[effect]
    r = size * 0.8
    out = [f'<g class="weather weather-{effect.value}" data-weather="{effect.value}">{_title("weather: " + effect.label)}',
           f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{fill}" stroke="#333333" stroke-width="0.8"/>',
           _text(x, y + size * 0.35, letter, size=size * 0.95, weight="bold", fill=ink)]
    sign = word[0]
    out.append(_text(x - r - 1, y + size * 0.38, sign, size=size * 1.2, anchor="end", weight="bold"))
    if words:
        out.append(_text(x + r + 2, y + size * 0.36, word[1:], size=size, anchor="start"))
    out.append("</g>")
    return "".join(out)


def resource_token(resource: Resource, cx: float, cy: float, r: float = 8) -> str:
    """A resource token: Barley a grain (ellipse), Papyrus a scroll (rectangle), Flax a flower, Fruit a round fruit."""
    fill, stroke = RESOURCE_STYLE[resource]
    attrs = f'fill="{fill}" stroke="{stroke}" stroke-width="1.2"'
    if resource is Resource.BARLEY:
        shape = (f'<ellipse cx="{_f(cx)}" cy="{_f(cy)}" rx="{_f(r * 0.6)}" ry="{_f(r)}" {attrs}/>'
                 f'<path d="M{_f(cx)} {_f(cy - r * 0.7)}V{_f(cy + r * 0.7)}" stroke="{stroke}" stroke-width="1"/>')
    elif resource is Resource.PAPYRUS:
        shape = (f'<rect x="{_f(cx - r)}" y="{_f(cy - r * 0.7)}" width="{_f(2 * r)}" height="{_f(1.4 * r)}" rx="2" {attrs}/>'
                 f'<path d="M{_f(cx - r * 0.6)} {_f(cy - r * 0.2)}H{_f(cx + r * 0.6)}M{_f(cx - r * 0.6)} {_f(cy + r * 0.25)}'
                 f'H{_f(cx + r * 0.4)}" stroke="{stroke}" stroke-width="1"/>')
    elif resource is Resource.FLAX:
        petals = "".join(f'<circle cx="{_f(cx + dx * r * 0.5)}" cy="{_f(cy + dy * r * 0.5)}" r="{_f(r * 0.5)}" {attrs}/>'
                         for dx, dy in ((0, -1), (0.95, -0.3), (0.6, 0.8), (-0.6, 0.8), (-0.95, -0.3)))
        shape = petals + f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r * 0.3)}" fill="#ffffff"/>'
    else:
        shape = (f'<circle cx="{_f(cx)}" cy="{_f(cy + r * 0.1)}" r="{_f(r * 0.85)}" {attrs}/>'
                 f'<path d="M{_f(cx)} {_f(cy - r * 0.7)}q{_f(r * 0.5)} {_f(-r * 0.5)} {_f(r * 0.8)} {_f(-r * 0.3)}" '
                 f'stroke="#2f5d22" stroke-width="1.6" fill="none"/>')
    return f'<g class="resource-token token-{resource.value}">{_title(resource.label)}{shape}</g>'


# ----- one card -------------------------------------------------------------------------------------------------
def _glyph_column(glyphs: Sequence[Glyph], cx: float, top: float, height: float, size: float, side: str,
                  named: bool) -> str:
    if not glyphs:
        return (f'<g class="glyph glyph-none {side}">{_title(f"no glyph on the {side} side")}'
                + _text(cx, top + height / 2, "no", size=size * 0.33, fill="#888888")
                + _text(cx, top + height / 2 + size * 0.38, "glyph", size=size * 0.33, fill="#888888") + "</g>")
    step = height / len(glyphs)
    return "".join(glyph_badge(g, cx, top + step * (k + 0.5) - (size * 0.22 if named else 0), size, named=named,
                               side=side) for k, g in enumerate(glyphs))


def _half(actions: Sequence[Action], x: float, y: float, w: float, h: float, size: float, which: str) -> str:
    out = [f'<g class="half half-{which}">',
           f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="4" fill="#ffffff" stroke="#c9b48a"/>']
    n = len(actions)
    for k, a in enumerate(actions):
        ly = y + h * (k + 0.5) / n + size * 0.35
        out.append(_action_line(a, x + 1, ly, size))
        if k < n - 1:   # "+": both actions of the half (a Temple card)
            out.append(_text(x + 1 + size * 0.75, y + h * (k + 1) / n + size * 0.2, "+", size=size * 0.85,
                             weight="bold", fill="#8a6d2f", cls="both"))
    out.append("</g>")
    return "".join(out)


def card_group(card: ActionCard, x: float = 0, y: float = 0, *, mini: bool = False, face_down: bool = False,
               scale: float = 1.0) -> str:
    """One card as an SVG ``<g>`` with its top-left corner at ``(x, y)``.

    ``mini``: the smaller card used on the board (112 x 150 units instead of 170 x 224): glyph names and weather
    words are left to the tooltips (the glyph shapes and the lettered spheres stay).  ``face_down``: the owner's
    own face-down card - drawn face up with a "face down" band (other players see only :func:`back_group`).
    """
    w, h = (MINI_W, MINI_H) if mini else (CARD_W, CARD_H)
    edge = DECK_COLOUR.get(card.deck, "#444444")
    k = 0.66 if mini else 1.0                   # font scale
    tip = (f"Action card {card.label} (deck {card.deck}): left glyph {_names(card.left)}, right glyph "
           f"{_names(card.right)}; top {_half_words(card.top)}, bottom {_half_words(card.bottom)}; weather "
           f"{', '.join(e.label for e in card.weather) or 'none'}; resource {card.resource.label}")
    tr = f"translate({_f(x)} {_f(y)})" + (f" scale({_f(scale)})" if scale != 1 else "")
    out = [(f'<g class="action-card{" mini" if mini else ""}{" face-down-own" if face_down else ""}" '
            f'data-number="{escape(card.label)}" data-deck="{escape(card.deck)}" transform="{tr}">'), _title(tip),
           (f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="{_f(10 * k)}" fill="{CARD_FILL}" '
            f'stroke="{edge}" stroke-width="{_f(3 * k + 0.5)}"/>')]
    # the number, big, and the deck
    out.append(_text(w / 2, 28 * k + 4, card.label, size=27 * k + 3, weight="bold", cls="card-number"))
    deck = "Temple card" if card.is_temple else f"deck {card.deck}"
    if not mini and not face_down:
        out.append(_text(8, 15, deck, size=9.5, anchor="start", fill=edge, cls="card-deck"))
    # the weather effects
    wy = 48 * k + 4
    if card.weather:
        if mini:
            xs = [w / 2] if len(card.weather) == 1 else [w / 2 - 18, w / 2 + 18]
        else:
            xs = [w / 2 - 12] if len(card.weather) == 1 else [w / 2 - 52, w / 2 + 18]
        for cx, effect in zip(xs, card.weather):
            out.append(weather_chip(effect, cx, wy, 10 * k + 1.5, words=not mini))
    elif not mini:
        out.append(_text(w / 2, wy + 4, "no weather effect", size=9, fill="#999999", cls="no-weather"))
    # glyph columns and the two halves
    col = 26 if mini else 40
    top, bottom = 62 * k + 6, h - 42 * k - 4
    size = 28 * k + 2
    out.append(_glyph_column(card.left, col / 2 + 2, top, bottom - top, size, "left", not mini))
    out.append(_glyph_column(card.right, w - col / 2 - 2, top, bottom - top, size, "right", not mini))
    mid_h = (bottom - top - 4) / 2
    fsize = 9 if mini else 12.5
    out.append(_half(card.top, col + 4, top, w - 2 * col - 8, mid_h, fsize, "top"))
    out.append(_half(card.bottom, col + 4, top + mid_h + 4, w - 2 * col - 8, mid_h, fsize, "bottom"))
    # the resource
    ry = h - 21 * k - 4
    word = card.resource.label
    out.append(f'<g class="resource resource-{card.resource.value}" data-resource="{card.resource.value}">'
               + _title(f"resource: {word} (taken with this card from the Nile)")
               + resource_token(card.resource, w / 2 - 24 * k - 8, ry, 9 * k + 2)
               + _text(w / 2 - 12 * k, ry + 4 * k + 1, word, size=12 * k + 2, anchor="start", weight="bold",
                       cls="resource-name") + "</g>")
    if face_down:   # the owner's own face-down card: a dashed dark frame and a tag where the deck is written
        out.append(f'<rect class="face-down-mark" x="3" y="3" width="{w - 6}" height="{h - 6}" rx="{_f(9 * k)}" '
                   f'fill="none" stroke="{BACK_FILL}" stroke-width="{_f(4 * k)}" stroke-dasharray="8 5"/>'
                   f'<rect x="4" y="4" width="{_f(66 * k + 10)}" height="{_f(14 * k + 3)}" rx="3" fill="{BACK_FILL}"/>'
                   + _text(7, 14 * k + 3, "face down", size=10 * k + 1.5, anchor="start", fill=BACK_INK,
                           weight="bold"))
    out.append("</g>")
    return "".join(out)


def back_group(x: float = 0, y: float = 0, *, mini: bool = False, scale: float = 1.0, note: str = "") -> str:
    """The back of an Action card as a ``<g>``: no number (it is secret); all four glyphs on its right side, so it
    completes the next card (Glyphs, Actions, and Unrevealed Cards)."""
    w, h = (MINI_W, MINI_H) if mini else (CARD_W, CARD_H)
    k = 0.66 if mini else 1.0
    tr = f"translate({_f(x)} {_f(y)})" + (f" scale({_f(scale)})" if scale != 1 else "")
    tip = "the back of an Action card: face down, its number hidden; the back shows all four glyphs on the right"
    out = [f'<g class="card-back{" mini" if mini else ""}" transform="{tr}">', _title(note or tip),
           (f'<rect x="1" y="1" width="{w - 2}" height="{h - 2}" rx="{_f(10 * k)}" fill="{BACK_FILL}" '
            f'stroke="#2e1d0c" stroke-width="2"/>'),
           (f'<rect x="{_f(8 * k)}" y="{_f(8 * k)}" width="{_f(w - 16 * k)}" height="{_f(h - 16 * k)}" '
            f'rx="{_f(6 * k)}" fill="none" stroke="{BACK_INK}" stroke-dasharray="4 3"/>'),
           _text((w - 30 * k) / 2, h / 2 - 14 * k, "face", size=15 * k + 1, fill=BACK_INK, weight="bold"),
           _text((w - 30 * k) / 2, h / 2 + 6 * k, "down", size=15 * k + 1, fill=BACK_INK, weight="bold")]
    if not mini:
        out.append(_text((w - 30) / 2, h / 2 + 30, "any 1 action", size=10, fill=BACK_INK))
        out.append(_text((w - 30) / 2, h / 2 + 44, "(costs Deben)", size=10, fill=BACK_INK))
    size = 20 * k + 2
    for i, g in enumerate(Glyph):
        out.append(glyph_badge(g, w - size / 2 - 8 * k, 22 * k + 10 + i * (size + 8 * k), size, named=False, side="right"))
    out.append("</g>")
    return "".join(out)


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
    return _svg(CARD_W, CARD_H, card_group(card, face_down=face_down), f"Action card {card.label}", width,
                "tameri-card")


def card_back_svg(*, width: int | str | None = None) -> str:
    """The back of a face-down card as an SVG document (it shows no number)."""
    return _svg(CARD_W, CARD_H, back_group(), "a face-down Action card", width, "tameri-card-back")


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


def cards_strip(items: Iterable, x: float, y: float, *, mini: bool = False, slots: int = 0, gap: float = 8,
                hidden_is_back: bool = True) -> tuple[str, float]:
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
        out.append(f'<rect class="empty-slot" x="{_f(cx + 1)}" y="{_f(y + 1)}" width="{w - 2}" height="{h - 2}" rx="8" '
                   f'fill="none" stroke="#bbbbbb" stroke-dasharray="5 4"/>'
                   + _text(cx + w / 2, y + h / 2, "empty", size=11, fill="#aaaaaa"))
    count = max(n, slots)
    return "".join(out), max(0.0, count * (w + gap) - gap)


def row_svg(row: Sequence, *, board_glyph: Glyph | str | None = None, slots: int = 4, caption: str | None = None,
            mini: bool = False, width: int | str | None = None) -> str:
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
        parts.append(f'<g class="board-glyph">{_title("the glyph printed on the player board")}'
                     + _text(34, top + 16, "board", size=10, fill="#666666")
                     + glyph_badge(g, 34, top + h / 2 - 10, 34) + "</g>")
        left = 70
    strip, used = cards_strip(row, left + 4, top, mini=mini, slots=slots)
    parts.append(strip)
    total_w, total_h = left + used + 8, top + h + 4
    if caption:
        parts.insert(0, _text(4, 15, caption, size=13, anchor="start", weight="bold", cls="caption"))
    return _svg(total_w, total_h, "".join(parts), caption or "a row of Action cards", width, "tameri-row")


def hand_svg(cards: Sequence[ActionCard], *, hidden: int = 0, caption: str | None = None, mini: bool = False,
             width: int | str | None = None) -> str:
    """A hand as an SVG document: the cards shown, then ``hidden`` backs (a hand the viewer may only count)."""
    items = list(cards) + [None] * hidden
    h = MINI_H if mini else CARD_H
    top = 22 if caption else 4
    strip, used = cards_strip(items, 4, top, mini=mini)
    body = (_text(4, 15, caption, size=13, anchor="start", weight="bold", cls="caption") if caption else "") + strip
    label = caption or f"a hand of {len(items)} Action card(s)"
    return _svg(max(used + 8, 60), top + h + 4, body, label, width, "tameri-hand")


# ----- a legend ---------------------------------------------------------------------------------------------------
def legend_svg(*, width: int | str | None = None) -> str:
    """Every glyph, action, weather effect and resource with its name: the key to the card pictures."""
    out = [_text(8, 18, "Glyphs", size=13, anchor="start", weight="bold")]
    for k, g in enumerate(Glyph):
        out.append(glyph_badge(g, 36 + k * 70, 46, 30))
    out.append(_text(300, 18, "Actions", size=13, anchor="start", weight="bold"))
    for k, a in enumerate(Action):
        out.append(f'<g class="action action-{a.value}">{_title(a.label)}'
                   + action_icon(a, 312 + (k % 4) * 118, 40 + (k // 4) * 26, 9)
                   + _text(325 + (k % 4) * 118, 44 + (k // 4) * 26, ACTION_SHORT[a], size=12, anchor="start") + "</g>")
    out.append(_text(8, 100, "Weather effects", size=13, anchor="start", weight="bold"))
    for k, e in enumerate(CardWeather):
        out.append(weather_chip(e, 24 + k * 70, 122, 11))
    out.append(_text(300, 100, "Resources", size=13, anchor="start", weight="bold"))
    for k, r in enumerate(Resource):
        out.append(f'<g class="resource resource-{r.value}">' + resource_token(r, 312 + k * 90, 120, 9)
                   + _text(325 + k * 90, 124, r.label, size=12, anchor="start") + "</g>")
    return _svg(780, 140, "".join(out), "Key: glyphs, actions, weather effects and resources", width, "tameri-legend")
