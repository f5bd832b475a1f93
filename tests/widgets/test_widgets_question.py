"""The predict-then-check widget: reading answers, Check, Hint, Reveal after a try, feedback, and an answer that
never reaches a widget trait (so never the page, the notebook's widget state or Voila)."""

from fractions import Fraction

import ipywidgets as widgets
import pytest
import sympy

from tameri_kit.errors import TameriError
from tameri_kit.lessons.answers import read_order, read_ramp, show_ramp
from tameri_kit.rules.temple_moves import Move
from tameri_kit.widgets.answer_forms import computes, find
from tameri_kit.widgets.question import AnswerError, Question, read_fraction, read_number

SECRET = 987654321


def _states(widget) -> list[dict]:
    """The state of ``widget`` and every widget inside it: what the page (and a saved notebook) can see."""
    found = [widget.get_state()]
    for child in getattr(widget, "children", ()):
        found += _states(child)
    return found


def _shown(widget) -> str:
    return repr(_states(widget))


@pytest.mark.parametrize(
    "text, value",
    [
        ("1/4", Fraction(1, 4)),
        (" 2/8 ", Fraction(1, 4)),
        ("0.25", Fraction(1, 4)),
        ("25%", Fraction(1, 4)),
        (".5", Fraction(1, 2)),
        ("3", Fraction(3)),
        ("12.5%", Fraction(1, 8)),
    ],
)
def test_read_fraction(text, value):
    assert read_fraction(text) == value


@pytest.mark.parametrize("text", ["", "a quarter", "1/0", "1//4", "1/4/2", "--1"])
def test_read_fraction_refuses_with_a_reason(text):
    with pytest.raises(AnswerError) as error:
        read_fraction(text)
    assert isinstance(error.value, TameriError) and str(error.value)


def test_read_number():
    assert read_number(" 7 ") == 7 and read_number("2.5") == Fraction(5, 2)
    for bad in ("", "seven", "1/2"):
        with pytest.raises(AnswerError):
            read_number(bad)


def test_the_answer_never_reaches_a_widget_trait():
    computed = []
    q = Question("How many?", lambda: computed.append(1) or SECRET, explain="Because.", hint="Count.")
    assert computed == []  # computed at Check, not when the question is built
    assert str(SECRET) not in _shown(q.box)
    q.show_hint()
    q.check("12")
    assert str(SECRET) not in _shown(q.box)  # a wrong try does not give it away
    q.reveal()
    assert str(SECRET) in q.feedback_text  # Reveal, after a try, shows it
    assert not any(isinstance(v, int) and v == SECRET for state in _states(q.box) for v in state.values())


def test_the_notebook_text_form_names_the_prompt_not_the_options():
    q = Question("Which ramp?", "E", kind="choice", options=["N", "E", "S", "W"])
    bundle = q._repr_mimebundle_()
    assert bundle["text/plain"] == "Question: Which ramp?"
    assert "model_id" in bundle["application/vnd.jupyter.widget-view+json"]
    assert q.answer_input.index is None  # nothing chosen, so the page holds no value


def test_check_hint_reveal_for_a_fraction():
    q = Question(
        "Chance of North?",
        lambda: sympy.Rational(1, 4),
        kind="fraction",
        explain="Four ramps.",
        hint="How many ramps?",
        wrong={Fraction(1, 3): "Four ramps, not three."},
    )
    q.reveal()
    assert "Try an answer first" in q.feedback_text and not q.revealed and q.reveal_button.disabled
    q.hint_button.click()
    assert q.feedback_text == "Hint: How many ramps?"
    q.answer_input.value = "a quarter"
    q.check_button.click()
    assert "cannot read" in q.feedback_text and q.tries == 0 and q.reveal_button.disabled
    q.answer_input.value = "1/3"
    q.check_button.click()
    assert q.feedback_text.startswith("Not quite: 1/3 is not it. Four ramps, not three.")
    assert q.tries == 1 and not q.reveal_button.disabled and not q.solved
    assert q.check("25%") and q.solved
    assert q.feedback_text == "Right: 1/4. Four ramps."
    q.reveal_button.click()
    assert q.feedback_text == "The answer: 1/4. Four ramps." and q.revealed
    assert q.answer_texts() == {"1/4", "0.25", ".25", "25%"}


def test_number_with_tolerance_and_callable_explanation():
    q = Question("Pi?", 3.14159, kind="number", tolerance=0.01, explain=lambda right: f"About {round(right, 2)}.")
    assert not q.check("3")
    assert q.check("3.14")
    assert q.feedback_text == "Right: 157/50. About 3.14."


