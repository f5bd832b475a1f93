"""OpenSpiel's own checks on ``python_tameri``: ``pyspiel.random_sim_test`` over every mode (with and without
serialization), cloning, the serialization round trip, returns, and the game parameters.

Rulebook: the whole game; +1 Player Mode; the Gifts of the Gods and the promo cards (as settings).
"""

import pickle
from dataclasses import replace

import pyspiel
import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tameri_kit.errors import TameriError
from tameri_kit.game import Settings
from tameri_kit.rules.scoring import SCORING_DEFAULT
from tameri_kit.openspiel.parameters import DEFAULTS
from tameri_kit.openspiel import SHORT_NAME, ActionIdError, OpenSpielSettingsError, TameriGame, parameters_of
from tameri_kit.rules.glyphs import GlyphReadings
from tameri_kit.rules.readings import Readings
from tameri_kit.rules.temple_state import TempleReadings

#: every mode of the issue, readings and a custom Ghost included, each played 5 times by OpenSpiel's own harness with
#: serialization (the state's game string and history written and read back at every step); a longer run is in
#: docs/openspiel.md
HARNESS = [
    "python_tameri(players=2)",
    "python_tameri(players=3,promo=true)",
    "python_tameri(players=4,gifts=true,gift_discards=true,returns=win)",
    "python_tameri(players=1,ghost=hard)",
    "python_tameri(players=2,ghost=custom,ghost_spaces=2/3/4,ghost_score=7,gifts=true,promo=true)",
    "python_tameri(players=3,ghost=easy,gifts=true,gift_cards=listed,returns=win)",
    "python_tameri(players=3,weather_visible=0,scoring_d4_last=false,scoring_hand_glyphs=by_side,"
    "temples_free_steps=exact,glyphs_board_completes=every,field_extra_space=E0N3S0W4)",
]
SIMULATIONS = 5


@pytest.mark.parametrize("name", HARNESS)
def test_random_sim_test_with_serialization_passes(name):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=SIMULATIONS, serialize=True, verbose=False)


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
        ({"gift_cards": "some"}, "gift_cards"),
        ({"weather_visible": 3}, "at least 5"),
        ({"weather_visible": "none"}, "weather_visible is a whole number"),
        ({"scoring_hand_glyphs": "by_colour"}, "scoring_hand_glyphs is 'by_kind' or 'by_side'"),
        ({"scoring_d4_last": "no"}, "scoring_d4_last is true or false"),
        ({"scoring_gift_items": -1}, "gift_items"),
        ({"field_extra_space": "N5"}, "field_extra_space is each river letter"),
        ({"field_extra_space": "N3N3"}, "field_extra_space is each river letter"),
        ({"ghost": "custom", "players": 2}, "ghost_spaces"),
        ({"ghost": "custom", "players": 2, "ghost_spaces": "2/3"}, "ghost_spaces is"),
        ({"ghost": "custom", "players": 2, "ghost_spaces": "2/3/9"}, "1-8 each"),
        ({"ghost_spaces": "2/3/4"}, "ghost='custom'"),
        ({"colour": "red"}, "no parameter"),
        ({"readings": "scoring.d4_last=false"}, "no parameter"),
    ],
)
def test_a_bad_parameter_gets_the_kits_error(parameters, words):
    with pytest.raises(OpenSpielSettingsError, match=words) as caught:
        TameriGame(parameters)
    assert isinstance(caught.value, TameriError)


#: settings of every kind a game string must carry: modes, a custom Ghost, the fields' spaces and readings
ROUND_TRIP = [
    Settings.for_players(4, gifts=True, gift_discards=True, promo=True),
    Settings.for_players(2, ghost="intermediate"),
    Settings.for_players(3, ghost="easy", gifts=True, gift_cards="listed"),
    Settings.for_players(1, ghost="custom", ghost_spaces=(2, 3, 4), ghost_score=7),
    Settings.for_players(2, ghost="custom", ghost_spaces=(1, 1, 8)),
    Settings.for_players(3).but(scoring=replace(SCORING_DEFAULT, d4_last=False, hand_glyphs="by_side", gift_items=2)),
    Settings.for_players(2).but(weather=Readings(visible=None, five_silt_to="supply", repeat_five_check=True)),
    Settings.for_players(2).but(weather=Readings(visible=7, settle_after_removal=False)),
    Settings.for_players(4).but(
        temples=TempleReadings(free_steps="exact", free_entry=False),
        glyphs=GlyphReadings(board_completes="every"),
        field_extra_space=(("E", 0), ("N", 3), ("S", 2), ("W", 4)),
    ),
    Settings.for_players(2, ghost="hard").but(scoring=replace(SCORING_DEFAULT, ghost_sphinx="built")),
]


