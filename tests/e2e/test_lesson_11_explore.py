"""Lesson 11 in the browser (Voila): the first question answered wrongly, then rightly, from the stored sweep; and
the Ghost's levels question (section 6) the same way, with its two charts on the page.

The right answers are worked out here from the games (the seat whose whole interval lies above the others', or none;
the steps of difficulty whose easier level's whole interval lies above the harder one's), not read from the page.
"""

import re

import pandas as pd
from e2e_support import NOTEBOOKS, answer_question, expect, open_lesson, overflows, question_box, shoot

from tameri_kit.explore import run_games
from tameri_kit.explore.ghost_stats import ghost_rates
from tameri_kit.game import Settings
from tameri_kit.lessons import questions_11 as questions

LESSON = NOTEBOOKS / "11_exploring_the_rules.ipynb"


def test_predict_the_seat_advantage_then_check(page, voila_url):
    open_lesson(page, voila_url, LESSON, ready_selector=".tameri-question")
    games = run_games(
        Settings.for_players(4),
        ["random"] * 4,
        range(400),
        executor="serial",
        out=NOTEBOOKS / "sweeps" / "seat_order.jsonl",
        progress=False,
    )
    right = questions.best_seat(games)
    wrong = next(o for o in list(questions.SEATS) + [questions.NO_CLEAR_SEAT] if o != right)
    box = page.locator(".tameri-question").filter(has_text="Which seat wins most often").first
    box.get_by_text(wrong, exact=True).click()
    box.get_by_role("button", name=re.compile("Check")).click()
    expect(box).to_contain_text("Not quite")
    expect(box).to_contain_text(
        "above every other seat's: more than luck" if wrong == questions.NO_CLEAR_SEAT else "luck can explain"
    )
    box.get_by_text(right, exact=True).click()
    box.get_by_role("button", name=re.compile("Check")).click()
    expect(box).to_contain_text("Right")
    expect(box).to_contain_text("whole 95% interval")
    shoot(page, "11_exploring_the_rules", box)
    chart = page.locator("img").first
    expect(chart).to_be_visible()
    shoot(page, "11_exploring_the_rules_page")
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
    rates = ghost_rates(_ghost_games())

    def clear(easier, harder):
        return rates.loc[easier, "low"] > rates.loc[harder, "high"]

    steps = questions.GHOST_STEPS
    if clear("easy", "intermediate") and clear("intermediate", "hard"):
        right = steps[0]
    else:
        right = steps[1] if clear("easy", "hard") else steps[2]
    wrong = steps[0] if right != steps[0] else steps[2]
    box = question_box(page, "against the Ghost, 200 seeded games at each level")
    answer_question(box, wrong, "Not quite")
    expect(box).to_contain_text("cannot tell the levels apart" if right == steps[2] else "the games do tell")
    answer_question(box, right, "Right")
    expect(box).to_contain_text("Ghost Player steps 3a and 4")
    assert overflows(box) == []
    shoot(page, "11_exploring_the_rules_ghost", box)
    # the two charts of section 6 (the win rates, the margins) follow the question on the page
    images = page.locator("img")
    expect(images.nth(4)).to_be_visible()
    assert images.count() == 5, images.count()  # five charts in the lesson
    assert not page.js_errors, page.js_errors
