"""Provenance over every registered data file: how many records come from the rulebook, how many are
illustrative (rulebook: Components; the kit's rule "every component record carries its provenance").
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from .loader import CHECKS, DATA_DIR, is_illustrative, read_toml


class ProvenanceRow(NamedTuple):
    component: str  # the file name
    records: int
    from_rulebook: int  # records whose source is the rulebook
    illustrative: int  # records whose source is illustrative
    partly: int  # rulebook records with illustrative fields, or illustrative ones honouring stated facts


def _walk_records(table):
    """Every table with a ``source`` inside ``table``, at any depth (e.g. ``[[temple.space]]`` records too)."""
    for value in table.values():
        items = value if isinstance(value, list) else [value]
        for x in items:
            if isinstance(x, dict):
                if "source" in x:
                    yield x
                yield from _walk_records(x)


def provenance_summary(data_dir: Path | str | None = None) -> list[ProvenanceRow]:
    """One row per data file registered in ``CHECKS`` (any helper's), counting its records by ``source``.

    A record is any table with a ``source`` field, at any depth (a ``[[list]]`` entry, a single ``[table]``, or a
    nested ``[[temple.space]]``).
    """
    root = Path(data_dir or DATA_DIR)
    rows = []
    for name in sorted(CHECKS):
        path = root / name if (root / name).exists() else DATA_DIR / name
        doc, errs = read_toml(path)
        if errs or doc is None:
            continue
        recs = [r for r in _walk_records(doc) if isinstance(r.get("source"), str)]
        ill = [r for r in recs if is_illustrative(r["source"])]
        rule = [r for r in recs if r["source"].strip().startswith("rulebook:")]
        partly = sum(1 for r in rule if r.get("illustrative_fields")) + sum(1 for r in ill if r.get("stated"))
        rows.append(ProvenanceRow(name, len(recs), len(rule), len(ill), partly))
    return rows


def provenance_markdown(data_dir: Path | str | None = None) -> str:
    """The provenance rows as a Markdown table (for docs/data.md and the start-here notebook)."""
    lines = [
        "| file | records | from the rulebook | illustrative | partly (see `stated` / `illustrative_fields`) |",
        "|---|---:|---:|---:|---:|",
    ]
    for r in provenance_summary(data_dir):
        lines.append(f"| `{r.component}` | {r.records} | {r.from_rulebook} | {r.illustrative} | {r.partly} |")
    return "\n".join(lines)
