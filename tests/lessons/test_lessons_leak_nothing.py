"""Predict, then check, for real: no lesson shows a question's answer before the learner checks it.

Each lesson is read the way a learner meets it, in two views: **JupyterLab** (markdown rendered to text, every code
cell's source, every output as displayed) and **Voila** (the same without code).  Outputs are read as shown: printed
text, HTML and SVG stripped to their text (tooltips, ``title`` and ``aria-label`` included), LaTeX with its
fractions as typed, the text of every matplotlib figure (titles, labels, legends) and every widget's words
(values, descriptions, placeholders, tooltips, options).  Widgets and figures are not in the stored notebook, so
the lesson's code cells are run here, in order, as a kernel would (without showing anything); that run also builds
the lesson's questions - whatever builds them (a ``questions_NN`` function, a game position, a sweep) - in the
very positions the learner meets.

Each question names the forms its answer may be written in (:meth:`Question.answer_forms`,
:mod:`tameri_kit.widgets.answer_forms`): *strong* forms (1/32, 7/8, a long text, a turn order, a sum that works out
to the answer such as ``4 + 1``, the question's explicit ``forms``) and *weak* ones (integers below 100 and their
words, 1/2, 1/3, 2/3, 1/4, 3/4 and their decimals, short texts, single names).  The rule, for each question:

- where: the whole page, as a learner scrolls it before answering - every cell of the lesson (its head, every
  section above and below the question, the Summary, pictures' text, every widget's initial text) and every other
  question's hint, feedback to typical wrong answers and worked answer (its explanation and its fold, built here as
  Check would build it).  Left out is only what opens after *this* question is checked: its own explanation and
  fold, and a part of the page shown in an :class:`~tameri_kit.widgets.after_check.OpensAfter` that waits for it
  (a summary restating answers is folded so; "answer before reading on" is not enough);
- a strong form found there is a leak;
- a weak form is a leak only within NEAR (3) words of one of the question's own words (``about``:
  by default the answer box's label and the noun after "how many"), so "the 4 players" does not count against a
  question about ramps, but "four ramps" does;
- a question's placeholder holds no value (no digit, no "e.g.");
- no lesson code cell holds an ``assert`` (pin values in tests);
- the feedback to typical wrong answers (those the question names, and near misses) and the question's hint hold no
  strong form and no digit form of the answer (only the learner's own answer, echoed, is left out).

The fixtures under ``tests/lessons/fixtures/leaks/`` reintroduce one leak of each kind the issue found (prose, learning goal,
summary, assert, printed output, plot legend, placeholder, wrong-answer feedback, unfolded answer, a later section,
a Summary far below, a picture's text, a widget's initial text, another question's worked answer, feedback and
hint, the question's own hint, a summary folded for the wrong question) and one lesson without a leak (its summary
folded until its questions are checked); each must be found, and only it.
"""

from __future__ import annotations

import ast
import contextlib
import html
import io
import inspect
import json
import re
import sys
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import ipywidgets as widgets
import pytest

from tameri_kit.widgets.after_check import OpensAfter
from tameri_kit.widgets.answer_forms import computes, find, normalise
from tameri_kit.widgets.question import Question

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "leaks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
# lessons that still leak (none: a lesson found leaking is fixed, never marked; the rules above are never weakened)
STILL_LEAKING: dict[str, str] = {}


# ---- reading a lesson as a learner sees it ---------------------------------------------------------------------
@dataclass
class Block:
    """One thing a learner reads: where (cell), what kind, its text, and in which views it shows."""

    cell: int
    kind: str  # prose, code, output, plot, widget, question
    text: str
    views: tuple[str, ...] = ("lab", "voila")
    heading: str = ""  # the heading this block starts with, if any
    question: Question | None = None
    owner: Question | None = None  # the question whose hint, feedback or worked answer this is
    after: frozenset[int] = frozenset()  # ids of the questions it opens after (it is hidden until they are checked)


