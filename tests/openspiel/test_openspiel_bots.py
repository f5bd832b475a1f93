"""OpenSpiel's MCTS playing Tameri (tameri_kit.openspiel.bots): a seeded game to the end, the same every time.

Rulebook: +1 Player Mode and the base game (the games played here); the searcher's decisions are checked by
replaying its record through the engine.
"""

import pytest

from tameri_kit.game import Settings, replay
from tameri_kit.openspiel.bots import MCTSPlayer, play_mcts_game


def test_an_mcts_game_ends_and_is_the_same_for_the_same_seed():
    """Solo against the easy Ghost, MCTS with 3 simulations and rollouts cut at 15 steps: the game ends, the record
    replays through the engine to the same final position (every decision legal), and the same seed plays the same
    game again, entry for entry."""
    settings = Settings.for_players(1, ghost="easy")
    record, final = play_mcts_game(settings, 3, ["mcts"], simulations=3, rollout_steps=15)
    again, _ = play_mcts_game(settings, 3, ["mcts"], simulations=3, rollout_steps=15)
    assert final.is_terminal
    assert replay(record).text() == final.text()
    assert again.entries == record.entries
    assert "sees hidden information" in dict(record.meta)["bots"]


def test_mcts_sits_beside_the_kits_bots():
    """Two players, MCTS and greedy: the game ends and the record says which seat was which (MCTS labelled)."""
    record, final = play_mcts_game(Settings.for_players(2), 5, ["greedy", "mcts"], simulations=2, rollout_steps=10)
    assert final.is_terminal
    assert replay(record).text() == final.text()
    first, second = dict(record.meta)["bots"].split(",", 1)
    assert first == "greedy" and second.startswith("MCTS (2 simulations")


def test_bad_budgets_and_seat_counts_are_refused():
    with pytest.raises(ValueError, match="simulations"):
        MCTSPlayer(Settings.for_players(2), simulations=0)
    with pytest.raises(ValueError, match="2 players need 2 bots"):
        play_mcts_game(Settings.for_players(2), 1, ["mcts"])
