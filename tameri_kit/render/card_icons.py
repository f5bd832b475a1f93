"""The small pictures drawn on Action cards, and the SVG helpers every card picture shares.

Rulebook: Phase 2 "Glyphs, Actions, and Unrevealed Cards" (the four glyphs); Possible Actions (the eight actions);
Weather Effects on the Cards (the printed weather effects); Components (the four resources).

Every part is drawn with a shape *and* a word, never by colour alone: glyph badges (:func:`glyph_badge`,
:func:`glyph_svg`), action icons (:func:`action_icon`, :func:`action_line`), weather chips (:func:`weather_chip`)
and resource tokens (:func:`resource_token`).  The cards, rows, hands and the legend that use them are in
:mod:`tameri_kit.render.cards_svg` (which re-exports everything here under its old import path).
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from ..rules.action_cards import Action, CardWeather, Glyph
from ..rules.common import Resource

FONT = "DejaVu Sans, Verdana, sans-serif"

#: Glyph -> (badge fill, ink, name).  Okabe-Ito colours (told apart by colour-blind readers too); the shape inside
#: the badge and the name under it tell them apart without colour.  The name is the glyph's one name everywhere a
#: learner reads it, :attr:`Glyph.label <tameri_kit.rules.action_cards.Glyph>` (Sunrise, Daytime, Sunset, Night): it
#: fits under a badge, so there is no short form.
GLYPH_STYLE = {
    glyph: (fill, ink, glyph.label)
    for glyph, (fill, ink) in {
        Glyph.SUNRISE: ("#E69F00", "#3d2600"),
        Glyph.DAYTIME: ("#F0E442", "#4a4300"),
        Glyph.SUNSET: ("#CC79A7", "#3a0f2c"),
        Glyph.NIGHT: ("#0b3c6b", "#ffffff"),
    }.items()
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

INK = "#222222"  # the default colour of text (set on every <svg> made here)
ICON_FILL = "#5a4630"


def svg_number(x: float) -> str:
    """Numbers printed the same way on every machine."""
    return f"{x:.1f}".rstrip("0").rstrip(".")


def svg_text(
    x: float,
    y: float,
    text: str,
    *,
    size: float = 11,
    anchor: str = "middle",
    weight: str | None = None,
    fill: str = INK,
    cls: str | None = None,
) -> str:
    w = f' font-weight="{weight}"' if weight else ""
    c = f' class="{cls}"' if cls else ""
    a = "" if anchor == "start" else f' text-anchor="{anchor}"'
    f = "" if fill == INK else f' fill="{fill}"'  # the picture's default text colour
    return f'<text x="{svg_number(x)}" y="{svg_number(y)}" font-size="{svg_number(size)}"{a}{f}{w}{c}>{escape(text)}</text>'


def svg_title(text: str) -> str:
    """A tooltip (an SVG <title>)."""
    return f"<title>{escape(text)}</title>"


def svg_labels(title: str, desc: str) -> tuple[str, str]:
    """What makes a picture readable by a screen reader: the attributes for its ``<svg>`` tag (``role="img"`` and
    ``aria-label``, the title) and the ``<title>`` (its name, also the tooltip) and ``<desc>`` (what it shows, in
    words) to put first inside it.  A browser names an ``<svg role="img">`` by its ``<title>`` child and describes it
    by its ``<desc>`` child (SVG Accessibility API Mappings), so no ids are needed: the same picture drawn twice is
    the same text, and two copies on one page never share an id.

    >>> svg_labels("Action card 59", "left glyph Sunrise")
    (' role="img" aria-label="Action card 59"', '<title>Action card 59</title><desc>left glyph Sunrise</desc>')
    """
    return f' role="img" aria-label={quoteattr(title)}', f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>"


def svg_document(
    width: float,
    height: float,
    body: str,
    label: str,
    display_width: int | str | None,
    cls: str,
    desc: str = "",
) -> str:
    """A whole <svg> document: its size (or the width it is shown at), its title (``label``, also the tooltip) and
    description (``desc``, what it shows in words; the label when empty) for screen readers, the font and ink."""
    size = (
        f'width="{svg_number(width)}" height="{svg_number(height)}"'
        if display_width is None
        else f"width={quoteattr(str(display_width))}"
    )
    attrs, words = svg_labels(label, desc or label)
    return ascii_only(
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="0 0 {svg_number(width)} {svg_number(height)}"'
        f'{attrs} font-family="{FONT}" fill="{INK}" class="{cls}">{words}{body}</svg>'
    )


def ascii_only(svg: str) -> str:
    """Non-ASCII characters as XML character references, so the picture reads right in any page encoding."""
    return svg.encode("ascii", "xmlcharrefreplace").decode("ascii")


# ----- glyphs ----------------------------------------------------------------------------------------------------
#: What each glyph badge shows besides its colour (so the words of a picture can say it).
GLYPH_SHAPES = {
    Glyph.SUNRISE: "a square badge: a half sun on the horizon with an arrow pointing up",
    Glyph.DAYTIME: "a round badge: a sun with eight rays",
    Glyph.SUNSET: "a square badge: a half sun on the horizon with an arrow pointing down",
    Glyph.NIGHT: "a square dark badge: a crescent moon and a star",
}


def glyph_shape(glyph: Glyph | str) -> str:
    """A glyph's badge in words: ``"Sunrise glyph: a square badge: a half sun ... arrow pointing up"``."""
    glyph = Glyph.parse(glyph)
    return f"{glyph.label} glyph: {GLYPH_SHAPES[glyph]}"


