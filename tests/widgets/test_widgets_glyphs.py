"""GlyphChainWidget driven without a browser.  Rulebook: Phase 2, Glyphs section (Examples 3a-3c, 4), Phase 3
(Examples 5a, 5b), Building D3 (Example 29), End of the Season step 2.  Expected values come from the examples."""

from __future__ import annotations

import pytest

from tameri_kit.rules.action_cards import Action
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
    assert a["3a"][1].completes  # Example 3a
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
    assert "card 59 is in the hands of both John and Ringo" in w.error
    assert w.cards_html.value == ""


def test_empty_preset_and_display(w):
    w.preset_dropdown.value = "empty"
    assert "No cards laid out" in w.cards_html.value
    assert w._repr_mimebundle_()


# ----- issue 14 (defects seen in the glyph widget) and issue 12 (misused constructors) ------------------------
def test_round_dropdowns_have_room_for_the_glyphs(w):
    """Before: 'Round 1' took most of a 170 px dropdown and the card's glyphs were cut.  The round's name is a
    label above its dropdown now, and the dropdown is wide enough for the longest card text (~9 px a character
    in the widget's font, plus the arrow)."""
    p = w.players[0]
    assert [lab.value for lab in p.round_labels] == ["Round 1", "Round 2", "Round 3", "Round 4"]
    longest = max(len(label) for label, _ in p.card_dropdowns[0].options)
    for d in p.card_dropdowns:
        assert d.style.description_width == "0px" and 9 * longest + 30 <= int(d.layout.width.rstrip("px"))
    # the label above names the dropdown for a screen reader too (its description, which takes no room)
    assert [d.description for d in p.card_dropdowns] == ["Round 1", "Round 2", "Round 3", "Round 4"]


def test_hands_and_buildings_are_not_clipped(w):
    """Before: the hand boxes and the Buildings list were cut.  The list shows each building's name (its id
    alone says little) without a description beside it, and every row of a player wraps."""
    p = w.players[0]
    assert ("D3 West Observatory (Sunset glyph)", "D3") in p.buildings_select.options
    assert ("D4 North Observatory (Night glyph)", "D4") in p.buildings_select.options  # the glyph's one name
    assert p.buildings_select.description == "Glyph buildings" and p.buildings_select.style.description_width == "0px"
    assert p.buildings_select.layout.width == "300px"
    assert int(p.hand_text.layout.width.rstrip("px")) >= 400 and p.hand_text.layout.max_width == "100%"
    rows = p.box.children
    assert all(r.layout.flex_flow == "row wrap" for r in rows)


def test_choosing_the_same_preset_again_resets_it(w):
    w.players[0].face_down_boxes[0].value = True
    w.players[1].hand_text.value = "1 2 3"
    w.players_slider.value = 2
    w.preset_dropdown.value = "examples_5"  # the one loaded at the start
    assert w.preset_dropdown.value == "" and w.players_slider.value == 4
    assert not w.players[0].face_down_boxes[0].value and w.players[1].hand_text.value == "14 65 5 38"
    assert [o.players for o in w.orders][0] == ("George", "Ringo", "Paul", "John")


def test_misused_constructors_raise_typed_errors():
    from tameri_kit.errors import TameriError

    with pytest.raises(TameriError, match="no preset 'nope'; the presets are 'examples_5'"):
        GlyphChainWidget("nope")
    with pytest.raises(TameriError, match="cards must be ActionCards"):
        GlyphChainWidget(cards="x")
    assert GlyphChainWidget(None).rows == {f"Player {i}": () for i in range(1, 5)}


# ---- impossible tables are refused with a reason (issue 23) -------------------------------------------------------
def test_the_same_card_twice_in_a_row_is_refused():
    """Phase 2: each round a card goes from the hand onto the board, so a card is played once a Season."""
    w = GlyphChainWidget("examples_5")
    assert w.error == "" and w.cards_html.value
    w.players[0].card_dropdowns[1].value = 59  # John's round-1 card again in round 2
    assert "card 59 is in round 1 and in round 2" in w.error
    assert w.cards_html.value == w.order_html.value == w.bonus_html.value == ""  # no old table beside the error
    w.players[0].card_dropdowns[1].value = 44
    assert w.error == "" and w.cards_html.value


def test_one_card_in_two_hands_is_refused():
    w = GlyphChainWidget("examples_5")
    w.players[1].hand_text.value = "14 65 5 38 59"  # Ringo's hand, with John's 59
    assert "card 59 is in the hands of both John and Ringo" in w.error and w.cards_html.value == ""


def test_two_players_of_one_name_are_refused():
    w = GlyphChainWidget("examples_5")
    w.players[1].name_text.value = "John"
    assert "two players are called 'John'" in w.error


def test_every_preset_is_a_possible_table():
    w = GlyphChainWidget(None)
    for key in w.presets:
        w.load_preset(key)
        assert w.error == "", key


# ---- glyphs as badges and names, never as one-character signs (issue 23) -----------------------------------------
SIGNS = "\u25d3\u2600\u25d2\u263e"  # Glyph.symbol's signs (Sunrise and Sunset look alike): kept in game logs only


def test_no_glyph_sign_in_any_label_or_table(w):
    """Every preset: no dropdown option, label or HTML of the widget shows a one-character glyph sign."""
    for key in w.presets:
        w.preset_dropdown.value = key
        shown = [w.cards_html.value, w.order_html.value, w.bonus_html.value]
        for p in w.players:
            shown += [p.board_badge.value] + [str(label) for label, _ in p.board_dropdown.options]
            shown += [str(label) for d in p.card_dropdowns for label, _ in d.options]
        assert not any(sign in text for text in shown for sign in SIGNS), key


def test_glyphs_are_named_in_dropdowns_and_drawn_as_named_badges(w):
    """Example 5a: John's card 59 has Sunrise on its left and Daytime on its right (the kit's illustrative data,
    docs/data.md); his board is Sunrise (register D4).  The dropdowns name the glyphs; the table draws a badge
    for each glyph, labelled and titled with its name, and writes the name after it."""
    john = w.players[0]
    assert [label for label, _ in john.board_dropdown.options] == ["Sunrise", "Daytime", "Sunset", "Night"]
    assert john.board_dropdown.value.label == "Sunrise"
    assert ">Sunrise glyph</title>" in john.board_badge.value and "Sunrise</span>" in john.board_badge.value
    john.board_dropdown.value = john.board_dropdown.options[2][1]  # the badge follows the dropdown
    assert ">Sunset glyph</title>" in john.board_badge.value
    labels = dict((v, label) for label, v in john.card_dropdowns[0].options)
    assert labels[59] == "59 Sunrise | Daytime"
    table = w.cards_html.value
    row_59 = next(r for r in table.split("<tr>") if "<td>59" in r or ">59:" in r)
    assert row_59.count("<svg") == 2
    assert ">Sunrise glyph</title>" in row_59 and ">Daytime glyph</title>" in row_59
    assert ">Sunrise glyph</title>" in row_59 and '"glyph-name">Daytime</span>' in row_59


def test_each_badge_in_the_table_names_its_glyph(w):
    """Every badge drawn in the cards table carries the name of the glyph it draws (its data-glyph) as its label."""
    import re

    for key in w.presets:
        w.preset_dropdown.value = key
        for svg in re.findall(r"<svg.*?</svg>", w.cards_html.value):
            glyph = re.search(r'data-glyph="(\w+)"', svg).group(1)
            label = re.search(r">(\w+) glyph</title>", svg).group(1)
            assert label.lower() == glyph, svg[:200]
