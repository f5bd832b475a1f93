"""A strong, fast heuristic bot: cheap features of its own view, a short look-ahead only through its own decisions.

Rulebook: Phase 2 (the card to play: glyphs, order), Phase 3 (face down for Deben), Possible Actions, End of the
Season (Priest draft, the last card's glyph, Buildings' Season points, majorities) and End of the Game (the
Offering total, Building sets 1-2-4-7-11-15-20, Priest cards, hand glyphs, leftovers 1 per 3).

The greedy bot (:mod:`tameri_kit.game.play.bots`) tries every decision two levels deep and scores positions with a flat
table; it almost never buys a Building (their cost outweighs a flat 1.2), chooses the card to play and the card's
actions nearly at random (their effect shows only later) and its Season 0 cards at random.  This bot:

* scores a position with :func:`position_value` - points; resources worth more while they can still be offered
  (1 + 1 point for 1 to 4 *different* ones) than at the end (1 point per 3); Building sets as the End of the Game
  counts them; Priests by how high they stand (the Season's Priest draft) and the points of the Priest cards it
  holds; the glyph points of its hand, more as the end nears; the harvest its Farmers could bring;
* decides a card to play (Phase 2), face down or not (Phase 3) and which actions of the card to use from a cheap
  estimate of what each of the eight actions would bring now (:func:`action_estimates`), without stepping; the
  cards to keep in Season 0 and the Nile card to take (its resource, its glyphs for the hand) likewise;
* for every other decision steps its observation (``step`` works on it for the bot's own decisions) and follows
  its own next decisions greedily (each judged one step deep, up to 4) until the action is over: the cost is the
  sum, not the product, of the choices along the way.  The path found for the decision taken is then followed
  while the position is the one foreseen, so the parts of one action are not judged twice.  Not judged: moving a
  Worker away from its work while an unused Worker could do the same, extra Weather effects when no Harvest is
  to come this turn, all but one payment per Priest move, Offerings of two or more fewer resources than possible.

It sees only its :class:`~tameri_kit.game.play.bots.BotView`; ties are broken by its own seeded ``random.Random``.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields
from typing import TYPE_CHECKING

from ..._fast import remembered
from ...rules.action_cards import Action
from ...rules.components import Temple
from ...rules.glyphs import CARDS_PER_SEASON, SEASON_END_POINTS, PlayOption
from ...rules.scoring import best_sets, sets_points
from ..core.catalog import BUILDINGS, CARDS, PRIESTS, WAREHOUSE_LIMIT
from ..core.choices import DO_ACTION, END_ACTIONS, DoAction, ExtraWeather
from ..core.decisions import Decision
from .engine import legal_actions
from ..core.state import GameState, PlayerState, field_yields, free_workers
from ..rules_of_play.actions.farmer import FARMERS_DONE
from ..rules_of_play.actions.harvest import HARVEST_NOTHING
from ..rules_of_play.payments import priest_payment_stock
from ..rules_of_play.turn import face_down_price, next_card_play
from .view import foresee

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ...rules.offering import Stock
    from ..core.frames import Frame
    from ..rules_of_play.actions.priest import PriestMove
    from .seen import BotView

#: Weights (points are worth 1).  Set by hand from the rules; ``screen`` raised from 0.45 to 0.7 after a 200-game
#: self-play comparison (win rate 0.35 against three bots with 0.45).
WEIGHTS = {
    "resource_early": 0.55,  # a resource in the reserve while Offerings are still to come
    "resource_end": 0.34,  # ... in the last round (End of the Game 5: 1 point per 3)
    "variety": 0.35,  # each different resource type held (an Offering pays 1 per different resource)
    "screen": 0.7,  # a resource behind the screen (the Season's majorities, the Offering total)
    "deben": 0.5,
    "silt": 0.35,
    "building": 1.0,  # each Building's effects and Season points, beside its set points
    "locked": 1.0,  # a locked Worker, early in the game
    "priest": 0.9,  # a Priest in a Temple (a Priest card each Season)
    "priest_space": 0.15,  # each space climbed (earlier picks in the draft, pushes)
    "hand_glyph": 0.6,  # End of the Game 4, counted in full in the last Season
    "field": 0.3,  # each resource a Farmer would harvest now
    "sphinx": 0.8,  # a Sphinx on the avenue (activated again by later Sphinx actions)
    "card": 0.08,  # a card in hand, per 10 of its number (stronger cards)
    "first": 0.6,  # playing first (face down): the first choice of actions and of the Nile's cards
}

#: What one use of an action is roughly worth, before looking at the position (Phase 2 and 3 estimates); a bot's
#: ``weights`` may override one as ``"action_<name>"`` (the expert bot's tuned policy does).
ACTION_BASE = {
    "farmer": 0.6,
    "merchant": 1.0,
    "builder": 0.8,
    "priest": 1.4,
    "harvest": 0.0,
    "sphinx": 1.2,
    "decoration": 1.4,
    "offering": 0.0,
}

_CHAIN = 4  # own decisions followed after a candidate
_STOP = frozenset({"main", "nile", "choose", "reveal", "card_weather", "option", "draft", "season_zero_pick"})
_WIDE = 24  # above this many candidates, judge one step deep only
_TYPES = ("barley", "papyrus", "flax", "fruit")
_TEMPLES = tuple(Temple)


def _counts(stock: Stock) -> tuple[int, int, int, int]:
    return (stock.barley, stock.papyrus, stock.flax, stock.fruit)


def _progress(obs: GameState) -> float:
    """How far the game is, 0 (Season 0) to 1 (the last round): rounds are numbered 1-12 across the Seasons."""
    return min(max(obs.round, 0), 12) / 12


def position_value(obs: GameState, seat: int, weights: dict | None = None) -> float:
    """A cheap value of an observed position for ``seat`` (in points); see the module's description."""
    weights = weights or WEIGHTS
    p = obs.players[seat]
    late = _progress(obs)
    early = 1 - late
    value = float(p.score)
    r = p.reserve
    limit = WAREHOUSE_LIMIT  # Phase 4 step 4: more is discarded at the end of the turn
    have = (min(r.barley, limit), min(r.papyrus, limit), min(r.flax, limit), min(r.fruit, limit))
    per = weights["resource_early"] * early + weights["resource_end"] * late
    value += per * sum(have) + weights["variety"] * early * (len(have) - have.count(0))
    sc = p.screen
    value += weights["screen"] * (min(sc.barley, 3) + min(sc.papyrus, 3) + min(sc.flax, 3) + min(sc.fruit, 3))
    value += weights["deben"] * min(p.deben, limit) + weights["silt"] * min(p.silt, limit)
    if p.buildings:
        value += _set_points(p.buildings) + weights["building"] * (1 - 0.5 * late) * len(p.buildings)
    value -= weights["locked"] * early * len(p.locked)
    if obs.temples is not None:
        value += _priest_value(obs, p.name, weights) * (1 - 0.5 * late)
    if p.priest_cards:
        value += _priest_card_points(p.priest_cards)
    value += weights["sphinx"] * p.sphinxes * early
    if p.hand:
        glyphs, strength = _hand_terms(p.hand)
        value += weights["hand_glyph"] * (0.3 + 0.7 * late) * glyphs + weights["card"] * early * strength
    if p.farmers:
        status = field_yields(obs.pyramid, obs.settings.weather)
        value += weights["field"] * early * sum(status.get(f, 0) for f in p.farmers)
    return value


