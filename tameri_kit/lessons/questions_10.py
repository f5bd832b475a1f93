"""Lesson 10 (other Egyptian games): majorities scored by Ra's rules, and chances from Ra's bag, Tameri's ramps and
the Seth dice.

Every answer is computed at Check by :mod:`tameri_kit.companions` (Ra's scoring and bag, the Seth dice) or
:mod:`tameri_kit.probability.exact` (the weather ramps).
"""

from __future__ import annotations

from fractions import Fraction

from ..companions import ra_bag, seth_dice
from ..companions.ra_bag import Bag
from ..companions.ra_scoring import pharaoh_points
from ..probability.exact import count_distribution
from ..widgets.after_check import OpensAfter, markdown_list
from ..widgets.question import Question

QUESTIONS = ("ra_tie_for_most", "pharaoh_total", "bag_after_twenty", "two_waters_north", "two_red_dice_high_five")
# asked before the text or widget that answers them (the others are answered nowhere in the lesson)
ASKED_BEFORE = ("ra_tie_for_most",)


def ra_tie_for_most(*, fold=None, fold_title: str | None = None) -> Question:
    """Asked before the table of the four rules, which shows the 4, 4, 1 case."""
    return Question(
        "Anna, Bob and Cathy end an epoch of Ra with 4, 4 and 1 Pharaoh tiles. How many points of fame does Anna "
        "gain for her Pharaohs?",
        lambda: pharaoh_points({"Anna": 4, "Bob": 4, "Cathy": 1})["Anna"],
        kind="number",
        placeholder="a whole number (it may be negative)",
        label="Fame",
        about=("tied", "ties", "fame"),
        explain="In Ra every player tied for the most Pharaohs gains the full 5 (and every player tied for the "
        "fewest loses the full 2): a tie at the top costs nothing (Ra, Scoring: Pharaohs). Tameri is "
        "different: its Season majorities give 1 each instead of 2 on a tie.",
        hint="Does Ra share the reward of a tie, as Tameri does, or give it to each tied player?",
        wrong={
            1: "That is Tameri's tie rule (1 each instead of 2); Ra treats a tie for the most its own way.",
            2: "Ra does not split the reward between the tied players.",
            Fraction(5, 2): "Ra does not split the reward between the tied players.",
            0: "A tie for the most still scores in Ra; only when every player has the same number is nothing scored.",
        },
        fold=fold,
        fold_title=fold_title,
    )


def pharaoh_total() -> Question:
    return Question(
        "Pharaoh counts 3, 3, 1, 1 in Ra: what is the total fame change of all four players together?",
        lambda: sum(pharaoh_points({"Anna": 3, "Bob": 3, "Cathy": 1, "Don": 1}).values()),
        kind="number",
        placeholder="a whole number (it may be negative)",
        label="Total fame",
        explain=lambda total: (
            "Each player's change of fame by Ra's rule for the most and the fewest (Ra, Scoring: "
            f"Pharaohs), added up: {total}."
        ),
        hint="Work out each player's change of fame first, then add them up.",
        wrong={
            3: "Check Ra's rule for a tie, at the top and at the bottom.",
            10: "The players tied for the fewest lose fame: take that off too.",
            0: "Only when all four have the same number is nothing scored; here two have more than the other two.",
        },
    )


def _bag_after_twenty() -> Fraction:
    bag = Bag.full()
    for tile in ["Ra"] * 4 + ["Pharaoh"] * 16:
        bag = bag.without(tile)
    return ra_bag.next_is(bag, "Ra")


def bag_after_twenty() -> Question:
    return Question(
        "20 tiles drawn from the full bag, 4 of them Ra: what is the chance that the next tile is a Ra?",
        _bag_after_twenty,
        kind="fraction",
        placeholder="a fraction, like a/b",
        label="Chance",
        explain="Tiles never go back into the bag (Ra: Draw and place one tile), so count what is left: 30 - 4 = 26 "
        "Ra among 180 - 20 = 160 tiles, each equally likely to come out next.",
        hint="Count what is left: how many Ra, how many tiles?",
        wrong={
            Fraction(1, 6): "1/6 (30 of 180) is the chance for the full bag; the bag has changed.",
            Fraction(26, 180): "Twenty tiles have left the bag: divide by the number still in it.",
            Fraction(30, 160): "Four of the Ra tiles are among those drawn: they are no longer in the bag.",
        },
    )


def two_waters_north() -> Question:
    return Question(
        "Two Waters drop into Tameri's pyramid: what is the chance that at least one lands on North?",
        lambda: 1 - count_distribution("WW", "N")[(0, 0, 0)],
        kind="fraction",
        placeholder="a fraction, like a/b",
        label="Chance",
        explain="Each sphere lands on each ramp with 1/4, independently of the other. Neither lands on North with "
        "(3/4)² = 9/16, so at least one does with 1 − 9/16.",
        hint="Work out the chance that neither lands on North first.",
        wrong={
            Fraction(1, 2): "1/4 + 1/4 counts the case 'both on North' twice.",
            Fraction(1, 16): "That is both landing on North; one is enough.",
            Fraction(9, 16): "That is the chance of another event: read again what the question asks for.",
        },
    )


