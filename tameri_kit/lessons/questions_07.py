"""Lesson 07 (offerings, majorities and the final score): points predicted before the kit adds them up.

Every answer comes from :mod:`tameri_kit.rules` (offering, season end, scoring, game end) or
:mod:`tameri_kit.probability.majority` at Check.
"""

from __future__ import annotations

import re

from fractions import Fraction

from ..probability.majority import majority_odds, uniform
from ..rules.common import Resource
from ..rules.game_end import finish_game
from ..rules.offering import Stock, offer
from ..rules.scoring import PlayerSituation, best_sets, sets_points
from ..rules.season_end_scoring import majority_step
from ..widgets.question import Question
from ..widgets.scoring_widgets import BEATLES_GLYPH_BONUS, beatles_last_season, example21_screens

QUESTIONS = (
    "paul_offering_points",
    "paul_offering_screen",
    "fruit_majority_with_four",
    "ringo_majority_points",
    "best_split_points",
    "george_gap_to_winner",
    "george_with_two_more_cards",
    "third_resource_worth",
)
# asked before the text or widget that answers them (the others are answered nowhere in the lesson)
ASKED_BEFORE = ("paul_offering_points", "paul_offering_screen")

PAUL_OFFERING = "barley papyrus flax fruit=flax+barley@C5 +fruit@B3"
PLAYERS = ("Ringo", "John", "Paul", "George")


def _paul_offers():
    return offer(Stock(barley=2, papyrus=1, flax=2), Stock(), PAUL_OFFERING, buildings=["C5", "B3"])


def paul_offering_points(*, fold=None, fold_title: str | None = None) -> Question:
    return Question(
        f"Paul owns C5 (Black Market) and B3 (Offering Tray) and offers `{PAUL_OFFERING}`. How many points does "
        "he score for it now?",
        lambda: _paul_offers().points,
        kind="number",
        placeholder="a whole number",
        label="Points",
        explain="An offering scores one point more than the number of different resources it counts as. C5 stands "
        "in for the missing kind, so it counts as all four kinds: 4 different, 5 points. What the Tray adds "
        "scores nothing now (it only counts for majorities).",
        hint="Count the different resources the offering counts as, then add one.",
        wrong={
            6: "The Offering Tray's extra Fruit is a second Fruit: it counts for majorities, not as a new kind.",
            4: "You counted only the kinds of resource: an offering scores something beyond them.",
            7: "C5 places two resources for one: they count as one Fruit, not as two kinds.",
        },
        fold=fold,
        fold_title=fold_title,
    )


def paul_offering_screen(*, fold=None, fold_title: str | None = None) -> Question:
    return Question(
        "And how many resources end up behind Paul's screen after that offering (he had nothing there before)?",
        lambda: _paul_offers().screen.total,
        kind="number",
        placeholder="a whole number",
        label="Resources",
        explain="Paul places Barley, Papyrus and Flax, then a Flax and a Barley in place of the Fruit (C5): 5 "
        "resources. The Offering Tray (B3) adds one Fruit from the supply: 6 behind the screen.",
        hint="Follow each resource of the offering to the screen; then read what B3 does.",
        wrong={
            4: "Read again what C5 puts behind the screen in place of the missing kind.",
            5: "One of Paul's two Buildings puts something behind the screen as well.",
        },
        fold=fold,
        fold_title=fold_title,
    )


def _with_four_fruit() -> list:
    screens = example21_screens()
    screens["George"] = screens["George"].with_count(Resource.FRUIT, 4)
    return majority_step([PlayerSituation(name, screen=screens[name]) for name in PLAYERS])


def _fruit_scorers() -> str:
    fruit = _with_four_fruit()[-1]
    before = {p.name: p.score for p in _with_four_fruit()[-2].after}
    return ", ".join(p.name for p in fruit.after if p.score > before[p.name])


def fruit_majority_with_four() -> Question:
    return Question(
        "Start from Example 21 (Ringo offered 3 Fruit, Paul 2, John 1, George 1) and let George offer 4 Fruit "
        "instead of 1. Who scores the Fruit majority?",
        _fruit_scorers,
        kind="choice",
        options=list(PLAYERS) + ["Ringo, George"],
        explain="The player who offered the most of a type scores 2 (End of the Season, step 4b); George's 4 beats "
        "Ringo's 3, so George alone scores 2 for Fruit and discards his Fruit.",
        hint="Compare the four Fruit counts: is there one largest, or a tie?",
        wrong={
            "Ringo": "Ringo's 3 Fruit are no longer the most: George offered 4.",
            "Ringo, George": "A tie needs equal counts: 4 and 3 are not a tie.",
        },
    )


def _ringo_points() -> int:
    return next(p.score for p in _with_four_fruit()[-1].after if p.name == "Ringo")


def ringo_majority_points() -> Question:
    return Question(
        "In that same Season (George with his extra Fruit), how many majority points does Ringo score in all?",
        _ringo_points,
        kind="number",
        placeholder="a whole number",
        about=("majority points",),
        label="Points",
        explain="Ringo ties John on Barley (1), has the most Papyrus alone (2), ties John and Paul on Flax (1), and "
        "loses Fruit to George: 1 + 2 + 1 = 4, two less than the 6 of Example 21.",
        hint="Go through Barley, Papyrus, Flax and Fruit: 2 for the most alone, 1 each for a tie.",
        wrong={
            6: "That is Example 21 as the rulebook has it: look again at the Fruit counts of this position.",
            5: "A lost majority scores nothing: Ringo does not get 1 for coming second in Fruit.",
        },
    )


