"""Issue 35: the engine's and the command line's last raw errors, each reproduction now a typed error (or the right
answer), and property tests of ``Settings``, the readings and the move parser: any Python value gives the right
answer or a :class:`TameriError`.

Rulebook: Possible Actions: Farmer and Merchant; the Gifts of the Gods (the decisions probed with a blank move);
Game Setup (2-4 players); the readings of ``docs/ambiguities.md``.
"""

import random
from dataclasses import fields

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tameri_kit.__main__ import main as kit_main
from tameri_kit.errors import IllegalActionError, NotationError, ReadingError, StateError, TameriError
from tameri_kit.explore.cli import main as explore_main
from tameri_kit.game import Decision, Settings, legal_actions, new_game, sample_chance, step
from tameri_kit.game.core.settings import READING_DEFAULTS
from tameri_kit.game.play.bots import BotError, play_game
from tameri_kit.game.play.engine import why_not
from tameri_kit.openspiel.extra import MAX_SIMULATIONS, check_bots
from tameri_kit.rules.glyphs import GlyphReadings
from tameri_kit.rules.readings import Readings
from tameri_kit.rules.scoring import ScoringReadings
from tameri_kit.rules.temple_state import TempleReadings


def _first_positions(settings, kinds, seeds=range(12)):
    """The first position of each decision kind in ``kinds`` over seeded random games."""
    found = {}
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(settings)
        while not state.is_terminal and len(found) < len(kinds):
            if not state.is_chance and state.top.kind in kinds:
                found.setdefault(state.top.kind, state)
            state = step(state, sample_chance(state, rng) if state.is_chance else rng.choice(legal_actions(state)))
        if len(found) == len(kinds):
            break
    return found


@pytest.fixture(scope="module")
def positions():
    found = _first_positions(Settings.for_players(3, gifts=True, promo=True), {"farmer", "merchant", "gift"})
    assert set(found) == {"farmer", "merchant", "gift"}
    return found


@pytest.mark.parametrize("kind", ["farmer", "merchant", "gift"])
@pytest.mark.parametrize("move", ["", " ", "\t", "  \n"])
def test_a_blank_move_is_an_illegal_action(positions, kind, move):
    """A blank move in a Farmer, Merchant or Gift decision: ``step`` raises IllegalActionError saying the move is
    empty (it raised IndexError), ``why_not`` says the same, and the state is unchanged."""
    state = positions[kind]
    before = state.text()
    decision = Decision(state.to_move, move)
    with pytest.raises(IllegalActionError, match="the move is empty"):
        step(state, decision)
    assert "the move is empty" in why_not(state, decision)
    assert state.text() == before


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"players": "John"}, "players is a list of 2 to 4 names"),
        ({"players": None}, "players is a list"),
        ({"players": 4}, "players is a list"),
        ({"weather": "x"}, "'weather' are the readings Readings"),
        ({"scoring": None}, "'scoring' are the readings ScoringReadings"),
        ({"temples": 5}, "'temples' are the readings TempleReadings"),
        ({"glyphs": {"board_completes": "every"}}, "'glyphs' are the readings GlyphReadings"),
    ],
)
def test_settings_refuse_values_of_the_wrong_kind(changes, words):
    """``Settings(players="John")`` once made four players J, o, h, n; ``weather="x"``, ``scoring=None`` and
    ``temples=5`` were taken and crashed later (AttributeError, TypeError).  Each is a StateError now."""
    with pytest.raises(StateError, match=words):
        Settings(**changes)


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: Readings(visible=3), "at least 5"),
        (lambda: Readings(five_silt_to="sea"), "five_silt_to"),
        (lambda: TempleReadings(free_entry="yes"), "free_entry"),
        (lambda: GlyphReadings(board_completes="last"), "board_completes"),
        (lambda: ScoringReadings(gift_items=-1), "gift_items"),
        (lambda: ScoringReadings(ghost_sphinx="never"), "X9"),
    ],
)
def test_a_reading_given_a_value_it_does_not_take_is_a_reading_error(make, words):
    """The reading classes raised a plain ValueError; now a ReadingError (a StateError, so a TameriError, and still
    a ValueError for code that caught that)."""
    with pytest.raises(ReadingError, match=words) as caught:
        make()
    assert isinstance(caught.value, TameriError) and isinstance(caught.value, ValueError)


def test_play_game_with_the_wrong_number_of_bots_is_a_bot_error():
    with pytest.raises(BotError, match="3 players need 3 bots, not 2"):
        play_game(Settings.for_players(3), 1, ["random", "random"])


