"""Temple and Priest card data: the kit's files pass their checks, agree with the rulebook's stated facts, and
broken files are rejected with the file, record, field and why."""

from __future__ import annotations

import copy
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from tameri_kit.data import CHECKS, DATA_DIR, Problem, check_dir, is_illustrative
from tameri_kit.data.temples_and_priests import Effect, Temple, check_priests, check_temples, load_priests, load_temples
from tameri_kit.errors import DataError

TEMPLES_DOC = tomllib.loads((DATA_DIR / "temples.toml").read_text(encoding="utf-8"))
PRIESTS_DOC = tomllib.loads((DATA_DIR / "priests.toml").read_text(encoding="utf-8"))


def test_checks_are_registered_and_the_kit_files_pass():
    assert CHECKS["temples.toml"] is check_temples and CHECKS["priests.toml"] is check_priests
    assert check_temples(TEMPLES_DOC, "temples.toml") == []
    assert check_priests(PRIESTS_DOC, "priests.toml") == []
    assert check_dir(DATA_DIR / "temples.toml") == [] and check_dir(DATA_DIR / "priests.toml") == []


def test_example_10_facts_in_the_tracks():
    """Example 10 - Ptah's four lowest spaces give 1 point, unlock, a Farmer action and a Priest card; Amun and Ra
    have a space 5 (a priest on space 4 can be pushed)."""
    b = load_temples()
    low = Counter(b.effect(Temple.PTAH, s) for s in (1, 2, 3, 4))
    assert low == Counter([Effect("points", 1), Effect("unlock"), Effect("farmer"), Effect("priest_card")])
    assert all(s.source.startswith("rulebook: Example 10") for s in b.track(Temple.PTAH).spaces[:4])
    assert b.length(Temple.AMUN) >= 5 and b.length(Temple.RA) >= 5
    assert b.illustrative  # the rest is made up, and says so
    assert all(is_illustrative(s.source) for t in b.tracks for s in t.spaces[(4 if t.temple is Temple.PTAH else 0) :])


def test_priest_cards_facts():
    """Components: 48 Priest cards; Priest Cards: 1-point cards show an effect, 2- and 3-point cards do not;
    Example 34: a 1-point card gives Deben."""
    d = load_priests()
    assert len(d) == 48
    assert all((c.points == 1) == (c.effect is not None) for c in d.cards)
    assert any(c.effect == Effect("deben") and c.source.startswith("rulebook: Example 34") for c in d.cards)
    assert {c.points for c in d.cards} == {1, 2, 3}


def find(problems: list[Problem], record: str, field: str) -> Problem:
    hits = [p for p in problems if p.record == record and p.field == field]
    assert hits, f"no problem for {record}/{field} in {problems}"
    return hits[0]


def space(doc, temple_index, number):
    return doc["temple"][temple_index]["space"][number - 1]


@pytest.mark.parametrize(
    "mutate, record, field, why",
    [
        (lambda d: space(d, 2, 1).update(effect="silt"), "temple Ptah spaces 1-4", "effect", "Example 10"),
        (lambda d: space(d, 0, 3).update(effect="dragon"), "temple Amun space 3", "effect", "unknown effect 'dragon'"),
        (
            lambda d: space(d, 0, 3).update(effect="advance", temple="Ra"),
            "temple Amun space 3",
            "effect",
            "unknown effect 'advance'",
        ),
        (lambda d: space(d, 1, 5).update(amount=0), "temple Ra space 5", "amount", "at least 1"),
        (lambda d: space(d, 1, 5).pop("source"), "temple Ra space 5", "source", "needs a source"),
        (lambda d: space(d, 1, 5).update(source="the box"), "temple Ra space 5", "source", "must start with"),
        (lambda d: space(d, 1, 5).update(number=7), "temple Ra space 7", "number", "two spaces"),
        (lambda d: space(d, 1, 9).update(number=12), "temple Ra", "space", "without gaps"),
        (lambda d: d["temple"][1].update(space=d["temple"][1]["space"][:4]), "temple Ra", "space", "at least 5 spaces"),
        (lambda d: d["temple"][1].update(name="Osiris"), "temple #2", "name", "unknown temple"),
        (lambda d: d["temple"][1].update(name="Amun"), "temple Amun", "name", "appears twice"),
        (lambda d: d["temple"].pop(), "[[temple]]", "name", "missing temple(s): Ptah"),
        (lambda d: d["temple"][0].pop("space"), "temple Amun", "space", "[[temple.space]]"),
        (lambda d: d.pop("temple"), "[[temple]]", "temple", "expected a list"),
    ],
)
def test_broken_temples_are_rejected_naming_file_record_field_and_why(mutate, record, field, why):
    doc = copy.deepcopy(TEMPLES_DOC)
    mutate(doc)
    p = find(check_temples(doc, "temples.toml"), record, field)
    assert p.file == "temples.toml" and why in p.why


