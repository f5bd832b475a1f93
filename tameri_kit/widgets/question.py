"""Predict, then check: a question a learner answers in a widget.

Every exercise in the lessons is a :class:`Question`.  The right answer is computed by the rules core when the
learner presses Check (``answer`` is a value *or* a function called then), and it lives only in Python: it is never
a widget trait, so it is never sent to the page, stored in a notebook's outputs or shown by Voila until the learner
asks for it with Reveal (which only opens after a first try).

    >>> from fractions import Fraction
    >>> q = Question("What is the chance that a Sun lands on North?", lambda: Fraction(1, 4), kind="fraction",
    ...              explain="Each of the four ramps is equally likely.",
    ...              wrong={Fraction(1, 3): "There are four ramps, not three."})
    >>> q.check("1/3")
    False
    >>> print(q.feedback_text)
    Not quite: 1/3 is not it. There are four ramps, not three. Try again, or press Reveal.
    >>> q.check("0.25")
    True
    >>> print(q.feedback_text)
    Right: 1/4. Each of the four ramps is equally likely.

Kinds of answer:

- ``"number"``: a whole or decimal number (``tolerance`` for decimals);
- ``"fraction"``: ``1/4``, ``0.25`` or ``25%``, compared exactly (sympy rationals are accepted as answers);
- ``"choice"``: one of ``options`` (a list of labels, or of ``(label, value)`` pairs), shown as radio buttons;
- ``"text"``: free text read by ``parse`` (e.g. ``Pyramid.parse``, a ramp's spheres or a move's notation); what
  ``parse`` raises is shown to the learner as the reason the answer could not be read.

``forms`` lists extra ways a lesson might write the answer (e.g. ``"three Seasons of four rounds"``) and ``about``
the question's own words a small number must stand next to to count (see :mod:`tameri_kit.widgets.answer_forms`,
which derives every other form from the answer: the lessons' leak test looks for them where they must not be).
``fold`` (a function of the right answer giving HTML text or a widget, or a tuple of such functions: the parts of
the worked answer) is a worked answer that the question opens below itself once the learner has it right or reveals
it, never on a wrong answer: it is built then, never before, so it is on no page and in no stored output until the
learner has checked.  With ``fold_title`` the question says, until then, that this worked answer opens here once the
learner has checked, and the opened fold carries the title as its summary.  Every fold is one ``VBox`` of class
``tameri-question-fold`` (``fold_box``, hidden until it opens); :func:`pre` and :func:`figure_html` make common parts.

A question with several right answers (a puzzle) takes ``accept``, a function of the learner's (read) answer that
says whether it is right; ``answer`` is then one right answer, the one Reveal shows.  ``wrong`` maps common wrong
answers to the reason they are wrong, or is a function of the answer returning that reason (or ``""``).

In a notebook the question shows itself (its text form names only the prompt, never the options or the answer).
"""

from __future__ import annotations

import html
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any, Callable, Mapping

import ipywidgets as widgets

from ..errors import TameriError
from .answer_forms import AnswerForms, about_words, decimal_forms, forms_of

KINDS = ("number", "fraction", "choice", "text")


class AnswerError(TameriError, ValueError):
    """An answer the question cannot read (for example ``"a quarter"`` where a fraction is asked for)."""


def read_fraction(text: str) -> Fraction:
    """Read ``"1/4"``, ``"0.25"``, ``"25%"`` or ``"3"`` as an exact fraction.

    >>> read_fraction(" 3/12 "), read_fraction("25%"), read_fraction("0.5")
    (Fraction(1, 4), Fraction(1, 4), Fraction(1, 2))
    """
    cleaned = str(text).strip().replace(" ", "")
    if not cleaned:
        raise AnswerError("type an answer first: a fraction (top/bottom), a decimal or a percentage")
    percent = cleaned.endswith("%")
    if percent:
        cleaned = cleaned[:-1]
    if not re.fullmatch(r"[+-]?(\d{1,12}(\.\d{0,12})?|\.\d{1,12})(/\d{1,12})?", cleaned):
        raise AnswerError(
            f"cannot read {text!r} as a fraction: write a fraction (top/bottom), a decimal or a percentage"
        )
    numerator, _, denominator = cleaned.partition("/")
    try:
        value = Fraction(Decimal(numerator))
    except InvalidOperation as error:  # pragma: no cover - the pattern above lets only numbers through
        raise AnswerError(f"cannot read {text!r} as a fraction") from error
    if denominator:
        if int(denominator) == 0:
            raise AnswerError(f"{text!r} divides by zero")
        value /= int(denominator)
    return value / 100 if percent else value