def test_choice_by_label_or_value_and_by_clicking():
    q = Question(
        "Which steps?",
        (1, 2),
        kind="choice",
        options=[("+1 only", (1,)), ("+1 and +2", (1, 2))],
        wrong={(1,): "Space 5 is empty."},
    )
    assert q.answer_texts() == {"+1 and +2"}
    q.check_button.click()
    assert q.feedback_text == "choose one of the options first"
    assert not q.check("+1 only") and "Space 5 is empty." in q.feedback_text
    q.answer_input.value = (1, 2)
    q.check_button.click()
    assert q.solved and q.feedback_text == "Right: +1 and +2."
    with pytest.raises(AnswerError):
        Question("?", 1, kind="choice")
    assert not q.check("+5") and "not one of the options" in q.feedback_text


def test_text_with_parse_and_several_right_answers():
    def pushes(move):
        if move.steps > 4:
            raise TameriError("at most 4 steps")
        return move.steps >= 3

    q = Question(
        "A move?",
        Move.parse("Red enters Amun +3 pay barley,flax,fruit"),
        kind="text",
        parse=Move.parse,
        accept=pushes,
        wrong=lambda move: f"{move.steps} step(s) push nobody.",
        show=str,
    )
    assert not q.check("Red enters Amun +3 pay oats") and "cannot read your answer" in q.feedback_text
    assert q.tries == 0
    assert not q.check("Red Amun +1 pay flax") and "1 step(s) push nobody." in q.feedback_text
    assert not q.check("Red Amun +5 pay flax") and "at most 4 steps" in q.feedback_text  # a refusal says why
    assert q.check("Red Amun +4 pay barley,papyrus,flax,fruit")  # not the revealed one
    q.reveal()
    assert q.feedback_text == "The answer: Red enters Amun +3 pay barley,flax,fruit."
    with pytest.raises(AnswerError):
        Question("?", "x", kind="text")
    with pytest.raises(AnswerError):
        Question("?", "x", kind="colour")


def _page_sends(q, text: str) -> None:
    """What the page sends when the learner presses Enter in the box (or leaves it): the box's new text."""
    q.answer_input.set_state({"value": text})


def test_enter_in_the_box_checks_and_reset_clears():
    q = Question("Ramp?", "SS", kind="text", parse=read_ramp, show=show_ramp, hint="Pairs.")
    assert q.answer_input.continuous_update is False  # the text reaches Python on Enter, not at every key
    _page_sends(q, "s s")
    assert q.solved and q.tries == 1 and q.feedback_text.startswith("Right: ")
    q.reset()
    assert (q.answer_input.value, q.feedback.value, q.tries, q.solved) == ("", "", 0, False)
    assert q.reveal_button.disabled


def test_enter_then_check_is_one_try():
    q = Question("n?", 2, hint="Count.", wrong={1: "One is too few."})
    _page_sends(q, "1")  # Enter (or leaving the box to press Check) ...
    q.check_button.click()  # ... then Check: the same answer, checked once
    assert q.tries == 1 and q.feedback_text.endswith("Try again, or press Hint.")
    q.hint_button.click()
    q.check_button.click()  # Check again without changing the answer: the same feedback, still one try
    assert q.tries == 1 and "One is too few." in q.feedback_text
    _page_sends(q, "2")
    q.check_button.click()
    assert q.tries == 2 and q.solved
    _page_sends(q, "")  # emptying the box checks nothing
    assert q.tries == 2 and q.feedback_text.startswith("Right: ")


def test_no_deprecated_ipywidgets_call(recwarn):
    Question("n?", 2)
    Question("Ramp?", "SS", kind="text", parse=read_ramp)
    assert not [w for w in recwarn if issubclass(w.category, DeprecationWarning) and "submit" in str(w.message)]


def test_a_wrong_try_points_to_the_hint_first_then_to_reveal():
    q = Question("n?", 2, hint="Count.")
    q.check("1")
    assert q.feedback_text.endswith("Try again, or press Hint.")
    q.check("3")
    assert q.feedback_text.endswith("Try again, or press Reveal.")


def test_notation_readers():
    assert read_ramp("ssw") == "SSW" and read_ramp(" - ") == "" and read_ramp("empty") == ""
    with pytest.raises(AnswerError, match="'X' .sphere 2."):
        read_ramp("SX")
    assert read_order("ringo, john paul george", ("John", "Paul", "George", "Ringo")) == (
        "Ringo",
        "John",
        "Paul",
        "George",
    )
    for bad in ("John Paul George", "John John Paul George", "John Paul George Pete"):
        with pytest.raises(AnswerError):
            read_order(bad, ("John", "Paul", "George", "Ringo"))


def test_prompt_and_feedback_are_escaped_with_code_for_backticks():
    q = Question("Is `a<b` & c?", "yes", kind="choice", options=["yes", "no"], explain="Because <b> & `x`.")
    assert "<code>a&lt;b</code> &amp; c?" in q.prompt_html.value
    q.check("yes")
    assert "Because &lt;b&gt; &amp; <code>x</code>." in q.feedback.value


def test_fits_a_narrow_output_area():
    q = Question("?", 1)
    assert q.box.layout.max_width == "100%" and q.answer_input.layout.max_width == "100%"
    buttons = q.box.children[2]
    assert isinstance(buttons, widgets.HBox) and buttons.layout.flex_flow == "row wrap"


