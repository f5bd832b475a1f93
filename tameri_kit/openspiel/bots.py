"""OpenSpiel's MCTS as a Tameri player: ``MCTSPlayer`` and ``play_mcts_game``.

Rulebook: the whole game (the searcher plays by the engine's legal decisions).  The search is OpenSpiel's
(``open_spiel.python.algorithms.mcts.MCTSBot``, UCT with random rollouts); this module only gives it the position and
turns its action id back into the kit's decision.  **It sees hidden information**: it searches the full state (the
other players' hands, the decks' contents through the chance nodes' exact outcomes), which a player at the table may
not see - its label says so.  An information-set search that does not peek is not built yet.

Random rollouts to the end of a Tameri game take hundreds of steps, so ``rollout_steps`` may cut a rollout short:
then the position is valued by the points scored so far (each player's score on the board).
"""

from __future__ import annotations

import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from ..game import Decision, GameRecord, Settings, new_game, sample_chance, step
from ..game.play.bots import bot_view, make_bot
from .game import SHORT_NAME, OpenSpielSettingsError, TameriState, parameters_of


class PointsRolloutEvaluator(mcts.RandomRolloutEvaluator):
    """Random rollouts (OpenSpiel's evaluator), cut after ``max_length`` steps when given; a rollout cut short is
    valued by the points each player has scored so far (a finished one by the game's returns)."""

    def evaluate(self, state):
        total = None
        for _ in range(self.n_rollouts):
            working = state.clone()
            length = 0
            while not working.is_terminal() and (self.max_length is None or length < self.max_length):
                if working.is_chance_node():
                    actions, probabilities = zip(*working.chance_outcomes())
                    action = self._random_state.choice(actions, p=probabilities)
                else:
                    action = self._random_state.choice(working.legal_actions())
                working.apply_action(action)
                length += 1
            values = np.array(working.returns() if working.is_terminal() else points_so_far(working), dtype=float)
            total = values if total is None else total + values
        return total / self.n_rollouts


def points_so_far(state: TameriState) -> list[float]:
    """Each deciding player's points on the board now (the Ghost's are not a player's)."""
    players = state.tameri.players
    return [float(players[seat].score) for seat in range(state.settings.humans)]


class MCTSPlayer:
    """OpenSpiel's MCTS (``simulations`` per decision, random rollouts of at most ``rollout_steps``; None: to the
    end), seeded: the same seed and position give the same decision.  ``label`` says that it sees hidden
    information."""

    name = "mcts"
    sees_hidden_information = True

    def __init__(self, settings: Settings, *, simulations: int = 20, rollout_steps: int | None = None, seed: int = 0):
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise OpenSpielSettingsError(f"simulations is a whole number of at least 1, not {simulations!r}")
        self.game = pyspiel.load_game(SHORT_NAME, parameters_of(settings))
        self.simulations, self.rollout_steps = simulations, rollout_steps
        rng = np.random.RandomState(seed)
        evaluator = PointsRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=rollout_steps)
        self.search = mcts.MCTSBot(
            self.game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, solve=False, random_state=rng
        )
        self.last_reason = ""

    @property
    def label(self) -> str:
        cut = f", rollouts of {self.rollout_steps} steps" if self.rollout_steps else ""
        return f"MCTS ({self.simulations} simulations{cut}; sees hidden information)"

    def choose_in(self, state) -> Decision:
        """The decision MCTS takes in ``state`` (a :class:`~tameri_kit.game.GameState`, seen whole)."""
        position = TameriState(self.game, state)
        action = self.search.step(position)
        decision = position.decision_of(action)
        self.last_reason = f"{self.label}: action {action}"
        return decision


def play_mcts_game(
    settings: Settings, seed: int, bots: list, *, simulations: int = 20, rollout_steps: int | None = None
) -> tuple[GameRecord, object]:
    """A whole seeded game where the seats named ``"mcts"`` are :class:`MCTSPlayer` and the others the kit's bots
    (``"random"``, ``"greedy"``, ``"strong"``); chance from ``random.Random(seed)`` as in
    :func:`tameri_kit.game.play.bots.play_game`.  Returns ``(GameRecord, final state)``."""
    humans = settings.humans
    if len(bots) != humans:
        raise OpenSpielSettingsError(f"{humans} players need {humans} bots, not {len(bots)}")
    players = []
    for seat, kind in enumerate(bots):
        if kind == "mcts":
            players.append(
                MCTSPlayer(settings, simulations=simulations, rollout_steps=rollout_steps, seed=seed * 1000 + seat)
            )
        else:
            players.append(make_bot(kind, seed * 1000 + seat))
    by_name = dict(zip(settings.players, players))
    rng = random.Random(seed)
    state = new_game(settings)
    entries = []
    while not state.is_terminal:
        if state.is_chance:
            decision = sample_chance(state, rng)
        else:
            player = by_name[state.to_move]
            decision = player.choose_in(state) if isinstance(player, MCTSPlayer) else player.choose(bot_view(state))
        entries.append(decision.text)
        state = step(state, decision)
    labels = ",".join(getattr(p, "label", p.name) if isinstance(p, MCTSPlayer) else p.name for p in players)
    return GameRecord(settings, seed, tuple(entries), (("bots", labels),)), state
