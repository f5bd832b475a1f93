"""Stated facts: the machinery every component file's check shares.

A :class:`Fact` is one thing the rulebook states about a component, naming its passage (e.g. "Example 1");
each component module lists its facts (``ACTION_FACTS``, ``BUILDING_FACTS``, ...) and runs them with
:func:`run_facts` after its schema check.  The small parsers here (glyph lists, enum lists, the provenance
fields ``stated`` and ``illustrative_fields``) report into the same list of problems.

Rulebook: Components (the provenance of every record); Glyphs, Actions, and Unrevealed Cards (the glyphs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..rules.action_cards import Glyph
from .loader import Problem, is_illustrative


@dataclass(frozen=True)
class Fact:
    """A fact the rulebook states about a component.  ``test(index)`` yields ``(record, field, detail)`` for each
    contradiction; the index is a dict of the file's valid records (see each file's check)."""

    where: str  # the rulebook passage, e.g. "Example 1"
    text: str  # the fact in the kit's words
    test: Callable[[dict], list[tuple[str, str, str]]]


def run_facts(facts: list[Fact], index: dict, file: str) -> list[Problem]:
    problems = []
    for f in facts:
        for record, fld, detail in f.test(index):
            why = f"contradicts the rulebook ({f.where}): {f.text}"
            problems.append(Problem(file, record, fld, f"{why} - {detail}" if detail else why))
    return problems


def parse_glyphs(value, file, where, fld, problems) -> tuple[Glyph, ...] | None:
    if not isinstance(value, list):
        problems.append(Problem(file, where, fld, f"expected a list of glyph names, got {value!r}"))
        return None
    out = []
    for g in value:
        try:
            out.append(Glyph.parse(str(g)))
        except ValueError as e:
            problems.append(Problem(file, where, fld, str(e)))
            return None
    if len(set(out)) != len(out):
        problems.append(Problem(file, where, fld, "a glyph is listed twice on the same side"))
        return None
    return tuple(out)


def parse_enum_list(value, parse, file, where, fld, problems, what):
    if not isinstance(value, list):
        problems.append(Problem(file, where, fld, f"expected a list of {what}, got {value!r}"))
        return None
    try:
        return tuple(parse(str(v)) for v in value)
    except ValueError as e:
        problems.append(Problem(file, where, fld, str(e)))
        return None


def check_illustrative_fields(rec, file, where, allowed, problems):
    """``illustrative_fields`` (a rulebook record's made-up fields) must name real fields of the record."""
    if "illustrative_fields" not in rec:
        return
    v = rec["illustrative_fields"]
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        problems.append(Problem(file, where, "illustrative_fields", "expected a list of field names"))
        return
    for x in v:
        if x not in allowed:
            problems.append(Problem(file, where, "illustrative_fields", f"{x!r} is not a field of this record"))
    if isinstance(rec.get("source"), str) and is_illustrative(rec["source"]):
        problems.append(
            Problem(
                file,
                where,
                "illustrative_fields",
                "only a record whose source is the rulebook needs illustrative_fields",
            )
        )


def check_stated(rec, file, where, problems):
    if "stated" in rec and (not isinstance(rec["stated"], str) or not rec["stated"].strip()):
        problems.append(Problem(file, where, "stated", "expected text naming the rulebook facts this record honours"))
