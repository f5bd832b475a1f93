"""Lesson 11's stored sweeps are real games of today's engine, and its questions check against them.

The lesson reads notebooks/sweeps/*.jsonl (played beforehand so that it runs in seconds); if the rules change, the
spot checks below fail and the sweeps must be played again (delete the files and re-run the lesson).
"""

from pathlib import Path

import pandas as pd
import pytest

from tameri_kit.explore import game_row, read_results, run_games
from tameri_kit.explore.stats import win_rates
from tameri_kit.game import Settings
from tameri_kit.lessons import questions_11 as questions

SWEEPS = Path(__file__).resolve().parents[2] / "notebooks" / "sweeps"
FOUR = Settings.for_players(4)
SEAT_BOTS = ["random"] * 4
MIXED_BOTS = ["greedy", "random", "random", "random"]


def _load(name, bots, seeds, rotate=False):
    return run_games(FOUR, bots, seeds, executor="serial", out=SWEEPS / name, rotate=rotate, progress=False)


@pytest.fixture(scope="module")
def seat_games():
    return _load("seat_order.jsonl", SEAT_BOTS, range(400))


@pytest.fixture(scope="module")
def mixed_games():
    return _load("greedy_vs_random.jsonl", MIXED_BOTS, range(25), rotate=True)


def test_the_stored_sweeps_are_complete():
    assert len(read_results(SWEEPS / "seat_order.jsonl", FOUR, SEAT_BOTS, False)) == 400
    assert len(read_results(SWEEPS / "greedy_vs_random.jsonl", FOUR, MIXED_BOTS, True)) == 100


@pytest.mark.parametrize("seed", [0, 137, 399])
def test_stored_random_games_replay(seed, seat_games):
    stored = seat_games[seat_games["seed"] == seed].iloc[0].to_dict()
    assert stored == game_row(FOUR, SEAT_BOTS, seed)


def test_a_stored_greedy_game_replays(mixed_games):
    stored = mixed_games[(mixed_games["seed"] == 3) & (mixed_games["rotation"] == 2)].iloc[0].to_dict()
    assert stored == game_row(FOUR, MIXED_BOTS, 3, 2)


def test_first_seat_question(seat_games):
    question = questions.first_seat(seat_games)
    right = question.right_answer()
    rates = win_rates(seat_games, "seat")
    clear = [seat for seat in rates.index if (rates.loc[seat, "low"] > rates.drop(index=seat)["high"]).all()]
    assert right == (questions.SEATS[clear[0]] if clear else questions.NO_CLEAR_SEAT)
    wrong = next(option for option in list(questions.SEATS) + [questions.NO_CLEAR_SEAT] if option != right)
    assert not question.check(wrong)
    assert question.check(right) and "whole 95% interval" in question.feedback_text


def test_best_seat_on_made_up_tables():
    def table(wins_by_seat):
        rows = []
        for seed, winner in enumerate(wins_by_seat):
            rows.append(
                {
                    "seed": seed,
                    "rotation": 0,
                    "players": 4,
                    "seats": list("ABCD"),
                    "bots": ["r"] * 4,
                    "totals": [0, 0, 0, 0],
                    "winners": [winner],
                    "buildings": [[]] * 4,
                    "sphinxes": [0] * 4,
                    "face_down": [0] * 4,
                    "deben": [0] * 4,
                }
            )
        return pd.DataFrame(rows)

    assert questions.best_seat(table([0] * 90 + [1, 2, 3] * 10)) == questions.SEATS[0]  # 90 of 120: clear
    assert questions.best_seat(table([0, 1, 2, 3] * 30)) == questions.NO_CLEAR_SEAT


def test_games_to_halve():
    question = questions.games_to_halve(400)
    assert question.check("1600")
    assert not question.check("800") and "sqrt(2)" in question.feedback_text


def test_building_owners_question(seat_games):
    difference, low, high = questions.owners_difference(seat_games)
    assert low <= difference <= high
    question = questions.building_owners(seat_games)
    expected = questions.OWNERS[0] if low > 0 else questions.OWNERS[1] if high < 0 else questions.OWNERS[2]
    assert question.right_answer() == expected
    assert question.check(expected)


def test_greedy_question(mixed_games):
    rates = win_rates(mixed_games, "bot")
    assert rates.loc["greedy", "games"] == 100 and rates.loc["random", "games"] == 300
    question = questions.greedy_against_random(mixed_games)
    low, high = rates.loc["greedy", "low"], rates.loc["greedy", "high"]
    expected = questions.GREEDY[0] if low > 0.25 else questions.GREEDY[2] if high < 0.25 else questions.GREEDY[1]
    assert question.right_answer() == expected
    assert question.check(expected)


# ---- the Ghost's levels: one strong bot alone against the Ghost, 200 seeds per level, one file per level ---------
GHOST_LEVELS = ("easy", "intermediate", "hard")


def _solo(level):
    return Settings.for_players(1, ghost=level)


@pytest.fixture(scope="module")
def ghost_games():
    return pd.concat(
        [
            run_games(
                _solo(level),
                ["strong"],
                range(200),
                executor="serial",
                out=SWEEPS / f"ghost_levels_{level}.jsonl",
                progress=False,
            )
            for level in GHOST_LEVELS
        ],
        ignore_index=True,
    )


def test_the_stored_ghost_sweeps_are_complete():
    for level in GHOST_LEVELS:
        rows = read_results(SWEEPS / f"ghost_levels_{level}.jsonl", _solo(level), ["strong"], False)
        assert sorted(row["seed"] for row in rows) == list(range(200))
        assert {row["ghost"] for row in rows} == {level}


@pytest.mark.parametrize("level, seed", [("easy", 0), ("intermediate", 101), ("hard", 199)])
def test_stored_ghost_games_replay(level, seed, ghost_games):
    stored = ghost_games[(ghost_games["ghost"] == level) & (ghost_games["seed"] == seed)].iloc[0].to_dict()
    assert stored == game_row(_solo(level), ["strong"], seed)


def test_ghost_levels_question(ghost_games):
    from tameri_kit.explore.ghost_stats import ghost_rates

    rates = ghost_rates(ghost_games)
    assert list(rates.index) == list(GHOST_LEVELS) and set(rates["games"]) == {200}
    # worked again from the rows: wins counted by hand, intervals by Wilson's formula (z = 1.96)
    z = 1.96
    for level in GHOST_LEVELS:
        wins = int(sum(beat[0] for beat in ghost_games[ghost_games["ghost"] == level]["beat_ghost"]))
        assert rates.loc[level, "beaten"] == wins
        p, n = wins / 200, 200
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5
        assert rates.loc[level, "low"] == pytest.approx(max(0.0, centre - half), abs=1e-3)
        assert rates.loc[level, "high"] == pytest.approx(centre + half, abs=1e-3)

    def clear(easier, harder):
        return rates.loc[easier, "low"] > rates.loc[harder, "high"]

    if clear("easy", "intermediate") and clear("intermediate", "hard"):
        expected = questions.GHOST_STEPS[0]
    elif clear("easy", "hard"):
        expected = questions.GHOST_STEPS[1]
    else:
        expected = questions.GHOST_STEPS[2]
    question = questions.ghost_levels(ghost_games)
    assert "200 seeded games at each level" in question.prompt
    assert question.right_answer() == expected
    wrong = next(option for option in questions.GHOST_STEPS if option != expected)
    assert not question.check(wrong) and question.feedback_text.startswith("Not quite")
    assert question.check(expected) and "Ghost Player steps 3a and 4" in question.feedback_text