@remembered
def _set_points(buildings: tuple) -> int:
    return sets_points(best_sets([BUILDINGS[b].type for b in buildings if b in BUILDINGS]))


@remembered
def _priest_card_points(cards: tuple) -> float:
    return sum(PRIESTS[c].points if c in PRIESTS else 1.5 for c in cards)


@remembered(size=8192)
def _hand_terms(hand: tuple) -> tuple[int, float]:
    """The hand's glyph points (End of the Game 4: most of one kind) and its strength (numbers / 10)."""
    glyphs = Counter(g for n in hand if n in CARDS for g in CARDS[n].left + CARDS[n].right)
    return (max(glyphs.values()) if glyphs else 0), sum(min(n, 100) for n in hand) / 10


def _priest_value(obs: GameState, name: str, weights: dict) -> float:
    total = 0.0
    for temple in _TEMPLES:
        space = obs.temples.space_of(name, temple)
        if space is not None:
            total += weights["priest"] + weights["priest_space"] * space
    return total


# ----------------------------------------------------------------------------------------------------------------
# Estimates without stepping: what each action would bring now (Phase 2 and 3)
# ----------------------------------------------------------------------------------------------------------------
def action_estimates(obs: GameState, seat: int, weights: dict | None = None) -> dict[str, float]:
    """Action name -> a rough gain (points) of using it now, from the bot's own board only."""
    weights = weights or WEIGHTS
    p = obs.players[seat]
    late = _progress(obs)
    per = weights["resource_early"] * (1 - late) + weights["resource_end"] * late
    have = _counts(p.reserve)
    kinds = sum(1 for n in have if n)
    est = {action: weights.get(f"action_{action}", base) for action, base in ACTION_BASE.items()}
    # Offering: 1 point per different resource + 1, the resources move behind the screen
    est["offering"] = (
        (kinds + 1 + kinds * (weights["screen"] - per) - weights["variety"] * (1 - late) * kinds) if kinds else -1
    )
    # Harvest: what the Farmers' fields give now (up to the warehouse limit)
    if p.farmers:
        status = field_yields(obs.pyramid, obs.settings.weather)
        gain = 0
        for f in p.farmers:
            kind = f.split("-")[-1]
            room = WAREHOUSE_LIMIT - have[_TYPES.index(kind)] if kind in _TYPES else 0
            gain += max(0, min(status.get(f, 0), room))
        est["harvest"] = per * gain - 0.2
    else:
        est["harvest"] = -1
    workers = free_workers(obs, seat)
    if workers <= 0:
        est["farmer"] -= 0.4
    market = sum(_counts(obs.market))
    est["merchant"] = max(est["merchant"], per * market)
    if sum(have) == 0:
        est["priest"] = -1
        est["builder"] = -0.5
    else:
        est["builder"] += 0.9 * _affordable_buildings(obs, p)
    if have[3] == 0:
        est["sphinx"] = -1
    else:
        est["sphinx"] += 0.8 * p.sphinxes
    return est


