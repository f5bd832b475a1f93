"""The whole-game engine: legality, steps, chance.

Rulebook sections implemented here: Game Setup; Season 0; Game Rounds (Phases 1-5); Possible Actions (all
eight); the chapters on productive fields, on weather effects printed on cards and on extra weather effects; the
ends of the Round, the Season and the Game; Game Effects; Building Card List; Sphinx Effects; Priest Cards.

The rules themselves live in :mod:`tameri_kit.rules` (weather, effects, fields, glyphs, turn order, temples,
offering, season end, game end); this module strings them together into a game and asks the players, one small
decision at a time, what they do.

API
---
``new_game(settings) -> GameState`` (at the first chance node of the set-up);
``legal_actions(state) -> list[Decision]`` (sorted by text, unique; empty at chance nodes and at the end);
``chance_outcomes(state) -> list[(Decision, Fraction)]``; ``sample_chance(state, rng) -> Decision``;
``step(state, decision_or_text) -> GameState`` (pure; raises :class:`IllegalActionError` naming the rule).
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from operator import itemgetter

from ..data import load_map, load_weather
from ..data.loader import LazyMapping, LazySequence, LazyValue
from ..data.components import load_actions, load_buildings, load_market, load_player_boards, load_sphinx, load_supply
from ..data.temples import TEMPLES, Effect, load_priests, load_temples
from ..errors import IllegalActionError
from ..rules.actions import Action
from ..rules.common import RAMPS, RESOURCES, Resource, Sphere, from_fields
from ..rules.effects import buy_silt, gain_silt, pay_to_remove, place_silt, remove_sphere
from ..rules.fields import harvest_yield, is_productive, visible_spheres, weather_on
from ..rules.glyphs import OBSERVATORIES, LIBRARY, Played, card_play, season_end_bonus
from ..rules.offering import SWAPS, Offering, Payment, Stock, offer
from ..rules.pyramid import RIVER_SPACES
from ..rules.scoring import SEASON_SCORERS, HandCard, PlayerSituation, building_season_points
from ..rules.season_end import season_end
from ..rules.game_end import finish_game
from ..rules.temples import _blocked as _temple_blocked
from ..rules.temples import (BUILDING_ADVANCES, TempleState, apply as temple_apply, draft as temple_draft,
                             draft_order, effect_grant, free_advance, legal_moves, priest_action)
from ..rules.turn_order import season0_order, turn_order
from ..rules.weather import Landing, available, run_phase
from .decisions import CHANCE, Decision
from .state import CHANCE_KINDS, Event, Frame, GameState, PlayerState
from .settings import Settings

# ----------------------------------------------------------------------------------------------------------------
# Data (loaded once)
# ----------------------------------------------------------------------------------------------------------------
# (read when the game first needs them, so broken data cannot break the import: see data.loader.LazyMapping)
CARDS = LazyMapping(lambda: {c.number: c for c in load_actions().cards})
HAND_CARDS = LazyMapping(lambda: {n: HandCard.of(c) for n, c in CARDS.items()})   # what the scoring sees of a card
BUILDINGS = LazyMapping(lambda: {b.id: b for b in load_buildings()})
SPHINX_FACES = LazyMapping(lambda: {f.label: f for f in load_sphinx()})
PRIESTS = LazyMapping(lambda: {c.id: c for c in load_priests().cards})
BOARDS = LazyMapping(lambda: {b.id: b for b in load_player_boards()})
SUPPLY, WEATHER, MAP = LazyValue(load_supply), LazyValue(load_weather), LazyValue(load_map)
FIELDS = LazySequence(lambda: tuple(str(f) for f in MAP.fields))
FIELD_OF = LazyMapping(lambda: {str(f): f for f in MAP.fields})
LIMIT = 4                     # Phase 4, step 4: the warehouse limit
ROW = 5                       # Building spaces (Game Setup 1e)
SPHINX_SPACES = 10            # Game Setup 1f
SUBSTITUTES = ("C1", "C2", "C3", "C4", "C5")
SEASON_DECK = {1: "B", 2: "C", 3: "D"}
R_SETUP = "Game Setup"
R_S0 = "Season 0"
R_P1 = "Phase 1: Weather"
R_P2 = "Phase 2: Choosing the Actions"
R_P3 = "Phase 3: The Turn Order"
R_P4 = "Phase 4: Individual Turns"
R_EXTRA = "Extra Weather Effects"
R_CARDW = "Weather Effects on the Cards"
R_ROUND = "End of the Round"
R_SEASON = "End of the Season"
R_IMM = "Game Effects: Immediate Effects"
R_PERM = "Game Effects: Permanent Effects"



def _example_board(name: str, seat: int) -> int:
    for b in BOARDS.values():
        if b.example_player == name:
            return b.id
    return sorted(BOARDS)[seat]


# ----------------------------------------------------------------------------------------------------------------
# A working copy, mutated during one step and frozen at the end
# ----------------------------------------------------------------------------------------------------------------


class W:
    """A mutable copy of a :class:`GameState` used inside :func:`step` only.

    ``players`` and ``stack`` are lists here; ``stack`` stays the same list for the whole step (:func:`_advance`
    holds on to it), so rules change it in place (``append``, ``pop``, ``clear``) and never assign a new one."""

    __slots__ = ("__dict__", "evs", "cache")   # the game's fields live in __dict__, the step's own bookkeeping not

    def __init__(self, s: GameState):
        d = s.__dict__.copy()       # becomes the new state's own __dict__ in freeze (one copy per step)
        d["_cache"] = None          # the old state's cache does not describe the working copy
        d["players"] = list(s.players)
        d["stack"] = list(s.stack)
        self.__dict__ = d
        self.evs: list[Event] = []
        self.cache: dict = {}       # what _advance already worked out for the new top (legal moves, chance list)

    def freeze(self) -> GameState:
        """The new state; the working copy hands over its fields and must not be used afterwards."""
        log = self.log
        for e in self.evs:
            log = (log, e)
        d = self.__dict__
        d["players"] = tuple(d["players"])
        d["stack"] = tuple(d["stack"])
        d["log"] = log
        d["_cache"] = self.cache
        return from_fields(GameState, d)

    # helpers
    def ev(self, text: str, rule: str = "", seat: int | None = None) -> None:
        self.evs.append(Event(text, rule, seat))

    def P(self, i: int) -> PlayerState:
        return self.players[i]

    def setp(self, i: int, **kw) -> None:
        self.players[i] = self.players[i].but(**kw)

    def name(self, i: int) -> str:
        return self.players[i].name

    def schedule(self, *frames: Frame) -> None:
        """Push frames so that the first one given is handled first."""
        self.stack.extend(reversed(frames))

    @property
    def top(self) -> Frame:
        return self.stack[-1]

    def pop(self) -> Frame:
        return self.stack.pop()

    def replace_top(self, frame: Frame) -> None:
        self.stack[-1] = frame

    def deck(self, letter: str) -> tuple:
        return dict(self.decks).get(letter, ())

    def is_used(self, i: int, effect: str) -> bool:
        return f"{i}:{effect}" in self.used

    def use(self, i: int, effect: str) -> None:
        if f"{i}:{effect}" not in self.used:
            self.used = tuple(sorted(self.used + (f"{i}:{effect}",)))


# ----------------------------------------------------------------------------------------------------------------
# Supplies
# ----------------------------------------------------------------------------------------------------------------
def res_supply(s, r: Resource) -> int:
    """Resources of one type left in the general supply (Components: 24 of each)."""
    used = sum(p.reserve[r] + p.screen[r] for p in s.players) + s.market[r]
    used += sum(1 for _, x in s.nile if x == r)
    return SUPPLY.resources_each - used


def deben_supply(s) -> int:
    return SUPPLY.deben - sum(p.deben for p in s.players)


def gain_res(w: W, i: int, r: Resource, n: int = 1, why: str = "", rule: str = "") -> int:
    n = min(n, res_supply(w, r))
    if n > 0:
        p = w.P(i)
        w.setp(i, reserve=p.reserve.with_count(r, p.reserve[r] + n))
        w.ev(f"{p.name} gains {n} {r.label}" + (f" ({why})" if why else ""), rule)
    return n


def pay_res(w: W, i: int, stock: Stock) -> None:
    p = w.P(i)
    w.setp(i, reserve=p.reserve.minus(stock))


def gain_deben(w: W, i: int, n: int, why: str = "", rule: str = "") -> int:
    n = min(n, deben_supply(w))
    if n > 0:
        w.setp(i, deben=w.P(i).deben + n)
        w.ev(f"{w.name(i)} gains {n} Deben" + (f" ({why})" if why else ""), rule)
    return n


def pay_deben(w: W, i: int, n: int) -> None:
    p = w.P(i)
    if p.deben < n:
        raise IllegalActionError(f"{p.name} has {p.deben} Deben, needs {n}", rule=R_EXTRA)
    w.setp(i, deben=p.deben - n)


def score(w: W, i: int, n: int, why: str, rule: str = "") -> None:
    if n:
        w.setp(i, score=w.P(i).score + n)
        w.ev(f"{w.name(i)} scores {n} point{'s' if n != 1 else ''} ({why})", rule)


def set_silt(w: W, i: int, n: int) -> None:
    """Keep the player's Silt and the pyramid's count of Silt on boards in step."""
    d = n - w.P(i).silt
    w.setp(i, silt=n)
    w.pyramid = w.pyramid.with_held(w.pyramid.held_silt + d)


def gain_silt_to(w: W, i: int, why: str, rule: str = R_IMM) -> bool:
    if w.pyramid.supply(Sphere.SILT) <= 0:
        w.ev(f"{w.name(i)} cannot gain a Silt sphere: none is left in the supply", R_IMM)
        return False
    w.pyramid, _ = gain_silt(w.pyramid, rule=rule)
    w.setp(i, silt=w.P(i).silt + 1)
    w.ev(f"{w.name(i)} gains 1 Silt sphere ({why})", rule)
    return True


# ----------------------------------------------------------------------------------------------------------------
# Workers
# ----------------------------------------------------------------------------------------------------------------
def priests_of(s, i: int) -> int:
    name = s.players[i].name
    return sum(1 for t in TEMPLES if s.temples.space_of(name, t) is not None)


def free_workers(s, i: int) -> int:
    """Available Workers not on the board (Game Setup 3b; Possible Actions: placing a Worker)."""
    p = s.players[i]
    placed = len(p.farmers) + (p.merchant is not None) + (p.builder is not None) + priests_of(s, i)
    return p.workers - placed


def sources(s, i: int, exclude: str = "") -> list[tuple[str, str]]:
    """Where a Worker to place may come from: an unused one, or one moved from elsewhere (never a Priest)."""
    p = s.players[i]
    out = []
    if free_workers(s, i) > 0:
        out.append(("", "free"))
    if p.merchant is not None and exclude != "merchant":
        out.append((" from merchant", "merchant"))
    if p.builder is not None and exclude != "builder":
        out.append((" from builder", "builder"))
    if exclude != "farmers":
        for f in p.farmers:
            out.append((f" from {f}", "field:" + f))
    return out


def take_worker(w: W, i: int, src: str) -> None:
    p = w.P(i)
    if src == "free":
        return
    if src == "merchant":
        w.setp(i, merchant=None)
        w.ev(f"{p.name} takes the Merchant off the Market", "Possible Actions")
    elif src == "builder":
        w.setp(i, builder=None)
        w.ev(f"{p.name} takes the Builder off the Construction area (it will start again at the bottom)",
             "Possible Actions: Builder")
    elif src.startswith("field:"):
        f = src[6:]
        w.setp(i, farmers=tuple(x for x in p.farmers if x != f))
        w.ev(f"{p.name} takes the Farmer off {f}", "Possible Actions")


def field_room(s, f: str) -> bool:
    ramp = f.split("-")[0]
    n = sum(1 for p in s.players if f in p.farmers)
    return n < s.settings.field_spaces(ramp)


# ----------------------------------------------------------------------------------------------------------------
# Payments with the substitution Buildings (Game Effects: Permanent Effects; C1-C5; A4; B2)
# ----------------------------------------------------------------------------------------------------------------
_C5_PAIRS = tuple((a, b) for k, a in enumerate(RESOURCES) for b in RESOURCES[k:])


def pay_options(reserve: Stock, slots: tuple, subs: tuple[str, ...] = (), discount: str | None = None):
    """Every way to pay ``slots`` (each a Resource, or None for a resource of your choice) from ``reserve``.

    ``subs``: the substitution Buildings (C1-C5) the player may still use this turn, each at most once;
    ``discount``: a Building (A4) that drops one resource of choice.  Returns ``{paid Stock: (effects, assignment)}``
    keeping, for each Stock, the way that uses the fewest effects; ``assignment`` lists (slot, placed, effect).
    (A new dict each call; the work behind it is memoised, as it depends on the arguments only.)
    """
    return dict(_pay_options(reserve, tuple(slots), tuple(subs), discount))


@lru_cache(maxsize=8192)
def _pay_options(reserve: Stock, slots: tuple, subs: tuple[str, ...], discount: str | None) -> tuple:
    have0 = [reserve[r] for r in RESOURCES]
    out: dict = {}

    def rec(k, have, effects, assign):
        if k == len(slots):
            paid = Stock(*[have0[j] - have[j] for j in range(4)])
            key = (len(effects), effects)
            if paid not in out or key < (len(out[paid][0]), out[paid][0]):
                out[paid] = (effects, assign)
            return
        slot = slots[k]
        if discount and discount not in effects:
            rec(k + 1, have, tuple(sorted(effects + (discount,))), assign + ((slot, (), discount),))
        kinds = RESOURCES if slot is None else (slot,)
        for r in kinds:
            j = RESOURCES.index(r)
            if have[j] > 0:
                h = list(have)
                h[j] -= 1
                rec(k + 1, h, effects, assign + ((slot or r, (r,), None),))
        if slot is None:
            return
        for e in subs:
            if e in effects:
                continue
            opts = []
            if e in SWAPS and slot in SWAPS[e]:
                opts = [((next(x for x in SWAPS[e] if x != slot),))]
            elif e == "C4" and slot != Resource.FLAX:
                opts = [(Resource.FLAX,)]
            elif e == "C5":
                opts = list(_C5_PAIRS)
            for placed in opts:
                h = list(have)
                ok = True
                for r in placed:
                    j = RESOURCES.index(r)
                    h[j] -= 1
                    ok = ok and h[j] >= 0
                if ok:
                    rec(k + 1, h, tuple(sorted(effects + (e,))), assign + ((slot, tuple(placed), e),))

    rec(0, have0, (), ())
    return tuple(out.items())


@lru_cache(maxsize=None)
def _pay_stock(pay: tuple) -> Stock:
    """The Stock of a Priest move's payment (one resource per paid step; at most 15 different payments)."""
    return Stock.of(pay)


