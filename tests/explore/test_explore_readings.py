"""Readings as factors of a sweep (``explore --reading NAME=VALUE``) and two readings compared on the same seeds;
the command's summary (seat 1 = the first player, the overall test, the differences, the many-questions warning)."""

import json
from dataclasses import asdict

import pandas as pd
import pytest

from tameri_kit.explore import ExploreError, game_row, run_games
from tameri_kit.explore.cli import main as explore_main
from tameri_kit.explore.readings import (
    READING_IDS,
    compare_readings,
    parse_reading,
    reading_changes,
    reading_names,
    winner_changes,
    with_readings,
)
from tameri_kit.explore.summary import summary_lines
from tameri_kit.game import Settings
from tameri_kit.game.core.settings import READING_DEFAULTS

TWO = Settings.for_players(2)
ROOT_DOCS = __import__("pathlib").Path(__file__).resolve().parents[2] / "docs" / "ambiguities.md"


def test_every_reading_id_names_a_field_and_an_entry_of_the_register():
    register = ROOT_DOCS.read_text(encoding="utf-8")
    for key, (group, field) in READING_IDS.items():
        assert f"### {key} " in register, key
        assert f"{group}.{field}" in reading_names()
    assert set(reading_names()) == {
        f"{group}.{name}" for group, default in READING_DEFAULTS.items() for name in asdict(default)
    }


@pytest.mark.parametrize(
    "text, expected",
    [
        ("W1=none", ("weather", "visible", None)),
        ("w1=7", ("weather", "visible", 7)),
        ("weather.repeat_five_check=true", ("weather", "repeat_five_check", True)),
        ("T2=exact", ("temples", "free_steps", "exact")),
        ("S7=2", ("scoring", "gift_items", 2)),
    ],
)
def test_parse_reading(text, expected):
    assert parse_reading(text) == expected


@pytest.mark.parametrize(
    "text, message",
    [
        ("W4=none", "unknown reading 'W4'; known readings: W1 (weather.visible)"),
        ("visible", "a reading is NAME=VALUE"),
        ("G1=sometimes", "reading G1 (glyphs.board_completes) takes first or every, not 'sometimes'"),
        ("W3=maybe", "takes true or false"),
        ("W1=4", "at least 5"),
    ],
)
def test_bad_readings_are_clear_errors(text, message):
    with pytest.raises(ExploreError, match=message.replace("(", r"\(").replace(")", r"\)")):
        with_readings(TWO, [text])


def test_a_reading_equal_to_the_default_plays_the_same_games():
    """``W1=5`` and ``S6=by_kind`` are the kit's own readings: the settings are equal and the games (every field of
    the row, the totals, the winners, the record's length) identical, seed by seed."""
    same = with_readings(TWO, ["W1=5", "S6=by_kind"])
    assert same == TWO and reading_changes(same) == {}
    for seed in (0, 1, 7):
        assert game_row(same, ["random", "random"], seed) == game_row(TWO, ["random", "random"], seed)


def test_a_reading_changes_exactly_that_setting():
    changed = with_readings(TWO, ["G1=every"])
    assert reading_changes(changed) == {"glyphs.board_completes": "every"}
    before, after = TWO.to_dict(), changed.to_dict()
    assert {key for key in after if after[key] != before.get(key)} == {"glyphs"}
    assert after["glyphs"] == {"board_completes": "every"}
    assert changed.but(glyphs=TWO.glyphs) == TWO


