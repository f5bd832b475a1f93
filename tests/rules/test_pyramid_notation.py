"""The pyramid and ramp notation (tameri_kit/rules/pyramid.py): round trips and errors that point at a character."""

import pytest
from hypothesis import assume, given, strategies as st

from tameri_kit import NotationError, StateError
from tameri_kit.rules import SETUP, Pyramid, Ramp, Sphere, parse_ramp


def test_setup_text():
    assert str(SETUP) == "N:SS E:SS S:SS W:SS rivers:2222"
    assert Pyramid.parse("N:SS E:SS S:SS W:SS rivers:2222") == SETUP


def test_lower_case_and_held_silt():
    p = Pyramid.parse("n:ssw e:- s:lww w:s rivers:4021 held:3")
    assert p.ramp(Ramp.NORTH) == "SSW" and p.ramp(Ramp.EAST) == "" and p.held_silt == 3
    assert str(p) == "N:SSW E:- S:LWW W:S rivers:4021 held:3"
    # Silt: 1 on ramp S + 4+0+2+1 in rivers + 3 held = 11 in play -> 24 - 11 = 13 in the supply
    assert p.supply(Sphere.SILT) == 13


@st.composite
def pyramids(draw):
    ramps = draw(st.lists(st.text(alphabet="SWL", max_size=5), min_size=4, max_size=4))
    rivers = draw(st.lists(st.integers(0, 4), min_size=4, max_size=4))
    held = draw(st.integers(0, 4))
    try:
        return Pyramid(tuple(ramps), tuple(rivers), held)
    except StateError:  # more spheres of a colour than the game has
        assume(False)


@given(pyramids())
def test_round_trip(p):
    assert Pyramid.parse(str(p)) == p
    assert eval(repr(p), {"Pyramid": Pyramid}) == p


@pytest.mark.parametrize(
    "text, column, words",
    [
        ("N:SSX E:SS S:SS W:SS rivers:2222", 5, "unexpected 'X'"),
        ("N:SS E:SS Q:SS W:SS rivers:2222", 11, "expected 'S:'"),
        ("N:SS E:SS S:SS W:SS rivers:2252", 30, "only 4 Silt spaces"),
        ("N:SS E:SS S:SS W:SS rivers:22", 30, "four digits"),
        ("N:SS E:SS S:SS W:SS", 20, "rivers:"),
        ("N: E:SS S:SS W:SS rivers:2222", 3, "needs spheres or '-'"),
        ("N:SS E:SS S:SS W:SS rivers:2222 held:x", 38, "whole number"),
        ("N:SS E:SS S:SS W:SS rivers:2222 held:1 extra", 40, "unexpected 'extra'"),
    ],
)
def test_errors_point_at_the_offending_character(text, column, words):
    with pytest.raises(NotationError) as e:
        Pyramid.parse(text)
    assert e.value.position + 1 == column, str(e.value)
    assert words in str(e.value)
    caret_line = str(e.value).splitlines()[-1]
    assert caret_line.index("^") - 2 == e.value.position  # the caret sits under the character


def test_too_many_spheres_is_a_state_error():
    """Components: 16 Sun in the game - a pyramid with 17 on its ramps cannot exist."""
    with pytest.raises(StateError, match="17 Sun"):
        Pyramid(("SSSSS", "SSSS", "SSSS", "SSSS"), (0, 0, 0, 0))
    with pytest.raises(NotationError, match="only 16"):
        Pyramid.parse("N:SSSSS E:SSSS S:SSSS W:SSSS rivers:0000")
    with pytest.raises(StateError, match="17 Water"):
        Pyramid(("WWWWW", "WWWW", "WWWW", "WWWW"), (0, 0, 0, 0))
    with pytest.raises(StateError, match="25 Silt"):  # 24 Silt: on ramps, in rivers and on boards together
        Pyramid(("LLLL", "LLLL", "LLLL", "LLLL"), (4, 4, 0, 0), held_silt=1)
    Pyramid(("LLLL", "LLLL", "LLLL", "LLLL"), (4, 4, 0, 0))  # exactly 24 is fine
    assert Pyramid(("ssw", "-", "", "L"), (0, 0, 0, 0)).ramps == ("SSW", "", "", "L")  # made canonical


def test_ramp_notation():
    assert parse_ramp("ssw") == "SSW" and parse_ramp("-") == ""
    with pytest.raises(NotationError) as e:
        parse_ramp("SW?")
    assert e.value.position == 2