def subs_for(s, i: int) -> tuple[str, ...]:
    p = s.players[i]
    return tuple(b for b in SUBSTITUTES if b in p.buildings and f"{i}:{b}" not in s.used)


def stock_text(st: Stock) -> str:
    return str(st) if st.total else "nothing"


def cost_slots(bid: str, short: int) -> tuple:
    b = BUILDINGS[bid]
    slots = []
    for k in ("barley", "papyrus", "flax", "fruit", "any"):
        n = int(b.cost.get(k, 0))
        slots += [None if k == "any" else Resource(k)] * n
    slots += [Resource.PAPYRUS] * short
    return tuple(slots)


# ----------------------------------------------------------------------------------------------------------------
# Setting up
# ----------------------------------------------------------------------------------------------------------------
def new_game(settings: Settings | None = None) -> GameState:
    """Game Setup: the board, the supplies and each player's pieces; the shuffles are left as chance nodes
    (Building cards 1e, Sphinx tiles 1f, dealing deck A in Season 0 step 1)."""
    settings = settings or Settings()
    n = settings.n
    players = []
    for seat, name in enumerate(settings.players):
        bid = _example_board(name, seat)
        board = BOARDS[bid]
        players.append(PlayerState(name=name, board=bid, glyph=board.glyph, locked=tuple(board.unlock),
                                   workers=SUPPLY.workers_per_player - SUPPLY.locked_workers,
                                   reserve=Stock(*([SUPPLY.start_resources_each] * 4)), deben=SUPPLY.start_deben))
    decks = tuple((d, tuple(sorted(c.number for c in CARDS.values() if c.deck == d))) for d in "ABCDE")
    s = GameState(settings=settings, phase="setup", temples=TempleState.empty(load_temples()),
                  players=tuple(players), building_pool=tuple(sorted(BUILDINGS)), tiles=tuple(t.id for t in WEATHER.tiles),
                  decks=decks, priest_pile=tuple(sorted(PRIESTS)))
    w = W(s)
    market = load_market(n)
    w.ev(f"Set-up for {n} players ({', '.join(settings.players)}): 2 Sun on each ramp, 2 Silt in each river; "
         f"Market: {market.side}; each player: 4 Workers free, 4 locked, 3 Sphinxes, 2 of each resource, 1 Deben",
         R_SETUP)
    w.schedule(*[Frame("draw_building") for _ in range(ROW)],
               *[Frame("draw_sphinx") for _ in range(SPHINX_SPACES)],
               *[Frame("draw_card", -1, ("A", "hand", seat)) for seat in range(n) for _ in range(5)],
               Frame("auto", -1, ("s0_start",)))
    _advance(w)
    return w.freeze()


def market_layout(s):
    return load_market(s.settings.n)


# ----------------------------------------------------------------------------------------------------------------
# Chance
# ----------------------------------------------------------------------------------------------------------------
def _chance_list(s) -> list[tuple[str, object, int]]:
    """(move, payload, weight) for the chance node on top, sorted by move; probability = weight / total weight."""
    c = getattr(s, "_cache", None)
    if c is not None:
        lst = c.get("chance")
        if lst is None:
            lst = c["chance"] = _chance_list_raw(s)
        return lst
    return _chance_list_raw(s)


_COLOURS = (Sphere.SUN, Sphere.WATER, Sphere.SILT)
#: every (move, Landing, colour index) a falling sphere can give, sorted by move text
_LANDINGS = sorted(((f"{sph.value}@{r.value}", Landing(sph, r), j) for j, sph in enumerate(_COLOURS) for r in RAMPS),
                   key=lambda x: x[0])
_DRAWS = {n: (f"draw {n}", n, 1) for n in CARDS}   # card number -> its chance outcome
_LAND_LISTS: dict = {}   # (Sun, Water, Silt still to fall) -> the landing outcomes (a few dozen kinds; never changed)


def _without(cards: tuple, n) -> tuple:
    """``cards`` without the one ``n`` (a card drawn from a deck)."""
    i = cards.index(n)
    return cards[:i] + cards[i + 1:]


def _chance_list_raw(s) -> list[tuple[str, object, int]]:
    """The outcomes of the chance node on top, sorted by move text."""
    t = s.top
    k = t.kind
    if k == "draw_card":
        return sorted(map(_DRAWS.__getitem__, s.deck(t.data[0])), key=_first)
    if k == "land":
        counts = t.data[0]
        lst = _LAND_LISTS.get(counts)
        if lst is None:
            lst = _LAND_LISTS[counts] = [(m, landing, counts[j]) for m, landing, j in _LANDINGS if counts[j]]
        return lst
    if k == "draw_building":
        if s.building_pool:
            return sorted(((f"building {b}", b, 1) for b in s.building_pool), key=_first)
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
        return sorted(out, key=_first)
    if k == "draw_tile":
        return sorted(((f"tile {x}", x, 1) for x in s.tiles), key=_first)
    if k == "draw_priest":
        return sorted(((f"priest {x}", x, 1) for x in s.priest_pile), key=_first)
    raise AssertionError(k)


def chance_outcomes(state: GameState) -> list[tuple[Decision, Fraction]]:
    """Every outcome of the chance node on top with its exact probability (sorted by text)."""
    if not state.is_chance:
        return []
    lst = _chance_list(state)
    total = sum(wt for _, _, wt in lst)
    return sorted(((Decision(CHANCE, m, pl), Fraction(wt, total)) for m, pl, wt in lst), key=lambda x: x[0].move)


def sample_chance(state: GameState, rng: random.Random) -> Decision:
    """Draw the outcome of the chance node with ``rng`` (a seeded ``random.Random``; nothing else is used)."""
    if not isinstance(rng, random.Random):
        raise TypeError("sample_chance needs a random.Random, e.g. random.Random(7)")
    m, pl, _ = _draw(state, rng)
    return Decision(CHANCE, m, pl)


def _draw(state: GameState, rng: random.Random) -> tuple[str, object, int]:
    """One outcome of the chance node on top, drawn with one ``rng.randrange`` over the total weight."""
    lst = _chance_list(state)
    c = state._cache
    total = c.get("total")
    if total is None:
        total = c["total"] = sum(map(_weight, lst))
    return _pick(lst, total, rng)


def _pick(lst: list, total: int, rng: random.Random) -> tuple[str, object, int]:
    r = rng.randrange(total)
    if total == len(lst):       # every weight is 1: the r-th outcome (what the loop below would find)
        return lst[r]
    for x in lst:
        if r < x[2]:
            return x
        r -= x[2]
    raise AssertionError("unreachable")


@lru_cache(maxsize=None)
def _tile_and_season(tile_id: int, season: int) -> tuple[dict, str]:
    """Phase 1, steps 1-2: the spheres a Weather tile and the Season call for, and the sentence saying so."""
    tile, s = WEATHER.tile(tile_id), WEATHER.season(season)
    return dict(tile.counter() + s.counter()), f"{tile}; {s}"


def _apply_chance(w: W, t: Frame, payload) -> None:
    k = t.kind
    w.pop()
    if k == "draw_card":
        letter, target, seat = t.data
        n = payload
        w.decks = tuple((d, _without(cards, n)) if d == letter else (d, cards) for d, cards in w.decks)
        if target == "hand":
            p = w.P(seat)
            w.setp(seat, hand=tuple(sorted(p.hand + (n,))))
            what = "a Temple card" if letter == "E" else "a card"
            w.ev(f"{p.name} draws {what} from deck {letter}", R_IMM if letter == "E" else R_S0)
            w.ev(f"{p.name} draws card {n}", R_IMM if letter == "E" else R_S0, seat)
        else:
            w.nile = w.nile + ((n, None),)
            w.ev(f"Card {n} is revealed in the Nile", R_ROUND)
    elif k == "draw_building":
        b = payload
        if b in w.building_pool:
            w.building_pool = tuple(x for x in w.building_pool if x != b)
        else:
            w.building_bottom = w.building_bottom[1:]
        idx = w.row.index(None)
        w.row = w.row[:idx] + (b,) + w.row[idx + 1:]
        w.ev(f"Building {b} ({BUILDINGS[b].name}) is revealed on Building space {idx + 1}", R_SETUP + " 1e")
    elif k == "draw_sphinx":
        idx = w.sphinx.index(None)
        w.sphinx = w.sphinx[:idx] + (payload,) + w.sphinx[idx + 1:]
        w.ev(f"Sphinx space {idx + 1} shows tile {payload}", R_SETUP + " 1f")
    elif k == "draw_tile":
        w.tiles = tuple(x for x in w.tiles if x != payload)
        w.tile = payload
        want, text = _tile_and_season(payload, w.season)
        got, notes = available(w.pyramid, want)
        w.ev(text, R_P1 + ", steps 1-2")
        for line in notes:
            w.ev(line, R_P1 + ", step 3")
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
            w.ev(f"{w.name(seat)} draws a Priest card", R_IMM)
            w.ev(f"{w.name(seat)} draws {PRIESTS[x]}", R_IMM, seat)
        else:   # the season-end draft: the draft frame below the draws collects the cards
            k = max(j for j, f in enumerate(w.stack) if f.kind == "draft")
            f = w.stack[k]
            hand, order, picks, drawn = f.data
            w.stack[k] = f.but(data=(hand + (x,), order, picks, drawn + (x,)))


