"""The board drawn for a phone (render/board_narrow.py): one column 360 units wide, every word at least 11 units
(so at least 11 px where it is shown 360 px wide, as on a 390 px phone), the same parts and pieces as the wide
board, and no secret of another seat.

Positions come from seeded games (greedy bots) and from a set-up with pieces placed by hand
(``PlayerState.but``), as in test_render_board.py.
"""

import random
import re
import xml.etree.ElementTree as ET

import pytest

from tameri_kit.data import load_actions, load_market
from tameri_kit.data.temples_and_priests import TEMPLES
from tameri_kit.game import Settings, legal_actions, new_game, replay, sample_chance, step
from tameri_kit.game.core.board_view import board_picture
from tameri_kit.game.play.bots import play_game
from tameri_kit.render.board_narrow import NARROW_MIN_WORD, NARROW_WIDTH, narrow_board_svg, narrow_player_svg
from tameri_kit.render.board_svg import board_svg
from tameri_kit.render.temples_svg import temples_svg
from tameri_kit.rules.glyphs import Played
from tameri_kit.rules.offering import Stock

from positions import board_position, started, with_player

SVG = "{http://www.w3.org/2000/svg}"
CARDS = load_actions()
PARTS = ["title", "info", "pyramid", "market", "buildings", "temples", "sphinx", "nile"]


@pytest.fixture(scope="module")
def position():
    """The board tests' position (``positions.board_position``: John a Merchant, a Farmer, Building A1; George a
    face-down 97 and a 59 in his row, resources behind his screen, Priest card 40; Paul a Builder on space 2), with
    George holding a hand of five and Sphinx tile 2A (the longest effect) on space 1."""
    state = with_player(board_position(), "George", hand=(46, 50, 69, 71, 87))
    return state.but(sphinx=("2A",) + state.sphinx[1:])


@pytest.fixture(scope="module")
def late_states():
    """Four greedy bots, seed 4, every 60th state of the game (Buildings bought, Sphinxes built, full hands)."""
    record, _final = play_game(Settings.for_players(4), 4, ["greedy"] * 4)
    return replay(record, states=True)[::60]


def tree(svg):
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def groups(root, cls):
    return [g for g in root.iter(SVG + "g") if cls in (g.get("class") or "").split()]


def _matrix(transform: str):
    """The scale and offset ``(k, dx, dy)`` of a transform made of translate() and scale() only."""
    k, dx, dy = 1.0, 0.0, 0.0
    for name, args in re.findall(r"(translate|scale)\(([^)]*)\)", transform or ""):
        values = [float(v) for v in args.replace(",", " ").split()]
        if name == "translate":
            tx, ty = values[0], values[1] if len(values) > 1 else 0.0
            dx, dy = dx + k * tx, dy + k * ty
        else:
            k *= values[0]
    return k, dx, dy


def shown(el, k=1.0, dx=0.0, dy=0.0, top=True, window=(-1e9, 1e9)):
    """(font size in units of the whole picture, text) of every ``<text>``, and (left, right) of every ``<rect>``
    (the part inside the window of a nested ``<svg>``), through translate/scale transforms and nested windows."""
    tag = el.tag.replace(SVG, "")
    if tag == "svg" and not top:
        view = [float(v) for v in el.get("viewBox").split()]
        s = float(el.get("width")) / view[2]
        left = dx + k * float(el.get("x"))
        window = (max(window[0], left), min(window[1], left + k * float(el.get("width"))))
        k, dx, dy = k * s, left - k * s * view[0], dy + k * float(el.get("y")) - k * s * view[1]
    tk, tx, ty = _matrix(el.get("transform"))
    k, dx, dy = k * tk, dx + k * tx, dy + k * ty
    if tag == "text":
        yield "text", float(el.get("font-size")) * k, el.text
    if tag == "rect":
        left = dx + k * float(el.get("x") or 0)
        yield "rect", max(left, window[0]), min(left + k * float(el.get("width")), window[1])
    for child in el:
        yield from shown(child, k, dx, dy, False, window)


def test_every_word_is_at_least_11_units(position, late_states):
    """Every word of the narrow board - the pyramid's sides, the Temples, the Action cards - is at least 11 units
    (the wide board's cards keep words of 9 units, its pyramid and Temples 10: here 1.24 and 1.1 times larger).
    Seen by everyone, so every hand is drawn face up."""
    for state in [position, *late_states]:
        root = tree(narrow_board_svg(board_picture(state), width=None))
        sizes = [(round(size, 2), text) for kind, size, text in shown(root) if kind == "text"]
        assert len(sizes) > 300
        assert [(size, text) for size, text in sizes if size < NARROW_MIN_WORD - 0.05] == []