def test_the_command_records_the_reading_and_refuses_to_resume_under_another(tmp_path, capsys):
    out = tmp_path / "w1.jsonl"
    argv = ["--players", "2", "--bots", "random", "--games", "2", "--workers", "1", "--no-progress"]
    assert explore_main(argv + ["--reading", "W1=none", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "under weather.visible=None" in printed
    header = json.loads(out.read_text().splitlines()[0])
    assert header["settings"]["weather"] == {"visible": None}
    assert explore_main(argv + ["--out", str(out)]) == 1
    error = capsys.readouterr().err
    assert error.startswith("error: ") and "played under weather.visible=None" in error
    assert "this run asks for the default readings" in error
    assert explore_main(argv + ["--reading", "W9=1", "--out", str(tmp_path / "x.jsonl")]) == 2
    assert capsys.readouterr().err.startswith("error: unknown reading 'W9'")
    assert not (tmp_path / "x.jsonl").exists()


# -- two readings on the same seeds -------------------------------------------------------------------------------
def _table(games):
    """(seed, bots, totals, winners) per game, one game per seed."""
    return pd.DataFrame(
        [
            {
                "seed": seed,
                "rotation": 0,
                "players": len(bots),
                "seats": [f"P{i}" for i in range(len(bots))],
                "bots": bots,
                "totals": totals,
                "winners": winners,
                "buildings": [[]] * len(bots),
                "sphinxes": [0] * len(bots),
                "face_down": [0] * len(bots),
                "deben": [0] * len(bots),
            }
            for seed, bots, totals, winners in games
        ]
    )


def test_compare_readings_by_hand():
    """Four seeds, bots a and b.  Under the first reading a wins all four; under the second b wins seeds 2 and 3.
    a's win rate moves from 1 to 1/2 (change -1/2), b's from 0 to 1/2; a's points change by (0 + 0 - 4 - 4) / 4 = -2
    and b's by (+1 + 1 + 3 + 3) / 4 = +2; the winner changed in 2 of 4 games."""
    bots = ["a", "b"]
    first = _table([(seed, bots, [10, 5], [0]) for seed in range(4)])
    second = _table([(0, bots, [10, 6], [0]), (1, bots, [10, 6], [0]), (2, bots, [6, 8], [1]), (3, bots, [6, 8], [1])])
    frame = compare_readings(first, second)
    assert frame.loc["a", "change"] == pytest.approx(-0.5) and frame.loc["b", "change"] == pytest.approx(0.5)
    assert frame.loc["a", "points"] == pytest.approx(-2) and frame.loc["b", "points"] == pytest.approx(2)
    assert frame.loc["a", "win_first"] == 1 and frame.loc["a", "win_second"] == 0.5
    share, low, high, games = winner_changes(first, second)
    assert (share, games) == (0.5, 4) and low < 0.5 < high
    by_seat = compare_readings(first, second, by="seat")
    assert list(by_seat.index) == [1, 2]
    with pytest.raises(Exception, match="other bots"):
        compare_readings(first, _table([(seed, ["b", "a"], [10, 5], [0]) for seed in range(4)]))


def test_compare_readings_on_real_sweeps():
    """The same seeds under W1 (the kit's 5 visible spheres) and W1=none: the pairs are the same games' seats,
    and a reading equal to the default changes nothing at all."""
    bots = ["random", "random"]
    default = run_games(TWO, bots, range(4), executor="serial", progress=False)
    again = run_games(with_readings(TWO, ["W1=5"]), bots, range(4), executor="serial", progress=False)
    same = compare_readings(default, again)
    assert (same["change"] == 0).all() and (same["points"] == 0).all()
    assert winner_changes(default, again)[0] == 0
    other = run_games(with_readings(TWO, ["W1=none"]), bots, range(4), executor="serial", progress=False)
    frame = compare_readings(default, other)
    assert frame.loc["random", "seeds"] == 4


# -- the command's summary ------------------------------------------------------------------------------------------
def test_the_summary_numbers_seats_from_1_and_tests_games_not_seats():
    """85, 98, 128, 89 winners (lesson 11's counts): the chi-square test of the winners' seats, p = 0.010, six
    differences with Holm-adjusted p-values, and the many-questions warning (1 test + 6 pairs = 7 questions: up to
    1 - 0.95^7 = 30% that one misses)."""
    seats = [0] * 85 + [1] * 98 + [2] * 128 + [3] * 89
    table = _table([(k, ["random"] * 4, [10 if i == s else 5 for i in range(4)], [s]) for k, s in enumerate(seats)])
    lines = summary_lines(table, ghost=False, rotate=False)
    text = "\n".join(lines)
    assert "win rate by seat (seat 1 = the first player; 95% intervals):" in text
    squeezed = [" ".join(line.split()) for line in lines]
    assert "seat 3 32.0% [ 27.6%, 36.7%] (128 wins in 400 games; Wilson)" in squeezed
    assert "chi-square(3) = 11.34, p = 0.010 (400 games, 400 seeds); below 0.05" in text
    assert "seat 0" not in text
    pairs = [line for line in lines if " - seat " in line]
    assert len(pairs) == 6 and pairs[1].lstrip().startswith("seat 1 - seat 3")
    assert "adjusted" in pairs[1] and "99.17% intervals" in text
    assert lines[-1].startswith("warning: 7 questions asked of the same 400 games") and "30%" in lines[-1]


def test_the_summary_says_when_fixed_bots_blur_the_seats():
    games = [(k, ["greedy", "random"], [9, 1] if k % 3 else [1, 9], [0] if k % 3 else [1]) for k in range(30)]
    text = "\n".join(summary_lines(_table(games), ghost=False, rotate=False))
    assert "a seat's rate is also its bot's (--rotate separates them)" in text
