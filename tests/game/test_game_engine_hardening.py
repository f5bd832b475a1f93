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


# --- the rule bug: a Priest may enter a Temple with a Worker moved from elsewhere (reading E5) ---------------------
def _george_with_a_merchant_and_an_unused_worker():
    from test_game_examples import setp, started

    from tameri_kit.game.play.engine import with_turn
    from tameri_kit.rules.offering import Stock

    state = started(4)
    state = setp(state, "George", workers=4, farmers=("N-barley",), merchant=2, reserve=Stock(2, 2, 2, 2))
    assert state.free_workers(state.seat("George")) == 2  # 4 Workers: a Farmer, a Merchant, 2 unused
    return with_turn(state, "George", ["priest"])


def test_a_priest_may_enter_with_a_worker_moved_from_the_market_while_one_is_unused():
    """Possible Actions (placing a Worker): an unused Worker *or* one moved from elsewhere (not from a Temple)."""
    from test_game_examples import moves

    state = step(_george_with_a_merchant_and_an_unused_worker(), "George: do priest")
    listed = moves(state)
    assert "priest enters Amun +1 pay barley" in listed  # an unused Worker
    assert "priest enters Amun +1 pay barley from merchant" in listed  # the Merchant moved to the Temple
    assert "priest enters Amun +1 pay barley from N-barley" in listed  # a Farmer moved to the Temple
    after = step(state, "George: priest enters Amun +1 pay barley from merchant")
    george = after.player("George")
    assert george.merchant is None and after.priests_of(after.seat("George")) == 1
    assert after.free_workers(after.seat("George")) == 2  # the unused ones stay unused


def test_free_advances_offer_every_worker_source_too():
    """Buildings G1-G5, Priest cards and Sphinx 6B enter Temples through the same moves."""
    from tameri_kit.game.rules_of_play.actions.priest import priest_moves
    from tameri_kit.rules.temple_moves import free_advance

    state = _george_with_a_merchant_and_an_unused_worker()
    listed = [text for text, _ in priest_moves(state, state.seat("George"), free_advance(2))]
    assert any(text.endswith("from merchant") for text in listed)
    assert any(text.startswith("enters") and "from" not in text for text in listed)


# --- readings registered in docs/ambiguities.md (E13-E16) ---------------------------------------------------------
def test_e13_season0_farmer_may_join_a_field_with_room():
    """E13: Season 0 step 6 ("a Farmer in an empty field"): a field where another player already has a Farmer is
    allowed while it has a free space."""
    from tameri_kit.game import legal_actions

    state, rng = new_game(Settings.for_players(4)), random.Random(3)
    while state.top.kind != "season_zero_farmer":
        state = step(state, sample_chance(state, rng) if state.is_chance else legal_actions(state)[0])
    first = state.to_move
    state = step(state, f"{first}: farmer N-barley")
    assert state.top.kind == "season_zero_farmer" and state.to_move != first
    assert "farmer N-barley" in [d.move for d in legal_actions(state)]  # 4 players: 3 spaces on N-barley


def test_e14_a_once_per_turn_effect_used_in_another_players_turn_is_free_again_in_ones_own():
    """E14: A2/A5 "once per turn" counts turns: a use in another player's turn (a Farmer action gained by a push)
    is forgotten when that turn ends (Phase 4)."""
    from test_game_examples import setp, started

    from tameri_kit.game.rules_of_play.game_effects import usable_effects
    from tameri_kit.game.rules_of_play.flow import end_turn
    from tameri_kit.game.core.working import WorkingGame
    from tameri_kit.rules.action_cards import Action

    state = setp(started(4), "John", buildings=("A2", "A5"))
    john = state.seat("John")
    other = (john + 1) % 4
    state = state.but(
        order=(other, john, (john + 2) % 4, (john + 3) % 4), turn=0, phase="turns", used=(f"{john}:A2", f"{john}:A5")
    )
    assert usable_effects(state, john, Action.FARMER) == ()  # used in the other player's turn
    game = WorkingGame(state)
    end_turn(game, other)
    assert usable_effects(game, john, Action.FARMER) == ("A2", "A5")  # John's own turn: available again


def test_e15_b1_scores_when_the_decoration_action_is_taken_even_if_nothing_is_decorated():
    """E15: B1 scores its 2 points for taking the Decoration action, "decorate pass" included (A3 and B4 score
    only once their action is under way: a Merchant placed, a Sphinx paid for)."""
    from test_game_examples import play, setp, started

    from tameri_kit.game.play.engine import with_turn

    state = setp(started(), "John", buildings=("B1",), score=0)
    state = play(with_turn(state, "John", ["decoration"]), "John: do decoration", "John: decorate pass")
    assert state.player("John").score == 2


def test_e16_sphinx_action_with_the_avenue_full_and_f1_silt_without_asking():
    """E16: with all 10 Sphinx spaces built, the Sphinx action goes straight to activating one's Sphinxes; F1-F3
    give their Silt sphere without asking (gaining never hurts: it may be placed or kept)."""
    from test_game_examples import moves, play, setp, started

    from tameri_kit.game.rules_of_play.game_effects import building_instant_frames
    from tameri_kit.game.play.engine import with_turn
    from tameri_kit.game.core.working import WorkingGame
    from tameri_kit.rules.offering import Stock

    state = setp(started(), "John", reserve=Stock(0, 0, 0, 2), sphinxes=1)
    john = state.seat("John")
    state = state.but(sphinx_owner=(john,) + ((john + 1) % 4,) * 9)
    state = play(with_turn(state, "John", ["sphinx"]), "John: do sphinx", "John: pay 1 fruit")
    assert all(m.startswith("activate") for m in moves(state))
    frames = building_instant_frames(WorkingGame(state), john, "F1")
    kinds = [(f.kind, f.colour if f.kind == "remove" else f.effect) for f in frames]
    assert kinds == [("remove", "S"), ("remove", "S"), ("effect", "silt")]
