"""The component files load into frozen values that honour the rulebook's stated facts.

Each test names the rulebook passage it checks.  Expected values are read from the rulebook text, not from
the data under test.
"""

from __future__ import annotations

import dataclasses
import math

import pytest

from tameri_kit.data import (
    CHECKS,
    building,
    example_board,
    load_actions,
    load_buildings,
    load_ghost,
    load_gifts,
    load_market,
    load_player_boards,
    load_sphinx,
    provenance_markdown,
    provenance_summary,
)
from tameri_kit.data.components import ACTION_FACTS, check_all
from tameri_kit.rules.action_cards import Action, CardWeather, Glyph
from tameri_kit.rules.common import Resource


def test_kit_data_has_no_problems():
    assert check_all() == []


def test_106_cards_in_five_decks_plus_two_promos():
    """Components: 106 Action cards in decks A-E; promo cards 0 and infinity (Phase 3; Ghost Temple note)."""
    cards = load_actions()
    assert len(cards.base) == 106
    assert {c.deck for c in cards.base} == set("ABCDE")
    assert cards.card(0).deck == "promo" and cards.card(math.inf).deck == "promo"
    assert cards.card("\u221e").label == "\u221e"
    numbers = [c.number for c in cards]
    assert len(numbers) == len(set(numbers))


def test_deck_a_example_1_and_size():
    """Example 1 names 13 deck A cards; Season 0 deals 5 to each of 4 players, so deck A has at least 20."""
    a = {c.number for c in load_actions().deck("A")}
    assert {2, 5, 6, 7, 9, 10, 15, 16, 38, 45, 59, 61, 97} <= a
    assert len(a) >= 20


def test_deck_b_examples_6_and_17():
    """Examples 6 and 17: cards 18, 27 and 28 lie in the Nile in Season 1; 18 and 27 carry Barley."""
    cards = load_actions()
    assert all(cards.card(n).deck == "B" for n in (18, 27, 28))
    assert cards.card(18).resource is Resource.BARLEY and cards.card(27).resource is Resource.BARLEY


def test_example_15_weather_effects():
    cards = load_actions()
    assert set(cards.card(89).weather) == {CardWeather.GAIN_SILT, CardWeather.REMOVE_WATER}
    assert set(cards.card(34).weather) == {CardWeather.REMOVE_SUN, CardWeather.REMOVE_ANY}


def test_temple_cards_examples_3b_3c():
    cards = load_actions()
    c202, c207 = cards.card(202), cards.card(207)
    assert c202.deck == c207.deck == "E"
    assert (len(c202.top), len(c202.bottom)) == (2, 1)
    assert c207.actions == (Action.DECORATION, Action.BUILDER, Action.PRIEST)
    assert c207.left  # Example 3c: it completes a glyph


def test_every_card_shape():
    """Glyphs section: at least 1 glyph somewhere; some cards have none on the left; 0-2 weather effects."""
    cards = load_actions()
    assert all(c.left or c.right for c in cards)
    assert any(not c.left for c in cards)
    assert all(len(c.weather) <= 2 for c in cards)
    assert all(len(c.actions) == (3 if c.deck == "E" else 2) for c in cards)


def test_example_29_card_18_sunset():
    assert Glyph.SUNSET in load_actions().card(18).left


def test_cards_are_frozen():
    c = load_actions().card(59)
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.number = 3


def test_buildings_42_and_their_interface():
    """Components: 42 Buildings; Building Card List: 7 types of 6; Example 9: G3 costs 1 Papyrus + 1 of choice."""
    bs = load_buildings()
    assert len(bs) == 42
    assert sorted(b.id for b in bs) == sorted(f"{t}{i}" for t in "ABCDEFG" for i in range(1, 7))
    assert all(b.type == b.id[0] for b in bs)
    g3 = building("G3")
    assert g3.cost == {"papyrus": 1, "any": 1} and g3.name == "Temple of Ptah" and g3.source.startswith("rulebook:")
    a2, a3 = building("A2"), building("A3")
    assert len(a2.season_points["by_season"]) == 3
    assert set(a3.season_points) == {"min_buildings", "points"}
    assert "season_points" in a2.illustrative_fields
    assert building("D3").season_points is None


