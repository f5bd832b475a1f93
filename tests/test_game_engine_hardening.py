"""Issue 12, the engine's items: typed errors for malformed decisions, deep copies of finished games, and the
Worker sources of a Priest entering a Temple (reading E5).  Rulebook: Possible Actions (placing a Worker);
Possible Actions: Priest."""

from __future__ import annotations

import copy
import random

import pytest

from tameri_kit.errors import IllegalActionError, TameriError
from tameri_kit.game import Decision, Settings, new_game, random_playout, sample_chance, step


def _first_decision(players: int = 2, seed: int = 0):
    state, rng = new_game(Settings.for_players(players)), random.Random(seed)
    while state.is_chance:
        state = step(state, sample_chance(state, rng))
    return state


@pytest.mark.parametrize("bad", [Decision("John", 5), Decision(5, "keep 59"), Decision("John", None)])
def test_a_hand_built_decision_with_a_non_text_move_is_a_typed_error(bad):
    state = _first_decision()
    assert not state.is_chance
    with pytest.raises(IllegalActionError) as err:
        step(state, bad)
    assert isinstance(err.value, TameriError) and "text" in str(err.value)


def test_a_finished_game_deep_copies():
    _, final = random_playout(Settings.for_players(2), 0)
    assert copy.deepcopy(final) is final and copy.copy(final) is final
    assert copy.deepcopy({"state": final})["state"].log_text() == final.log_text()
