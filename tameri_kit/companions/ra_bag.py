"""Ra's bag: exact chances of the next draws (hypergeometric, sympy rationals), checked by enumeration and simulation.

Rule text: ``rulebooks/001_6747bfc0439617ca.txt``, *Draw and place one tile on the board* (each turn draws one tile;
a Ra tile goes on the Ra track), *The Epochs* (the epoch ends at once when the Ra track is full), *Setup* and the
note under *Draw ...* (the Ra track has 10 spaces; 2/3/4 players leave the first 4/2/1 unused: lengths 6, 8, 9, 10).
Tiles never go back into the bag during the game (they go to the box), so draws are without replacement.

With ``N`` tiles in the bag of which ``m`` are of the kind asked about, the number ``X`` of them among the next ``k``
draws is hypergeometric: ``P(X = j) = C(m, j) C(N - m, k - j) / C(N, k)``.

>>> full = Bag.full()
>>> full.total, next_is(full, "Ra")
(180, 1/6)
>>> at_least_one(full, "Flood", 1)
1/15
"""

from __future__ import annotations

import html
import itertools
import random
from dataclasses import dataclass
from typing import Mapping

import sympy as sp

from ..errors import StateError
from .ra_scoring import CATEGORY, TILE_COUNTS, TILES, check_tile

#: Ra track length by player count (Setup; the note under "Draw and place one tile")
RA_TRACK = {2: 6, 3: 8, 4: 9, 5: 10}
SECTION = "Ra rules: Draw and place one tile on the board"


def track_length(players: int) -> int:
    if players not in RA_TRACK:
        raise StateError(f"Ra is played by 2 to 5 players, not {players!r}")
    return RA_TRACK[players]


def _kind_tiles(kind: str) -> tuple[str, ...]:
    """A tile name, or a category (``"civilization"``, ``"monument"``, ``"disaster"``, ...) -> its tiles."""
    key = str(kind).strip().lower()
    group = tuple(t for t in TILES if CATEGORY[t] == key)
    if group and key not in ("ra", "god", "gold", "pharaoh", "nile", "flood"):
        return group
    return (check_tile(kind),)


@dataclass(frozen=True)
class Bag:
    """What is left in the bag: tile -> count (frozen; a text form like a hand's)."""

    counts: tuple[tuple[str, int], ...]

    def __post_init__(self):
        merged: dict[str, int] = {}
        for tile, count in self.counts:
            name = check_tile(tile)
            if isinstance(count, bool) or not isinstance(count, int):
                raise StateError(f"the count of {name} must be a whole number, not {count!r}")
            if count < 0:
                raise StateError(f"a count cannot be negative: {name} {count}")
            merged[name] = merged.get(name, 0) + count
            if merged[name] > TILE_COUNTS[name]:
                raise StateError(f"the bag cannot hold {merged[name]} {name}: the game has {TILE_COUNTS[name]}")
        object.__setattr__(self, "counts", tuple((t, merged[t]) for t in TILES if merged.get(t)))

    @classmethod
    def full(cls) -> "Bag":
        """The 180 tiles of a new game (the public counts in the rulebooks' README)."""
        return cls(tuple(TILE_COUNTS.items()))

    @classmethod
    def of(cls, counts: Mapping[str, int] | None = None, **more: int) -> "Bag":
        items = list((counts or {}).items()) + [(k.replace("_", " "), v) for k, v in more.items()]
        return cls(tuple(items))

    def __getitem__(self, kind: str) -> int:
        have = dict(self.counts)
        return sum(have.get(t, 0) for t in _kind_tiles(kind))

    @property
    def total(self) -> int:
        return sum(c for _, c in self.counts)

    def without(self, tile: str) -> "Bag":
        """The bag after drawing one ``tile``; drawing a tile it does not hold raises StateError."""
        name = check_tile(tile)
        have = dict(self.counts)
        if have.get(name, 0) == 0:
            raise StateError(f"the bag holds no {name} to draw")
        have[name] -= 1
        return Bag(tuple(have.items()))

    def tiles(self) -> list[str]:
        """Every tile as a list (for simulation and enumeration)."""
        return [t for t, c in self.counts for _ in range(c)]

    def __str__(self) -> str:
        return " ".join(f"{t}:{c}" for t, c in self.counts) or "empty"

    def _repr_html_(self) -> str:
        cells = "".join(f"<td style='padding:2px 5px;border:1px solid #ccc'>{html.escape(t)}<br><b>{c}</b></td>"
                        for t, c in self.counts)
        return f"<table style='border-collapse:collapse'><caption>bag: {self.total} tiles</caption><tr>{cells}</tr></table>"


def _bag(bag) -> Bag:
    return bag if isinstance(bag, Bag) else Bag.of(bag)


def _check_draws(bag: Bag, draws: int) -> int:
    if isinstance(draws, bool) or not isinstance(draws, int) or draws < 0:
        raise StateError(f"the number of draws must be 0 or more, not {draws!r}")
    if draws > bag.total:
        raise StateError(f"cannot draw {draws} tiles: the bag holds {bag.total}")
    return draws


