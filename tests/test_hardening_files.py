"""Issue 28, findings 1-9: files that are not files, interrupts, huge inputs, damaged results lines, planted links,
text from a file printed raw, records not checked against their seed, empty arguments, servers beyond loopback.

Every reproduction gives one clear ``error: ...`` line (or the right answer), no traceback, and changes nothing: a
results file refused is byte-identical afterwards.  Devices are ``/dev/zero`` and ``/dev/full``; FIFOs are made in
a temporary folder, and every call that might read one runs in a thread with a bounded wait (a FIFO without a
writer would block a plain ``open``), so a regression fails the test instead of hanging it.
"""

import io
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from terminal import AS_IN_A_TERMINAL

from tameri_kit.__main__ import main as kit_main
from tameri_kit.errors import TameriError
from tameri_kit.explore import ExploreError, run_games
from tameri_kit.explore import runner
from tameri_kit.explore.cli import main as explore_main
from tameri_kit.files import FileInputError, printable, read_bytes, read_lines, replace_with_lines
from tameri_kit.game import GameRecord, Settings, chance_outcomes, random_playout, replay
from tameri_kit.game.play.bots import play_game
from tameri_kit.game.play.cli import play, replay_file
from tameri_kit.game.play.record import seed_problem, table_entry_seed

ROOT = Path(__file__).resolve().parents[1]
TWO = Settings.for_players(2)
BOTS = ["random", "random"]
ENV = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def bounded(call, seconds: float = 30):
    """Run ``call()`` in a thread and give back what it returned or raised; fail (not hang) if it blocks."""
    box = {}

    def run():
        try:
            box["value"] = call()
        except BaseException as error:  # noqa: B036 - handed back to the test
            box["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"blocked for {seconds} s (a FIFO or device read?)"
    if "error" in box:
        raise box["error"]
    return box.get("value")


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


def one_error_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), text
    assert "Traceback" not in text
    return lines[0]


# --- finding 1: files that are not files ----------------------------------------------------------------------
def test_the_reading_layer_refuses_devices_fifos_and_folders_at_once(tmp_path, fifo):
    for path, kind in (("/dev/zero", "a device"), (fifo, "a pipe (FIFO)"), (tmp_path, "a folder")):
        with pytest.raises(FileInputError, match=re.escape(f"{kind}, not a regular file")):
            bounded(lambda path=path: read_bytes(path, 2**20))
    with pytest.raises(FileInputError, match="no such file"):
        read_bytes(tmp_path / "missing.json", 10)


def test_the_reading_layer_caps_the_size_and_streams_lines(tmp_path):
    path = tmp_path / "big.jsonl"
    path.write_bytes(b"a\nbb\nccc")
    with pytest.raises(FileInputError, match=r"too large \(8 bytes; the kit reads at most 4 bytes here\)"):
        read_bytes(path, 4)
    assert read_bytes(path, 8) == b"a\nbb\nccc"
    # the last line has no newline: its writing was cut off
    assert list(read_lines(path, 100)) == [(1, b"a", True), (2, b"bb", True), (3, b"ccc", False)]
    with pytest.raises(FileInputError, match="too large"):
        list(read_lines(path, 4))


def test_replay_of_a_device_a_fifo_or_a_folder_is_one_error_line(tmp_path, fifo, capsys):
    for path in ("/dev/zero", str(fifo), str(tmp_path)):
        assert bounded(lambda path=path: replay_file(path, out=io.StringIO())) == 1
        line = one_error_line(capsys.readouterr().err)
        assert line.startswith(f"error: cannot read {path}: ") and "not a regular file" in line


