"""GlyphChainWidget driven without a browser.  Rulebook: Phase 2, Glyphs section (Examples 3a-3c, 4), Phase 3
(Examples 5a, 5b), Building D3 (Example 29), End of the Season step 2.  Expected values come from the examples."""

from __future__ import annotations

import pytest

from tameri_kit.rules.actions import Action
from tameri_kit.widgets.glyphs import GlyphChainWidget


@pytest.fixture
def w():
    return GlyphChainWidget()


def test_examples_5a_5b_preset(w):
    """Example 5a: George, Ringo, Paul, John; Example 5b: George, Paul, John, Ringo."""
    assert [o.players for o in w.orders] == [("George", "Ringo", "Paul", "John"), ("George", "Paul", "John", "Ringo")]
    a = w.analysis
    assert a["John"][0].completes and not a["John"][1].completes
    assert a["Ringo"][1].completes and not a["Ringo"][0].completes
    assert a["George"][1].face_down_cost == 1
    assert "George plays 1st: face-down cards count as 1" in w.order_html.value
    assert "What each card allows" in w.cards_html.value and w.error == ""


def test_flip_a_card_face_down_changes_order_and_cost(w):
    """Flip Paul's round-2 card face down: two face-down cards (George's 7, Paul's 24) lead, by real number:
    George (7) then Paul (24); both cost 1 Deben (each player's first face-down card)."""
    w.players[3].face_down_boxes[1].value = True
    assert w.orders[1].players == ("George", "Paul", "John", "Ringo")
    assert w.analysis["Paul"][1].face_down_cost == 1
    w.players[0].face_down_boxes[0].value = True  # John's 59 face down in round 1: he plays first
    assert w.orders[0].players[0] == "John"
    # John's 44 now follows a face-down card and has a left glyph: it completes
    assert w.analysis["John"][1].completes


def test_choose_card_from_hand(w):
    """John picks 18 (from the Nile, Example 6) for round 3: 44's right is Night, 18's left Sunset: no match."""
    w.players[0].card_dropdowns[2].value = 18
    cp = w.analysis["John"][2]
    assert not cp.completes and len(cp.options) == 2
    w.players[0].buildings_select.value = ("D3",)
    assert any(o.via == "observatory D3" and o.resources == 1 for o in w.analysis["John"][2].options)


def test_hand_text_restricts_the_dropdowns(w):
    p = w.players[1]
    p.hand_text.value = "2 61 nonsense"
    assert [v for _, v in p.card_dropdowns[0].options] == [None, 2, 61]
    assert "nonsense" in p.hand_error.value


def test_example_3_preset(w):
    w.preset_dropdown.value = "example_3"
    a = w.analysis
    assert a["3a"][1].completes                       # Example 3a
    assert [len(o.actions) for o in a["3b"][1].options] == [2, 1]  # Example 3b
    assert a["3c"][1].options[0].actions == (Action.DECORATION, Action.BUILDER, Action.PRIEST)  # Example 3c


def test_example_4_and_29_presets(w):
    w.preset_dropdown.value = "example_4"
    assert w.analysis["George"][3].face_down_cost == 2
    assert w.bonuses["George"].points == 2 and "2 points" in w.bonus_html.value
    w.preset_dropdown.value = "example_29"
    assert any(o.via == "observatory D3" for o in w.analysis["Ringo"][1].options)


def test_players_slider_hides_players(w):
    w.players_slider.value = 2
    assert list(w.rows) == ["John", "Ringo"]
    assert w.players[3].box.layout.display == "none"


def test_duplicate_card_is_an_error_not_a_crash(w):
    w.players[1].hand_text.value = "14 65 59"
    w.players[1].card_dropdowns[0].value = 59  # John plays 59 too
    assert "different number" in w.error
    assert w.cards_html.value == ""


def test_empty_preset_and_display(w):
    w.preset_dropdown.value = "empty"
    assert "No cards laid out" in w.cards_html.value
    assert w._repr_mimebundle_()