# ----------------------------------------------------------------------------------------------------------------
# The flow: automatic frames
# ----------------------------------------------------------------------------------------------------------------
def _advance(w: W) -> None:
    """Run automatic frames until a decision or a chance node is on top (or the game is over)."""
    stack = w.stack          # the working copy's own list: frames pushed by the rules land here too
    while stack:
        t = stack[-1]
        kind = t.kind
        if kind == "auto":
            stack.pop()
            AUTO[t.data[0]](w, *t.data[1:])
            continue
        if kind == "effect":
            stack.pop()
            _resolve_effect(w, t)
            continue
        if kind in CHANCE_KINDS:
            lst = _chance_list_raw(w)
            if not lst:
                stack.pop()
                w.ev(f"nothing left to draw ({t.kind.replace('_', ' ')}): skipped", R_IMM)
                continue
            w.cache = {"chance": lst}
            return
        if t.kind in AUTO_FRAMES:
            if AUTO_FRAMES[t.kind](w, t):
                continue
        raw = LEGAL[t.kind](w, t)
        if not raw:
            w.pop()
            continue
        w.cache = {"raw": raw}
        return


def _s0_start(w: W) -> None:
    """Season 0, step 1: the cards of deck A left after dealing are not used in this game."""
    w.phase = "season0"
    left = len(w.deck("A"))
    w.decks = tuple((d, () if d == "A" else c) for d, c in w.decks)
    if left:
        w.ev(f"The {left} undealt cards of deck A are put away", R_S0 + ", step 1")
    n = w.settings.n
    w.schedule(Frame("s0_pick", 0, (tuple(() for _ in range(n)), tuple(None for _ in range(n)))))


def _s0_reveal(w: W, kept: tuple) -> None:
    # Season 0, step 5: the card left in each hand sets the first order.
    left = {}
    for i, p in enumerate(w.players):
        left[p.name] = p.hand[0]
        w.ev(f"{p.name} reveals card {p.hand[0]}, the card nobody kept", R_S0 + ", step 5")
    order = season0_order(left)
    for r in order.reasons:
        w.ev(r, R_S0 + ", step 5")
    w.order = tuple(w.settings.players.index(x) for x in order.players)
    for j, k in enumerate(kept):
        w.setp(j, hand=k)
    w.ev("The revealed cards are discarded; the 4 kept cards form each hand", R_S0 + ", steps 5 and 7")
    w.schedule(*[Frame("s0_farmer", i) for i in w.order], Frame("auto", -1, ("s0_nile",)))


def _s0_nile(w: W) -> None:
    n = w.settings.n
    w.season = 1
    w.schedule(*[Frame("draw_card", -1, ("B", "nile", -1)) for _ in range(n + 2)],
               Frame("auto", -1, ("nile_resources", R_S0 + ", step 8")), Frame("auto", -1, ("round_start",)))


def _nile_resources(w: W, rule: str) -> None:
    """The two lowest cards in the Nile get the resource printed on them (Season 0 step 8; End of the Season 6c)."""
    low = sorted(w.nile)[:2]
    for n, _ in low:
        _put_on_nile(w, n, rule)


def _put_on_nile(w: W, n: int, rule: str) -> None:
    r = CARDS[n].resource
    if res_supply(w, r) <= 0:
        w.ev(f"no {r.label} is left in the supply for card {n}", rule)
        return
    w.nile = tuple((m, r if m == n and x is None else x) for m, x in w.nile)
    w.ev(f"A {r.label} is placed on card {n} in the Nile", rule)


def _round_start(w: W) -> None:
    w.round += 1
    w.phase = "weather"
    w.tile = None
    w.ev(f"Round {w.round} (Season {w.season}) begins", "Game Rounds")
    w.schedule(Frame("draw_tile"), Frame("auto", -1, ("choose_start",)))


def _choose_start(w: W) -> None:
    w.phase = "choose"
    n = w.settings.n
    w.schedule(Frame("choose", 0, (tuple(None for _ in range(n)),)))


def _turn_start(w: W) -> None:
    i = w.order[w.turn]
    w.used = ()
    p = w.P(i)
    played = p.row[-1]
    w.ev(f"{p.name}'s turn ({'face-down card' if played.face_down else 'card ' + played.card.label})", R_P4)
    frames = []
    if not played.face_down and played.card.weather:
        frames.append(Frame("card_weather", i, (tuple(e._value_ for e in played.card.weather),)))
    frames += [Frame("option", i), Frame("main", i, ((),)), Frame("nile", i), Frame("auto", -1, ("turn_end", i))]
    w.schedule(*frames)


def _turn_end(w: W, i: int) -> None:
    restore(w, i)
    w.used = ()
    w.turn += 1
    if w.turn < len(w.order):
        w.schedule(Frame("auto", -1, ("turn_start",)))
    else:
        w.turn = -1
        w.schedule(Frame("auto", -1, ("round_end",)))


def restore(w: W, i: int) -> None:
    """Phase 4, step 4: at the end of a turn, at most 4 of each resource, 4 Deben and 4 Silt."""
    p = w.P(i)
    res = p.reserve
    if (p.deben <= LIMIT and p.silt <= LIMIT and res.barley <= LIMIT and res.papyrus <= LIMIT and res.flax <= LIMIT
            and res.fruit <= LIMIT):
        return                      # nothing above the limit (the usual case)
    extra = []
    for r in RESOURCES:
        if res[r] > LIMIT:
            extra.append(f"{res[r] - LIMIT} {r.label}")
            res = res.with_count(r, LIMIT)
    if res is not p.reserve:
        w.setp(i, reserve=res)
    if p.deben > LIMIT:
        extra.append(f"{p.deben - LIMIT} Deben")
        w.setp(i, deben=LIMIT)
    if p.silt > LIMIT:
        extra.append(f"{p.silt - LIMIT} Silt")
        set_silt(w, i, LIMIT)
    if extra:
        w.ev(f"{p.name} returns {', '.join(extra)} to the supply (warehouse limit of 4)", R_P4 + ", step 4")


def _round_end(w: W) -> None:
    if any(len(p.row) >= 4 for p in w.players):
        w.schedule(Frame("auto", -1, ("season_end",)))
        return
    w.phase = "round_end"
    for n, x in sorted(w.nile):
        if x is None:
            _put_on_nile(w, n, R_ROUND + ", step 1")
        else:
            w.ev(f"Card {n} already carries a {x.label}: nothing is added", R_ROUND + ", step 1")
    deck = SEASON_DECK[w.season]
    w.schedule(*[Frame("draw_card", -1, (deck, "nile", -1)) for _ in range(w.settings.n)],
               Frame("auto", -1, ("round_start",)))


def _season_end(w: W) -> None:
    """End of the Season: step 1 (the Priest draft: draws, then picks), the D4 choices, then steps 2-6."""
    w.phase = "season_end"
    w.ev(f"End of Season {w.season}", R_SEASON)
    frames = []
    n = min(w.temples.count, len(w.priest_pile))
    if n:
        order = tuple(w.settings.players.index(p) for p, _, _ in draft_order(w.temples))
        frames += [Frame("draw_priest", -1, ("draft",)) for _ in range(n)]
        frames.append(Frame("draft", order[0], ((), order[:n], (), ())))
    elif w.temples.count:
        w.ev("The Priest deck is empty: nobody draws (reading T6)", R_SEASON + ", step 1")
    frames += [Frame("d4", i) for i, p in enumerate(w.players) if "D4" in p.buildings]
    frames.append(Frame("auto", -1, ("season_score", ())))
    w.schedule(*frames)


def situation(s, i: int, *, checked: bool = False) -> PlayerSituation:
    """What the scoring rules see of player ``i`` (``checked``: through the checking constructor, for tests)."""
    p = s.players[i]
    make = PlayerSituation if checked else PlayerSituation.trusted
    return make(name=p.name, score=p.score, reserve=p.reserve, screen=p.screen, deben=p.deben, silt=p.silt,
                farmers=len(p.farmers), merchant_in_play=p.merchant is not None,
                builder_steps=(p.builder - 1) if p.builder else 0, sphinxes=p.sphinxes,
                face_down=sum(1 for x in p.row if x.face_down), buildings=p.buildings,
                priest_cards=tuple(PRIESTS[c].points for c in p.priest_cards), hand=tuple(HAND_CARDS[c] for c in p.hand))


def _season_score(w: W, d4: tuple = ()) -> None:
    d4_spend = dict(d4)
    sits = [situation(w, i) for i in range(len(w.players))]
    bonuses = [season_end_bonus(p.row, p.glyph, partial=True) for p in w.players]
    bonus = [p.name for p, b in zip(w.players, bonuses) if b.points]
    for p, b in zip(w.players, bonuses):
        w.ev(f"{p.name}: {b.explanation}", R_SEASON + ", step 2")
    d4s = {p.name: d4_spend.get(p.name) for p in w.players if "D4" in p.buildings}
    game_end_events = []  # the last Season's steps 1-5 come first, then the End of the Game's
    if w.season < 3:
        res = season_end(sits, w.season, glyph_bonus=bonus, d4_spend=d4s, readings=w.settings.scoring)
        for e in res.events:
            w.ev(e.text, e.step)
        end = res.end
    else:
        out = finish_game(sits, glyph_bonus=bonus, d4_spend=d4s, readings=w.settings.scoring)
        for e in out.events:
            if e.step.startswith("End of the Game"):
                game_end_events.append(e)
            else:
                w.ev(e.text, e.step)
        end = out.end
        w.outcome = out
    for i, sit in enumerate(end):
        w.setp(i, score=sit.score, reserve=sit.reserve, screen=sit.screen)
    if w.outcome is not None:
        for i, p in enumerate(w.players):
            w.setp(i, score=w.outcome.total(p.name))
    # step 5: discard the Nile, the boards and the Season's deck; the Nile's resources go to the warehouse
    moved = Stock.of([x for _, x in w.nile if x is not None])
    if moved.total:
        w.market = w.market.plus(moved)
        w.ev("The resources on the Nile cards go to the Market warehouse: " + str(moved), R_SEASON + ", step 5")
    w.nile = ()
    for i in range(len(w.players)):
        w.setp(i, row=())
    letter = SEASON_DECK[w.season]
    w.decks = tuple((d, () if d == letter else c) for d, c in w.decks)
    w.ev("The Nile cards, the cards on the player boards and the Season's deck are discarded", R_SEASON + ", step 5")
    if w.season == 3:
        for e in game_end_events:
            w.ev(e.text, e.step)
        w.phase = "over"
        w.stack.clear()
        w.ev(f"The game is over: {', '.join(f'{n} {t}' for n, t in w.outcome.ranking())}; winner(s): "
             f"{', '.join(w.outcome.winners)}", "End of the Game")
        return
    # step 6
    w.tiles = tuple(t.id for t in WEATHER.tiles)
    w.ev("The 7 Weather tiles are shuffled back into a pile", R_SEASON + ", step 6a")
    low = w.row[0]
    if low is not None:
        w.building_bottom = w.building_bottom + (low,)
        w.row = w.row[1:] + (None,)
        w.ev(f"Building {low} goes to the bottom of the Building deck; the others move down", R_SEASON + ", step 6b")
    else:
        w.row = tuple(x for x in w.row if x is not None) + (None,) * w.row.count(None)
    w.season += 1
    deck = SEASON_DECK[w.season]
    w.schedule(*[Frame("draw_building") for _ in range(w.row.count(None))],
               *[Frame("draw_card", -1, (deck, "nile", -1)) for _ in range(w.settings.n + 2)],
               Frame("auto", -1, ("nile_resources", R_SEASON + ", step 6c")), Frame("auto", -1, ("round_start",)))


AUTO = {"s0_start": _s0_start, "s0_reveal": _s0_reveal, "s0_nile": _s0_nile, "nile_resources": _nile_resources,
        "round_start": _round_start, "choose_start": _choose_start, "turn_start": _turn_start,
        "turn_end": _turn_end, "round_end": _round_end, "season_end": _season_end, "season_score": _season_score}


