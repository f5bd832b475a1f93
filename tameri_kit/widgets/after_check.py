"""A part of a lesson that opens only once the learner has checked the questions it would give away.

A summary, or a later section's sentence, often restates answers ("8 Workers: 4 free, 4 locked").  Printed on the
page it would answer the question above it for a learner who reads the whole page first, so it is shown in an
:class:`OpensAfter` instead: until every question it names is answered right (or revealed) the page holds only a
note saying where it will open; its text is built then, never before, so it is on no page and in no stored output
until the learner has checked.  The lessons' leak test reads its text for every *other* question.

    >>> from tameri_kit.widgets.question import Question
    >>> ramps = Question("How many ramps?", 4, kind="number", label="Ramps")
    >>> summary = OpensAfter([ramps], lambda: "<p>4 ramps, one on each side.</p>", title="Summary")
    >>> summary.is_open, summary.body.children
    (False, ())
    >>> ramps.check("3"), summary.is_open
    (False, False)
    >>> ramps.check("4"), summary.is_open, summary.body.children[0].value
    (True, True, '<p>4 ramps, one on each side.</p>')
"""

from __future__ import annotations

import html
import re
from typing import Callable, Iterable

import ipywidgets as widgets

from .question import Question


class OpensAfter:
    """``content`` (a function giving HTML text, maths written as ``$...$`` allowed) shown below a note until every
    one of ``questions`` is answered right or revealed, then in place of the note.  ``title`` names the part."""

    def __init__(self, questions: Iterable[Question], content: Callable[[], str], *, title: str = "Summary"):
        self.questions = tuple(questions)
        if not self.questions:
            raise ValueError("OpensAfter needs the questions it waits for")
        self.title = title
        self._content = content
        self.note = widgets.HTML(self._note_html(), layout=widgets.Layout(max_width="100%"))
        self.body = widgets.VBox([], layout=widgets.Layout(display="none", max_width="100%"))
        self.box = widgets.VBox([self.note, self.body], layout=widgets.Layout(max_width="100%"))
        self.box.add_class("tameri-opens-after")
        for question in self.questions:
            question.when_done(self.update)

    @property
    def is_open(self) -> bool:
        return bool(self.body.children)

    def content_html(self) -> str:
        """The text this part opens with (tests read it; the page gets it only when it opens)."""
        return self._content()

    def _note_html(self) -> str:
        count = len(self.questions)
        which = "the question above" if count == 1 else f"the {count} questions above"
        return (
            f"<i style='color:#666'>{html.escape(self.title)}: opens here once you have checked {which} "
            "(or pressed Reveal), so that it gives no answer away.</i>"
        )

    def update(self) -> None:
        """Open when every question is done; close again when one is reset."""
        done = all(question.solved or question.revealed for question in self.questions)
        if done and not self.is_open:
            text = self.content_html()
            kind = widgets.HTMLMath if "$" in text else widgets.HTML
            self.body.children = (kind(text, layout=widgets.Layout(max_width="100%")),)
            self.body.layout.display = "flex"
            self.note.value = ""
        elif not done and self.is_open:
            self.body.children = ()
            self.body.layout.display = "none"
            self.note.value = self._note_html()

    def _repr_mimebundle_(self, **kwargs) -> dict:
        bundle = self.box._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = f"{self.title} (opens after its questions are checked)"
        return bundle


def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![\w*])\*([^*]+)\*(?![\w*])", r"<i>\1</i>", text)
    return re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r"<a href='\2'>\1</a>", text)


def markdown_list(text: str, heading: str = "") -> str:
    r"""A lesson's summary written as a markdown list (``- item``, continued by indented lines; **bold**, *italic*,
    `code`, [links](url)) as HTML, under an ``<h2>`` ``heading`` when given.

    >>> markdown_list("- **8** Workers\n- a `C2`\n  card", "Summary")
    '<h2>Summary</h2><ul><li><b>8</b> Workers</li><li>a <code>C2</code> card</li></ul>'
    """
    items: list[str] = []
    after: list[str] = []
    for line in text.strip().splitlines():
        if re.match(r"\s*[-*] ", line):
            items.append(re.sub(r"^\s*[-*] ", "", line))
        elif line.strip() and items and line.startswith(" ") and not after:
            items[-1] += " " + line.strip()
        elif line.strip():
            after.append(line.strip())
    body = "<ul>" + "".join(f"<li>{_inline(item)}</li>" for item in items) + "</ul>" if items else ""
    body += f"<p>{_inline(' '.join(after))}</p>" if after else ""
    return (f"<h2>{html.escape(heading)}</h2>" if heading else "") + body