def _affordable_buildings(obs: GameState, player: PlayerState) -> int:
    """How many Buildings on the board the reserve could pay for (ignoring the Builder's Papyrus surcharge); a
    Building of a type not owned yet counts twice (a larger set at the End of the Game), at most 3 in all."""
    have = dict(zip(_TYPES, _counts(player.reserve)))
    owned = {BUILDINGS[owned].type for owned in player.buildings if owned in BUILDINGS}
    count = 0
    for building_id in obs.row:
        building = BUILDINGS.get(building_id) if building_id else None
        if building is None:
            continue
        named = all(have.get(kind, 0) >= amount for kind, amount in building.cost.items() if kind != "any")
        if named and sum(have.values()) >= sum(building.cost.values()):
            count += 2 if building.type not in owned else 1
    return min(count, 3)


def _card_value(obs: GameState, seat: int, number: int, est: dict, face_down: bool = False) -> float:
    """A card to play this round: both actions if its left glyph completes, else the better one; its right glyph
    at the Season's end; lower numbers play earlier."""
    p = obs.players[seat]
    card = CARDS.get(number)
    if card is None:
        return 0.0
    completes = next_card_play(obs, seat, card, face_down=face_down).completes
    parts = [sum(max(0.0, est.get(a.value, 0.0)) for a in half) for half in (card.top, card.bottom)]
    value = sum(parts) if completes else max(parts)
    value += 0.25 * len(card.weather)
    played = len(p.row) + 1  # where this card goes in the Season's row
    if played == CARDS_PER_SEASON and p.glyph in card.right:
        value += SEASON_END_POINTS  # End of the Season, step 2
    elif played < CARDS_PER_SEASON and card.right:
        value += 0.3  # a right glyph for the next card to complete
    return value - 0.004 * number  # earlier turn, better Nile pick


