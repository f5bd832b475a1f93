"""tameri_kit.explore with the Ghost (the +1 Player Mode): sweeps of Ghost games, their rows, resume, the command.

The expected result against the Ghost is worked out here from the replayed game's final totals, by the rulebook's
End of the Game with the Ghost: a human beats the Ghost with more points (a tie goes by step 6's tie-breakers, i.e.
to whoever the game's outcome names the winner), and the margin is the human's points minus the Ghost's.
"""

import json
from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

from tameri_kit.explore import ExploreError, game_row, read_results, run_games
from tameri_kit.explore.cli import main as explore_main
from tameri_kit.explore.ghost_stats import ghost_rates, ghost_seats
from tameri_kit.explore.stats import StatsError, win_rates
from tameri_kit.game import Settings
from tameri_kit.game.play.bots import play_game

SOLO_HARD = Settings.for_players(1, ghost="hard")
DUO_EASY = Settings.for_players(2, ghost="easy")


@pytest.mark.parametrize("settings, bots, seed", [(SOLO_HARD, ["strong"], 3), (DUO_EASY, ["random", "strong"], 5)])
def test_a_ghost_row_matches_the_replayed_game(settings, bots, seed):
    row = game_row(settings, bots, seed)
    record, final = play_game(settings, seed, bots)  # the Ghost's seat takes no bot
    totals = final.outcome.totals
    ghost_name = settings.players[-1]
    assert ghost_name == "Ghost" and row["seats"] == list(settings.players)
    assert row["bots"] == bots + ["ghost"]
    assert row["totals"] == [totals[name] for name in settings.players]
    assert row["entries"] == len(record.entries)
    assert row["ghost"] == settings.ghost
    assert row["ghost_points"] == totals[ghost_name] == row["totals"][-1]
    humans = settings.players[:-1]
    assert row["margins"] == [totals[name] - totals[ghost_name] for name in humans]
    winners = set(final.outcome.winners)
    expected_beat = [
        totals[name] > totals[ghost_name]
        or (totals[name] == totals[ghost_name] and name in winners and ghost_name not in winners)
        for name in humans
    ]
    assert row["beat_ghost"] == expected_beat
    json.dumps(row)  # plain JSON values only


def test_rows_without_the_ghost_carry_no_ghost_fields():
    row = game_row(Settings.for_players(2), ["random", "random"], 0)
    assert not {"ghost", "ghost_points", "margins", "beat_ghost"} & set(row)


def test_same_ghost_rows_serial_and_process_pool():
    serial = run_games(DUO_EASY, ["random", "random"], range(3), executor="serial", rotate=True, progress=False)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = run_games(DUO_EASY, ["random", "random"], [2, 0, 1], executor=pool, rotate=True, progress=False)
    pd.testing.assert_frame_equal(serial, pooled)
    # rotations move the humans' bots; the Ghost keeps the last seat
    assert [list(bots) for bots in serial["bots"]][:2] == [["random", "random", "ghost"]] * 2
    assert list(serial["rotation"]) == [0, 1] * 3


def test_rotation_moves_only_the_humans_bots():
    table = run_games(DUO_EASY, ["strong", "random"], [1], executor="serial", rotate=True, progress=False)
    assert [list(bots) for bots in table["bots"]] == [["strong", "random", "ghost"], ["random", "strong", "ghost"]]


def test_a_ghost_sweep_needs_one_bot_per_human():
    with pytest.raises(ExploreError, match=r"1 players need 1 bots \(the Ghost plays itself\), not 2"):
        run_games(SOLO_HARD, ["random", "random"], range(1), executor="serial", progress=False)


def test_resume_refuses_a_file_made_with_another_ghost_level(tmp_path):
    out = tmp_path / "ghost.jsonl"
    first = run_games(SOLO_HARD, ["random"], range(2), executor="serial", out=out, progress=False)
    kept = out.read_text()
    with pytest.raises(ExploreError, match="made with the Ghost at 'hard', this run has the Ghost at 'easy'"):
        run_games(Settings.for_players(1, ghost="easy"), ["random"], range(2), executor="serial", out=out)
    with pytest.raises(ExploreError, match="made with the Ghost at 'hard', this run has no Ghost"):
        run_games(Settings.for_players(2), ["random", "random"], range(2), executor="serial", out=out)
    assert out.read_text() == kept  # refused, not touched
    again = run_games(SOLO_HARD, ["random"], range(3), executor="serial", out=out, progress=False)
    pd.testing.assert_frame_equal(again.iloc[:2], first)
    assert len(read_results(out, SOLO_HARD, ["random"], False)) == 3


