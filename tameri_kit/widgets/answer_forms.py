"""The ways a question's answer may be written, and where a text writes one (the lessons' leak test uses them).

A lesson must not show a question's answer before the learner checks it.  To find where it does, every
:class:`~tameri_kit.widgets.question.Question` derives its answer's *forms* from the answer itself:

- a number: its digits and, up to twenty, its word (``12``, ``twelve``);
- a fraction: ``1/4``, ``1 / 4``, ``1 in 4``, ``1 out of 4``, its decimal and percent forms when finite (``0.25``,
  ``.25``, ``25%``, ``25 percent``) and, for halves, thirds and quarters, their words (``a quarter``);
- a sequence of names (a turn order): the names joined the ways prose joins them (``George, Ringo, Paul, John``,
  ``George > Ringo > ...``, ``George, then Ringo, ...``);
- any other answer: its text (and the text the question shows for it);
- plus the question's own ``forms`` (the phrases a lesson might compute it with, e.g. ``three Seasons of four rounds``).

Forms come in two strengths.  *Strong* forms (a fraction like 1/32, a sum that computes the answer, a long text, an
explicit form) are a leak wherever a learner reads them near the question.  *Weak* forms - small integers and their
words, 1/2, 1/3, 2/3, 1/4, 3/4 and their decimals, short texts and single names - turn up everywhere in a lesson
for other reasons ("the 4 ramps", "each ramp gets 1/4"), so they count only next to one of the question's own words
(``about``: by default the answer box's label and the noun after "how many").

    >>> forms = forms_of(Fraction(1, 32), "fraction")
    >>> sorted(forms.strong)
    ['.03125', '0.03125', '1 / 32', '1 chances in 32', '1 in 32', '1 out of 32', '1/32', '3.125 %', '3.125 percent', '3.125%']
    >>> bool(find(forms.strong, "so five Suns stay with probability 1/32."))
    True
    >>> computes("1/16 × 1/2", Fraction(1, 32)), computes("3 Seasons × 4 rounds", 12), computes("steps 3-6", -3)
    ('1/16 × 1/2', '3 Seasons × 4 rounds', '')
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Iterable

WORDS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty"
).split()
COMMON_FRACTIONS = {Fraction(1, 2), Fraction(1, 3), Fraction(2, 3), Fraction(1, 4), Fraction(3, 4)}
FRACTION_WORDS = {
    Fraction(1, 2): ("a half", "one half", "half of"),
    Fraction(1, 3): ("a third", "one third"),
    Fraction(2, 3): ("two thirds",),
    Fraction(1, 4): ("a quarter", "one quarter", "one in four", "one chance in four"),
    Fraction(3, 4): ("three quarters", "three in four", "three times in four", "three chances in four"),
}
# how far (in words) a weak form may stand from one of the question's own words and still count
NEAR = 3
_STOP = {"the", "a", "an", "of", "and", "or", "is", "are", "does", "do", "in", "on", "to", "your", "answer"}


@dataclass(frozen=True)
class AnswerForms:
    """The texts an answer may be written as: ``strong`` count anywhere, ``weak`` only near an ``about`` word."""

    strong: frozenset[str]
    weak: frozenset[str]
    about: frozenset[str]
    value: Fraction | None = None  # a numeric answer, for sums that compute it

    def __bool__(self) -> bool:
        return bool(self.strong or self.weak)


def as_fraction(value: Any) -> Fraction | None:
    """An exact fraction from an int, Fraction, or a sympy Rational; None for anything else."""
    if isinstance(value, bool):
        return None
    if hasattr(value, "p") and hasattr(value, "q"):
        return Fraction(int(value.p), int(value.q))
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    return None


def decimal_forms(value: Fraction) -> set[str]:
    """The finite decimal and percent forms of ``value`` (none for 1/3 and the like)."""
    forms = set()
    for scale, suffix in ((1, ""), (100, "%")):
        scaled = value * scale
        denominator = scaled.denominator
        for prime in (2, 5):
            while denominator % prime == 0:
                denominator //= prime
        if denominator == 1 and scaled.denominator != 1:
            text = f"{Decimal(scaled.numerator) / Decimal(scaled.denominator):f}"
            forms.add(text + suffix)
            if text.startswith("0."):
                forms.add(text[1:] + suffix)
        elif scaled.denominator == 1 and suffix:
            forms.add(f"{scaled.numerator}%")
    return forms


def number_forms(value: Fraction) -> tuple[set[str], set[str]]:
    """(strong, weak) forms of a number or fraction."""
    if value.denominator == 1:
        digits = str(value.numerator)
        words = {WORDS[value.numerator]} if 0 <= value.numerator < len(WORDS) else set()
        return (set(), {digits} | words) if abs(value.numerator) < 100 else ({digits}, words)
    a, b = value.numerator, value.denominator
    forms = {f"{a}/{b}", f"{a} / {b}", f"{a} in {b}", f"{a} out of {b}", f"{a} chances in {b}"}
    forms |= decimal_forms(value)
    forms |= {form.replace("%", " %") for form in forms if form.endswith("%")}
    forms |= {form.replace("%", " percent") for form in forms if form.endswith("%") and " " not in form}
    forms |= set(FRACTION_WORDS.get(value, ()))
    return (set(), forms) if value in COMMON_FRACTIONS else (forms, set())


def sequence_forms(items: tuple) -> set[str]:
    """A sequence (a turn order) joined the ways a text joins it."""
    names = [str(item) for item in items]
    return {joiner.join(names) for joiner in (", ", " ", " > ", " → ", " -> ", ", then ", " then ", ",")}


def _is_weak_text(text: str) -> bool:
    return len(text) < 4 or not re.search(r"\s", text.strip())


def about_words(prompt: str, label: str = "") -> set[str]:
    """The question's own words a weak form must stand next to: the box's label and the noun after 'how many'."""
    words = set()
    if label and label.lower() not in ("your answer", "answer"):
        words |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", label) if w.lower() not in _STOP}
    for noun in re.findall(r"how (?:many|much) ([A-Za-z]{3,})", prompt, flags=re.IGNORECASE):
        if noun.lower() not in _STOP | {"does", "did", "will", "can"}:
            words.add(noun.lower())
    return words


def forms_of(
    answer: Any,
    kind: str,
    *,
    shown: str = "",
    explicit: Iterable[str] = (),
    about: Iterable[str] = (),
) -> AnswerForms:
    """Every form of ``answer`` (a question's right answer of the given ``kind``), ``shown`` as the question shows it."""
    strong: set[str] = set(explicit)
    weak: set[str] = set()
    value = as_fraction(answer) if kind in ("number", "fraction") else None
    if value is not None:
        more_strong, more_weak = number_forms(value)
        strong |= more_strong
        weak |= more_weak
    else:
        texts = {shown} if shown else set()
        if isinstance(answer, tuple) and all(isinstance(item, str) for item in answer):
            texts |= sequence_forms(answer)
        elif isinstance(answer, (str, int)) and not isinstance(answer, bool) and not shown:
            texts.add(str(answer))
        for text in (t.strip() for t in texts):
            if len(text) > 1:  # one letter (a ramp's single Sun) is everywhere: name such answers in ``forms``
                (weak if _is_weak_text(text) else strong).add(text)
        number = as_fraction(answer)
        if number is not None:  # a choice whose value is a number
            more_strong, more_weak = number_forms(number)
            strong |= more_strong
            weak |= more_weak
    return AnswerForms(frozenset(strong), frozenset(weak - strong), frozenset(w.lower() for w in about), value)


def normalise(text: str) -> str:
    """Text as a reader sees it: LaTeX fractions and signs as typed, quotes dropped, spaces collapsed."""
    text = unicodedata.normalize("NFKC", str(text))
    text = re.sub(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}", r"\1/\2", text)
    for latex, plain in (
        (r"\times", "×"),
        (r"\cdot", "·"),
        (r"\%", "%"),
        (r"\,", " "),
        (r"\left", ""),
        (r"\right", ""),
    ):
        text = text.replace(latex, plain)
    text = re.sub(r"\\(?:text|mathrm|mathbf|textbf)\{([^{}]*)\}", r"\1", text)
    text = text.replace("−", "-").replace("$", " ")
    text = re.sub(r"[\"'`‘’“”]", "", text)
    return re.sub(r"\s+", " ", text)


def _pattern(form: str) -> re.Pattern:
    body = r"\s*".join(re.escape(part) for part in form.split()) if " " in form else re.escape(form)
    return re.compile(rf"(?<![\w./+-]){body}(?![\w%]|/\d|\.\d)", re.IGNORECASE)


def find(forms: Iterable[str], text: str, near: Iterable[str] | None = None) -> list[str]:
    """The forms written in ``text``; with ``near``, only those within NEAR words of one of those words."""
    plain = normalise(text)
    words = [w.lower() for w in near] if near is not None else None
    found = []
    for form in sorted(forms, key=len, reverse=True):
        for match in _pattern(normalise(form).strip()).finditer(plain):
            if words is None:
                found.append(form)
                break
            before = plain[max(0, match.start() - 80) : match.start()].split()[-NEAR:]
            after = plain[match.end() : match.end() + 80].split()[:NEAR]
            around = " ".join(before + after).lower()
            if any(re.search(rf"(?<!\w){re.escape(word.rstrip('s') or word)}s?(?!\w)", around) for word in words):
                found.append(form)
                break
    return found


_NUMBER = r"\d+(?:\.\d+)?(?:/\d+)?"
_TERM = rf"(?:{_NUMBER})(?:\s+[A-Za-z]+)?"
_OPERATOR = r"(?:\s*[×·*]\s*|\s+[x+\-]\s+|(?<=\d)\+(?=\d))"  # "0 +5" is a signed number, not a sum
_SUM = re.compile(rf"(?<![\w./-]){_TERM}(?:{_OPERATOR}{_TERM})+")


def _evaluate(expression: str) -> Fraction | None:
    without_words = re.sub(r"\b[A-Za-z]{2,}\b", " ", expression)
    tokens = re.findall(rf"{_NUMBER}|[×·*+\-]|\bx\b", without_words)
    if len(tokens) < 3:
        return None
    terms: list[Fraction] = []
    signs: list[int] = []
    sign, product, operator = 1, None, None
    for token in tokens:
        if token in "×·*x":
            operator = "*"
        elif token in "+-":
            terms.append(product if product is not None else Fraction(0))
            signs.append(sign)
            sign, product, operator = (1 if token == "+" else -1), None, None
        else:
            number = Fraction(token) if "/" in token else Fraction(Decimal(token))
            product = number if product is None or operator is None else product * number
    if product is None:
        return None
    terms.append(product)
    signs.append(sign)
    return sum((s * t for s, t in zip(signs, terms)), Fraction(0))


def computes(text: str, value: Fraction | int | None) -> str:
    """The first sum or product in ``text`` that works out to ``value`` (e.g. ``4 + 1`` for 5), or ``""``."""
    if value is None:
        return ""
    plain = normalise(text)
    for match in _SUM.finditer(plain):  # a whole chain, as the text writes it (never a part of a longer one)
        try:
            result = _evaluate(match.group(0))
        except (ValueError, ZeroDivisionError, ArithmeticError):
            result = None
        if result is not None and result == Fraction(value):
            return match.group(0)
    return ""