# ---- the answer's text forms (what the lessons' leak test looks for) ----------------------------------------------
def test_forms_of_a_number_are_weak_and_need_the_questions_words():
    q = Question("Seen from above, how many ramps does it have?", 4, label="Ramps")
    forms = q.answer_forms()
    assert {"4", "four"} <= forms.weak and not forms.strong and forms.about == {"ramps"}
    assert find(forms.weak, "the weather falls on the four ramps", near=forms.about) == ["four"]
    assert find(forms.weak, "a game has 2 to 4 players, and the board has many ramps", near=forms.about) == []


def test_forms_of_a_fraction_are_strong_unless_common():
    rare = Question("What is the chance?", Fraction(1, 32), kind="fraction").answer_forms()
    assert {"1/32", "0.03125", "3.125%", "1 in 32"} <= rare.strong
    common = Question("What is the chance?", Fraction(3, 4), kind="fraction").answer_forms()
    assert {"3/4", "0.75", "75%", "three quarters"} <= common.weak and not common.strong
    assert "1/32" in find(rare.strong, r"the lowest is $\frac{1}{32}$")


def test_forms_of_an_order_a_choice_and_explicit_forms():
    order = Question(
        "Who plays first?", ("George", "Ringo"), kind="text", parse=lambda t: tuple(t.split()), forms=("Ringo last",)
    )
    assert {"George, Ringo", "George > Ringo", "George, then Ringo", "Ringo last"} <= order.answer_forms().strong
    assert "George, Ringo" in find(order.answer_forms().strong, 'assert order == ("George", "Ringo")')
    choice = Question("Which?", "b", kind="choice", options=[("the first one", "a"), ("both of them, in turn", "b")])
    assert choice.answer_forms().strong == {"both of them, in turn"}


def test_a_sum_that_computes_the_answer_is_found():
    assert computes("Offering: 4 + 1 points", 5) == "4 + 1 points"
    assert computes("3 Seasons × 4 rounds", 12) and computes("1/16 × 1/2", Fraction(1, 32))
    assert not computes("steps 3-6, +5 +0 -2", 5) and not computes("3 + 3 + 2 + 1 + 1 -> 10", 7)


def test_the_fold_opens_after_a_right_answer_or_reveal_only():
    built = []
    q = Question("How many?", 4, fold=lambda right: built.append(right) or f"<p>worked: {right}</p>")
    q.check("3")
    assert built == [] and q.fold_box.children == () and q.fold_box.layout.display == "none"
    q.reveal()
    assert built == [4] and "worked: 4" in q.fold_box.children[0].value and q.fold_box.layout.display != "none"
    q.reset()
    assert q.fold_box.children == ()
    assert "worked" not in _shown(q.box)


def test_a_titled_fold_of_several_parts_says_where_it_opens_and_opens_them_in_order():
    """A fold of several parts (HTML first, under the title, then a widget) with ``fold_title``: before Check only a
    note saying where the worked answer opens; a wrong answer leaves it so; Check right opens every part once."""
    calls = []
    slider = widgets.IntSlider(value=2)
    q = Question(
        "How many?",
        4,
        fold=(lambda right: calls.append("a") or f"<p>first: {right}</p>", lambda right: calls.append("b") or slider),
        fold_title="The count",
    )
    assert calls == [] and q.fold_box.children == () and q.fold_box.layout.display == "none"
    assert "The count: opens here once you have checked" in q.fold_note.value and "4" not in q.fold_note.value
    q.check("3")
    assert calls == [] and q.fold_html == "" and "opens here" in q.fold_note.value
    q.check("4")
    assert calls == ["a", "b"] and q.fold_note.value == "" and q.fold_box.layout.display != "none"
    assert (
        "<summary><b>The count</b></summary>" in q.fold_html
        and "first: 4" in q.fold_html
        and q.fold_box.children[-1] is slider
    )
    q.check("4")  # checking again does not build it again
    assert calls == ["a", "b"]
    q.reset()
    assert q.fold_box.children == () and "opens here" in q.fold_note.value
    with pytest.raises(AnswerError):
        Question("How many?", 4, fold=("<p>not a function</p>",))


def test_an_untitled_fold_shows_no_note():
    q = Question("How many?", 4, fold=lambda right: f"<p>{right}</p>")
    assert q.fold_note.value == ""
    assert Question("How many?", 4, fold_title="Nothing to open").fold_note.value == ""


def test_default_placeholders_and_errors_name_the_form_not_a_value():
    for kind in ("number", "fraction"):
        q = Question("?", Fraction(1, 4), kind=kind)
        assert not any(ch.isdigit() for ch in q.answer_input.placeholder)
    for reader, bad in ((read_fraction, ""), (read_fraction, "a quarter"), (read_number, ""), (read_number, "x")):
        with pytest.raises(AnswerError) as error:
            reader(bad)
        assert not any(ch.isdigit() for ch in str(error.value).replace(repr(bad), ""))
