"""docs/teaching/: teacher notes for every lesson naming all its questions, worksheets that give no answers.

The questions are the lessons' own (``QUESTIONS`` in ``tameri_kit/lessons/questions_NN.py``); the answer forms
are those :meth:`Question.answer_texts` gives (the forms the leak tests look for in the lessons).
"""

import importlib
import re
from pathlib import Path

import pytest

from tameri_kit.widgets.answer_forms import find

ROOT = Path(__file__).resolve().parents[2]
TEACHING = ROOT / "docs" / "teaching"
LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
WORKSHEETS = ("02", "03", "07")


def questions_module(number: str):
    return importlib.import_module(f"tameri_kit.lessons.questions_{number}")


#: words that give a method instead of the answer ("check it in the lesson with Reveal", "depends on the position")
METHOD_ONLY = re.compile(
    r"\b(reveal|depends on|check (it|them) in|from the lesson's|read (it|the)|see the lesson)\b", re.I
)


def answer_of(notes: str, qid: str) -> str:
    """The text after **Answer:** in the question's block of the notes."""
    block = notes.split(f"`{qid}`", 1)[1].split("\n### ", 1)[0]
    found = re.search(r"^\*\*Answer:\*\* (.+)$", block, re.M)
    assert found, f"no answer for {qid}"
    return found.group(1)


