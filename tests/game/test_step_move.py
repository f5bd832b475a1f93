"""``step_move(state, move)``: ``step(state, Decision(state.to_move, move))`` without the Decision (issue 34: the
OpenSpiel wrapper's ``apply_action`` steps by the move text an action id stands for).  The same games, and for a
move that is not allowed the same refusal, with the state unchanged.

Rulebook: the whole game (every decision and chance outcome of the random games played here).
"""

from __future__ import annotations

import random

import pytest

from tameri_kit.errors import IllegalActionError
from tameri_kit.game import CHANCE, Decision, Settings, legal_actions, new_game, sample_chance, step
from tameri_kit.game.play.engine import step_move

MODES = {
    "3 players": Settings.for_players(3),
    "1 human and the hard Ghost, Gifts": Settings.for_players(1, ghost="hard", gifts=True),
}


def refusal(function, state, asked) -> str:
    """The text of the IllegalActionError ``function(state, asked)`` raises; ``state`` is left as it was."""
    before = state.text()
    with pytest.raises(IllegalActionError) as caught:
        function(state, asked)
    assert state.text() == before
    return str(caught.value)


@pytest.mark.parametrize("mode", MODES)
def test_step_move_plays_the_games_step_plays(mode):
    rng = random.Random(11)
    state = new_game(MODES[mode])
    entries = 0
    while not state.is_terminal:
        decision = sample_chance(state, rng) if state.is_chance else rng.choice(legal_actions(state))
        by_decision = step(state, decision)
        by_move = step_move(state, decision.move)
        assert by_move.text() == by_decision.text()
        assert [(e.text, e.rule, e.seat) for e in by_move.events()] == [
            (e.text, e.rule, e.seat) for e in by_decision.events()
        ]
        state = by_move
        entries += 1
    assert entries > 200 and state.outcome.table_text() == by_decision.outcome.table_text()


def test_step_move_refuses_as_step_does_and_changes_nothing():
    rng = random.Random(5)
    state = new_game(Settings.for_players(3))
    seen = {"chance": 0, "decision": 0}
    while seen["decision"] < 3 or seen["chance"] < 3:
        before = state.text()
        if state.is_chance:
            # an outcome the node does not have: the text of step's refusal, naming chance
            said = refusal(step_move, state, "draw 999")
            assert said == refusal(step, state, Decision(CHANCE, "draw 999"))
            assert "chance: draw 999: not a possible outcome here" in said
            seen["chance"] += 1
            state = step(state, sample_chance(state, rng))
        else:
            # a move of no kind, and a move the rules name but do not allow now: step's own reasons, the player named
            for move in ("fly away", "do builder", "end actions", ""):
                if move in {d.move for d in legal_actions(state)}:
                    continue
                expected = refusal(step, state, Decision(state.to_move, move))
                assert refusal(step_move, state, move) == expected
                assert expected.startswith(f"{state.to_move}: ")
            seen["decision"] += 1
            state = step(state, rng.choice(legal_actions(state)))
        assert before != state.text()  # (the game went on: the refusals above were asked of each position)
    with pytest.raises(IllegalActionError, match="a move is text"):
        step_move(state, 7)


def test_step_move_at_the_end_says_the_game_is_over():
    rng = random.Random(2)
    state = new_game(Settings.for_players(2))
    while not state.is_terminal:
        state = step(state, sample_chance(state, rng) if state.is_chance else rng.choice(legal_actions(state)))
    assert "the game is over" in refusal(step_move, state, "end actions")