def test_replay_of_dev_zero_in_a_real_process_exits_at_once_with_one_line():
    done = subprocess.run(
        [sys.executable, "-m", "tameri_kit", "replay", "/dev/zero"],
        env=ENV,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert one_error_line(done.stderr) == (
        "error: cannot read /dev/zero: a device, not a regular file: give the path of a file"
    )


def test_the_tables_open_shows_the_kits_message_for_a_device_and_changes_nothing(fifo):
    from tameri_kit.widgets.table import GameTable

    table = GameTable(TWO, seed=1, bots="random")
    before = table.record
    for path in ("/dev/zero", str(fifo)):
        assert bounded(lambda path=path: table.load(path)) is False
        message = table.message_html.value
        assert "Could not open the record" in message and "not a regular file" in message and path in message
        assert table.record == before


def test_explore_out_to_a_device_or_a_fifo_is_refused_unread(fifo, capsys):
    for out in ("/dev/full", str(fifo)):
        code = bounded(lambda out=out: explore_main(["--players", "2", "--games", "1", "--no-progress", "--out", out]))
        assert code == 1
        line = one_error_line(capsys.readouterr().err)
        assert f"--out {out}: " in line and "not a regular file" in line


def test_data_check_and_summary_of_a_device_or_a_fifo(fifo, capsys):
    for path in ("/dev/zero", str(fifo)):
        assert bounded(lambda path=path: kit_main(["data", "check", path])) == 1
        assert "not a regular file" in capsys.readouterr().out
        assert bounded(lambda path=path: kit_main(["data", "summary", path])) == 1
        assert "not a regular file" in one_error_line(capsys.readouterr().err)


def test_a_data_file_that_is_a_fifo_is_a_problem_not_a_hang(tmp_path):
    from tameri_kit.data import check_dir

    os.mkfifo(tmp_path / "gifts.toml")
    problems = bounded(lambda: check_dir(tmp_path))
    assert [str(p) for p in problems] == ["gifts.toml: a pipe (FIFO), not a regular file: give the path of a file"]


# --- finding 2: two Ctrl-C in a real explore ------------------------------------------------------------------
def test_two_ctrl_c_end_the_workers_at_once_without_a_traceback(tmp_path):
    """Ctrl-C in a terminal reaches the whole process group (the command and its workers): the command runs in a
    session of its own, and SIGINT goes to its group twice, as two Ctrl-C would.  It must exit within a generous
    bound (a correctness bound, not a speed test), print the resume line and no traceback, leave no worker
    behind, and leave a results file that resumes.  (Before: the command waited 60-240 s for the games in flight,
    then printed a KeyboardInterrupt traceback per worker and one of its own.)"""
    out = tmp_path / "sweep.jsonl"
    command = [*AS_IN_A_TERMINAL, "explore", "--players", "2", "--bots", "strong", "--games", "400"]
    command += ["--workers", "2", "--no-progress", "--out", str(out)]
    running = subprocess.Popen(
        command, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and running.poll() is None:  # wait until games are being played
            if out.exists() and out.read_text().count("\n") >= 2:
                break
            time.sleep(0.1)
        assert running.poll() is None, running.communicate()
        os.killpg(running.pid, signal.SIGINT)
        time.sleep(0.3)
        try:
            os.killpg(running.pid, signal.SIGINT)
        except ProcessLookupError:  # already gone after the first: fine
            pass
        _, error = running.communicate(timeout=120)
    finally:
        if running.poll() is None:
            os.killpg(running.pid, signal.SIGKILL)
            running.wait()
    assert running.returncode == 130, error
    assert "Traceback" not in error and "KeyboardInterrupt" not in error, error
    assert "run the same command again to resume" in error
    deadline = time.monotonic() + 30  # every worker ended with the command: the session is empty
    while time.monotonic() < deadline:
        try:
            os.killpg(running.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.2)
    else:
        pytest.fail("a worker outlived the interrupted command")
    rows = runner.read_results(out, TWO, ["strong"] * 2, False)  # resumable
    assert len({row["seed"] for row in rows}) == len(rows)


# --- finding 3: any --games, jobs made lazily -----------------------------------------------------------------
def tiny_batch(settings, bots, jobs):
    """A stand-in for playing: a row per job that fits the schema, with no game behind it."""
    return [
        {
            "seed": seed,
            "rotation": rotation,
            "players": 2,
            "seats": list(settings.players),
            "bots": list(bots),
            "totals": [1, 0],
            "breakdown": [{}, {}],
            "winners": [0],
            "entries": 0,
            "buildings": [[], []],
            "sphinxes": [0, 0],
            "face_down": [0, 0],
            "deben": [0, 0],
        }
        for seed, rotation in jobs
    ]


@pytest.fixture
def counted_jobs(monkeypatch):
    """Count the jobs drawn from the job generator (the proof of laziness is its state, not a clock)."""
    drawn = []
    real = runner.job_stream

    def counting(seeds, rotations):
        for job in real(seeds, rotations):
            drawn.append(job)
            yield job

    monkeypatch.setattr(runner, "job_stream", counting)
    return drawn


def test_a_billion_games_make_their_jobs_as_they_are_played(tmp_path, monkeypatch, counted_jobs, capsys):
    batches = []

    def three_batches_then_ctrl_c(settings, bots, jobs, settle=False):
        if len(batches) == 3:
            raise KeyboardInterrupt
        batches.append(jobs)
        return tiny_batch(settings, bots, jobs)

    monkeypatch.setattr(runner, "_play_batch", three_batches_then_ctrl_c)
    out = tmp_path / "big.jsonl"
    argv = ["--players", "2", "--bots", "random", "--games", "1000000000", "--workers", "1", "--no-progress"]
    assert explore_main([*argv, "--out", str(out)]) == 130
    assert "interrupted" in capsys.readouterr().err
    assert len(counted_jobs) == 4  # three played, the fourth drawn when Ctrl-C came: not a billion
    assert out.read_text().count("\n") == 1 + 3


def test_a_pool_has_a_few_batches_in_flight_not_every_job(monkeypatch, counted_jobs):
    """On an executor, at most two batches per worker are submitted ahead of the finished ones."""
    finished = []

    def counting_batch(settings, bots, jobs, settle=False):
        finished.append(len(jobs))
        if sum(finished) >= 40:
            raise KeyboardInterrupt
        return tiny_batch(settings, bots, jobs)

    monkeypatch.setattr(runner, "_play_batch", counting_batch)
    with ThreadPoolExecutor(max_workers=2) as pool, pytest.raises(KeyboardInterrupt):
        run_games(TWO, BOTS, range(10**9), executor=pool, progress=False, batch=2)
    assert len(counted_jobs) <= sum(finished) + 2 * 2 * 2  # window: 2 workers x 2 batches of 2


# --- finding 4: results lines checked by a schema -------------------------------------------------------------
def _second_line_with(out: Path, **fields) -> str:
    lines = out.read_text().splitlines()
    row = json.loads(lines[1])
    for key, value in fields.items():
        if value is KeyError:
            del row[key]
        else:
            row[key] = value
    return "\n".join([lines[0], json.dumps(row), *lines[2:]]) + "\n"


@pytest.mark.parametrize(
    "fields, message",
    [
        ({"seed": [1]}, "line 2: field 'seed': Input should be a valid integer"),
        ({"rotation": {}}, "line 2: field 'rotation': Input should be a valid integer"),
        ({"winners": None}, "line 2: field 'winners': Input should be a valid list"),
        ({"totals": "x"}, "line 2: field 'totals': Input should be a valid list"),
        ({"totals": [1]}, "line 2: not a game row: field 'totals': 2 seats need 2 values, not 1"),
        ({"winners": [2]}, "line 2: not a game row: field 'winners': seat 2 is not one of the 2 seats"),
        ({"seed": -1}, "line 2: field 'seed': Input should be greater than or equal to 0"),
        ({"seed": True}, "line 2: field 'seed': Input should be a valid integer"),
        ({"winners": KeyError}, r"line 2: not a game row \(missing winners\)"),
        ({"seats": ["Ringo", "Paul"]}, "line 2: field 'seats'"),
        ({"kind": "gmae"}, "line 2: field 'kind'"),
        ({"extra": 1}, "line 2: field 'extra': Extra inputs are not permitted"),
        ({"bots": ["random", "\x1b[2K"]}, r"line 2: not a game row: field 'bots': unknown bot '\\x1b\[2K'"),
    ],
)
def test_a_damaged_results_line_is_refused_by_file_line_and_field(tmp_path, fields, message):
    """What the issue found (``"seed": [1]``, ``"rotation": {}`` gave a TypeError; ``"winners": null`` and
    ``"totals": "x"`` played and appended, then crashed every later run) and its relatives: each is one error
    naming the file, the line and the field, and the file is left byte for byte as it was."""
    out = tmp_path / "sweep.jsonl"
    run_games(TWO, BOTS, range(2), executor="serial", out=out, progress=False)
    damaged = _second_line_with(out, **fields)
    out.write_text(damaged)
    with pytest.raises(ExploreError, match=f"{out}, {message}"):
        run_games(TWO, BOTS, range(3), executor="serial", out=out, progress=False)
    assert out.read_text() == damaged


def test_the_command_refuses_a_damaged_results_line_with_one_error_line(tmp_path, capsys):
    out = tmp_path / "sweep.jsonl"
    argv = ["--players", "2", "--bots", "random", "--games", "2", "--workers", "1", "--no-progress", "--out", str(out)]
    assert explore_main(argv) == 0
    damaged = _second_line_with(out, winners=None)
    out.write_text(damaged)
    capsys.readouterr()
    assert explore_main(argv[:5] + ["3"] + argv[6:]) == 1
    line = one_error_line(capsys.readouterr().err)
    assert line.startswith(f"error: {out}, line 2: field 'winners'") and "nothing was played or written" in line
    assert out.read_text() == damaged


def test_rows_of_real_games_fit_the_schema():
    """The schema describes what game_row writes, for a base game and a Ghost game (so resuming always works)."""
    from tameri_kit.explore import game_row

    for settings, bots in ((TWO, BOTS), (Settings.for_players(1, ghost="easy"), ["random"])):
        runner.GameRow.model_validate({"kind": "game", **game_row(settings, bots, 1)})


# --- finding 5: the rewrite of a cut-off file never follows a planted link -------------------------------------
def test_a_link_planted_at_the_temporary_name_is_never_followed(tmp_path):
    out = tmp_path / "sweep.jsonl"
    run_games(TWO, BOTS, range(2), executor="serial", out=out, progress=False)
    whole = out.read_text()
    out.write_text(whole + whole.splitlines()[-1][:25])  # a last line cut off without its newline
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    planted = tmp_path / "sweep.jsonl.tmp"
    planted.symlink_to(victim)
    table = run_games(TWO, BOTS, range(3), executor="serial", out=out, progress=False)
    assert victim.read_text() == "precious\n" and planted.is_symlink() and os.readlink(planted) == str(victim)
    assert len(table) == 3 and out.read_text().startswith(whole) and out.read_text().count("\n") == 4
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sweep.jsonl", "sweep.jsonl.tmp", "victim.txt"]


def test_replace_with_lines_keeps_the_mode_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "results.jsonl"
    path.write_text("old\n")
    path.chmod(0o640)
    replace_with_lines(path, ["a", "b"])
    assert path.read_text() == "a\nb\n" and (path.stat().st_mode & 0o777) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["results.jsonl"]


# --- finding 6: text from a file is escaped before it is printed ----------------------------------------------
def test_printable_escapes_control_codes_surrogates_and_bidi_but_keeps_letters():
    assert printable("greedy,strong") == "greedy,strong"
    assert printable("a\nb\rc\x1b[2Kd") == "a\\x0ab\\x0dc\\x1b[2Kd"
    assert printable("x\ud800y") == "x\\ud800y"
    assert printable("\u202eevil") == "\\u202eevil"
    assert printable("Amun \u221e Ptah, \u00e9t\u00e9") == "Amun \u221e Ptah, \u00e9t\u00e9"


def test_replay_escapes_meta_bots_so_a_record_cannot_forge_lines(tmp_path):
    """A record whose ``meta.bots`` holds a newline, a terminal code and a lone surrogate: the real command prints
    one title line with them escaped (no forged "Winner:" line, no UnicodeEncodeError)."""
    record = {
        "format": "tameri-game/1",
        "settings": {"players": ["John", "George"]},
        "seed": 1,
        "meta": {"bots": "greedy\n\x1b[1A\x1b[2KWinner: Ringo \ud800"},
        "entries": [],
    }
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(record))  # json.dumps writes the surrogate as the escape \ud800
    done = subprocess.run(
        [sys.executable, "-m", "tameri_kit", "replay", str(path)], env=ENV, capture_output=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode("utf-8")
    assert "\x1b" not in text and not any(line.startswith("Winner") for line in text.splitlines())
    title = text.splitlines()[0]
    assert title.endswith("seed 1, bots greedy\\x0a\\x1b[1A\\x1b[2KWinner: Ringo \\ud800")


# --- finding 7: a record is checked against its seed ----------------------------------------------------------
def _tampered(record: GameRecord) -> tuple[GameRecord, int, str]:
    """The record with its first chance outcome that has another possible value replaced by that value, cut
    right after it (so every entry is still legal): (record, index, the seed's outcome there)."""
    states = replay(record, states=True)
    for index, text in enumerate(record.entries):
        others = [d.text for d, _ in chance_outcomes(states[index]) if d.text != text]
        if states[index].is_chance and others:
            entries = record.entries[:index] + (others[0],)
            return GameRecord(record.settings, record.seed, entries, record.meta), index, text
    raise AssertionError("no chance node with two outcomes")


def test_a_record_whose_chance_outcome_is_not_its_seeds_is_refused(tmp_path, capsys):
    record, _ = play_game(TWO, 3, BOTS)
    assert seed_problem(record) is None  # what play saves is its seed's game
    tampered, index, drawn = _tampered(record)
    why = seed_problem(tampered)
    assert why.startswith(f"entry {index} {tampered.entries[index]!r}: seed 3 draws {drawn!r} here")
    path = tmp_path / "tampered.json"
    path.write_text(tampered.to_json())
    assert replay_file(str(path), out=io.StringIO()) == 1
    line = one_error_line(capsys.readouterr().err)
    assert "not those of seed 3" in line and '"chance": "by hand"' in line


def test_a_record_that_says_its_chance_was_chosen_by_hand_replays_and_says_so(tmp_path):
    record, _ = play_game(TWO, 3, BOTS)
    tampered, _, _ = _tampered(record)
    by_hand = GameRecord(tampered.settings, 3, tampered.entries, tampered.meta + (("chance", "by hand"),))
    path = tmp_path / "by_hand.json"
    path.write_text(by_hand.to_json())
    shown = io.StringIO()
    assert replay_file(str(path), out=shown) == 0
    title = shown.getvalue().splitlines()[0]
    assert "chance outcomes chosen by hand, not those of seed 3" in title and ", seed 3" not in title


def test_random_playout_and_table_records_keep_their_seeds():
    """The kit's other two ways of drawing a seed's chance (one stream for chance and choices; the table's stream
    per entry) pass the check, and a tampered table record does not."""
    from tameri_kit.widgets import table_parts
    from tameri_kit.widgets.table import GameTable

    entries, _ = random_playout(TWO, 5)
    assert seed_problem(GameRecord(TWO, 5, tuple(entries))) is None
    assert seed_problem(GameRecord(TWO, 6, tuple(entries))) is not None
    assert table_parts.entry_seed is table_entry_seed  # the table draws from the very streams the record checks
    table = GameTable(TWO, seed=4, bots="random")
    assert any(text.startswith("chance:") for text in table.record.entries)
    assert seed_problem(table.record) is None
    assert seed_problem(_tampered(table.record)[0]) is not None
    # a record play made, opened at the table and played on: play's draws, then the table's
    record, _ = play_game(TWO, 3, BOTS)
    table.load(record.truncated(40))
    assert len(table.record.entries) > 40 and any(t.startswith("chance:") for t in table.record.entries[40:])
    assert seed_problem(table.record) is None


# --- finding 8: arguments that say nothing ---------------------------------------------------------------------
def test_explore_dask_with_a_bad_address_is_one_error_line(tmp_path, capsys):
    out = tmp_path / "sweep.jsonl"
    code = explore_main(["--players", "2", "--games", "1", "--dask", "not-an-address", "--out", str(out)])
    assert code == 1
    assert "not-an-address" in one_error_line(capsys.readouterr().err)


@pytest.mark.parametrize("argv, words", [(["--record", ""], "--record needs a file name"), (["--bots", ""], "--bots")])
def test_play_with_an_empty_record_or_bots_plays_nothing(argv, words, capsys):
    assert kit_main(["play", "--players", "2", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and words in one_error_line(captured.err)
    assert play(2, 0, " , ", out=io.StringIO()) == 2


def test_play_refuses_to_save_its_record_to_a_device(capsys):
    assert play(2, 0, "random", "/dev/full", out=io.StringIO()) == 2
    assert "not a regular file" in one_error_line(capsys.readouterr().err)


@pytest.mark.parametrize("content, words", [(b"", "no records"), (b"\xff\xfe[[gift]]\n", "not UTF-8")])
def test_data_summary_of_an_empty_or_non_utf8_file_is_an_error(tmp_path, content, words, capsys):
    path = tmp_path / "gifts.toml"
    path.write_bytes(content)
    assert kit_main(["data", "summary", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and words in one_error_line(captured.err)


def test_data_summary_of_the_kits_data_still_prints_its_table(capsys):
    assert kit_main(["data", "summary"]) == 0
    assert capsys.readouterr().out.startswith("file")


# --- every error above is the kit's ----------------------------------------------------------------------------
def test_the_new_errors_are_tameri_errors():
    assert issubclass(FileInputError, TameriError) and issubclass(ExploreError, TameriError)


# --- finding 9: servers beyond loopback, Voila's token ----------------------------------------------------------
def _make(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "HOST", "ALLOW_REMOTE")}
    return subprocess.run(
        ["make", "--no-print-directory", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


@pytest.mark.parametrize("target", ["lab", "app"])
def test_lab_and_app_refuse_a_host_beyond_loopback_unless_asked(target):
    """``HOST=0.0.0.0 make lab`` used to bind every interface without a word: now the command stops before anything
    starts (exit 2, one error line of ours, make's own note after it) unless ``ALLOW_REMOTE=1`` says so."""
    done = _make(target, "HOST=0.0.0.0")
    assert done.returncode == 2 and done.stdout == ""
    ours = [line for line in done.stderr.splitlines() if line.startswith("error: ")]
    assert len(ours) == 1 and "HOST=0.0.0.0" in ours[0] and "ALLOW_REMOTE=1" in ours[0]
    for host in ("127.0.0.1", "localhost", "::1"):
        assert _make("check-host", f"HOST={host}").returncode == 0
    assert _make("check-host", "HOST=0.0.0.0", "ALLOW_REMOTE=1").returncode == 0
    dry = " ".join(_make("-n", target, "HOST=0.0.0.0", "ALLOW_REMOTE=1").stdout.split())
    assert "0.0.0.0" in dry


def test_app_asks_for_a_token_and_prints_the_address_that_carries_it():
    import re as regex

    dry = " ".join(_make("-n", "app").stdout.replace("\\\n", " ").split())
    tokens = regex.findall(r"--Voila\.token=([0-9a-f]{32})", dry)
    assert len(tokens) == 1 and f"/voila/tree/notebooks?token={tokens[0]}" in dry
    assert tokens[0] not in " ".join(_make("-n", "app").stdout.split())  # a new token each time


def test_data_check_escapes_what_it_quotes_from_a_file(tmp_path, capsys):
    """A data file's id holding a newline and a terminal code is shown escaped, one problem per line."""
    (tmp_path / "gifts.toml").write_text('[[gift]]\nid = "GG1\\n\\u001b[2Kno problems"\neffect = "x"\n')
    assert kit_main(["data", "check", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x0a\\x1b[2Kno problems" in out
    assert not any(line.startswith("no problems") for line in out.splitlines())