@pytest.mark.parametrize("settings", ROUND_TRIP, ids=range(len(ROUND_TRIP)))
def test_a_games_string_loads_back_as_the_same_game(settings):
    """Every setting and reading is a parameter of the game string: ``load_game(str(game))`` is the same game (the
    same settings and string), and so is a pickled game; a state part-way through serializes with its game and
    pickles, and comes back with the same history and table."""
    game = pyspiel.load_game(SHORT_NAME, parameters_of(settings))
    assert game.settings == settings
    again = pyspiel.load_game(str(game))
    assert again.settings == settings and str(again) == str(game) and again == game
    assert pickle.loads(pickle.dumps(game)).settings == settings
    state = _play(game.new_initial_state(), 150)
    new_game, new_state = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert new_game.settings == settings and new_state.history() == state.history() and str(new_state) == str(state)
    unpickled = pickle.loads(pickle.dumps(state))
    assert unpickled.history() == state.history() and str(unpickled) == str(state)


def test_the_readme_form_of_a_reading_loads():
    """The form the README shows: a reading as its own parameter, W1's "every sphere visible" as 0."""
    game = pyspiel.load_game("python_tameri(players=2,scoring_d4_last=false,weather_visible=0)")
    assert game.settings.scoring.d4_last is False and game.settings.weather.visible is None
    assert "scoring_d4_last=False" in str(game) and "weather_visible=0" in str(game)


def test_parameters_of_settings_give_the_same_settings():
    for settings in ROUND_TRIP:
        assert TameriGame(parameters_of(settings)).settings == settings
    assert parameters_of(Settings.for_players(3)) == {"players": 3, "ghost": "none"}
    with pytest.raises(OpenSpielSettingsError, match="names its seats"):
        parameters_of(Settings(players=("Ann", "Bob")))


def test_load_game_passes_the_kits_error_through():
    """Through OpenSpiel's own loader the kit's error arrives unchanged (a parameter name OpenSpiel does not know
    is refused by OpenSpiel itself, naming the known ones)."""
    with pytest.raises(OpenSpielSettingsError, match="players is 2 to 4 without a Ghost, not 7"):
        pyspiel.load_game("python_tameri(players=7)")
    with pytest.raises(pyspiel.SpielError, match="Available parameters are: field_extra_space, ghost"):
        pyspiel.load_game("python_tameri(colour=red)")
    with pytest.raises(OpenSpielSettingsError, match="at least 5"):
        pyspiel.load_game("python_tameri(weather_visible=3)")
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter weather_visible"):
        pyspiel.load_game("python_tameri(weather_visible=none)")


def test_action_ids_are_range_checked():
    """An id outside the tables is OpenSpiel's error (a SpielError naming the range), not another action read
    from the end of the table (``a - num_distinct_actions()`` once played action ``a``) nor an IndexError; the
    state is unchanged.  At a chance node the chance table's range holds."""
    game = pyspiel.load_game("python_tameri(players=2)")
    state = _play(game.new_initial_state(), 40)
    while state.is_chance_node():
        _play(state, 1)
    history = state.history()
    legal = state.legal_actions()[0]
    for bad in (legal - game.num_distinct_actions(), -1, game.num_distinct_actions(), 10**9):
        with pytest.raises(pyspiel.SpielError, match=str(bad)):  # -1 is OpenSpiel's own kInvalidAction check
            state.apply_action(bad)
        assert state.history() == history
    chance = game.new_initial_state()
    with pytest.raises(ActionIdError, match="no chance outcome id"):
        chance.apply_action(game.max_chance_outcomes())
    assert isinstance(ActionIdError("x"), TameriError)


@pytest.mark.parametrize(
    "name, utility, total",
    [
        ("python_tameri(players=3)", pyspiel.GameType.Utility.GENERAL_SUM, None),
        ("python_tameri(players=3,returns=win)", pyspiel.GameType.Utility.CONSTANT_SUM, 1.0),
        ("python_tameri(players=2,ghost=easy,returns=win)", pyspiel.GameType.Utility.GENERAL_SUM, None),
        ("python_tameri(players=1,ghost=hard,returns=win)", pyspiel.GameType.Utility.GENERAL_SUM, None),
    ],
)
def test_the_game_type_fits_the_returns(name, utility, total):
    """Points are general-sum; the shares of the win sum to 1 without the Ghost (constant-sum) and to 0 or 1 with
    it (the Ghost's win is no player's: general-sum).  The registered type is the general one (true of every
    setting); each game's own type is exact, with its utility sum."""
    game = pyspiel.load_game(name)
    assert game.get_type().utility == utility
    assert game.utility_sum() == total
    registered = next(t for t in pyspiel.registered_games() if t.short_name == SHORT_NAME)
    assert registered.utility == pyspiel.GameType.Utility.GENERAL_SUM


ANY = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9) | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=2),
    max_leaves=4,
)
PLAUSIBLE = st.sampled_from(
    ["none", "easy", "custom", "all", "listed", "win", "points", "2/3/4", "E4N3S3W4", "by_side", "exact", "", 0, 3]
)


@hypothesis_settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(DEFAULTS) + ["readings", "colour"]), ANY | PLAUSIBLE, max_size=4))
def test_any_parameters_give_a_game_or_the_kits_error(params):
    """Any values of any parameters (as a dict, past OpenSpiel's type check): a game whose parameters give back its
    settings, or an OpenSpielSettingsError - never another exception."""
    try:
        game = TameriGame(params)
    except OpenSpielSettingsError:
        return
    assert TameriGame(parameters_of(game.settings)).settings == game.settings