# ----------------------------------------------------------------------------------------------------------------
# Immediate effects (Game Effects: Immediate Effects; Temple spaces; Priest cards)
# ----------------------------------------------------------------------------------------------------------------
def queue_effects(w: W, gains: list[tuple[int, Effect]], why: str) -> None:
    w.schedule(*[Frame("effect", i, (e.kind, e.amount, e.temple, why)) for i, e in gains])


def _resolve_effect(w: W, t: Frame) -> None:
    kind, amount, temple, why = t.data
    i = t.player
    if kind == "points":
        score(w, i, amount, why, R_IMM)
    elif kind == "deben":
        gain_deben(w, i, amount, why, R_IMM)
    elif kind == "silt":
        for _ in range(amount):
            gain_silt_to(w, i, why)
    elif kind == "resource":
        w.schedule(*[Frame("take", i, (why,)) for _ in range(amount)])
    elif kind == "unlock":
        w.schedule(*[Frame("unlock", i, (why,)) for _ in range(amount)])
    elif kind == "priest_card":
        w.schedule(*[Frame("draw_priest", -1, ("hand", i)) for _ in range(amount)])
    elif kind == "temple_card":
        w.schedule(*[Frame("draw_card", -1, ("E", "hand", i)) for _ in range(amount)])
    elif kind == "farmer":
        w.schedule(*[Frame("farmer", i, ("place", (), why)) for _ in range(amount)])
    elif kind in ("remove_sun", "remove_water", "remove_sphere"):
        colour = {"remove_sun": "S", "remove_water": "W", "remove_sphere": "any"}[kind]
        w.schedule(*[Frame("remove", i, (colour, why, R_IMM)) for _ in range(amount)])
    elif kind == "advance":
        w.schedule(Frame("advance", i, (effect_grant(Effect(kind, amount, temple)), "")))
    else:
        raise AssertionError(kind)


# ----------------------------------------------------------------------------------------------------------------
# Decisions: one LEGAL and one APPLY function per kind of frame
# ----------------------------------------------------------------------------------------------------------------
def _l_s0_pick(s, t):
    p = s.players[t.player]
    return [(f"keep {n}", n) for n in p.hand]


def _a_s0_pick(w, t, n):
    """Season 0, steps 2-4: keep one card, pass the rest to the left, until 4 are kept (Example 1)."""
    kept, picks = t.data
    i = t.player
    picks = picks[:i] + (n,) + picks[i + 1:]
    w.ev(f"{w.name(i)} chooses a card to keep", R_S0 + ", step 2")
    w.ev(f"{w.name(i)} keeps card {n}", R_S0 + ", step 2", i)
    nseat = len(w.players)
    if None in picks:
        w.replace_top(t.but(player=picks.index(None), data=(kept, picks)))
        return
    kept = tuple(tuple(sorted(kept[j] + (picks[j],))) for j in range(nseat))
    hands = [tuple(x for x in w.P(j).hand if x != picks[j]) for j in range(nseat)]
    if len(kept[0]) < 4:
        # Season 0, step 3: pass to the left (the next seat) and receive from the right
        for j in range(nseat):
            w.setp((j + 1) % nseat, hand=hands[j])
        w.ev("Everyone passes the rest of their hand to the player on their left", R_S0 + ", step 3")
        w.replace_top(t.but(player=0, data=(kept, tuple(None for _ in range(nseat)))))
        return
    for j in range(nseat):
        w.setp(j, hand=hands[j])
    w.pop()
    w.schedule(Frame("auto", -1, ("s0_reveal", kept)))


def _l_s0_farmer(s, t):
    return [(f"farmer {f}", f) for f in FIELDS if field_room(s, f) and f not in s.players[t.player].farmers]


def _a_s0_farmer(w, t, f):
    """Season 0, step 6: each player in the new order places a Farmer on a field with room."""
    w.pop()
    w.setp(t.player, farmers=tuple(sorted(w.P(t.player).farmers + (f,))))
    w.ev(f"{w.name(t.player)} places a Farmer on {f}", R_S0 + ", step 6")


# --- Phase 2 and 3 ----------------------------------------------------------------------------------------------
def _l_choose(s, t):
    return [(f"play {n}", n) for n in s.players[t.player].hand]


def _a_choose(w, t, n):
    """Phase 2: each player chooses a card from their hand, face down."""
    (picks,) = t.data
    i = t.player
    picks = picks[:i] + (n,) + picks[i + 1:]
    w.ev(f"{w.name(i)} chooses a card", R_P2)
    w.ev(f"{w.name(i)} chooses card {n}", R_P2, i)
    if None in picks:
        w.replace_top(t.but(player=picks.index(None), data=(picks,)))
        return
    w.pop()
    w.phase = "reveal"
    w.schedule(Frame("reveal", 0, (picks, tuple(None for _ in picks))))


def face_down_price(p: PlayerState) -> int:
    """Phase 3: the Deben for a face-down card, this Season's face-down cards including it."""
    return sum(1 for x in p.row if x.face_down) + 1


def _priest_card_moves(s, i):
    return [(f"priest card {c}", ("priest_card", c)) for c in s.players[i].priest_cards
            if PRIESTS[c].effect is not None]


def _play_priest_card(w, i, c):
    card = PRIESTS[c]
    w.setp(i, priest_cards=tuple(x for x in w.P(i).priest_cards if x != c))
    w.ev(f"{w.name(i)} reveals and discards {card} for its effect", "Priest Cards")
    queue_effects(w, [(i, card.effect)], f"Priest card {c}")


def _l_reveal(s, t):
    i = t.player
    p = s.players[i]
    out = [("reveal", True)]
    if p.deben >= face_down_price(p):
        out.append(("keep face down", False))
    return out + _priest_card_moves(s, i)


def _a_reveal(w, t, payload):
    """Phase 3: reveal or keep face down (paying the Deben), then the turn order (Examples 5a, 5b, 34)."""
    i = t.player
    if isinstance(payload, tuple):
        _play_priest_card(w, i, payload[1])
        return
    cards, choice = t.data
    choice = choice[:i] + (payload,) + choice[i + 1:]
    w.ev(f"{w.name(i)} has decided", R_P3)
    if None in choice:
        w.replace_top(t.but(player=choice.index(None), data=(cards, choice)))
        return
    w.pop()
    plays = {}
    for j, p in enumerate(w.players):
        n = cards[j]
        fd = not choice[j]
        if fd:
            price = face_down_price(p)
            pay_deben(w, j, price)
            w.ev(f"{p.name} keeps the card face down and pays {price} Deben", R_P3)
        else:
            w.ev(f"{p.name} reveals card {n}", R_P3)
        pl = Played(CARDS[n], fd)
        w.setp(j, row=p.row + (pl,), hand=_without(p.hand, n))
        plays[p.name] = pl
    order = turn_order(plays)
    for r in order.reasons:
        w.ev(r, R_P3)
    w.order = tuple(w.settings.players.index(x) for x in order.players)
    w.phase = "turns"
    w.turn = 0
    w.schedule(Frame("auto", -1, ("turn_start",)))


# --- Phase 4: the card's weather, the play option, the main step ----------------------------------------------
def _remove_moves(s, colour: str, prefix: str):
    out = []
    for r in RAMPS:
        seen = visible_spheres(s.pyramid.ramp(r), s.settings.weather)
        for c in ("S", "W"):
            if (colour == "any" or colour == c) and c in seen:
                out.append((f"{prefix}{c} {r._value_}" if colour == "any" else f"{prefix}{r._value_}", (c, r)))
    return out


def _l_card_weather(s, t):
    (left,) = t.data
    out = []
    for e in left:
        if e == "gain_silt":
            if s.pyramid.supply(Sphere.SILT) > 0:
                out.append(("weather gain_silt", (e, None)))
        else:
            colour = {"remove_sun": "S", "remove_water": "W", "remove_any": "any"}[e]
            out += [(m, (e, x)) for m, x in _remove_moves(s, colour, f"weather {e} ")]
    return out + [("weather done", None)]


def _a_card_weather(w, t, payload):
    """Phase 4, step 1; Weather Effects on the Cards: each printed effect once, optional (Example 15)."""
    i = t.player
    if payload is None:
        w.pop()
        return
    e, x = payload
    left = list(t.data[0])
    left.remove(e)
    if e == "gain_silt":
        gain_silt_to(w, i, "card weather effect", R_CARDW)
    else:
        c, r = x
        w.pyramid, evs = remove_sphere(w.pyramid, r, Sphere(c), rule=R_CARDW, readings=w.settings.weather)
        w.ev(f"{w.name(i)} uses the card's effect: " + "; ".join(ev.text for ev in evs), R_CARDW)
    if left:
        w.replace_top(t.but(data=(tuple(left),)))
    else:
        w.pop()


def _options(s, i):
    p = s.players[i]
    owned = [b for b in p.buildings if b in OBSERVATORIES or b == LIBRARY]
    cp = card_play(p.row, len(p.row), p.glyph, buildings=owned, readings=s.settings.glyphs)
    out = []
    for o in cp.options:
        if o.via == "face down":
            out.append(_FACE_DOWN_MOVES[o.actions])
            continue
        if o.deben and p.deben < o.deben:
            continue
        if o.resources and p.reserve.total < o.resources:
            continue
        out.append((f"use {o}", (o.actions, o.deben, o.resources, o.via)))
    return out


#: the move of each face-down option (any one action; its Deben was paid in Phase 3)
_FACE_DOWN_MOVES = {(a,): ("use " + a.value, ((a,), 0, 0, "face down")) for a in Action}


def _l_option(s, t):
    return _options(s, t.player)


def _a_option(w, t, payload):
    """Glyphs, Actions, and Unrevealed Cards; Buildings D1-D5: which actions the played card allows."""
    i = t.player
    actions, deben, resources, via = payload
    w.pop()
    text = "+".join(a.label for a in actions)
    w.ev(f"{w.name(i)} will use: {text} ({via})", "Glyphs, Actions, and Unrevealed Cards")
    if deben:
        pay_deben(w, i, deben)
        w.use(i, LIBRARY)
        w.ev(f"{w.name(i)} pays {deben} Deben to the Great Library (D5)", "Building D5")
    main = w.top
    w.replace_top(main.but(data=(tuple(actions),)))
    if resources:
        w.use(i, via.split()[-1])
        w.schedule(Frame("pay_any", i, (via,)))


def _l_pay_any(s, t):
    p = s.players[t.player]
    return [(f"pay {r.value}", r) for r in RESOURCES if p.reserve[r] > 0]


def _a_pay_any(w, t, r):
    """Buildings D1-D4: the resource of choice paid to complete a glyph (Example 29)."""
    w.pop()
    pay_res(w, t.player, Stock.of([r]))
    w.ev(f"{w.name(t.player)} pays 1 {r.label} ({t.data[0]})", R_PERM)


def can_start(s, i: int, a: Action) -> bool:
    """Whether the action has at least one way to be carried out beyond passing."""
    p = s.players[i]
    if a is Action.SPHINX:
        return bool(_sphinx_payments(s, i))
    if a is Action.OFFERING:
        return p.reserve.total > 0
    if a is Action.PRIEST:
        return _can_priest(s, i)
    if a is Action.HARVEST:
        return bool(_harvestable(s, i)) or ("A1" in p.buildings and bool(p.farmers))
    return True


def _l_main(s, t):
    i = t.player
    p = s.players[i]
    (actions,) = t.data
    out = []
    if actions:
        a = actions[0]
        if can_start(s, i, a):
            out.append(("do " + a._value_, ("do", a)))
        out.append(("skip " + a._value_, ("skip", a)))
    # Extra Weather Effects
    if p.deben >= 1:
        out += [(m, ("extra_remove", x)) for m, x in _remove_moves(s, "any", "extra remove ")]
    if p.deben >= 2 and s.pyramid.supply(Sphere.SILT) > 0:
        out.append(("extra buy silt", ("buy_silt", None)))
        out += [(f"extra buy silt {r.value}", ("buy_silt", r)) for r in RAMPS if s.pyramid.river(r) < RIVER_SPACES]
    if p.silt > 0:
        out += [(f"extra place silt {r.value}", ("place_silt", r)) for r in RAMPS if s.pyramid.river(r) < RIVER_SPACES]
    out += _priest_card_moves(s, i)
    out.append(("end actions", ("end",)))
    return out