def glyph_badge(
    glyph: Glyph, cx: float, cy: float, size: float = 30, *, named: bool = True, side: str = "", tooltip: bool = True
) -> str:
    """A glyph badge centred at ``(cx, cy)``: its shape in its colour, and (``named``) its name underneath.
    ``tooltip=False`` leaves out its own ``<title>`` (when the picture's title already names it)."""
    fill, ink, name = GLYPH_STYLE[glyph]
    r = size / 2
    s = size / 30  # the shapes below are drawn for a 30-unit badge
    where = f" ({side} side)" if side else ""
    out = [
        f'<g class="glyph glyph-{glyph.value}{" " + side if side else ""}" data-glyph="{glyph.value}">',
        svg_title(f"{glyph.label} glyph{where}") if tooltip else "",
    ]
    if glyph is Glyph.DAYTIME:
        out.append(
            f'<circle cx="{svg_number(cx)}" cy="{svg_number(cy)}" r="{svg_number(r)}" fill="{fill}" stroke="{ink}" stroke-width="1.5"/>'
        )
        rays = []
        for k in range(8):
            dx, dy = [(1, 0), (0.71, 0.71), (0, 1), (-0.71, 0.71), (-1, 0), (-0.71, -0.71), (0, -1), (0.71, -0.71)][k]
            rays.append(
                f"M{svg_number(cx + dx * 7.5 * s)} {svg_number(cy + dy * 7.5 * s)}L{svg_number(cx + dx * 12 * s)} {svg_number(cy + dy * 12 * s)}"
            )
        out.append(
            f'<path d="{"".join(rays)}" stroke="{ink}" stroke-width="{svg_number(1.8 * s)}" stroke-linecap="round"/>'
        )
        out.append(f'<circle cx="{svg_number(cx)}" cy="{svg_number(cy)}" r="{svg_number(5.5 * s)}" fill="{ink}"/>')
    else:
        out.append(
            f'<rect x="{svg_number(cx - r)}" y="{svg_number(cy - r)}" width="{svg_number(size)}" height="{svg_number(size)}" rx="{svg_number(5 * s)}" '
            f'fill="{fill}" stroke="{ink}" stroke-width="1.5"/>'
        )
        if glyph is Glyph.NIGHT:
            # a crescent: a disc with a disc cut out, and a small star
            out.append(
                f'<path d="M{svg_number(cx + 1 * s)} {svg_number(cy - 9 * s)}A{svg_number(9 * s)} {svg_number(9 * s)} 0 1 0 {svg_number(cx + 1 * s)} '
                f'{svg_number(cy + 9 * s)}A{svg_number(11 * s)} {svg_number(11 * s)} 0 0 1 {svg_number(cx + 1 * s)} {svg_number(cy - 9 * s)}Z" fill="{ink}"/>'
            )
            out.append(
                f'<path d="M{svg_number(cx + 8 * s)} {svg_number(cy - 9 * s)}l{svg_number(1.3 * s)} {svg_number(3 * s)}l{svg_number(3 * s)} 0'
                f"l{svg_number(-2.4 * s)} {svg_number(2 * s)}l{svg_number(1 * s)} {svg_number(3 * s)}l{svg_number(-2.9 * s)} {svg_number(-1.8 * s)}"
                f"l{svg_number(-2.9 * s)} {svg_number(1.8 * s)}l{svg_number(1 * s)} {svg_number(-3 * s)}l{svg_number(-2.4 * s)} {svg_number(-2 * s)}"
                f'l{svg_number(3 * s)} 0Z" fill="{ink}"/>'
            )
        else:
            # a half sun on the horizon, and an arrow: up for Sunrise, down for Sunset
            hy = cy + 7 * s
            out.append(
                f'<path d="M{svg_number(cx - 11 * s)} {svg_number(hy)}H{svg_number(cx + 11 * s)}" stroke="{ink}" stroke-width="{svg_number(1.6 * s)}"/>'
            )
            out.append(
                f'<path d="M{svg_number(cx - 6.5 * s)} {svg_number(hy)}A{svg_number(6.5 * s)} {svg_number(6.5 * s)} 0 0 1 {svg_number(cx + 6.5 * s)} '
                f'{svg_number(hy)}Z" fill="{ink}"/>'
            )
            top, bot = cy - 12 * s, cy - 3 * s
            if glyph is Glyph.SUNRISE:
                out.append(
                    f'<path d="M{svg_number(cx)} {svg_number(top)}L{svg_number(cx - 5 * s)} {svg_number(top + 5 * s)}H{svg_number(cx + 5 * s)}Z" fill="{ink}"/>'
                )
                out.append(
                    f'<path d="M{svg_number(cx)} {svg_number(top + 4 * s)}V{svg_number(bot)}" stroke="{ink}" stroke-width="{svg_number(2 * s)}"/>'
                )
            else:
                out.append(
                    f'<path d="M{svg_number(cx)} {svg_number(bot)}L{svg_number(cx - 5 * s)} {svg_number(bot - 5 * s)}H{svg_number(cx + 5 * s)}Z" fill="{ink}"/>'
                )
                out.append(
                    f'<path d="M{svg_number(cx)} {svg_number(top)}V{svg_number(bot - 4 * s)}" stroke="{ink}" stroke-width="{svg_number(2 * s)}"/>'
                )
    if named:
        out.append(svg_text(cx, cy + r + 11 * max(s, 0.8), name, size=max(9.5 * s, 9), weight="bold", cls="glyph-name"))
    out.append("</g>")
    return "".join(out)


