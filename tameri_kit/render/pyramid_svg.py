"""The Great Pyramid seen from above, as an SVG string.

Rulebook: Game Setup 1b (ramps and rivers); Phase 1: Weather (what sits on a ramp, what is hidden inside the
pyramid); Productive Fields and Harvests (the two fields beside each river, the numbers beside the Silt spaces).

:func:`pyramid_svg` is a pure function: the same pyramid, board and readings always give the same text (no random
ids, no clock; a copy of a picture already drawn in this process gets ids of its own, see
:func:`~tameri_kit.render.card_icons.svg_labels`), so notebooks that show it can be checked with nbval.  Its
``<title>`` and ``<desc>`` (:func:`pyramid_words`) say in words what it shows: each ramp's spheres from the bottom,
each river's Silt and fields, the supply.

Layout: the pyramid is the square in the middle.  Each ramp runs from the pyramid's side outwards (North up,
East right, South down, West left); its bottom (position 1) is the outer end, next to its river.  Only the
positions a learner can see are drawn (reading W1, ``readings.visible``); spheres further up the ramp are inside
the pyramid and are counted in a small note.  Beyond each ramp lies its river: 4 Silt spaces, nearest the pyramid
first, each with the number printed beside it, and the river's two fields on either side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from xml.sax.saxutils import escape, quoteattr

from ..data.board import BoardMap, load_map
from ..data.loader import is_illustrative
from ..rules.common import RAMPS, Ramp, Sphere
from ..rules.fields import FieldStatus, field_status
from ..rules.pyramid import RIVER_SPACES, Pyramid
from ..rules.readings import DEFAULT, Readings
from .card_icons import svg_labels
from .card_icons import svg_number as _f
from .card_icons import svg_title as _title

#: Fill and letter colours of the spheres.  Letters are drawn on every sphere so colour is never the only cue.
COLOURS = {
    Sphere.SUN: ("#f2b705", "#3b2f00"),  # gold, dark letter
    Sphere.WATER: ("#1f6fb5", "#ffffff"),  # blue, white letter
    Sphere.SILT: ("#8b5a2b", "#ffffff"),  # brown, white letter
}
SILT_FILL, SILT_EMPTY = COLOURS[Sphere.SILT][0], "#f4ecd8"
HIGHLIGHT = "#d6336c"
PRODUCTIVE_FILL, BARREN_FILL = "#dcf2d3", "#eeeeee"

WIDTH, HEIGHT = 720, 770  # drawing units (the viewBox)
DISPLAY_WIDTH = 560  # default size on screen; the drawing scales to any width
_CX, _CY = 360, 360
_HALF = 70  # half the side of the pyramid square
_RAMP_LEN = 130  # length of the drawn (visible) part of a ramp
_GAP = 12  # between a ramp's bottom and its river's first space
_SPACE = 26  # one river Silt space
_FIELD_W, _FIELD_H = 140, 58

#: Unit vector pointing from the centre outwards along each ramp, and the perpendicular used for "beside".
_OUT = {Ramp.NORTH: (0, -1), Ramp.EAST: (1, 0), Ramp.SOUTH: (0, 1), Ramp.WEST: (-1, 0)}
_SIDE = {Ramp.NORTH: (1, 0), Ramp.EAST: (0, 1), Ramp.SOUTH: (1, 0), Ramp.WEST: (0, 1)}
#: +1 where ``_SIDE`` runs clockwise round the pyramid, -1 where it runs against (the fields are laid out clockwise).
_CLOCKWISE = {Ramp.NORTH: 1, Ramp.EAST: 1, Ramp.SOUTH: -1, Ramp.WEST: -1}


def _at(ramp: Ramp, dist: float, side: float = 0.0) -> tuple[float, float]:
    (ox, oy), (sx, sy) = _OUT[ramp], _SIDE[ramp]
    return _CX + ox * dist + sx * side, _CY + oy * dist + sy * side


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: int = 12,
    anchor: str = "middle",
    weight: str | None = None,
    fill: str = "#222",
    cls: str | None = None,
) -> str:
    attrs = f'x="{_f(x)}" y="{_f(y)}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"'
    if weight:
        attrs += f' font-weight="{weight}"'
    if cls:
        attrs += f' class="{cls}"'
    return f"<text {attrs}>{escape(text)}</text>"


def _slots(seq: str, readings: Readings) -> int:
    """How many positions the drawn part of a ramp has."""
    return readings.visible if readings.visible is not None else max(5, len(seq))


def _ramp_group(
    ramp: Ramp, seq: str, readings: Readings, highlighted: bool, waiting: int = 0, toward: Ramp | None = None
) -> str:
    geo = toward or ramp  # the direction it is drawn in (a side drawn on its own: always East)
    n = _slots(seq, readings)
    first_waiting = len(seq) - waiting + 1  # positions from here up landed this phase and wait (step 3)
    seen, hidden = seq[:n], seq[n:]
    step = _RAMP_LEN / n
    r = min(11.0, step * 0.42)
    out = [f'<g id="ramp-{ramp.value}" class="ramp">']
    x0, y0 = _at(geo, _HALF, -15)
    x1, y1 = _at(geo, _HALF + _RAMP_LEN, 15)
    rx, ry = min(x0, x1), min(y0, y1)
    w, h = abs(x1 - x0), abs(y1 - y0)
    stroke = f'stroke="{HIGHLIGHT}" stroke-width="4"' if highlighted else 'stroke="#9c8a62" stroke-width="1"'
    cls = "track highlight" if highlighted else "track"
    out.append(
        f'<rect class="{cls}" x="{_f(rx)}" y="{_f(ry)}" width="{_f(w)}" height="{_f(h)}" rx="6" '
        f'fill="#e9dcb9" {stroke}>'
        + _title(
            f"Ramp {ramp.label}: {len(seen)} sphere(s) in view" + (" (the ramp of this event)" if highlighted else "")
        )
        + "</rect>"
    )
    # tick marks between positions, so empty positions can be counted too
    for k in range(1, n):
        a, b = _at(geo, _HALF + k * step, -15), _at(geo, _HALF + k * step, 15)
        out.append(
            f'<line x1="{_f(a[0])}" y1="{_f(a[1])}" x2="{_f(b[0])}" y2="{_f(b[1])}" stroke="#cbb98c" stroke-width="1"/>'
        )
    for pos, ch in enumerate(seen, 1):
        sphere = Sphere(ch)
        fill, ink = COLOURS[sphere]
        x, y = _at(geo, _HALF + (n - pos + 0.5) * step)
        where = "bottom, next to the river" if pos == 1 else f"position {pos} from the bottom"
        waits = pos >= first_waiting
        if waits:
            out.append(
                f'<circle class="waiting" cx="{_f(x)}" cy="{_f(y)}" r="{_f(r + 3)}" fill="none" '
                f'stroke="{HIGHLIGHT}" stroke-width="2" stroke-dasharray="3 2"/>'
            )
        note = "; it landed this phase and waits until every sphere has fallen (step 3)" if waits else ""
        out.append(
            f'<g class="sphere {sphere.name.lower()}{" waiting" if waits else ""}">'
            f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{fill}" stroke="#333" stroke-width="1">'
            + _title(f"{sphere.label} on ramp {ramp.label}, {where}{note}")
            + "</circle>"
        )
        if r >= 7:
            out.append(_text(x, y + r * 0.42, ch, size=int(r * 1.15), weight="bold", fill=ink))
        out.append("</g>")
    vertical = geo in (Ramp.NORTH, Ramp.SOUTH)
    lx, ly = _at(geo, _HALF + _RAMP_LEN + (-4 if geo is Ramp.NORTH else 2), -30 if vertical else -24)
    out.append(
        _text(
            lx,
            ly,
            ramp.label,
            size=12,
            weight="bold",
            anchor="end" if vertical else "middle",
            fill=HIGHLIGHT if highlighted else "#222",
        )
    )
    if hidden:
        x, y = _at(geo, _HALF - 22)
        names = ", ".join(Sphere(c).label for c in hidden)
        out.append(
            f'<g class="hidden-note">'
            f'<rect x="{_f(x - 30)}" y="{_f(y - 10)}" width="60" height="18" rx="4" fill="#fff8e6" stroke="#9c8a62">'
            + _title(
                f"{len(hidden)} more sphere(s) further up ramp {ramp.label}, inside the pyramid and out of "
                f"view (reading W1), from lower to higher: {names}"
            )
            + "</rect>"
            + _text(x, y + 3, f"+{len(hidden)} inside", size=10)
            + "</g>"
        )
    out.append("</g>")
    return "".join(out)


#: What a field says while a weather phase is still being played out (its ramp is not resolved yet).
UNSETTLED = "not settled yet"
_UNSETTLED_WHY = "the weather phase is still running: a field is judged once steps 3-6 are over"
#: What a field says when the reader is asked to judge it (``settled=None``: a lesson's question about the picture).
ASK = "productive? you judge"
_ASK_WHY = "judge it from the spheres in view on its ramp and the Silt in its river (lesson 02)"


def _unsettled(settled: bool | None) -> tuple[str, str]:
    return (UNSETTLED, _UNSETTLED_WHY) if settled is False else (ASK, _ASK_WHY)


def _river_group(
    ramp: Ramp,
    silt: int,
    board: BoardMap,
    statuses: list[FieldStatus],
    farmers=None,
    settled: bool | None = True,
    toward: Ramp | None = None,
) -> str:
    geo = toward or ramp
    out = [f'<g id="river-{ramp.value}" class="river">']
    start = _HALF + _RAMP_LEN + _GAP
    a, b = _at(geo, start - 4), _at(geo, start + RIVER_SPACES * _SPACE + 4)
    out.append(
        f'<line x1="{_f(a[0])}" y1="{_f(a[1])}" x2="{_f(b[0])}" y2="{_f(b[1])}" stroke="#a8d0f0" '
        f'stroke-width="26" stroke-linecap="round"/>'
    )
    for k, number in enumerate(board.silt_numbers, 1):
        x, y = _at(geo, start + (k - 0.5) * _SPACE)
        filled = k <= silt
        state = "holds a Silt" if filled else "empty"
        out.append(
            f'<circle class="silt-space{" filled" if filled else ""}" cx="{_f(x)}" cy="{_f(y)}" r="10" '
            f'fill="{SILT_FILL if filled else SILT_EMPTY}" stroke="#5a3a1a" stroke-width="1">'
            + _title(f"{ramp.label} river, Silt space {k} ({state}); the number beside it is {number}")
            + "</circle>"
        )
        if filled:
            out.append(_text(x, y + 4, "L", size=11, weight="bold", fill="#ffffff"))
        nx, ny = _at(geo, start + (k - 0.5) * _SPACE, 21)
        out.append(_text(nx, ny + 4, str(number), size=10, fill="#5a3a1a", cls="silt-number"))
    for side, st in zip((-1, 1), statuses):
        out.append(_field_box(ramp, side, st, start, (farmers or {}).get(str(st.field), ()), settled, geo))
    out.append("</g>")
    return "".join(out)


def _farmer_disc(x: float, y: float, name: str, field: str) -> str:
    from .temples_svg import player_colour

    fill = player_colour(name)
    red, green, blue = (int(fill[k : k + 2], 16) for k in (1, 3, 5))
    ink = "#222222" if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else "#ffffff"  # dark on light
    return (
        f'<g class="farmer" data-player={quoteattr(name)}>'
        + _title(f"{name}'s Farmer on {field}")
        + f'<circle cx="{_f(x)}" cy="{_f(y)}" r="11" fill="{fill}" stroke="#222222" stroke-width="1.5"/>'
        + _text(x, y + 4, name[:2], size=10, weight="bold", fill=ink)
        + "</g>"
    )


def _field_box(
    ramp: Ramp,
    side: int,
    st: FieldStatus,
    river_start: float,
    farmers=(),
    settled: bool | None = True,
    toward: Ramp | None = None,
) -> str:
    geo = toward or ramp
    along = river_start + RIVER_SPACES * _SPACE / 2
    off = 34 + (_FIELD_W if geo in (Ramp.NORTH, Ramp.SOUTH) else _FIELD_H) / 2
    # a river's fields in clockwise order (reading X1: North left to right, East top to bottom, South right to left,
    # West bottom to top), so that "the next field clockwise" can be read off the picture
    x, y = _at(geo, along, side * off * _CLOCKWISE[geo])
    if not settled:
        label, why = _unsettled(settled)
        return (
            f'<g class="field unsettled" data-field="{st.field}">'
            f'<rect x="{_f(x - _FIELD_W / 2)}" y="{_f(y - _FIELD_H / 2)}" width="{_FIELD_W}" height="{_FIELD_H}" '
            f'rx="6" fill="#ffffff" stroke="#999" stroke-width="1.5" stroke-dasharray="4 3">'
            + _title(f"{st.field.crop.label} on {ramp.label}: {why}")
            + "</rect>"
            + _text(x, y - 10, st.field.crop.label, size=13, weight="bold")
            + _text(x, y + 6, label, size=11)
            + "".join(
                _farmer_disc(x + _FIELD_W / 2 - 2 - k * 22, y - _FIELD_H / 2 + 2, name, str(st.field))
                for k, name in enumerate(farmers)
            )
            + "</g>"
        )
    fill = PRODUCTIVE_FILL if st.productive else BARREN_FILL
    verdict = "productive" if st.productive else "not productive"
    if not st.productive:
        harvest = "no harvest"
    else:
        harvest = f"a Farmer harvests {st.yield_}" if st.silt else "no Silt: harvests 0"
    cls = "field productive" if st.productive else "field barren"
    return (
        f'<g class="{cls}" data-field="{st.field}">'
        f'<rect x="{_f(x - _FIELD_W / 2)}" y="{_f(y - _FIELD_H / 2)}" width="{_FIELD_W}" height="{_FIELD_H}" rx="6" '
        f'fill="{fill}" stroke="{"#3c8c2c" if st.productive else "#999"}" stroke-width="1.5">'
        + _title(st.reason)
        + "</rect>"
        + _text(x, y - 10, st.field.crop.label, size=13, weight="bold")
        + _text(x, y + 6, ("\u2713 " if st.productive else "\u2717 ") + verdict, size=11)
        + _text(x, y + 21, harvest, size=11)
        + "".join(
            _farmer_disc(x + _FIELD_W / 2 - 2 - k * 22, y - _FIELD_H / 2 + 2, name, str(st.field))
            for k, name in enumerate(farmers)
        )
        + "</g>"
    )


def _supply(pyramid: Pyramid) -> str:
    out = ['<g id="supply" class="supply">', _text(14, 24, "Supply", size=13, anchor="start", weight="bold")]
    for k, sphere in enumerate(Sphere):
        fill, ink = COLOURS[sphere]
        y = 46 + k * 24
        n = pyramid.supply(sphere)
        out.append(
            f'<circle cx="24" cy="{y}" r="9" fill="{fill}" stroke="#333" stroke-width="1">'
            + _title(f"{n} {sphere.label} sphere(s) left in the supply")
            + "</circle>"
        )
        out.append(_text(24, y + 4, sphere.value, size=10, weight="bold", fill=ink))
        out.append(
            _text(40, y + 4, f"{sphere.label}: {n}", size=12, anchor="start", cls=f"supply-{sphere.name.lower()}")
        )
    out.append(_text(14, 46 + 3 * 24 + 4, f"Silt on player boards: {pyramid.held_silt}", size=11, anchor="start"))
    out.append("</g>")
    return "".join(out)


def pyramid_notes(board: BoardMap, readings: Readings) -> list[str]:
    """The notes under the pyramid: what part of a ramp is in view (reading W1), which crops are illustrative, and
    what the letters and numbers mean."""
    lines = []
    if readings.visible is not None:
        lines.append(f"Only the lowest {readings.visible} positions of a ramp are in view (reading W1).")
    else:
        lines.append("Every sphere on a ramp is drawn (reading W1 switched off).")
    made_up = [r.ramp.value for r in board.rivers if is_illustrative(r.source)]
    if made_up:
        lines.append(f"Crops beside river(s) {', '.join(made_up)} are illustrative (the rulebook's map was lost).")
    lines.append("Letters: S Sun, W Water, L Silt.  Numbers beside a river: its harvest per Silt space.")
    return lines


def _notes(board: BoardMap, readings: Readings) -> str:
    lines = pyramid_notes(board, readings)
    out = ['<g id="notes" class="notes">']
    for k, line in enumerate(lines):
        out.append(_text(14, HEIGHT - 12 - (len(lines) - 1 - k) * 15, line, size=11, anchor="start", fill="#444"))
    out.append("</g>")
    return "".join(out)


def pyramid_words(
    pyramid: Pyramid,
    board: BoardMap | None = None,
    readings: Readings = DEFAULT,
    farmers: Mapping[str, Sequence[str]] | None = None,
    *,
    settled: bool | None = True,
    waiting: dict | None = None,
    highlight: Ramp | None = None,
) -> str:
    """What :func:`pyramid_svg` shows, in words (the picture's description for screen readers): for each ramp the
    spheres in view from the bottom up (and how many more are hidden inside the pyramid), for each river how many
    of its Silt spaces hold a Silt and its two fields (productive or not, the harvest, the Farmers on them); then
    the supply.

    >>> from tameri_kit.rules import SETUP
    >>> pyramid_words(SETUP).split(". ")[0]
    'Ramp North, from the bottom up: Sun, Sun'
    """
    board = board or load_map()
    statuses = field_status(pyramid, board, readings)
    lines = []
    for ramp in RAMPS:
        seq = pyramid.ramp(ramp)
        n = _slots(seq, readings)
        seen, hidden = seq[:n], seq[n:]
        spheres = ", ".join(Sphere(ch).label for ch in seen) or "empty"
        line = f"Ramp {ramp.label}" + (" (the ramp of this event)" if ramp is highlight else "")
        line += f", from the bottom up: {spheres}"
        if hidden:
            line += f"; {len(hidden)} more sphere(s) inside the pyramid"
        if (waiting or {}).get(ramp):
            line += f"; the top {waiting[ramp]} landed this phase and wait"
        lines.append(line + ".")
        fields = []
        for st in (st for st in statuses if st.field.ramp is ramp):
            if not settled:
                verdict = _unsettled(settled)[0]
            elif not st.productive:
                verdict = "not productive"
            else:
                verdict = f"productive, a Farmer harvests {st.yield_}" if st.silt else "productive, no Silt: harvests 0"
            who = (farmers or {}).get(str(st.field), ())
            on = f", Farmer(s) of {', '.join(who)}" if who else ""
            fields.append(f"{st.field.crop.label} ({verdict}{on})")
        silt = pyramid.river(ramp)
        lines.append(f"{ramp.label} river: {silt} of {RIVER_SPACES} Silt spaces filled; fields: {'; '.join(fields)}.")
    supply = ", ".join(f"{pyramid.supply(sphere)} {sphere.label}" for sphere in Sphere)
    lines.append(f"Supply: {supply}; Silt on player boards: {pyramid.held_silt}.")
    return " ".join(lines)


def pyramid_svg(
    pyramid: Pyramid,
    board: BoardMap | None = None,
    readings: Readings = DEFAULT,
    highlight: Ramp | str | None = None,
    width: int | str | None = None,
    farmers: Mapping[str, Sequence[str]] | None = None,
    *,
    settled: bool | None = True,
    waiting: dict | None = None,
) -> str:
    """Draw the pyramid from above: ramps, rivers, fields and supply, as an SVG document (a string).

    ``highlight`` outlines one ramp (e.g. the ramp of the event being replayed).  ``width`` sets the displayed
    width (e.g. ``480`` or ``"100%"``; default :data:`DISPLAY_WIDTH`); the drawing scales to it.  ``farmers``:
    field (``"N-barley"``) -> the names of the players whose Farmer stands there, drawn as discs on the field.  Hover over
    anything for a tooltip.  Deterministic: equal arguments give equal text.

    In the middle of a weather phase pass ``settled=False``: the fields then say "not settled yet" (they are
    judged once steps 3-6 are over).  ``settled=None`` leaves the judging to the reader (a lesson's question about
    the picture): the fields say "productive? you judge" and nothing of their harvest.  ``waiting`` ({ramp: k}) marks the top ``k`` spheres of a ramp as landed this
    phase and waiting there until every sphere has fallen (step 3); they are drawn with a dashed ring.

    >>> from tameri_kit.rules import SETUP
    >>> svg = pyramid_svg(SETUP)
    >>> svg.startswith("<svg") and svg.count('class="sphere ') == 8
    True
    """
    if not isinstance(pyramid, Pyramid):
        raise TypeError(f"pyramid_svg draws a Pyramid, not {type(pyramid).__name__}")
    board = board or load_map()
    hi = None if highlight is None else (highlight if isinstance(highlight, Ramp) else Ramp.parse(highlight))
    statuses = field_status(pyramid, board, readings)
    label = f"The Great Pyramid from above: {pyramid}"
    if width is None:
        size = f'width="{DISPLAY_WIDTH}" height="{round(DISPLAY_WIDTH * HEIGHT / WIDTH)}"'
    else:
        size = f"width={quoteattr(str(width))}"
    attrs, words = svg_labels(
        label,
        pyramid_words(pyramid, board, readings, farmers, settled=settled, waiting=waiting, highlight=hi),
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} '
        f'viewBox="0 0 {WIDTH} {HEIGHT}"{attrs} '
        f'font-family="DejaVu Sans, Verdana, sans-serif" class="tameri-pyramid">',
        words,
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fbf7ee"/>',
    ]
    # the pyramid itself: a square with its four faces
    x0, y0, x1, y1 = _CX - _HALF, _CY - _HALF, _CX + _HALF, _CY + _HALF
    parts.append(
        f'<g id="pyramid"><rect x="{_f(x0)}" y="{_f(y0)}" width="{2 * _HALF}" height="{2 * _HALF}" '
        f'fill="#e3c98f" stroke="#8a6d2f" stroke-width="2">'
        + _title("The Great Pyramid: spheres dropped in roll down one of its four ramps")
        + "</rect>"
        f'<line x1="{_f(x0)}" y1="{_f(y0)}" x2="{_f(x1)}" y2="{_f(y1)}" stroke="#8a6d2f"/>'
        f'<line x1="{_f(x1)}" y1="{_f(y0)}" x2="{_f(x0)}" y2="{_f(y1)}" stroke="#8a6d2f"/></g>'
    )
    for ramp in RAMPS:
        parts.append(_ramp_group(ramp, pyramid.ramp(ramp), readings, ramp is hi, (waiting or {}).get(ramp, 0)))
        pair = [s for s in statuses if s.field.ramp is ramp]
        parts.append(_river_group(ramp, pyramid.river(ramp), board, pair, farmers, settled))
    parts.append(_supply(pyramid))
    parts.append(_notes(board, readings))
    parts.append("</svg>")
    return "".join(parts)


#: The box ``(x, y, width, height)``, in the pyramid's drawing units, of one side drawn by :func:`pyramid_side`.
SIDE_BOX = (378, 255, 327, 205)
#: The box of the supply (:func:`supply_group`).
SUPPLY_BOX = (4, 4, 200, 128)


def pyramid_side(
    pyramid: Pyramid,
    ramp: Ramp,
    board: BoardMap | None = None,
    readings: Readings = DEFAULT,
    farmers: Mapping[str, Sequence[str]] | None = None,
    *,
    settled: bool | None = True,
) -> str:
    """One side of the pyramid on its own - the pyramid's edge, the ramp ``ramp`` with its spheres, its river and
    the river's two fields (the first clockwise on top) - as a ``<g>`` in the pyramid's drawing units inside
    :data:`SIDE_BOX`, always turned as the East side is drawn (the pyramid on the left, the river running right), so
    that its words run left to right.  The board for a phone stacks the four sides in one column
    (:mod:`tameri_kit.render.board_narrow`); its smallest words are 10 units.  Pure, like :func:`pyramid_svg`."""
    board = board or load_map()
    statuses = [s for s in field_status(pyramid, board, readings) if s.field.ramp is ramp]
    x, y, _w, h = SIDE_BOX
    return (
        f'<g class="pyramid-side" data-ramp="{ramp.value}">'
        f'<rect x="{x}" y="{_CY - _HALF}" width="{_CX + _HALF - x}" height="{2 * _HALF}" fill="#e3c98f" '
        f'stroke="#8a6d2f" stroke-width="2">'
        + _title(f"The Great Pyramid's {ramp.label} side: spheres dropped in roll down its ramp to the river")
        + "</rect>"
        + _ramp_group(ramp, pyramid.ramp(ramp), readings, False, 0, Ramp.EAST)
        + _river_group(ramp, pyramid.river(ramp), board, statuses, farmers, settled, Ramp.EAST)
        + "</g>"
    )


def supply_group(pyramid: Pyramid) -> str:
    """The spheres left in the supply and the Silt on the player boards, as a ``<g>`` inside :data:`SUPPLY_BOX`."""
    return _supply(pyramid)


def phase_html(result, board: BoardMap | None = None, readings: Readings = DEFAULT) -> str:
    """A weather phase as HTML: its numbered event log and the pyramid at the end (for ``PhaseResult``)."""
    items = "".join(f"<li>{escape(e.text)} <small>[{escape(e.step)}]</small></li>" for e in result.events)
    return (
        f"<div class='tameri-phase'><p><b>Start:</b> <code>{escape(str(result.start))}</code><br>"
        f"<b>Landings:</b> <code>{escape(' '.join(str(x) for x in result.landings) or '(none)')}</code></p>"
        f"<ol>{items}</ol><p><b>End:</b> <code>{escape(str(result.end))}</code></p>"
        f"{pyramid_svg(result.end, board, readings)}</div>"
    )


def fields_table(
    pyramid: Pyramid, board: BoardMap | None = None, readings: Readings = DEFAULT, *, settled: bool = True
) -> str:
    """An HTML table of every field: what its ramp shows, productive or not, and what a Farmer would harvest.

    ``settled=False`` (in the middle of a weather phase): every field says "not settled yet" and no harvest."""
    rows = []
    for fs in field_status(pyramid, board, readings):
        seen = f"{fs.sun} Sun, {fs.water} Water"
        if settled:
            verdict = "\u2713 productive" if fs.productive else "\u2717 not productive"
            colour = "#dcf2d3" if fs.productive else "#f2f2f2"
            why, harvest = fs.reason, str(fs.yield_)
        else:
            verdict, colour, why, harvest = UNSETTLED, "#ffffff", _UNSETTLED_WHY, "-"
        rows.append(
            f"<tr title={quoteattr(why)} style='background:{colour}'>"
            f"<td>{escape(fs.field.crop.label)}</td>"
            f"<td>{fs.field.ramp.label}</td><td style='white-space:nowrap'>{seen}</td>"
            f"<td style='white-space:nowrap'>{verdict}</td><td>{fs.silt}</td>"
            f"<td>{harvest}</td></tr>"
        )
    head = "<tr><th>Field</th><th>Ramp</th><th>In view</th><th>Productive?</th><th>Silt</th><th>Harvest</th></tr>"
    style = "<style>.tameri-fields td, .tameri-fields th {padding: 1px 6px; text-align: left}</style>"
    return f"{style}<table class='tameri-fields'>{head}{''.join(rows)}</table>"


__all__ = ["pyramid_svg", "phase_html", "fields_table", "COLOURS"]
