"""The Gifts of the Gods cards: the loader and validator of ``gifts.toml``.

Rulebook: Gifts of the Gods (Game Overview; Card List).  Every stated fact is an entry of :data:`GIFT_FACTS`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .facts import Fact, run_facts
from .loader import CHECKS, Problem, check_source, is_illustrative, load, records, require


GIFTS_FILE = "gifts.toml"
GIFTS_LISTED = tuple(f"GG{i}" for i in range(1, 12))
GIFTS_TOTAL = 14


@dataclass(frozen=True)
class Gift:
    id: str
    effect: str
    source: str


def _fact_gifts_listed(index):
    out = [(g, "id", "missing") for g in GIFTS_LISTED if g not in index["g"] and g not in index["bad"]]
    out += [
        (g, "source", "GG1-GG11 are in the Card List")
        for g in GIFTS_LISTED
        if g in index["g"] and is_illustrative(index["g"][g]["source"])
    ]
    return out


def _fact_gifts_total(index):
    n = len(index["g"]) + len(index["bad"])
    return [] if n <= GIFTS_TOTAL else [("[[gift]]", "-", f"the file has {n}")]


GIFT_FACTS: list[Fact] = [
    Fact("Gifts of the Gods, Card List", "cards GG1-GG11 are listed", _fact_gifts_listed),
    Fact("Gifts of the Gods, Game Overview", "the set has 14 cards, so no more than 14", _fact_gifts_total),
]


def check_gifts(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    index = {"g": {}, "bad": set()}
    for k, rec in enumerate(records(doc, "gift", file, problems), 1):
        gid = rec.get("id")
        where = gid if isinstance(gid, str) and gid.strip() else f"gift #{k}"
        before = len(problems)
        check_source(rec, file, where, problems)
        gid = require(rec, "id", str, file, where, problems)
        if gid is not None and not re.fullmatch(r"GG[1-9][0-9]*", gid, re.ASCII):
            problems.append(Problem(file, where, "id", "a Gift id is GG followed by its number"))
        if gid in index["g"] or gid in index["bad"]:
            problems.append(Problem(file, where, "id", "duplicate Gift id"))
        require(rec, "effect", str, file, where, problems)
        if len(problems) == before:
            index["g"][gid] = rec
        elif isinstance(gid, str) and gid.strip():
            index["bad"].add(gid)
    return problems + run_facts(GIFT_FACTS, index, file)


def _build_gifts(doc):
    return tuple(
        sorted((Gift(r["id"], r["effect"], r["source"].strip()) for r in doc["gift"]), key=lambda g: int(g.id[2:]))
    )


def load_gifts(data_dir: Path | str | None = None, *, listed_only: bool = False) -> tuple[Gift, ...]:
    """The Gifts of the Gods cards.  ``listed_only=True``: only the rulebook's GG1-GG11 (register D6)."""
    gifts = load(GIFTS_FILE, _build_gifts, data_dir)
    return tuple(g for g in gifts if not is_illustrative(g.source)) if listed_only else gifts


CHECKS[GIFTS_FILE] = check_gifts
