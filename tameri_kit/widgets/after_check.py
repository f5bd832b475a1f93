"""A fold that a question opens: the worked answer (a log, a table, a picture) shown under a question only once the
learner has answered it right or pressed Reveal.

Predict, then check: nothing the learner sees before Check may state or compute the answer.  What works an answer
out in full (the kit's own table, the board after the move, the log of the round) therefore lives here: the parts
are functions returning HTML, called only when the fold opens, so before that they are neither on the page nor in
a notebook's stored outputs.

    >>> from tameri_kit.widgets.question import Question
    >>> q = Question("How many points does an offering of 3 different resources score?", 4)
    >>> fold = AnswerFold(q, lambda: "<p>3 + 1 = 4</p>", title="The kit's count")
    >>> fold.opened, fold.html.value
    (False, '')
    >>> q.check("3")
    False
    >>> fold.opened
    False
    >>> q.check("4")
    True
    >>> fold.opened, "3 + 1 = 4" in fold.html.value
    (True, True)
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from .question import Question


class AnswerFold:
    """``question`` with, under it, ``parts`` (functions returning HTML, or a widget) that appear once it is solved
    or revealed.

    In a notebook it shows as the question (its text form is the question's: the prompt only).  Before the fold
    opens, one grey line says that the worked answer opens after Check, and nothing else is on the page.
    """

    def __init__(self, question: Question, *parts: Callable[[], object], title: str = "The worked answer"):
        if not parts or not all(callable(part) for part in parts):
            raise TypeError("AnswerFold needs at least one part: a function returning HTML")
        self.question = question
        self.parts = parts
        self.title = title
        self.opened = False
        self.note = widgets.HTML(
            f"<i style='color:#666'>{html.escape(title)}: opens here once you have checked the right answer "
            "(or pressed Reveal).</i>"
        )
        self.html = widgets.HTML("", layout=widgets.Layout(max_width="100%", overflow="auto"))
        self.body = widgets.VBox([], layout=widgets.Layout(max_width="100%"))
        question.feedback.observe(self._on_feedback, names="value")
        self.box = widgets.VBox(
            [question.box, self.note, self.html, self.body], layout=widgets.Layout(max_width="100%")
        )
        self.box.add_class("tameri-answer-fold")

    def _on_feedback(self, _change) -> None:
        if (self.question.solved or self.question.revealed) and not self.opened:
            self.open()

    def open(self) -> None:
        """Show the worked answer (the question calls this when it is solved or revealed).  A part returning a
        widget (an explorer, a slider) is shown below the HTML parts."""
        self.opened = True
        shown = [part() for part in self.parts]
        body = "".join(item for item in shown if isinstance(item, str))
        self.note.value = ""
        self.html.value = (
            f"<details open class='tameri-worked'><summary><b>{html.escape(self.title)}</b></summary>{body}</details>"
        )
        self.body.children = tuple(getattr(item, "box", item) for item in shown if not isinstance(item, str))

    def _repr_mimebundle_(self, **kwargs) -> dict:
        """Shown as the question and its (closed) fold; the text form names the prompt only."""
        bundle = self.box._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = f"Question: {self.question.prompt}"
        return bundle

    def __repr__(self) -> str:
        return f"AnswerFold({self.question!r}, title={self.title!r})"


def pre(text: str) -> str:
    """Plain text (a log, printed lines) as HTML that keeps its lines."""
    return f"<pre style='font-size:12px;white-space:pre-wrap;margin:4px 0'>{html.escape(text)}</pre>"


def figure_html(fig) -> str:
    """A matplotlib figure as an inline PNG ``<img>`` (closed afterwards, so a notebook does not draw it again)."""
    import base64

    import matplotlib.pyplot as plt

    from ..render.scores import figure_png

    data = base64.b64encode(figure_png(fig)).decode("ascii")
    plt.close(fig)
    return f"<img style='max-width:100%' src='data:image/png;base64,{data}'/>"
