"""The tensors of ``python_tameri``: declared shapes, the layout's pieces, secrecy (a seat's tensor is the same for
two states that differ only in what it cannot see), the observation type asked honoured, and a learning algorithm of
OpenSpiel's run end to end through ``rl_environment``.

Rulebook: Season 0 (the cards dealt are kept in hand, unseen by the others); Phase 2 (the card chosen in secret);
Game Setup 1e (the Building cards are revealed face up, for everyone).
"""

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import tabular_qlearner
from open_spiel.python.observation import make_observation

from tameri_kit.game import view
from tameri_kit.openspiel import OpenSpielSettingsError, chance_id
from tameri_kit.openspiel.observation import CARD_INDEX, SEAT_PIECES, TABLE_PIECES, layout

PUBLIC = pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE)
EVERYONE = pyspiel.IIGObservationType(
    perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
)


def _random_state(game, steps, seed=0):
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(
    "name",
    [
        "python_tameri(players=2)",
        "python_tameri(players=4,gifts=true,gift_discards=true,promo=true)",
        "python_tameri(players=1,ghost=hard)",
        "python_tameri(players=3,ghost=easy,gifts=true)",
    ],
)
def test_the_tensors_have_their_declared_shapes_in_every_mode(name):
    """Both tensors have the shape the game declares (the same in every mode: 4 seat blocks), the observer's pieces
    are the documented layout in order, and a position part-way through fills them with numbers a seat can read:
    its own hand in its block 0, as many cards as its hand holds."""
    game = pyspiel.load_game(name)
    assert game.get_type().provides_observation_tensor and game.get_type().provides_information_state_tensor
    observation_size = sum(int(np.prod(shape)) for shape in layout(False).values())
    assert game.observation_tensor_shape() == [observation_size]
    assert game.information_state_tensor_shape() == [observation_size + 8]
    state = _random_state(game, 150)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    tensor = np.array(state.observation_tensor(player))
    assert tensor.shape == (observation_size,) and np.isfinite(tensor).all()
    assert len(state.information_state_tensor(player)) == observation_size + 8
    observer = make_observation(game)
    assert list(observer.dict) == list(layout(False))
    observer.set_from(state, player)
    assert np.array_equal(observer.tensor, tensor)
    hand = state.tameri.players[player].hand
    assert observer.dict["seat0.hand_size"][0] == len(hand) == observer.dict["seat0.hand"].sum()
    assert all(observer.dict["seat0.hand"][CARD_INDEX[number]] == 1 for number in hand)
    assert observer.dict["to_move"][0] == 1  # the player to move is seat block 0 of its own tensor
    assert set(TABLE_PIECES) < set(observer.dict) and all(f"seat3.{piece}" in observer.dict for piece in SEAT_PIECES)


def _dealing_to_george(state):
    if not state.is_chance_node() or len(state.chance_outcomes()) < 2:
        return False
    first = state.child(state.chance_outcomes()[0][0])
    return (
        view(first.tameri, "John").counts["hands"]["George"] == view(state.tameri, "John").counts["hands"]["George"] + 1
    )


def _advance(state, until):
    while not until(state):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def _tensors(state, seat, observer=None):
    if observer is None:
        return np.array(state.observation_tensor(seat)), np.array(state.information_state_tensor(seat))
    observer.set_from(state, seat)
    return observer.tensor.copy()


def test_a_card_dealt_to_george_changes_georges_tensors_only():
    """Season 0: two states that differ only in one card dealt to George.  John's and Paul's tensors (both kinds)
    are equal; George's differ (his hand).  A public-only observer's tensor is equal for George too."""
    game = pyspiel.load_game("python_tameri(players=3)")
    state = _advance(game.new_initial_state(), _dealing_to_george)
    (a, _), (b, _) = state.chance_outcomes()[:2]
    one, other = state.child(a), state.child(b)
    for seat in (0, 2):
        for x, y in zip(_tensors(one, seat), _tensors(other, seat)):
            assert np.array_equal(x, y)
    assert not np.array_equal(_tensors(one, 1)[0], _tensors(other, 1)[0])
    public = make_observation(game, PUBLIC)
    assert np.array_equal(_tensors(one, 1, public), _tensors(other, 1, public))
    everyone = make_observation(game, EVERYONE)
    assert not np.array_equal(_tensors(one, 0, everyone), _tensors(other, 0, everyone))


