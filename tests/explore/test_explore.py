"""tameri_kit.explore: sweeps of seeded games on any executor, resumable results files, and the statistics."""

import json
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pandas as pd
import pytest
from terminal import AS_IN_A_TERMINAL

from tameri_kit.errors import TameriError
from tameri_kit.explore import ExploreError, game_row, read_results, run_games, seat_bots
from tameri_kit.explore.cli import main as explore_main
from tameri_kit.game import Settings
from tameri_kit.game.play.bots import play_game

ROOT = Path(__file__).resolve().parents[2]
TWO = Settings.for_players(2)
BOTS = ["random", "random"]


def test_seat_bots_rotates_to_the_right():
    assert seat_bots(["a", "b", "c"], 0) == ["a", "b", "c"]
    assert seat_bots(["a", "b", "c"], 1) == ["c", "a", "b"]
    assert seat_bots(["a", "b", "c"], 3) == ["a", "b", "c"]


def test_a_row_describes_the_game_play_game_plays():
    record, final = play_game(TWO, 4, BOTS)
    row = game_row(TWO, BOTS, 4)
    totals = final.outcome.totals
    assert row["seed"] == 4 and row["rotation"] == 0 and row["players"] == 2
    assert row["totals"] == [totals["John"], totals["George"]]
    assert [TWO.players[k] for k in row["winners"]] == list(final.outcome.winners)
    assert row["entries"] == len(record.entries)
    assert row["face_down"] == [
        sum(1 for e in record.entries if e == f"{name}: keep face down") for name in TWO.players
    ]
    assert all(sum(part.values()) == total for part, total in zip(row["breakdown"], row["totals"]))


def test_same_rows_serial_process_pool_any_order():
    serial = run_games(TWO, BOTS, range(5), executor="serial", progress=False)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = run_games(TWO, BOTS, [4, 2, 0, 3, 1], executor=pool, progress=False, batch=1)
    pd.testing.assert_frame_equal(serial, pooled)
    assert list(serial["seed"]) == [0, 1, 2, 3, 4]


def test_same_rows_on_a_dask_local_cluster():
    distributed = pytest.importorskip("distributed")
    serial = run_games(TWO, BOTS, range(4), executor="serial", progress=False)
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None, processes=True) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = run_games(TWO, BOTS, [3, 1, 2, 0], executor=client.get_executor(), progress=False, batch=1)
    pd.testing.assert_frame_equal(serial, on_dask)


def test_rotation_plays_every_seat_order():
    table = run_games(TWO, ["random", "greedy"], [7], executor="serial", rotate=True, progress=False)
    assert list(table["rotation"]) == [0, 1]
    assert [list(b) for b in table["bots"]] == [["random", "greedy"], ["greedy", "random"]]


def test_resume_reads_finished_games_and_plays_only_the_rest(tmp_path):
    out = tmp_path / "sweep.jsonl"
    first = run_games(TWO, BOTS, range(3), executor="serial", out=out, progress=False)
    assert len(out.read_text().splitlines()) == 1 + 3
    whole = run_games(TWO, BOTS, range(5), executor="serial", out=out, progress=False)
    lines = out.read_text().splitlines()
    assert len(lines) == 1 + 5
    assert sorted(json.loads(line)["seed"] for line in lines[1:]) == [0, 1, 2, 3, 4]
    pd.testing.assert_frame_equal(whole.iloc[:3], first)
    assert len(read_results(out)) == 5


