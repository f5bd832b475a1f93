"""The player boards and the box's supply: the loader and validator of ``player_boards.toml``.

Rulebook: Components; Game Setup 3b-3d; Immediate Effects (Example 27); the example players of Examples 1-29.
Every stated fact is an entry of :data:`BOARD_FACTS` (the boards) or :data:`SUPPLY_FACTS` (the supply).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ..rules.action_cards import Glyph
from .facts import Fact, check_stated, run_facts
from .loader import CHECKS, Problem, check_source, load, records, require


BOARDS_FILE = "player_boards.toml"
REWARD_KINDS = ("points", "resource", "deben", "silt")
EXAMPLE_PLAYERS = ("John", "George", "Ringo", "Paul")


@dataclass(frozen=True)
class UnlockReward:
    kind: str
    amount: int

    def __str__(self) -> str:
        what = {"points": "point", "resource": "resource of your choice", "deben": "Deben", "silt": "Silt sphere"}
        unit = what[self.kind] + ("s" if self.amount != 1 and self.kind in ("points", "silt") else "")
        if self.kind == "points":
            unit = "points" if self.amount != 1 else "point"
        if self.kind == "silt" and self.amount != 1:
            unit = "Silt spheres"
        return f"{self.amount} {unit}"


@dataclass(frozen=True)
class PlayerBoard:
    id: int
    colour: str
    glyph: Glyph
    example_player: str | None
    unlock: tuple[UnlockReward, ...]
    source: str


def _fact_boards_count(index):
    n = len(index["b"]) + len(index["bad"])
    return [] if n == 4 else [("[[board]]", "-", f"the file has {n}")]


def _fact_unlock_3_points(index):
    return [
        (f"board {i}", "unlock", "no 3-point reward")
        for i, r in index["b"].items()
        if not any(u["kind"] == "points" and u["amount"] == 3 for u in r["unlock"])
    ]


def _fact_unlock_kinds(index):
    return [
        (f"board {i}", "unlock", f"its kinds are {sorted({u['kind'] for u in r['unlock']})}")
        for i, r in index["b"].items()
        if len({u["kind"] for u in r["unlock"]}) != 4 or "resource" not in {u["kind"] for u in r["unlock"]}
    ]


def _fact_locked_four(index):
    return [
        (f"board {i}", "unlock", f"{len(r['unlock'])} locked Worker spaces")
        for i, r in index["b"].items()
        if len(r["unlock"]) != 4
    ]


def _fact_example_players(index):
    got = Counter(r.get("example_player") for r in index["b"].values() if r.get("example_player"))
    if index["bad"]:
        return []
    return [("[[board]]", "example_player", f"{p} uses {got[p]} boards") for p in EXAMPLE_PLAYERS if got[p] != 1]


BOARD_FACTS: list[Fact] = [
    Fact("Components", "there are 4 player boards (one per colour)", _fact_boards_count),
    Fact("Game Setup 3b", "4 of a player's 8 Workers start on the 4 Locked Worker spaces", _fact_locked_four),
    Fact("Example 27", "one locked Worker's reward is worth 3 points", _fact_unlock_3_points),
    Fact("Example 27", "there are 4 kinds of unlock reward, one of them a resource of your choice", _fact_unlock_kinds),
    Fact("Examples 1-29", "each example player (John, George, Ringo, Paul) uses one board", _fact_example_players),
]


#: The supply numbers the rulebook states (Components; Game Setup 3b-3d).
SUPPLY_FACTS = {
    "deben": (18, "Components"),
    "resources_each": (24, "Components"),
    "workers_per_player": (8, "Components; Game Setup 3b"),
    "locked_workers": (4, "Game Setup 3b"),
    "sphinxes_per_player": (3, "Components; Game Setup 3c"),
    "start_resources_each": (2, "Game Setup 3d"),
    "start_deben": (1, "Game Setup 3d"),
}


@dataclass(frozen=True)
class Supply:
    """The box's Deben and resources, and what each player starts with (Components; Game Setup 3)."""

    deben: int
    resources_each: int
    workers_per_player: int
    locked_workers: int
    sphinxes_per_player: int
    start_resources_each: int
    start_deben: int
    source: str