def read_number(text: str) -> Fraction:
    """Read a whole or decimal number (exactly, as a fraction).

    >>> read_number(" 7 "), read_number("2.5")
    (Fraction(7, 1), Fraction(5, 2))
    """
    cleaned = str(text).strip().replace(" ", "")
    if not cleaned:
        raise AnswerError("type an answer first: a number, in digits")
    if not re.fullmatch(r"[+-]?(\d{1,15}(\.\d{0,12})?|\.\d{1,12})", cleaned):
        raise AnswerError(f"cannot read {text!r} as a number: type digits (a decimal point is fine)")
    return Fraction(Decimal(cleaned))


def _as_fraction(value: Any) -> Fraction:
    """An exact fraction from an int, Fraction, sympy Rational or anything with p and q."""
    if hasattr(value, "p") and hasattr(value, "q"):  # sympy Rational / Integer
        return Fraction(int(value.p), int(value.q))
    return Fraction(value)


def _show(value: Any) -> str:
    if isinstance(value, Fraction) and value.denominator == 1:
        return str(value.numerator)
    return str(value)


_decimal_forms = decimal_forms  # the name this module used before answer_forms held it


def _is_widget(item: Any) -> bool:
    """A widget, or an object showing one as its ``box`` (a part of a fold that is not HTML text)."""
    return isinstance(item, widgets.Widget) or isinstance(getattr(item, "box", None), widgets.Widget)