@dataclass
class Lesson:
    name: str
    blocks: list[Block]
    cells: list[dict]
    questions: list[tuple[str, Question]] = field(default_factory=list)  # (name, question) in the order asked


def html_text(markup: str) -> str:
    """HTML (and SVG) as text: the words shown, plus tooltips (title, aria-label) a pointer shows."""
    markup = re.sub(r"(?is)<(script|style)\b.*?</\1>", " ", markup)
    tips = re.findall(r"""(?:title|aria-label|alt)\s*=\s*(?:"([^"]*)"|'([^']*)')""", markup)
    text = re.sub(r"<[^>]+>", " ", markup)
    return html.unescape(text + " " + " ".join(a or b for a, b in tips))


def markdown_text(source: str) -> str:
    """Markdown as rendered: links by their text, no emphasis marks, tables as words, HTML stripped."""
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1", source)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[*_]{1,3}(?=\S)|(?<=\S)[*_]{1,3}", "", text)
    text = re.sub(r"^\s*[|:\- ]+$", " ", text, flags=re.MULTILINE)
    text = re.sub(r"^(\s*#*\s*)\d+\.(?=\s)", r"\1", text, flags=re.MULTILINE)  # list and section numbers
    return html_text(text.replace("|", " "))


def output_texts(output: dict) -> list[str]:
    """What an output shows (widget views are read from the live widgets instead)."""
    if output["output_type"] == "stream":
        return ["".join(output["text"])]
    if output["output_type"] == "error":
        return ["".join(output.get("traceback", []))]
    data = output.get("data", {})
    texts = []
    for mime in ("text/html", "image/svg+xml"):
        if mime in data:
            texts.append(html_text("".join(data[mime])))
    for mime in ("text/markdown", "text/latex"):
        if mime in data:
            texts.append("".join(data[mime]))
    rich = {"text/html", "image/svg+xml", "image/png", "image/jpeg", "text/markdown", "text/latex"}
    if "text/plain" in data and not (rich | {"application/vnd.jupyter.widget-view+json"}) & set(data):
        texts.append("".join(data["text/plain"]))
    return texts


def widget_texts(widget, questions: dict[int, Question | OpensAfter], found: list) -> list[str]:
    """Every word a widget shows (its children too); a question's own box, and a part that opens after questions,
    are noted in ``found``, not read."""
    if id(widget) in questions:
        found.append(questions[id(widget)])
        return []
    texts = []
    for trait in ("description", "placeholder", "tooltip"):
        value = getattr(widget, trait, None)
        if isinstance(value, str) and value:
            texts.append(value)
    value = getattr(widget, "value", None)
    if isinstance(value, str) and value:
        texts.append(html_text(value) if "<" in value else value)
    for labels in ("_options_labels", "titles", "_titles"):
        value = getattr(widget, labels, None)
        if isinstance(value, (tuple, list)):
            texts += [str(v) for v in value if v]
        elif isinstance(value, dict):
            texts += [str(v) for v in value.values()]
    for output in getattr(widget, "outputs", ()) or ():
        texts += output_texts(output)
    for child in getattr(widget, "children", ()) or ():
        if isinstance(child, widgets.Widget):
            texts += widget_texts(child, questions, found)
    return texts


def figure_texts(figure) -> list[str]:
    import matplotlib.text

    return [t.get_text() for t in figure.findobj(matplotlib.text.Text) if t.get_text().strip()]


def _question_name(question: Question, lesson: str) -> str:
    return getattr(question, "_leak_test_name", "") or question.prompt[:40]


def _code_of(cell: dict) -> str:
    lines = "".join(cell["source"]).splitlines()
    return "\n".join(line for line in lines if not line.lstrip().startswith(("%", "!")))


