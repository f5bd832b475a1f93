"""Issue 12 (Hardening): every parser and constructor answers bad input with a TameriError that says where.

Unicode digits (``²`` passes ``str.isdigit``), digit runs longer than Python's 4,300-digit ``int()`` limit,
names that do not exist and values of the wrong type.
"""

import math
import random

import pytest

from tameri_kit.data.temples_and_priests import Temple
from tameri_kit.errors import NotationError, StateError, TameriError, UnknownNameError
from tameri_kit.game import Settings, new_game, with_turn
from tameri_kit.rules import temple_moves
from tameri_kit.rules.action_cards import Action, Glyph, parse_number
from tameri_kit.rules.common import Ramp, Resource, Sphere
from tameri_kit.rules.glyphs import PlayOption
from tameri_kit.rules.offering import Stock
from tameri_kit.rules.pyramid import SETUP, Pyramid
from tameri_kit.rules.scoring import HandCard, parse_hand
from tameri_kit.rules.temple_moves import Move, TempleState
from tameri_kit.rules.weather import weather_phase

BIG = "9" * 5000
FULL = "N:SS E:SS S:SS W:SS rivers:2222"


@pytest.mark.parametrize(
    "text,column",
    [
        (FULL.replace("2222", "22²2"), FULL.index("2222") + 3),
        (FULL + " held:²", len(FULL) + 7),
        (FULL + " held:" + BIG, len(FULL) + 7),
        (FULL + " held:٣", len(FULL) + 7),  # an Arabic-Indic three: int() would take it, the notation does not
    ],
)
def test_pyramid_parse_points_at_the_digit(text, column):
    with pytest.raises(NotationError) as err:
        Pyramid.parse(text)
    assert err.value.position + 1 == column
    assert "invalid literal" not in str(err.value) and "Exceeds" not in str(err.value)


@pytest.mark.parametrize(
    "parse,text,position",
    [
        (Move.parse, "John Amun +" + BIG + " free", 11),
        (Move.parse, "John Amun +² free", 10),
        (lambda t: temple_moves.apply(TempleState.empty(), t), "John Amun +" + BIG + " free", 11),
        (TempleState.parse, "Amun John:" + BIG, 10),
        (TempleState.parse, "Amun John:²", 10),
        (Stock.parse, BIG + " barley", 0),
        (Stock.parse, "² barley", 0),
        (PlayOption.parse, "farmer [" + BIG + " deben]", 8),
        (HandCard.parse, BIG, 0),
        (HandCard.parse, "²", 0),
        (parse_hand, "1 " + BIG, 2),
        (parse_number, BIG, 0),
        (parse_number, "²", 0),
        (parse_number, " 1x", 2),
    ],
)
def test_digit_runs_and_unicode_digits(parse, text, position):
    with pytest.raises(NotationError) as err:
        parse(text)
    assert err.value.position == position
    assert "Exceeds" not in str(err.value) and "invalid literal" not in str(err.value)


@pytest.mark.parametrize("parse", [Sphere.parse, Ramp.parse, Resource.parse, Action.parse, Glyph.parse, Temple.parse])
@pytest.mark.parametrize("value", ["X", "", 5, None, 2.5, ["N"]])
def test_named_parsers_raise_tameri_errors(parse, value):
    with pytest.raises(UnknownNameError) as err:
        parse(value)
    assert isinstance(err.value, ValueError) and isinstance(err.value, KeyError)  # old except clauses still work
    assert "use" in str(err.value) and not str(err.value).startswith('"')  # not KeyError's quoted text


@pytest.mark.parametrize(
    "parse",
    [
        Pyramid.parse,
        Move.parse,
        TempleState.parse,
        Stock.parse,
        PlayOption.parse,
        HandCard.parse,
        parse_hand,
        parse_number,
    ],
)
@pytest.mark.parametrize("value", [None, 5, b"N:SS", ["x"]])
def test_parsers_refuse_non_text(parse, value):
    with pytest.raises(NotationError, match="takes text"):
        parse(value)


def test_helpers_answer_unknown_names():
    with pytest.raises(UnknownNameError):
        SETUP.ramp("X")
    with pytest.raises(UnknownNameError):
        SETUP.ramp(5)
    with pytest.raises(NotationError) as err:
        weather_phase(SETUP, "SSX", rng=random.Random(1))
    assert err.value.position == 2
    state = new_game(Settings.for_players(2))
    with pytest.raises(UnknownNameError, match="no player 'Nobody'"):
        with_turn(state, "Nobody")
    with pytest.raises(UnknownNameError, match="unknown action 'nonsense'"):
        with_turn(state, "John", ["nonsense"])


@pytest.mark.parametrize(
    "kw",
    [
        dict(held_silt=1.5),
        dict(held_silt=True),
        dict(held_silt=math.nan),
        dict(held_silt="3"),
        dict(rivers=(2, 2, 2, 2.7)),
        dict(rivers=(2, 2, 2, True)),
        dict(held_silt=-1),
    ],
)
def test_pyramid_refuses_impossible_numbers(kw):
    with pytest.raises(StateError):
        Pyramid(**kw)


def test_pyramid_still_takes_integer_types():
    import numpy as np

    p = Pyramid(rivers=tuple(np.int64(2) for _ in range(4)), held_silt=np.int64(1))
    assert p.rivers == (2, 2, 2, 2) and type(p.held_silt) is int and Pyramid.parse(str(p)) == p


def test_move_and_temple_state_refuse_impossible_numbers():
    with pytest.raises(StateError):
        Move("John", "Amun", -3)
    with pytest.raises(StateError):
        Move("John", "Amun", 1.5)
    with pytest.raises(StateError):
        Move("John", "Amun", True)
    assert str(Move("John", "Amun", 3)) == "John Amun +3 free"
    with pytest.raises(StateError):
        TempleState.from_dict({"Amun": {"John": 4.5}})
    with pytest.raises(StateError):
        TempleState.from_dict({"Amun": ["John", 4]})
    with pytest.raises(UnknownNameError):
        TempleState.from_dict({"Anubis": {"John": 4}})
    assert TempleState.from_dict({"Amun": {"John": 4}}) == TempleState.parse("Amun John:4")


def test_all_are_tameri_errors():
    assert issubclass(UnknownNameError, TameriError) and issubclass(NotationError, TameriError)
