"""The Temple widget, driven as a learner would (set values, click), without a browser."""

from __future__ import annotations

from tameri_kit.render.temples_svg import player_colour, temples_svg
from tameri_kit.rules.temple_moves import TempleState, apply
from tameri_kit.widgets.temple_widget import PRESETS, TempleWidget

EX10 = "Amun John:4 | Ra George:4 | Ptah -"


def test_example_10_through_the_controls():
    """Example 10 - Ringo enters Ptah with 4 steps (4 different resources) and gains point, unlock, Farmer, card."""
    w = TempleWidget(EX10)
    w.mover_dropdown.value = "Ringo"  # the examples' players are offered as movers
    w.temple_dropdown.value = "Ptah"
    w.steps_slider.value = 4
    assert w.move_text.value == "Ringo enters Ptah +4 pay barley,papyrus,flax,fruit"  # auto-pay ticks all four
    w.move_button.click()
    assert w.error == ""
    assert str(w.state) == "Amun John:4 | Ra George:4 | Ptah Ringo:4"
    assert w.state_text.value == str(w.state)
    assert "1 point; unlock a Worker; a Farmer action; draw a Priest card" in w.gains_html.value
    # after Move the result is shown (the last event); First goes back to the start, then each event
    assert w.step == w.event_count
    w.first_button.click()
    assert w.step == 0 and w.event_text == "Before: Ringo enters Ptah +4 pay barley,papyrus,flax,fruit"
    w.next_button.click()
    assert w.event_text.startswith("Ringo pays Barley, Papyrus, Flax, Fruit")
    w.last_button.click()
    assert w.step == w.event_count and w.event_text.startswith("Ringo gains: 1 point (space 1)")
    assert "<svg" in w.picture.value


def test_a_push_is_shown_event_by_event():
    w = TempleWidget("Ptah Blue:3 Green:4")
    w.mover_dropdown.value = "Red"
    w.steps_slider.value = 3
    w.move_button.click()
    texts = [w.result.events[i].text for i in range(w.event_count)]
    assert "Red lands on 3 and pushes Blue to 4" in texts and "Blue pushes Green to 5" in texts
    w.go(texts.index("Red lands on 3 and pushes Blue to 4") + 1)
    assert "pushes Blue to 4" in w.event_label.value
    assert 'stroke-dasharray="4 3"' in w.picture.value  # Blue drawn in transit beside the track
    assert "Green" in w.gains_html.value and "1 Deben" in w.gains_html.value


def test_illegal_move_is_explained_not_raised():
    """Possible Actions: Priest (the topmost space) - the widget shows the reason and keeps the board."""
    w = TempleWidget("Ptah Blue:8 Red:5")
    w.mover_dropdown.value = "Red"
    w.steps_slider.value = 3
    before = w.state
    w.move_button.click()
    assert "would push Blue past the top space 8" in w.error and "topmost space" in w.error
    assert "Not allowed" in w.error_label.value
    assert w.state == before and w.result is None
    assert "+3: &#10007;" in w.steps_html.value and "+2: &#10003; allowed" in w.steps_html.value


def test_repeated_resources_typed_by_hand_are_explained():
    w = TempleWidget()
    w.move_text.value = "Red enters Amun +2 pay flax,flax"
    w.move_button.click()
    assert "different resource" in w.error


def test_bad_notation_is_explained():
    w = TempleWidget()
    w.move_text.value = "Red enters Karnak +1 free"
    w.move_button.click()
    assert "unknown temple" in w.error
    w.state_text.value = "Ptah A:1 B:1"
    assert "share a space" in w.error


def test_place_remove_presets_and_undo():
    w = TempleWidget()
    w.colour_dropdown.value = "Yellow"
    w.place_temple_dropdown.value = "Ra"
    assert "1 to 9" in w.place_space.tooltip
    w.place_space.value = 6
    w.place_button.click()
    assert str(w.state) == "Amun - | Ra Yellow:6 | Ptah -"
    w.remove_button.click()
    assert str(w.state) == "Amun - | Ra - | Ptah -"
    w.preset_dropdown.value = "ex18"
    assert str(w.state) == PRESETS["ex18"][1]
    assert "Ringo" in w.mover_dropdown.options
    w.mover_dropdown.value = "Paul"
    w.temple_dropdown.value = "Ptah"
    w.move_button.click()  # Paul Ptah +1 pay barley: 7 -> 8
    assert w.state.space_of("Paul", "Ptah") == 8
    w.undo_button.click()
    assert str(w.state) == PRESETS["ex18"][1]


def test_grants_change_steps_and_payment():
    """Example 9 - G3: up to 2 free steps in Ptah; B2 - one resource less; GG7 - the first step is free."""
    w = TempleWidget("Ptah George:3")
    w.mover_dropdown.options = list(w.mover_dropdown.options) + ["George"]
    w.mover_dropdown.value = "George"
    w.grant_dropdown.value = "g3"
    assert w.steps_slider.max == 2
    w.steps_slider.value = 2
    assert w.move_text.value == "George Ptah +2 free"
    w.move_button.click()
    assert w.state.space_of("George", "Ptah") == 5
    w.grant_dropdown.value = "b2"
    w.steps_slider.value = 3
    assert w.move_text.value == "George Ptah +3 pay barley,papyrus"
    w.grant_dropdown.value = "gg7"
    assert w.steps_slider.max == 3 and w.move_text.value == "George Ptah +3 pay barley,papyrus"
    w.grant_dropdown.value = "g1"
    assert "Ptah: none" in w.legal_html.value  # G1 only advances in Amun


