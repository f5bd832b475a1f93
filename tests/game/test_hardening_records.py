"""Issue 12 (Hardening): records, settings and the command line answer every bad input with a clear error.

Every bad record gives a :class:`RecordError` naming the entry or the header field (its path); the CLI prints an
``error:`` line and never a traceback, and never loses a game it has played.
"""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tameri_kit.errors import StateError, TameriError
from tameri_kit.game import GameRecord, RecordError, Settings, replay, undo
from tameri_kit.game.play.cli import play, record_path_problem, replay_file
from tameri_kit.rules.readings import Readings
from tameri_kit.rules.scoring import ScoringReadings
from tameri_kit.rules.temple_moves import TempleReadings

ROOT = Path(__file__).resolve().parents[2]
GOOD = {"format": "tameri-game/1", "settings": {"players": ["John", "George"]}, "seed": 1, "meta": {}, "entries": []}


def record_with(**changes):
    d = json.loads(json.dumps(GOOD))
    for path, value in changes.items():
        *head, last = path.split("__")
        node = d
        for part in head:
            node = node[part]
        node[last] = value
    return d


def test_a_good_record_reads():
    rec = GameRecord.from_json(json.dumps(GOOD))
    assert rec.settings == Settings.for_players(2) and rec.seed == 1 and rec.entries == ()


@pytest.mark.parametrize(
    "changes,path,words",
    [
        ({"settings__field_extra_space": {"N": "x"}}, "settings.field_extra_space.N", "integer"),
        ({"settings__field_extra_space": {"N": [3]}}, "settings.field_extra_space.N", "integer"),
        ({"settings__field_extra_space": {"X": 3}}, "settings.field_extra_space.X", "'N'"),
        ({"settings__field_extra_space": {"N": -1}}, "settings.field_extra_space.N", "greater than or equal to 0"),
        ({"settings__field_extra_space": {"N": 1e400}}, "settings.field_extra_space.N", "integer"),
        ({"settings__field_extra_space": {"N": True}}, "settings.field_extra_space.N", "integer"),
        ({"settings__temples": {"free_entry": "no"}}, "settings.temples.free_entry", "boolean"),
        ({"settings__weather": {"repeat_five_check": 1}}, "settings.weather.repeat_five_check", "boolean"),
        ({"settings__players": "JohnGeorge"}, "settings.players", "list"),
        ({"settings__players": {"John": 1}}, "settings.players", "list"),
        ({"settings__players": ["John", 3]}, "settings.players.1", "string"),
        ({"colour": "red"}, "colour", "Extra inputs"),
        ({"meta": []}, "meta", "dictionary"),
        ({"seed": True}, "seed", "integer"),
        ({"entries": "John: play 59"}, "entries", "list"),
        ({"entries": [3]}, "entries.0", "string"),
    ],
)
def test_every_header_field_is_checked_with_its_path(changes, path, words):
    text = json.dumps(record_with(**changes)).replace("Infinity", "1e400")
    with pytest.raises(RecordError) as err:
        GameRecord.from_json(text)
    assert err.value.index == -1 and err.value.text == path
    assert words in str(err.value) and f"record header, field {path!r}" in str(err.value)
    assert "None" not in str(err.value).split(":")[0]


def test_settings_that_the_schema_passes_but_the_rules_refuse():
    with pytest.raises(RecordError) as err:  # W1: fewer than 5 visible positions
        GameRecord.from_json(json.dumps(record_with(settings__weather={"visible": 3})))
    assert err.value.text == "settings" and "visible" in err.value.why
    with pytest.raises(RecordError) as err:
        GameRecord.from_json(json.dumps(record_with(settings__players=["John", "john"])))
    assert "differ" in err.value.why


@pytest.mark.parametrize(
    "text,words",
    [
        ("{not json", "not JSON"),
        ('{"seed": ' + "9" * 5000 + "}", "not JSON"),  # longer than Python's integer digit limit
        ("[" * 100000, "not JSON"),
        ("[]", "not a Tameri game record"),
        ('{"format": "chess"}', "not a Tameri game record"),
        ("{}", "not a Tameri game record"),
    ],
)
def test_not_a_record(text, words):
    with pytest.raises(RecordError) as err:
        GameRecord.from_json(text)
    assert words in str(err.value) and "'None'" not in str(err.value)


def test_bytes_and_byte_order_mark():
    text = json.dumps(GOOD)
    assert GameRecord.from_json("\ufeff" + text) == GameRecord.from_json(text)
    assert GameRecord.from_json(b"\xef\xbb\xbf" + text.encode()) == GameRecord.from_json(text)
    with pytest.raises(RecordError, match="not UTF-8"):
        GameRecord.from_json(b"\xff\xfe{}")
    with pytest.raises(RecordError):
        GameRecord.from_json(None)