def count_distribution(bag: Bag | Mapping, kind: str, draws: int) -> dict[int, sp.Rational]:
    """P(exactly j tiles of ``kind`` among the next ``draws``), the hypergeometric distribution.

    >>> count_distribution(Bag.of(Ra=2, Pharaoh=2), "Ra", 2)
    {0: 1/6, 1: 2/3, 2: 1/6}
    """
    bag = _bag(bag)
    _check_draws(bag, draws)
    big_n, m = bag.total, bag[kind]
    ways = sp.binomial(big_n, draws)
    return {j: sp.Rational(sp.binomial(m, j) * sp.binomial(big_n - m, draws - j), ways)
            for j in range(0, min(m, draws) + 1) if draws - j <= big_n - m}


def next_is(bag: Bag | Mapping, kind: str) -> sp.Rational:
    """P(the next tile drawn is of ``kind``) = m / N."""
    bag = _bag(bag)
    if bag.total == 0:
        raise StateError("the bag is empty: there is no next tile")
    return sp.Rational(bag[kind], bag.total)


def at_least_one(bag: Bag | Mapping, kind: str, draws: int) -> sp.Rational:
    """P(at least one ``kind`` among the next ``draws``) = 1 - C(N - m, k) / C(N, k)."""
    return at_least(bag, kind, 1, draws)


def at_least(bag: Bag | Mapping, kind: str, needed: int, draws: int) -> sp.Rational:
    """P(at least ``needed`` tiles of ``kind`` among the next ``draws``)."""
    dist = count_distribution(bag, kind, draws)
    return sum((p for j, p in dist.items() if j >= needed), sp.Integer(0))


def epoch_ends_within(bag: Bag | Mapping, draws: int, *, players: int = 3, on_track: int = 0) -> sp.Rational:
    """P(the Ra track fills within the next ``draws`` tiles drawn): at least ``length - on_track`` Ra among them.

    (*The Epochs*: a full Ra track ends the epoch at once.  The epoch may also end earlier when every Sun is
    spent; this is the bag's share only.)

    >>> epoch_ends_within(Bag.of(Ra=2, Pharaoh=2), 2, players=2, on_track=4)
    1/6
    """
    length = track_length(players)
    if not 0 <= on_track < length:
        raise StateError(f"the Ra track for {players} players holds {length}; {on_track} already on it is not possible")
    return at_least(bag, "Ra", length - on_track, draws)


def hypergeometric_formula(big_n, m, k, j=None):
    """The formula as a sympy expression (for showing maths): P(X = j), or P(X >= 1) when ``j`` is None."""
    big_n, m, k = sp.Integer(big_n), sp.Integer(m), sp.Integer(k)
    if j is None:
        return 1 - sp.binomial(big_n - m, k, evaluate=False) / sp.binomial(big_n, k, evaluate=False)
    return sp.binomial(m, j, evaluate=False) * sp.binomial(big_n - m, k - j, evaluate=False) / sp.binomial(
        big_n, k, evaluate=False)


def enumerate_counts(bag: Bag | Mapping, kind: str, draws: int) -> dict[int, sp.Rational]:
    """The same distribution as :func:`count_distribution`, by listing every ordered sequence of draws of the
    (distinguishable) tiles and counting; only for small bags (it grows like N!/(N-k)!)."""
    bag = _bag(bag)
    _check_draws(bag, draws)
    wanted = set(_kind_tiles(kind))
    tiles = bag.tiles()
    if len(tiles) > 12:
        raise StateError(f"enumeration is for small bags (12 tiles or fewer), not {len(tiles)}")
    tally: dict[int, int] = {}
    total = 0
    for sequence in itertools.permutations(range(len(tiles)), draws):
        j = sum(tiles[i] in wanted for i in sequence)
        tally[j] = tally.get(j, 0) + 1
        total += 1
    return {j: sp.Rational(c, total) for j, c in sorted(tally.items())}


def simulate_counts(bag: Bag | Mapping, kind: str, draws: int, n: int, seed: int = 0) -> dict[int, int]:
    """Draw ``draws`` tiles from a shuffled bag ``n`` times (``random.Random(seed)``): how often j were of ``kind``."""
    bag = _bag(bag)
    _check_draws(bag, draws)
    if n <= 0:
        raise StateError(f"simulate at least one draw, not {n}")
    wanted = set(_kind_tiles(kind))
    tiles = bag.tiles()
    rng = random.Random(seed)
    tally: dict[int, int] = {}
    for _ in range(n):
        j = sum(t in wanted for t in rng.sample(tiles, draws))
        tally[j] = tally.get(j, 0) + 1
    return dict(sorted(tally.items()))


def hypergeometric_latex(big_n: int, m: int, k: int, j: int | None = None) -> str:
    """The same formula as LaTeX, written the way it is taught (``1 - C(N-m,k)/C(N,k)``, or the P(X = j) form).

    >>> hypergeometric_latex(180, 12, 5)
    '1 - \\\\frac{\\\\binom{168}{5}}{\\\\binom{180}{5}}'
    """
    if j is None:
        return f"1 - \\frac{{\\binom{{{big_n - m}}}{{{k}}}}}{{\\binom{{{big_n}}}{{{k}}}}}"
    return (f"\\frac{{\\binom{{{m}}}{{{j}}}\\binom{{{big_n - m}}}{{{k - j}}}}}"
            f"{{\\binom{{{big_n}}}{{{k}}}}}")
