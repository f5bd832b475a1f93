"""The three Temple tracks as an SVG string.

Rulebook: Possible Actions: Priest (the tracks, one priest per space, pushing); Example 10 (Ptah's lowest
spaces).  The temples stand left to right as on the board: Amun, Ra, Ptah; each track runs from space 1 at the
bottom to its top space.  Every space shows its effect (illustrative except Ptah 1-4, marked with a solid border).
Priests are coloured discs with the player's initials (so colour is never the only cue).  A priest in transit -
moving or being pushed - is drawn beside the track, dashed.

:func:`temples_svg` is pure: the same state always gives the same text (no random ids; a copy of a picture
already drawn in this process gets ids of its own, see :func:`~tameri_kit.render.card_icons.svg_labels`), so
nbval can check it.  Its ``<title>`` and ``<desc>`` say in words who stands where and what each space gives.
"""

from __future__ import annotations

import zlib
from typing import Iterable, Mapping
from xml.sax.saxutils import escape

from ..data.loader import is_illustrative
from ..data.temples_and_priests import TEMPLES, Temple
from .card_icons import svg_labels

#: Player colours: colour names are drawn in that colour; any other name gets a fixed colour from its letters.
NAMED = {
    "red": "#d62728",
    "blue": "#1f77b4",
    "green": "#2ca02c",
    "yellow": "#e6b800",
    "white": "#f5f5f5",
    "black": "#333333",
    "purple": "#8e44ad",
    "orange": "#ff7f0e",
    "ghost": "#9e9e9e",
}
PALETTE = ("#8c564b", "#17becf", "#bcbd22", "#e377c2", "#7f7f7f", "#9467bd", "#2ca02c", "#d62728", "#1f77b4", "#ff7f0e")
_DARK_TEXT = {"#e6b800", "#f5f5f5", "#bcbd22", "#17becf", "#ff7f0e", "#9e9e9e"}

SPACE_H, TRACK_W, COL_W, TOP, LEFT = 34, 132, 220, 44, 14
GAIN_FILL, SPACE_FILL = "#ffe8a3", "#faf6ec"


def player_colour(name: str, colours: Mapping[str, str] | None = None) -> str:
    """The colour a player is drawn in (deterministic: the same name always gets the same colour)."""
    if colours and name in colours:
        return colours[name]
    if name.lower() in NAMED:
        return NAMED[name.lower()]
    return PALETTE[zlib.crc32(name.encode("utf-8")) % len(PALETTE)]


def _initials(name: str) -> str:
    return name[:2]


def _disc(x: float, y: float, name: str, colours, dashed: bool = False) -> str:
    fill = player_colour(name, colours)
    ink = "#222222" if fill in _DARK_TEXT else "#ffffff"
    dash = ' stroke-dasharray="4 3" fill-opacity="0.75"' if dashed else ""
    return (
        f'<g class="priest"><title>{escape(name)}</title>'
        f'<circle cx="{x}" cy="{y}" r="13" fill="{fill}" stroke="#222222" stroke-width="1.5"{dash}/>'
        f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="11" font-weight="bold" fill="{ink}">'
        f"{escape(_initials(name))}</text></g>"
    )


def temples_words(state, *, moving: Iterable[tuple[str, Temple, int]] = (), caption: str | None = None) -> str:
    """The Temples in words (the picture's description): for each temple, bottom to top, who stands on which space
    and what that space gives; then the priests on their way; then the caption."""
    board = state.board
    lines = []
    for temple in TEMPLES:
        track = board.track(temple)
        here = {space: player for player, space in state.in_temple(temple)}
        standing = (
            "; ".join(
                f"{here[sp.number]} on space {sp.number} ({sp.effect})" for sp in track.spaces if sp.number in here
            )
            or "no priest"
        )
        lines.append(f"{temple.value} ({track.length} spaces): {standing}.")
    for player, temple, space in moving:
        lines.append(f"{player}'s priest on its way to {Temple(temple).value} space {space}.")
    if caption:
        lines.append(caption)
    return " ".join(lines)


def tracks_note(any_illustrative: bool) -> str:
    """The note under the tracks: whether dashed spaces are illustrative."""
    if any_illustrative:
        return (
            "Dashed spaces: illustrative effects (the rulebook's pictures were lost); solid: stated by the rulebook "
            "(Example 10)"
        )
    return "Space effects from the data file"


