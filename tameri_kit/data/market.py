"""The Market layouts: the loader and validator of ``market.toml``.

Rulebook: Components; Game Setup 1g; Merchant (Examples 8a, 31); +1 Player Mode (Ghost set-up 3b).  Every
stated fact is an entry of :data:`MARKET_FACTS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..rules.common import Resource
from .facts import Fact, check_stated, parse_enum_list, run_facts
from .loader import CHECKS, Problem, check_source, load, records, require


MARKET_FILE = "market.toml"


@dataclass(frozen=True)
class MarketLayout:
    """The Market for a player count: stalls clockwise; space ``i`` lies between stall ``i`` and ``i + 1``."""

    players: int
    side: str
    stalls: tuple[Resource, ...]
    ghost_space: int
    source: str

    @property
    def spaces(self) -> int:
        return len(self.stalls)

    def beside(self, space: int) -> tuple[Resource, Resource]:
        """The stalls on either side of a Merchant space (anticlockwise one first)."""
        n = len(self.stalls)
        return self.stalls[space % n], self.stalls[(space + 1) % n]


def _pairs(stalls):
    n = len(stalls)
    return [(stalls[i], stalls[(i + 1) % n]) for i in range(n)]


def _fact_layout_counts(index):
    return [
        (f"layout {p}", "players", "missing") for p in (2, 3, 4) if p not in index and p not in index.get("_bad", ())
    ]


def _ghost_pair(players, a, b):
    def test(index):
        lay = index.get(players)
        if lay is None:
            return []
        pair = lay["beside"]
        if set(pair) != {a, b}:
            return [
                (
                    f"layout {players}",
                    "ghost_space",
                    f"space {lay['ghost_space']} lies between {pair[0].value} and {pair[1].value}",
                )
            ]
        return []

    return test


def _fact_example_31(index):
    lays = [v for k, v in index.items() if isinstance(k, int)]
    if not lays:
        return []
    if any((a, b) == (Resource.FRUIT, Resource.BARLEY) for lay in lays for a, b in _pairs(lay["stalls"])):
        return []
    return [("[[layout]]", "stalls", "no layout has a Fruit stall with a Barley stall next clockwise")]


def _fact_merchant_room(index):
    return [
        (f"layout {p}", "stalls", f"{len(v['stalls'])} spaces")
        for p, v in index.items()
        if isinstance(p, int) and len(v["stalls"]) < p + 1
    ]


MARKET_FACTS: list[Fact] = [
    Fact(
        "Components; Game Setup 1g",
        "there is a Market for 2, 3 and 4 players (the tile's two sides and the board)",
        _fact_layout_counts,
    ),
    Fact(
        "+1 Player Mode, Ghost set-up 3b",
        "in the 2-player Market a space lies between Flax and Fruit",
        _ghost_pair(2, Resource.FLAX, Resource.FRUIT),
    ),
    Fact(
        "+1 Player Mode, Ghost set-up 3b",
        "in the 3-player Market a space lies between Fruit and Papyrus",
        _ghost_pair(3, Resource.FRUIT, Resource.PAPYRUS),
    ),
    Fact(
        "+1 Player Mode, Ghost set-up 3b; Example 8a",
        "in the 4-player Market a space lies between Flax and Fruit",
        _ghost_pair(4, Resource.FLAX, Resource.FRUIT),
    ),
    Fact("Example 31", "a Fruit stall has a Barley stall next to it clockwise", _fact_example_31),
    Fact(
        "Merchant; +1 Player Mode",
        "every player and the Ghost can have a Merchant, so a Market for P players has at least P + 1 spaces",
        _fact_merchant_room,
    ),
]


def check_market(doc: dict, file: str) -> list[Problem]:
    problems: list[Problem] = []
    index: dict = {"_bad": set()}
    for k, rec in enumerate(records(doc, "layout", file, problems), 1):
        p = rec.get("players")
        where = f"layout {p}" if isinstance(p, int) else f"layout #{k}"
        before = len(problems)
        check_source(rec, file, where, problems)
        check_stated(rec, file, where, problems)
        players = require(rec, "players", int, file, where, problems)
        if players is not None and players not in (2, 3, 4):
            problems.append(Problem(file, where, "players", "Tameri is for 2 to 4 players (with the Ghost counted)"))
        elif players is not None and players in index:
            problems.append(Problem(file, where, "players", "duplicate layout for this player count"))
        require(rec, "side", str, file, where, problems)
        stalls = parse_enum_list(rec.get("stalls"), Resource.parse, file, where, "stalls", problems, "resources")
        if stalls is not None and len(stalls) < 3:
            problems.append(Problem(file, where, "stalls", "a ring of Market stalls needs at least 3 stalls"))
        gs = require(rec, "ghost_space", int, file, where, problems)
        if gs is not None and stalls and not 0 <= gs < len(stalls):
            problems.append(Problem(file, where, "ghost_space", f"spaces are numbered 0 to {len(stalls) - 1}"))
        if len(problems) == before:
            index[players] = dict(stalls=stalls, ghost_space=gs, beside=_pairs(stalls)[gs])
        elif isinstance(p, int):
            index["_bad"].add(p)
    return problems + run_facts(MARKET_FACTS, index, file)


def _build_market(doc: dict) -> dict[int, MarketLayout]:
    return {
        r["players"]: MarketLayout(
            r["players"],
            r["side"],
            tuple(Resource.parse(s) for s in r["stalls"]),
            r["ghost_space"],
            r["source"].strip(),
        )
        for r in doc["layout"]
    }


def load_markets(data_dir: Path | str | None = None) -> dict[int, MarketLayout]:
    """Every Market layout of ``market.toml``, by number of players."""
    return dict(load(MARKET_FILE, _build_market, data_dir))


def load_market(players: int, data_dir: Path | str | None = None) -> MarketLayout:
    """The Market layout for 2, 3 or 4 players from ``market.toml``."""
    layouts = load_markets(data_dir)
    if players not in layouts:
        raise KeyError(f"no Market for {players} players; there are layouts for {sorted(layouts)}")
    return layouts[players]


CHECKS[MARKET_FILE] = check_market