def test_a_file_without_the_ghost_refuses_a_ghost_run(tmp_path):
    out = tmp_path / "plain.jsonl"
    run_games(Settings.for_players(2), ["random", "random"], range(1), executor="serial", out=out, progress=False)
    with pytest.raises(ExploreError, match="made with no Ghost, this run has the Ghost at 'easy'"):
        run_games(DUO_EASY, ["random", "random"], range(1), executor="serial", out=out)


def _made_up(level, margins, beaten, ghost_points=80):
    return pd.DataFrame(
        {
            "seed": range(len(margins)),
            "rotation": 0,
            "bots": [["strong", "ghost"]] * len(margins),
            "ghost": level,
            "ghost_points": ghost_points,
            "margins": [[m] for m in margins],
            "beat_ghost": [[b] for b in beaten],
        }
    )


def test_ghost_rates_by_level_with_wilson_intervals():
    # hard: 0 of 10 - Wilson (z = 1.96): upper 3.8416 / 13.8416 = 0.2775; easy: 5 of 10 - 0.2366 to 0.7634
    table = pd.concat(
        [_made_up("hard", [-5] * 10, [False] * 10), _made_up("easy", [3, -3] * 5, [True, False] * 5)],
        ignore_index=True,
    )
    rates = ghost_rates(table)
    assert list(rates.index) == ["easy", "hard"]  # in the order of difficulty, not of the table
    assert rates.loc["hard", "beaten"] == 0 and rates.loc["hard", "low"] == pytest.approx(0.0, abs=1e-12)
    assert rates.loc["hard", "high"] == pytest.approx(0.2775, abs=1e-4)
    assert rates.loc["easy", "rate"] == 0.5
    assert (rates.loc["easy", "low"], rates.loc["easy", "high"]) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert rates.loc["hard", "margin"] == -5 and rates.loc["hard", "margin_low"] == rates.loc["hard", "margin_high"]
    assert rates.loc["easy", "margin"] == 0 and rates.loc["easy", "margin_low"] < 0 < rates.loc["easy", "margin_high"]


def test_ghost_rates_of_a_real_sweep_agree_with_win_rates():
    table = run_games(SOLO_HARD, ["random"], range(3), executor="serial", progress=False)
    rates = ghost_rates(table)
    solo_wins = win_rates(table, "bot").loc["random", "wins"]  # solo: beating the Ghost is winning the game
    assert rates.loc["hard", "beaten"] == solo_wins and rates.loc["hard", "games"] == 3
    assert list(ghost_seats(table)["margin"]) == [row[0] for row in table["margins"]]


def test_ghost_rates_refuse_a_table_without_the_ghost():
    with pytest.raises(StatsError, match="not a table of Ghost games"):
        ghost_rates(run_games(Settings.for_players(2), ["random"] * 2, range(1), executor="serial", progress=False))


def test_the_command_plays_against_the_ghost(tmp_path, capsys):
    out = tmp_path / "solo.jsonl"
    argv = ["--players", "1", "--ghost", "hard", "--bots", "random", "--games", "2", "--workers", "1"]
    assert explore_main(argv + ["--out", str(out), "--no-progress"]) == 0
    printed = capsys.readouterr().out
    assert "2 games (1 human and the Ghost)" in printed and "against the Ghost (hard): beaten" in printed
    header = json.loads(out.read_text().splitlines()[0])
    assert header["settings"]["ghost"] == "hard" and header["bots"] == ["random"]
    easy = ["--players", "1", "--ghost", "easy", "--bots", "random", "--games", "2", "--workers", "1"]
    assert explore_main(easy + ["--out", str(out), "--no-progress"]) == 1
    assert "made with the Ghost at 'hard'" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--players", "4", "--ghost", "easy"], "--players is 1 to 3 humans against the Ghost, not 4"),
        (["--players", "1"], "--players is 2 to 4 players (1 to 3 with --ghost), not 1"),
    ],
)
def test_the_command_checks_the_number_of_players(tmp_path, capsys, argv, message):
    assert explore_main(argv + ["--out", str(tmp_path / "x.jsonl"), "--no-progress"]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.jsonl").exists()
