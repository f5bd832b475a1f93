"""Issue 28, findings 11-14: the companions' public functions checked at their entry - a reproduction of each finding.

Every expected value is worked out by hand from the rules (Ra: rulebooks/001, *Scoring*, *Disasters*, *Setup*; the
Favors: rulebooks/002, *Game End*; Tekhenu: rulebooks/003, *Key Concepts*; the public tile counts in the rulebooks'
README), with the working in the test's docstring.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp

from tameri_kit.companions import compare, favors, ra_bag, seth_dice
from tameri_kit.companions.ra_bag import Bag
from tameri_kit.companions.ra_scoring import (
    Hand,
    civilization_points,
    disaster_choices,
    fulfill_disasters,
    game_winner,
    monument_points,
    nile_points,
    pharaoh_points,
    score_epoch,
    sun_points,
    sun_totals_problem,
)
from tameri_kit.errors import NotationError, StateError, TameriError
from tameri_kit.probability.simulate import wilson_interval

R = sp.Rational


# --------------------------------------------------------------------------------------------------------------------
# finding 11: raw AttributeError / TypeError / ValueError
# --------------------------------------------------------------------------------------------------------------------
def test_scoring_takes_a_dict_or_a_text_like_score_epoch():
    """Ra *Civilization*: 3 different kinds +5; *Nile*: with a Flood, 1 per Nile and Flood (2 + 1 = 3); *Monuments*:
    1 kind = 1, plus 5 for three alike = 6; *Disasters*: Funeral takes 2 of 3 Pharaohs, no other choice."""
    assert civilization_points({"Art": 1, "Writing": 1, "Religion": 1}) == 5
    assert civilization_points("Art:1 Writing:1 Religion:1") == 5
    assert nile_points({"Nile": 2, "Flood": 1}) == nile_points("Nile:2 Flood:1") == 3
    assert monument_points("Pyramid:3") == monument_points({"Pyramid": 3}) == 6
    assert disaster_choices("Pharaoh:3", "Funeral") == disaster_choices({"Pharaoh": 3}, "Funeral")
    assert disaster_choices("Pharaoh:3", "Funeral") == [("Pharaoh", "Pharaoh")]


@pytest.mark.parametrize(
    "call",
    [
        lambda: pharaoh_points([3, 2]),
        lambda: favors.favors([3, 2]),
        lambda: score_epoch(["Pharaoh:2", "-"]),
        lambda: sun_points([20, 24]),
    ],
    ids=["pharaoh_points", "favors", "score_epoch", "sun_points"],
)
def test_a_list_where_players_are_expected_is_refused(call):
    """A list has no player names: refused, saying a mapping player -> number is expected."""
    with pytest.raises(StateError, match="mapping"):
        call()


def test_next_is_takes_pairs_and_refuses_a_list_of_names():
    """A bag of 2 Ra and 2 Pharaohs given as pairs: the next tile is a Ra with 2/4 = 1/2."""
    assert ra_bag.next_is([("Ra", 2), ("Pharaoh", 2)], "Ra") == R(1, 2)
    with pytest.raises(StateError, match=r"\(name, count\) pair"):
        ra_bag.next_is(["Ra", "Pharaoh"], "Ra")


def test_a_hand_from_a_number_a_text_and_pairs():
    with pytest.raises(StateError, match="a play area: expected a mapping"):
        Hand(5)
    assert Hand("Pharaoh:2") == Hand.parse("Pharaoh:2") == Hand.of([("Pharaoh", 2)]) == Hand.of(Pharaoh=2)


def test_a_count_of_5000_digits():
    with pytest.raises(NotationError, match="5000 digits is far too large") as caught:
        Hand.parse("Pharaoh:" + "9" * 5000)
    assert caught.value.position == len("Pharaoh:")  # the caret points at the count


def test_dice_svg_takes_colours():
    """The same picture for the colour as for the die; one die stands for a list of one (finding 13)."""
    first = seth_dice.dice_svg(["red"])
    assert first == seth_dice.dice_svg([seth_dice.RED]) and first == seth_dice.dice_svg("red")


@pytest.mark.parametrize("n", [2.5, "3", None, True, 0, -1])
def test_simulations_need_a_whole_number_of_samples(n):
    with pytest.raises(StateError, match="the number of rolls"):
        seth_dice.simulate(["red"], n)
    with pytest.raises(StateError, match="the number of simulated draws"):
        ra_bag.simulate_counts(Bag.full(), "Ra", 2, n)


def test_the_other_raw_errors():
    hand = Hand.of(Pharaoh=2)
    with pytest.raises(StateError, match="Major Favors must be a whole number"):
        favors.favors_to_majors("1", 0)
    with pytest.raises(StateError, match="list of dice"):
        seth_dice.sum_distribution(None)
    with pytest.raises(StateError, match="the Disasters: expected a name or a list of names, not None"):
        fulfill_disasters(hand, None)
    with pytest.raises(StateError, match="whole number, not '40'"):
        game_winner({"A": "40", "B": "30"}, {"A": 5, "B": 9})


# --------------------------------------------------------------------------------------------------------------------
# finding 12: silent wrong answers
# --------------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("tile, count", [("Pharaoh", 25), ("God", 8), ("Gold", 5), ("Pyramid", 5), ("Flood", 12)])
def test_a_hand_holds_at_most_what_the_game_has(tile, count):
    """The public counts: 25 Pharaohs, 8 Gods, 5 Gold, 5 of each Monument, 12 Floods; one more is refused."""
    assert Hand.of({tile: count})[tile] == count
    with pytest.raises(StateError, match=f"cannot hold {count + 1} {tile}: the game has {count}"):
        Hand.of({tile: count + 1})
    with pytest.raises(StateError, match="cannot hold"):
        Hand.parse(f"{tile}:{count} {tile}:1")  # the same tile twice adds up


def test_the_players_together_hold_at_most_what_the_game_has():
    """20 + 20 Pharaohs is more than the 25 the game has; 13 + 12 = 25 is possible (most +5, fewest -2)."""
    with pytest.raises(StateError, match="hold 40 Pharaoh together: the game has 25"):
        score_epoch({"A": "Pharaoh:20", "B": "Pharaoh:20"})
    with pytest.raises(StateError, match="26 Pharaohs together"):
        pharaoh_points({"A": 13, "B": 13})
    assert score_epoch({"A": "Pharaoh:13", "B": "Pharaoh:12"}).points["A"]["pharaohs"] == 5
    assert pharaoh_points({"A": 13, "B": 12}) == {"A": 5, "B": -2}


def test_six_monuments_of_a_kind_cannot_happen():
    """*Monuments*: the bonus stops at five alike (15) because the game has 5 of each kind; 6 Pyramids used to score
    1 (less than 5 Pyramids' 1 + 15 = 16) - now refused."""
    assert monument_points(Hand.of(Pyramid=5)) == 16
    with pytest.raises(StateError, match="cannot hold 6 Pyramid"):
        monument_points(Hand.of(Pyramid=6))


def test_a_disaster_never_stays_in_a_play_area():
    """*Disasters*: a Disaster taken in an auction is fulfilled at once and returned to the box with the tiles it
    takes, so a play area (and so a scored hand) never holds one: it is refused with a pointer to
    fulfill_disasters, instead of being silently ignored.  War on Astronomy 1, Art 2 (kit's pick keeps variety):
    two Art go, Astronomy 1 stays."""
    with pytest.raises(StateError, match=r"never keeps a Disaster \(War\).*fulfill_disasters"):
        Hand.parse("Astronomy:1 Art:2 War:1")
    with pytest.raises(StateError, match="Disaster"):
        civilization_points({"Art": 1, "Funeral": 1})
    after, gone = fulfill_disasters(Hand.parse("Astronomy:1 Art:2"), "War")
    assert str(after) == "Astronomy:1" and gone == ("Art", "Art")


def test_a_misspelled_category_is_refused_with_the_list():
    hand = Hand.of(God=2)
    assert hand.category("god") == 2 and hand.category("God") == 2
    with pytest.raises(NotationError, match="unknown Ra tile category 'gods' .*ra, god, gold"):
        hand.category("gods")
    with pytest.raises(NotationError, match="categories: ra, god"):
        Bag.full()["monuments"]


def test_none_is_not_an_empty_hand():
    """An empty play area scores -5 for Civilization (none at all); None is refused instead of read as empty."""
    assert civilization_points("-") == civilization_points(Hand()) == -5
    with pytest.raises(StateError, match="not None"):
        civilization_points(None)
    with pytest.raises(StateError, match="not None"):
        score_epoch({"A": None, "B": "-"})
    with pytest.raises(StateError, match="not None"):
        ra_bag.next_is(None, "Ra")


@pytest.mark.parametrize("digit", ["٣", "²", "３"])
def test_only_ascii_digits_are_counts(digit):
    with pytest.raises(NotationError, match="is not a digit 0-9") as caught:
        Hand.parse(f"Pharaoh:{digit}")
    assert caught.value.position == len("Pharaoh:")


def test_impossible_sun_totals_are_refused():
    """*Setup*: 2 players share the Suns 2-9 (4 each), 3 or 4 players 2-13 (4 or 3 each), the Sun 1 in the middle;
    a player always holds the same number (*Auction*: one Sun given, one taken).

    - two players: at most 9+8+7+6 = 30 each, so 31 is impossible;
    - two players, 10 and 25: 35 of the 45 would leave 10 in the middle, and no Sun is 10;
    - four players, 6 and 6: 1+2+3 is the only way to make 6 and each Sun exists once;
    - the text's example 17-25-21-17 is possible (80 of 91: the 11 in the middle), and so is 10 and 30 for two
      players (1+2+3+4 and 6+7+8+9, the 5 in the middle)."""
    for totals in ({"A": 31, "B": 3}, {"A": 10, "B": 25}, {"A": 6, "B": 6, "C": 30, "D": 20}):
        with pytest.raises(StateError, match="not possible"):
            sun_points(totals)
    assert sun_points({"Anna": 17, "Bob": 25, "Cathy": 21, "Don": 17}) == {"Anna": -5, "Bob": 5, "Cathy": 0, "Don": -5}
    assert sun_points({"A": 10, "B": 30}) == {"A": -5, "B": 5}
    assert sun_totals_problem([10, 30]) is None
    with pytest.raises(StateError, match="2 to 5 players"):
        sun_points({"A": 20})


def test_game_winner_suns_are_the_games():
    """Two players hold 4 of the Suns 1-9: a highest Sun of 16, or of 3, cannot happen; nor can both hold Sun 9."""
    with pytest.raises(StateError, match="at most 9"):
        game_winner({"A": 30, "B": 30}, {"A": 16, "B": 9})
    with pytest.raises(StateError, match="at least 4"):
        game_winner({"A": 30, "B": 30}, {"A": 3, "B": 9})
    with pytest.raises(StateError, match="each Sun exists once"):
        game_winner({"A": 30, "B": 30}, {"A": 9, "B": 9})
    assert game_winner({"A": 30, "B": 30}, {"A": 8, "B": 9}) == ("B",)


@pytest.mark.parametrize("major, minor", [(1.5, 0), (True, 3), (0, 1.0), (Fraction(2), 0)])
def test_favors_to_majors_takes_whole_numbers_only(major, minor):
    """(1.5, 0) used to give (1.5, 0) and (True, 3) gave (2, 1): a bool or a float is not a count of Favors."""
    with pytest.raises(StateError, match="whole number"):
        favors.favors_to_majors(major, minor)
    # Game End: 2 Minor make 1 Major: 1 Major and 3 Minor are 2 Major and 1 Minor
    assert favors.favors_to_majors(1, 3) == (2, 1)


def test_needed_and_on_track_are_whole_numbers():
    """at_least(needed=1.5) was read as 2 and on_track=1.5 as 1; now refused.  By hand: 2 Ra of 4 tiles, 2 draws,
    at least 1 Ra = 1 - C(2,2)/C(4,2) = 1 - 1/6 = 5/6; 2 players (track 6) with 5 on it need 1 more: the same."""
    small = Bag.of(Ra=2, Pharaoh=2)
    with pytest.raises(StateError, match="the number of tiles needed must be a whole number, not 1.5"):
        ra_bag.at_least(small, "Ra", 1.5, 2)
    with pytest.raises(StateError, match="Ra tiles on the track must be a whole number, not 1.5"):
        ra_bag.epoch_ends_within(small, 2, players=2, on_track=1.5)
    assert ra_bag.at_least(small, "Ra", 1, 2) == ra_bag.epoch_ends_within(small, 2, players=2, on_track=5) == R(5, 6)


def test_the_formula_refuses_what_is_not_a_bag():
    """hypergeometric_formula(10, 12, 3) printed binomial(-2, 3): 12 of a kind in a bag of 10 is refused.
    By hand, 2 of 10, 3 draws: 1 - C(8,3)/C(10,3) = 1 - 56/120 = 8/15."""
    with pytest.raises(StateError, match="m .* must be at most 10, not 12"):
        ra_bag.hypergeometric_formula(10, 12, 3)
    with pytest.raises(StateError, match="k .* must be at most 10, not 11"):
        ra_bag.hypergeometric_latex(10, 2, 11)
    with pytest.raises(StateError, match="j .* must be at most 2"):
        ra_bag.hypergeometric_formula(10, 2, 3, 3)
    assert sp.simplify(ra_bag.hypergeometric_formula(10, 2, 3)) == R(8, 15)


# --------------------------------------------------------------------------------------------------------------------
# finding 13: numpy integers; one name where a list is expected
# --------------------------------------------------------------------------------------------------------------------
def test_numpy_integers_are_whole_numbers():
    """np.int64(3) is what numpy and pandas hand a notebook user.  By hand: a red die showing 4 with 1 Scribe reaches
    3, 4, 5; 2 Seth dice sum to 7 with 10/36 (2+5, 5+2, 3+4 x4, 4+3 x4); 3 of 6 Ra drawn from 2 Ra + 4 others, at
    least 1 Ra: 1 - C(4,3)/C(6,3) = 1 - 4/20 = 4/5."""
    three = np.int64(3)
    assert seth_dice.reachable("red", np.int64(4), np.int64(1)) == (3, 4, 5)
    assert seth_dice.sum_distribution(["red", "blue"])[np.int64(7)] == R(10, 36)
    assert ra_bag.at_least_one(Bag.of(Ra=np.int64(2), Nile=np.int32(4)), "Ra", three) == R(4, 5)
    assert pharaoh_points({"A": three, "B": np.int16(1)}) == {"A": 5, "B": -2}
    assert favors.favors({"A": three, "B": np.int64(1)}).major == ("A",)
    assert seth_dice.simulate("red", np.int64(5), seed=np.int64(1)) == seth_dice.simulate("red", 5, seed=1)


def test_one_name_stands_for_a_list_of_one():
    """Where a list of names is expected, one name is that list of one - never its letters ("unknown Ra tile 'W'")."""
    hand = Hand.parse("Pharaoh:3 Nile:1 Flood:1")
    assert fulfill_disasters(hand, "Funeral") == fulfill_disasters(hand, ["Funeral"])
    # one Pharaoh left: Funeral takes that single tile, named alone or as a list of one
    one = Hand.parse("Pharaoh:1 Nile:1")
    assert fulfill_disasters(one, "Funeral", ["Pharaoh"]) == fulfill_disasters(one, ["Funeral"], [["Pharaoh"]])
    assert hand.plus("Nile") == hand.plus(["Nile"]) and hand.minus("Flood") == hand.minus(["Flood"])
    assert seth_dice.sum_distribution("red") == seth_dice.sum_distribution(["red"])
    with pytest.raises(StateError, match="one choice per Disaster"):
        fulfill_disasters(hand, "Funeral", "Pharaoh")  # the choices themselves are a list, one per Disaster


def test_the_comparison_keeps_any_counts():
    """compare.four_ways scores abstract counts with the Pharaohs' and Suns' rules (not Ra positions): 10 each for 4
    players (40 "Pharaohs") all equal, nobody scores; 5, 3, 3 as Suns: +5 / -5 / -5."""
    rows = compare.four_ways({"A": 10, "B": 10, "C": 10, "D": 10}).rows
    assert rows["Ra: Pharaohs"] == {"A": 0, "B": 0, "C": 0, "D": 0}
    assert compare.four_ways({"A": 5, "B": 3, "C": 3}).rows["Ra: Sun total"] == {"A": 5, "B": -5, "C": -5}


# --------------------------------------------------------------------------------------------------------------------
# finding 14: expected draws to the first Ra tile and to the end of the epoch
# --------------------------------------------------------------------------------------------------------------------
def _by_enumeration(bag: Bag, needed: int) -> dict[int, Fraction]:
    """P(the needed-th Ra is the t-th draw), by listing every order of the (distinguishable) tiles."""
    tiles = bag.tiles()
    tally: dict[int, int] = {}
    orders = list(itertools.permutations(range(len(tiles))))
    for order in orders:
        seen = 0
        for position, index in enumerate(order, 1):
            seen += tiles[index] == "Ra"
            if seen == needed:
                tally[position] = tally.get(position, 0) + 1
                break
    return {t: Fraction(c, len(orders)) for t, c in sorted(tally.items())}


def test_expected_draws_by_hand():
    """E[T] = r (N + 1) / (m + 1).  By hand:
    - Ra 1, Pharaoh 2: the Ra is 1st, 2nd or 3rd with 1/3 each: E = 2 = 1 x 4 / 2;
    - Ra 2, Pharaoh 1: the first Ra is 1st unless the Pharaoh comes first (1/3): E = 2/3 + 2/3 = 4/3 = 4/3;
      the second Ra is 2nd only in the order Ra Ra Pharaoh (1/3), else 3rd: E = 2/3 + 2 = 8/3 = 2 x 4/3;
    - the full bag, 30 Ra of 180: 181/31 (about 5.84) to the first; 3 players with 6 of 8 on the track need 2 more:
      2 x 181/31 = 362/31; an empty track, all 8: 1448/31."""
    assert ra_bag.expected_draws_to_ra(Bag.of(Ra=1, Pharaoh=2)) == 2
    assert ra_bag.draws_to_ra_distribution(Bag.of(Ra=2, Pharaoh=1)) == {1: R(2, 3), 2: R(1, 3)}
    assert ra_bag.expected_draws_to_ra(Bag.of(Ra=2, Pharaoh=1)) == R(4, 3)
    assert ra_bag.expected_draws_to_ra(Bag.of(Ra=2, Pharaoh=1), 2) == R(8, 3)
    assert ra_bag.expected_draws_to_ra(Bag.full()) == R(181, 31)
    assert ra_bag.expected_draws_to_epoch_end(Bag.full(), players=3, on_track=6) == R(362, 31)
    assert ra_bag.expected_draws_to_epoch_end(Bag.full(), players=3) == R(1448, 31)


@pytest.mark.parametrize(
    "bag", [Bag.of(Ra=2, Pharaoh=3), Bag.of(Ra=3, Flood=1, Nile=2), Bag.of(Ra=1, Art=2, War=1, God=2)], ids=str
)
def test_draws_to_ra_against_enumeration(bag):
    """The negative hypergeometric P(T = t) = C(t-1, r-1) C(N-t, m-r) / C(N, m) equals listing every order; its mean
    is the formula r (N + 1) / (m + 1)."""
    for needed in range(1, bag["Ra"] + 1):
        dist = ra_bag.draws_to_ra_distribution(bag, needed)
        assert {t: Fraction(int(p.p), int(p.q)) for t, p in dist.items()} == _by_enumeration(bag, needed)
        mean = sum(t * p for t, p in dist.items())
        assert mean == ra_bag.expected_draws_to_ra(bag, needed) == R(needed * (bag.total + 1), bag["Ra"] + 1)


def test_expected_draws_against_simulation():
    """20,000 seeded shuffles of the full bag: the mean draws to the first Ra tile lies within 3.89 standard errors
    (99.99%) of 181/31; the share of shuffles whose first tile is a Ra within its Wilson interval of 30/180."""
    bag, n = Bag.full(), 20_000
    dist = ra_bag.draws_to_ra_distribution(bag)
    mean = ra_bag.expected_draws_to_ra(bag)
    variance = sum((t - mean) ** 2 * p for t, p in dist.items())
    tally = ra_bag.simulate_draws_to_ra(bag, n, seed=28)
    simulated = sum(t * c for t, c in tally.items()) / n
    assert abs(simulated - float(mean)) <= 3.89 * math.sqrt(float(variance) / n)
    low, high = wilson_interval(tally.get(1, 0), n, z=3.89)
    assert low <= 1 / 6 <= high
    assert tally == ra_bag.simulate_draws_to_ra(bag, n, seed=28)  # seeded


def test_expected_draws_refuses_what_cannot_happen():
    with pytest.raises(StateError, match="holds 2 Ra tile"):
        ra_bag.expected_draws_to_ra(Bag.of(Ra=2, Nile=3), 3)
    with pytest.raises(StateError, match="holds 0 Ra"):
        ra_bag.expected_draws_to_epoch_end(Bag.of(Nile=3), players=2, on_track=5)
    with pytest.raises(StateError, match="at least 1"):
        ra_bag.expected_draws_to_ra(Bag.full(), 0)
    with pytest.raises(TameriError):
        ra_bag.expected_draws_to_epoch_end(Bag.full(), players=3, on_track=8)  # a full track has ended the epoch
