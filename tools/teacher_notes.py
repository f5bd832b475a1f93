"""Write the teacher notes (docs/teaching/lesson_NN.md) and the worksheets (docs/teaching/worksheet_NN.md).

    .venv/bin/python tools/teacher_notes.py        # then tools/teaching_pages.py for the worksheets' PDFs

The answers and their working are hand-written in ``tools/teacher_notes_content.py`` (worked from the rulebook),
except for the questions asked about a lesson's seeded position or stored study, whose value is worked out in
``tools/teacher_notes_positions.py`` by hand from the rule applied to that position.  Every question is built the way
its lesson builds it (``teacher_notes_positions.asked_in`` runs the lesson's code cells, showing nothing), and this
script stops if a hand-written answer is not the lesson's question's answer or a value worked out for a position
differs from the engine's.  It adds what the questions say themselves: each prompt, the wrong answers their feedback
expects (the common mistakes) and their hints.  Run it again after a lesson changes (it takes a few minutes: it runs
every lesson).  Worksheets hold the prompts and room to answer, never an answer.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from teacher_notes_content import LESSONS_CONTENT, WORKSHEET_RULES  # noqa: E402
from teacher_notes_positions import WORKED, Asked, asked_in, from_the_games  # noqa: E402

TEACHING = ROOT / "docs" / "teaching"
WORKSHEETS = (2, 3, 7)
SHEET_NOTE = {
    (7, "george_gap_to_winner"): "(Use the final score table shown in the lesson, in the part on the end of the game.)"
}


def notebook(number: int) -> str:
    (path,) = (ROOT / "notebooks").glob(f"{number:02d}_*.ipynb")
    return path.stem


def build_question(module, qid: str):
    """The question itself when it needs no lesson position, else None."""
    try:
        return getattr(module, qid)()
    except TypeError:
        return None


def lesson_questions(number: int, module) -> dict[str, Asked]:
    """Every question of the lesson, as the lesson asks it: built by running the lesson's code cells (the seeded
    game, the table, the sweep, the arguments it passes), or directly for a question the lesson does not build."""
    asked = asked_in(number)
    for qid in module.QUESTIONS:
        if qid not in asked:
            question = build_question(module, qid)
            if question is None:
                raise SystemExit(f"lesson {number:02d}: the lesson never builds {qid}")
            asked[qid] = Asked(question, {})
    return asked


def has_form(text: str, forms) -> bool:
    """One of the answer's ``forms`` written as a value of its own in ``text``."""
    return any(re.search(r"(?<![\w./%])" + re.escape(form) + r"(?![\w/%]|\.\d)", text) for form in forms)


def shown_answer(question) -> str:
    """The right answer as the question shows it after Reveal."""
    return question._text_of(question.right_answer())


def answer_and_working(number: int, qid: str, asked: Asked, answers: dict) -> tuple[str, str, str]:
    """(answer, working, a note on where they come from) for one question."""
    worked = WORKED.get((number, qid))
    if worked is None:
        answer, working = answers[qid]
        if not has_form(answer, asked.question.answer_texts()):
            raise SystemExit(f"lesson {number:02d} {qid}: the hand-written answer {answer!r} is not the lesson's")
        return answer, working, ""
    value, working = worked(asked)
    shown = shown_answer(asked.question)
    if worked is from_the_games:
        return (
            shown,
            working,
            (
                "*Read from the lesson's own games (its seeded sweep or stored study), built as the lesson builds them; "
                "the working is the explanation the question shows after Check. Rebuild these notes after the games "
                "change.*"
            ),
        )
    if str(value) != shown:
        raise SystemExit(f"lesson {number:02d} {qid}: worked out by hand {value}, the engine says {shown}")
    return (
        shown,
        working,
        (
            "*Worked out by hand for the position the lesson builds (its seeded game), and checked against the "
            "engine's answer when these notes were made.*"
        ),
    )