def test_the_card_john_chooses_is_in_his_tensor_only():
    """Phase 2: two different cards chosen by John.  George's and Paul's tensors are equal, John's differ (the card
    set aside); the public-only observer of John and its string show neither card."""
    game = pyspiel.load_game("python_tameri(players=3)")

    def john_chooses(state):
        return (
            not state.is_chance_node()
            and state.current_player() == 0
            and state.action_to_string(0, state.legal_actions()[0]).startswith("John: play ")
        )

    state = _advance(game.new_initial_state(), john_chooses)
    first, second = state.legal_actions()[:2]
    one, other = state.child(first), state.child(second)
    for seat in (1, 2):
        for x, y in zip(_tensors(one, seat), _tensors(other, seat)):
            assert np.array_equal(x, y)
    assert not np.array_equal(_tensors(one, 0)[0], _tensors(other, 0)[0])
    public = make_observation(game, PUBLIC)
    assert np.array_equal(_tensors(one, 0, public), _tensors(other, 0, public))
    assert public.string_from(one, 0) == public.string_from(other, 0)
    hand = " ".join(str(n) for n in one.tameri.players[0].hand)
    assert f"hand {hand}" not in public.string_from(one, 0) and f"hand {hand}" in one.observation_string(0)


def test_a_building_revealed_changes_every_tensor():
    game = pyspiel.load_game("python_tameri(players=2)")
    state = game.new_initial_state()
    one, other = state.child(chance_id("building A1")), state.child(chance_id("building B1"))
    for seat in (0, 1):
        assert not np.array_equal(_tensors(one, seat)[0], _tensors(other, seat)[0])
        assert not np.array_equal(
            _tensors(one, seat, make_observation(game, PUBLIC)), _tensors(other, seat, make_observation(game, PUBLIC))
        )


def test_the_observer_refuses_unknown_parameters():
    game = pyspiel.load_game("python_tameri(players=2)")
    with pytest.raises(OpenSpielSettingsError, match="takes no parameters"):
        make_observation(game, params={"resolution": "high"})


def test_q_learning_runs_on_the_game_through_rl_environment():
    """``rl_environment.Environment`` takes the game (its information state tensors; chance sampled by the
    environment), and OpenSpiel's tabular Q-learner (``tabular_qlearner.QLearner``, numpy only) plays and learns one
    whole 2-player game against itself: the shares of the win sum to 1 and the winner's last decision has earned a
    positive value.  (DQN, NFSP and policy gradients take the same time steps but need PyTorch or JAX, which the kit
    does not install.)"""
    game = pyspiel.load_game("python_tameri(players=2,returns=win)")
    env = rl_environment.Environment(game, seed=3)
    actions = env.action_spec()["num_actions"]
    assert actions == game.num_distinct_actions()
    assert env.observation_spec()["info_state"] == tuple(game.information_state_tensor_shape())
    agents = [tabular_qlearner.QLearner(player_id=seat, num_actions=actions) for seat in range(2)]
    time_step = env.reset()
    steps = 0
    while not time_step.last():
        seat = time_step.observations["current_player"]
        output = agents[seat].step(time_step)
        assert output.action in time_step.observations["legal_actions"][seat]
        time_step = env.step([output.action])
        steps += 1
    for agent in agents:
        agent.step(time_step)
    assert steps > 100 and sum(time_step.rewards) == pytest.approx(1.0)
    winner = int(np.argmax(time_step.rewards))
    learned = [value for values in agents[winner]._q_values.values() for value in values.values()]
    assert max(learned) > 0