def _run_cells(path: Path, cells: list[dict], monkeypatch) -> dict[int, dict]:
    """Run the lesson's code cells in order; per cell: the widgets and figures it shows, the questions it builds."""
    import IPython.core.display_functions
    import IPython.display
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.figure
    import matplotlib.pyplot as plt

    shown_now: list = []
    built_now: list[Question] = []
    original_init = Question.__init__

    def registering_init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        for frame in inspect.stack(context=0)[1:8]:  # the outermost function of a questions_NN module names it
            module = frame.frame.f_globals.get("__name__", "")
            if module.startswith("tameri_kit.lessons.questions_"):
                self._leak_test_name = frame.function
        built_now.append(self)

    def showing(*objects, **_kwargs):
        shown_now.extend(objects)

    original_gate_init = OpensAfter.__init__

    def registering_gate(self, *args, **kwargs):
        original_gate_init(self, *args, **kwargs)
        built_now.append(self)

    monkeypatch.setattr(OpensAfter, "__init__", registering_gate)
    monkeypatch.setattr(Question, "__init__", registering_init)
    monkeypatch.setattr(IPython.display, "display", showing)
    monkeypatch.setattr(IPython.core.display_functions, "display", showing)
    monkeypatch.setattr(plt, "show", lambda *a, **k: None)
    monkeypatch.chdir(path.parent)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    namespace: dict = {"__name__": "__main__", "display": showing}
    per_cell: dict[int, dict] = {}
    for index, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        shown_now.clear()
        built_now.clear()
        tree = ast.parse(_code_of(cell))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        with contextlib.redirect_stdout(io.StringIO()):  # printed text is read from the stored outputs
            exec(compile(tree, f"<{path.name}, cell {index}>", "exec"), namespace)
            value = None
            if last is not None:
                value = eval(compile(ast.Expression(last.value), f"<{path.name}, cell {index}>", "eval"), namespace)
        if last is not None:
            if value is not None:
                shown_now.append(value)
        figures = [plt.figure(n) for n in plt.get_fignums()]
        figures += [o for o in shown_now if isinstance(o, matplotlib.figure.Figure) and o not in figures]
        per_cell[index] = {
            "shown": list(shown_now),
            "built": list(built_now),
            "plots": [text for figure in figures for text in figure_texts(figure)],
        }
        plt.close("all")
    return per_cell


def _said_by(question: Question, cell: int) -> list[Block]:
    """What the question itself may show another question's reader: its hint and its feedback to typical wrong
    answers (there before it is checked), its explanation and worked answer (there once it is checked)."""
    said = [Block(cell, "another question's hint", question.hint, owner=question)] if question.hint else []
    feedback = []
    for typed in typical_wrong_answers(question):
        question.reset()
        with contextlib.suppress(Exception):
            if not question.check(typed):
                feedback.append(_without_echo(question.feedback_text))
    question.reset()
    said.append(Block(cell, "another question's feedback", "\n".join(feedback), owner=question))
    right = question.right_answer()
    question.tries = 1
    question.reveal()
    worked = question._explanation(right) + "\n" + "\n".join(widget_texts(question.fold_box, {}, []))
    question.reset()
    said.append(
        Block(cell, "another question's worked answer", worked, owner=question, after=frozenset([id(question)]))
    )
    return said


def _without_echo(said: str) -> str:
    """Feedback without the learner's own answer echoed and the closing invitation."""
    said = re.sub(r"^Not quite: .*? is not it\.", "", said, count=1)
    return re.sub(r"Try again, or press (Hint|Reveal)\.$", "", said)


