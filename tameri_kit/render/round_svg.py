"""A round at a glance: the whole order of play of Tameri on one page, drawn with the kit's own pictures.

Rulebook: Game Setup (steps 1-3); Playing the Game and Season 0 (steps 1-8); Game Rounds (Phases 1-5: Weather,
Choosing the Actions, the Turn Order, Individual Turns, and the round's or Season's end); End of the Round
(steps 1-3); End of the Season (steps 1-6); End of the Game (steps 1-6).  Every step on the page names its section.

The words are the kit's paraphrase of the rulebook, never its sentences.  The pictures are the ones the lessons use:
the pyramid as set up (drawn here large enough to read: its spheres in the colours and letters of
:mod:`~tameri_kit.render.pyramid_svg`), the eight action icons each with its name, Action cards and card backs
(:mod:`~tameri_kit.render.cards_svg`), glyph badges, action icons, weather chips and resource tokens
(:mod:`~tameri_kit.render.card_icons`).

The drawing is 1000 units wide and every word is at least 12 units high, so it reads at 1000 px (and prints on one
A4 page).  Pure: the same call always gives the same text (a copy drawn again in the same process gets ids of its
own, see :func:`~tameri_kit.render.card_icons.svg_labels`).  Its ``<desc>`` reads every step in words.
"""

from __future__ import annotations

import re
import textwrap
from xml.sax.saxutils import quoteattr

from ..data import load_actions
from ..rules.action_cards import Action, CardWeather, Glyph
from ..rules.common import RESOURCES, Sphere
from .card_icons import (
    FONT,
    INK,
    action_icon,
    ascii_only,
    glyph_badge,
    resource_token,
    svg_labels,
    svg_number,
    svg_text,
    svg_title,
    weather_chip,
)
from .cards_svg import back_group, card_group
from .pyramid_svg import COLOURS

WIDTH = 1000
TEXT_SIZE = 12.5  # the smallest words on the page
LINE = 16
PANEL_FILL, PANEL_STROKE, CITE = "#fbf7ee", "#c9b48a", "#6b5530"
BAND_FILL = {"before": "#eef3f8", "round": "#f3f8ee", "season": "#f8f1ee", "game": "#f3eef8"}


class RoundPicture(str):
    """The page as SVG text that Jupyter shows as a picture (``_repr_svg_``)."""

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        """The same picture inline in the page: as an ``<img>`` (how an ``image/svg+xml`` output is shown) its
        tooltips, title and description cannot be read."""
        return self._repr_svg_()


def _wrap(text: str, chars: int) -> list[str]:
    return textwrap.wrap(text, chars, break_on_hyphens=False) or [""]


def _lines(x: float, y: float, text: str, chars: int, *, size: float = TEXT_SIZE, **style) -> tuple[str, float]:
    """``text`` wrapped to ``chars`` characters a line, left-aligned from ``(x, y)``; returns the SVG and the height."""
    out = []
    for k, line in enumerate(_wrap(text, chars)):
        out.append(svg_text(x, y + k * size * 1.28, line, size=size, anchor="start", **style))
    return "".join(out), len(out) * size * 1.28


def _nest(svg: str, x: float, y: float, w: float, h: float) -> str:
    """A whole SVG document from another render function, placed at ``(x, y)`` and scaled into ``w`` x ``h``."""
    return re.sub(
        r'^<svg xmlns="http://www.w3.org/2000/svg"\s+width=("[^"]*"|\'[^\']*\')(\s+height="[^"]*")?',
        f'<svg x="{svg_number(x)}" y="{svg_number(y)}" width="{svg_number(w)}" height="{svg_number(h)}" '
        'preserveAspectRatio="xMidYMid meet"',
        svg.strip(),
        count=1,
    )