def _a_main(w, t, payload):
    """Phase 4, step 2: the actions in order, extra weather effects, Priest cards (Example 16)."""
    i = t.player
    kind = payload[0]
    if kind in ("do", "skip"):
        a = payload[1]
        w.replace_top(t.but(data=(t.data[0][1:],)))
        if kind == "skip":
            w.ev(f"{w.name(i)} does not use the {a.label} action", "Possible Actions (all actions are optional)")
        else:
            start_action(w, i, a, "card")
    elif kind == "extra_remove":
        c, r = payload[1]
        res = pay_to_remove(w.pyramid, w.P(i).deben, r, Sphere(c), readings=w.settings.weather)
        w.pyramid = res.pyramid
        w.setp(i, deben=res.deben)
        w.ev(f"{w.name(i)} pays 1 Deben: " + "; ".join(e.text for e in res.events), R_EXTRA)
    elif kind == "buy_silt":
        r = payload[1]
        res = buy_silt(w.pyramid, w.P(i).deben, r)
        w.pyramid = res.pyramid
        w.setp(i, deben=res.deben)
        if r is None:
            w.setp(i, silt=w.P(i).silt + 1)
        w.ev(f"{w.name(i)} pays 2 Deben: " + "; ".join(e.text for e in res.events), R_EXTRA)
    elif kind == "place_silt":
        r = payload[1]
        w.pyramid, evs = place_silt(w.pyramid, r)
        w.setp(i, silt=w.P(i).silt - 1)
        w.ev(f"{w.name(i)}: " + "; ".join(e.text for e in evs), R_EXTRA)
    elif kind == "priest_card":
        _play_priest_card(w, i, payload[1])
    elif kind == "end":
        w.pop()
        if t.data[0]:
            w.ev(f"{w.name(i)} ends the actions step without " + ", ".join(a.label for a in t.data[0]), R_P4)


def start_action(w: W, i: int, a: Action, why: str) -> None:
    """Push the frame of one of the eight actions (Possible Actions)."""
    w.ev(f"{w.name(i)} takes the {a.label} action ({why})", "Possible Actions: " + a.label)
    if a is Action.FARMER:
        w.schedule(Frame("farmer", i, ("place", (), why)))
    elif a is Action.MERCHANT:
        w.schedule(Frame("merchant", i, ("place",)))
    elif a is Action.BUILDER:
        w.schedule(Frame("builder", i, ("place", None)))
    elif a is Action.PRIEST:
        w.schedule(Frame("advance", i, (_priest_grant(w, i), "priest")))
    elif a is Action.HARVEST:
        w.schedule(Frame("harvest", i, ("fields",)))
    elif a is Action.SPHINX:
        w.schedule(Frame("sphinx", i, ("pay", ())))
    elif a is Action.DECORATION:
        if "B1" in w.P(i).buildings and not w.is_used(i, "B1"):
            w.use(i, "B1")
            score(w, i, 2, "B1 Stele with Hieroglyphics: Decoration action", "Building B1")
        w.schedule(Frame("decoration", i))
    elif a is Action.OFFERING:
        w.schedule(Frame("offering", i, ("choose", None)))


def _l_nile(s, t):
    return [(f"take {n}", n) for n, _ in s.nile]


def _a_nile(w, t, n):
    """Phase 4, step 3: take a Nile card and the resource on it (Example 6)."""
    i = t.player
    w.pop()
    x = dict(w.nile)[n]
    w.nile = tuple(c for c in w.nile if c[0] != n)
    w.setp(i, hand=tuple(sorted(w.P(i).hand + (n,))))
    w.ev(f"{w.name(i)} takes card {n} from the Nile" + (f" and the {x.label} on it" if x else ""), R_P4 + ", step 3")
    if x is not None:
        p = w.P(i)
        w.setp(i, reserve=p.reserve.with_count(x, p.reserve[x] + 1))


# --- Farmer -------------------------------------------------------------------------------------------------------
def _l_farmer(s, t):
    i = t.player
    p = s.players[i]
    stage, moved, _why = t.data
    out = []
    if stage == "place":
        srcs = sources(s, i)
        for f in FIELDS:
            if f in p.farmers or not field_room(s, f):
                continue
            for suffix, src in srcs:
                out.append((f"farmer {f}{suffix}", (f, src)))
        out.append(("farmer pass", None))
        return out
    for g in p.farmers:
        if g in moved:
            continue
        for f in FIELDS:
            if f not in p.farmers and field_room(s, f):
                out.append((f"move {g} to {f}", ("move", g, f)))
    if "A2" in p.buildings and not s.used.count(f"{i}:A2"):
        out += [(m, ("A2", x)) for m, x in _remove_moves(s, "any", "A2 remove ")]
    if "A5" in p.buildings and not s.used.count(f"{i}:A5"):
        for a in RESOURCES:
            if p.reserve[a] > 0:
                for b in RESOURCES:
                    if b != a and res_supply(s, b) > 0:
                        out.append((f"A5 swap {a.value} for {b.value}", ("A5", a, b)))
    out.append(("farmers done", ("done",)))
    return out


def _a_farmer(w, t, payload):
    """Possible Actions: Farmer - place a Farmer, then rearrange; Buildings A2 and A5 (Example 7)."""
    i = t.player
    stage, moved, why = t.data
    if stage == "place":
        if payload is None:
            w.pop()
            w.ev(f"{w.name(i)} places no Farmer", "Possible Actions: Farmer")
            return
        f, src = payload
        take_worker(w, i, src)
        w.setp(i, farmers=tuple(sorted(w.P(i).farmers + (f,))))
        w.ev(f"{w.name(i)} places a Farmer on {f}", "Possible Actions: Farmer")
        w.replace_top(t.but(data=("arrange", (f,), why)))
        return
    kind = payload[0]
    if kind == "done":
        w.pop()
    elif kind == "move":
        _, g, f = payload
        w.setp(i, farmers=tuple(sorted([x for x in w.P(i).farmers if x != g] + [f])))
        w.ev(f"{w.name(i)} moves the Farmer from {g} to {f}", "Possible Actions: Farmer (rearranging)")
        w.replace_top(t.but(data=("arrange", moved + (f,), why)))
    elif kind == "A2":
        c, r = payload[1]
        w.use(i, "A2")
        w.pyramid, evs = remove_sphere(w.pyramid, r, Sphere(c), rule="Building A2", readings=w.settings.weather)
        w.ev(f"{w.name(i)} uses A2 (Irrigation Channels): " + "; ".join(e.text for e in evs), "Building A2")
    elif kind == "A5":
        _, a, b = payload
        w.use(i, "A5")
        pay_res(w, i, Stock.of([a]))
        w.ev(f"{w.name(i)} uses A5 (Inn): gives 1 {a.label}", "Building A5")
        gain_res(w, i, b, 1, "A5 Inn", "Building A5")


# --- Merchant -----------------------------------------------------------------------------------------------------
def _l_merchant(s, t):
    i = t.player
    p = s.players[i]
    stage = t.data[0]
    m = market_layout(s)
    taken = {q.merchant for j, q in enumerate(s.players) if j != i and q.merchant is not None}
    out = []
    if stage == "place":
        empty = [k for k in range(m.spaces) if k not in taken and k != p.merchant]
        if p.merchant is None:
            for suffix, src in sources(s, i, "merchant"):
                out += [(f"merchant space {k + 1}{suffix}", (k, src)) for k in empty]
        else:
            out.append(("merchant stay", (p.merchant, "stay")))
            out += [(f"merchant space {k + 1}", (k, "move")) for k in empty]
        out.append(("merchant pass", None))
        return out
    out = [(f"trade {r.value}", ("trade", r)) for r in RESOURCES if p.reserve[r] > 0]
    out.append(("collect", ("collect",)))
    return out


def _a_merchant(w, t, payload):
    """Possible Actions: Merchant - place or keep the Merchant, then Trade or Collect (Examples 8a, 8b)."""
    i = t.player
    stage = t.data[0]
    m = market_layout(w)
    R = "Possible Actions: Merchant"
    if stage == "place":
        if payload is None:
            w.pop()
            return
        k, src = payload
        if src not in ("stay", "move"):
            take_worker(w, i, src)
        if src != "stay":
            w.setp(i, merchant=k)
            a, b = m.beside(k)
            w.ev(f"{w.name(i)}'s Merchant stands on Market space {k + 1} (between {a.label} and {b.label})", R)
        w.replace_top(t.but(data=("effect",)))
        return
    w.pop()
    if "A3" in w.P(i).buildings and not w.is_used(i, "A3"):
        w.use(i, "A3")
        score(w, i, 2, "A3 Caravan Station: Merchant action", "Building A3")
    if payload[0] == "trade":
        r = payload[1]
        pay_res(w, i, Stock.of([r]))
        w.market = w.market.plus([r])
        w.ev(f"{w.name(i)} trades: puts 1 {r.label} in the Market warehouse", R + " (Trade I)")
        k = w.P(i).merchant
        n = m.spaces
        stalls = ((k, m.stalls[k % n]), ((k + 1) % n, m.stalls[(k + 1) % n]))
        for _, res in stalls:
            gain_res(w, i, res, 1, "stall", R + " (Trade II)")
        for j, q in enumerate(w.players):
            if j == i or q.merchant is None:
                continue
            if q.merchant == (k - 1) % n:
                gain_res(w, j, stalls[0][1], 1, f"its Merchant is next to the {stalls[0][1].label} stall", R + " (Trade III)")
            if q.merchant == (k + 1) % n:
                gain_res(w, j, stalls[1][1], 1, f"its Merchant is next to the {stalls[1][1].label} stall", R + " (Trade III)")
    else:
        got = w.market
        w.market = Stock()
        p = w.P(i)
        w.setp(i, reserve=p.reserve.plus(got))
        w.ev(f"{p.name} collects the Market warehouse: {stock_text(got)}", R + " (Collect I)")
        n = len(w.players)
        others = [(i + d) % n for d in range(1, n) if w.P((i + d) % n).merchant is not None]
        w.schedule(*[Frame("take", j, ("Collect: another player's Merchant is in play",)) for j in others])


def _l_take(s, t):
    out = [(f"take {r.value}", r) for r in RESOURCES if res_supply(s, r) > 0]
    return out or [("take nothing", None)]


def _a_take(w, t, r):
    """Immediate Effects: gain 1 resource of your choice (also Collect II for the other Merchants)."""
    w.pop()
    if r is not None:
        gain_res(w, t.player, r, 1, t.data[0], R_IMM)


# --- Builder ------------------------------------------------------------------------------------------------------
def _builder_costs(s, i, idx):
    p = s.players[i]
    bid = s.row[idx]
    short = max(0, idx + 1 - (p.builder or 0))
    disc = "A4" if "A4" in p.buildings and f"{i}:A4" not in s.used else None
    return pay_options(p.reserve, cost_slots(bid, short), subs_for(s, i), disc)


def _l_builder(s, t):
    i = t.player
    p = s.players[i]
    stage, card = t.data
    if stage == "place":
        out = []
        if p.builder is None:
            out += [(f"builder place{suffix}", src) for suffix, src in sources(s, i, "builder")]
        elif p.builder < ROW:
            out.append(("builder advance", "advance"))
        else:
            out.append(("builder stay", "stay"))
        return out + [("builder pass", None)]
    if stage == "buy":
        out = [(f"buy {b}", k) for k, b in enumerate(s.row) if b is not None and _builder_costs(s, i, k)]
        return out + [("buy nothing", None)]
    opts = _builder_costs(s, i, card)
    return [(f"pay {stock_text(st)}", (st, eff)) for st, (eff, _) in opts.items()]


