"""Pictures of Action cards (render/cards_svg.py): every part present, labels from the data, backs secret.

Expected values are read by hand from data/actions.toml (cards 59, 34, 202; 202's halves are stated by the
rulebook's Example 3b, 34's weather by Example 15), not from the picture code.
"""

import xml.etree.ElementTree as ET

import pytest

from tameri_kit.data import load_actions
from tameri_kit.render.cards_svg import (
    GLYPH_STYLE,
    back_group,
    card_back_svg,
    card_group,
    card_svg,
    glyph_svg,
    hand_svg,
    legend_svg,
    row_svg,
)
from tameri_kit.rules.action_cards import Glyph
from tameri_kit.rules.glyphs import Played

CARDS = load_actions()
SVG = "{http://www.w3.org/2000/svg}"


def tree(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # well-formed XML, or this raises
    assert root.tag == SVG + "svg"
    return root


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(SVG + "g") if cls in (g.get("class") or "").split()]


def texts(el: ET.Element) -> list[str]:
    return [t.text for t in el.iter(SVG + "text") if t.text]


def test_card_59_every_part():
    """Card 59 (deck A): Sunrise left, Daytime right, Decoration on top, Merchant below, no weather, Barley."""
    root = tree(card_svg(CARDS.card(59)))
    (card,) = groups(root, "action-card")
    assert card.get("data-number") == "59" and card.get("data-deck") == "A"
    assert "59" in texts(card) and "deck A" in texts(card)
    left, right = groups(card, "left"), groups(card, "right")
    assert [g.get("data-glyph") for g in left] == ["sunrise"] and [g.get("data-glyph") for g in right] == ["daytime"]
    assert "Sunrise" in texts(left[0]) and "Daytime" in texts(right[0])  # the glyph's name, not only its colour
    (top,), (bottom,) = groups(card, "half-top"), groups(card, "half-bottom")
    assert [g.get("data-action") for g in groups(top, "action")] == ["decoration"]
    assert [g.get("data-action") for g in groups(bottom, "action")] == ["merchant"]
    assert "Decoration" in texts(top) and "Merchant" in texts(bottom)
    assert groups(card, "weather") == [] and "no weather effect" in texts(card)
    (res,) = groups(card, "resource")
    assert res.get("data-resource") == "barley" and "Barley" in texts(res)


def test_weather_and_two_actions_on_a_half():
    """Card 34: remove a Sun, remove any (Example 15); Temple card 202: Harvest + Farmer on top (Example 3b)."""
    card = groups(tree(card_svg(CARDS.card(34))), "action-card")[0]
    assert [g.get("data-weather") for g in groups(card, "weather")] == ["remove_sun", "remove_any"]
    assert "Sun" in texts(card) and "any" in texts(card)
    assert [g.get("data-glyph") for g in groups(card, "left") if g.get("data-glyph")] == []  # no left glyph
    assert "glyph" in " ".join(texts(groups(card, "glyph-none")[0]))
    temple = groups(tree(card_svg(CARDS.card(202))), "action-card")[0]
    (top,) = groups(temple, "half-top")
    assert [g.get("data-action") for g in groups(top, "action")] == ["harvest", "farmer"]
    assert "+" in texts(top) and "Temple card" in texts(temple)
    assert [g.get("data-weather") for g in groups(temple, "weather")] == ["remove_sun", "remove_water"]


def test_sunrise_and_sunset_differ_in_shape_colour_and_name():
    rise, sets = glyph_svg("sunrise"), glyph_svg(Glyph.SUNSET)
    assert GLYPH_STYLE[Glyph.SUNRISE][0] != GLYPH_STYLE[Glyph.SUNSET][0]
    assert "Sunrise" in texts(tree(rise)) and "Sunset" in texts(tree(sets))

    # the same drawing with the colours and the names taken out still differs (the arrow points up or down)
    def shapes(svg):
        return [(e.tag, e.get("d")) for e in tree(svg).iter() if e.tag in (SVG + "path",)]

    assert shapes(rise) != shapes(sets)


def test_every_card_draws_and_names_its_glyphs():
    for card in CARDS:
        root = tree(card_svg(card))
        names = {g.get("data-glyph") for g in groups(root, "glyph") if g.get("data-glyph")}
        assert names == {g.value for g in card.left + card.right}, card.label
        assert len(groups(root, "action")) == len(card.actions)


def test_back_hides_the_number():
    back = card_back_svg()
    root = tree(back)
    assert groups(root, "card-back") and groups(root, "action-card") == []
    assert not any(t.isdigit() for t in texts(root))
    # the back shows all four glyphs on its right side
    assert {g.get("data-glyph") for g in groups(root, "glyph")} == {g.value for g in Glyph}
    assert "data-number" not in back_group()


def test_row_marks_own_face_down_and_shows_backs_of_others():
    row = [Played(CARDS.card(59)), Played(CARDS.card(6), True), None]
    root = tree(row_svg(row, board_glyph="sunrise", caption="John, Season 1"))
    assert [c.get("data-number") for c in groups(root, "action-card")] == ["59", "6"]
    assert len(groups(root, "face-down-own")) == 1 and len(groups(root, "card-back")) == 1
    assert len(root.findall(f".//{SVG}rect[@class='empty-slot']")) == 1  # 4 places, 3 cards
    assert "John, Season 1" in texts(root) and groups(root, "board-glyph")


def test_hand_with_hidden_cards():
    root = tree(hand_svg([CARDS.card(2), CARDS.card(89)], hidden=3, mini=True))
    assert [c.get("data-number") for c in groups(root, "action-card")] == ["2", "89"]
    assert len(groups(root, "card-back")) == 3
    with pytest.raises(TypeError):
        hand_svg(["59"])


def test_repr_svg_and_determinism():
    card = CARDS.card(202)
    assert card._repr_svg_() == card_svg(card)
    assert card_svg(card) == card_svg(CARDS.card(202))
    assert card_group(card, 10, 20, mini=True).startswith('<g class="action-card mini"')
    with pytest.raises(TypeError):
        card_svg(59)


def test_legend_names_everything():
    words = " ".join(texts(tree(legend_svg())))
    for word in (
        "Sunrise",
        "Daytime",
        "Sunset",
        "Night",
        "Farmer",
        "Merchant",
        "Builder",
        "Priest",
        "Harvest",
        "Sphinx",
        "Decoration",
        "Offering",
        "Barley",
        "Papyrus",
        "Flax",
        "Fruit",
        "Sun",
        "Water",
        "Silt",
    ):
        assert word in words, word


def test_each_glyph_has_one_name_wherever_a_learner_reads_it():
    """One name per glyph, the rules' own (Glyph.label: Sunrise, Daytime, Sunset, Night - the observatories D1-D4 of
    the Building Card List name them Sunrise, Daytime, Sunset and Nighttime; "Night" stays because the golden game
    logs pin it): under the badge, in its tooltip, after an inline badge and in plain-text card lines."""
    from tameri_kit.render.card_icons import glyph_inline, glyph_svg, glyph_words

    assert [g.label for g in Glyph] == ["Sunrise", "Daytime", "Sunset", "Night"]
    for glyph in Glyph:
        badge = tree(glyph_svg(glyph))
        assert texts(badge) == [glyph.label]
        assert f"{glyph.label} glyph" in glyph_svg(glyph)  # the tooltip
        assert glyph_inline(glyph, named=True).endswith(f'<span class="glyph-name">{glyph.label}</span>')
    assert glyph_words(["sunrise", "daytime"]) == "Sunrise+Daytime"
    assert "Day<" not in legend_svg() and "Daytime" in texts(tree(legend_svg()))
