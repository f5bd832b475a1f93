"""The whole-board picture (game/core/board_view.py + render/board_svg.py): every part present, labels from the data,
and from a seat's view no other player's secrets in the SVG text.

Positions come from the engine (a seeded set-up and Season 0, first legal decisions), then pieces are placed by
hand with ``PlayerState.but``; expected labels are read by hand from the data files (market.toml: the 3-player
Market has 5 stalls barley, flax, fruit, papyrus, flax; buildings.toml: A1 is "Spacious Warehouses";
sphinx.toml: face 1A "Gain 1 Deben and score 1 point.").
"""

import random
import xml.etree.ElementTree as ET

import pytest

from tameri_kit.data import load_actions
from tameri_kit.game import Settings, legal_actions, new_game, sample_chance, step, view
from tameri_kit.game.core.board_view import board_html, board_picture, board_svg_of
from tameri_kit.render.board_svg import board_svg, player_svg
from tameri_kit.rules.glyphs import Played
from tameri_kit.rules.offering import Stock

from positions import board_position, started, with_player

SVG = "{http://www.w3.org/2000/svg}"
CARDS = load_actions()


@pytest.fixture(scope="module")
def position():
    """John: a Merchant on Market space 3, a Farmer on N-barley, Building A1 bought; George: a face-down 97 and a 59 in
    his row, 3 Papyrus and 1 Fruit behind his screen, Priest card 40; Paul: a Builder on space 2."""
    return board_position()


def tree(svg):
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def groups(root, cls):
    return [g for g in root.iter(SVG + "g") if cls in (g.get("class") or "").split()]


def texts(el):
    return " ".join(t.text for t in el.iter(SVG + "text") if t.text)


def tips(el):
    return " ".join(t.text for t in el.iter(SVG + "title") if t.text)


def panel(root, name):
    (p,) = [g for g in groups(root, "player-board") if g.get("data-player") == name]
    return p


def test_every_part_of_the_board(position):
    state = position
    root = tree(board_svg_of(state))
    # the pyramid and the temples are the kit's own drawings, nested
    assert groups(root, "pyramid-part") and root.findall(f".//{SVG}svg[@class='tameri-pyramid']")
    assert groups(root, "temples-part") and "Amun" in texts(groups(root, "temples-part")[0])
    # the Market: 5 stalls for 3 players (market.toml), the warehouse, and John's Merchant on Market space 3,
    # which lies between stall 3 and stall 4 (Possible Actions: Merchant - a Merchant stands between 2 stalls and
    # Trade activates both; the engine's MarketLayout.beside(2) names the same two stalls)
    stalls = groups(root, "stall")
    assert [s.get("data-resource") for s in stalls] == ["barley", "flax", "fruit", "papyrus", "flax"]
    merchant_spaces = groups(root, "merchant-space")
    assert [g.get("data-space") for g in merchant_spaces] == ["1", "2", "3", "4", "5"]
    standing = {g.get("data-space"): [w.get("data-player") for w in groups(g, "worker")] for g in merchant_spaces}
    assert standing == {"1": [], "2": [], "3": ["John"], "4": [], "5": []}
    assert "Market space 3, between stall 3 (Fruit) and stall 4 (Papyrus): John's Merchant" in tips(merchant_spaces[2])
    assert "between stall 5 (Flax) and stall 1 (Barley)" in tips(merchant_spaces[4])  # the Market goes round
    assert not groups(stalls[2], "worker")  # nobody stands on a stall
    assert groups(root, "warehouse") and "limit 4" in texts(groups(root, "market")[0])
    # the Building row: the state's five cards, bottom first, with their names; Paul's Builder on space 2
    spaces = groups(root, "building-space")
    assert [s.get("data-building") or None for s in spaces] == list(state.row)
    assert [w.get("data-player") for w in groups(spaces[1], "worker")] == ["Paul"]
    # the Sphinx avenue: ten spaces with the state's faces
    assert [s.get("data-face") or None for s in groups(root, "sphinx-space")] == list(state.sphinx)
    # the Nile: the state's cards
    assert [g.get("data-number") for g in groups(root, "nile-card")] == [str(n) for n, _ in sorted(state.nile)]
    # the players
    assert [g.get("data-player") for g in groups(root, "player-board")] == ["John", "George", "Paul"]
    john = panel(root, "John")
    words = texts(john)
    assert "3 Deben" in words and "2 Silt" in words and "Merchant on Market space 3" in words
    assert "Farmers on N-barley" in words and "Buildings: A1" in words and "Sphinxes built: 0" in words
    assert f"{state.player('John').score} points" in words
    assert "Spacious Warehouses" in tips(john)  # the Building's name, from buildings.toml
    # Workers: 4 at the start, two placed (Farmer, Merchant) -> 2 free; 4 locked on the board
    assert f"Workers: 2 free; {len(state.player('John').locked)} locked" in words
    # the Farmer stands on its field in the pyramid picture
    farmer = [g for g in groups(root, "farmer") if g.get("data-player") == "John"]
    assert len(farmer) == 1 and "N-barley" in tips(farmer[0])
    # the hands in the full view
    for p in state.players:
        hand = groups(panel(root, p.name), "hand")[0]
        assert [c.get("data-number") for c in groups(hand, "action-card")] == [str(n) for n in p.hand]