def test_a_cut_off_last_line_is_played_again(tmp_path):
    out = tmp_path / "sweep.jsonl"
    expected = run_games(TWO, BOTS, range(3), executor="serial", out=out, progress=False)
    text = out.read_text()
    out.write_text(text[: text.rindex("\n", 0, len(text) - 1) + 1] + '{"kind": "game", "seed": 2, "rot')
    again = run_games(TWO, BOTS, range(3), executor="serial", out=out, progress=False)
    pd.testing.assert_frame_equal(again, expected)
    assert out.read_text().endswith("\n") and len(out.read_text().splitlines()) == 4


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda lines: lines[:2] + ["not json"] + lines[2:], "line 3: not JSON"),
        (lambda lines: lines[:1] + ['{"kind": "game", "seed": 1}'] + lines[1:], r"line 2: not a game row \(missing"),
        (lambda lines: ['{"kind": "header", "version": 99}'] + lines[1:], "line 1: not a tameri_kit results file"),
        (lambda lines: lines[:1] + ["[]"] + lines[1:], "line 2: expected an object"),
    ],
)
def test_a_damaged_file_is_refused_and_left_alone(tmp_path, change, message):
    out = tmp_path / "sweep.jsonl"
    run_games(TWO, BOTS, range(2), executor="serial", out=out, progress=False)
    damaged = "\n".join(change(out.read_text().splitlines())) + "\n"
    out.write_text(damaged)
    with pytest.raises(ExploreError, match=message):
        run_games(TWO, BOTS, range(2), executor="serial", out=out, progress=False)
    assert out.read_text() == damaged


def test_other_settings_or_bots_refuse_to_resume(tmp_path):
    out = tmp_path / "sweep.jsonl"
    run_games(TWO, BOTS, range(1), executor="serial", out=out, progress=False)
    with pytest.raises(ExploreError, match="made with other settings"):
        run_games(Settings.for_players(3), ["random"] * 3, range(1), executor="serial", out=out, progress=False)
    with pytest.raises(ExploreError, match="made with other bots"):
        run_games(TWO, ["random", "greedy"], range(1), executor="serial", out=out, progress=False)
    with pytest.raises(ExploreError, match="made with other rotate"):
        run_games(TWO, BOTS, range(1), executor="serial", out=out, rotate=True, progress=False)


@pytest.mark.parametrize(
    "bots, seeds, message",
    [
        (["random"], range(1), "2 players need 2 bots"),
        (["random", "clever"], range(1), "unknown bot 'clever'"),
        (BOTS, [-1], "seeds are whole numbers"),
        (BOTS, ["3"], "seeds are whole numbers"),
    ],
)
def test_bad_sweeps_are_typed_errors(bots, seeds, message):
    with pytest.raises(TameriError, match=message):
        run_games(TWO, bots, seeds, executor="serial", progress=False)