def test_one_column_360_units_wide(position, late_states):
    """The viewBox is 360 units wide; every part is a ``<g class="part ...">`` moved straight down (x = 0), in the
    order of the docstring, then one per player; every rectangle lies inside the width."""
    for state in [position, *late_states]:
        root = tree(narrow_board_svg(board_picture(state, 0), width=None))
        assert root.get("viewBox").split()[:3] == ["0", "0", str(NARROW_WIDTH)]
        parts = groups(root, "part")
        names = [g.get("class").split()[1].removeprefix("part-") for g in parts]
        assert names == PARTS + ["player"] * len(state.players)
        tops = [_matrix(g.get("transform"))[1:] for g in parts[1:]]
        assert all(x == 0 for x, _y in tops) and [y for _x, y in tops] == sorted(y for _x, y in tops)
        outside = [(a, b) for kind, a, b in shown(root) if kind == "rect" and (a < -0.5 or b > NARROW_WIDTH + 0.5)]
        assert outside == []


def test_the_same_pieces_as_the_wide_board(position):
    """The narrow board shows what the wide one shows: the Market's stalls (market.toml: 5 for 3 players), the five
    Building spaces, the ten Sphinx spaces (2A's whole effect), the Nile's cards, every sphere of the pyramid, every
    priest, one panel per player; and it says the same in words (the same ``<desc>``)."""
    model = board_picture(position, "John")
    wide, narrow = tree(board_svg(model, whole_text=True, width=None)), tree(narrow_board_svg(model, width=None))
    assert len(groups(narrow, "stall")) == len(load_market(3).stalls) == 5
    for cls, attribute in [
        ("stall", "data-resource"),
        ("building-space", "data-building"),
        ("sphinx-space", "data-face"),
        ("nile-card", "data-number"),
        ("player-board", "data-player"),
        ("worker", "data-player"),
    ]:
        assert sorted(g.get(attribute) for g in groups(narrow, cls)) == sorted(
            g.get(attribute) for g in groups(wide, cls)
        ), cls
    assert len(groups(narrow, "sphere")) == len(groups(wide, "sphere"))
    assert [g.get("data-ramp") for g in groups(narrow, "pyramid-side")] == ["N", "E", "S", "W"]
    assert narrow.find(SVG + "desc").text == wide.find(SVG + "desc").text
    words = " ".join(t.text for t in narrow.iter(SVG + "text") if t.text)
    assert "Gain 1 Deben, then take 1 resource of the crop of a field holding one of your Farmers" in words
    assert "\u2026" not in words


def test_no_secret_of_another_seat(position):
    """Seen by John: George's hand is five backs (no number), his screen and Priest card hidden, his face-down 97 a
    back; seen by George, his own hand is drawn face up."""
    john = narrow_board_svg(board_picture(position, "John"), width=None)
    (george,) = [g for g in groups(tree(john), "player-board") if g.get("data-player") == "George"]
    text = ET.tostring(george, encoding="unicode")
    assert 'class="hand hidden"' in text and text.count('class="card-back mini"') == 5 + 1
    for number in (46, 50, 69, 71, 87, 97):
        assert f'data-number="{number}"' not in john
    assert "Priest cards: 1 (hidden)" in text and "resource(s), hidden" in text
    own = narrow_player_svg(board_picture(position, "George").players[1], width=None)
    assert all(f'data-number="{n}"' in own for n in (46, 50, 69, 71, 87))


def test_one_temple_alone():
    """``temples_svg(..., only=temple)`` draws that Temple's track alone, where it stands in the whole picture, and
    nothing of the others; without it the picture is the whole one."""
    from tameri_kit.rules.temple_moves import TempleState

    state = TempleState.start() if hasattr(TempleState, "start") else started().temples
    whole = temples_svg(state)
    for temple in TEMPLES:
        alone = temples_svg(state, only=temple)
        headings = re.findall(r'font-size="15" font-weight="bold">([^<]*)<', alone)
        assert headings == [temple.value]
        assert alone.count('class="space"') == state.board.length(temple)
    assert re.findall(r'font-size="15" font-weight="bold">([^<]*)<', whole) == [t.value for t in TEMPLES]
