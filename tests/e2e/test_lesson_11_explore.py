"""Lesson 11 in the browser (Voila): the first question answered wrongly, then rightly, from the stored sweep.

The right answer is worked out here from the games (the seat whose whole interval lies above the others', or none),
not read from the page.
"""

import re

from e2e_support import NOTEBOOKS, expect, open_lesson, shoot

from tameri_kit.explore import run_games
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
