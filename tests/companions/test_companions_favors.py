"""Major and Minor Favors (rulebooks/002: Akhet Special Round, Favor Scoring), worked by hand."""

import pytest

from tameri_kit.companions.favors import favors, favors_to_majors
from tameri_kit.errors import StateError


@pytest.mark.parametrize(
    "counts, major, minor, rule",
    [
        ((5, 3, 1), "A", "B", "clear first and second"),
        ((5, 3, 3), "A", "", "clear first, tied second"),  # tied second: no Favor
        ((4, 4, 1), "", "AB", "tied first"),  # tied first: a Minor each, no second
        ((2, 2, 2), "", "ABC", "tied first"),
        ((6, 4, 4, 4), "A", "", "clear first, tied second"),
        ((5, 5, 3, 1), "", "AB", "tied first"),  # the 3 gets nothing: no second place after a tie
        ((3,), "A", "", "clear first"),
        ((0, 0, 0), "", "", "nobody has any"),  # reading F1
    ],
)
def test_favors_by_hand(counts, major, minor, rule):
    names = "ABCD"[: len(counts)]
    result = favors(dict(zip(names, counts)))
    assert result.major == tuple(major) and result.minor == tuple(minor)
    assert result.rule.startswith(rule)


def test_f1_zero_earns_nothing_unless_chosen():
    assert favors({"A": 3, "B": 0}).minor == ()
    assert favors({"A": 3, "B": 0}, zero_earns=True).minor == ("B",)
    assert favors({"A": 0, "B": 0}, zero_earns=True).minor == ("A", "B")


def test_values_in_minor_units_and_game_end_conversion():
    assert favors({"A": 5, "B": 3, "C": 1}).values == {"A": 2, "B": 1, "C": 0}
    assert favors_to_majors(1, 3) == (2, 1) and favors_to_majors(0, 0) == (0, 0)
    assert "Major" in favors({"A": 1})._repr_html_()


def test_bad_input_is_a_typed_error():
    with pytest.raises(StateError, match="negative"):
        favors({"A": -1, "B": 2})
    with pytest.raises(StateError):
        favors({})
    with pytest.raises(StateError):
        favors({"A": 1.5})
    with pytest.raises(StateError):
        favors_to_majors(-1, 0)


def test_f2_tied_first_means_the_players_tied_for_first_not_everyone():
    result = favors({"A": 5, "B": 5, "C": 3, "D": 3})
    assert result.minor == ("A", "B") and result.major == ()