def _a_builder(w, t, payload):
    """Possible Actions: Builder - place or advance, then buy with 1 Papyrus per step short (Example 9)."""
    i = t.player
    stage, card = t.data
    R = "Possible Actions: Builder"
    if stage == "place":
        if payload is None:
            w.pop()
            return
        if payload == "advance":
            w.setp(i, builder=w.P(i).builder + 1)
            w.ev(f"{w.name(i)}'s Builder advances to space {w.P(i).builder}", R)
        elif payload == "stay":
            w.ev(f"{w.name(i)}'s Builder is on the last space and cannot advance", R)
        else:
            take_worker(w, i, payload)
            w.setp(i, builder=1)
            w.ev(f"{w.name(i)} places a Builder on the bottom space", R)
        w.replace_top(t.but(data=("buy", None)))
        return
    if stage == "buy":
        if payload is None:
            w.pop()
            return
        w.replace_top(t.but(data=("pay", payload)))
        return
    st, eff = payload
    w.pop()
    bid = w.row[card]
    short = max(0, card + 1 - w.P(i).builder)
    pay_res(w, i, st)
    for e in eff:
        w.use(i, e)
    b = BUILDINGS[bid]
    w.ev(f"{w.name(i)} buys {bid} ({b.name}) from space {card + 1}, paying {stock_text(st)} (cost {b.cost_text}"
         + (f" + {short} Papyrus for the Builder's {short} step(s) short" if short else "")
         + (f"; using {', '.join(eff)}" if eff else "") + ")", R + " (Example 9)")
    w.setp(i, buildings=w.P(i).buildings + (bid,))
    w.row = w.row[:card] + w.row[card + 1:] + (None,)
    w.schedule(Frame("draw_building"), *instant_frames(w, i, bid))


def instant_frames(w: W, i: int, bid: str) -> list[Frame]:
    """Building Card List: the instant effect of a Building just bought."""
    R = f"Building {bid}"
    if bid[1] == "6":
        return [Frame("effect", i, ("points", 2, None, f"{bid} Garden"))]
    if bid[0] == "E" and bid != "E6":
        return [Frame("unlock", i, (f"{bid} {BUILDINGS[bid].name}",))]
    if bid == "F1":
        return [Frame("remove", i, ("S", "F1", R)), Frame("remove", i, ("S", "F1", R)),
                Frame("effect", i, ("silt", 1, None, "F1 Irrigation Pools"))]
    if bid == "F2":
        return [Frame("remove", i, ("W", "F2", R)), Frame("remove", i, ("W", "F2", R)),
                Frame("effect", i, ("silt", 1, None, "F2 Obelisk of the Sun"))]
    if bid == "F3":
        return [Frame("remove", i, ("S", "F3", R)), Frame("remove", i, ("W", "F3", R)),
                Frame("effect", i, ("silt", 1, None, "F3 Lighthouse"))]
    if bid == "F4":
        return [Frame("f4", i), Frame("f4", i)]
    if bid == "F5":
        return [Frame("effect", i, ("deben", 2, None, "F5 Treasury"))]
    if bid in BUILDING_ADVANCES:
        tag = "G5" if bid == "G5" else ""
        return [Frame("advance", i, (g, tag)) for g in BUILDING_ADVANCES[bid]]
    return []


def _l_remove(s, t):
    colour, why, rule = t.data
    return _remove_moves(s, colour, "remove " if colour != "any" else "remove ") + [("remove pass", None)]


def _a_remove(w, t, payload):
    """Immediate Effects / Weather Effects on the Cards: remove one sphere of the given colour (optional)."""
    w.pop()
    if payload is None:
        return
    c, r = payload
    colour, why, rule = t.data
    w.pyramid, evs = remove_sphere(w.pyramid, r, Sphere(c), rule=rule, readings=w.settings.weather)
    w.ev(f"{w.name(t.player)} ({why}): " + "; ".join(e.text for e in evs), rule)


def _l_f4(s, t):
    out = _remove_moves(s, "any", "remove ")
    if s.pyramid.supply(Sphere.SILT) > 0:
        out.append(("gain silt", "silt"))
    return out + [("pass", None)]


def _a_f4(w, t, payload):
    """Building F4 (Farmer's Market): remove a Sun or Water sphere, or gain a Silt sphere."""
    w.pop()
    i = t.player
    if payload is None:
        return
    if payload == "silt":
        gain_silt_to(w, i, "F4 Farmer's Market", "Building F4")
        return
    c, r = payload
    w.pyramid, evs = remove_sphere(w.pyramid, r, Sphere(c), rule="Building F4", readings=w.settings.weather)
    w.ev(f"{w.name(i)} (F4): " + "; ".join(e.text for e in evs), "Building F4")


# --- Unlock -------------------------------------------------------------------------------------------------------
def _l_unlock(s, t):
    p = s.players[t.player]
    if p.locked:
        seen = []
        for u in p.locked:
            if str(u) not in seen:
                seen.append(str(u))
        return [(f"unlock {x}", ("unlock", x)) for x in seen]
    board = BOARDS[p.board]
    return [(f"reward {u}", ("reward", str(u))) for u in board.unlock]


def _a_unlock(w, t, payload):
    """Game Setup 3b and Example 27: unlock a Worker and gain its reward, or pick a reward when none is locked."""
    w.pop()
    i = t.player
    kind, text = payload
    p = w.P(i)
    R = "Game Setup 3b; Example 27"
    if kind == "unlock":
        k = [str(u) for u in p.locked].index(text)
        u = p.locked[k]
        w.setp(i, locked=p.locked[:k] + p.locked[k + 1:], workers=p.workers + 1)
        w.ev(f"{p.name} unlocks a Worker (its reward: {u}) ({t.data[0]})", R)
    else:
        u = next(x for x in BOARDS[p.board].unlock if str(x) == text)
        w.ev(f"{p.name} has no locked Worker left and chooses the reward {u} ({t.data[0]})", R)
    if u.kind == "resource":
        w.schedule(*[Frame("take", i, ("unlock reward",)) for _ in range(u.amount)])
    else:
        queue_effects(w, [(i, Effect(u.kind, u.amount))], "unlock reward")


# --- Priest and free advances -------------------------------------------------------------------------------------
def _priest_grant(s, i):
    p = s.players[i]
    b2 = "B2" in p.buildings and f"{i}:B2" not in s.used
    return priest_action(great_altar=b2, have=[r for r in RESOURCES if p.reserve[r] > 0])


def _priest_moves(s, i, grant):
    """Possible Actions: Priest - the moves of :func:`rules.temples.legal_moves`, each with where the Worker comes
    from (entering a temple) and, with substitution Buildings, how the steps are paid (reading E9)."""
    p = s.players[i]
    out = []
    free = free_workers(s, i) > 0
    subs = subs_for(s, i) if grant.kind != "free" else ()
    if subs:
        grant = replace(grant, have=None)
    for m in legal_moves(s.temples, p.name, grant, s.settings.temples):
        body = str(m)[len(p.name) + 1:]
        plain = _pay_stock(m.pay)
        if not subs or not m.pay:
            ways = [(plain, ())]
        else:
            ways = sorted(pay_options(p.reserve, m.pay, subs).items(), key=lambda kv: (kv[0] != plain, str(kv[0])))
            ways = [(st, eff) for st, (eff, _) in ways]
        for st, eff in ways:
            paying = "" if st is plain or st == plain else f" paying {stock_text(st)}"
            if m.enter and not free:
                for suffix, src in sources(s, i):
                    out.append((f"{body}{paying}{suffix}", (m, src, st, eff)))
            else:
                out.append((f"{body}{paying}", (m, "free", st, eff)))
    return out


def _can_priest(s, i) -> bool:
    """Whether some Priest move exists.  A 1-step move is legal whenever any move is (a longer one needs more
    resources and more room), and one step costs one resource of any kind (or nothing with B2)."""
    p = s.players[i]
    if p.reserve.total == 0 and not ("B2" in p.buildings and f"{i}:B2" not in s.used):
        return False
    movable = free_workers(s, i) > 0 or bool(sources(s, i))
    for t in TEMPLES:
        here = s.temples.space_of(p.name, t)
        if here is None and not movable:
            continue
        if not _temple_blocked(s.temples, t, (here or 0) + 1):
            return True
    return False


def _l_advance(s, t):
    grant, tag = t.data
    prefix = "priest " if tag == "priest" else "advance "
    out = [(prefix + m, x) for m, x in _priest_moves(s, t.player, grant)]
    return out + [(prefix + "pass", None)]


def _a_advance(w, t, payload):
    """Possible Actions: Priest; Immediate Effects (advance in a Temple); Buildings G1-G5 (Example 10)."""
    w.pop()
    i = t.player
    grant, tag = t.data
    if payload is None:
        return
    m, src, st, eff = payload
    take_worker(w, i, src)
    if st.total:
        pay_res(w, i, st)
    for e in eff:
        w.use(i, e)
        w.ev(f"{w.name(i)} pays {stock_text(st)} using {e}", R_PERM)
    if grant.great_altar and len(m.pay) < max(0, m.steps - grant.free_steps):
        w.use(i, "B2")
    # the payment was checked above (with substitutions, reading E9): the temple rules judge the move itself
    res = temple_apply(w.temples, m, replace(grant, have=None) if grant.have is not None else grant,
                       w.settings.temples)
    w.temples = res.end
    for e in res.events:
        if e.kind in ("pay", "enter", "land", "push", "pass") or e.kind == "start":
            w.ev(e.text, e.step)
    gains = [(w.settings.players.index(g.player), g.effect) for g in res.gains]
    for g in res.gains:
        w.ev(str(g), "Possible Actions: Priest (effects of the spaces)")
    if tag == "G5" and w.stack and w.top.kind == "advance" and w.top.data[1] == "G5":
        rest = tuple(x for x in TEMPLES if x != m.temple)
        w.replace_top(w.top.but(data=(free_advance(1, rest, name="Building G5 (Temple of Isis): a second, different "
                                                           "temple", rule="Building G5"), "G5b")))
    queue_effects(w, gains, f"{m.temple.value} space")


# --- Harvest ------------------------------------------------------------------------------------------------------
def _harvestable(s, i):
    out = []
    for f in s.players[i].farmers:
        fld = FIELD_OF[f]
        sun, water = weather_on(s.pyramid.ramp(fld.ramp), s.settings.weather)
        y = harvest_yield(s.pyramid.river(fld.ramp), MAP) if is_productive(fld.crop, sun, water) else 0
        if y:
            out.append((f, y))
    return out


def _l_harvest(s, t):
    i = t.player
    p = s.players[i]
    if t.data[0] == "fields":
        hv = _harvestable(s, i)
        out = []
        for k in range(1, len(hv) + 1):
            for combo in combinations(hv, k):
                out.append(("harvest " + ",".join(f for f, _ in combo), combo))
        return out + [("harvest nothing", ())]
    crops = sorted({FIELD_OF[f].crop for f in p.farmers}, key=RESOURCES.index)
    return [(f"A1 take {c.value}", c) for c in crops if res_supply(s, c) > 0] + [("A1 pass", None)]


def _a_harvest(w, t, payload):
    """Possible Actions: Harvest; Productive Fields and Harvests; Building A1 (Example 11)."""
    i = t.player
    R = "Possible Actions: Harvest"
    if t.data[0] == "fields":
        rivers = []
        for f, y in payload:
            fld = FIELD_OF[f]
            gain_res(w, i, fld.crop, y, f"harvest on {f}", R)
            if fld.ramp not in rivers:
                rivers.append(fld.ramp)
        for r in rivers:
            w.pyramid = w.pyramid.with_river(r, w.pyramid.river(r) - 1)
            w.ev(f"1 Silt leaves the {r.label} river after the harvest", R)
        if not payload:
            w.ev(f"{w.name(i)} harvests nothing", R)
        if "A1" in w.P(i).buildings and not w.is_used(i, "A1") and w.P(i).farmers:
            w.replace_top(t.but(data=("A1",)))
        else:
            w.pop()
        return
    w.pop()
    if payload is not None:
        w.use(i, "A1")
        gain_res(w, i, payload, 1, "A1 Spacious Warehouses", "Building A1")


