"""OpenSpiel's own checks on ``python_tameri``: ``pyspiel.random_sim_test`` over every mode (with and without
serialization), cloning, the serialization round trip, returns, and the game parameters.

Rulebook: the whole game; +1 Player Mode; the Gifts of the Gods and the promo cards (as settings).
"""

import pickle
from dataclasses import replace

import pyspiel
import pytest

from tameri_kit.errors import TameriError
from tameri_kit.game import Settings
from tameri_kit.rules.scoring import SCORING_DEFAULT
from tameri_kit.openspiel import OpenSpielSettingsError, TameriGame, parameters_of

#: (game string, simulations): every mode of the issue; sized so the file runs in about a minute on one core
HARNESS = [
    ("python_tameri(players=2)", 2),
    ("python_tameri(players=3)", 1),
    ("python_tameri(players=4)", 1),
    ("python_tameri(players=1,ghost=hard)", 2),
    ("python_tameri(players=3,ghost=easy)", 1),
    ("python_tameri(players=3,gifts=True,promo=True)", 1),
    ("python_tameri(players=4,gifts=True,gift_discards=True,promo=True,returns=win)", 1),
]


@pytest.mark.parametrize("name, sims", HARNESS, ids=[name for name, _ in HARNESS])
@pytest.mark.parametrize("serialize", [False, True], ids=["plain", "serialized"])
def test_random_sim_test_passes(name, sims, serialize):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=sims, serialize=serialize, verbose=False)


def _play(state, entries):
    """Apply the lowest-id chance outcome / highest-id legal action ``entries`` times (or to the end)."""
    for _ in range(entries):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[-1])
    return state


def test_a_clone_matches_and_is_independent():
    game = pyspiel.load_game("python_tameri(players=3)")
    state = _play(game.new_initial_state(), 120)
    twin = state.clone()
    assert str(twin) == str(state) and twin.history() == state.history()
    assert twin.legal_actions() == state.legal_actions()
    _play(twin, 5)
    assert len(twin.history()) == len(state.history()) + 5
    assert str(state) == str(_play(game.new_initial_state(), 120))


def test_serialization_round_trip():
    game = pyspiel.load_game("python_tameri(players=2,promo=True)")
    state = _play(game.new_initial_state(), 150)
    text = pyspiel.serialize_game_and_state(game, state)
    new_game, new_state = pyspiel.deserialize_game_and_state(text)
    assert str(new_game) == str(game)
    assert new_state.history() == state.history()
    assert str(new_state) == str(state)
    assert new_state.information_state_string(1) == state.information_state_string(1)


def test_pickle_round_trip():
    game = pyspiel.load_game("python_tameri(players=2)")
    state = _play(game.new_initial_state(), 80)
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_chance_probabilities_are_the_engines_exact_ones():
    """The first chance node of the set-up reveals a Building card (Game Setup 1e): every Building of the deck
    is equally likely, so each of the outcomes has probability 1 over their number, and they sum to 1."""
    state = pyspiel.load_game("python_tameri(players=2)").new_initial_state()
    outcomes = state.chance_outcomes()
    assert all(state.action_to_string(-1, a).startswith("chance: building ") for a, _ in outcomes)
    assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_returns_points_and_share_of_win():
    """The same seeded game scored two ways: points are the final totals of the kit's outcome; "win" gives 1 to
    the single winner (or splits 1 among the winners) and 0 to the others, so it sums to 1 without a Ghost."""
    points = pyspiel.load_game("python_tameri(players=3)")
    wins = pyspiel.load_game("python_tameri(players=3,returns=win)")
    assert wins.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    final_points = _play(points.new_initial_state(), 5000)
    final_wins = _play(wins.new_initial_state(), 5000)
    assert final_points.is_terminal() and final_wins.is_terminal()
    outcome = final_points.tameri.outcome
    assert final_points.returns() == [float(outcome.total(name)) for name in ("John", "George", "Paul")]
    shares = final_wins.returns()
    assert sum(shares) == pytest.approx(1.0)
    assert [name for name, share in zip(("John", "George", "Paul"), shares) if share > 0] == list(outcome.winners)


@pytest.mark.parametrize(
    "parameters, words",
    [
        ({"players": 5}, "players is 2 to 4"),
        ({"players": 4, "ghost": "hard"}, "players is 1 to 3"),
        ({"ghost": "scary"}, "ghost is one of"),
        ({"returns": "glory"}, "returns is"),
        ({"gift_discards": True}, "needs gifts=True"),
        ({"readings": "weather"}, "readings are written"),
        ({"readings": "scoring.no_such_reading=1"}, "no_such_reading"),
        ({"colour": "red"}, "no parameter"),
    ],
)
def test_a_bad_parameter_gets_the_kits_error(parameters, words):
    with pytest.raises(OpenSpielSettingsError, match=words) as caught:
        TameriGame(parameters)
    assert isinstance(caught.value, TameriError)


def test_parameters_of_settings_give_the_same_settings():
    for settings in (
        Settings.for_players(4, gifts=True, gift_discards=True, promo=True),
        Settings.for_players(2, ghost="intermediate"),
        Settings.for_players(3).but(scoring=replace(SCORING_DEFAULT, d4_last=False)),
    ):
        assert TameriGame(parameters_of(settings)).settings == settings
    with pytest.raises(OpenSpielSettingsError, match="these settings differ"):
        parameters_of(Settings(players=("Ann", "Bob")))


def test_load_game_passes_the_kits_error_through():
    """Through OpenSpiel's own loader the kit's error arrives unchanged (a parameter name OpenSpiel does not know
    is refused by OpenSpiel itself, naming the known ones)."""
    with pytest.raises(OpenSpielSettingsError, match="players is 2 to 4 without a Ghost, not 7"):
        pyspiel.load_game("python_tameri(players=7)")
    with pytest.raises(pyspiel.SpielError, match="Available parameters are: ghost"):
        pyspiel.load_game("python_tameri(colour=red)")