def card(doc, cid):
    return next(c for c in doc["card"] if c["id"] == cid)


@pytest.mark.parametrize(
    "mutate, record, field, why",
    [
        (lambda d: card(d, 30).update(points=4), "card 30", "points", "1, 2 or 3"),
        (lambda d: card(d, 30).update(effect="deben"), "card 30", "effect", "no effect"),
        (lambda d: card(d, 5).pop("effect"), "card 5", "effect", "shows an effect"),
        (lambda d: card(d, 5).update(effect="unlock"), "card 5", "effect", "unknown effect 'unlock'"),
        (lambda d: card(d, 22).pop("temple"), "card 22", "temple", "missing"),
        (lambda d: card(d, 22).update(temple="Karnak"), "card 22", "temple", "unknown temple"),
        (lambda d: card(d, 5).update(temple="Ra"), "card 5", "temple", "only an 'advance'"),
        (lambda d: card(d, 5).update(id=6), "card 6", "id", "duplicate"),
        (lambda d: d["card"].pop(), "[[card]]", "-", "48 Priest cards"),
        (
            lambda d: [c.update(effect="silt") for c in d["card"] if c.get("effect") == "deben"],
            "[[card]]",
            "effect",
            "Example 34",
        ),
        (lambda d: card(d, 40).pop("source"), "card 40", "source", "needs a source"),
    ],
)
def test_broken_priest_cards_are_rejected_naming_file_record_field_and_why(mutate, record, field, why):
    doc = copy.deepcopy(PRIESTS_DOC)
    mutate(doc)
    p = find(check_priests(doc, "priests.toml"), record, field)
    assert p.file == "priests.toml" and why in p.why


def test_loading_a_broken_file_raises_data_error(tmp_path: Path):
    text = (DATA_DIR / "temples.toml").read_text(encoding="utf-8")
    (tmp_path / "temples.toml").write_text(text.replace('effect = "farmer"', 'effect = "feast"', 1), encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_temples(tmp_path)
    assert any(p.field == "effect" and "feast" in p.why for p in e.value.problems)
    (tmp_path / "priests.toml").write_text("[[card]\nid = 1", encoding="utf-8")
    with pytest.raises(DataError, match="not valid TOML"):
        load_priests(tmp_path)


def test_a_replacement_file_is_loaded(tmp_path: Path):
    """A user who owns the game can replace the tracks: a different (valid) order of Ptah's lowest spaces loads."""
    text = (DATA_DIR / "temples.toml").read_text(encoding="utf-8")
    swapped = text.replace('effect = "unlock"\n  source = "rulebook', 'effect = "TMP"\n  source = "rulebook', 1)
    swapped = swapped.replace('effect = "farmer"\n  source = "rulebook', 'effect = "unlock"\n  source = "rulebook', 1)
    swapped = swapped.replace('effect = "TMP"', 'effect = "farmer"', 1)
    (tmp_path / "temples.toml").write_text(swapped, encoding="utf-8")
    b = load_temples(tmp_path)
    assert b.effect(Temple.PTAH, 2) == Effect("farmer") and b.effect(Temple.PTAH, 3) == Effect("unlock")