def test_sphinx_effects_and_building_costs_from_the_data(position):
    state = position.but(sphinx=("1A",) + position.sphinx[1:], sphinx_owner=(1,) + (None,) * 9)
    root = tree(board_svg_of(state))
    first = groups(root, "sphinx-space")[0]
    assert first.get("data-face") == "1A" and first.get("data-owner") == "George"
    assert "Gain 1 Deben and score 1 point." in tips(first)


def test_a_seat_sees_no_other_secrets(position):
    state = position
    svg = board_svg_of(state, "John")
    root = tree(svg)
    john = state.player("John")
    # John's own hand is drawn
    assert [c.get("data-number") for c in groups(groups(panel(root, "John"), "hand")[0], "action-card")] == [
        str(n) for n in john.hand
    ]
    for other in ("George", "Paul"):
        p = state.player(other)
        # no card of another hand anywhere in the picture (a card in a hand is nowhere else on the board)
        for n in p.hand:
            assert f'data-number="{n}"' not in svg, (other, n)
        assert f"Hand: {len(p.hand)} card(s), hidden" in texts(panel(root, other))
        assert groups(panel(root, other), "action-card") == [] or other == "George"
    george = panel(root, "George")
    # George's face-up 59 is public; his face-down 97 is only a back
    assert [c.get("data-number") for c in groups(george, "action-card")] == ["59"]
    assert 'data-number="97"' not in svg and len(groups(groups(george, "card-row")[0], "card-back")) == 1
    # his screen: only the count (4), not what is behind it; his Priest card: only the count
    assert groups(george, "screen-stock") == []
    assert "Behind the screen: 4 resource(s), hidden" in texts(george)
    assert "Priest cards: 1 (hidden)" in texts(george) and "40" not in texts(george)
    # the full view shows them
    full = tree(board_svg_of(state))
    g_full = panel(full, "George")
    assert [c.get("data-number") for c in groups(g_full, "action-card")][:2] == ["59", "97"]
    counts = {c.get("data-resource"): c.get("data-count") for c in groups(groups(g_full, "screen-stock")[0], "count")}
    assert counts == {"barley": "0", "papyrus": "3", "flax": "0", "fruit": "1"}
    assert "Priest cards: 40" in texts(g_full)


def test_owner_sees_own_face_down_card(position):
    root = tree(board_svg_of(position, "George"))
    george = panel(root, "George")
    assert [c.get("data-number") for c in groups(groups(george, "card-row")[0], "action-card")] == ["59", "97"]
    assert len(groups(george, "face-down-own")) == 1
    assert "(you)" in texts(george)


def test_state_and_view_html(position):
    state = position
    html = state._repr_html_()
    assert html.startswith('<div class="tameri-board-view"') and "<details>" in html
    seen = view(state, "Paul")._repr_html_()
    assert "seen by Paul" in seen
    for n in state.player("John").hand:
        assert f'data-number="{n}"' not in seen
    assert board_html(state, 2) == board_html(state, "Paul")  # a seat number or a name
    with pytest.raises(KeyError):
        board_picture(state, "Nobody")
    with pytest.raises(KeyError):
        board_picture(state, 7)