def test_market_layouts_ghost_setup_3b():
    """+1 Player set-up 3b: the Ghost Merchant starts between Flax and Fruit (2 or 4 players), Fruit and Papyrus (3)."""
    assert set(load_market(2).beside(load_market(2).ghost_space)) == {Resource.FLAX, Resource.FRUIT}
    assert set(load_market(4).beside(load_market(4).ghost_space)) == {Resource.FLAX, Resource.FRUIT}
    assert set(load_market(3).beside(load_market(3).ghost_space)) == {Resource.FRUIT, Resource.PAPYRUS}
    with pytest.raises(KeyError):
        load_market(5)


def test_sphinx_faces_and_example_13():
    faces = {f.label: f for f in load_sphinx()}
    assert len(faces) == 20
    for label in ("1B", "2B", "3B", "4A", "6A", "5A", "7B", "8A", "9A", "10B"):
        assert label in faces
    assert all(faces[f"{t}{s}"].source.startswith("rulebook:") for t in range(1, 7) for s in "AB")
    assert all(faces[f"{t}{s}"].source.startswith("illustrative") for t in range(7, 11) for s in "AB")


def test_gifts_listed_and_illustrative():
    """Gifts of the Gods: 14 cards announced, GG1-GG11 listed (register D6)."""
    assert len(load_gifts()) == 14
    assert [g.id for g in load_gifts(listed_only=True)] == [f"GG{i}" for i in range(1, 12)]


def test_ghost_cards():
    ghosts = load_ghost()
    assert len(ghosts) == 10
    assert all(1 <= len(g.temples) <= 3 for g in ghosts)


def test_player_boards_example_27():
    """Example 27: a locked Worker worth 3 points; 4 kinds of reward; one is a resource of your choice."""
    boards = load_player_boards()
    assert len(boards) == 4
    for b in boards:
        kinds = {u.kind for u in b.unlock}
        assert len(b.unlock) == 4 and len(kinds) == 4 and "resource" in kinds
        assert any(u.kind == "points" and u.amount == 3 for u in b.unlock)
    assert {example_board(p).glyph for p in ("John", "George", "Ringo", "Paul")} == set(Glyph)


def test_example_5a_boards_and_cards():
    """Example 5a: only John's 59 completes his board's glyph; George 2, Ringo 14, Paul 21 do not."""
    cards = load_actions()
    assert example_board("John").glyph in cards.card(59).left
    for player, n in (("George", 2), ("Ringo", 14), ("Paul", 21)):
        assert example_board(player).glyph not in cards.card(n).left


def test_provenance_summary_counts_every_registered_file():
    rows = {r.component: r for r in provenance_summary()}
    assert set(rows) == set(CHECKS)
    assert rows["actions.toml"].records == 108 and rows["actions.toml"].illustrative == 108
    assert rows["gifts.toml"].from_rulebook == 11 and rows["gifts.toml"].illustrative == 3
    assert rows["sphinx.toml"].from_rulebook == 12
    for r in rows.values():
        assert r.from_rulebook + r.illustrative == r.records
    assert "| `buildings.toml` | 42 | 42 | 0 |" in provenance_markdown()


def test_facts_are_a_readable_list():
    assert all(f.where and f.text for f in ACTION_FACTS)
    assert any(f.where == "Example 1" for f in ACTION_FACTS)


def test_supply_components_and_setup():
    """Components: 18 Deben, 24 of each resource, 8 Workers and 3 Sphinxes per player; Game Setup 3b-3d: 4 locked
    Workers, 2 of each resource and 1 Deben to start."""
    from tameri_kit.data import load_supply

    s = load_supply()
    assert (
        s.deben,
        s.resources_each,
        s.workers_per_player,
        s.locked_workers,
        s.sphinxes_per_player,
        s.start_resources_each,
        s.start_deben,
    ) == (18, 24, 8, 4, 3, 2, 1)
    assert s.source.startswith("rulebook:")
