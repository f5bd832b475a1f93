"""The log of a finished game follows the rulebook's order: the last Season ends (steps 1-5) before the End of the
Game's steps 1-6 begin ("after all the steps of the End of the Season, proceed with the end-of-game operations")."""

import pytest

from tameri_kit.game import Settings, random_playout


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 11), (4, 7)])
def test_season_end_comes_before_game_end(players, seed):
    _, final = random_playout(Settings.for_players(players), seed)
    assert final.is_terminal
    rules = [e.rule for e in final.events()]
    first_game_end = next(i for i, r in enumerate(rules) if r.startswith("End of the Game"))
    assert not any(r.startswith("End of the Season") for r in rules[first_game_end:])
    game_steps = [r for r in rules if r.startswith("End of the Game, step")]
    numbers = [int(r.split("step ")[1][0]) for r in game_steps]
    assert numbers == sorted(numbers) and numbers[0] == 1 and numbers[-1] == 6