def as_typed(answer) -> str:
    """A wrong answer as a pupil types it: a turn order as names, an empty ramp as `-` (never a Python tuple or an
    empty code span)."""
    if isinstance(answer, tuple):
        return ", ".join(str(item) for item in answer)
    if answer == "":
        return "-"
    return str(answer)


def common_mistakes(question) -> list[str]:
    wrong = getattr(question, "_wrong", {})
    if callable(wrong) or not wrong:
        return []
    return [f"- `{as_typed(answer)}`: {why}" for answer, why in wrong.items()]


def lesson_notes(number: int) -> str:
    title, aims, plan, answers = LESSONS_CONTENT[number]
    module = importlib.import_module(f"tameri_kit.lessons.questions_{number:02d}")
    missing = [qid for qid in module.QUESTIONS if qid not in answers and (number, qid) not in WORKED]
    if missing:
        raise SystemExit(f"lesson {number:02d}: no hand-written answer for {missing} in tools/teacher_notes_content.py")
    asked = lesson_questions(number, module)
    out = [
        f"# Teacher notes: lesson {number:02d}, {title}",
        "",
        f"Lesson: `notebooks/{notebook(number)}.ipynb`. Questions: `tameri_kit/lessons/questions_{number:02d}.py`. "
        "These notes hold the answers: keep them away from learners until they have checked their own.",
        "",
        "## Aims",
        "",
        *[f"- {aim}" for aim in aims],
        "",
        "## A 45-minute plan",
        "",
        "| minutes | what |",
        "|---|---|",
        *[f"| {minutes} | {what} |" for minutes, what in plan],
        "",
        "## Answers, with the working",
        "",
    ]
    for k, qid in enumerate(module.QUESTIONS, 1):
        question = asked[qid].question
        answer, working, note = answer_and_working(number, qid, asked[qid], answers)
        out += [f"### {k}. `{qid}`", "", f"> {question.prompt}", ""]
        out += [f"**Answer:** {answer}", "", f"**Working:** {working}", ""]
        if note:
            out += [note, ""]
        mistakes = common_mistakes(question)
        if mistakes:
            out += ["**Common mistakes** (the wrong answers the question's feedback expects):", "", *mistakes, ""]
        else:
            out += ["**Common mistakes:** see the feedback the question gives to wrong answers in the lesson.", ""]
        if question.hint:
            out += [f"**Hint to give a stuck pupil:** {question.hint}", ""]
    return "\n".join(out).rstrip() + "\n"


def worksheet(number: int) -> str:
    title = LESSONS_CONTENT[number][0]
    module = importlib.import_module(f"tameri_kit.lessons.questions_{number:02d}")
    out = [
        f"# Worksheet: lesson {number:02d}, {title}",
        "",
        "Name: ______________________   Date: ____________",
        "",
        "Write your prediction in the box **before** you press Check in the lesson. Show your working.",
        "",
        "## The rules you need (for working in pairs)",
        "",
        *[f"- {rule}" for rule in WORKSHEET_RULES[number]],
        "",
    ]
    for k, qid in enumerate(module.QUESTIONS):
        out += [f"## Question {'ABCDEFGHIJKLMNOP'[k]}", ""]
        if (number, qid) in SHEET_NOTE:
            out += [SHEET_NOTE[number, qid], ""]
        out += [getattr(module, qid)().prompt, "", "<!-- answer space -->", ""]
    return "\n".join(out).rstrip() + "\n"


def main() -> int:
    TEACHING.mkdir(parents=True, exist_ok=True)
    for number in sorted(LESSONS_CONTENT):
        (TEACHING / f"lesson_{number:02d}.md").write_text(lesson_notes(number), encoding="utf-8")
    for number in WORKSHEETS:
        (TEACHING / f"worksheet_{number:02d}.md").write_text(worksheet(number), encoding="utf-8")
    print(f"wrote {len(LESSONS_CONTENT)} teacher notes and {len(WORKSHEETS)} worksheets in docs/teaching/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