def _inline(text: str) -> str:
    """Plain text to HTML: escaped, with `backticks` shown as code (rule notation stays as typed)."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


class Question:
    """One predict-then-check question: an answer box, Check, Hint and Reveal, and feedback explaining the rule.

    ``answer`` is the right answer or a function that computes it from the rules (called at Check, never before).
    ``explain`` (text, or a function of the right answer) says *why* it is right; ``wrong`` maps common wrong
    answers to a sentence on why they are wrong (or is a function of the learner's answer giving that sentence).
    ``hint`` is shown by the Hint button.  ``accept`` (optional) decides for questions with several right answers.
    Text is plain text (it is escaped; `backticks` show as code), so rule notation with ``<`` or ``&`` shows as typed.
    """

    def __init__(
        self,
        prompt: str,
        answer: Any,
        *,
        kind: str = "number",
        explain: str | Callable[[Any], str] = "",
        hint: str = "",
        wrong: Mapping[Any, str] | Callable[[Any], str] | None = None,
        options: list | None = None,
        parse: Callable[[str], Any] | None = None,
        tolerance: float = 0.0,
        label: str = "Your answer",
        accept: Callable[[Any], bool] | None = None,
        placeholder: str | None = None,
        show: Callable[[Any], str] | None = None,
        title: str = "Predict",
        forms: tuple[str, ...] | list[str] = (),
        about: tuple[str, ...] | list[str] | None = None,
        fold: Callable[[Any], Any] | tuple[Callable[[Any], Any], ...] | list | None = None,
        fold_title: str | None = None,
    ):
        if kind not in KINDS:
            raise AnswerError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        if kind == "choice" and not options:
            raise AnswerError("a 'choice' question needs options")
        if kind == "text" and parse is None:
            raise AnswerError("a 'text' question needs parse, the function that reads the learner's text")
        self.prompt = prompt
        self.kind = kind
        self._answer = answer
        self._explain = explain
        self.hint = hint
        self._wrong = wrong if callable(wrong) else dict(wrong or {})
        self._parse = parse
        self._accept = accept
        self._show_value = show
        self._forms = tuple(forms)
        self._about = set(about) if about is not None else about_words(prompt, label)
        if fold is not None and not callable(fold):
            fold = tuple(fold)
            if not fold or not all(callable(part) for part in fold):
                raise AnswerError("fold must be a function of the right answer, or a tuple of such functions")
        self._fold = fold
        self.fold_title = fold_title
        self.tolerance = Fraction(tolerance)
        self.tries = 0
        self.solved = False
        self.revealed = False
        self._resetting = False
        self._last_check: tuple[Any, bool, str] | None = None  # (text checked, result, feedback) from the box
        self._when_done: list[Callable[[], None]] = []  # told when the question is answered, revealed or reset

        self.prompt_html = widgets.HTML(
            f"<b>{html.escape(title)}:</b> {_inline(prompt)}", layout=widgets.Layout(max_width="100%")
        )
        if kind == "choice":
            pairs = [option if isinstance(option, tuple) else (str(option), option) for option in options]
            self._options = pairs
            self.answer_input = widgets.RadioButtons(
                options=pairs, value=None, description="", layout=widgets.Layout(width="auto", max_width="100%")
            )
        else:
            self._options = []
            if placeholder is None:
                placeholder = {
                    "number": "a number",
                    "fraction": "a fraction, a decimal or a percentage",
                    "text": "type your answer",
                }[kind]
            self.answer_input = widgets.Text(
                value="",
                placeholder=placeholder,
                description=label,
                style={"description_width": "initial"},
                layout=widgets.Layout(width="420px", max_width="100%"),
                continuous_update=False,  # the page sends the text on Enter (or on leaving the box), not per key
            )
            self.answer_input.observe(self._on_typed, names="value")
        self.check_button = widgets.Button(
            description="Check",
            button_style="primary",
            icon="check",
            tooltip="Check your answer",
            layout=widgets.Layout(width="auto"),
        )
        self.hint_button = widgets.Button(
            description="Hint",
            icon="lightbulb-o",
            disabled=not hint,
            tooltip="A hint, without the answer",
            layout=widgets.Layout(width="auto"),
        )
        self.reveal_button = widgets.Button(
            description="Reveal",
            icon="eye",
            disabled=True,
            tooltip="Show the answer (opens after a first try)",
            layout=widgets.Layout(width="auto"),
        )
        self.feedback = widgets.HTML("", layout=widgets.Layout(max_width="100%"))
        # the worked answer: empty (and hidden) until the learner has it right or reveals it
        self.fold_box = widgets.VBox([], layout=widgets.Layout(display="none", max_width="100%"))
        self.fold_box.add_class("tameri-question-fold")
        # until it opens, a titled fold says where its worked answer will appear (and nothing of it)
        note = self._fold_note_html()
        self.fold_note = widgets.HTML(note, layout=widgets.Layout(max_width="100%"))
        self.fold_note.add_class("tameri-fold-note")
        self.check_button.on_click(lambda _button: self.check())
        self.hint_button.on_click(lambda _button: self.show_hint())
        self.reveal_button.on_click(lambda _button: self.reveal())
        self.box = widgets.VBox(
            [
                self.prompt_html,
                self.answer_input,
                widgets.HBox(
                    [self.check_button, self.hint_button, self.reveal_button],
                    layout=widgets.Layout(flex_flow="row wrap", max_width="100%"),
                ),
                self.feedback,
                *([self.fold_note] if note else []),
                self.fold_box,
            ],
            layout=widgets.Layout(
                border="1px solid #c8c8c8", padding="6px 10px", margin="6px 0", max_width="100%", width="auto"
            ),
        )
        self.box.add_class("tameri-question")

    # -- the answer ------------------------------------------------------------------------------------------------
    def right_answer(self) -> Any:
        """The right answer, computed now by the rules (tests use this; the page never sees it)."""
        return self._answer() if callable(self._answer) else self._answer

    def answer_texts(self) -> set[str]:
        """The ways the right answer could be written in a lesson (tests look for them where they must not be).

        Numbers and fractions give their exact form and, when finite, their decimal and percent forms; a choice its
        option's label; a text answer its text form.
        """
        right = self.right_answer()
        if self.kind in ("number", "fraction"):
            value = _as_fraction(right)
            texts = {_show(value)} | (_decimal_forms(value) if self.kind == "fraction" else set())
            return texts | set(self._forms)
        texts = {self._text_of(right)}
        if self._show_value is None and self.kind != "choice":
            texts.add(str(right))
        return {text for text in texts if text} | set(self._forms)

    def answer_forms(self) -> AnswerForms:
        """Every way the right answer may be written (strong and weak forms, and the question's own words)."""
        right = self.right_answer()
        shown = self._text_of(right) if self.kind in ("choice", "text") else ""
        if self._show_value is not None and self.kind == "text":
            shown = self._show_value(right)
        return forms_of(right, self.kind, shown=shown, explicit=self._forms, about=self._about)

    def _open_fold(self, right: Any) -> None:
        """Build the worked answer now (its parts' HTML first, under the title, then any widgets) and show it."""
        if self._fold is None or self.fold_box.children:
            return
        parts = self._fold if isinstance(self._fold, tuple) else (self._fold,)
        shown = [part(right) for part in parts]
        shown_widgets = [getattr(item, "box", item) for item in shown if _is_widget(item)]
        text = "".join(str(item) for item in shown if not _is_widget(item))
        if self.fold_title:
            text = f"<details open><summary><b>{html.escape(self.fold_title)}</b></summary>{text}</details>"
        children = [widgets.HTML(text, layout=widgets.Layout(max_width="100%", overflow="auto"))] if text else []
        self.fold_note.value = ""
        self.fold_box.children = (*children, *shown_widgets)
        self.fold_box.layout.display = "flex"

    def _fold_note_html(self) -> str:
        """What a titled fold says before it opens: where the worked answer will appear (``""`` for no note)."""
        if self._fold is None or not self.fold_title:
            return ""
        return (
            f"<i style='color:#666'>{html.escape(self.fold_title)}: opens here once you have checked the right answer "
            "(or pressed Reveal).</i>"
        )

    def _text_of(self, value: Any) -> str:
        if self.kind == "choice":
            return next((label for label, option in self._options if option == value), str(value))
        if self._show_value is not None:
            return self._show_value(value)
        return _show(value)

    def _read(self, raw: Any) -> Any:
        if self.kind == "choice":
            if raw is None:
                raise AnswerError("choose one of the options first")
            labels = {label: option for label, option in self._options}
            if isinstance(raw, str) and raw in labels:
                return labels[raw]
            if any(option == raw for _, option in self._options):
                return raw
            raise AnswerError(f"{raw!r} is not one of the options")
        if self.kind == "fraction":
            return read_fraction(raw)
        if self.kind == "number":
            return read_number(raw)
        text = str(raw).strip()
        if not text:
            raise AnswerError("type an answer first")
        try:
            return self._parse(text)
        except (TameriError, ValueError) as error:
            raise AnswerError(f"cannot read your answer: {error}") from error

    def _matches(self, given: Any, right: Any) -> bool:
        if self.kind in ("number", "fraction"):
            return abs(given - _as_fraction(right)) <= self.tolerance
        return given == right

    def _is_right(self, given: Any, right: Any) -> bool:
        if self._accept is not None:
            return bool(self._accept(given))
        return self._matches(given, right)

    def _explanation(self, right: Any) -> str:
        return self._explain(right) if callable(self._explain) else self._explain

    def _wrong_note(self, given: Any) -> str:
        if callable(self._wrong):
            return self._wrong(given) or ""
        for candidate, note in self._wrong.items():
            try:
                if self._matches(given, candidate):
                    return note
            except (TypeError, ValueError):
                continue
        return ""

    # -- what the buttons do ---------------------------------------------------------------------------------------
    def _on_typed(self, change: dict) -> None:
        """The page sent the box's text (Enter, or leaving the box to press Check): check it."""
        if not self._resetting and str(change["new"]).strip():
            self.check()

    def check(self, value: Any = None) -> bool:
        """Check ``value`` (or what the learner entered) and show the feedback; True when it is right.

        For a choice, ``value`` is an option's label or value.  Checking the box's same text again (Enter, then
        Check) shows the same feedback and does not count as another try.
        """
        if value is None and self._last_check is not None and self._last_check[0] == self.answer_input.value:
            _, result, shown = self._last_check
            self.feedback.value = shown
            return result
        result = self._check(value)
        if value is None:
            self._last_check = (self.answer_input.value, result, self.feedback.value)
        return result

    def _check(self, value: Any) -> bool:
        raw = self.answer_input.value if value is None else value
        try:
            given = self._read(raw)
        except AnswerError as error:
            self._say(str(error), "warning")
            return False
        self.tries += 1
        self.reveal_button.disabled = False
        right = self.right_answer()
        try:
            is_right = self._is_right(given, right)
            note = "" if is_right else self._wrong_note(given)
        except (TameriError, ValueError) as error:  # e.g. a move the rules refuse: say why
            is_right, note = False, str(error)
        if is_right:
            self.solved = True
            self._say(f"Right: {self._text_of(given)}. {self._explanation(right)}".strip(), "success")
            self._open_fold(right)
            self._tell()
            return True
        text = f"Not quite: {self._text_of(given)} is not it."
        if note:
            text += f" {note}" + ("" if note.rstrip().endswith((".", "!", "?", ")")) else ".")
        text += " Try again, or press Hint." if self.hint and self.tries == 1 else " Try again, or press Reveal."
        self._say(text, "danger")
        return False

    def show_hint(self) -> None:
        """Show the hint (never the answer)."""
        self._say(f"Hint: {self.hint}", "info")

    def reveal(self) -> None:
        """Show the right answer and why; allowed only after a first try."""
        if self.tries == 0:
            self._say("Try an answer first: Reveal opens after your first Check.", "warning")
            return
        self.revealed = True
        right = self.right_answer()
        self._say(f"The answer: {self._text_of(right)}. {self._explanation(right)}".strip(), "info")
        self._open_fold(right)
        self._tell()

    def when_done(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` whenever the question is answered right, revealed or reset (a part of the page that
        opens only after this question, :class:`~tameri_kit.widgets.after_check.OpensAfter`, listens so)."""
        self._when_done.append(callback)

    def _tell(self) -> None:
        for callback in self._when_done:
            callback()

    @property
    def fold_html(self) -> str:
        """The opened worked answer as HTML (its widgets left out); ``""`` until it opens."""
        return "".join(child.value for child in self.fold_box.children if isinstance(child, widgets.HTML))

    @property
    def feedback_text(self) -> str:
        """The feedback as plain text (what the learner reads)."""
        return html.unescape(re.sub(r"<[^>]+>", "", self.feedback.value))

    def _say(self, text: str, tone: str) -> None:
        colours = {"success": "#1b5e20", "danger": "#b71c1c", "warning": "#8a5a00", "info": "#0d47a1"}
        self.feedback.value = (
            f'<div class="tameri-feedback tameri-{tone}" '
            f'style="color:{colours[tone]};white-space:normal">{_inline(text)}</div>'
        )

    def reset(self) -> None:
        """Back to unanswered."""
        self._resetting = True
        try:
            self.answer_input.value = None if self.kind == "choice" else ""
        finally:
            self._resetting = False
        self._last_check = None
        self.feedback.value = ""
        self.tries, self.solved, self.revealed = 0, False, False
        self.reveal_button.disabled = True
        self.fold_box.children = ()
        self.fold_box.layout.display = "none"
        self.fold_note.value = self._fold_note_html()
        self._tell()

    def _repr_mimebundle_(self, **kwargs) -> dict:
        """Shown in a notebook as the widget; its text form names the prompt only (never options or answer)."""
        bundle = self.box._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = f"Question: {self.prompt}"
        return bundle

    def __repr__(self) -> str:
        return f"Question({self.prompt!r}, kind={self.kind!r})"


def pre(text: str) -> str:
    """Plain text (a log, printed lines) as HTML that keeps its lines: a part of a question's fold."""
    return (
        "<pre style='font-family:var(--jp-code-font-family, monospace);font-size:12px;line-height:1.4;"
        f"white-space:pre-wrap;margin:4px 0'>{html.escape(text)}</pre>"
    )


def figure_html(fig) -> str:
    """A matplotlib figure as an inline PNG ``<img>`` no wider than its output area (closed afterwards, so a notebook
    does not draw it again): a part of a question's fold."""
    import base64

    import matplotlib.pyplot as plt

    from ..render.scores import figure_png

    data = base64.b64encode(figure_png(fig)).decode("ascii")
    plt.close(fig)
    return f"<img alt='chart' style='max-width:100%' src='data:image/png;base64,{data}'/>"
