"""Chance."""

from __future__ import annotations

import random
from functools import lru_cache
from operator import itemgetter

from ..rules.common import RAMPS, Sphere
from ..rules.weather import Landing, available, run_phase
from .catalog import BUILDINGS, CARDS, PRIESTS, SPHINX_SPACES, WEATHER, Rule
from .frames import Frame
from .state import GameState
from .working import WorkingGame

first_item = itemgetter(0)   # the move of a (move, payload, weight) outcome
weight_of = itemgetter(2)    # its weight

# ----------------------------------------------------------------------------------------------------------------
# Chance
# ----------------------------------------------------------------------------------------------------------------
def chance_list(s) -> list[tuple[str, object, int]]:
    """(move, payload, weight) for the chance node on top, sorted by move; probability = weight / total weight."""
    c = getattr(s, "_cache", None)
    if c is not None:
        lst = c.get("chance")
        if lst is None:
            lst = c["chance"] = list_chance_outcomes(s)
        return lst
    return list_chance_outcomes(s)


_COLOURS = (Sphere.SUN, Sphere.WATER, Sphere.SILT)
#: every (move, Landing, colour index) a falling sphere can give, sorted by move text
_LANDINGS = sorted(((f"{sph.value}@{r.value}", Landing(sph, r), j) for j, sph in enumerate(_COLOURS) for r in RAMPS),
                   key=lambda x: x[0])
_DRAWS = {n: (f"draw {n}", n, 1) for n in CARDS}   # card number -> its chance outcome
_LAND_LISTS: dict = {}   # (Sun, Water, Silt still to fall) -> the landing outcomes (a few dozen kinds; never changed)


def without_card(cards: tuple, n) -> tuple:
    """``cards`` without the one ``n`` (a card drawn from a deck)."""
    i = cards.index(n)
    return cards[:i] + cards[i + 1:]


def list_chance_outcomes(s) -> list[tuple[str, object, int]]:
    """The outcomes of the chance node on top, sorted by move text."""
    t = s.top
    k = t.kind
    if k == "draw_card":
        return sorted(map(_DRAWS.__getitem__, s.deck(t.data[0])), key=first_item)
    if k == "land":
        counts = t.data[0]
        lst = _LAND_LISTS.get(counts)
        if lst is None:
            lst = _LAND_LISTS[counts] = [(m, landing, counts[j]) for m, landing, j in _LANDINGS if counts[j]]
        return lst
    if k == "draw_building":
        if s.building_pool:
            return sorted(((f"building {b}", b, 1) for b in s.building_pool), key=first_item)
        if s.building_bottom:
            return [(f"building {s.building_bottom[0]}", s.building_bottom[0], 1)]
        return []
    if k == "draw_sphinx":
        placed = [f for f in s.sphinx if f is not None]
        tiles = sorted(set(range(1, SPHINX_SPACES + 1)) - {int(f[:-1]) for f in placed})
        rem_a = SPHINX_SPACES // 2 - sum(1 for f in placed if f.endswith("A"))
        rem_b = SPHINX_SPACES // 2 - sum(1 for f in placed if f.endswith("B"))
        out = []
        for tile in tiles:
            if rem_a:
                out.append((f"sphinx {tile}A", f"{tile}A", rem_a))
            if rem_b:
                out.append((f"sphinx {tile}B", f"{tile}B", rem_b))
        return sorted(out, key=first_item)
    if k == "draw_tile":
        return sorted(((f"tile {x}", x, 1) for x in s.tiles), key=first_item)
    if k == "draw_priest":
        return sorted(((f"priest {x}", x, 1) for x in s.priest_pile), key=first_item)
    raise AssertionError(k)


def draw_outcome(state: GameState, rng: random.Random) -> tuple[str, object, int]:
    """One outcome of the chance node on top, drawn with one ``rng.randrange`` over the total weight."""
    lst = chance_list(state)
    c = state._cache
    total = c.get("total")
    if total is None:
        total = c["total"] = sum(map(weight_of, lst))
    return pick_outcome(lst, total, rng)


def pick_outcome(lst: list, total: int, rng: random.Random) -> tuple[str, object, int]:
    r = rng.randrange(total)
    if total == len(lst):       # every weight is 1: the r-th outcome (what the loop below would find)
        return lst[r]
    for x in lst:
        if r < x[2]:
            return x
        r -= x[2]
    raise AssertionError("unreachable")