def glyph_svg(glyph: Glyph | str, size: int = 48) -> str:
    """One glyph badge with its name, as an SVG document."""
    glyph = Glyph.parse(glyph)
    h = size + 8 + 16 * size / 30
    return svg_document(
        size + 24,
        h,
        glyph_badge(glyph, (size + 24) / 2, size / 2 + 4, size),
        f"{glyph.label} glyph",
        None,
        "tameri-glyph",
        glyph_shape(glyph),
    )


def glyph_inline(glyph: Glyph | str, size: int = 18, *, named: bool = False) -> str:
    """A glyph badge to write inside HTML text or an HTML widget label: a small inline ``<svg>`` that sits on the
    line like a word (``vertical-align: middle``), with the glyph's name as its label and tooltip.  ``named`` adds
    the name after the badge in words (so it is never told by colour or shape alone).

    This replaces the one-character signs (``Glyph.symbol``), in which Sunrise and Sunset look alike.

    >>> print(glyph_inline("sunset")[:60])
    <svg xmlns="http://www.w3.org/2000/svg" width="18" height="1
    """
    glyph = Glyph.parse(glyph)
    badge = glyph_badge(glyph, 15, 15, 28, named=False, tooltip=False)
    attrs, words = svg_labels(f"{glyph.label} glyph", glyph_shape(glyph))
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 30 30"{attrs} '
        f'class="tameri-glyph-inline" style="vertical-align:middle">{words}{badge}</svg>'
    )
    name = f'&#160;<span class="glyph-name">{escape(glyph.label)}</span>' if named else ""
    return ascii_only(svg + name)


def glyphs_inline(glyphs, size: int = 18, *, empty: str = "no glyph", named: bool = False) -> str:
    """Several glyph badges in a row (e.g. a card's left side) for HTML text; ``empty`` when there are none;
    ``named`` writes each glyph's name after its badge."""
    badges = [glyph_inline(g, size, named=named) for g in glyphs]
    return "&#160;".join(badges) if badges else f'<span class="glyph-none">{escape(empty)}</span>'


def glyph_words(glyphs, *, empty: str = "no glyph") -> str:
    """Glyphs by name for plain text, where a badge cannot be drawn (a dropdown option, a tooltip, printed
    text), in the words the badges on the card pictures carry: ``"Sunrise+Daytime"``; ``empty`` when there are
    none.  (``Glyph.symbol``'s one-character signs stay in game logs and records only.)"""
    return "+".join(GLYPH_STYLE[Glyph.parse(g)][2] for g in glyphs) or empty


