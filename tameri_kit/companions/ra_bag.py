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

The expected number of draws up to the ``r``-th Ra tile (the first, or the one that fills the Ra track) is
``r (N + 1) / (m + 1)`` (:func:`expected_draws_to_ra`, :func:`expected_draws_to_epoch_end`).
"""

from __future__ import annotations

import html
import itertools
import math
import random
from dataclasses import dataclass
from typing import Iterable, Mapping

import sympy as sp

from ..errors import StateError
from . import checks
from .ra_tiles import TILE_COUNTS, TILES, check_tile, tile_counts, tiles_of

#: Ra track length by player count (Setup; the note under "Draw and place one tile")
RA_TRACK = {2: 6, 3: 8, 4: 9, 5: 10}
SECTION = "Ra rules: Draw and place one tile on the board"


def track_length(players: int) -> int:
    """How many Ra tiles fill the Ra track for this many players (2 to 5)."""
    players = checks.whole_number(players, "the number of players")
    if players not in RA_TRACK:
        raise StateError(f"Ra is played by 2 to 5 players, not {checks.shown(players)}")
    return RA_TRACK[players]


@dataclass(frozen=True)
class Bag:
    """What is left in the bag: tile -> count (frozen; a text form like a hand's, which it also reads).

    Built like a :class:`~.ra_scoring.Hand`: (tile, count) pairs, a mapping or TILE:COUNT text, no count above the
    game's components."""

    counts: tuple[tuple[str, int], ...]

    def __post_init__(self):
        merged = tile_counts(self.counts, "the bag")
        object.__setattr__(self, "counts", tuple((t, merged[t]) for t in TILES if merged.get(t)))

    @classmethod
    def full(cls) -> "Bag":
        """The 180 tiles of a new game (the public counts in the rulebooks' README)."""
        return cls(tuple(TILE_COUNTS.items()))

    @classmethod
    def of(cls, counts: Mapping[str, int] | Iterable | str = (), **more: int) -> "Bag":
        """``Bag.of({"Ra": 2}, Flood=1)``; keyword names use ``_`` for a space (``Step_Pyramid``)."""
        items = list(tile_counts(counts, "the bag").items())
        return cls(tuple(items + [(k.replace("_", " "), v) for k, v in more.items()]))

    def __getitem__(self, kind: str) -> int:
        """How many tiles of a tile name or of a category (``bag["civilization"]``)."""
        have = dict(self.counts)
        return sum(have.get(t, 0) for t in tiles_of(kind))

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
        cells = "".join(
            f"<td style='padding:2px 5px;border:1px solid #ccc'>{html.escape(t)}<br><b>{c}</b></td>"
            for t, c in self.counts
        )
        return f"<table style='border-collapse:collapse'><caption>bag: {self.total} tiles</caption><tr>{cells}</tr></table>"


def as_bag(bag) -> Bag:
    """A :class:`Bag` from a Bag, a mapping tile -> count, (tile, count) pairs or TILE:COUNT text (not ``None``)."""
    if isinstance(bag, Bag):
        return bag
    if bag is None:
        raise StateError("the bag is a Bag, a mapping tile -> count or TILE:COUNT text, not None (Bag.full())")
    return Bag(bag)


def _check_draws(bag: Bag, draws: int) -> int:
    draws = checks.whole_number(draws, "the number of draws")
    if draws > bag.total:
        raise StateError(f"cannot draw {checks.shown(draws)} tiles: the bag holds {bag.total}")
    return draws


def count_distribution(bag: Bag | Mapping, kind: str, draws: int) -> dict[int, sp.Rational]:
    """P(exactly j tiles of ``kind`` among the next ``draws``), the hypergeometric distribution.

    >>> count_distribution(Bag.of(Ra=2, Pharaoh=2), "Ra", 2)
    {0: 1/6, 1: 2/3, 2: 1/6}
    """
    bag = as_bag(bag)
    draws = _check_draws(bag, draws)
    big_n, m = bag.total, bag[kind]
    ways = sp.binomial(big_n, draws)
    return {
        j: sp.Rational(sp.binomial(m, j) * sp.binomial(big_n - m, draws - j), ways)
        for j in range(0, min(m, draws) + 1)
        if draws - j <= big_n - m
    }


def next_is(bag: Bag | Mapping, kind: str) -> sp.Rational:
    """P(the next tile drawn is of ``kind``) = m / N."""
    bag = as_bag(bag)
    if bag.total == 0:
        raise StateError("the bag is empty: there is no next tile")
    return sp.Rational(bag[kind], bag.total)


def at_least_one(bag: Bag | Mapping, kind: str, draws: int) -> sp.Rational:
    """P(at least one ``kind`` among the next ``draws``) = 1 - C(N - m, k) / C(N, k)."""
    return at_least(bag, kind, 1, draws)


def at_least(bag: Bag | Mapping, kind: str, needed: int, draws: int) -> sp.Rational:
    """P(at least ``needed`` tiles of ``kind`` among the next ``draws``) (``needed`` a whole number)."""
    needed = checks.whole_number(needed, "the number of tiles needed")
    dist = count_distribution(bag, kind, draws)
    return sum((p for j, p in dist.items() if j >= needed), sp.Integer(0))


def epoch_ends_within(bag: Bag | Mapping, draws: int, *, players: int = 3, on_track: int = 0) -> sp.Rational:
    """P(the Ra track fills within the next ``draws`` tiles drawn): at least ``length - on_track`` Ra among them.

    (*The Epochs*: a full Ra track ends the epoch at once.  The epoch may also end earlier when every Sun is
    spent; this is the bag's share only.)

    >>> epoch_ends_within(Bag.of(Ra=2, Pharaoh=2), 2, players=2, on_track=4)
    1/6
    """
    return at_least(bag, "Ra", ra_still_needed(players, on_track), draws)


def ra_still_needed(players: int, on_track: int) -> int:
    """How many more Ra tiles fill the track: its length for ``players`` minus the ``on_track`` already on it (0 up
    to one less than the length: a full track has already ended the epoch)."""
    length = track_length(players)
    on_track = checks.whole_number(on_track, "the number of Ra tiles on the track")
    if on_track >= length:
        raise StateError(
            f"the Ra track for {players} players holds {length}; {checks.shown(on_track)} already on it is not "
            "possible (a full track ends the epoch at once)"
        )
    return length - on_track


def _ra_needed(bag: Bag, needed) -> int:
    needed = checks.whole_number(needed, "the number of Ra tiles needed", low=1)
    if needed > bag["Ra"]:
        raise StateError(f"the bag holds {bag['Ra']} Ra tile(s): {checks.shown(needed)} can never be drawn from it")
    return needed


def draws_to_ra_distribution(bag: Bag | Mapping, needed: int = 1) -> dict[int, sp.Rational]:
    """P(the ``needed``-th Ra tile from now is the t-th tile drawn), for every possible t (a negative
    hypergeometric distribution).

    The draws put the bag's ``N`` tiles in a random order, and the places of its ``m`` Ra tiles are any ``m`` of the
    ``N`` places, all equally likely.  The ``r``-th Ra tile (``r`` = ``needed``) is drawn t-th exactly when
    ``r - 1`` Ra tiles lie among the first ``t - 1`` places, one at place ``t`` and the other ``m - r`` after it:

    ``P(T = t) = C(t - 1, r - 1) C(N - t, m - r) / C(N, m)``,  for ``r <= t <= N - m + r``.

    >>> draws_to_ra_distribution(Bag.of(Ra=1, Pharaoh=2))
    {1: 1/3, 2: 1/3, 3: 1/3}
    """
    bag = as_bag(bag)
    r = _ra_needed(bag, needed)
    big_n, m = bag.total, bag["Ra"]
    ways = sp.binomial(big_n, m)
    return {
        t: sp.Rational(sp.binomial(t - 1, r - 1) * sp.binomial(big_n - t, m - r), ways)
        for t in range(r, big_n - m + r + 1)
    }


def expected_draws_to_ra(bag: Bag | Mapping, needed: int = 1) -> sp.Rational:
    """The expected number of draws up to and including the ``needed``-th Ra tile from now (the first by default).

    ``E[T] = r (N + 1) / (m + 1)`` for ``N`` tiles of which ``m`` are Ra, ``r`` = ``needed``.  Why: the ``m`` Ra
    tiles cut the ``N - m`` others into ``m + 1`` runs (before the first Ra, between two, after the last); the order
    is random, so every run has the same expected length ``(N - m) / (m + 1)``.  The ``r``-th Ra tile comes after
    ``r`` runs and ``r`` Ra tiles: ``r + r (N - m) / (m + 1) = r (N + 1) / (m + 1)``.  It equals the mean of
    :func:`draws_to_ra_distribution`; :func:`simulate_draws_to_ra` checks it by shuffling.

    >>> expected_draws_to_ra(Bag.full())           # 181 / 31, about 5.84 draws to the first Ra tile
    181/31
    """
    bag = as_bag(bag)
    r = _ra_needed(bag, needed)
    return sp.Rational(r * (bag.total + 1), bag["Ra"] + 1)


def expected_draws_to_epoch_end(bag: Bag | Mapping, *, players: int = 3, on_track: int = 0) -> sp.Rational:
    """The expected number of draws until the Ra tile that fills the Ra track (*The Epochs*: the epoch then ends at
    once): :func:`expected_draws_to_ra` with ``needed`` = the track's length minus the Ra tiles ``on_track``.

    Only the bag's share: an epoch also ends when every Sun is spent, often sooner.

    >>> expected_draws_to_epoch_end(Bag.full(), players=3)   # 8 Ra tiles: 8 x 181 / 31, about 46.7 draws
    1448/31
    """
    return expected_draws_to_ra(bag, ra_still_needed(players, on_track))


def simulate_draws_to_ra(bag: Bag | Mapping, n: int, seed: int = 0, needed: int = 1) -> dict[int, int]:
    """Shuffle the bag ``n`` times (``random.Random(seed)``): how often the ``needed``-th Ra tile was the t-th draw."""
    bag = as_bag(bag)
    r = _ra_needed(bag, needed)
    n = checks.samples(n, "the number of simulated shuffles")
    rng = random.Random(checks.seed(seed))
    tiles = bag.tiles()
    tally: dict[int, int] = {}
    for _ in range(n):
        rng.shuffle(tiles)
        seen = 0
        for position, tile in enumerate(tiles, 1):
            seen += tile == "Ra"
            if seen == r:
                tally[position] = tally.get(position, 0) + 1
                break
    return dict(sorted(tally.items()))


MAX_FORMULA_TILES = 1_000_000
#: the most ordered sequences :func:`enumerate_counts` lists (12 tiles, 6 draws: 665,280)
MAX_SEQUENCES = 1_000_000


def formula_numbers(big_n, m, k, j=None) -> tuple[int, int, int, int | None]:
    """N tiles, ``m`` of the kind, ``k`` drawn, ``j`` of the kind among them: whole numbers with m <= N, k <= N,
    j <= k and j <= m (anything else is not a bag, and would print as binomials of negative numbers)."""
    big_n = checks.whole_number(big_n, "N (the tiles in the bag)", high=MAX_FORMULA_TILES)
    m = checks.whole_number(m, "m (the tiles of the kind)", high=big_n)
    k = checks.whole_number(k, "k (the tiles drawn)", high=big_n)
    if j is not None:
        j = checks.whole_number(j, "j (the tiles of the kind among those drawn)", high=min(k, m))
    return big_n, m, k, j


def hypergeometric_formula(big_n, m, k, j=None):
    """The formula as a sympy expression (for showing maths): P(X = j), or P(X >= 1) when ``j`` is None."""
    big_n, m, k, j = (None if n is None else sp.Integer(n) for n in formula_numbers(big_n, m, k, j))
    if j is None:
        return 1 - sp.binomial(big_n - m, k, evaluate=False) / sp.binomial(big_n, k, evaluate=False)
    return (
        sp.binomial(m, j, evaluate=False)
        * sp.binomial(big_n - m, k - j, evaluate=False)
        / sp.binomial(big_n, k, evaluate=False)
    )


def enumerate_counts(bag: Bag | Mapping, kind: str, draws: int) -> dict[int, sp.Rational]:
    """The same distribution as :func:`count_distribution`, by listing every ordered sequence of draws of the
    (distinguishable) tiles and counting; only for small bags (it grows like N!/(N-k)!)."""
    bag = as_bag(bag)
    draws = _check_draws(bag, draws)
    wanted = set(tiles_of(kind))
    tiles = bag.tiles()
    if len(tiles) > 12 or math.perm(len(tiles), draws) > MAX_SEQUENCES:
        raise StateError(
            f"enumeration is for small bags (12 tiles or fewer, at most {MAX_SEQUENCES:,} sequences of draws), "
            f"not {len(tiles)} tiles and {draws} draws"
        )
    tally: dict[int, int] = {}
    total = 0
    for sequence in itertools.permutations(range(len(tiles)), draws):
        j = sum(tiles[i] in wanted for i in sequence)
        tally[j] = tally.get(j, 0) + 1
        total += 1
    return {j: sp.Rational(c, total) for j, c in sorted(tally.items())}


def simulate_counts(bag: Bag | Mapping, kind: str, draws: int, n: int, seed: int = 0) -> dict[int, int]:
    """Draw ``draws`` tiles from a shuffled bag ``n`` times (``random.Random(seed)``): how often j were of ``kind``."""
    bag = as_bag(bag)
    draws = _check_draws(bag, draws)
    n = checks.samples(n, "the number of simulated draws")
    seed = checks.seed(seed)
    wanted = set(tiles_of(kind))
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
    big_n, m, k, j = formula_numbers(big_n, m, k, j)
    if j is None:
        return f"1 - \\frac{{\\binom{{{big_n - m}}}{{{k}}}}}{{\\binom{{{big_n}}}{{{k}}}}}"
    return f"\\frac{{\\binom{{{m}}}{{{j}}}\\binom{{{big_n - m}}}{{{k - j}}}}}{{\\binom{{{big_n}}}{{{k}}}}}"