def read_lesson(path: Path, monkeypatch) -> Lesson:
    """The lesson as blocks, in reading order, and its questions where they are asked."""
    cells = json.loads(path.read_text())["cells"]
    per_cell = _run_cells(path, cells, monkeypatch)
    blocks: list[Block] = []
    asked: list[tuple[str, Question]] = []
    every_part = {id(q): q for run in per_cell.values() for q in run["built"]}
    boxes = {id(q.box): q for q in every_part.values()}
    for index, cell in enumerate(cells):
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"])
            for part in re.split(r"(?m)^(?=#{1,6}\s)", source):
                if part.strip():
                    heading = part.splitlines()[0].lstrip("#").strip() if part.startswith("#") else ""
                    blocks.append(Block(index, "prose", markdown_text(part), heading=heading))
            continue
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        blocks.append(Block(index, "code", source, views=("lab",)))
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            picture = "image/svg+xml" in data or "<svg" in "".join(data.get("text/html", ""))
            for text in output_texts(output):
                blocks.append(Block(index, "picture" if picture else "output", text))
        run = per_cell.get(index, {"shown": [], "built": [], "plots": []})
        for shown in run["shown"]:
            found: list[Question | OpensAfter] = []
            if isinstance(shown, (Question, OpensAfter)):
                found.append(shown)
            elif isinstance(shown, widgets.Widget):
                text = "\n".join(widget_texts(shown, boxes, found))
                if text.strip():
                    blocks.append(Block(index, "widget", text))
            for part in found:
                if isinstance(part, OpensAfter):
                    after = frozenset(id(q) for q in part.questions)
                    blocks.append(Block(index, "folded", html_text(part.content_html()), after=after))
                    continue
                name = _question_name(part, path.name)
                asked.append((name, part))
                blocks.append(Block(index, "question", part.prompt, question=part))
                blocks += _said_by(part, index)
        if run["plots"]:
            blocks.append(Block(index, "plot", "\n".join(run["plots"])))
    return Lesson(path.name, blocks, cells, asked)


# ---- the rule --------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Leak:
    lesson: str
    question: str
    cell: int
    kind: str  # prose, learning goal, summary, code, assert, printed output, plot, widget, placeholder, feedback
    form: str
    views: tuple[str, ...]
    context: str = field(default="", compare=False)

    def __str__(self) -> str:
        where = f"{self.lesson} cell {self.cell} ({'/'.join(self.views)})"
        shown = f" in ...{self.context}..." if self.context else ""
        return f"{where}: {self.question}: {self.kind} shows {self.form!r}{shown}"


def _context(text: str, form: str) -> str:
    plain = normalise(text)
    at = plain.lower().find(normalise(form).strip().lower())
    return plain[max(0, at - 50) : at + len(form) + 50].strip() if at >= 0 else ""


def _regions(lesson: Lesson, at: int) -> list[tuple[Block, str, bool, bool]]:
    """The blocks a learner may read before checking the question at block ``at``: the whole page - all but the
    question's own box, hint, feedback and worked answer, and what opens after it - each with the kind of place it
    is, whether weak forms count there (*near* the question - the lesson's head, the question's own section - or
    written as prose: markdown, a folded part, another question's words) and whether sums do (near the question, in
    prose, in the words of another question of its section)."""
    blocks = lesson.blocks
    question = blocks[at].question
    headings = [i for i, b in enumerate(blocks) if b.heading and not b.text.lstrip().startswith("# ")]
    first_section = next((i for i in headings if blocks[i].text.strip()), len(blocks))
    start = max([i for i in headings if i <= at] or [0])
    end = next((i for i in headings if i > at), len(blocks))
    summary = next((i for i in headings if "summary" in blocks[i].heading.lower()), len(blocks))
    chosen = []
    for index, block in enumerate(blocks):
        if index == at or block.owner is question or id(question) in block.after:
            continue
        region, near = "", block.kind in ("prose", "folded")
        sums = near or start <= index < end
        if block.owner is not None:  # another question's words: read like prose, wherever it stands
            near, sums = True, block.owner in {b.question for b in blocks[start:end]}
        elif index < first_section:
            region, near = "learning goal", True
        elif block.kind == "folded":
            region = "folded part"
        elif index >= summary and block.kind == "prose":
            region = "summary"
        elif start <= index < end:
            near = sums = True
        elif index > at and block.kind == "prose":
            region = "later section"
        chosen.append((block, region, near, sums))
    return chosen