# ----- actions, weather, resources ------------------------------------------------------------------------------
def action_icon(action: Action, cx: float, cy: float, r: float = 9) -> str:
    """A small round icon for an action (the name is always written beside it, so the icon is only a help)."""
    s = r / 9
    ink = "#ffffff"
    out = [f'<circle cx="{svg_number(cx)}" cy="{svg_number(cy)}" r="{svg_number(r)}" fill="{ICON_FILL}"/>']

    def p(d: str, fill: str = "none", width: float = 1.4) -> str:
        return f'<path d="{d}" fill="{fill}" stroke="{ink}" stroke-width="{svg_number(width * s)}" stroke-linejoin="round"/>'

    def q(x: float, y: float) -> str:
        return f"{svg_number(cx + x * s)} {svg_number(cy + y * s)}"

    if action is Action.FARMER:  # a sprout
        out.append(
            p(
                f"M{q(0, 6)}L{q(0, -5)}M{q(0, 1)}Q{q(-5, 0)} {q(-5, -4)}Q{q(-1, -3)} {q(0, 1)}"
                f"M{q(0, -2)}Q{q(5, -3)} {q(5, -6)}Q{q(1, -6)} {q(0, -2)}"
            )
        )
    elif action is Action.MERCHANT:  # a balance
        out.append(
            p(
                f"M{q(0, -6)}L{q(0, 6)}M{q(-4, 6)}L{q(4, 6)}M{q(-6, -4)}L{q(6, -4)}"
                f"M{q(-6, -4)}L{q(-8, 1)}L{q(-4, 1)}Z M{q(6, -4)}L{q(4, 1)}L{q(8, 1)}Z"
            )
        )
    elif action is Action.BUILDER:  # a brick wall
        out.append(
            p(
                f"M{q(-6, -5)}H{svg_number(cx + 6 * s)}V{svg_number(cy + 5 * s)}H{svg_number(cx - 6 * s)}Z"
                f"M{q(-6, 0)}H{svg_number(cx + 6 * s)}M{q(0, -5)}V{svg_number(cy)}M{q(-3, 0)}V{svg_number(cy + 5 * s)}"
                f"M{q(3, 0)}V{svg_number(cy + 5 * s)}"
            )
        )
    elif action is Action.PRIEST:  # an ankh
        out.append(
            p(
                f"M{q(0, -1)}C{q(-5, -4)} {q(-3, -8)} {q(0, -8)}C{q(3, -8)} {q(5, -4)} {q(0, -1)}Z"
                f"M{q(0, -1)}L{q(0, 7)}M{q(-5, 1)}L{q(5, 1)}",
                width=1.6,
            )
        )
    elif action is Action.HARVEST:  # a basket of grain
        out.append(
            p(
                f"M{q(-7, 0)}H{svg_number(cx + 7 * s)}Q{q(6, 7)} {q(0, 7)}Q{q(-6, 7)} {q(-7, 0)}Z"
                f"M{q(-3, 0)}L{q(-4, -6)}M{q(0, 0)}L{q(0, -7)}M{q(3, 0)}L{q(4, -6)}"
            )
        )
    elif action is Action.SPHINX:  # a lying sphinx: head and body
        out.append(
            p(
                f"M{q(-7, 5)}H{svg_number(cx + 7 * s)}V{svg_number(cy + 1 * s)}H{svg_number(cx - 1 * s)}V{svg_number(cy - 6 * s)}"
                f"H{svg_number(cx - 6 * s)}L{q(-7, -2)}Z",
                fill=ink,
                width=0.8,
            )
        )
    elif action is Action.DECORATION:  # a star
        pts = []
        for k in range(10):
            rad = (7 if k % 2 == 0 else 3) * s
            ang = -math.pi / 2 + k * math.pi / 5
            pts.append(f"{svg_number(cx + rad * math.cos(ang))} {svg_number(cy + rad * math.sin(ang))}")
        out.append(f'<path d="M{"L".join(pts)}Z" fill="{ink}"/>')
    elif action is Action.OFFERING:  # a bowl with gifts
        out.append(
            p(f"M{q(-7, 0)}H{svg_number(cx + 7 * s)}Q{q(6, 6)} {q(0, 6)}Q{q(-6, 6)} {q(-7, 0)}Z", fill=ink, width=0.8)
        )
        for x in (-3.5, 0, 3.5):
            out.append(
                f'<circle cx="{svg_number(cx + x * s)}" cy="{svg_number(cy - 3 * s)}" r="{svg_number(1.8 * s)}" fill="{ink}"/>'
            )
    return "".join(out)