def illustrative_tracks(board) -> bool:
    """Whether any space of the three tracks of ``board`` is illustrative."""
    return any(is_illustrative(sp.source) for temple in TEMPLES for sp in board.track(temple).spaces)


def temples_svg(
    state,
    *,
    moving: Iterable[tuple[str, Temple, int]] = (),
    highlight: tuple[Temple, Iterable[int]] | None = None,
    caption: str | None = None,
    colours: Mapping[str, str] | None = None,
    only: Temple | None = None,
) -> str:
    """Draw a :class:`~tameri_kit.rules.temple_moves.TempleState`.

    ``moving``: priests in transit (player, temple, space), drawn beside the track.  ``highlight``: a temple and
    the spaces to shade (e.g. the spaces a mover gained).  ``caption``: a line of text under the picture.
    ``only``: one Temple's column alone, where it stands in the whole picture (no note under it; the board for a
    phone shows each column on its own, :mod:`tameri_kit.render.board_narrow`).
    """
    board = state.board
    tallest = max(board.length(t) for t in TEMPLES)
    height = TOP + tallest * SPACE_H + 58 + (18 if caption else 0)
    width = LEFT * 2 + COL_W * 3
    shade = (Temple(highlight[0]), set(highlight[1])) if highlight else (None, set())
    attrs, words = svg_labels("Temples: " + str(state), temples_words(state, moving=moving, caption=caption))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}"{attrs} font-family="sans-serif">',
        words,
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    base = TOP + tallest * SPACE_H  # the bottom edge of every track
    any_illustrative = False
    for k, temple in enumerate(TEMPLES):
        if only is not None and temple is not only:
            continue
        track = board.track(temple)
        x0 = LEFT + k * COL_W
        out.append(
            f'<text x="{x0 + TRACK_W / 2}" y="{TOP - 24}" text-anchor="middle" font-size="15" '
            f'font-weight="bold">{escape(temple.value)}</text>'
        )
        out.append(
            f'<text x="{x0 + TRACK_W / 2}" y="{TOP - 9}" text-anchor="middle" font-size="10" '
            f'fill="#666666">{track.length} spaces, top = {track.length}</text>'
        )
        for sp in track.spaces:
            y = base - sp.number * SPACE_H
            illus = is_illustrative(sp.source)
            any_illustrative |= illus
            gained = shade[0] is temple and sp.number in shade[1]
            fill = GAIN_FILL if gained else SPACE_FILL
            border = ' stroke-dasharray="3 2"' if illus else ""
            # a gained space: shaded and framed thick (a shape as well as a colour)
            width_ = 3 if gained else 1
            tip = f"{temple.value} space {sp.number}: {sp.effect} ({sp.source})"
            out.append(
                f'<g class="space"><title>{escape(tip)}</title>'
                f'<rect x="{x0}" y="{y}" width="{TRACK_W}" height="{SPACE_H}" fill="{fill}" '
                f'stroke="#8a7a5a" stroke-width="{width_}"{border}/>'
                f'<text x="{x0 + 5}" y="{y + 14}" font-size="10" fill="#8a7a5a">{sp.number}</text>'
                f'<text x="{x0 + 20}" y="{y + 21}" font-size="11">{escape(sp.effect.short)}</text></g>'
            )
        for player, space in state.in_temple(temple):
            out.append(_disc(x0 + TRACK_W - 17, base - space * SPACE_H + SPACE_H / 2, player, colours))
    for player, temple, space in moving:
        k = Temple(temple).index
        x0 = LEFT + k * COL_W
        y = base - space * SPACE_H + SPACE_H / 2
        out.append(
            f'<path d="M {x0 + TRACK_W + 6} {y} L {x0 + TRACK_W + 14} {y}" stroke="#444444" stroke-width="1.5"/>'
        )
        out.append(_disc(x0 + TRACK_W + 30, y, player, colours, dashed=True))
    note = tracks_note(any_illustrative)
    if only is None:
        out.append(f'<text x="{LEFT}" y="{base + 22}" font-size="10" fill="#666666">{escape(note)}</text>')
    if moving:
        out.append(
            f'<text x="{LEFT}" y="{base + 38}" font-size="10" fill="#666666">Dashed disc beside a track: a '
            "priest on its way (moving or being pushed)</text>"
        )
    if caption:
        out.append(f'<text x="{LEFT}" y="{height - 10}" font-size="13" font-weight="bold">{escape(caption)}</text>')
    out.append("</svg>")
    return "\n".join(out)
