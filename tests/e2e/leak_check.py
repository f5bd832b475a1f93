"""In the browser: the rendered page shows no form of a question's answer before the learner checks it.

The page as Voila renders it (prose, outputs, widgets: the DOM's text) is read whole, as a learner scrolls it before
answering, by the rule of ``tests/lessons/test_lessons_leak_nothing.py``: no form of the question's answer anywhere
on the page outside its own box - strong forms anywhere, weak ones (small numbers, 1/4 ...) within a few words of the
question's own words in prose and near the question.  What opens only after this question is checked (its own fold, a
summary folded until it is answered) is not on the page yet; what earlier questions opened once answered (their
worked answers, a summary they open) is, and is read.  The question's own box is left out: its feedback is checked
by the leak test's feedback check.
"""

from __future__ import annotations

import re

from e2e_support import answer_question, question_box

from tameri_kit.widgets.answer_forms import find

# every cell in order; a rendered markdown cell as one block per element, a heading marked as such
_BLOCKS = """() => {
    const out = [];
    for (const cell of document.querySelectorAll('.jp-Cell')) {
        const md = cell.querySelector('.jp-RenderedMarkdown');
        if (md) {
            for (const e of md.children) out.push({text: e.innerText || '', heading: /^H[1-6]$/.test(e.tagName),
                                                   level: /^H[1-6]$/.test(e.tagName) ? +e.tagName[1] : 0, prose: true});
        } else {
            // a part folded until questions are checked reads as prose once open (a summary)
            const folded = !!cell.querySelector('.tameri-opens-after');
            out.push({text: cell.innerText || '', heading: false, level: 0, prose: folded});
        }
    }
    return out;
}"""


def prompt_start(question) -> str:
    """The start of the question's prompt as the page shows it (before any `code`, which renders differently)."""
    return re.split(r"[`(]", question.prompt)[0].strip()[:60]


def answer_forms_on_page(page, question) -> list[str]:
    """The answer forms the whole page shows, outside the question's own box (with the text around each)."""
    forms = question.answer_forms()
    own = question_box(page, prompt_start(question)).inner_text()
    blocks = page.evaluate(_BLOCKS)
    at = next(i for i, b in enumerate(blocks) if prompt_start(question) in b["text"])
    sections = [i for i, b in enumerate(blocks) if b["heading"] and b["level"] >= 2]
    start = max([i for i in sections if i <= at] or [0])
    end = next((i for i in sections if i > at), len(blocks))
    found = []
    for i, block in enumerate(blocks):
        text = block["text"].replace(own, " ") if i == at else block["text"]
        near = i < (sections[0] if sections else len(blocks)) or start <= i < end or block["prose"]
        shown = find(forms.strong, text) + (find(forms.weak, text, near=forms.about) if near else [])
        for form in shown:
            found.append(f"{form!r} in block {i}: {text[:160]!r}")
    return found


def wrong_then_right(page, question, wrong: str, right: str) -> None:
    """Before Check the page shows no answer form around the question; a wrong answer gets "Not quite" (and still no
    form outside the question's box); the right one gets "Right:"."""
    shown = answer_forms_on_page(page, question)
    assert shown == [], f"{question.prompt}: {shown}"
    box = question_box(page, prompt_start(question))
    answer_question(box, wrong, "Not quite")
    shown = answer_forms_on_page(page, question)
    assert shown == [], f"{question.prompt}: {shown}"
    answer_question(box, right, "Right:")


def every_question_wrong_then_right(page, questions, answers: dict) -> None:
    """:func:`wrong_then_right` for each question a lesson's question module lists (``questions.QUESTIONS``, each
    made by the module's function of that name), with ``answers[name] = (wrong, right)``."""
    for name in questions.QUESTIONS:
        wrong, right = answers[name]
        wrong_then_right(page, getattr(questions, name)(), wrong, right)