# ----------------------------------------------------------------------------------------------------------------
# The bot
# ----------------------------------------------------------------------------------------------------------------
def _pruned(legal: Sequence[Decision], have: tuple = (0, 0, 0, 0), frame: Frame | None = None) -> list[Decision]:
    """The candidates worth judging: no decision that takes a Worker away from its work when the same move exists
    with an unused Worker; extra Weather effects only before a Harvest; one payment per Priest move (the resources
    held most of); Offerings of the most different resources (or one fewer) and passing."""
    unused = {_with_an_unused_worker(d.payload) for d in legal if not _moves_a_worker(d.payload)}
    out = [d for d in legal if not _moves_a_worker(d.payload) or _with_an_unused_worker(d.payload) not in unused]
    if not any(d.payload == DO_ACTION[Action.HARVEST] for d in legal):  # extra Weather effects only help a Harvest
        out = [d for d in out if d.payload.__class__ is not ExtraWeather]  # still to come this turn
    if frame is not None:
        out = _thin(out, have, frame)
    return out or list(legal)


def _moves_a_worker(choice: object) -> bool:
    """Whether a choice places a Worker taken from the Market, the Construction area or a field (its ``source``)."""
    source = getattr(choice, "source", "")
    return source in ("merchant", "builder") or source.startswith("field:")


def _with_an_unused_worker(choice: object) -> object:
    """The choice's fields with an unused Worker as its ``source`` (a choice without a ``source``: itself)."""
    if not hasattr(choice, "source"):
        return choice
    return choice.__class__, tuple("free" if f.name == "source" else getattr(choice, f.name) for f in fields(choice))


def _thin(moves: list[Decision], have: tuple, frame: Frame) -> list[Decision]:
    """Offerings (``frame``: the Offering's first stage): only the largest and one fewer, and passing.  The Priest
    action: one payment per move in the Temples, the one paid most from the resources held most of."""
    if frame.kind == "offering" and frame.stage == "choose":
        size = {d: 0 if d.payload is None else len(d.payload) for d in moves}  # payload: the resources offered
        most = max(size.values())
        return [d for d in moves if size[d] == 0 or size[d] >= most - 1]
    if frame.kind != "advance" or frame.tag != "priest":
        return moves
    best: dict = {}
    for d in moves:
        chosen = d.payload  # a PriestMove, or None: passing
        if chosen is None or not chosen.move.pay:
            best[d] = (0, d)  # passing and free moves are each kept
            continue
        key = (chosen.move.enter, chosen.move.temple, chosen.move.steps)
        held = sum(have[_TYPES.index(resource._value_)] for resource in payment_weighed(chosen))
        if key not in best or held > best[key][0]:
            best[key] = (held, d)
    return [d for _, d in best.values()]


def payment_weighed(chosen: PriestMove) -> tuple:
    """The resources of a Priest move's payment that :func:`_thin` weighs: all of them, but the last when the
    Worker comes from elsewhere or substitutions pay (a quirk of the bot's first, text-reading version, kept so that
    its games stay the same)."""
    pay = chosen.move.pay
    plain = chosen.source == "free" and (chosen.paid is None or chosen.paid == priest_payment_stock(pay))
    return pay if plain else pay[:-1]