def has_form(text: str, forms) -> bool:
    return any(re.search(r"(?<![\w./%])" + re.escape(form) + r"(?![\w/%]|\.\d)", text) for form in forms)


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_has_notes_with_all_its_questions(lesson):
    number = lesson[:2]
    notes = (TEACHING / f"lesson_{number}.md").read_text(encoding="utf-8")
    assert lesson in notes  # the notes name their notebook
    for heading in ("## Aims", "## A 45-minute plan", "## Answers, with the working"):
        assert heading in notes
    for qid in questions_module(number).QUESTIONS:
        assert f"`{qid}`" in notes, f"question {qid} of lesson {number} missing from its notes"
        answer = answer_of(notes, qid)
        assert not METHOD_ONLY.search(answer), f"lesson {number} {qid}: a method, not an answer: {answer!r}"
    assert not re.search(r"(?i)check (it|them) in the lesson|not re-derived", notes)
    assert f"lesson_{number}.md" in (TEACHING / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_answer_in_the_notes_is_the_questions_own(lesson):
    """Each question the notes answer from the rulebook alone is built here, and its note's answer holds one of the
    forms its right answer is written in (the question's answer is worked out by hand in
    tests/lessons/test_lesson_questions.py; this checks that the notes copy it).  The questions the notes answer
    for a lesson's position (marked so in the notes) are checked below, by hand."""
    number = lesson[:2]
    module = questions_module(number)
    notes = (TEACHING / f"lesson_{number}.md").read_text(encoding="utf-8")
    for qid in module.QUESTIONS:
        block = notes.split(f"`{qid}`", 1)[1].split("\n### ", 1)[0]
        if "for the position the lesson builds" in block or "from the lesson's own games" in block:
            continue
        try:
            question = getattr(module, qid)()
        except TypeError:  # asked only with the lesson's numbers (games_to_halve): checked by hand below
            assert (number, qid) in BY_HAND
            continue
        assert has_form(answer_of(notes, qid), question.answer_texts()), f"lesson {number} {qid}"


#: (lesson, question id) -> the answer worked out by hand from the position the lesson builds (see the docstring)
BY_HAND = {
    ("05", "builder_cost"): "4",
    ("05", "nile_warehouse_limit"): "4",
    ("05", "trade_gain"): "1",
    ("05", "harvest_yield"): "1",
    ("08", "turn_order"): "1st",
    ("08", "harvest_total"): "9",
    ("08", "leftover_points"): "3",
    ("09", "cards_giving_both_actions"): "2",
    ("09", "face_down_price"): "1",
    ("11", "games_to_halve"): "1200 (4 times the 300 games)",
    ("12", "season_2_nile_card"): "90",
}


@pytest.mark.parametrize("key", sorted(BY_HAND), ids=lambda key: f"{key[0]}-{key[1]}")
def test_answers_at_the_lessons_positions_checked_by_hand(key):
    """The values tools/teacher_notes.py wrote for questions about a lesson's seeded position, checked by hand
    against the rulebook from what the prompt and the pictures above the question show:

    - 05 builder_cost: George has no Builder in play, so step 1 of Builder places it on space 1; A3 on space 3 is 2
      steps away, printed cost 2 + 1 Papyrus per step = 4 (Possible Actions: Builder, Example 9).
    - 05 nile_warehouse_limit: George holds 4 Barley, the Nile card 33 brings a 5th; Restore warehouse (Phase 4,
      step 4) keeps 4.
    - 05 trade_gain: a Trade puts 1 resource in the warehouse and takes 1 from each of 2 stalls: -1 + 2 = 1.
    - 05 harvest_yield: W-fruit, ramp W empty (always productive), river W holds 2 Silt: 1 (Productive Fields and
      Harvests: 1-2 Silt give 1).
    - 08 turn_order: John face down (counts as 1), Paul 9, George 10: John plays 1st (Phase 3).
    - 08 harvest_total: Paul's Farmers on E-papyrus (ramp E empty, river E 4 Silt: 3), N-barley and N-fruit (ramp N
      `SS`: 2 spheres for Barley, 2 Suns and no Water for Fruit, both productive; river N 4 Silt: 3 each): 9.
    - 08 leftover_points: Paul ends with 7 resources, 0 Deben, 2 Silt: 9, every full 3 one point: 3 (End of the
      Game, step 5).
    - 09 cards_giving_both_actions: the board's glyph is Sunrise and no card is played yet; left glyphs 32 Sunrise,
      50 Sunset, 59 Sunrise, 100 none: 2 (Glyphs, Actions, and Unrevealed Cards).
    - 09 face_down_price: no card face down yet this Season, so this one is the 1st: 1 Deben (Phase 3).
    - 11 games_to_halve: a 95% interval's width goes like 1/sqrt(n), so half the width takes 4 x 300 = 1200 games.
    - 12 season_2_nile_card: the lesson's seeded game leaves 64, 90 and 95 in the Nile in Season 2; the Ghost takes
      the middle value in Season 2 (+1 Player Mode, Phase 4): 90.

    A change of the lessons' seeds changes these positions: then work the new values out again."""
    number, qid = key
    notes = (TEACHING / f"lesson_{number}.md").read_text(encoding="utf-8")
    assert answer_of(notes, qid) == BY_HAND[key]


def _prompt_free(text: str, prompts) -> str:
    for prompt in prompts:
        text = text.replace(prompt, " ")
    return text


@pytest.mark.parametrize("number", WORKSHEETS)
def test_worksheets_ask_every_question_and_give_no_answer(number):
    """Every question's prompt is on the sheet with room to answer; apart from the prompts themselves (the
    lesson's own wording), no answer form of any question occurs as a word on the sheet."""
    module = questions_module(number)
    sheet = (TEACHING / f"worksheet_{number}.md").read_text(encoding="utf-8")
    questions = [getattr(module, qid)() for qid in module.QUESTIONS]
    for question in questions:
        assert question.prompt in sheet
    assert sheet.count("<!-- answer space -->") == len(questions)
    rules, _, asked = sheet.partition("## Question A")
    assert "## The rules you need" in rules, "pupils working in pairs get the rules the questions need"
    for question in questions:  # the rules read like a lesson's prose: by the leak test's rule
        forms = question.answer_forms()
        shown = find(forms.strong, rules) + find(forms.weak, rules, near=forms.about)
        assert shown == [], f"worksheet {number}'s rules show {shown}, an answer form of {question.prompt[:50]!r}"
    rest = _prompt_free(asked, [q.prompt for q in questions])
    for question in questions:
        for form in question.answer_texts():
            pattern = r"(?<![\w./%])" + re.escape(form) + r"(?![\w/%]|\.\d)"
            assert not re.search(pattern, rest), f"worksheet {number} shows {form!r}, an answer form"
    assert "Answer:" not in sheet
    assert (TEACHING / f"worksheet_{number}.pdf").stat().st_size > 5_000


def test_the_no_answer_check_catches_an_answer():
    """The pattern above finds an answer written on a sheet (a fixture, not a real sheet)."""
    form = "1/32"
    pattern = r"(?<![\w./%])" + re.escape(form) + r"(?![\w/%]|\.\d)"
    assert re.search(pattern, "Question 1 ... (hint: 1/32)")
    assert not re.search(pattern, "Question 1 ... 11/32 or 1/320")


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_notes_write_mistakes_as_typed_and_plan_every_question(lesson):
    """A mistake reads as a pupil types it (no Python tuple, no empty code span); the 45-minute plan names every
    question of the lesson."""
    number = lesson[:2]
    notes = (TEACHING / f"lesson_{number}.md").read_text(encoding="utf-8")
    assert "``" not in notes and "`('" not in notes
    plan = notes.split("## A 45-minute plan", 1)[1].split("## Answers", 1)[0]
    missing = [qid for qid in questions_module(number).QUESTIONS if qid not in plan]
    assert missing == [], f"lesson {number}'s plan leaves out {missing}"


def test_lesson_01_hands_out_the_round_page_after_its_rounds_question():
    """The round-at-a-glance page counts a game's rounds, which lesson 01 asks: the plan hands it out afterwards."""
    notes = (TEACHING / "lesson_01.md").read_text(encoding="utf-8")
    row = next(line for line in notes.splitlines() if "round_at_a_glance.pdf" in line)
    assert row.index("rounds_in_a_game") < row.index("round_at_a_glance.pdf")
    assert not (TEACHING / "lesson_01_round_section.md").exists()  # an internal note, not for teachers


def test_the_round_page_scores_hand_glyphs_by_kind():
    """End of the Game, step 4 under reading S6 (the kit's and lesson 07's): the most glyphs of one kind."""
    svg = (TEACHING / "round_at_a_glance.svg").read_text(encoding="utf-8")
    assert "each kind of glyph" in svg and "left and right: score the larger" not in svg