def _band(y: float, h: float, heading: str, note: str, kind: str) -> str:
    return (
        f'<g class="band band-{kind}"><rect x="0" y="{svg_number(y)}" width="{WIDTH}" height="{svg_number(h)}" rx="10" '
        f'fill="{BAND_FILL[kind]}" stroke="{PANEL_STROKE}" stroke-width="1.2"/>'
        + svg_text(12, y + 24, heading, size=18, anchor="start", weight="bold", cls="band-heading")
        + svg_text(WIDTH - 12, y + 24, note, size=TEXT_SIZE, anchor="end", fill=CITE, cls="band-note")
        + "</g>"
    )


def _step(
    x: float, y: float, w: float, h: float, number: str, title: str, text: str, cite: str, picture: str, pic_h: float
) -> str:
    """One step: a numbered heading, a picture ``pic_h`` high, the words, and the rulebook section it comes from."""
    chars = int((w - 16) / (TEXT_SIZE * 0.56))
    body, body_h = _lines(x + 8, y + 28 + pic_h + 16, text, chars)
    cite_svg, _ = _lines(x + 8, y + h - 8 - LINE * (len(_wrap(cite, chars)) - 1), cite, chars, fill=CITE, cls="cite")
    return (
        f'<g class="step" data-cite={quoteattr(cite)}>{svg_title(f"{number} {title}: {text} ({cite})")}'
        f'<rect x="{svg_number(x)}" y="{svg_number(y)}" width="{svg_number(w)}" height="{svg_number(h)}" rx="7" '
        f'fill="{PANEL_FILL}" stroke="{PANEL_STROKE}" stroke-width="1.2"/>'
        f'<circle cx="{svg_number(x + 17)}" cy="{svg_number(y + 17)}" r="11" fill="{INK}"/>'
        + svg_text(x + 17, y + 21.5, number, size=13, weight="bold", fill="#ffffff")
        + _lines(x + 34, y + 22, title, chars - 4, size=14, weight="bold", cls="step-title")[0]
        + picture
        + body
        + cite_svg
        + "</g>"
    )


def _arrow(x1: float, y1: float, x2: float, y2: float) -> str:
    return (
        f'<path d="M{svg_number(x1)} {svg_number(y1)}L{svg_number(x2)} {svg_number(y2)}" stroke="{CITE}" '
        f'stroke-width="2.5" marker-end="url(#round-arrow)"/>'
    )


def _row(
    y: float, steps: list[tuple[str, str, str, str, str]], pic_h: float, h: float, pictures: list[str], *, arrows=True
) -> str:
    """Steps side by side across the page, joined by arrows when they follow one another."""
    gap = 14
    w = (WIDTH - 20 - gap * (len(steps) - 1)) / len(steps)
    out = []
    for k, ((number, title, text, cite, _), pic) in enumerate(zip(steps, pictures)):
        x = 10 + k * (w + gap)
        out.append(_step(x, y, w, h, number, title, text, cite, pic, pic_h))
        if arrows and k:
            out.append(_arrow(x - gap + 1, y + h / 2, x - 2, y + h / 2))
    return "".join(out)


def _columns(n: int) -> list[tuple[float, float]]:
    """(left x, centre x) of ``n`` equal steps across the page (the same sums as :func:`_row`)."""
    gap = 14
    w = (WIDTH - 20 - gap * (n - 1)) / n
    return [(10 + k * (w + gap), 10 + k * (w + gap) + w / 2) for k in range(n)]


def _sphere(x: float, y: float, sphere: Sphere, r: float = 9) -> str:
    """A sphere as the pyramid pictures draw it: its colour and its letter (colour is never the only cue)."""
    fill, ink = COLOURS[sphere]
    return f'<circle cx="{svg_number(x)}" cy="{svg_number(y)}" r="{svg_number(r)}" fill="{fill}"/>' + svg_text(
        x, y + 4.5, sphere.value, size=TEXT_SIZE, weight="bold", fill=ink
    )


#: The four ramps' directions from the pyramid's centre (North up, as the board pictures draw it).
_ARMS = ((0, -1), (1, 0), (0, 1), (-1, 0))