def best_split_points() -> Question:
    return Question(
        "Someone owns Buildings with the symbols A A A B B C. They are split into sets of different symbols; a set "
        "of one, two or three symbols scores 1, 2 or 4. What is the best split worth?",
        lambda: sets_points(best_sets("AAABBC")),
        kind="number",
        placeholder="a whole number",
        label="Points",
        explain="Taking one of each symbol still left, again and again, is the best split (End of the Game, step "
        "2): ABC + AB + A = 4 + 2 + 1 = 7.",
        hint="Which does better: many small sets, or a few big ones?",
        wrong={
            6: "A better split exists: try one with a set of three.",
            8: "No split of these six reaches 8: a set can hold each symbol only once.",
        },
    )


def _final():
    return finish_game(beatles_last_season(), glyph_bonus=BEATLES_GLYPH_BONUS)


def _gap() -> int:
    final = _final()
    return final.total(final.winners[0]) - final.total("George")


def george_gap_to_winner() -> Question:
    return Question(
        "In the final score above, how many points behind the winner is George?",
        _gap,
        kind="number",
        placeholder="a whole number",
        label="Points behind",
        about=("behind", "gap"),
        explain="Read the total column: the winner's total minus George's total.",
        hint="The last column of the table holds each player's total.",
    )


def _would_win() -> str:
    players = beatles_last_season()
    george = players[3]
    richer = finish_game(
        players[:3] + (george.but(priest_cards=george.priest_cards + (3, 3)),), glyph_bonus=BEATLES_GLYPH_BONUS
    )
    return "yes" if richer.winners == ("George",) else "no"


def george_with_two_more_cards() -> Question:
    return Question(
        "If George had also held two more Priest cards of the highest value, would he win? (Ties on points go to "
        "the highest Action card in hand.)",
        _would_win,
        kind="choice",
        options=[("yes", "yes"), ("no", "no")],
        explain="Priest cards add their points at the end of the game (step 3): two 3-point cards give George 6 "
        "more, more than the gap to the winner, and nothing else changes.",
        hint="Compare 6 with the gap you found.",
    )


def _third_resource() -> Fraction:
    gain = majority_odds(3, 3, uniform(3)).expected() - majority_odds(2, 3, uniform(3)).expected()
    return Fraction(int(gain.p), int(gain.q)) if hasattr(gain, "p") else Fraction(gain)


def third_resource_worth(*, fold=None, fold_title: str | None = None) -> Question:
    return Question(
        "Against three opponents who each offer 0 to 3 of a type, equally likely, how much is a third resource "
        "worth when you already offered 2? That is E(points with 3) − E(points with 2) under the real tie rule "
        "(2 for the most alone, 1 each on a tie).",
        _third_resource,
        kind="fraction",
        placeholder="a fraction, like a/b",
        label="Expected points",
        explain="E(2) = 35/64 and E(3) = 91/64 (2 for the most alone, 1 on a tie), so the third resource adds "
        "56/64 = 7/8 of a point, less than one point but much more than the second one did.",
        hint="E(k) = 2 × P(you have the most alone) + 1 × P(you tie for the most). With three opponents each "
        "0 to 3, P(all three below k) = (k/4)³ and P(none above k) = ((k+1)/4)³.",
        wrong={
            1: "Less than a whole point: with 3 you still tie an opponent who offered 3 now and then.",
            Fraction(91, 64): "91/64 is E(3) itself; the question asks how much it adds to E(2).",
        },
        fold=fold,
        fold_title=fold_title,
    )


# ---- what the folds show once a question is answered (functions returning HTML: nothing is computed before) ----
def paul_offering_worked(which: str):
    """A part for the fold of one of the two offering questions: the kit's points (``"points"``) or what ends up
    behind the screen (``"screen"``), each shown only under its own question."""
    from ..widgets.question import pre

    def part() -> str:
        result = _paul_offers()
        if which == "points":  # the points only: what goes behind the screen is the next question's
            counted = re.search(r"\d+ different, so \d+ points", result.text)
            return pre(f"{PAUL_OFFERING}: {counted.group(0) if counted else result.points}")
        return pre(f"behind the screen: {result.screen} ({result.screen.total} resources)")

    return part


def tie_rules_worked() -> str:
    """The part of ``third_resource_worth``'s fold: E(k) under four tie rules, three opponents each 0..3."""
    rows = "".join(
        f"<tr><td>{k}</td>"
        + "".join(
            f"<td style='padding:2px 10px'>{value}</td>" for value in majority_odds(k, 3, uniform(3)).compare().values()
        )
        + "</tr>"
        for k in range(5)
    )
    header = "".join(
        f"<th style='padding:2px 10px'>{name}</th>"
        for name in ("you offer k", "tie: 1 each (the rule)", "tie: nothing", "tie: the full 2", "tie: 2 shared")
    )
    return (
        "<p>Expected points E(k) with three opponents each offering 0 to 3, equally likely, under the real tie rule "
        "and three others:</p>"
        f"<table style='border-collapse:collapse;font-size:13px'><tr>{header}</tr>{rows}</table>"
    )


def tie_rules_figure() -> str:
    """The part of ``third_resource_worth``'s fold: the chart of E(k) by tie rule and a seeded simulation of E(2)."""
    import random

    from ..probability.majority import odds_table, simulate
    from ..render.scores import odds_figure
    from ..widgets.question import figure_html, pre

    figure = figure_html(odds_figure(odds_table(3, uniform(3)), title="3 opponents, each 0..3 equally likely"))
    simulated = simulate(2, 3, uniform(3), 5000, random.Random(7))
    exact = majority_odds(2, 3, uniform(3)).expected()
    return figure + pre(f"k = 2, simulated 5000 times: {simulated}; exact E(2) = {exact}")