# --- Sphinx and Decoration ----------------------------------------------------------------------------------------
def _sphinx_payments(s, i):
    p = s.players[i]
    out = [(f"pay {stock_text(st)}", (st, eff)) for st, (eff, _) in
           pay_options(p.reserve, (Resource.FRUIT,), subs_for(s, i)).items()]
    if "B5" in p.buildings and f"{i}:B5" not in s.used:
        out.append(("pay nothing (B5)", (Stock(), ("B5",))))
    return out


def _l_sphinx(s, t):
    i = t.player
    stage, done = t.data
    if stage == "pay":
        return _sphinx_payments(s, i)
    if stage == "place":
        return [(f"sphinx space {k + 1}", k) for k in range(SPHINX_SPACES) if s.sphinx_owner[k] is None]
    mine = [k for k in range(SPHINX_SPACES) if s.sphinx_owner[k] == i and k not in done]
    return [(f"activate {s.sphinx[k]}", k) for k in mine] + [("activate done", None)]


def _a_sphinx(w, t, payload):
    """Possible Actions: Sphinx - pay a Fruit (B5), build a Sphinx, activate yours (Example 12); B4."""
    i = t.player
    stage, done = t.data
    R = "Possible Actions: Sphinx"
    if stage == "pay":
        st, eff = payload
        pay_res(w, i, st)
        for e in eff:
            w.use(i, e)
        w.ev(f"{w.name(i)} pays {stock_text(st)} for the Sphinx action" + (f" (using {', '.join(eff)})" if eff else ""), R)
        if "B4" in w.P(i).buildings and not w.is_used(i, "B4"):
            w.use(i, "B4")
            score(w, i, 2, "B4 Great Sphinx: Sphinx action", "Building B4")
        if w.P(i).sphinxes < SUPPLY.sphinxes_per_player and None in w.sphinx_owner:
            w.replace_top(t.but(data=("place", done)))
        else:
            w.replace_top(t.but(data=("activate", done)))
        return
    if stage == "place":
        k = payload
        w.sphinx_owner = w.sphinx_owner[:k] + (i,) + w.sphinx_owner[k + 1:]
        w.setp(i, sphinxes=w.P(i).sphinxes + 1)
        w.ev(f"{w.name(i)} builds a Sphinx on space {k + 1} ({w.sphinx[k]})", R + " (Example 12)")
        w.replace_top(t.but(data=("activate", done)))
        return
    if payload is None:
        w.pop()
        return
    w.replace_top(t.but(data=("activate", done + (payload,))))
    w.schedule(Frame("sfx", i, (w.sphinx[payload], "start")))


def _l_decoration(s, t):
    return [(f"decorate {f}", f) for f in sorted(s.sphinx, key=lambda x: (int(x[:-1]), x[-1]))] + \
           [("decorate pass", None)]


def _a_decoration(w, t, face):
    """Possible Actions: Decoration - any Sphinx space's effect, no Fruit (Example 13); B1."""
    w.pop()
    if face is None:
        return
    w.ev(f"{w.name(t.player)} activates the Sphinx effect {face} (Decoration, no Fruit paid)",
         "Possible Actions: Decoration (Example 13)")
    w.schedule(Frame("sfx", t.player, (face, "start")))


#: Sphinx faces: (Deben gained, Deben to pay to use it (0: nothing to pay), what follows) - Sphinx Effects and
#: sphinx.toml (faces 7A-10B are illustrative).
SFX = {
    "1A": (1, 0, (("points", 1),)), "1B": (1, 0, (("remove", "any"), ("remove", "any"))),
    "2A": (1, 0, (("field_res",),)), "2B": (1, 0, (("action", Action.FARMER),)),
    "3A": (1, 0, (("season_points",),)), "3B": (1, 0, (("swap",),)),
    "4A": (0, 1, (("action", Action.OFFERING),)), "4B": (0, -1, ()),
    "5A": (0, 1, (("action", Action.HARVEST),)), "5B": (0, 1, (("silt",), ("points", 1))),
    "6A": (0, 1, (("action", Action.BUILDER),)), "6B": (0, 1, (("action", Action.PRIEST),)),
    "7A": (1, 0, (("silt",),)), "7B": (0, 1, (("action", Action.MERCHANT),)),
    "8A": (1, 0, (("resource",),)), "8B": (0, 1, (("action", Action.FARMER),)),
    "9A": (1, 0, (("remove", "any"),)), "9B": (0, 1, (("priest_card",),)),
    "10A": (2, 0, ()), "10B": (0, 1, (("unlock",),)),
}


def _sfx_follow(w, i, face):
    R = f"Sphinx Effects {face}"
    frames = []
    for part in SFX[face][2]:
        k = part[0]
        if k == "points":
            frames.append(Frame("effect", i, ("points", part[1], None, f"Sphinx {face}")))
        elif k == "remove":
            frames.append(Frame("remove", i, ("any", f"Sphinx {face}", R)))
        elif k == "field_res":
            frames.append(Frame("field_res", i))
        elif k == "action":
            frames.append(Frame("auto", -1, ("start_action", i, part[1], f"Sphinx {face}")))
        elif k == "season_points":
            frames.append(Frame("season_pts", i))
        elif k == "swap":
            frames.append(Frame("swap", i))
        elif k == "silt":
            frames.append(Frame("effect", i, ("silt", 1, None, f"Sphinx {face}")))
        elif k == "resource":
            frames.append(Frame("take", i, (f"Sphinx {face}",)))
        elif k == "priest_card":
            frames.append(Frame("draw_priest", -1, ("hand", i)))
        elif k == "unlock":
            frames.append(Frame("unlock", i, (f"Sphinx {face}",)))
    w.schedule(*frames)


def _auto_sfx(w, t):
    """Sphinx faces that gain Deben run at once; the ones that cost Deben ask first."""
    face, stage = t.data
    gain, cost, _ = SFX[face]
    if cost == 0:
        w.pop()
        if gain:
            gain_deben(w, t.player, gain, f"Sphinx {face}", f"Sphinx Effects {face}")
        _sfx_follow(w, t.player, face)
        return True
    return False


def _l_sfx(s, t):
    face = t.data[0]
    d = s.players[t.player].deben
    if face == "4B":
        out = []
        if d >= 1:
            out.append(("pay 1 deben for 3 points", (1, 3)))
        if d >= 2:
            out.append(("pay 2 deben for 5 points", (2, 5)))
        return out + [("pass", None)]
    return ([("pay 1 deben", (1, 0))] if d >= 1 else []) + [("pass", None)]


def _a_sfx(w, t, payload):
    """Sphinx Effects: the faces that cost Deben (4A-6B; 7B-10B illustrative)."""
    w.pop()
    i = t.player
    face = t.data[0]
    if payload is None:
        w.ev(f"{w.name(i)} does not use Sphinx {face}", f"Sphinx Effects {face}")
        return
    d, pts = payload
    pay_deben(w, i, d)
    w.ev(f"{w.name(i)} pays {d} Deben for Sphinx {face}", f"Sphinx Effects {face}")
    if pts:
        score(w, i, pts, f"Sphinx {face}", f"Sphinx Effects {face}")
    else:
        _sfx_follow(w, i, face)


def _l_field_res(s, t):
    p = s.players[t.player]
    crops = sorted({FIELD_OF[f].crop for f in p.farmers}, key=RESOURCES.index)
    return [(f"take {c.value}", c) for c in crops if res_supply(s, c) > 0] + [("take nothing", None)]


def _a_field_res(w, t, c):
    """Sphinx Effects 2A: the resource of a field holding one of your Farmers."""
    w.pop()
    if c is not None:
        gain_res(w, t.player, c, 1, "Sphinx 2A: a field with a Farmer", "Sphinx Effects 2A")


def _l_swap(s, t):
    p = s.players[t.player]
    out = []
    for a in RESOURCES:
        if p.reserve[a] > 0:
            for b in RESOURCES:
                if b != a and res_supply(s, b) > 0:
                    out.append((f"swap {a.value} for {b.value}", (a, b)))
    return out + [("swap nothing", None)]


def _a_swap(w, t, payload):
    """Sphinx Effects 3B: exchange a resource for another from the supply."""
    w.pop()
    if payload is None:
        return
    a, b = payload
    pay_res(w, t.player, Stock.of([a]))
    w.ev(f"{w.name(t.player)} gives 1 {a.label}", "Sphinx Effects 3B")
    gain_res(w, t.player, b, 1, "Sphinx 3B exchange", "Sphinx Effects 3B")


def _l_season_pts(s, t):
    i = t.player
    p = s.players[i]
    out = []
    for b in p.buildings:
        if b not in SEASON_SCORERS:
            continue
        if b == "D4":
            out += [(f"score D4 spending {r.value}", ("D4", r)) for r in RESOURCES if p.reserve[r] > 0]
        else:
            out.append((f"score {b}", (b, None)))
    return out + [("score nothing", None)]


def _a_season_pts(w, t, payload):
    """Sphinx Effects 3A: the End of Season points of one of your Buildings, at once."""
    w.pop()
    i = t.player
    if payload is None:
        return
    b, r = payload
    if b == "D4":
        pay_res(w, i, Stock.of([r]))
        score(w, i, 2, f"Sphinx 3A: D4's End of Season points, spending 1 {r.label}", "Sphinx Effects 3A")
        return
    pts, why = building_season_points(b, situation(w, i), w.season)
    score(w, i, pts, f"Sphinx 3A: {why}", "Sphinx Effects 3A")


# --- Offering -----------------------------------------------------------------------------------------------------
def _offer_ways(s, i, kinds):
    p = s.players[i]
    return pay_options(p.reserve, tuple(kinds), subs_for(s, i))


def _l_offering(s, t):
    i = t.player
    stage, chosen = t.data
    if stage == "choose":
        out = []
        for k in range(1, 5):
            for kinds in combinations(RESOURCES, k):
                if _offer_ways(s, i, kinds):
                    out.append(("offer " + ",".join(r._value_ for r in kinds), kinds))
        return out + [("offer pass", None)]
    if stage == "pay":
        ways = _offer_ways(s, i, chosen)
        return [(f"pay {stock_text(st)}", (st, assign)) for st, (_, assign) in ways.items()]
    return [(f"extra {r.value}", r) for r in RESOURCES if res_supply(s, r) > 0] + [("extra none", None)]


def _a_offering(w, t, payload):
    """Possible Actions: Offering to the Pharaoh; Permanent Effects (C1-C5), B3 (Examples 14, 28)."""
    i = t.player
    stage, chosen = t.data
    if stage == "choose":
        if payload is None:
            w.pop()
            return
        ways = _offer_ways(w, i, payload)
        if len(ways) == 1:
            (st, (_, assign)), = ways.items()
            _offer_paid(w, t, i, assign)
        else:
            w.replace_top(t.but(data=("pay", payload)))
        return
    if stage == "pay":
        _offer_paid(w, t, i, payload[1])
        return
    w.pop()
    _do_offer(w, i, chosen, payload)


def _offer_paid(w, t, i, assign):
    p = w.P(i)
    if "B3" in p.buildings and not w.is_used(i, "B3"):
        w.replace_top(t.but(data=("extra", assign)))
    else:
        w.pop()
        _do_offer(w, i, assign, None)


def _do_offer(w, i, assign, extra):
    p = w.P(i)
    o = Offering(tuple(Payment(slot, placed, eff) for slot, placed, eff in assign), extra)
    used = [u.split(":")[1] for u in w.used if u.startswith(f"{i}:")]
    res = offer(p.reserve, p.screen, o, buildings=p.buildings, used_effects=used)
    w.setp(i, reserve=res.reserve, screen=res.screen)
    for e in o.effects:
        w.use(i, e)
    w.ev(f"{p.name} {res.text}", "Possible Actions: Offering to the Pharaoh (Example 14)")
    score(w, i, res.points, f"offering {o}", "Possible Actions: Offering to the Pharaoh")


# --- End of the Season choices ------------------------------------------------------------------------------------
def _l_draft(s, t):
    hand, order, picks, drawn = t.data
    return [(f"keep priest {c}", c) for c in hand]