def test_deterministic_and_standalone_player(position):
    model = board_picture(position, "Paul")
    assert board_svg(model) == board_svg(board_picture(position, "Paul"))
    one = tree(player_svg(model.players[0]))
    assert groups(one, "player-board")[0].get("data-player") == "John"
    assert board_svg(model, players=False).count('class="player-board"') == 0


@pytest.mark.parametrize("players", [2, 4])
def test_two_and_four_players(players):
    """The Market has as many stalls as market.toml gives for that many players; one panel per player."""
    from tameri_kit.data import load_market

    state = started(players, seed=players)
    root = tree(board_svg_of(state, state.players[0].name))
    assert len(groups(root, "stall")) == len(load_market(players).stalls)
    assert [g.get("data-player") for g in groups(root, "player-board")] == [p.name for p in state.players]
    for p in state.players[1:]:
        for n in p.hand:
            assert f'data-number="{n}"' not in board_svg_of(state, state.players[0].name)


def _shown_sizes(el, scale=1.0, in_card=False):
    """(effective px size, text, inside an Action card) of every <text>, the picture shown 1000 px wide: a nested
    <svg> scales by its width over its viewBox width, a ``scale(k)`` transform by k."""
    import re

    tag = el.tag.replace(SVG, "")
    classes = (el.get("class") or "").split()
    in_card = in_card or any(c in ("action-card", "card-back") for c in classes)
    if tag == "svg" and el.get("viewBox") and el.get("x") is not None:
        scale *= float(el.get("width")) / float(el.get("viewBox").split()[2])
    found = re.search(r"scale\(([\d.]+)", el.get("transform") or "")
    if found:
        scale *= float(found.group(1))
    if tag == "text":
        yield float(el.get("font-size")) * scale, el.text, in_card
    for child in el:
        yield from _shown_sizes(child, scale, in_card)


def test_board_labels_read_at_1000_px(position):
    """Every label of the board (outside the Action cards, which keep the cards' own sizes) is at least 11 px when
    the picture is shown 1000 px wide (issue 23: the pyramid's labels were drawn at 0.75 of their 10-unit size,
    7.5 px).  The drawing is 1000 units wide, so 1 unit is 1 px; nested pictures count their own scale."""
    root = tree(board_svg(board_picture(position), width=1000))
    assert root.get("viewBox").split()[2] == "1000"
    small = [(round(px, 1), text) for px, text, in_card in _shown_sizes(root) if not in_card and px < 10.95]
    assert small == []


def test_whole_text_cuts_no_word(position):
    """The shared page's drawing (``whole_text=True``): Sphinx face 2A's long effect (sphinx.toml: "Gain 1 Deben,
    then take 1 resource of the crop of a field holding one of your Farmers (Silt and productivity do not matter).")
    is on the picture word for word, with no ellipsis; every Building's cost is written whole; a hidden hand's backs
    stand side by side (64 units apart or more: 142 x 0.45 wide) without the unreadable "face down" words.  The
    default drawing (the lessons') is unchanged."""
    state = position.but(sphinx=("2A",) + position.sphinx[1:])
    state = with_player(state, "George", hand=(12, 30, 45, 77, 88))
    model = board_picture(state, "John")
    root = tree(board_svg(model, whole_text=True, width=None))
    effect = texts(groups(root, "sphinx-space")[0])
    assert "Gain 1 Deben, then take 1 resource of the crop of a field holding one of your Farmers (Silt and " in effect
    assert "productivity do not matter)." in effect and "\u2026" not in effect
    for space in groups(root, "building-space"):
        building = [b for b in model.building_row if b and b[0] == space.get("data-building")]
        if building:
            assert texts(space).split(" cost: ")[1].startswith(building[0][2])  # then a Builder's disc, if any
    (hand,) = groups(panel(root, "George"), "hand")
    backs = groups(hand, "card-back")
    assert len(backs) == 5 and "face down" not in texts(hand)
    xs = [float(b.get("transform").split("(")[1].split()[0]) for b in backs]
    assert all(b - a >= 64 for a, b in zip(xs, xs[1:]))
    old = tree(board_svg(model, width=None))
    assert "\u2026" in texts(groups(old, "sphinx-space")[0])  # the default still cuts 2A's effect after 3 lines
