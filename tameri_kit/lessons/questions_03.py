"""Lesson 03 (probability on the ramps): exact chances, predicted before the lesson computes them.

Every answer is an exact fraction from :mod:`tameri_kit.probability.exact`, computed when the learner presses Check.
"""

from __future__ import annotations

import base64
from fractions import Fraction

import sympy

from ..probability.exact import distribution_rows, field_probabilities, ramp_distribution, table_html, tilt
from ..rules.pyramid import SETUP
from ..widgets.probability_figures import figure_png, polynomial_figure
from ..widgets.question import Question

QUESTIONS = ("five_suns_stay", "flax_east_one_water", "fruit_north_worst_tilt", "fruit_north_lowest_chance")
# asked before the text or widget that answers them (the others are answered nowhere in the lesson)
ASKED_BEFORE = ("five_suns_stay", "flax_east_one_water")

FOUR_SUNS = "N:SSSS E:- S:- W:- rivers:0000"
EMPTY = "N:- E:- S:- W:- rivers:2222"


def _five_suns() -> Fraction:
    return ramp_distribution(FOUR_SUNS, "N", "SL")[("SSSSS", 1)]


def five_suns_worked(_answer=None) -> str:
    """Why five Suns stay in one order only, and North's whole distribution (the question's fold)."""
    table = table_html(
        distribution_rows(ramp_distribution(FOUR_SUNS, "N", "SL")),
        header=("North ramp", "North river Silt", "probability"),
    )
    return (
        "<p><b>Sun, then Silt</b> on North: the ramp reads <code>SSSSSL</code>; five Suns in a row lose the lowest "
        "(step 4), then the Silt is in view and goes to the river (step 5): <code>SSSS</code> (Example 2a). "
        "<b>Silt, then Sun</b>: <code>SSSSLS</code>; the Silt leaves (step 5) and the Sun slides down: "
        "<code>SSSSS</code>, and step 4 is not looked at again (reading W3).</p>"
        "<p>The whole distribution of the North ramp, exact:</p>" + table
    )


def five_suns_stay() -> Question:
    """Asked before the lesson works the order out."""
    return Question(
        "North holds four Suns and the other ramps are empty. One Sun and one Silt drop onto the pyramid. What is "
        "the chance that North ends the phase with five Suns?",
        _five_suns,
        kind="fraction",
        label="Chance",
        explain="Both spheres must land on North (1/4 × 1/4 = 1/16), and the Silt must land first (1/2). Silt then "
        "Sun: the Silt leaves for the river (step 5) and the new Sun slides down to make five, and step 4 is "
        "not looked at again (reading W3). Sun then Silt would be Example 2a: five Suns lose the lowest "
        "(step 4). So 1/16 × 1/2 = 1/32.",
        hint="Which order of the two spheres on North keeps five Suns? Step 4 comes before step 5.",
        wrong={
            Fraction(1, 16): "That is the chance that both land on North; the order they land in matters too.",
            Fraction(1, 4): "1/4 is the chance that the Sun lands on North; the Silt matters too, and so does "
            "the order.",
            Fraction(1, 8): "That is larger than the chance that both land on North, which it cannot be.",
        },
        about=("five Suns", "Suns stay"),
        fold=five_suns_worked,
    )


def _flax_east() -> Fraction:
    return next(p for field, p in field_probabilities(SETUP, "W").items() if str(field) == "E-flax")


def one_water_worked(_answer=None) -> str:
    """Every field's chance after one Water from the set-up (the question's fold)."""
    rows = [(field.label, str(chance)) for field, chance in field_probabilities(SETUP, "W").items()]
    return (
        "<p>On each ramp the same thing happens: the Water lands there with probability 1/4 and cancels the top Sun "
        "(step 6), leaving one Sun; otherwise the ramp keeps its two Suns. Barley (at most 2 spheres) and Fruit "
        "(Sun only) always grow; Flax (at most 1 sphere) only in the first case; Papyrus never.</p>"
        + table_html(rows, header=("field", "P(productive)"))
    )