def _check_supply(doc: dict, file: str, problems: list[Problem]) -> None:
    sup = doc.get("supply")
    if not isinstance(sup, dict):
        problems.append(Problem(file, "[supply]", "-", "missing table"))
        return
    check_source(sup, file, "[supply]", problems)
    for key, (want, where) in SUPPLY_FACTS.items():
        v = require(sup, key, int, file, "[supply]", problems)
        if v is not None and v != want:
            problems.append(
                Problem(file, "[supply]", key, f"contradicts the rulebook ({where}): it states {want}, not {v}")
            )


def check_player_boards(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    _check_supply(doc, file, problems)
    index = {"b": {}, "bad": set()}
    for k, rec in enumerate(records(doc, "board", file, problems), 1):
        bid = rec.get("id")
        where = f"board {bid}" if isinstance(bid, int) else f"board #{k}"
        before = len(problems)
        check_source(rec, file, where, problems)
        check_stated(rec, file, where, problems)
        bid = require(rec, "id", int, file, where, problems)
        if bid is not None and (bid in index["b"] or bid in index["bad"]):
            problems.append(Problem(file, where, "id", "duplicate board id"))
        require(rec, "colour", str, file, where, problems)
        g = require(rec, "glyph", str, file, where, problems)
        if g is not None:
            try:
                Glyph.parse(g)
            except ValueError as e:
                problems.append(Problem(file, where, "glyph", str(e)))
        ep = rec.get("example_player")
        if ep is not None and ep not in EXAMPLE_PLAYERS:
            problems.append(Problem(file, where, "example_player", f"use one of {', '.join(EXAMPLE_PLAYERS)}"))
        unlock = require(rec, "unlock", list, file, where, problems)
        for j, u in enumerate(unlock or [], 1):
            if not isinstance(u, dict):
                problems.append(Problem(file, where, f"unlock[{j}]", "expected { kind = ..., amount = ... }"))
                continue
            if u.get("kind") not in REWARD_KINDS:
                problems.append(
                    Problem(
                        file,
                        where,
                        f"unlock[{j}].kind",
                        f"unknown kind {u.get('kind')!r}; use {', '.join(REWARD_KINDS)}",
                    )
                )
            a = u.get("amount")
            if isinstance(a, bool) or not isinstance(a, int) or a < 1:
                problems.append(Problem(file, where, f"unlock[{j}].amount", f"expected a whole number >= 1, got {a!r}"))
        if len(problems) == before:
            index["b"][bid] = rec
        elif bid is not None:
            index["bad"].add(bid)
    return problems + run_facts(BOARD_FACTS, index, file)


def _build_boards(doc):
    return tuple(
        sorted(
            (
                PlayerBoard(
                    r["id"],
                    r["colour"],
                    Glyph.parse(r["glyph"]),
                    r.get("example_player"),
                    tuple(UnlockReward(u["kind"], u["amount"]) for u in r["unlock"]),
                    r["source"].strip(),
                )
                for r in doc["board"]
            ),
            key=lambda b: b.id,
        )
    )


def load_player_boards(data_dir: Path | str | None = None) -> tuple[PlayerBoard, ...]:
    """The 4 player boards from ``player_boards.toml``."""
    return load(BOARDS_FILE, _build_boards, data_dir)


def _build_supply(doc):
    sup = doc["supply"]
    return Supply(**{k: sup[k] for k in SUPPLY_FACTS}, source=sup["source"].strip())


def load_supply(data_dir: Path | str | None = None) -> Supply:
    """The ``[supply]`` table of ``player_boards.toml``: 18 Deben, 24 of each resource, 8 Workers (4 locked) ..."""
    return load(BOARDS_FILE, _build_supply, data_dir)


def example_board(player: str, data_dir: Path | str | None = None) -> PlayerBoard:
    """The board the kit gives an example player (John, George, Ringo or Paul)."""
    for b in load_player_boards(data_dir):
        if b.example_player == player:
            return b
    raise KeyError(f"no board for example player {player!r}")


CHECKS[BOARDS_FILE] = check_player_boards