def _a_draft(w, t, c):
    """End of the Season, step 1: each Priest, in draft order, keeps one card and passes the rest (Example 18)."""
    hand, order, picks, drawn = t.data
    i = t.player
    picks = picks + (c,)
    hand = tuple(x for x in hand if x != c)
    w.ev(f"{w.name(i)} keeps a Priest card and passes {len(hand)} on", R_SEASON + ", step 1 (Example 18)")
    w.ev(f"{w.name(i)} keeps {PRIESTS[c]}", R_SEASON + ", step 1", i)
    w.setp(i, priest_cards=tuple(sorted(w.P(i).priest_cards + (c,))))
    if hand and len(picks) < len(order):
        w.replace_top(t.but(player=order[len(picks)], data=(hand, order, picks, drawn)))
        return
    w.pop()
    # the rules module replays the same draft: it must agree on who kept what
    res = temple_draft(w.temples, pile=tuple(PRIESTS[x] for x in drawn), picks=picks)
    assert tuple(x.id for _, x in res.picks) == picks


def _l_d4(s, t):
    p = s.players[t.player]
    return [(f"D4 spend {r.value}", r) for r in RESOURCES if p.reserve[r] > 0] + [("D4 decline", None)]


def _a_d4(w, t, r):
    """Building D4: the resource to spend for its End of Season points (register S3)."""
    w.pop()
    w.ev(f"{w.name(t.player)} " + (f"will spend 1 {r.label} on D4" if r else "declines D4's spend"), "Building D4")
    # the choice is kept in the season_score frame below
    idx = max(k for k, f in enumerate(w.stack) if f.kind == "auto" and f.data[0] == "season_score")
    f = w.stack[idx]
    prev = f.data[1] if len(f.data) > 1 else ()
    w.stack[idx] = f.but(data=("season_score", prev + ((w.name(t.player), r),)))


LEGAL = {
    "s0_pick": _l_s0_pick, "s0_farmer": _l_s0_farmer, "choose": _l_choose, "reveal": _l_reveal,
    "card_weather": _l_card_weather, "option": _l_option, "pay_any": _l_pay_any, "main": _l_main, "nile": _l_nile,
    "farmer": _l_farmer, "merchant": _l_merchant, "take": _l_take, "builder": _l_builder, "remove": _l_remove,
    "f4": _l_f4, "unlock": _l_unlock, "advance": _l_advance, "harvest": _l_harvest, "sphinx": _l_sphinx,
    "decoration": _l_decoration, "sfx": _l_sfx, "field_res": _l_field_res, "swap": _l_swap,
    "season_pts": _l_season_pts, "offering": _l_offering, "draft": _l_draft, "d4": _l_d4,
}
APPLY = {
    "s0_pick": _a_s0_pick, "s0_farmer": _a_s0_farmer, "choose": _a_choose, "reveal": _a_reveal,
    "card_weather": _a_card_weather, "option": _a_option, "pay_any": _a_pay_any, "main": _a_main, "nile": _a_nile,
    "farmer": _a_farmer, "merchant": _a_merchant, "take": _a_take, "builder": _a_builder, "remove": _a_remove,
    "f4": _a_f4, "unlock": _a_unlock, "advance": _a_advance, "harvest": _a_harvest, "sphinx": _a_sphinx,
    "decoration": _a_decoration, "sfx": _a_sfx, "field_res": _a_field_res, "swap": _a_swap,
    "season_pts": _a_season_pts, "offering": _a_offering, "draft": _a_draft, "d4": _a_d4,
}
AUTO_FRAMES = {"sfx": _auto_sfx}
AUTO["start_action"] = lambda w, i, a, why: start_action(w, i, a, why)


# ----------------------------------------------------------------------------------------------------------------
# The public API
# ----------------------------------------------------------------------------------------------------------------
def _legal(state: GameState) -> dict:
    """The legal moves of the player to decide, ``{move text: payload}`` sorted by move text (``{}`` at a chance
    node or at the end).  All decisions of one state belong to one player, so sorting the moves sorts the texts."""
    c = state._cache
    lg = c.get("legal")
    if lg is None:
        t = state.top
        if t is None or t.kind in CHANCE_KINDS or state.phase == "over":
            lg = {}
        else:
            raw = c.get("raw")
            lg = _sorted_moves(raw if raw is not None else LEGAL[t.kind](state, t), state, t)
        c["legal"] = lg
    return lg


def _sorted_moves(raw: list, s, t: Frame) -> dict:
    """``{move: payload}`` sorted by move, from a LEGAL function's list (an engine bug if two moves share a text)."""
    lg = dict(sorted(raw, key=_first) if len(raw) > 1 else raw)
    if len(lg) != len(raw):
        seen = set()
        dup = next(m for m, _ in raw if m in seen or seen.add(m))
        raise AssertionError(f"duplicate decision {s.players[t.player].name}: {dup!r}")
    return lg


_first = itemgetter(0)
_weight = itemgetter(2)


def legal_actions(state: GameState) -> list[Decision]:
    """The decisions open to the player to move, unique and sorted by their text (empty at chance nodes)."""
    c = state._cache
    acts = c.get("actions")
    if acts is None:
        lg = _legal(state)
        name = state.players[state.top.player].name if lg else ""
        acts = c["actions"] = [Decision(name, m, x) for m, x in lg.items()]
    return list(acts)


def step(state: GameState, decision: Decision | str) -> GameState:
    """Apply one decision or chance outcome and return the new state (``state`` is untouched).

    An illegal decision raises :class:`IllegalActionError` saying which rule forbids it.
    """
    if decision.__class__ is not Decision:
        decision = Decision.parse(decision)
    if state.phase == "over":
        raise IllegalActionError(f"{decision}: the game is over", rule="End of the Game")
    if not state.stack:
        raise IllegalActionError(f"{decision}: nothing is being asked in this state", rule=R_IMM)
    t = state.stack[-1]
    if t.kind in CHANCE_KINDS:
        if decision.player != CHANCE:
            raise IllegalActionError(f"{decision}: the game waits for chance ({t.kind.replace('_', ' ')}), not for "
                                     f"{decision.player}", rule=_rule_of(t))
        found = next((x for m, x, _ in _chance_list(state) if m == decision.move), _MISSING)
        if found is _MISSING:
            raise IllegalActionError(f"{decision}: not a possible outcome here ({t.kind.replace('_', ' ')})",
                                     rule=_rule_of(t))
        return _after_chance(state, t, found)
    payload = _legal(state).get(decision.move, _MISSING)
    if payload is _MISSING or decision.player != state.players[t.player].name:
        raise IllegalActionError(_why_not(state, decision), rule=_rule_of(t))
    return _after_decision(state, t, payload)


def _after_chance(state: GameState, t: Frame, payload) -> GameState:
    w = W(state)
    _apply_chance(w, t, payload)
    _advance(w)
    return w.freeze()


def _after_decision(state: GameState, t: Frame, payload) -> GameState:
    w = W(state)
    APPLY[t.kind](w, t, payload)
    _advance(w)
    return w.freeze()


_MISSING = object()

_RULES = {
    "s0_pick": R_S0 + ", steps 2-4", "s0_farmer": R_S0 + ", step 6", "choose": R_P2, "reveal": R_P3,
    "card_weather": R_CARDW, "option": "Glyphs, Actions, and Unrevealed Cards", "pay_any": "Building List D1-D4",
    "main": R_P4 + ", step 2", "nile": R_P4 + ", step 3", "farmer": "Possible Actions: Farmer",
    "merchant": "Possible Actions: Merchant", "take": R_IMM, "builder": "Possible Actions: Builder",
    "remove": R_CARDW, "f4": "Building F4", "unlock": "Game Setup 3b; Example 27", "advance": "Possible Actions: Priest",
    "harvest": "Possible Actions: Harvest", "sphinx": "Possible Actions: Sphinx", "decoration": "Possible Actions: Decoration",
    "sfx": "Sphinx Effects", "field_res": "Sphinx Effects 2A", "swap": "Sphinx Effects 3B", "season_pts": "Sphinx Effects 3A",
    "offering": "Possible Actions: Offering to the Pharaoh", "draft": R_SEASON + ", step 1", "d4": "Building D4",
}


def _rule_of(t: Frame) -> str:
    if t.kind in CHANCE_KINDS:
        return {"draw_card": R_ROUND, "draw_building": R_SETUP + " 1e", "draw_sphinx": R_SETUP + " 1f",
                "draw_tile": R_P1 + ", step 1", "land": R_P1 + ", step 3", "draw_priest": R_IMM}[t.kind]
    return _RULES.get(t.kind, R_P4)


def _why_not(state: GameState, d: Decision) -> str:
    t = state.top
    who = state.players[t.player].name
    if d.player != who:
        return f"{d}: it is {who}'s decision now ({t.kind.replace('_', ' ')}), not {d.player}'s"
    moves = list(_legal(state))
    head = d.move.split()[0] if d.move.split() else ""
    similar = [m for m in moves if m.split()[0] == head]
    shown = similar or moves
    more = f" (and {len(shown) - 8} more)" if len(shown) > 8 else ""
    return f"{d}: not allowed here; {who} may: {'; '.join(shown[:8])}{more}"


def random_playout(settings: Settings | None = None, seed: int = 0, *, max_steps: int = 100000):
    """Play a whole game choosing uniformly among the legal decisions; returns ``(entries, final state)``.

    One ``random.Random(seed)`` stream draws both the chance outcomes and the choices, so a seed always gives the
    same game.  ``entries`` are the decision and outcome texts (a game record's ``entries``).
    """
    rng = random.Random(seed)
    # The whole game runs on one working copy: the same rules and draws as the loop of sample_chance /
    # legal_actions / step (a test checks that the entries and the log are identical), without freezing a
    # GameState after every entry.  Only the final state is built.
    w = W(new_game(settings))
    entries = []
    for _ in range(max_steps):
        if w.phase == "over":
            return entries, w.freeze()
        t = w.stack[-1]
        c = w.cache
        if t.kind in CHANCE_KINDS:          # sample_chance
            lst = c.get("chance")
            if lst is None:
                lst = _chance_list_raw(w)
            move, payload, _ = _pick(lst, sum(map(_weight, lst)), rng)
            entries.append(f"{CHANCE}: {move}")
            w.cache = {}
            _apply_chance(w, t, payload)
        else:                               # legal_actions and a uniform pick
            raw = c.get("raw")
            lg = _sorted_moves(raw if raw is not None else LEGAL[t.kind](w, t), w, t)
            moves = list(lg)
            move = moves[rng.randrange(len(moves))]
            entries.append(f"{w.players[t.player].name}: {move}")
            w.cache = {}
            APPLY[t.kind](w, t, lg[move])
        _advance(w)
    raise RuntimeError(f"the game did not end within {max_steps} steps")


# ----------------------------------------------------------------------------------------------------------------
# Building small situations (rulebook examples, lessons)
# ----------------------------------------------------------------------------------------------------------------
def settle(state: GameState) -> GameState:
    """Run the automatic steps on top of the stack (phase changes, immediate effects) until a decision or a chance
    node is reached.  Useful after building a state by hand with ``state.but(stack=...)``."""
    w = W(state)
    _advance(w)
    return w.freeze()


def with_turn(state: GameState, player: str, actions=(), *, then_nile: bool = False) -> GameState:
    """``state`` with ``player`` in step 2 of their turn (Phase 4), about to use ``actions`` (Action values or
    names), e.g. ``with_turn(s, "Ringo", ["merchant"])``.  ``then_nile``: the Nile pick and the end of the turn
    follow (otherwise the stack is empty once the actions are done)."""
    i = state.seat(player)
    acts = tuple(a if isinstance(a, Action) else Action.parse(a) for a in actions)
    frames = [Frame("main", i, (acts,))]
    if then_nile:
        frames = [Frame("auto", -1, ("turn_end", i)), Frame("nile", i)] + frames
    order = state.order or tuple(range(len(state.players)))
    return state.but(phase="turns", stack=tuple(frames), used=(), order=order,
                     turn=order.index(i) if i in order else 0)
