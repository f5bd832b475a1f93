"""Write the teacher notes (docs/teaching/lesson_NN.md) and the worksheets (docs/teaching/worksheet_NN.md).

    .venv/bin/python tools/teacher_notes.py        # then tools/teaching_pages.py for the worksheets' PDFs

The answers and their working are hand-written in ``tools/teacher_notes_content.py`` (worked from the rulebook);
this script adds what the lessons' questions say themselves: each prompt, the wrong answers their feedback
expects (the common mistakes) and their hints.  Run it again after a lesson's questions change; it stops with the
ids that have no hand-written answer yet.  Worksheets hold the prompts and room to answer, never an answer.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from teacher_notes_content import LESSONS_CONTENT, NOT_BY_HAND  # noqa: E402

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


def common_mistakes(question) -> list[str]:
    wrong = getattr(question, "_wrong", {}) if question is not None else {}
    if callable(wrong) or not wrong:
        return []
    return [f"- `{answer}`: {why}" for answer, why in wrong.items()]


def lesson_notes(number: int) -> str:
    title, aims, plan, answers = LESSONS_CONTENT[number]
    module = importlib.import_module(f"tameri_kit.lessons.questions_{number:02d}")
    missing = [qid for qid in module.QUESTIONS if qid not in answers]
    if missing:
        raise SystemExit(f"lesson {number:02d}: no hand-written answer for {missing} in tools/teacher_notes_content.py")
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
        answer, working = answers[qid]
        question = build_question(module, qid)
        out += [f"### {k}. `{qid}`", ""]
        out += [
            f"> {question.prompt}"
            if question
            else "> (asked about the position the lesson builds; the prompt names the player and the numbers)",
            "",
        ]
        out += [f"**Answer:** {answer}", "", f"**Working:** {working}", ""]
        if (number, qid) in NOT_BY_HAND:
            out += [
                "*Not re-derived by hand for these notes: the value depends on the lesson's seeded position or "
                "stored study; check it in the lesson (Reveal) before class.*",
                "",
            ]
        mistakes = common_mistakes(question)
        if mistakes:
            out += ["**Common mistakes** (the wrong answers the question's feedback expects):", "", *mistakes, ""]
        else:
            out += ["**Common mistakes:** see the feedback the question gives to wrong answers in the lesson.", ""]
        if question is not None and question.hint:
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
