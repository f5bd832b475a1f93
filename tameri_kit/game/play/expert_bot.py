"""The expert bot: the strong bot's judgement checked by playing the game out in worlds sampled from its own view.

Rulebook: the whole game (it plays by the engine's legal decisions and is scored by End of the Game, steps 1-6);
Phases 2-3 and End of the Season step 1 for what it cannot see (the others' hands, screens and Priest cards, the
decks), which it samples.

How it decides (a determinized, flat Monte Carlo search with a heuristic rollout policy, "policy improvement by
rollouts"; ``docs/bots.md`` says why this method and what else was tried):

1. A decision with one legal move, or one that the strong bot's pruning leaves alone, is taken at once.
2. **Candidates.** The strong bot (:mod:`.strong_bot`) ranks the legal moves with its own estimates or look-ahead;
   the best :data:`CANDIDATES` of its pruned list are kept (the pruning never drops the only legal move).
3. **Worlds.** Complete positions are sampled from the bot's :class:`~tameri_kit.game.play.bots.BotView` only
   (:func:`~tameri_kit.game.play.worlds.determinize`: the others' hands, screens and Priest cards, the decks); it
   never sees the real hidden cards.
4. **Playouts.**  In each world every candidate is played, then the game is played on by strong bots in every seat
   (the Ghost plays itself) with the same seeds for every candidate (common random numbers: the candidates are
   compared on the same futures), to the end of the current Season (:data:`HORIZON`; from Season 0, to the end of
   Season 1), its End of the Season scored.  A playout is valued there by each player's expected final total: its
   points plus the points still to come that :mod:`.value_model` learned from thousands of strong-bot games
   (:data:`VALUES`; ``values="hand"``, the first version's, uses the strong bot's hand-set
   :func:`~tameri_kit.game.play.strong_bot.position_value` instead); the margin is the bot's less the best other's
   (the Ghost's included); a playout that reaches the End of the Game is valued by the final scores, plus
   :data:`WIN_BONUS` for a win.
5. The candidate with the best mean is taken (ties: the strong bot's order).  ``simulations`` (the text after
   the colon, ``"expert:48"``) is the number of playouts per decision, split evenly among the candidates; the
   budget is a count, not a clock, so the same seed gives the same game on any machine.

It explains itself: :attr:`ExpertBot.last_reason` names the move taken, its mean margin over the sampled futures
and the next best (the table's Hint shows it); :meth:`ExpertBot.judged` returns every candidate's figures.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...errors import IllegalActionError
from .engine import legal_actions, sample_chance, step
from .strong_bot import StrongBot, position_value
from ...rules.scoring import SEASONS
from .seen import BotView
from .value_model import ValueModel, shipped_model
from .worlds import DeterminizeError, determinize

if TYPE_CHECKING:
    from ..core.decisions import Decision
    from ..core.state import GameState

#: Playouts per decision by default (split among the candidates); docs/bots.md gives its time per decision.
DEFAULT_SIMULATIONS = 16
#: The most candidates judged by playouts (the strong bot's best ones).
CANDIDATES = 6
#: Points a won playout is worth beyond its margin (the bot plays to win, not only to score).
WIN_BONUS = 10.0
#: Playouts stop at the end of the current Season (0 more Seasons) and are valued there by the strong bot's
#: position value; ``None`` plays them to the end of the game.  Measured: on the same 10 solo seeds against the
#: easy Ghost, 8 playouts a decision scored 62.0 on average cut at the Season's end and 59.0 played to the end
#: (the strong bot: 58.6), in a third of the time (docs/bots.md).
HORIZON = 0
#: How a playout cut at a Season's end is valued: ``"learned"`` (the points still to come, fitted on strong-bot games:
#: :mod:`.value_model`) or ``"hand"`` (the strong bot's hand-set position value).
VALUES = ("learned", "hand")


@dataclass(frozen=True)
class Judged:
    """One candidate's figures: the move, its mean value over the playouts (points: margin plus the win bonus),
    the mean final margin, the share of playouts won and how many were played."""

    move: str
    value: float
    margin: float
    wins: float
    playouts: int


class ExpertBot:
    """The expert bot (see the module's description): ``simulations`` playouts per decision, seeded."""

    name = "expert"

    def __init__(
        self,
        seed: int = 0,
        simulations: int = DEFAULT_SIMULATIONS,
        candidates: int = CANDIDATES,
        name: str | None = None,
        horizon: int | None = HORIZON,
        weights: dict | None = None,
        values: str = "learned",
    ):
        if values not in VALUES:
            raise ValueError(f"values must be one of {VALUES}, not {values!r}")
        self.rng = random.Random(seed)
        self.simulations = simulations
        self.candidates = candidates
        self.horizon = horizon
        self.weights = weights
        self.values = values
        self.model = shipped_model() if values == "learned" else None
        self.policy = StrongBot(seed, weights)
        self.last_reason = ""
        self._judged: tuple[Judged, ...] = ()
        self.name = name or ("expert" if simulations == DEFAULT_SIMULATIONS else f"expert:{simulations}")

    def judged(self) -> tuple[Judged, ...]:
        """The candidates of the last decision searched, best first (empty when it was taken without a search)."""
        return self._judged

    def choose(self, seen: BotView) -> Decision:
        """The strong bot's best candidates, each played out by strong bots in worlds sampled from this bot's own view
        to the end of the Season; the candidate with the best mean margin (the strong bot's choice when only one is
        worth playing out or no world can be sampled); ``last_reason`` says why in words."""
        self._judged = ()
        if len(seen.legal) == 1:
            self.last_reason = "the only legal decision"
            return seen.legal[0]
        ranked = self.policy.ranked(seen)[: min(self.candidates, self.simulations)]
        if len(ranked) == 1:
            self.last_reason = "the strong bot's choice (one candidate worth playing out)"
            return ranked[0]
        try:
            judged = self._search(seen, ranked)
        except DeterminizeError as error:
            choice = self.policy.choose(seen)
            self.last_reason = f"the strong bot's choice (no world could be sampled: {error})"
            return choice
        order = {decision.move: k for k, decision in enumerate(ranked)}
        judged.sort(key=lambda item: (-item.value, order[item.move]))
        self._judged = tuple(judged)
        best = judged[0]
        choice = next(decision for decision in ranked if decision.move == best.move)
        self.last_reason = reason_of(
            self._judged, self.horizon, self.model is not None, reaches_end(seen.observation.season, self.horizon)
        )
        return choice

    def _search(self, seen: BotView, ranked: list[Decision]) -> list[Judged]:
        worlds = max(1, self.simulations // len(ranked))
        totals = {decision.move: [0.0, 0.0, 0.0, 0] for decision in ranked}
        seat = seen.seat
        for _ in range(worlds):
            world = determinize(seen, self.rng)
            seed = self.rng.getrandbits(32)
            for decision in ranked:
                outcome = playout(world, decision, seat, seed, self.horizon, self.weights, self.model)
                if outcome is None:
                    continue
                margin, won = outcome
                figures = totals[decision.move]
                figures[0] += margin + WIN_BONUS * won
                figures[1] += margin
                figures[2] += won
                figures[3] += 1
        judged = []
        for decision in ranked:
            value, margin, wins, count = totals[decision.move]
            if count:
                judged.append(Judged(decision.move, value / count, margin / count, wins / count, count))
            else:
                judged.append(Judged(decision.move, float("-inf"), 0.0, 0.0, 0))
        return judged


def playout(
    world: GameState,
    decision: Decision,
    seat: int,
    seed: int,
    horizon: int | None = None,
    weights: dict | None = None,
    model: ValueModel | None = None,
) -> tuple[float, float] | None:
    """Play ``decision`` in ``world``, then the game on with strong bots in every seat (seeded by ``seed``; the
    bot's own seat with ``weights``) to its end, or when ``horizon`` is given to the end of the Season that many
    Seasons after the current one (0: the current Season's end, scored; from Season 0, Season 1's); returns ``seat``'s margin (its score less the best other score, the Ghost's
    included; cut short: the strong bot's position values instead of the scores) and 1 for a win (1/k shared
    among k winners; cut short: 0), or None when the sampled world does not allow the decision."""
    try:
        state = step(world, decision)
    except IllegalActionError:
        return None
    rng = random.Random(seed)
    settings = state.settings
    names = settings.players[: settings.humans]
    bots = {name: StrongBot(seed + k, weights if k == seat else None) for k, name in enumerate(names)}
    last_season = None if horizon is None else max(world.season, 1) + horizon  # Season 0: through Season 1
    while not state.is_terminal:
        if last_season is not None and state.season > last_season:
            return cut_margin(state, seat, model), 0.0
        if state.is_chance:
            state = step(state, sample_chance(state, rng))
            continue
        player = state.to_move
        seen = BotView(player, state, {}, tuple(legal_actions(state)))
        state = step(state, bots[player].choose(seen))
    scores = [player.score for player in state.players]
    mine = scores[seat]
    best_other = max(score for k, score in enumerate(scores) if k != seat)
    winners = state.outcome.winners
    own_name = state.players[seat].name
    won = 1.0 / len(winners) if own_name in winners else 0.0
    return float(mine - best_other), won


def cut_margin(state: GameState, seat: int, model: ValueModel | None = None) -> float:
    """A playout cut short at a Season's end: the seat's expected final total less the best other's.

    With ``model`` (the learned values, :mod:`.value_model`): each player's points plus the points the model expects
    it still to score, the Ghost's likewise.  Without one, or where the model has no fit: the strong bot's hand-set
    :func:`~tameri_kit.game.play.strong_bot.position_value` for the players and the Ghost's points."""
    humans = state.settings.humans
    values = []
    for k, player in enumerate(state.players):
        future = model.future_points(state, k) if model is not None else None
        if future is not None:
            values.append(player.score + future)
        else:
            values.append(position_value(state, k) if k < humans else float(player.score))
    return values[seat] - max(value for k, value in enumerate(values) if k != seat)


def reaches_end(season: int, horizon: int | None) -> bool:
    """Whether playouts from ``season`` go on to the End of the Game: no horizon, or the last Season (Set-up: 12
    rounds in 3 Seasons) reached within it."""
    return horizon is None or max(season, 1) + horizon >= len(SEASONS)


def reason_of(
    judged: tuple[Judged, ...], horizon: int | None = HORIZON, learned: bool = False, reaches_end: bool = False
) -> str:
    """The bot's reason in words, from its candidates' figures (best first); ``learned``: the playouts' ends were
    valued by the learned points still to come; ``reaches_end``: the playouts went on to the End of the Game (the
    last Season, or no horizon), so the share of them won means something (a playout cut short wins nothing)."""
    best = judged[0]
    reaches_end = reaches_end or horizon is None
    where = "the end of the game" if reaches_end else "the Season's end"
    if learned and not reaches_end:
        where += " (valued from there by the points such positions went on to score)"
    text = (
        f"'{best.move}': played out {best.playouts} times to {where} in worlds sampled from what it sees, it ends "
        f"{_signed(best.margin)} against the best rival on average"
    )
    if reaches_end:
        text += f" and wins {best.wins:.0%}"
    if len(judged) > 1 and judged[1].playouts:
        second = judged[1]
        text += f"; the next best, '{second.move}', ends {_signed(second.margin)}"
    return text


def _signed(value: float) -> str:
    return f"{value:+.1f}"