def flax_east_one_water() -> Question:
    """Asked before the lesson computes it."""
    return Question(
        "From the set-up (two Suns on every ramp), a single Water drops. What is the chance that the Flax field on "
        "the East is productive after the phase?",
        _flax_east,
        kind="fraction",
        label="Chance",
        explain="Flax grows with at most one sphere in view. East keeps both its Suns unless the Water lands there "
        "(chance 1/4): then the Water and the top Sun touch and leave (step 6), one Sun stays, and Flax "
        "grows.",
        hint="How many spheres does Flax tolerate, and how many stay on East when the Water lands there, or elsewhere?",
        wrong={
            Fraction(3, 4): "You counted the wrong cases: go through the ramps the Water may land on, one by one.",
            0: "Flax does grow in some case: go through the ramps the Water may land on, step 6 included.",
            1: "Flax does not always grow: check what stays on East in each case.",
        },
        about=("Flax",),
        fold=one_water_worked,
    )


def _fruit_north():
    p = sympy.Symbol("p")
    chance = next(
        c for field, c in field_probabilities(EMPTY, "SW", weights=tilt("N", p)).items() if str(field) == "N-fruit"
    )
    return p, chance


def _worst_tilt() -> Fraction:
    p, chance = _fruit_north()
    (worst,) = sympy.solve(sympy.diff(chance, p), p)
    return Fraction(int(worst.p), int(worst.q))


def _lowest_chance() -> Fraction:
    p, chance = _fruit_north()
    value = chance.subs(p, sympy.Rational(_worst_tilt().numerator, _worst_tilt().denominator))
    return Fraction(int(value.p), int(value.q))


def fruit_north_worst_tilt() -> Question:
    return Question(
        "In the tilted pyramid (a sphere lands on North with chance p), one Sun and one Water drop onto empty "
        "ramps, and P(Fruit on North productive) = p² − p + 1. For which p is that chance smallest?",
        _worst_tilt,
        kind="fraction",
        label="p",
        explain="p² − p + 1 is a parabola opening upwards; its slope 2p − 1 is zero at p = 1/2, its lowest point. "
        "At p = 1/2 the Water stays on North (Water there, Sun elsewhere) as often as it can: p(1 − p) is "
        "largest.",
        hint="Fruit dies when the Water lands on North and the Sun does not: when is p(1 − p) largest?",
        wrong={
            Fraction(1, 4): "That is the fair pyramid; the chance keeps falling as p grows past it.",
            0: "At p = 0 the Water never reaches North, so Fruit always grows: that is the largest chance.",
            1: "At p = 1 both spheres land on North and cancel each other, so Fruit always grows.",
        },
        about=("p", "smallest", "worst"),
    )


def fruit_north_plot(_answer=None) -> str:
    """The chance over every tilt, its lowest point marked (the question's fold)."""
    p, chance = _fruit_north()
    png = figure_png(polynomial_figure(chance, p, "P(Fruit on North productive)"))
    return f"<img alt='P(Fruit on North productive) over every tilt p' src='data:image/png;base64,{base64.b64encode(png).decode()}'>"


def fruit_north_lowest_chance() -> Question:
    return Question(
        "And what is that smallest chance that Fruit on North is productive?",
        _lowest_chance,
        kind="fraction",
        label="Chance",
        explain="The tilt of the question before, put into p² − p + 1, gives 3/4: even at its worst, Fruit on North "
        "grows three times in four.",
        hint="Put the p you found into p² − p + 1.",
        wrong={
            Fraction(13, 16): "13/16 is the chance at p = 1/4, the fair pyramid; the lowest point lies elsewhere.",
            Fraction(1, 4): "p(1 − p) is the chance that Fruit dies; the question asks for the chance that it grows.",
            Fraction(1, 2): "The question asks for a chance of growing, not for a value of p.",
        },
        about=("smallest", "lowest", "Fruit"),
        fold=fruit_north_plot,
    )