def two_red_dice_high_five() -> Question:
    return Question(
        "Two red Seth dice (faces 2, 3, 3, 4, 4, 5): what is the chance that the higher one shows 5?",
        lambda: seth_dice.max_distribution([seth_dice.RED, seth_dice.RED])[5],
        kind="fraction",
        placeholder="a fraction, like a/b",
        label="Chance",
        explain="5 is the highest face, so the higher die shows 5 unless both dice are below 5. One die is below 5 "
        "with 5/6, both with (5/6)² = 25/36, so the higher is a 5 with 1 − 25/36.",
        hint="The higher is below 5 only when both dice are below 5.",
        wrong={
            Fraction(1, 3): "1/6 + 1/6 counts 'both are 5' twice.",
            Fraction(1, 36): "That is both dice showing 5; one 5 is enough.",
            Fraction(1, 6): "That is one die; with two dice either can show the 5.",
        },
    )


# ---- what the folds show once a question is answered (functions returning HTML: nothing is computed before) ----
CASES = ((5, 3, 3), (4, 4, 1), (2, 2, 2))
NAMES = ("Anna", "Bob", "Cathy")


def four_rules_worked() -> str:
    """The part of ``ra_tie_for_most``'s fold: the three sets of counts scored by the four rules (a table, a chart
    per set of counts, each rule's reason for the first set), and how to read them."""
    from html import escape

    from ..companions.compare import comparison_svg, four_ways

    results = {case: four_ways(dict(zip(NAMES, case))) for case in CASES}
    rules = list(results[CASES[0]].rows)
    header = "".join(f"<th style='padding:3px 10px'>{', '.join(map(str, case))}</th>" for case in CASES)
    body = "".join(
        f"<tr><td style='padding:3px 10px'><b>{escape(rule)}</b></td>"
        + "".join(
            "<td style='padding:3px 10px'>"
            + " / ".join(f"{value:+d}" for value in results[case].rows[rule].values())
            + "</td>"
            for case in CASES
        )
        + "</tr>"
        for rule in rules
    )
    table = (
        "<table><caption style='text-align:left'>Points for Anna / Bob / Cathy</caption>"
        f"<tr><th>rule</th>{header}</tr>{body}</table>"
    )
    charts = "".join(
        f"<p><b>Counts {', '.join(map(str, case))}</b></p>{comparison_svg(results[case], height=250)}" for case in CASES
    )
    reasons = "".join(f"<li><b>{escape(rule)}</b>: {escape(why)}</li>" for rule, why in results[CASES[0]].why.items())
    reading = (
        "<ul><li><b>5, 3, 3</b>: every rule rewards Anna. Ra also <i>punishes</i> Bob and Cathy, tied for the "
        "fewest; Tameri and the Favors just give them nothing (a tied second earns no Favor).</li>"
        "<li><b>4, 4, 1</b>: a tie at the top. Tameri halves the reward (1 each instead of 2); the Favors downgrade "
        "it to a Minor each; Ra gives <b>each</b> tied player the full +5: a tie costs nothing in Ra.</li>"
        "<li><b>2, 2, 2</b>: everyone level. Tameri and the Favors still pay something to everyone; Ra pays nobody "
        "(all the same: no points).</li></ul>"
    )
    return (
        f"{table}<p>The same numbers as bars, one chart per set of counts (one y-axis: points, Favors in Minor "
        f"units).</p>{charts}<p>Read the charts case by case:</p>{reading}<p>Each rule's reason, for the first "
        f"case:</p><ul>{reasons}</ul>"
    )


SUMMARY = """
* **Majorities.** Tameri pays the most 2 and a tie 1 each; Ra pays the most +5 (ties in full) and *takes* from the
  fewest (−2 Pharaohs, −5 Suns) but pays nothing when all are level; the Favors give a clear leader a Major, a
  clear second a Minor, a tied first a Minor each and a tied second nothing.
* **Ra's bag** is drawn without replacement: hypergeometric chances, exact with binomial coefficients, checked by
  listing every draw and by a seeded simulation; a whole epoch can be played, recorded and replayed.
* **Tameri's ramps** are independent draws: binomial chances like (3/4)³.
* **The Seth dice** have the ordinary die's mean 7/2 with a third of its variance (11/12 against 35/12), and no
  Scribe can turn them into a 1 or a 6.
* Where the texts are silent, the kit's readings are registered in `docs/ambiguities.md` (R1–R6, F1–F2, K1).
"""


def summary(*asked: Question) -> OpensAfter:
    """The lesson's summary: it restates answers, so it opens once the questions ``asked`` are checked."""
    return OpensAfter(asked, lambda: markdown_list(SUMMARY))