@lru_cache(maxsize=None)
def _tile_and_season_spheres(tile_id: int, season: int) -> tuple[dict, str]:
    """Phase 1, steps 1-2: the spheres a Weather tile and the Season call for, and the sentence saying so."""
    tile, s = WEATHER.tile(tile_id), WEATHER.season(season)
    return dict(tile.counter() + s.counter()), f"{tile}; {s}"


def apply_chance(w: WorkingGame, t: Frame, payload) -> None:
    k = t.kind
    w.pop()
    if k == "draw_card":
        letter, target, seat = t.data
        n = payload
        w.decks = tuple((d, without_card(cards, n)) if d == letter else (d, cards) for d, cards in w.decks)
        if target == "hand":
            p = w.P(seat)
            w.setp(seat, hand=tuple(sorted(p.hand + (n,))))
            what = "a Temple card" if letter == "E" else "a card"
            w.ev(f"{p.name} draws {what} from deck {letter}", Rule.IMMEDIATE_EFFECTS if letter == "E" else Rule.SEASON_ZERO)
            w.ev(f"{p.name} draws card {n}", Rule.IMMEDIATE_EFFECTS if letter == "E" else Rule.SEASON_ZERO, seat)
        else:
            w.nile = w.nile + ((n, None),)
            w.ev(f"Card {n} is revealed in the Nile", Rule.ROUND_END)
    elif k == "draw_building":
        b = payload
        if b in w.building_pool:
            w.building_pool = tuple(x for x in w.building_pool if x != b)
        else:
            w.building_bottom = w.building_bottom[1:]
        idx = w.row.index(None)
        w.row = w.row[:idx] + (b,) + w.row[idx + 1:]
        w.ev(f"Building {b} ({BUILDINGS[b].name}) is revealed on Building space {idx + 1}", Rule.SETUP + " 1e")
    elif k == "draw_sphinx":
        idx = w.sphinx.index(None)
        w.sphinx = w.sphinx[:idx] + (payload,) + w.sphinx[idx + 1:]
        w.ev(f"Sphinx space {idx + 1} shows tile {payload}", Rule.SETUP + " 1f")
    elif k == "draw_tile":
        w.tiles = tuple(x for x in w.tiles if x != payload)
        w.tile = payload
        want, text = _tile_and_season_spheres(payload, w.season)
        got, notes = available(w.pyramid, want)
        w.ev(text, Rule.WEATHER_PHASE + ", steps 1-2")
        for line in notes:
            w.ev(line, Rule.WEATHER_PHASE + ", step 3")
        counts = (got.get(Sphere.SUN, 0), got.get(Sphere.WATER, 0), got.get(Sphere.SILT, 0))
        w.schedule(Frame("land", -1, (counts, ())))
    elif k == "land":
        counts, landings = t.data
        sph = payload.sphere
        j = (Sphere.SUN, Sphere.WATER, Sphere.SILT).index(sph)
        counts = tuple(c - (1 if q == j else 0) for q, c in enumerate(counts))
        landings = landings + (payload,)
        if sum(counts):
            w.schedule(Frame("land", -1, (counts, landings)))
        else:
            res = run_phase(w.pyramid, landings, w.settings.weather)
            for e in res.events:
                w.ev(e.text, e.step)
            w.pyramid = res.end
    elif k == "draw_priest":
        x = payload
        w.priest_pile = tuple(c for c in w.priest_pile if c != x)
        target = t.data[0]
        if target == "hand":
            seat = t.data[1]
            w.setp(seat, priest_cards=tuple(sorted(w.P(seat).priest_cards + (x,))))
            w.ev(f"{w.name(seat)} draws a Priest card", Rule.IMMEDIATE_EFFECTS)
            w.ev(f"{w.name(seat)} draws {PRIESTS[x]}", Rule.IMMEDIATE_EFFECTS, seat)
        else:   # the season-end draft: the draft frame below the draws collects the cards
            k = max(j for j, f in enumerate(w.stack) if f.kind == "draft")
            f = w.stack[k]
            hand, order, picks, drawn = f.data
            w.stack[k] = f.but(data=(hand + (x,), order, picks, drawn + (x,)))


