"""The action ids an OpenSpiel state keeps (issue 34, ``tameri_kit/openspiel/game.py``'s ``_Actions``, read from the
engine's ``legal_moves`` texts and ``chance_weights``): kept = worked out afresh from
``legal_actions`` / ``chance_outcomes`` as before, and the games played through ``apply_action`` and ``child()`` are
the games played by the ids worked out afresh.

Rulebook: the whole game (every decision and chance outcome of the random games played here).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pyspiel
import pytest

from tameri_kit.errors import IllegalActionError
from tameri_kit.game import Decision, Settings, chance_outcomes, legal_actions, step
from tameri_kit.game.play.engine import chance_weights, legal_moves
from tameri_kit.openspiel import SHORT_NAME, chance_id, move_id, parameters_of
from tameri_kit.openspiel import game as game_module

MODES = {
    "3 players": Settings.for_players(3),
    "solo, hard Ghost": Settings.for_players(1, ghost="hard"),
    "4 players, Gifts among the Priest cards, promo": Settings.for_players(
        4, gifts=True, gift_discards=True, promo=True
    ),
}


def fresh_ids(tameri) -> list[int]:
    """The legal ids as the wrapper listed them before it kept them."""
    if tameri.is_terminal or tameri.is_chance:
        return []
    return sorted(move_id(d.move) for d in legal_actions(tameri))


def fresh_outcomes(tameri) -> list[tuple[int, float]]:
    return sorted((chance_id(d.move), float(p)) for d, p in chance_outcomes(tameri))


def fresh_decision(tameri, action: int) -> Decision:
    """The decision an id stood for before the ids were kept (the tables read again)."""
    moves, _, outcomes, _ = game_module.tables()
    if tameri.is_chance:
        return Decision("chance", outcomes[action])
    return Decision(tameri.to_move, moves[action])


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("use_child", [False, True], ids=["apply_action", "child"])
def test_kept_ids_are_the_ids_worked_out_afresh_and_play_the_same_games(mode, use_child):
    game = pyspiel.load_game(SHORT_NAME, parameters_of(MODES[mode]))
    rng = random.Random(7)
    state = game.new_initial_state()
    fresh = state.tameri  # the same game stepped by the fresh ids alone
    steps = 0
    while True:
        # pyspiel's own answers (through C++, which asks the Python state's current_player and _legal_actions)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state) == fresh.is_chance
        assert state.is_terminal() == fresh.is_terminal
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        if not state.is_terminal() and not state.is_chance_node():
            seat = state.current_player()
            assert state.legal_actions(seat) == state.legal_actions(player=seat) == state.legal_actions()
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes == fresh_outcomes(fresh) and outcomes == state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            assert legal == fresh_ids(fresh) and legal == state.legal_actions()
            legal.clear()  # a caller changing its list changes nothing kept
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        assert legal_moves(fresh) == [d.move for d in legal_actions(fresh)]  # the texts the ids are read from
        moves, weights = chance_weights(fresh)  # each outcome once, its weight over their sum its exact probability
        assert sorted((move, Fraction(weight, sum(weights))) for move, weight in zip(moves, weights)) == [
            (d.move, p) for d, p in chance_outcomes(fresh)
        ]
        fresh = step(fresh, fresh_decision(fresh, action))
        if use_child:
            parent = state
            before = parent.legal_actions(), parent.chance_outcomes()
            state = state.child(action)
            assert (parent.legal_actions(), parent.chance_outcomes()) == before  # the parent is untouched
        else:
            state.apply_action(action)
        assert state.tameri.text() == fresh.text() and [e.text for e in state.tameri.events()] == [
            e.text for e in fresh.events()
        ]
        steps += 1
    assert steps > 200 and state.returns() == game_module.TameriState(game, fresh).returns()


def test_an_illegal_id_is_refused_as_before_and_changes_nothing():
    game = pyspiel.load_game(SHORT_NAME, parameters_of(Settings.for_players(2)))
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    legal = state.legal_actions()
    before = state.tameri
    not_legal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    with pytest.raises(IllegalActionError):
        state.apply_action(not_legal)
    with pytest.raises(pyspiel.SpielError):
        state.apply_action(game.num_distinct_actions() + 5)
    assert state.tameri is before and state.legal_actions() == legal


def test_a_clone_shares_the_kept_ids_and_never_copies_them():
    game = pyspiel.load_game(SHORT_NAME, parameters_of(Settings.for_players(3)))
    state = game.new_initial_state()
    state.chance_outcomes()
    kept = state._actions
    assert kept is not None and state.clone()._actions is kept