def test_a_search_budget_past_the_most_is_refused(capsys):
    """``mcts:99999999999999999999999`` was taken and ran unbounded: the most is MAX_SIMULATIONS (100,000, about
    five minutes a decision), checked before anything is played; the CLI prints one error line."""
    assert MAX_SIMULATIONS == 100_000
    check_bots([f"mcts:{MAX_SIMULATIONS}"])
    for spec in ("mcts:99999999999999999999999", f"ismcts:{MAX_SIMULATIONS + 1}", "mcts:\u0661\u0662"):
        with pytest.raises(BotError, match="from 1 to 100,000"):
            check_bots([spec])
    code = explore_main(["--players", "2", "--bots", "mcts:99999999999999999999999,random", "--games", "1"])
    err = capsys.readouterr().err
    assert code == 1 and err.startswith("error: the bot 'mcts'") and "Traceback" not in err


def test_explore_on_a_one_line_file_says_it_is_not_a_results_file(tmp_path, capsys):
    """``explore --out notes.txt`` where notes.txt holds one line without a newline said "empty"; now it says the
    file is not a results file, and the file is left as it was."""
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes on the Ghost", encoding="utf-8")
    code = explore_main(["--players", "2", "--bots", "random", "--games", "1", "--no-progress", "--out", str(notes)])
    err = capsys.readouterr().err
    assert code == 1 and "not a results file (its first line is no results header" in err and "empty" not in err
    assert notes.read_text(encoding="utf-8") == "my notes on the Ghost"


def test_the_top_level_help_lists_explore(capsys):
    with pytest.raises(SystemExit) as done:
        kit_main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "{data,play,replay,share,explore}" in out and "explore  " in out


@pytest.mark.parametrize(
    "argv, words",
    [
        (["play", "--players", "9"], "error: argument --players: invalid choice: 9"),
        (["bogus"], "error: argument command: invalid choice: 'bogus'"),
        (["explore", "--games", "x"], "error: argument --games: invalid int value: 'x'"),
        (["explore", "--players"], "error: argument --players: expected one argument"),
    ],
)
def test_an_argument_error_is_one_error_line(argv, words, capsys):
    """An argument error printed argparse's usage block before the error; now one line, ``error: ...`` and where
    the options are explained, exit code 2."""
    with pytest.raises(SystemExit) as done:
        kit_main(argv)
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(words) and err.count("\n") == 1 and "usage:" not in err and "--help)" in err


# --- property tests: any Python value gives the right answer or a TameriError --------------------------------
ANY = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12) | st.binary(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=6,
)
NAMES = st.sampled_from(["John", "George", "Paul", "Ringo", "Ann", "Ghost", "chance", "Amun", "1x", "", "J o"])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(ANY, st.lists(NAMES, max_size=5), st.lists(NAMES, max_size=5).map(tuple)))
def test_settings_players_take_any_value(players):
    """2-4 different names (one word each, not a reserved word) give those players; anything else a TameriError."""
    try:
        made = Settings(players=players)
    except TameriError:
        return
    assert isinstance(players, (list, tuple)) and made.players == tuple(players) and 2 <= len(made.players) <= 4


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(READING_DEFAULTS)), ANY)
def test_settings_readings_take_any_value(group, value):
    try:
        made = Settings(**{group: value})
    except TameriError:
        return
    assert getattr(made, group) is value


READING_FIELDS = [(type(default), item.name) for default in READING_DEFAULTS.values() for item in fields(default)]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(READING_FIELDS), ANY)
def test_each_reading_takes_any_value(where, value):
    """A reading class with any value in one field: the value kept (it is one the reading takes) or a
    ReadingError; and a value kept makes settings that read back from their record."""
    kind, name = where
    try:
        made = kind(**{name: value})
    except ReadingError:
        return
    assert getattr(made, name) == value
    group = next(group for group, default in READING_DEFAULTS.items() if isinstance(default, kind))
    game = Settings(**{group: made})
    assert Settings.from_dict(game.to_dict()) == game


@pytest.fixture(scope="module")
def decision_positions():
    return list(
        _first_positions(Settings.for_players(3, gifts=True), {"farmer", "merchant", "gift", "choose"}).values()
    )


MOVE_TEXT = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="farmer merchant gift play pay take 0123456789 N-barley ,.:-+\t", max_size=30),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(MOVE_TEXT, st.integers(0, 3))
def test_any_move_text_is_a_move_or_a_tameri_error(decision_positions, move, which):
    """Any move text in four kinds of decision: ``step`` plays it (it is legal) or raises a TameriError
    (IllegalActionError or NotationError); ``why_not`` answers with text or the same kind of error; the text
    form ``NAME: MOVE`` parses back or raises NotationError."""
    state = decision_positions[which % len(decision_positions)]
    decision = Decision(state.to_move, move)
    legal = {d.move for d in legal_actions(state)}
    try:
        step(state, decision)
        assert move in legal
    except TameriError as error:
        assert move not in legal and isinstance(error, (IllegalActionError, NotationError))
    try:
        assert isinstance(why_not(state, decision), str)
    except TameriError:
        pass
    try:
        Decision.parse(f"{state.to_move}: {move}")
    except NotationError:
        pass
