"""The kit's bots as OpenSpiel bots (tameri_kit.openspiel.kit_bots): OpenSpiel's own evaluate_bots plays a whole
game with them, every action a legal id, and the same seed gives the same game."""

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots

import tameri_kit.openspiel  # noqa: F401  (registers python_tameri)
from tameri_kit.errors import TameriError
from tameri_kit.openspiel.kit_bots import KitBot


def _play(kinds):
    game = pyspiel.load_game("python_tameri(players=2)")
    bots = [KitBot(game, seat, kind, seed=seat) for seat, kind in enumerate(kinds)]
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, chances = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=chances)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state.history(), state.returns()


def test_evaluate_bots_plays_the_kit_bots():
    game = pyspiel.load_game("python_tameri(players=2)")
    bots = [KitBot(game, 0, "strong"), KitBot(game, 1, "greedy", seed=1)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.default_rng(0))
    assert len(returns) == 2


def test_the_expert_as_an_openspiel_bot_plays_the_same_game_twice():
    first, second = _play(["expert:2", "random"]), _play(["expert:2", "random"])
    assert first == second


def test_a_kit_bot_refuses_another_players_turn():
    game = pyspiel.load_game("python_tameri(players=2)")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    other = 1 - state.current_player()
    with pytest.raises(TameriError, match="turn"):
        KitBot(game, other, "random").step(state)