def _mini_pyramid(cx: float, cy: float, *, rivers: bool) -> str:
    """The Great Pyramid as set up, drawn large enough to read on a page of steps: the square, 2 Suns on each
    ramp and (``rivers``) 2 Silt in each river beyond it; the whole-board picture would be too small here."""
    half = 14 if rivers else 11
    out = [
        f'<rect x="{svg_number(cx - half)}" y="{svg_number(cy - half)}" width="{2 * half}" height="{2 * half}" '
        f'fill="#e3c98f" stroke="{CITE}" stroke-width="1.2"/>'
    ]
    reach = half + (84 if rivers else 36)
    for dx, dy in _ARMS:
        out.append(
            f'<path d="M{svg_number(cx + dx * half)} {svg_number(cy + dy * half)}L{svg_number(cx + dx * reach)} '
            f'{svg_number(cy + dy * reach)}" stroke="#d9c7a0" stroke-width="14" stroke-linecap="round"/>'
        )
        for dist in (half + 12, half + 31):
            out.append(_sphere(cx + dx * dist, cy + dy * dist, Sphere.SUN, 8.5))
        if rivers:
            for dist in (half + 55, half + 74):
                out.append(_sphere(cx + dx * dist, cy + dy * dist, Sphere.SILT, 8.5))
    return "".join(out)


def _action_list(x: float, y: float) -> str:
    """The eight actions, each icon with its name beside it (two columns of four: the longer names on the left)."""
    left = (Action.DECORATION, Action.MERCHANT, Action.OFFERING, Action.BUILDER)
    right = (Action.FARMER, Action.HARVEST, Action.SPHINX, Action.PRIEST)
    out = []
    for column, actions in ((0, left), (1, right)):
        for row, action in enumerate(actions):
            ix, iy = x + 14 + column * 94, y + row * 23
            out.append(
                action_icon(action, ix, iy, 9)
                + svg_text(ix + 13, iy + 4.5, _action_name(action), size=TEXT_SIZE, anchor="start")
            )
    return "".join(out)


def _action_name(action: Action) -> str:
    return "Offering" if action is Action.OFFERING else action.value.capitalize()


