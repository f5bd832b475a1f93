"""Lesson 11 in the browser (Voila): "does the seat matter?" answered wrongly, then rightly, from the stored sweep,
with its fold (the chart, the test, the command line's summary) opening only after the right answer; the exercise
on a p-value and an interval; and the Ghost's levels question the same way.

The right answers are worked out here from the games (the chi-square test of the winners' seats below 0.05 or not;
the steps of difficulty whose paired difference lies above 0), not read from the page.
"""

import pandas as pd
from e2e_support import NOTEBOOKS, answer_question, expect, open_lesson, overflows, question_box, shoot

from tameri_kit.explore import run_games
from tameri_kit.explore.stats import seat_test
from tameri_kit.game import Settings
from tameri_kit.lessons import questions_11 as questions

LESSON = NOTEBOOKS / "11_exploring_the_rules.ipynb"
#: the tests share one tab: the lesson is rendered once, each test goes on from the page the one before left
ONE_TAB = True


def test_predict_the_seat_question_then_check(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    games = run_games(
        Settings.for_players(4),
        ["random"] * 4,
        range(400),
        executor="serial",
        out=NOTEBOOKS / "sweeps" / "seat_order.jsonl",
        progress=False,
    )
    right = questions.SEAT_MATTERS[0] if seat_test(games).pvalue < 0.05 else questions.SEAT_MATTERS[1]
    wrong = next(option for option in questions.SEAT_MATTERS if option != right)
    box = question_box(page, "Does the seat a bot sits in change")
    expect(box).to_contain_text("opens here once you have checked")
    expect(box.locator("img")).to_have_count(0)  # the fold is empty before Check
    answer_question(box, wrong, "Not quite")
    expect(box.locator("img")).to_have_count(0)  # a wrong answer does not open it
    answer_question(box, right, "Right")
    expect(box).to_contain_text("chi-square(3)")
    expect(box.locator("img")).to_have_count(1)
    expect(box).to_contain_text("The command line prints the same")
    assert overflows(box) == []
    shoot(page, "11_exploring_the_rules", box)
    shoot(page, "11_exploring_the_rules_page")
    assert not page.js_errors, page.js_errors


def test_decide_from_a_p_value_and_an_interval(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    box = question_box(page, "under two readings of an ambiguous rule")
    answer_question(box, questions.DECISIONS[0], "Not quite")
    expect(box).to_contain_text("what does it hold?")
    # worked by hand: the points' interval [+0.5, +2.3] lies above 0; the win rate's [-3.1%, +7.1%] holds 0
    answer_question(box, questions.DECISIONS[1], "Right")
    expect(box).to_contain_text("'Cannot tell' is not 'no change'")
    assert overflows(box) == []
    shoot(page, "11_exploring_the_rules_exercise", box)
    # the picture of section 3 (two overlapping intervals, their difference above 0) is on the page
    expect(page.locator("img").first).to_be_visible()
    assert not page.js_errors, page.js_errors


def _ghost_games():
    return pd.concat(
        [
            run_games(
                Settings.for_players(1, ghost=level),
                ["strong"],
                range(200),
                executor="serial",
                out=NOTEBOOKS / "sweeps" / f"ghost_levels_{level}.jsonl",
                progress=False,
            )
            for level in ("easy", "intermediate", "hard")
        ],
        ignore_index=True,
    )


def test_predict_the_ghost_levels_then_check(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    games = _ghost_games()
    wins = {level: int(games[games["ghost"] == level]["beat_ghost"].map(lambda beat: beat[0]).sum()) for level in
            ("easy", "intermediate", "hard")}  # fmt: skip
    steps = questions.GHOST_STEPS
    right = steps[2] if not any(wins.values()) else questions.ghost_steps_answer(games)
    wrong = steps[0] if right != steps[0] else steps[2]
    box = question_box(page, "against the Ghost, 200 seeded games at each level")
    answer_question(box, wrong, "Not quite")
    expect(box).to_contain_text("cannot tell the levels apart" if right == steps[2] else "the games do tell")
    answer_question(box, right, "Right")
    expect(box).to_contain_text("Ghost Player steps 3a and 4")
    expect(box.locator("img")).to_have_count(1)  # the win rates' chart opens in the fold
    assert overflows(box) == []
    shoot(page, "11_exploring_the_rules_ghost", box)
    assert not page.js_errors, page.js_errors


def test_predict_whether_mcts_beats_the_strong_bot(page, voila_url):
    """Section 11: the stored two-player sweeps of OpenSpiel's MCTS; the right answer is worked out here from
    mcts:16's win-rate interval in its games against the strong bot (which side of 1/2), and the rating charts (the
    two-player pairings, and the README's four-player command run to the end) open only after it."""
    from tameri_kit.explore.stats import win_rates

    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    games = questions.search_sweeps(NOTEBOOKS / "sweeps")
    pair = games[games["sweep"] == "search_mcts16_strong"]
    rate = win_rates(pair, "bot").loc["mcts:16"]
    right = (
        questions.SEARCH[0] if rate["low"] > 0.5 else questions.SEARCH[2] if rate["high"] < 0.5 else questions.SEARCH[1]
    )
    wrong = next(option for option in questions.SEARCH if option != right)
    box = question_box(page, "OpenSpiel's MCTS with 16 simulations")
    expect(box.locator("img")).to_have_count(0)  # the fold is empty before Check
    answer_question(box, wrong, "Not quite")
    expect(box.locator("img")).to_have_count(0)
    answer_question(box, right, "Right")
    expect(box.locator("img")).to_have_count(2)  # the two-player rating chart and the four-player one
    expect(box).to_contain_text("ismcts:16")
    expect(box).to_contain_text("gaps between neighbours")
    expect(box).to_contain_text("Four players, the README's command run to the end")
    assert overflows(box) == []
    shoot(page, "11_exploring_the_rules_search", box)
    assert not page.js_errors, page.js_errors


def test_predict_how_often_the_expert_bot_beats_the_strong_bot(page, voila_url):
    """Section 12: the expert bot's stored two-player sweep; the right band is worked out here from the expert's
    win-rate interval (its lower end against 1/2 and 3/4), and the fold (the wins by the expert's seat, the rating
    chart) opens only after the right answer."""
    from tameri_kit.explore.stats import win_rates

    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    games = questions.expert_sweep(NOTEBOOKS / "sweeps")
    rate = win_rates(games, "bot").loc["expert"]
    right = (
        questions.EXPERT[0]
        if rate["low"] > 0.75
        else questions.EXPERT[1]
        if rate["low"] > 0.5
        else questions.EXPERT[2]
        if rate["high"] <= 0.5
        else questions.EXPERT[3]
    )
    wrong = next(option for option in questions.EXPERT if option != right)
    box = question_box(page, "The kit's expert bot (a search")
    expect(box.locator("img")).to_have_count(0)  # the fold is empty before Check
    answer_question(box, wrong, "Not quite")
    expect(box.locator("img")).to_have_count(0)
    answer_question(box, right, "Right")
    expect(box.locator("img")).to_have_count(1)  # the rating chart
    expect(box).to_contain_text("seat 1:")
    expect(box).to_contain_text("seat 2:")
    assert overflows(box) == []
    shoot(page, "11_exploring_the_rules_expert", box)
    assert not page.js_errors, page.js_errors


def test_predict_whether_seat_three_keeps_its_edge_with_four_expert_bots(page, voila_url):
    """Section 12, the seat order with four expert bots: the right answer is worked out here from seat 3's wins in
    the raw rows (Wilson's interval against 1/4); before Check the box shows no chart and no seat lines; after the
    right answer, the chart of both sweeps and every seat's line of each."""
    from statsmodels.stats.proportion import proportion_confint

    from tameri_kit.explore import read_results

    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    rows = read_results(NOTEBOOKS / "sweeps" / "seat_order_expert.jsonl", Settings.for_players(4), ["expert"] * 4)
    wins = sum(1 / len(row["winners"]) for row in rows if 2 in row["winners"])
    low, high = proportion_confint(wins, len(rows), method="wilson")
    edge = questions.SEAT_EDGE
    right = edge[0] if low > 0.25 else edge[1] if high <= 0.25 else edge[2]
    wrong = next(option for option in edge if option != right)
    box = question_box(page, "Now four expert bots play")
    expect(box.locator("img")).to_have_count(0)
    expect(box).not_to_contain_text("seat 3: won")
    answer_question(box, wrong, "Not quite")
    expect(box.locator("img")).to_have_count(0)
    answer_question(box, right, "Right")
    expect(box.locator("img")).to_have_count(1)  # both sweeps' seats on one chart
    expect(box).to_contain_text("four expert bots: ")
    expect(box).to_contain_text("seat 3: won")
    assert overflows(box) == []
    shoot(page, "11_exploring_the_rules_expert_seats", box)
    assert not page.js_errors, page.js_errors
