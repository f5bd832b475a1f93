"""``python -m tameri_kit data check`` on broken files: each problem names the exact file, record and field.

Each broken file is the kit's own file with one deliberate change, written to ``tmp_path``.
"""

from __future__ import annotations

import io
import re
import shutil

import pytest

from tameri_kit.__main__ import data_check, main
from tameri_kit.data import DATA_DIR, load_actions
from tameri_kit.errors import DataError
from tameri_kit.data.components import check_all
from tameri_kit.data.loader import Problem

FILES = [
    "actions.toml",
    "market.toml",
    "buildings.toml",
    "sphinx.toml",
    "gifts.toml",
    "ghost.toml",
    "player_boards.toml",
    "map.toml",
]


@pytest.fixture
def data(tmp_path):
    for name in FILES:
        shutil.copy(DATA_DIR / name, tmp_path / name)
    return tmp_path


def edit(path, old, new, count=1):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def card_block(text: str, number: str) -> tuple[int, int]:
    """Start and end of the [[card]] table whose number is ``number``."""
    m = re.search(rf"\[\[card\]\]\nnumber = {number}\n", text)
    end = text.find("[[card]]", m.end())
    return m.start(), end if end >= 0 else len(text)


def drop_card(path, number: str):
    text = path.read_text(encoding="utf-8")
    a, b = card_block(text, number)
    path.write_text(text[:a] + text[b:], encoding="utf-8")


def set_in_card(path, number: str, old: str, new: str):
    text = path.read_text(encoding="utf-8")
    a, b = card_block(text, number)
    block = text[a:b]
    assert old in block, (old, block)
    path.write_text(text[:a] + block.replace(old, new, 1) + text[b:], encoding="utf-8")


def triples(problems):
    return {(p.file, p.record, p.field) for p in problems}


def test_clean_copy_passes(data):
    assert check_all(data) == []


def test_wrong_count_of_cards(data):
    """Components: 106 Action cards.  Dropping card 3 (not named by any fact) leaves 105."""
    drop_card(data / "actions.toml", "3")
    problems = check_all(data)
    assert triples(problems) == {("actions.toml", "[[card]]", "-")}
    assert "106" in problems[0].why and "105" in problems[0].why and "Components" in problems[0].why


def test_wrong_count_of_buildings(data):
    text = (data / "buildings.toml").read_text()
    a = text.index('[[building]]\nid = "F5"')
    b = text.index("[[building]]", a + 5)
    (data / "buildings.toml").write_text(text[:a] + text[b:])
    assert triples(check_all(data)) == {("buildings.toml", "F5", "id")}


def test_duplicate_card_number(data):
    """Phase 2: every card has a different number.  Card 3 renumbered 2 duplicates card 2."""
    set_in_card(data / "actions.toml", "3", "number = 3", "number = 2")
    problems = check_all(data)
    # the duplicate itself, and the count (105 valid cards + 1 bad one still make 106, so no count problem)
    assert ("actions.toml", "card 2", "number") in triples(problems)
    assert any("duplicate" in p.why for p in problems)


def test_duplicate_building_id(data):
    edit(data / "buildings.toml", 'id = "F5"', 'id = "F4"')
    problems = check_all(data)
    assert ("buildings.toml", "F4", "id") in triples(problems)
    assert ("buildings.toml", "F5", "id") in triples(problems)  # F5 is now missing


def test_unknown_glyph(data):
    set_in_card(data / "actions.toml", "3", "right = [", 'right = ["moonrise", ')
    problems = check_all(data)
    assert triples(problems) == {("actions.toml", "card 3", "right")}
    assert "moonrise" in problems[0].why


def test_unknown_board_glyph(data):
    edit(data / "player_boards.toml", 'glyph = "night"', 'glyph = "noon"')
    assert triples(check_all(data)) == {("player_boards.toml", "board 4", "glyph")}


def test_missing_source(data):
    set_in_card(data / "actions.toml", "3", 'source = "illustrative"\n', "")
    problems = check_all(data)
    assert triples(problems) == {("actions.toml", "card 3", "source")}


def test_invalid_source(data):
    edit(data / "gifts.toml", 'source = "rulebook: Gifts of the Gods, Card List"', 'source = "my memory"')
    assert triples(check_all(data)) == {("gifts.toml", "GG1", "source")}


def test_contradiction_card_89(data):
    """Example 15: card 89 obtains Silt and removes Water."""
    set_in_card(data / "actions.toml", "89", '"remove_water"', '"remove_sun"')
    problems = check_all(data)
    assert triples(problems) == {("actions.toml", "card 89", "weather")}
    assert "Example 15" in problems[0].why


def test_contradiction_deck_a(data):
    """Example 1: card 97 is in deck A."""
    set_in_card(data / "actions.toml", "97", 'deck = "A"', 'deck = "C"')
    problems = check_all(data)
    assert ("actions.toml", "card 97", "deck") in triples(problems)
    assert all("Example 1" in p.why for p in problems if p.record == "card 97")


def test_contradiction_barley_on_18(data):
    text = (data / "actions.toml").read_text()
    a, b = card_block(text, "18")
    block = re.sub(r'resource = "\w+"', 'resource = "flax"', text[a:b])
    (data / "actions.toml").write_text(text[:a] + block + text[b:])
    problems = check_all(data)
    assert triples(problems) == {("actions.toml", "card 18", "resource")}
    assert "Examples 6 and 17" in problems[0].why