def action_line(action: Action, x: float, y: float, size: float) -> str:
    """An action as a card shows it: its icon and its short name, starting at ``(x, y)``."""
    return (
        f'<g class="action action-{action.value}" data-action="{action.value}">{svg_title(action.label)}'
        + action_icon(action, x + size * 0.75, y - size * 0.35, size * 0.75)
        + svg_text(x + size * 1.75, y, ACTION_SHORT[action], size=size, anchor="start", cls="action-name")
        + "</g>"
    )


def weather_chip(effect: CardWeather, x: float, y: float, size: float = 10, *, words: bool = True) -> str:
    """A weather effect at ``(x, y)`` (its sphere's centre): a lettered sphere and, with ``words``, "-Sun" etc."""
    letter, fill, ink, word = WEATHER_STYLE[effect]
    r = size * 0.8
    out = [
        f'<g class="weather weather-{effect.value}" data-weather="{effect.value}">{svg_title("weather: " + effect.label)}',
        f'<circle cx="{svg_number(x)}" cy="{svg_number(y)}" r="{svg_number(r)}" fill="{fill}" stroke="#333333" stroke-width="0.8"/>',
        svg_text(x, y + size * 0.35, letter, size=size * 0.95, weight="bold", fill=ink),
    ]
    sign = word[0]
    out.append(svg_text(x - r - 1, y + size * 0.38, sign, size=size * 1.2, anchor="end", weight="bold"))
    if words:
        out.append(svg_text(x + r + 2, y + size * 0.36, word[1:], size=size, anchor="start"))
    out.append("</g>")
    return "".join(out)


def resource_token(resource: Resource, cx: float, cy: float, r: float = 8) -> str:
    """A resource token: Barley a grain (ellipse), Papyrus a scroll (rectangle), Flax a flower, Fruit a round fruit."""
    fill, stroke = RESOURCE_STYLE[resource]
    attrs = f'fill="{fill}" stroke="{stroke}" stroke-width="1.2"'
    if resource is Resource.BARLEY:
        shape = (
            f'<ellipse cx="{svg_number(cx)}" cy="{svg_number(cy)}" rx="{svg_number(r * 0.6)}" ry="{svg_number(r)}" {attrs}/>'
            f'<path d="M{svg_number(cx)} {svg_number(cy - r * 0.7)}V{svg_number(cy + r * 0.7)}" stroke="{stroke}" stroke-width="1"/>'
        )
    elif resource is Resource.PAPYRUS:
        shape = (
            f'<rect x="{svg_number(cx - r)}" y="{svg_number(cy - r * 0.7)}" width="{svg_number(2 * r)}" height="{svg_number(1.4 * r)}" rx="2" {attrs}/>'
            f'<path d="M{svg_number(cx - r * 0.6)} {svg_number(cy - r * 0.2)}H{svg_number(cx + r * 0.6)}M{svg_number(cx - r * 0.6)} {svg_number(cy + r * 0.25)}'
            f'H{svg_number(cx + r * 0.4)}" stroke="{stroke}" stroke-width="1"/>'
        )
    elif resource is Resource.FLAX:
        petals = "".join(
            f'<circle cx="{svg_number(cx + dx * r * 0.5)}" cy="{svg_number(cy + dy * r * 0.5)}" r="{svg_number(r * 0.5)}" {attrs}/>'
            for dx, dy in ((0, -1), (0.95, -0.3), (0.6, 0.8), (-0.6, 0.8), (-0.95, -0.3))
        )
        shape = (
            petals + f'<circle cx="{svg_number(cx)}" cy="{svg_number(cy)}" r="{svg_number(r * 0.3)}" fill="#ffffff"/>'
        )
    else:
        shape = (
            f'<circle cx="{svg_number(cx)}" cy="{svg_number(cy + r * 0.1)}" r="{svg_number(r * 0.85)}" {attrs}/>'
            f'<path d="M{svg_number(cx)} {svg_number(cy - r * 0.7)}q{svg_number(r * 0.5)} {svg_number(-r * 0.5)} {svg_number(r * 0.8)} {svg_number(-r * 0.3)}" '
            f'stroke="#2f5d22" stroke-width="1.6" fill="none"/>'
        )
    return f'<g class="resource-token token-{resource.value}">{svg_title(resource.label)}{shape}</g>'