def test_reading_flags_are_type_checked_by_the_readings_themselves():
    with pytest.raises(ValueError):
        TempleReadings(free_entry="no")
    with pytest.raises(ValueError):
        Readings(repeat_five_check="yes")
    with pytest.raises(ValueError):
        Readings(visible=True)
    with pytest.raises(ValueError):
        ScoringReadings(d4_last=0)


@pytest.mark.parametrize("n", [5, 10, -1, 0, 1, 2.0, True, "3"])
def test_settings_for_players_refuses_impossible_counts(n):
    with pytest.raises(StateError, match="2 to 4 players"):
        Settings.for_players(n)


@pytest.mark.parametrize("extra", [{"N": "x"}, {"N": -1}, {"X": 3}, {"N": True}, {"N": 5}, 3])
def test_settings_refuse_bad_field_extra_space(extra):
    with pytest.raises(StateError):
        Settings(players=("Ann", "Bob"), field_extra_space=extra if isinstance(extra, int) else tuple(extra.items()))


def test_undo_refuses_n_beyond_the_record_or_negative():
    from tameri_kit.game import random_playout

    entries, _ = random_playout(Settings.for_players(2), 5)
    rec = GameRecord(Settings.for_players(2), 5, entries[:10])
    state, short = undo(rec, 10)
    assert len(short) == 0 and state.text() == replay(short).text()
    assert len(undo(rec, 0)[1]) == 10
    for n in (11, 100, -1, 1.5, True):
        with pytest.raises(StateError, match="0 to 10"):
            undo(rec, n)


# --- the command line ------------------------------------------------------------------------------------------
def test_replay_of_bad_files_prints_an_error_line(tmp_path, capsys):
    cases = {
        "latin1.json": "caf\xe9".encode("latin-1"),
        "digits.json": ('{"seed": ' + "9" * 5000 + "}").encode(),
        "deep.json": b"[" * 100000,
        "extra.json": json.dumps(record_with(settings__field_extra_space={"N": [3]})).encode(),
        "folder": None,
    }
    for name, data in cases.items():
        path = tmp_path / name
        if data is None:
            path.mkdir()
        else:
            path.write_bytes(data)
        assert replay_file(str(path), out=io.StringIO()) == 1, name
        err = capsys.readouterr().err
        assert err.startswith("error: ") and "Traceback" not in err, (name, err)


def test_replay_accepts_a_byte_order_mark(tmp_path, capsys):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(GOOD).encode())
    out = io.StringIO()
    assert replay_file(str(path), out=out) == 0
    assert "Tameri, 2 players" in out.getvalue()


def test_record_path_is_checked_before_playing(tmp_path):
    assert record_path_problem(str(tmp_path / "g.json")) is None
    assert "does not exist" in record_path_problem(str(tmp_path / "missing" / "g.json"))
    assert "is a folder" in record_path_problem(str(tmp_path))


def test_play_into_a_missing_folder_stops_before_playing(tmp_path, capsys, monkeypatch):
    import tameri_kit.game.play.bots as bots

    def no_game(*a, **k):
        raise AssertionError("the game was played although its record could not be saved")

    monkeypatch.setattr(bots, "play_game", no_game)
    for target in (tmp_path / "missing" / "g.json", tmp_path):
        out = io.StringIO()
        assert play(2, 1, "random", str(target), out=out) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: cannot save the record") and out.getvalue() == ""


def test_play_prints_the_log_and_the_record_when_saving_fails(tmp_path, capsys, monkeypatch):
    """The path passed the check, but the write fails (the disk filled up, the folder vanished): the log is
    printed and the record goes to standard error, so the game is not lost."""
    target = tmp_path / "g.json"

    def fail(self, *a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_text", fail)
    out = io.StringIO()
    assert play(2, 3, "random", str(target), out=out) == 1
    err = capsys.readouterr().err
    assert "Final scores" in out.getvalue()
    assert err.startswith("error: cannot save the record") and "No space left" in err
    saved = GameRecord.from_json(err.split("\n", 1)[1])
    assert replay(saved).outcome is not None


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "tameri_kit", *args],
        cwd=ROOT,
        capture_output=True,
        timeout=300,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
    )


def test_cli_record_into_a_missing_folder_in_a_subprocess(tmp_path):
    r = run("play", "--players", "2", "--record", str(tmp_path / "nope" / "g.json"))
    assert r.returncode == 2 and r.stdout == b""
    assert r.stderr.decode().startswith("error: cannot save the record: the folder")
    assert b"Traceback" not in r.stderr


def test_errors_are_tameri_errors():
    assert issubclass(RecordError, TameriError)