def _place(block: Block, region: str) -> str:
    if region:
        return region
    return {
        "prose": "prose",
        "code": "code",
        "output": "printed output",
        "plot": "plot",
        "widget": "widget",
        "picture": "picture",
        "folded": "folded part",
    }.get(block.kind, block.kind)


def question_leaks(lesson: Lesson) -> list[Leak]:
    leaks: set[Leak] = set()
    for position, block in enumerate(lesson.blocks):
        if block.kind != "question":
            continue
        question = block.question
        name = _question_name(question, lesson.name)
        forms = question.answer_forms()
        for other, region, near, sums in _regions(lesson, position):
            text = other.text
            found = find(forms.strong, text)
            if near:  # small numbers count near the question and in prose anywhere
                found += find(forms.weak, text, near=forms.about)
            summed = computes(text, forms.value) if sums and forms.value is not None else ""
            found += [summed] if summed else []
            for form in found[:1]:  # one form per place is enough to name it
                leak = Leak(lesson.name, name, other.cell, _place(other, region), form, other.views)
                leaks.add(replace(leak, context=_context(text, form)))
        placeholder = getattr(question.answer_input, "placeholder", "")
        if re.search(r"\d|e\.g\.|for example", placeholder or ""):
            leaks.add(Leak(lesson.name, name, block.cell, "placeholder", placeholder, ("lab", "voila")))
    return sorted(leaks, key=lambda leak: (leak.cell, leak.question, leak.kind, leak.form))


def assert_leaks(lesson: Lesson) -> list[Leak]:
    found = []
    for index, cell in enumerate(lesson.cells):
        if cell["cell_type"] == "code":
            for line in "".join(cell["source"]).splitlines():
                if re.match(r"\s*assert\b", line):
                    found.append(Leak(lesson.name, "-", index, "assert", line.strip()[:80], ("lab",)))
    return found


def typical_wrong_answers(question: Question) -> list[str]:
    """The wrong answers the question names, and near misses of the right one, as a learner would type them."""
    right = question.right_answer()
    wrong = question._wrong
    typed = []
    if not callable(wrong):
        for answer in wrong:
            typed.append(", ".join(map(str, answer)) if isinstance(answer, tuple) else str(answer))
    if question.kind == "choice":
        typed += [label for label, value in question._options if value != right]
    elif question.kind in ("number", "fraction"):
        value = question.answer_forms().value
        near = {value + 1, value - 1, value * 2, Fraction(0)} | ({1 - value, value / 2} if value < 1 else set())
        typed += [str(v) for v in near if v != value and v >= 0]
    return typed


def feedback_leaks(lesson: Lesson) -> list[Leak]:
    leaks = set()
    for name, question in lesson.questions:
        forms = question.answer_forms()
        digits = {form for form in forms.weak if re.search(r"\d", form)}
        for typed in typical_wrong_answers(question):
            question.reset()
            try:
                if question.check(typed):
                    continue
            except Exception:  # a wrong answer the question cannot even read is not feedback
                continue
            said = _without_echo(question.feedback_text)
            found = find(forms.strong | digits, said) + find(forms.weak - digits, said, near=forms.about)
            summed = computes(said, forms.value) if forms.value is not None else ""
            for form in (found + ([summed] if summed else []))[:1]:
                leak = Leak(lesson.name, name, -1, f"feedback to {typed!r}", form, ("lab", "voila"))
                leaks.add(replace(leak, context=_context(said, form)))
        question.reset()
        if question.hint:
            found = find(forms.strong | digits, question.hint) + find(
                forms.weak - digits, question.hint, near=forms.about
            )
            summed = computes(question.hint, forms.value) if forms.value is not None else ""
            for form in (found + ([summed] if summed else []))[:1]:
                leak = Leak(lesson.name, name, -1, "hint", form, ("lab", "voila"))
                leaks.add(replace(leak, context=_context(question.hint, form)))
    return sorted(leaks, key=str)


