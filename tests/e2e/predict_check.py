"""Predict, then check, as a learner meets it in the browser (lessons 05-10): a question answered wrongly, then
rightly, with the rendered page read (its text, as the DOM holds it) before Check for the answer.

A question whose worked answer opens under it (``Question(fold=..., fold_title=...)``, in the question's box of class
``tameri-question-fold``) must show no worked answer before the right answer is checked, not after a wrong one either,
only a note saying where it will open, and show it after.
"""

from __future__ import annotations

import re

from e2e_support import answer_question, expect

PAGE_TEXT = "() => document.body.innerText"


def mentions(text: str, answer: str) -> bool:
    """``answer`` written as a value of its own in ``text`` (not part of a longer number, fraction or word)."""
    return re.search(rf"(?<![\w./+-]){re.escape(answer)}(?!\w|/\d|\.\d)", text) is not None


def page_text(page) -> str:
    return page.evaluate(PAGE_TEXT)


def assert_not_on_page(page, forms, prompt: str = "") -> None:
    """None of ``forms`` (the answer's text forms) appears anywhere in the page's rendered text (the prompt, which
    may name values of the position, left out)."""
    text = page_text(page).replace(prompt, "")
    shown = [form for form in forms if mentions(text, form)]
    assert shown == [], f"the page shows the answer before Check: {shown}"


def wrong_then_right(box, wrong: str, wrong_feedback, right: str, answer_forms=(), worked: str | None = None):
    """Answer ``wrong`` (its feedback reads ``wrong_feedback`` and names none of ``answer_forms``), then ``right``.

    With ``worked`` (a text of the fold the question opens): no worked answer before Check, none after the wrong
    answer, and the fold open with ``worked`` in it after the right one.  Returns the question's box with its opened
    fold (for a screenshot).
    """
    fold = box.locator(".tameri-question-fold")
    if worked is not None:
        expect(fold).to_be_hidden()
        expect(fold.locator(".widget-html")).to_have_count(0)
        expect(box.locator(".tameri-fold-note")).to_contain_text("opens here once you have checked")
    answer_question(box, wrong, wrong_feedback)
    note = box.locator(".tameri-feedback").inner_text().split(" is not it.", 1)[-1]
    assert not [form for form in answer_forms if mentions(note, form)], f"the feedback computes the answer: {note}"
    if worked is not None:
        expect(fold).to_be_hidden()
        expect(fold.locator(".widget-html")).to_have_count(0)
    answer_question(box, right, "Right:")
    if worked is not None:
        expect(fold).to_be_visible()
        expect(fold).to_contain_text(worked)
        expect(box.locator(".tameri-fold-note")).not_to_contain_text("opens here")
    return box