def test_manual_payment():
    w = TempleWidget()
    w.auto_pay.value = False
    assert w.pay_barley.value  # ticked by auto-pay for the first step; untick it
    w.pay_barley.value = False
    w.steps_slider.value = 2
    w.pay_flax.value = True
    w.pay_fruit.value = True
    assert w.move_text.value == "Red enters Ptah +2 pay flax,fruit"
    w.move_button.click()
    assert w.state.space_of("Red", "Ptah") == 2


def test_widget_displays():
    w = TempleWidget()
    assert "application/vnd.jupyter.widget-view+json" in w._repr_mimebundle_()


def test_svg_is_deterministic_and_marks_illustrative_spaces():
    s = TempleState.parse("Amun John:4 | Ptah Red:2")
    a, b = temples_svg(s), temples_svg(TempleState.parse(str(s)))
    assert a == b and a.startswith("<svg") and a.count('class="space"') == 10 + 9 + 8
    assert a.count('stroke-dasharray="3 2"') == 27 - 4  # all but Ptah 1-4 are illustrative
    assert s._repr_svg_() == a
    r = apply(s, "Red Ptah +2 pay barley,flax")
    assert "Red Ptah +2 pay barley,flax" in r._repr_svg_()
    assert player_colour("Red") == "#d62728" and player_colour("John") == player_colour("John")


def test_every_labelled_control_has_its_own_label():
    """Two controls with one label are a guess for the learner (and for a browser test looking for one)."""
    import ipywidgets as widgets

    w = TempleWidget(EX10)
    labels = [
        c.description
        for c in vars(w).values()
        if isinstance(c, (widgets.Dropdown, widgets.Text, widgets.IntSlider, widgets.BoundedIntText))
    ]
    assert "Temple" in labels and "Place in" in labels
    assert len(labels) == len(set(labels)), labels


# ----- issue 14, defects seen in the temple widget --------------------------------------------------------------
def test_after_move_picture_and_text_show_the_result_once():
    """Before: after Move the picture showed the board before while the Priests box showed the result, and the
    event's caption was written twice (under the picture and above it)."""
    w = TempleWidget(EX10)
    w.mover_dropdown.value = "Ringo"
    w.steps_slider.value = 4
    w.move_button.click()
    assert w.step == w.event_count > 0
    assert w.picture.value == temples_svg(
        w.state,
        moving=w.result.events[-1].moving,
        highlight=(w.result.events[-1].gains[0].temple, [g.space for g in w.result.events[-1].gains]),
    )
    assert w.result.events[-1].text not in w.picture.value  # the caption only in event_label
    assert w.result.events[-1].text in w.event_label.value


def test_the_two_headings_are_separate_blocks():
    """Before: "... step by step Legal steps ..." ran together."""
    w = TempleWidget(EX10)
    row = next(c for c in w.box.children if w.steps_html in getattr(c, "children", ()))
    assert w.legal_html in row.children and row.layout.flex_flow == "row wrap"
    assert w.steps_html.value.startswith("<div style='margin-right:32px'><b>")
    assert w.legal_html.value.startswith("<div><b>Legal steps")


def test_example_10_preset_moves_ringo():
    """Before: the Example 10 preset could not choose Ringo (he has no priest yet).  The preset now starts on
    Example 10's move: Ringo enters Ptah +4, and choosing it again after moving starts over."""
    w = TempleWidget()
    w.preset_dropdown.value = "ex10"
    assert w.mover_dropdown.value == "Ringo" and w.temple_dropdown.value == "Ptah" and w.steps_slider.value == 4
    assert w.move_text.value == "Ringo enters Ptah +4 pay barley,papyrus,flax,fruit"
    w.move_button.click()
    assert str(w.state) == "Amun John:4 | Ra George:4 | Ptah Ringo:4"
    w.grant_dropdown.value = "g3"
    w.preset_dropdown.value = "ex10"  # the same preset again: the whole widget starts over
    assert str(w.state) == EX10 and w.result is None and w.grant_dropdown.value == "priest"
    assert w.steps_slider.value == 4 and w.undo_button.disabled


def test_undo_takes_back_a_priest_placed_by_hand():
    """Before: Undo after Place did nothing."""
    w = TempleWidget()
    assert w.undo_button.disabled
    w.place("Red", "Amun", 3)
    w.place("Blue", "Ra", 2)
    assert str(w.state) == "Amun Red:3 | Ra Blue:2 | Ptah -" and not w.undo_button.disabled
    w.undo_button.click()
    assert str(w.state) == "Amun Red:3 | Ra - | Ptah -"
    w.remove_button.click()  # Red from Ptah: not there, nothing to undo
    w.colour_dropdown.value, w.place_temple_dropdown.value = "Red", "Amun"
    w.remove_button.click()
    assert str(w.state) == "Amun - | Ra - | Ptah -"
    w.undo_button.click()
    w.undo_button.click()
    assert str(w.state) == "Amun - | Ra - | Ptah -" and w.undo_button.disabled


def test_a_space_beyond_the_track_is_explained_not_changed():
    """Before: space 11 in Amun (10 spaces) was silently changed to 10."""
    w = TempleWidget()
    w.place_temple_dropdown.value = "Amun"
    w.place_space.value = 11
    assert w.place_space.value == 11
    w.place_button.click()
    assert "Amun has spaces 1 to 10: there is no space 11" in w.error
    assert str(w.state) == "Amun - | Ra - | Ptah -"


def test_misused_constructor_is_a_typed_error():
    import pytest

    from tameri_kit.errors import TameriError

    with pytest.raises(TameriError, match="TempleState or its notation"):
        TempleWidget(42)