def all_leaks(lesson: Lesson) -> list[Leak]:
    return question_leaks(lesson) + assert_leaks(lesson) + feedback_leaks(lesson)


_READ: dict[Path, Lesson] = {}


def lesson_read(path: Path, monkeypatch) -> Lesson:
    if path not in _READ:
        _READ[path] = read_lesson(path, monkeypatch)
    return _READ[path]


# ---- the lessons -----------------------------------------------------------------------------------------------
def _marks(path: Path):
    reason = STILL_LEAKING.get(path.name[:2])
    return [pytest.mark.xfail(reason=reason, strict=True)] if reason else []


@pytest.mark.parametrize("path", [pytest.param(p, id=p.name[:2], marks=_marks(p)) for p in LESSONS])
def test_no_lesson_shows_an_answer_before_its_check(path, monkeypatch):
    lesson = lesson_read(path, monkeypatch)
    assert lesson.questions, f"{path.name} asks no question"
    leaks = all_leaks(lesson)
    assert leaks == [], "\n".join(str(leak) for leak in leaks)


# ---- the fixtures: one leak of each kind, each found -------------------------------------------------------------
FIXTURE_KINDS = {
    "prose": "prose",
    "learning_goal": "learning goal",
    "summary": "summary",
    "assert": "assert",
    "printed_output": "printed output",
    "plot_legend": "plot",
    "placeholder": "placeholder",
    "feedback": "feedback",
    "unfolded_answer": "printed output",
    "later_section": "later section",
    "summary_far_below": "summary",
    "picture": "picture",
    "widget": "widget",
    "another_worked_answer": "another question's worked answer",
    "another_feedback": "another question's feedback",
    "another_hint": "another question's hint",
    "hint": "hint",
    "folded_for_another_question": "folded part",
}


@pytest.mark.parametrize("kind", sorted(FIXTURE_KINDS))
def test_the_test_finds_each_kind_of_leak(kind, monkeypatch):
    lesson = read_lesson(FIXTURES / f"leak_{kind}.ipynb", monkeypatch)
    leaks = all_leaks(lesson)
    assert leaks, f"the {kind} leak was not found"
    assert {leak.kind.split(" to ")[0] for leak in leaks} == {FIXTURE_KINDS[kind]}, leaks


def test_a_lesson_without_leaks_passes(monkeypatch):
    """The clean fixture asks the same questions with the answer only in a fold and the explanation (after Check),
    small numbers elsewhere ("2 to 4 players"), 1/4 in another section, and a summary restating both answers folded
    until both questions are checked: none of it counts."""
    lesson = read_lesson(FIXTURES / "clean.ipynb", monkeypatch)
    assert [name for name, _q in lesson.questions] and all_leaks(lesson) == []


def test_the_fold_opens_only_after_check():
    question = Question(
        "How many ramps?", 4, kind="number", label="Ramps", fold=lambda right: f"<p>{right} ramps: N, E, S, W</p>"
    )
    found: list = []
    assert not find(question.answer_forms().weak, "\n".join(widget_texts(question.box, {}, found)), near={"ramps"})
    question.check("3")
    assert question.fold_box.children == () and question.fold_box.layout.display == "none"
    question.check("4")
    assert "4 ramps" in question.fold_box.children[0].value and question.fold_box.layout.display != "none"
    question.reset()
    assert question.fold_box.children == ()


if __name__ == "__main__":  # pragma: no cover - list the leaks of the lessons named (all by default)
    monkeypatch = pytest.MonkeyPatch()
    chosen = [p for p in LESSONS if not sys.argv[1:] or p.name[:2] in sys.argv[1:]]
    for path in chosen:
        for leak in all_leaks(read_lesson(path, monkeypatch)):
            print(leak)
