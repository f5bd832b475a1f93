"""docs/teaching/: teacher notes for every lesson naming all its questions, worksheets that give no answers.

The questions are the lessons' own (``QUESTIONS`` in ``tameri_kit/lessons/questions_NN.py``); the answer forms
are those :meth:`Question.answer_texts` gives (the forms the leak tests look for in the lessons).
"""

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEACHING = ROOT / "docs" / "teaching"
LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
WORKSHEETS = ("02", "03", "07")


def questions_module(number: str):
    return importlib.import_module(f"tameri_kit.lessons.questions_{number}")


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_has_notes_with_all_its_questions(lesson):
    number = lesson[:2]
    notes = (TEACHING / f"lesson_{number}.md").read_text(encoding="utf-8")
    assert lesson in notes  # the notes name their notebook
    for heading in ("## Aims", "## A 45-minute plan", "## Answers, with the working"):
        assert heading in notes
    for qid in questions_module(number).QUESTIONS:
        assert f"`{qid}`" in notes, f"question {qid} of lesson {number} missing from its notes"
        block = notes.split(f"`{qid}`", 1)[1]
        assert "**Answer:**" in block.split("\n### ", 1)[0], f"no answer for {qid}"
    assert f"lesson_{number}.md" in (TEACHING / "README.md").read_text(encoding="utf-8")


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
    rest = _prompt_free(sheet, [q.prompt for q in questions])
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
