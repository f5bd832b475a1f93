"""Lesson 00 (welcome): two first looks at the board; the picture that answers them opens in each question's fold.

The answers come from the rules and the board's data (:data:`tameri_kit.rules.common.RAMPS`, the map's fields) when
the learner presses Check; the picture of the pyramid at the set-up is drawn then, below the question.
"""

from __future__ import annotations

from ..data import load_map
from ..render.pyramid_svg import pyramid_svg
from ..rules.common import RAMPS
from ..rules.pyramid import SETUP
from ..widgets.after_check import OpensAfter
from ..widgets.question import Question

QUESTIONS = ("ramps", "fields")
# both are asked before the picture of the board, which opens once both are checked
ASKED_BEFORE = ("ramps", "fields")


def board_picture(_answer=None) -> str:
    """The pyramid, its ramps, rivers and fields at the set-up, with a caption (a question's fold)."""
    return (
        pyramid_svg(SETUP, width=420) + "<p><i>The Great Pyramid at the start of a game, seen from above: a ramp "
        "on each face, a river at the foot of each ramp, a field on each bank.</i></p>"
    )


def ramps() -> Question:
    """How many ramps the Great Pyramid has (Game Setup; Phase 1: Weather)."""
    return Question(
        "The weather falls on the ramps of the Great Pyramid. Seen from above, how many ramps does it have?",
        lambda: len(RAMPS),
        kind="number",
        explain=lambda count: (
            f"One ramp on each face of the pyramid: {', '.join(ramp.label for ramp in RAMPS)} - {count} in all. "
            "The spheres dropped each round land on them (Phase 1: Weather), and each ramp drains into a river."
        ),
        hint="A pyramid seen from above is a square.",
        wrong={3: "Too few: seen from above, the pyramid is a square, with a ramp on each of its faces."},
        about=("ramps", "ramp", "faces", "sides"),
    )


def fields() -> Question:
    """How many fields lie along the rivers (the board's map)."""

    def explain(count: int) -> str:
        names = ", ".join(str(field) for field in load_map().fields)
        return (
            f"Each river has a field on each bank: {count} fields ({names}). Whether a field "
            "grows depends on the spheres on its ramp (Productive Fields and Harvests)."
        )

    return Question(
        "Each ramp drains into a river, and fields lie along the rivers. How many fields are on the board?",
        lambda: len(load_map().fields),
        kind="number",
        explain=explain,
        hint="Count the rivers, then the banks of one river.",
        wrong={4: "Too few: that counts one field per river."},
        about=("fields", "field"),
    )


def board(*asked: Question) -> OpensAfter:
    """The picture of the board: it shows the ramps and fields, so it opens once both questions are checked."""
    return OpensAfter(asked, board_picture, title="The board")
