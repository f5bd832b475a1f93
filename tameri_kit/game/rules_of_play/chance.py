"""Chance in a game: the outcomes of each chance node (Action cards drawn, weather spheres landing on a ramp, the
Weather tile, Building cards and Sphinx tiles revealed, Priest cards drawn), their weights, and what each outcome
does to the game.

Rulebook: Game Setup (tiles, decks, Buildings); Phase 1: Weather (the tile and the Season's spheres, where they
land); Phase 4, step 3 (new cards on the Nile); Possible Actions: Builder (refilling the row); End of the Season
(the Priest cards).
"""

from __future__ import annotations

import random
from operator import itemgetter
from typing import Any, Callable

from ..._fast import index_drawer, remembered
from ...rules.action_cards import number_text
from ...rules.common import RAMPS, Sphere
from ...rules.weather import Landing, available, run_phase
from ..core.catalog import BUILDINGS, CARDS, SPHINX_SPACES, WEATHER, Rule
from ..core.frames import Frame, SphereLands
from .gift_cards import add_priest_card, apply_gift_draw, gift_draw_outcomes, priest_card_text  # gifts16
from .ghost import GHOST_CHANCE_KINDS, apply_ghost_chance, ghost_chance_outcomes  # ghost16
from .season_end_flow import apply_ghost_priest, ghost_priest_outcomes  # ghost16
from ..core.state import GameState
from ..core.working import AnyState, WorkingGame

first_item = itemgetter(0)  # the move of a (move, payload, weight) outcome
weight_of = itemgetter(2)  # its weight


# ----------------------------------------------------------------------------------------------------------------
# Chance
# ----------------------------------------------------------------------------------------------------------------
def chance_list(state: AnyState) -> list[tuple[str, object, int]]:
    """(move, payload, weight) for the chance node on top, sorted by move; probability = weight / total weight."""
    c = getattr(state, "_cache", None)
    if c is not None:
        outcomes = c.get("chance")
        if outcomes is None:
            outcomes = c["chance"] = list_chance_outcomes(state)
        return outcomes
    return list_chance_outcomes(state)


_COLOURS = (Sphere.SUN, Sphere.WATER, Sphere.SILT)
#: every (move, Landing, colour index) a falling sphere can give, sorted by move text
_LANDINGS = sorted(
    ((f"{sph.value}@{r.value}", Landing(sph, r), j) for j, sph in enumerate(_COLOURS) for r in RAMPS),
    key=lambda x: x[0],
)
#: card number -> its chance outcome (gifts16: the promo card infinity reads "draw \u221e")
_DRAWS = {n: (f"draw {number_text(n)}", n, 1) for n in CARDS}
_NUMBER_TEXTS = {n: number_text(n) for n in CARDS}  # each card's number as text, made once like _DRAWS
_LAND_LISTS: dict = {}  # (Sun, Water, Silt still to fall) -> the landing outcomes (a few dozen kinds; never changed)


def without_card(cards: tuple, number: int) -> tuple:
    """``cards`` without the one ``n`` (a card drawn from a deck)."""
    seat = cards.index(number)
    return cards[:seat] + cards[seat + 1 :]


def list_chance_outcomes(state: AnyState) -> list[tuple[str, object, int]]:
    """The outcomes of the chance node on top, sorted by move text."""
    frame = state.top
    k = frame.kind
    if k == "draw_card":
        return sorted(map(_DRAWS.__getitem__, state.deck(frame.deck)), key=first_item)
    if k == "land":
        counts = frame.counts
        outcomes = _LAND_LISTS.get(counts)
        if outcomes is None:
            outcomes = _LAND_LISTS[counts] = [(m, landing, counts[j]) for m, landing, j in _LANDINGS if counts[j]]
        return outcomes
    if k == "draw_building":
        if state.building_pool:
            return sorted(((f"building {b}", b, 1) for b in state.building_pool), key=first_item)
        if state.building_bottom:
            return [(f"building {state.building_bottom[0]}", state.building_bottom[0], 1)]
        return []
    if k == "draw_sphinx":
        placed = [f for f in state.sphinx if f is not None]
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
        return sorted(((f"tile {x}", x, 1) for x in state.tiles), key=first_item)
    if k == "draw_priest":
        return sorted(((f"priest {x}", x, 1) for x in state.priest_pile), key=first_item)
    if k == "draw_gift":  # gifts16
        return gift_draw_outcomes(state)
    if k in GHOST_CHANCE_KINDS:  # ghost16
        return ghost_chance_outcomes(state, frame)
    if k == "ghost_priest":  # ghost16
        return ghost_priest_outcomes(state)
    raise AssertionError(k)


def draw_outcome(state: GameState, rng: random.Random) -> tuple[str, object, int]:
    """One outcome of the chance node on top, drawn with one ``rng.randrange`` over the total weight."""
    outcomes = chance_list(state)
    c = state._cache
    total = c.get("total")
    if total is None:
        total = c["total"] = sum(map(weight_of, outcomes))
    return pick_outcome(outcomes, total, index_drawer(rng))


def pick_outcome(outcomes: list, total: int, draw: Callable[[int], int]) -> tuple[str, object, int]:
    """One of ``outcomes`` (``(move, value, weight)`` triples whose weights add up to ``total``), drawn with a single
    ``draw(total)`` in proportion to its weight (``draw``: ``tameri_kit._fast.index_drawer(rng)``, which draws as
    ``rng.randrange``): the same seed picks the same outcome."""
    r = draw(total)
    if total == len(outcomes):  # every weight is 1: the r-th outcome (what the loop below would find)
        return outcomes[r]
    for x in outcomes:
        if r < x[2]:
            return x
        r -= x[2]
    raise AssertionError("unreachable")