def round_svg(*, width: int | str | None = "100%") -> RoundPicture:
    """The order of play on one page: Set-up, Season 0, a round's five phases, the End of the Season, the End of
    the Game, each step with a picture and the rulebook section it paraphrases.

    ``width``: the displayed width (default ``"100%"`` of the output area, at most 1000 px; ``None`` gives the
    drawing's own size in px, for a printable file).
    """
    cards = load_actions()
    parts: list[str] = [
        '<defs><marker id="round-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" '
        f'orient="auto-start-reverse"><path d="M0 0L10 5L0 10Z" fill="{CITE}"/></marker></defs>',
        svg_text(12, 30, "A round at a glance: the order of play in Tameri", size=24, anchor="start", weight="bold"),
        svg_text(
            12,
            52,
            "Set-up and Season 0 once; then 3 Seasons of 4 rounds (12 rounds), each round in five phases; "
            "after the 3rd Season, the End of the Game.",
            size=13.5,
            anchor="start",
        ),
    ]
    y = 66.0

    # ----- before the first round ------------------------------------------------------------------------------
    band_h = 300
    parts.append(_band(y, band_h, "Before the first round", "played once", "before"))
    cols = [(10, 480), (510, 480)]
    inner_y = y + 36
    step_h = band_h - 46
    pic_h = 120
    pyramid_pic = _mini_pyramid(cols[0][0] + 108, inner_y + 124, rivers=True)
    setup_text = (
        "Board: 2 Suns on every ramp, 2 Silt in every river, the Season counter on Akhet, 5 Buildings face up, "
        "Sphinx tiles half light, half dark. Cards: deck B (Season 1) on the board, E beside the Temples, A for "
        "Season 0. Each player: 8 Workers (4 locked), 3 Sphinxes, 2 of each resource and 1 Deben, score 0."
    )
    setup_body, _ = _lines(cols[0][0] + 220, inner_y + 46, setup_text, 44)
    parts.append(
        _step(cols[0][0], inner_y, cols[0][1], step_h, "S", "Set-up", "", "Game Setup, steps 1-3", pyramid_pic, 0)
        + setup_body
    )
    x0 = cols[1][0]
    season0_pic = "".join(back_group(x0 + 12 + k * 34, inner_y + 36, mini=True, scale=0.62) for k in range(5))
    season0_pic += card_group(cards.card(59), x0 + 12 + 5 * 34 + 14, inner_y + 36, mini=True, scale=0.62)
    season0_text = (
        "Deal 5 cards of deck A to each player. Keep 1 face down, pass the rest to the left; repeat until you have "
        "kept 4 (steps 1-4). Reveal the card left over: the lowest number goes first in the turn order (5). In that "
        "order each player places a Farmer on an empty field (6). Your 4 kept cards are your hand (7). Lay players "
        "+ 2 cards of deck B in the Nile; the 2 lowest get their resource (8)."
    )
    season0_body, _ = _lines(x0 + 8, inner_y + 36 + 112, season0_text, 66)
    parts.append(
        _step(x0, inner_y, cols[1][1], step_h, "0", "Season 0: the draft", "", "Season 0, steps 1-8", season0_pic, 0)
        + season0_body
    )
    y += band_h + 12

    # ----- a round ---------------------------------------------------------------------------------------------
    band_h = 404
    parts.append(_band(y, band_h, "Each round: five phases, in order", "Game Rounds; 4 rounds a Season", "round"))
    centres = _columns(5)
    py = y + 36
    pic_h = 96
    pics = [
        _mini_pyramid(centres[0][1], py + 28 + pic_h / 2 + 2, rivers=False)
        + _sphere(centres[0][1] + 58, py + 44, Sphere.WATER, 8.5)
        + _arrow(centres[0][1] + 50, py + 52, centres[0][1] + 30, py + 68),
        card_group(cards.card(59), centres[1][1] - 43, py + 30, mini=True, scale=0.6),
        "".join(
            card_group(cards.card(number), centres[2][0] + 6 + k * 42, py + 36, mini=True, scale=0.4)
            for k, number in enumerate((2, 14, 21))
        )
        + back_group(centres[2][0] + 124, py + 36, mini=True, scale=0.4),
        _action_list(centres[3][0], py + 44),
        "".join(back_group(centres[4][0] + 14 + k * 40, py + 36, mini=True, scale=0.45) for k in range(2))
        + "".join(resource_token(r, centres[4][0] + 140 + k * 20, py + 80, 8) for k, r in enumerate(RESOURCES[:2])),
    ]
    round_steps = [
        (
            "1",
            "Weather",
            "Draw a Weather tile; add the Season's spheres; drop them all into the pyramid. Five alike on a ramp: the "
            "lowest leaves. Silt goes to the rivers; touching Sun and Water leave in pairs.",
            "Phase 1: Weather, steps 1-6",
            "",
        ),
        (
            "2",
            "Choose a card",
            "Everyone at once puts 1 card from the hand face down on their board. A left glyph that matches the "
            "card before it (or the board) gives both actions; else 1.",
            "Phase 2; Glyphs, Actions, and Unrevealed Cards",
            "",
        ),
        (
            "3",
            "Turn order",
            "Reveal together, or keep the card hidden and pay 1 Deben per hidden card this Season (it counts as 1; "
            "any action). The lowest number plays first.",
            "Phase 3: The Turn Order",
            "",
        ),
        (
            "4",
            "Turns",
            "In turn order, a whole turn each: the card's weather effects, then its action(s) and any extras, then "
            "take a card from the Nile, then keep at most 4 of each thing.",
            "Phase 4, steps 1-4; Possible Actions",
            "",
        ),
        (
            "5",
            "End of the round",
            "Fewer than 4 cards on the boards: each of the 2 Nile cards left gets its resource (if it has none), "
            "deal a card per player to the Nile, next round. 4 cards: End of the Season.",
            "Phase 5; End of the Round, steps 1-3",
            "",
        ),
    ]
    parts.append(_row(py, round_steps, pic_h, band_h - 78, pics))
    loop_y = y + band_h - 26
    parts.append(
        f'<path d="M{svg_number(centres[4][1])} {svg_number(py + band_h - 78)}V{svg_number(loop_y)}'
        f'H{svg_number(centres[0][1])}V{svg_number(py + band_h - 78 + 4)}" fill="none" stroke="{CITE}" '
        f'stroke-width="2.5" marker-end="url(#round-arrow)"/>'
        + svg_text(
            WIDTH / 2,
            loop_y - 6,
            "rounds 1-3 of a Season: back to Phase 1",
            size=13,
            weight="bold",
            fill=CITE,
        )
    )
    y += band_h + 12

    # ----- end of the season -----------------------------------------------------------------------------------
    band_h = 318
    parts.append(_band(y, band_h, "End of the Season: six steps", "after the 4th round of each Season", "season"))
    centres = _columns(6)
    sy = y + 36
    pic_h = 58
    pics = [
        "".join(
            f'<rect x="{svg_number(centres[0][0] + 30 + k * 8)}" y="{svg_number(sy + 34 + k * 4)}" width="44" height="54" '
            f'rx="4" fill="#efe2c0" stroke="{CITE}" stroke-width="1.2"/>'
            for k in range(3)
        )
        + action_icon(Action.PRIEST, centres[0][0] + 68, sy + 70, 12),
        glyph_badge(Glyph.SUNRISE, centres[1][1] - 20, sy + 62, 34, named=False)
        + svg_text(centres[1][1] + 18, sy + 70, "+2", size=20, weight="bold"),
        f'<rect x="{svg_number(centres[2][1] - 24)}" y="{svg_number(sy + 34)}" width="48" height="56" rx="4" '
        f'fill="#ffffff" stroke="{CITE}" stroke-width="1.2"/>'
        + svg_text(centres[2][1], sy + 66, "G2", size=16, weight="bold"),
        "".join(resource_token(r, centres[3][0] + 28 + k * 32, sy + 62, 11) for k, r in enumerate(RESOURCES)),
        "".join(back_group(centres[4][0] + 30 + k * 24, sy + 32, mini=True, scale=0.34) for k in range(3)),
        weather_chip(CardWeather.REMOVE_SUN, centres[5][0] + 40, sy + 62, 14, words=False)
        + weather_chip(CardWeather.REMOVE_WATER, centres[5][0] + 88, sy + 62, 14, words=False),
    ]
    season_steps = [
        (
            "1",
            "Priest cards",
            "From the top Priest of Amun, then Ra, then Ptah: draw as many cards as Priests in play, keep 1, pass on.",
            "End of the Season, step 1",
            "",
        ),
        (
            "2",
            "Glyph bonus",
            "Your 4th card's right glyph matches your board's: 2 points.",
            "End of the Season, step 2",
            "",
        ),
        ("3", "Buildings", "Score the season-end points of your Building cards.", "End of the Season, step 3", ""),
        (
            "4",
            "Offerings",
            "Type by type (Barley, Papyrus, Flax, Fruit): most behind the screen 2 points, a tie 1 "
            "each; who scored discards that type.",
            "End of the Season, step 4",
            "",
        ),
        (
            "5",
            "Clear away",
            "Discard the Nile's and boards' cards and the Season's deck; Nile resources go to the Market.",
            "End of the Season, step 5",
            "",
        ),
        (
            "6",
            "Next Season",
            "After Seasons 1 and 2: reshuffle the tiles, slide the Buildings, lay the next deck's "
            "players + 2 cards; Phase 1.",
            "End of the Season, step 6",
            "",
        ),
    ]
    parts.append(_row(sy, season_steps, pic_h, band_h - 46, pics))
    y += band_h + 12

    # ----- end of the game -------------------------------------------------------------------------------------
    band_h = 300
    parts.append(_band(y, band_h, "End of the Game", "after the End of the 3rd Season (round 12)", "game"))
    centres = _columns(6)
    gy = y + 36
    pics = [
        "".join(resource_token(r, centres[0][0] + 34 + k * 26, gy + 62, 10) for k, r in enumerate(RESOURCES[:4])),
        "".join(
            f'<rect x="{svg_number(centres[1][0] + 22 + k * 30)}" y="{svg_number(gy + 36 + (k % 2) * 6)}" width="40" '
            f'height="50" rx="4" fill="#ffffff" stroke="{CITE}" stroke-width="1.2"/>'
            for k in range(4)
        ),
        "".join(
            f'<rect x="{svg_number(centres[2][0] + 40 + k * 10)}" y="{svg_number(gy + 34 + k * 4)}" width="44" '
            f'height="54" rx="4" fill="#efe2c0" stroke="{CITE}" stroke-width="1.2"/>'
            for k in range(3)
        ),
        "".join(
            glyph_badge(glyph, centres[3][0] + 30 + k * 36, gy + 62, 28, named=False) for k, glyph in enumerate(Glyph)
        ),
        "".join(resource_token(r, centres[4][0] + 40 + k * 24, gy + 62, 9) for k, r in enumerate(RESOURCES[:3]))
        + svg_text(centres[4][0] + 130, gy + 68, "= 1", size=18, weight="bold"),
        svg_text(centres[5][1], gy + 76, "\u2605", size=44, fill="#c98a00"),
    ]
    game_steps = [
        (
            "1",
            "Total offering",
            "Most resources left behind the screen: 2 points (a tie: 1 each); then all discard.",
            "End of the Game, step 1",
            "",
        ),
        (
            "2",
            "Building sets",
            "Sets of different symbols: 1, 2, 4, 7, 11, 15 or 20 points for 1 to 7 symbols.",
            "End of the Game, step 2",
            "",
        ),
        ("3", "Priest cards", "Reveal your Priest cards and score their points.", "End of the Game, step 3", ""),
        (
            "4",
            "Hand glyphs",
            "Count each kind of glyph in your hand, both sides: score the largest count (S6).",
            "End of the Game, step 4",
            "",
        ),
        (
            "5",
            "Leftovers",
            "1 point for every 3 resources, Deben and Silt you hold together (round down).",
            "End of the Game, step 5",
            "",
        ),
        (
            "6",
            "Winner",
            "Highest score wins; a tie goes to the highest Action card in hand.",
            "End of the Game, step 6",
            "",
        ),
    ]
    parts.append(_row(gy, game_steps, 58, band_h - 46, pics))
    y += band_h + 8

    height = y
    label = "A round at a glance: the order of play in Tameri"
    size = f'width="{WIDTH}" height="{svg_number(height)}"' if width is None else f"width={quoteattr(str(width))}"

    def said(heading: str, steps) -> str:
        return f"{heading}: " + " ".join(f"{number}. {name}: {text}" for number, name, text, _, _ in steps)

    desc = " ".join(
        [
            f"Before the first round. Set-up: {setup_text} Season 0, the draft: {season0_text}",
            said("Each round, five phases in order", round_steps),
            said("End of the Season, after the 4th round of each Season", season_steps),
            said("End of the Game, after the End of the 3rd Season", game_steps),
        ]
    )
    attrs, words = svg_labels(label, desc)
    return RoundPicture(
        ascii_only(
            f'<svg xmlns="http://www.w3.org/2000/svg" {size} viewBox="0 0 {WIDTH} {svg_number(height)}"{attrs} '
            f'font-family="{FONT}" fill="{INK}" class="tameri-round" '
            f'style="max-width:{WIDTH}px;background:#ffffff">{words}{"".join(parts)}</svg>'
        )
    )


__all__ = ["RoundPicture", "round_svg"]
