"""The pictures in words: every SVG the kit draws carries a <title> and a <desc> that say what it shows, written
from the same picture model, with role="img" and the title as aria-label (no ids: a page may show a picture twice).

Expected words are worked out by hand:
- the sphere totals (Components: 16 Sun, 16 Water, 24 Silt; the set-up pyramid of Game Setup 1b holds 8 Suns on the
  ramps and 8 Silt in the rivers, so its supply is 8 Sun, 16 Water, 16 Silt);
- the pyramid notation ``N:SWLSWW`` lists the North ramp from its bottom; reading W1 shows the lowest 5 positions;
- card 59 as actions.toml has it: deck A, Sunrise on the left, Day on the right, Decoration on top, Merchant below,
  no weather effect, Barley;
- temples.toml: Amun space 4 scores 1 point, Ptah space 2 unlocks a Worker (Example 10);
- the game position of test_render_board.py (John's Merchant on Market space 3 (index 2), his Farmer on N-barley;
  George's face-down 97 seen only by George).
"""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from tameri_kit.data import load_actions
from tameri_kit.game import Settings, legal_actions, new_game, sample_chance, step
from tameri_kit.game.core.board_view import board_picture
from tameri_kit.render.board_svg import board_svg, player_svg
from tameri_kit.render.cards_svg import card_svg, hand_svg, legend_svg, row_svg
from tameri_kit.render.card_icons import glyph_inline, glyph_svg
from tameri_kit.render.pyramid_svg import pyramid_svg
from tameri_kit.render.round_svg import round_svg
from tameri_kit.render.small_cards_svg import priest_cards_svg
from tameri_kit.render.temples_svg import temples_svg
from tameri_kit.data.temples_and_priests import load_priests
from tameri_kit.rules import SETUP, Pyramid
from tameri_kit.rules.glyphs import Played
from tameri_kit.rules.temple_moves import TempleState

SVG = "{http://www.w3.org/2000/svg}"
CARDS = load_actions()


def words(svg: str) -> tuple[str, str]:
    """The picture's title and description: its first two children, ``<title>`` and ``<desc>``, where a browser
    finds an ``<svg role="img">``'s name and description (SVG Accessibility API Mappings)."""
    root = ET.fromstring(svg)
    assert root.get("role") == "img"
    title, desc = list(root)[:2]
    assert (title.tag, desc.tag) == (f"{SVG}title", f"{SVG}desc")
    assert root.get("aria-label") == title.text
    return title.text, desc.text


def test_pyramid_words_say_each_ramp_from_the_bottom_and_the_supply():
    title, desc = words(pyramid_svg(Pyramid.parse("N:SWLSWW E:- S:- W:- rivers:3000")))
    assert title == "The Great Pyramid from above: N:SWLSWW E:- S:- W:- rivers:3000"
    assert "Ramp North, from the bottom up: Sun, Water, Silt, Sun, Water; 1 more sphere(s) inside the pyramid." in desc
    assert "North river: 3 of 4 Silt spaces filled" in desc
    assert "Ramp East, from the bottom up: empty." in desc and "West river: 0 of 4 Silt spaces filled" in desc
    # 16 - 2 Sun, 16 - 3 Water, 24 - 1 - 3 Silt
    assert desc.endswith("Supply: 14 Sun, 13 Water, 20 Silt; Silt on player boards: 0.")
    _, setup = words(pyramid_svg(SETUP, highlight="E"))
    assert "Ramp East (the ramp of this event), from the bottom up: Sun, Sun." in setup
    assert "Supply: 8 Sun, 16 Water, 16 Silt" in setup


def test_pyramid_words_say_the_fields_as_the_picture_does():
    """Every field's verdict in the picture (its box's words) is in the description."""
    svg = pyramid_svg(SETUP)
    _, desc = words(svg)
    root = ET.fromstring(svg)
    for field in root.iter(f"{SVG}g"):
        if "field" in (field.get("class") or "").split():
            crop, verdict, harvest = [t.text for t in field.iter(f"{SVG}text")][:3]
            said = f"{crop} ({verdict[2:]}" + (
                f", {harvest}" if verdict.endswith(" productive") and "not" not in verdict else ""
            )
            assert said in desc, said


