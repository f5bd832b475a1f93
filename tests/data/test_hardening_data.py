"""Issue 12 (Hardening): ``data check`` refuses what the game cannot use, and broken data never breaks an import.

Rulebook: Components (7 Weather tiles, 48 Priest cards, 16 Sun / 16 Water / 24 Silt spheres, 24 of each resource).
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tameri_kit.__main__ import main
from tameri_kit.data import DATA_DIR, Problem, check_dir
from tameri_kit.data.components import check_all

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def data(tmp_path):
    for p in DATA_DIR.glob("*.toml"):
        shutil.copy(p, tmp_path)
    return tmp_path


def empty_list(path: Path, table: str):
    """Replace every [[table]] of a file by ``table = []``."""
    text = path.read_text()
    text = re.sub(r"^\[\[%s\]\].*?(?=^\[\[(?!%s\]\])|^\[(?!\[)|\Z)" % (table, table), "", text, flags=re.S | re.M)
    path.write_text(f"{table} = []\n" + text)


def texts(problems):
    return [str(p) for p in problems]


@pytest.mark.parametrize(
    "file,table",
    [
        ("weather.toml", "season"),
        ("weather.toml", "tile"),
        ("priests.toml", "card"),
        ("map.toml", "river"),
        ("temples.toml", "temple"),
        ("actions.toml", "card"),
    ],
)
def test_an_empty_list_is_refused_in_its_own_file(data, file, table):
    empty_list(data / file, table)
    problems = check_all(data)
    assert problems and all(p.file == file for p in problems), texts(problems)
    assert any("empty" in p.why for p in problems)


def test_counts_are_checked_whether_empty_or_not(data):
    path = data / "weather.toml"
    text = path.read_text()
    first_tile = text.index("[[tile]]")
    second = text.index("[[tile]]", first_tile + 1)
    path.write_text(text[:first_tile] + text[second:])  # 6 tiles
    assert any("7 Weather tiles" in p.why and "not 6" in p.why for p in check_dir(data))


def test_an_empty_building_id_is_a_problem_not_a_crash(data):
    path = data / "buildings.toml"
    path.write_text(path.read_text().replace('id = "A1"', 'id = ""', 1))
    problems = check_all(data)
    bad = [p for p in problems if p.field == "id" and p.record == "building #1"]
    assert bad and "A-G" in bad[0].why
    assert "(a record with an empty id)" not in "\n".join(texts(problems))


def test_an_empty_gift_id_is_named_by_its_place(data):
    path = data / "gifts.toml"
    path.write_text(path.read_text().replace('id = "GG1"', 'id = ""', 1))
    problems = check_dir(data)
    assert any(str(p).startswith("gifts.toml: gift #1: id: ") for p in problems), texts(problems)
    assert not any(": : " in str(p) for p in problems)


def test_a_problem_with_an_empty_record_name_says_so():
    assert str(Problem("gifts.toml", "", "id", "bad")) == "gifts.toml: (a record with an empty id): id: bad"
    assert str(Problem("weather.toml", "-", "-", "file not found")) == "weather.toml: file not found"
    assert str(Problem("x.toml", "[[card]]", "-", "why")) == "x.toml: [[card]]: why"


@pytest.mark.parametrize(
    "file,old,new,field,words",
    [
        ("weather.toml", "spheres = { sun = 2, water = 1 }", "spheres = { sun = 102, water = 1 }", "spheres.sun", "16"),
        (
            "weather.toml",
            'spheres = { sun = 2 }\nsource = "illustrative (the season',
            'spheres = { sun = 40 }\nsource = "illustrative (the season',
            "spheres.sun",
            "16",
        ),
        ("weather.toml", "spheres = { sun = 2, water = 1 }", "spheres = { silt = 25 }", "spheres.silt", "24"),
    ],
)
def test_values_beyond_the_components(data, file, old, new, field, words):
    path = data / file
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new, 1))
    problems = [p for p in check_dir(data) if p.field == field]
    assert problems and words in problems[0].why and "more than the game has" in problems[0].why


def test_a_building_costing_more_than_the_box_holds(data):
    path = data / "buildings.toml"
    text = path.read_text()
    m = re.search(r"cost = \{ ([a-z]+) = (\d+)", text)
    path.write_text(text[: m.start()] + f"cost = {{ {m.group(1)} = 101" + text[m.end() :])
    problems = [p for p in check_dir(data) if p.field == f"cost.{m.group(1)}"]
    assert problems and "24 of each resource" in problems[0].why


@pytest.mark.parametrize(
    "file,old,new,record,key",
    [
        ("weather.toml", "[[tile]]\nid = 1\n", "[[tile]]\nid = 1\ncolour = 3\n", "tile 1", "colour"),
        ("priests.toml", "[[card]]\n", "[[card]]\npoint = 1\n", None, "point"),
        ("map.toml", "[[river]]\n", "[[river]]\nramps = 1\n", None, "ramps"),
        ("temples.toml", "[[temple.space]]\n", "[[temple.space]]\nefect = 1\n", None, "efect"),
    ],
)
def test_unknown_or_misspelt_keys_are_reported(data, file, old, new, record, key):
    path = data / file
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new, 1))
    bad = [p for p in check_dir(data) if p.field == key]
    assert bad and "unknown key" in bad[0].why, texts(check_dir(data))
    if record:
        assert bad[0].record == record
    if key == "point":
        assert "did you mean 'points'" in bad[0].why


def test_top_level_unknown_key(data):
    path = data / "gifts.toml"
    path.write_text("gifts = 3\n" + path.read_text())
    assert any(str(p) == "gifts.toml: gifts: unknown key (did you mean 'gift'?)" for p in check_dir(data))


def test_a_data_file_that_is_a_folder(data):
    (data / "weather.toml").unlink()
    (data / "weather.toml").mkdir()
    problems = check_all(data)
    assert any(p.file == "weather.toml" and "folder" in p.why for p in problems), texts(problems)


def test_a_toml_nested_20000_deep(data):
    (data / "gifts.toml").write_text("a = " + "[" * 20000 + "]" * 20000 + "\n")
    problems = check_all(data)
    assert any(p.file == "gifts.toml" and "nested too deeply" in p.why for p in problems)


def test_check_of_a_missing_file_says_it_does_not_exist(tmp_path, capsys):
    assert main(["data", "check", str(tmp_path / "nothere.toml")]) == 1
    out = capsys.readouterr().out
    assert "does not exist" in out and "no data files here" not in out


def test_summary_of_a_missing_folder_exits_non_zero(capsys):
    assert main(["data", "summary", "/nonexistent"]) == 1
    assert capsys.readouterr().err.startswith("error: /nonexistent does not exist")


def test_summary_of_a_folder_without_data(tmp_path, capsys):
    assert main(["data", "summary", str(tmp_path)]) == 1
    assert "no data files" in capsys.readouterr().err


def test_broken_package_data_is_reported_when_first_needed(tmp_path):
    """A copy of the kit whose weather.toml has no seasons: importing the game works; play and replay print an
    ``error:`` line naming the file, the record and the field, with no traceback."""
    shutil.copytree(ROOT / "tameri_kit", tmp_path / "tameri_kit", ignore=shutil.ignore_patterns("__pycache__"))
    empty_list(tmp_path / "tameri_kit" / "data" / "weather.toml", "season")
    env = dict(os.environ, PYTHONPATH=str(tmp_path))

    def run(*args):
        return subprocess.run(
            [sys.executable, *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
        )

    r = run("-c", "import tameri_kit.game, tameri_kit.game.play.cli, tameri_kit.game.play.bots; print('ok')")
    assert r.returncode == 0 and r.stdout == "ok\n", r.stderr
    r = run("-m", "tameri_kit", "play", "--players", "2")
    assert r.returncode == 1 and "Traceback" not in r.stderr, r.stderr
    assert r.stderr.startswith("error: ") and "weather.toml: [[season]]: season:" in r.stderr
    (tmp_path / "g.json").write_text(
        '{"format": "tameri-game/1", "settings": {"players": ["Ann", "Bob"]}, "entries": []}'
    )
    r = run("-m", "tameri_kit", "replay", "g.json")
    assert r.returncode == 1 and "Traceback" not in r.stderr and "weather.toml" in r.stderr, r.stderr
