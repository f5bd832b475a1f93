"""OpenSpiel's MCTS as Tameri bots: ``mcts`` (SEES HIDDEN INFORMATION) and ``ismcts`` (does not peek).

Rulebook: the whole game (the searchers play by the engine's legal decisions).  The search is OpenSpiel's
(``open_spiel.python.algorithms.mcts.MCTSBot``: UCT with random rollouts); this module gives it a position, reads
back how often it tried each decision.  :func:`.extra.load_search_bots` registers both kinds with
:func:`tameri_kit.game.play.bots.register_bot`; a name may carry the simulations per decision: ``"mcts:400"``,
``"ismcts:100"`` (default :data:`.extra.DEFAULT_SIMULATIONS`).

- ``mcts`` (:class:`MCTSPlayer`) **sees hidden information**: it is handed the whole state
  (:func:`tameri_kit.game.play.bots.decide`) and searches it, the other players' hands and the decks' contents included.
  Its label says so.  It measures what search can do, not what a player at the table may do.
- ``ismcts`` (:class:`ISMCTSPlayer`) **does not peek**: like the kit's own bots it gets only its
  :class:`~tameri_kit.game.play.bots.BotView`.  It samples :data:`WORLDS` complete positions from that view
  (:func:`determinize`) and splits its simulations among them (determinized MCTS, "perfect information Monte
  Carlo"); the decision tried most often over all of them is taken.  OpenSpiel's own IS-MCTS
  (``open_spiel.python.algorithms.ismcts``) would key its tree by information-state strings, which for Tameri are
  the whole log of the game so far; it runs on the game too, its resampling being :func:`determinize` (the game's
  ``resample_from_infostate``, :mod:`tameri_kit.game.play.worlds`); the determinized form uses OpenSpiel's plain
  MCTS and costs one string-free tree per sampled world.

Rollouts: random decisions and chance outcomes on the kit's own engine (no OpenSpiel round trip per step: the same
game, several times faster), cut after :data:`ROLLOUT_STEPS` entries.  The search plays for the win (the game is
loaded with ``returns="win"``: 1 shared among the winners); a rollout cut short is valued the same way, with the
player(s) ahead by the kit's position value (:func:`tameri_kit.game.play.bots.position_value`, the greedy bot's
evaluation) taking the win.  Seeded: a bot's ``random.Random(seed)`` draws its worlds and rollouts and OpenSpiel's
``numpy`` generator its tree choices, so the same seed and position give the same decision.
"""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from ..errors import TameriError
from ..game import Decision, legal_actions, sample_chance, step
from ..game.play.bots import BotView, position_value
from ..game.play.worlds import DeterminizeError, determinize  # noqa: F401  (kept importable from here)
from .game import SHORT_NAME, TameriState, parameters_of, tables

#: Entries of a random rollout before it is cut and valued by the position (a whole game is 300-700 entries).
ROLLOUT_STEPS = 30
#: The exploration constant of UCT (OpenSpiel's examples use 2 with returns in [0, 1]).
UCT_C = 2.0
#: Worlds sampled per decision by ``ismcts`` (its simulations are split among them; at most one world per
#: simulation).
WORLDS = 4


def game_for(settings) -> pyspiel.Game:
    """The ``python_tameri`` game of these settings, returns ``"win"`` (under a millisecond to load: not kept)."""
    return pyspiel.load_game(SHORT_NAME, {**parameters_of(settings), "returns": "win"})


# ----------------------------------------------------------------------------------------------------------------
# The search
# ----------------------------------------------------------------------------------------------------------------
def lead_shares(state) -> list[float]:
    """A position valued as a win: 1 shared among the deciding players with the best kit position value (the
    greedy bot's evaluation, seen whole), 0 to the others."""
    humans = state.settings.humans
    values = [position_value(state, seat, None) for seat in range(humans)]
    best = max(values)
    ahead = [seat for seat, value in enumerate(values) if value >= best - 1e-9]
    return [1.0 / len(ahead) if seat in ahead else 0.0 for seat in range(humans)]


