"""Data-format helpers shared by the rules and the data loaders: a problem found in a data file, and the
provenance of a record (``source = "rulebook: <section>"`` or ``"illustrative"``; see ``tameri_kit/data/loader.py``).

The bottom layer of the package with :mod:`tameri_kit.errors`: it imports nothing from the kit.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a data file."""

    file: str
    record: str
    field: str
    why: str

    def __str__(self) -> str:
        # "-" stands for "the whole file" / "the whole record": left out, so no "file: -: -: why"
        record = self.record if self.record.strip() else "(a record with an empty id)"
        parts = [self.file] + [part for part in (record, self.field) if part != "-"] + [self.why]
        return ": ".join(parts)


def source_problem(value) -> str | None:
    """Why a ``source`` value is not acceptable, or ``None`` when it is."""
    if not isinstance(value, str) or not value.strip():
        return "every record needs a source: 'rulebook: <section or example>' or 'illustrative'"
    v = value.strip()
    if v.startswith("rulebook:"):
        return None if v[len("rulebook:") :].strip() else "'rulebook:' must name the section or example"
    if v == "illustrative" or v.startswith("illustrative ("):
        return None
    return f"source {value!r} must start with 'rulebook:' or be 'illustrative'"


def is_illustrative(source: str) -> bool:
    return source.strip().startswith("illustrative")
