"""docs/glossary.md names every code a learner meets: each Building id, Sphinx face, reading id and field of the
data and the register, with the data's own names, and every rule name the engine's events cite.

The lists come from the data files and docs/ambiguities.md (not from the glossary): 42 Buildings (7 types A-G of
6, Components), 20 Sphinx faces (10 tiles, sides A and B, Components), the register's reading ids, the 8 fields.
"""

import re
from pathlib import Path

import pytest

from tameri_kit.data import load_buildings, load_sphinx
from tameri_kit.game import Settings, random_playout
from tameri_kit.game.core.catalog import FIELDS

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = (ROOT / "docs" / "glossary.md").read_text()


def _section(title: str) -> list[str]:
    return GLOSSARY.split(f"\n## {title}", 1)[1].split("\n## ", 1)[0].splitlines()


def _line_of(code: str, section: str) -> str:
    """The one line of a glossary section that starts an entry with this code (a Building and a reading may share
    a code, e.g. G3: each section has its own)."""
    hits = [line for line in _section(section) if line.startswith(f"- `{code}` ")]
    assert len(hits) == 1, f"{code}: {len(hits)} entries in '{section}'"
    return hits[0]


def test_the_data_has_what_the_rulebook_counts():
    assert len(load_buildings()) == 42 and len(load_sphinx()) == 20 and len(FIELDS) == 8


@pytest.mark.parametrize("building", load_buildings(), ids=lambda b: b.id)
def test_every_building_with_its_name(building):
    line = _line_of(building.id, "Buildings")
    assert f"**{building.name}**" in line


@pytest.mark.parametrize("face", load_sphinx(), ids=lambda f: f"{f.tile}{f.side}")
def test_every_sphinx_face_with_its_effect(face):
    line = _line_of(f"{face.tile}{face.side}", "Sphinx spaces")
    assert face.effect.split(";")[0].split(",")[0].rstrip(".") in line
    assert ("illustrative" in line) == face.source.startswith("illustrative")


def test_every_reading_of_the_register():
    register = (ROOT / "docs" / "ambiguities.md").read_text()
    ids = re.findall(r"^### ([A-Z]\d+) — ", register, re.MULTILINE)
    assert len(ids) >= 40
    for reading in ids:
        assert "ambiguities.md#" in _line_of(reading, "Readings")
    # and nothing the register does not have
    section = "\n".join(_section("Readings"))
    assert sorted(re.findall(r"^- `([A-Z]\d+)`", section, re.MULTILINE)) == sorted(ids)


@pytest.mark.parametrize("field", FIELDS)
def test_every_field(field):
    _line_of(field, "Fields")


def test_every_rule_an_event_cites_is_named():
    names = re.findall(r"^- \*\*(.+?)\*\* ", GLOSSARY.split("## Rule names", 1)[1], re.MULTILINE)
    cited = set()
    for seed in range(6):
        _entries, final = random_playout(Settings.for_players(2 + seed % 3), seed)
        cited |= {event.rule for event in final.events() if event.rule}
    assert len(cited) > 30
    unnamed = sorted(rule for rule in cited if not any(rule.startswith(name) for name in names))
    assert unnamed == []


def test_lessons_link_the_glossary():
    for lesson in ("00_start_here", "01_what_is_tameri", "05_workers_and_actions"):
        text = (ROOT / "notebooks" / f"{lesson}.ipynb").read_text()
        assert "../docs/glossary.md" in text, lesson