def test_contradiction_example_5b(data):
    """Example 5b: Ringo's 65 completes the right glyph of 14 (daytime in the kit's data)."""
    set_in_card(data / "actions.toml", "65", 'left = ["daytime"]', 'left = ["night"]')
    problems = check_all(data)
    assert triples(problems) == {("actions.toml", "card 65", "left")}
    assert "Example 5b" in problems[0].why


def test_contradiction_across_files_example_5a(data):
    """Example 5a: John's 59 completes his board.  Change John's board glyph: the card is named, with the board."""
    edit(data / "player_boards.toml", 'glyph = "sunrise"', 'glyph = "night"')
    problems = check_all(data)
    assert triples(problems) == {("actions.toml", "card 59", "left")}
    assert "Example 5a" in problems[0].why and "player_boards.toml" in problems[0].why


def test_contradiction_g3_cost(data):
    edit(
        data / "buildings.toml",
        'cost = { papyrus = 1, any = 1 }\ninstant = "Advance up to 2 spaces in the Temple of Ptah',
        'cost = { papyrus = 2 }\ninstant = "Advance up to 2 spaces in the Temple of Ptah',
    )
    problems = check_all(data)
    assert triples(problems) == {("buildings.toml", "G3", "cost")}
    assert "Example 9" in problems[0].why


def test_contradiction_market(data):
    edit(
        data / "market.toml",
        'stalls = ["barley", "flax", "fruit", "papyrus", "flax"]',
        'stalls = ["barley", "fruit", "flax", "papyrus", "flax"]',
    )
    problems = check_all(data)
    assert triples(problems) == {("market.toml", "layout 3", "ghost_space")}
    assert "Ghost set-up 3b" in problems[0].why


def test_contradiction_example_27(data):
    edit(data / "player_boards.toml", '{ kind = "points", amount = 3 }', '{ kind = "points", amount = 2 }')
    problems = check_all(data)
    assert triples(problems) == {("player_boards.toml", "board 1", "unlock")}


def test_sphinx_example_13(data):
    text = (data / "sphinx.toml").read_text()
    a = text.index('[[face]]\ntile = 10\nside = "B"')
    (data / "sphinx.toml").write_text(text[:a])
    problems = check_all(data)
    assert ("sphinx.toml", "10B", "tile") in triples(problems)
    assert any("Example 13" in p.why for p in problems)


def test_ghost_field_not_on_map(data):
    edit(data / "ghost.toml", 'field = "N-barley"', 'field = "N-flax"')
    assert triples(check_all(data)) == {("ghost.toml", "ghost 1", "field")}


def test_invalid_toml(data):
    (data / "gifts.toml").write_text("[[gift]\nid = ")
    problems = check_all(data)
    assert triples(problems) == {("gifts.toml", "-", "-")}
    assert "not valid TOML" in problems[0].why


def test_loader_raises_data_error_listing_problems(data):
    set_in_card(data / "actions.toml", "3", "right = [", 'right = ["moonrise", ')
    with pytest.raises(DataError) as e:
        load_actions(data)
    assert e.value.problems == [p for p in e.value.problems if isinstance(p, Problem)]
    assert "actions.toml: card 3: right:" in str(e.value)


def test_cli_exit_codes_and_output(data, capsys):
    assert main(["data", "check", str(data)]) == 0
    out = capsys.readouterr().out
    assert "actions.toml" in out and "108" in out
    set_in_card(data / "actions.toml", "89", '"remove_water"', '"remove_sun"')
    buf = io.StringIO()
    assert data_check(str(data), out=buf) == 1
    assert buf.getvalue().splitlines()[0].startswith("actions.toml: card 89: weather: contradicts the rulebook")


def test_cli_single_file(data, capsys):
    assert main(["data", "check", str(data / "buildings.toml")]) == 0
    out = capsys.readouterr().out
    assert "buildings.toml" in out and "actions.toml" not in out


def test_contradiction_supply(data):
    edit(data / "player_boards.toml", "deben = 18", "deben = 20")
    problems = check_all(data)
    assert triples(problems) == {("player_boards.toml", "[supply]", "deben")}
    assert "Components" in problems[0].why and "18" in problems[0].why


def test_single_file_uses_partner_from_same_folder(data):
    """Checking actions.toml alone still checks Example 5a against player_boards.toml beside it."""
    edit(data / "player_boards.toml", 'glyph = "sunrise"', 'glyph = "night"')
    problems = check_all(data / "actions.toml")
    assert triples(problems) == {("actions.toml", "card 59", "left")}


def test_cli_as_a_module(data):
    """``python -m tameri_kit data check PATH`` really exits 1 with the problem line, and 0 on clean data."""
    import subprocess
    import sys

    ok = subprocess.run(
        [sys.executable, "-m", "tameri_kit", "data", "check", str(data)], capture_output=True, text=True
    )
    assert ok.returncode == 0 and "no problems" in ok.stdout
    set_in_card(data / "actions.toml", "3", 'source = "illustrative"\n', "")
    bad = subprocess.run(
        [sys.executable, "-m", "tameri_kit", "data", "check", str(data)], capture_output=True, text=True
    )
    assert bad.returncode == 1 and bad.stdout.startswith("actions.toml: card 3: source:")
