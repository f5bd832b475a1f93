"""The command line: ``python -m tameri_kit play`` / ``replay`` (tameri_kit.game.play.cli), run in subprocesses.

Rulebook: the whole game (Game Setup to End of the Game); a record replays the same decisions and outcomes.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args, hashseed="0"):
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    return subprocess.run(
        [sys.executable, "-m", "tameri_kit", *args], cwd=ROOT, env=env, capture_output=True, timeout=300
    )


def test_same_seed_gives_byte_identical_output_under_any_hash_seed():
    """Nothing in the log depends on hash order: PYTHONHASHSEED 0 and 12345 give the same bytes."""
    a = run("play", "--players", "3", "--seed", "11", hashseed="0")
    b = run("play", "--players", "3", "--seed", "11", hashseed="12345")
    assert a.returncode == 0 and b.returncode == 0, a.stderr.decode() + b.stderr.decode()
    assert a.stdout == b.stdout
    text = a.stdout.decode()
    assert text.startswith("Tameri, 3 players (John, George, Paul), seed 11, bots greedy,greedy,greedy\n")
    # the structure of a game: set-up, Season 0, then 3 Seasons of 4 rounds numbered 1-12 (End of the Game: the
    # twelfth round), each Season ending in its own last round
    headings = [line for line in text.splitlines() if line.startswith("== ")]
    assert headings == (
        ["== Game Setup ==", "== Season 0 =="]
        + [
            f"== Season {(r - 1) // 4 + 1} ({('Akhet', 'Peret', 'Shemu')[(r - 1) // 4]}), round {r} =="
            for r in range(1, 13)
        ]
        + ["== Final scores (End of the Game) =="]
    )
    assert "-- Phase 1: Weather --" in text and "[Phase 3: The Turn Order]" in text
    # every event line (indented under its entry) names the rule it applies, in brackets
    events = [line for line in text.splitlines() if line.startswith("        ")]
    assert len(events) > 500 and all(line.endswith("]") and "  [" in line for line in events)
    tail = text.split("== Final scores (End of the Game) ==")[1]
    assert "during the game" in tail and "total" in tail and "Winner" in tail


def test_record_then_replay_prints_the_same(tmp_path):
    rec = tmp_path / "game.json"
    a = run("play", "--players", "2", "--seed", "4", "--bots", "random,greedy", "--record", str(rec))
    assert a.returncode == 0, a.stderr.decode()
    assert "record saved" in a.stderr.decode()
    d = json.loads(rec.read_text())
    assert d["format"] == "tameri-game/1" and d["seed"] == 4 and d["meta"] == {"bots": "random,greedy"}
    assert d["settings"]["players"] == ["John", "George"]
    b = run("replay", str(rec))
    assert b.returncode == 0, b.stderr.decode()
    assert b.stdout == a.stdout
    # the log numbers every entry of the record, in order
    text = a.stdout.decode()
    assert f"{len(d['entries']):>4}. {d['entries'][-1]}" in text
    assert f"   1. {d['entries'][0]}" in text


def test_bad_record_exits_non_zero_naming_the_first_bad_entry(tmp_path):
    rec = tmp_path / "game.json"
    assert run("play", "--players", "2", "--seed", "3", "--bots", "random", "--record", str(rec)).returncode == 0
    d = json.loads(rec.read_text())
    k = next(i for i, e in enumerate(d["entries"]) if e.startswith("John: play "))
    d["entries"][k] = "John: play 999"  # no such card in John's hand (Phase 2)
    d["entries"][k + 5] = "nonsense"  # a later bad entry: not the one reported
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(d))
    r = run("replay", str(bad))
    assert r.returncode == 1 and r.stdout == b""
    err = r.stderr.decode()
    assert f"entry {k} 'John: play 999'" in err

    d["entries"][k] = "John play 12"  # not NAME: MOVE
    bad.write_text(json.dumps(d))
    err = run("replay", str(bad)).stderr.decode()
    assert f"entry {k} 'John play 12'" in err

    bad.write_text("{not json")
    r = run("replay", str(bad))
    assert r.returncode == 1 and "record header" in r.stderr.decode() and "not JSON" in r.stderr.decode()
    r = run("replay", str(tmp_path / "missing.json"))
    assert r.returncode == 1 and "cannot read" in r.stderr.decode()


@pytest.mark.parametrize("bots, why", [("random,greedy", "3 players need 3 bots"), ("clever", "unknown bot 'clever'")])
def test_bad_bot_lists(bots, why):
    r = run("play", "--players", "3", "--bots", bots)
    assert r.returncode == 2 and why in r.stderr.decode()


def test_data_commands_still_work():
    r = run("data", "summary")
    assert r.returncode == 0 and b"records" in r.stdout