def test_card_words_name_its_glyphs_actions_and_resource():
    title, desc = words(card_svg(CARDS.card(59)))
    assert title == "Action card 59"
    assert desc == (
        "Action card 59 (deck A): left glyph Sunrise, right glyph Daytime; top Decoration, bottom Merchant; "
        "weather none; resource Barley"
    )
    _, down = words(hand_svg([CARDS.card(59)], hidden=2))
    assert down.startswith("A hand of 3 card(s): Action card 59 (deck A)") and down.count("a face-down card") == 2
    _, row = words(row_svg([Played(CARDS.card(59), True)], board_glyph="night"))
    assert row.startswith("Board glyph Night. 1 card(s) in the row, left to right: Action card 59")
    assert "played face down (only its owner sees it)" in row and row.endswith("3 empty place(s).")


def test_glyph_and_legend_words_say_the_shapes_not_only_the_colours():
    for svg in (glyph_svg("sunrise"), glyph_inline("sunrise")):
        title, desc = words(svg)
        assert title == "Sunrise glyph" and "arrow pointing up" in desc
    assert "arrow pointing down" in words(glyph_svg("sunset"))[1]
    _, key = words(legend_svg())
    assert "S remove a Sun sphere, W remove a Water sphere" in key and "L obtain a Silt sphere" in key
    assert "Night glyph: a square dark badge: a crescent moon and a star" in key
    assert "Barley a grain, Papyrus a scroll, Flax a flower, Fruit a round fruit" in key


def test_temple_words_say_who_stands_where_and_what_it_gives():
    title, desc = words(temples_svg(TempleState.parse("Amun John:4 | Ptah Red:2")))
    assert title == "Temples: Amun John:4 | Ra - | Ptah Red:2"
    assert desc == (
        "Amun (10 spaces): John on space 4 (1 point). Ra (9 spaces): no priest. "
        "Ptah (8 spaces): Red on space 2 (unlock a Worker)."
    )


def test_priest_cards_and_round_page_have_words():
    title, desc = words(priest_cards_svg(load_priests().cards[:1]))
    assert title.startswith("Priest card") and desc.startswith("Priest card ") and "point(s)" in desc
    title, desc = words(str(round_svg()))
    assert title == "A round at a glance: the order of play in Tameri"
    assert "1. Weather: Draw a Weather tile" in desc and "End of the Game" in desc


def started(n=3, seed=0):
    rng = random.Random(seed)
    state = new_game(Settings.for_players(n))
    while state.phase != "choose":
        state = step(state, sample_chance(state, rng) if state.is_chance else legal_actions(state)[0])
    return state


@pytest.fixture(scope="module")
def position():
    """John: a Merchant on Market space 3, a Farmer on N-barley; George: a face-down 97 and a 59 in his row."""
    state = started()
    players = list(state.players)
    players[0] = players[0].but(merchant=2, farmers=("N-barley",), deben=3)
    players[1] = players[1].but(row=(Played(CARDS.card(59)), Played(CARDS.card(97), True)))
    return state.but(players=tuple(players))


def test_board_words_say_who_is_where_and_hide_what_the_seat_may_not_see(position):
    title, paul = words(board_svg(board_picture(position, "Paul")))
    assert title.endswith("(seen by Paul)")
    assert paul.startswith("Seen by Paul: other players' hands, screens and face-down cards hidden.")
    assert "Merchants: John on space 3." in paul
    assert "Farmer(s) of John" in paul and "Farmers on N-barley" in paul
    assert "John: 0 points" in paul and "Paul (you)" in paul
    assert "card 97" not in paul and "a face-down card" in paul  # George's face-down card, its back only
    assert re.search(r"Hand: \d card\(s\), hidden\.", paul)  # the others' hands: counted, not shown
    _, george = words(board_svg(board_picture(position, "George")))
    assert "Action card 97" in george and "played face down (only its owner sees it)" in george
    _, one = words(player_svg(board_picture(position, "Paul").players[0]))
    assert one.startswith("John: 0 points") and "3 Deben" in one and "Merchant on Market space 3" in one


def test_pictures_on_one_page_never_share_an_id_and_are_drawn_the_same_each_time(position):
    """A page with a board (which holds a pyramid and the temples), the same card twice and the same pyramid
    twice: the words need no ids (nothing on the page points at an id, so a copy cannot point at another's), every
    picture has its own title and desc, and drawing a picture again gives the very same text."""
    model = board_picture(position, "Paul")
    pictures = [board_svg(model), card_svg(CARDS.card(59)), card_svg(CARDS.card(59)), pyramid_svg(SETUP)]
    pictures.append(pyramid_svg(SETUP))
    page = "".join(pictures)
    assert "aria-labelledby" not in page and "aria-describedby" not in page
    assert page.count("<title>") >= len(pictures) and page.count("<desc>") >= len(pictures)
    assert pictures[1] == pictures[2] and pictures[3] == pictures[4]