@remembered(size=None)
def _tile_and_season_spheres(tile_id: int, season: int) -> tuple[dict, str]:
    """Phase 1, steps 1-2: the spheres a Weather tile and the Season call for, and the sentence saying so."""
    tile, state = WEATHER.tile(tile_id), WEATHER.season(season)
    return dict(tile.counter() + state.counter()), f"{tile}; {state}"


def apply_chance(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Play the chance outcome ``choice`` of the chance node ``frame``: an Action card drawn to the Nile or a hand, a
    Building or Sphinx tile revealed, a Weather tile turned (Phase 1, steps 1-2), the spheres landing on the ramps
    (Phase 1, steps 3-6, through ``rules.weather``), a Priest card or a Gift of the Gods drawn, the Ghost's Priest card.
    """
    k = frame.kind
    game.pop()
    if k == "draw_card":
        letter, target, seat = frame.deck, frame.target, frame.seat
        n = choice
        decks = list(game.decks)
        for index, (d, cards) in enumerate(decks):
            if d == letter:
                decks[index] = (d, without_card(cards, n))
                break
        game.decks = tuple(decks)
        if target == "hand":
            player = game.player_at(seat)
            game.set_player(seat, hand=tuple(sorted(player.hand + (n,))))
            what = "a Temple card" if letter == "E" else "a card"
            game.log_event(
                f"{player.name} draws {what} from deck {letter}",
                Rule.IMMEDIATE_EFFECTS if letter == "E" else Rule.SEASON_ZERO,
            )
            game.log_event(
                f"{player.name} draws card {_NUMBER_TEXTS[n]}",
                Rule.IMMEDIATE_EFFECTS if letter == "E" else Rule.SEASON_ZERO,
                seat,
            )
        else:
            game.nile = game.nile + ((n, None),)
            game.log_event(f"Card {n} is revealed in the Nile", Rule.ROUND_END)
    elif k == "draw_building":
        b = choice
        if b in game.building_pool:
            game.building_pool = tuple(x for x in game.building_pool if x != b)
        else:
            game.building_bottom = game.building_bottom[1:]
        idx = game.row.index(None)
        game.row = game.row[:idx] + (b,) + game.row[idx + 1 :]
        game.log_event(
            f"Building {b} ({BUILDINGS[b].name}) is revealed on Building space {idx + 1}", Rule.SETUP + " 1e"
        )
    elif k == "draw_sphinx":
        idx = game.sphinx.index(None)
        game.sphinx = game.sphinx[:idx] + (choice,) + game.sphinx[idx + 1 :]
        game.log_event(f"Sphinx space {idx + 1} shows tile {choice}", Rule.SETUP + " 1f")
    elif k == "draw_tile":
        game.tiles = tuple(x for x in game.tiles if x != choice)
        game.tile = choice
        want, text = _tile_and_season_spheres(choice, game.season)
        got, notes = available(game.pyramid, want)
        game.log_event(text, Rule.WEATHER_PHASE + ", steps 1-2")
        for line in notes:
            game.log_event(line, Rule.WEATHER_PHASE + ", step 3")
        counts = (got.get(Sphere.SUN, 0), got.get(Sphere.WATER, 0), got.get(Sphere.SILT, 0))
        game.schedule(SphereLands(counts=counts))
    elif k == "land":
        counts, landings = frame.counts, frame.landings
        sph = choice.sphere
        sun, water, silt = counts
        if sph is Sphere.SUN:
            counts = (sun - 1, water, silt)
        elif sph is Sphere.WATER:
            counts = (sun, water - 1, silt)
        else:
            counts = (sun, water, silt - 1)
        landings = landings + (choice,)
        if sum(counts):
            game.schedule(frame.but(counts=counts, landings=landings))  # the next sphere's SphereLands
        else:
            result = run_phase(game.pyramid, landings, game.settings.weather)
            for e in result.events:
                game.log_event(e.text, e.step)
            game.pyramid = result.end
    elif k == "draw_priest":
        x = choice
        game.priest_pile = tuple(c for c in game.priest_pile if c != x)
        if frame.target == "hand":
            seat = frame.seat
            add_priest_card(game, seat, x)  # gifts16: a Gift drawn from the Priest deck joins the Gifts
            game.log_event(f"{game.name_of(seat)} draws a Priest card", Rule.IMMEDIATE_EFFECTS)
            game.log_event(f"{game.name_of(seat)} draws {priest_card_text(x)}", Rule.IMMEDIATE_EFFECTS, seat)
        else:  # the season-end draft: the draft frame below the draws collects the cards
            k = max(j for j, f in enumerate(game.stack) if f.kind == "draft")
            draft = game.stack[k]
            game.stack[k] = draft.but(hand=draft.hand + (x,), drawn=draft.drawn + (x,))
    elif k == "draw_gift":  # gifts16
        apply_gift_draw(game, frame, choice)
    elif k in GHOST_CHANCE_KINDS:  # ghost16
        apply_ghost_chance(game, frame, choice)
    elif k == "ghost_priest":  # ghost16
        apply_ghost_priest(game, choice)