class StrongBot:
    """The strong heuristic bot (see the module's description).  ``weights`` override :data:`WEIGHTS`."""

    name = "strong"

    def __init__(self, seed: int = 0, weights: dict | None = None):
        self.rng = random.Random(seed)
        self.weights = {**WEIGHTS, **(weights or {})}
        self.last_reason = ""
        self._plan: list = []  # (foreseen position, decision) still to come in the action being taken
        self._paths: dict = {}

    # -- positions reached by stepping the observation ---------------------------------------------------------
    def _value(self, obs: GameState, seat: int) -> float:
        return position_value(obs, seat, self.weights)

    def _step(self, obs: GameState, decision: Decision) -> GameState | None:
        return foresee(obs, decision)  # None: the observation lacks what this decision needs

    def _follow(self, obs: GameState, seat: int, player: str) -> tuple[float, list]:
        """Follow this player's own next decisions (each the best one step deep, doing something before passing)
        until the action is over; returns the value reached and the path: (position, decision) pairs."""
        path = []
        for _ in range(_CHAIN):
            top = obs.top
            if obs.is_terminal or obs.is_chance or top is None or obs.to_move != player or top.kind in _STOP:
                break
            acts = _pruned(tuple(legal_actions(obs)), _counts(obs.players[seat].reserve), top)
            best, best_state, best_act = None, None, None
            for act in acts:
                after = self._step(obs, act)
                if after is None:
                    continue
                v = (self._value(after, seat), not is_passive(act))
                if best is None or v > best:
                    best, best_state, best_act = v, after, act
            if best_state is None:
                break
            path.append((obs, best_act))
            obs = best_state
        return self._value(obs, seat), path

    def _lookahead(self, seen: BotView, candidates: list[Decision]) -> list[tuple[float, Decision]]:
        obs, seat = seen.observation, seen.seat
        deep = len(candidates) <= _WIDE
        base = self._value(obs, seat)
        scored, paths = [], {}
        for d in candidates:
            after = self._step(obs, d)
            if after is None:
                v = base
            elif deep:
                v, paths[d.move] = self._follow(after, seat, seen.player)
            else:
                v = self._value(after, seat)
            if keeps_face_down(obs, d):
                v -= self.weights["deben"]
            scored.append((v, d))
        self._paths = paths
        return scored

    def _planned(self, seen: BotView) -> Decision | None:
        """The next step of the path followed when the last decision was judged, if the position is the one
        foreseen (nothing hidden or random came in between)."""
        while self._plan:
            foreseen, decision = self._plan.pop(0)
            if _same(foreseen, seen.observation, seen.seat):
                return next((d for d in seen.legal if d.move == decision.move), None)
        return None

    # -- decisions judged by estimates ------------------------------------------------------------------------
    def _by_estimate(self, seen: BotView) -> list[tuple[float, Decision]] | None:
        obs, seat = seen.observation, seen.seat
        kind = obs.top.kind
        if kind == "season_zero_pick":
            return [(_keep_value(obs, seat, d.payload), d) for d in seen.legal]  # the choice: the card's number
        if kind == "choose":
            est = action_estimates(obs, seat, self.weights)
            return [(_card_value(obs, seat, d.payload, est), d) for d in seen.legal]
        if kind == "reveal":
            return self._reveal(seen)
        if kind == "nile":
            return [(self._nile_value(obs, seat, d), d) for d in seen.legal]
        if kind == "option":
            est = action_estimates(obs, seat, self.weights)
            scored = []
            for d in seen.legal:  # the choice: the rules' PlayOption, its actions in order
                scored.append((sum(est.get(a.value, 0.0) for a in _estimated_actions(d.payload)), d))
            return scored
        return None

    def _reveal(self, seen: BotView) -> list[tuple[float, Decision]]:
        obs, seat = seen.observation, seen.seat
        p = obs.players[seat]
        est = action_estimates(obs, seat, self.weights)
        mine = _my_card(obs, seat)
        reveal = _card_value(obs, seat, mine, est) if mine is not None else 0.0
        hidden = face_down_price(p)  # the Deben a face-down card costs now (Phase 3)
        # face down: any one action, played first; its back shows every glyph on the right (Example 4: the
        # Season's last card then scores the 2 points), and the next card completes a glyph
        face_down = max(est.values()) + self.weights["first"] - self.weights["deben"] * hidden * 1.3
        face_down += 2.0 if len(p.row) == 3 else 0.3
        scored = []
        for d in seen.legal:
            if d.payload is True:  # the choice: True reveal, False face down, or a Priest card played
                scored.append((reveal, d))
            elif d.payload is False:
                scored.append((face_down, d))
            else:
                scored.append((-5.0, d))  # a Priest card spent for Deben: not worth its point here
        return scored

    def _nile_value(self, obs: GameState, seat: int, decision: Decision) -> float:
        """Phase 4 step 3: the card's resource (if the warehouse has room) and what the card adds to the hand."""
        weights, p = self.weights, obs.players[seat]
        number = decision.payload  # the card's number; the promo card infinity (math.inf) is not judged
        if number.__class__ is not int:
            return 0.0
        late = _progress(obs)
        per = weights["resource_early"] * (1 - late) + weights["resource_end"] * late
        value = 0.0
        for card, resource in obs.nile:
            if card == number and resource is not None:
                kind = getattr(resource, "value", str(resource))
                if kind in _TYPES and getattr(p.reserve, kind) < WAREHOUSE_LIMIT:
                    value += per + (weights["variety"] * (1 - late) if getattr(p.reserve, kind) == 0 else 0)
        before, _ = _hand_terms(tuple(p.hand))
        after, strength = _hand_terms(tuple(sorted((*p.hand, number))))
        value += (
            weights["hand_glyph"] * (0.3 + 0.7 * late) * (after - before)
            + weights["card"] * (1 - late) * min(number, 100) / 10
        )
        return value

    def ranked(self, seen: BotView) -> list[Decision]:
        """The moves this bot would consider in ``seen`` (its pruned list, or every move it judges by estimate), best
        first by its own judgement (ties: doing something before passing, then the legal order).  Never empty:
        the pruning keeps the only legal move.  Used by the expert bot to choose what to search."""
        scored = self._by_estimate(seen)
        if scored is None:
            observation = seen.observation
            reserve = _counts(observation.players[seen.seat].reserve)
            scored = self._lookahead(seen, _pruned(seen.legal, reserve, observation.top))
            self._paths = {}
        order = sorted(range(len(scored)), key=lambda k: (-scored[k][0], is_passive(scored[k][1]), k))
        return [scored[k][1] for k in order]

    def choose(self, seen: BotView) -> Decision:
        """The next step of an action it planned, else the legal decision with the best estimate of its own view
        (looking ahead through its own decisions where estimates are not enough); ``last_reason`` says which."""
        if len(seen.legal) == 1:
            self.last_reason = "the only legal decision"
            return seen.legal[0]
        planned = self._planned(seen)
        if planned is not None:
            self.last_reason = "the next step of the action planned"
            return planned
        self._plan = []
        scored = self._by_estimate(seen)
        how = "estimate"
        if scored is None:
            observation = seen.observation
            scored = self._lookahead(
                seen, _pruned(seen.legal, _counts(observation.players[seen.seat].reserve), observation.top)
            )
            how = "look-ahead"
        best = max(v for v, _ in scored)
        tied = [d for v, d in scored if v >= best - 1e-9]
        active = [d for d in tied if not is_passive(d)]
        tied = active or tied
        choice = tied[self.rng.randrange(len(tied))] if len(tied) > 1 else tied[0]
        self._plan = list(self._paths.get(choice.move, ()))
        self._paths = {}
        self.last_reason = f"best of {len(scored)} by {how} (value {best:.2f})"
        return choice