class KitRolloutEvaluator(mcts.Evaluator):
    """Random rollouts on the kit's engine (``rng``: a ``random.Random``), cut after ``max_length`` entries and
    valued by :func:`lead_shares`; a finished rollout by the game's returns (win shares)."""

    def __init__(self, rng: random.Random, max_length: int = ROLLOUT_STEPS):
        self.rng, self.max_length = rng, max_length

    def evaluate(self, state):
        position = state.tameri
        for _ in range(self.max_length):
            if position.is_terminal:
                break
            if position.is_chance:
                decision = sample_chance(position, self.rng)
            else:
                legal = legal_actions(position)
                decision = legal[self.rng.randrange(len(legal))]
            position = step(position, decision)
        if position.is_terminal:
            return np.array(TameriState(state.get_game(), position).returns())
        return np.array(lead_shares(position))

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


def search_counts(game, position, simulations: int, rng: random.Random) -> Counter:
    """How often OpenSpiel's MCTS tried each of the decisions at ``position`` (a kit state) in ``simulations``
    simulations, by action id.  (OpenSpiel's first simulation only values the root itself, so it is given one more:
    ``simulations`` of them pass through a decision.)"""
    searcher = mcts.MCTSBot(
        game,
        uct_c=UCT_C,
        max_simulations=simulations + 1,
        evaluator=KitRolloutEvaluator(rng),
        solve=False,
        random_state=np.random.RandomState(rng.randrange(2**32)),
    )
    root = searcher.mcts_search(TameriState(game, position))
    return Counter({child.action: child.explore_count for child in root.children})


def most_tried(counts: Counter) -> int:
    """The action tried most often (ties: the smallest id, so the choice does not hang on dictionary order)."""
    return min(counts, key=lambda action: (-counts[action], action))


class SearchPlayer:
    """What both search bots share: a name (``"mcts:40"``: the registry's, given by :func:`.extra.load_search_bots`;
    default ``kind:simulations``), the simulations per decision and a seeded ``random.Random``."""

    kind = ""

    def __init__(self, seed: int, simulations: int, name: str | None = None):
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise TameriError(f"simulations is a whole number of at least 1, not {simulations!r}")
        self.simulations = simulations
        self.name = name or f"{self.kind}:{simulations}"
        self.rng = random.Random(seed)
        self.last_reason = ""


class MCTSPlayer(SearchPlayer):
    """``mcts``: OpenSpiel's MCTS on the real state, ``simulations`` per decision.  It SEES HIDDEN INFORMATION
    (the others' hands, the decks' contents): :func:`~tameri_kit.game.play.bots.decide` hands it the whole state."""

    kind = "mcts"
    sees_hidden_information = True

    @property
    def label(self) -> str:
        return f"MCTS, {self.simulations} simulations (sees hidden information)"

    def choose_in(self, state) -> Decision:
        """The decision MCTS takes in ``state`` (a :class:`~tameri_kit.game.GameState`, seen whole)."""
        legal = legal_actions(state)
        if len(legal) == 1:
            self.last_reason = "the only legal decision"
            return legal[0]
        counts = search_counts(game_for(state.settings), state, self.simulations, self.rng)
        action = most_tried(counts)
        self.last_reason = f"{self.label}: tried {counts[action]} of {self.simulations} times"
        return Decision(state.to_move, tables()[0][action])


class ISMCTSPlayer(SearchPlayer):
    """``ismcts``: OpenSpiel's MCTS over :data:`WORLDS` positions sampled from the player's own view
    (:func:`determinize`), ``simulations`` per decision in all.  It does not peek: it is given only its
    :class:`~tameri_kit.game.play.bots.BotView`, like the kit's own bots."""

    kind = "ismcts"
    sees_hidden_information = False

    @property
    def label(self) -> str:
        return f"IS-MCTS, {self.simulations} simulations over sampled worlds (does not peek)"

    def choose(self, seen: BotView) -> Decision:
        if len(seen.legal) == 1:
            self.last_reason = "the only legal decision"
            return seen.legal[0]
        worlds = min(WORLDS, self.simulations)
        each = [self.simulations // worlds + (1 if k < self.simulations % worlds else 0) for k in range(worlds)]
        game = game_for(seen.observation.settings)
        counts: Counter = Counter()
        for simulations in each:
            world = determinize(seen, self.rng)
            counts.update(search_counts(game, world, simulations, self.rng))
        action = most_tried(counts)
        self.last_reason = f"{self.label}: tried {counts[action]} of {self.simulations} times"
        return Decision(seen.player, tables()[0][action])