def test_the_command_resumes_after_ctrl_c(tmp_path):
    """Interrupt a running sweep part-way (SIGINT, as Ctrl-C does), run it again: the same table as one
    uninterrupted run, with no game lost or written twice."""
    out = tmp_path / "sweep.jsonl"
    command = [
        *AS_IN_A_TERMINAL,
        "explore",
        "--players",
        "2",
        "--bots",
        "random",
        "--games",
        "30",
        "--workers",
        "1",
        "--no-progress",
        "--out",
        str(out),
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    running = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and running.poll() is None:
        if out.exists() and len(out.read_text().splitlines()) >= 4:
            break
        time.sleep(0.05)
    running.send_signal(signal.SIGINT)
    _, error = running.communicate(timeout=120)
    finished = len(out.read_text().splitlines()) - 1
    if running.returncode == 130:
        assert "run the same command again to resume" in error and "Traceback" not in error
        assert 3 <= finished <= 30  # all 30 when the signal came while the table was being built
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert "30 games (2 players)" in again.stdout
    seeds = [json.loads(line)["seed"] for line in out.read_text().splitlines()[1:]]
    assert sorted(seeds) == list(range(30))
    expected = run_games(TWO, BOTS, range(30), executor="serial", progress=False)
    pd.testing.assert_frame_equal(
        pd.DataFrame(
            [
                {k: v for k, v in row.items() if k != "kind"}
                for row in sorted(read_results(out), key=lambda r: r["seed"])
            ]
        ),
        expected,
    )


def test_the_command_prints_error_lines(tmp_path, capsys):
    assert (
        explore_main(
            [
                "--players",
                "2",
                "--bots",
                "random,clever",
                "--games",
                "1",
                "--out",
                str(tmp_path / "x.jsonl"),
                "--no-progress",
            ]
        )
        == 1
    )
    assert capsys.readouterr().err.startswith("error: unknown bot 'clever'")
    assert explore_main(["--games", "0", "--out", str(tmp_path / "y.jsonl")]) == 2
    assert (
        explore_main(
            [
                "--players",
                "2",
                "--bots",
                "random",
                "--games",
                "1",
                "--no-progress",
                "--out",
                str(tmp_path / "missing" / "z.jsonl"),
            ]
        )
        == 1
    )
    assert "cannot write the results file" in capsys.readouterr().err


def test_one_process_writes_each_game_before_playing_the_next(tmp_path, monkeypatch):
    """With ``executor="serial"`` (``--workers 1``) an interrupted sweep keeps every game finished before the
    interruption (the games used to be all played before the first was written)."""
    from tameri_kit.explore import runner

    played = []
    real = runner._play_batch

    def interrupted_at_the_fourth(settings, bots, jobs, settle=False):
        if len(played) == 3:
            raise KeyboardInterrupt
        played.extend(jobs)
        return real(settings, bots, jobs, settle)

    monkeypatch.setattr(runner, "_play_batch", interrupted_at_the_fourth)
    out = tmp_path / "sweep.jsonl"
    with pytest.raises(KeyboardInterrupt):
        run_games(TWO, BOTS, range(10), executor="serial", out=out, progress=False)
    assert [json.loads(line)["seed"] for line in out.read_text().splitlines()[1:]] == [0, 1, 2]


def test_the_workers_end_when_the_command_is_killed(tmp_path):
    """``kill -9`` of a running sweep (2 workers from the fork server): every process it started (the workers, the
    fork server, the resource tracker) ends within seconds, instead of playing on for minutes holding the
    terminal's pipes (issue 35).  The command runs in a session of its own, so its processes are one process group;
    the group is checked to be empty (60 s allowed: the workers notice within a second)."""
    out = tmp_path / "sweep.jsonl"
    command = [sys.executable, "-m", "tameri_kit", "explore", "--players", "2", "--bots", "greedy"]
    command += ["--games", "400", "--workers", "2", "--no-progress", "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    running = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and running.poll() is None:
        if out.exists() and len(out.read_text().splitlines()) >= 3:  # the workers are playing
            break
        time.sleep(0.1)
    assert running.poll() is None
    os.kill(running.pid, signal.SIGKILL)
    running.wait(timeout=30)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            os.killpg(running.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.2)
    raise AssertionError("processes of the killed sweep are still running after 60 s")


@pytest.mark.parametrize(("dask", "settle"), [("local", True), ("tcp://scheduler:8786", None), (None, None)])
def test_the_command_settles_the_collector_only_on_workers_of_its_own(monkeypatch, tmp_path, dask, settle):
    """A LocalCluster the command makes for this sweep is the kit's own: its workers settle the collector after each
    game (``_fast.settle_collector``); a scheduler given by address belongs to others, so ``run_games`` decides (it
    leaves another executor's workers alone)."""
    from tameri_kit.explore import cli

    asked = {}

    class Client:
        def get_executor(self):
            return "a Dask executor"

        def close(self):
            pass

    def fake_run_games(*args, **kwargs):
        asked.update(kwargs)
        return run_games(TWO, BOTS, range(1), executor="serial", progress=False)

    monkeypatch.setattr(cli, "_dask_client", lambda address, workers, closers: Client())
    monkeypatch.setattr(cli, "run_games", fake_run_games)
    argv = ["--players", "2", "--games", "1", "--no-progress", "--out", str(tmp_path / "sweep.jsonl")]
    assert explore_main(argv + (["--dask", dask] if dask else [])) == 0
    assert asked["settle"] is settle