def _my_card(obs: GameState, seat: int) -> int | None:
    """The card this player chose in Phase 2 (the reveal frame holds it; the player's own entry is visible)."""
    card = obs.top.cards[seat]
    return card if isinstance(card, int) and card in CARDS else None


def keeps_face_down(observation: GameState, decision: Decision) -> bool:
    """Phase 3: whether ``decision`` keeps the chosen card face down (its Deben are paid once everyone decided)."""
    return observation.top is not None and observation.top.kind == "reveal" and decision.payload is False


def _estimated_actions(option: PlayOption) -> tuple[Action, ...]:
    """The actions of a play option that its estimate counts: all of them, but for an option with a price (D1-D5)
    its last one, which the estimate has always left out (kept so that the bot's games stay the same)."""
    return option.actions[:-1] if option.deben or option.resources else option.actions


def is_passive(decision: Decision) -> bool:
    """Passing, stopping or skipping (on equal value the bot rather does something): declining a decision (no
    choice), ending the actions or the Farmer action, skipping an action of the card, harvesting no field."""
    choice = decision.payload
    if choice is None or choice == END_ACTIONS or choice == FARMERS_DONE or choice == HARVEST_NOTHING:
        return True
    return choice.__class__ is DoAction and not choice.take


def _same(foreseen: GameState, obs: GameState, seat: int) -> bool:
    """Is ``obs`` the position foreseen by stepping the bot's own observation?"""
    return (
        foreseen.top == obs.top
        and foreseen.round == obs.round
        and foreseen.turn == obs.turn
        and foreseen.players[seat] == obs.players[seat]
        and foreseen.pyramid == obs.pyramid
        and foreseen.temples == obs.temples
        and foreseen.market == obs.market
        and foreseen.row == obs.row
    )


def _keep_value(obs: GameState, seat: int, number: int) -> float:
    """Season 0: a card worth keeping - two actions and weather effects, a high number, glyphs on both sides."""
    card = CARDS.get(number)
    if card is None:
        return 0.0
    p = obs.players[seat]
    value = 0.02 * number + 0.3 * len(card.weather) + 0.2 * (len(card.left) > 0) + 0.2 * (len(card.right) > 0)
    if p.glyph in card.left:
        value += 0.5
    return value
