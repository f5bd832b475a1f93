"""Property tests (hypothesis): the companions' public functions given any Python value (issue 28, findings 11-13).

Each function is called with arguments drawn from every kind of value a notebook user may hand it - None, bools,
ints of any size, numpy ints, floats (nan, inf), text, bytes, lists, tuples, dicts, Fractions - mixed with values
that make sense (tile names, TILE:COUNT texts, small tile -> count dicts, die colours), so that both the refusals and
the answers are reached.  The property: a function either answers, and the answer has the shape the rules give it,
or raises one of the kit's typed errors (:class:`~tameri_kit.errors.TameriError`) - never another exception.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tameri_kit.companions import compare, favors, ra_auction, ra_bag, ra_scoring, seth_dice
from tameri_kit.companions.checks import shown
from tameri_kit.companions.ra_scoring import CATEGORIES, TILE_COUNTS, TILES, Hand
from tameri_kit.errors import TameriError

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

numpy_ints = st.builds(np.int64, st.integers(-(2**63), 2**63 - 1)) | st.builds(np.int8, st.integers(-128, 127))
small = st.integers(-3, 40)
names = st.sampled_from(TILES + CATEGORIES + ("gods", "red", "ordinary", "Step_Pyramid", "Pharoah", ""))
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.booleans().map(lambda positive: (1 if positive else -1) * 10**4400),  # too long for repr()
    small,
    numpy_ints,
    st.just(np.True_),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.binary(max_size=6),
    st.fractions(max_denominator=10),
    st.complex_numbers(max_magnitude=10),
    names,
)
hand_texts = st.lists(st.tuples(names, small), max_size=4).map(lambda items: " ".join(f"{n}:{c}" for n, c in items))
tile_dicts = st.dictionaries(st.sampled_from(TILES), small | scalars, max_size=4)
player_dicts = st.dictionaries(
    st.sampled_from(("Anna", "Bob", "Cathy", "Don", "Eve", "Fay")) | scalars, small | scalars, max_size=6
)
anything = st.recursive(
    st.one_of(scalars, hand_texts, tile_dicts, player_dicts),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
#: a count that a simulation or a loop repeats: anything, but whole numbers kept small so a run stays short
cheap = anything.filter(lambda v: not (_integral(v) and 8 < int(v) <= 10**7))


def _integral(value) -> bool:
    try:
        import operator

        operator.index(value)
        return not isinstance(value, bool)
    except TypeError:
        return False


def answers_or_typed_error(function, *args, **kwargs):
    """``function(*args, **kwargs)``, or ``None`` when it raised a TameriError; any other exception fails the test."""
    try:
        return function(*args, **kwargs)
    except TameriError:
        return None


def _is_distribution(dist) -> bool:
    return isinstance(dist, dict) and sum(dist.values()) == 1 and all(0 <= p <= 1 for p in dist.values())


# --------------------------------------------------------------------------------------------------------------------
# Ra: play areas and scoring
# --------------------------------------------------------------------------------------------------------------------
@SETTINGS
@given(anything)
def test_a_hand_from_anything(value):
    for build in (Hand, Hand.of, Hand.parse, ra_scoring.as_hand):
        hand = answers_or_typed_error(build, value)
        if hand is not None:
            counts = dict(hand.counts)
            assert all(0 < counts[t] <= TILE_COUNTS[t] for t in counts)  # within the game's components
            assert not any(ra_scoring.CATEGORY[t] in ("ra", "disaster") for t in counts)
            assert Hand.parse(str(hand)) == hand  # the text form reads back


@SETTINGS
@given(anything, anything)
def test_hand_methods_with_anything(value, argument):
    hand = Hand.of(Pharaoh=2, Nile=1, Art=1, Pyramid=3)
    for method in (hand.category, hand.kinds, hand.plus, hand.minus, hand.without_category, hand.__getitem__):
        answers_or_typed_error(method, argument)
    answers_or_typed_error(lambda: Hand.of(value, Step_Pyramid=argument))


@SETTINGS
@given(anything)
def test_scoring_one_play_area(value):
    results = {
        "gods": answers_or_typed_error(lambda: ra_scoring.god_points(value)),
        "gold": answers_or_typed_error(lambda: ra_scoring.gold_points(value)),
        "nile": answers_or_typed_error(lambda: ra_scoring.nile_points(value)),
        "civilization": answers_or_typed_error(lambda: ra_scoring.civilization_points(value)),
        "monuments": answers_or_typed_error(lambda: ra_scoring.monument_points(value)),
    }
    if results["civilization"] is not None:
        assert results["civilization"] in (-5, 0, 5, 10, 15)
        assert 0 <= results["gods"] <= 16 and 0 <= results["gold"] <= 15 and 0 <= results["nile"] <= 37
        assert 0 <= results["monuments"] <= 15 + 8 * 15  # 8 kinds, five of each at most


@SETTINGS
@given(anything, anything, anything)
def test_majorities_and_game_end(first, second, third):
    for call in (
        lambda: ra_scoring.pharaoh_points(first),
        lambda: ra_scoring.sun_points(first),
        lambda: ra_scoring.extreme_points(first, second, third),
        lambda: ra_scoring.sun_totals_problem(first),
        lambda: ra_scoring.game_winner(first, second),
    ):
        answers_or_typed_error(call)
    points = answers_or_typed_error(lambda: ra_scoring.pharaoh_points(first))
    if points is not None:
        assert set(points.values()) <= {5, 0, -2} and sum(first.values()) <= 25


@SETTINGS
@given(anything, anything, anything)
def test_score_epoch_and_disasters(hands, disasters, choices):
    result = answers_or_typed_error(lambda: ra_scoring.score_epoch(hands))
    if result is not None:
        assert set(result.names) == set(hands)
    answers_or_typed_error(lambda: ra_scoring.score_epoch(hands, final=disasters, sun_totals=choices))
    answers_or_typed_error(lambda: ra_scoring.within_components(hands))
    for hand in (hands, Hand.of(Pharaoh=3, Art=2, Nile=1, Flood=2)):
        answers_or_typed_error(ra_scoring.disaster_choices, hand, disasters)
        answers_or_typed_error(ra_scoring.default_discard, hand, disasters)
        answers_or_typed_error(ra_scoring.fulfill_disasters, hand, disasters, choices)
        answers_or_typed_error(ra_scoring.fulfill_disasters, hand, disasters)


@SETTINGS
@given(anything)
def test_names_of_tiles_and_categories(value):
    for call in (ra_scoring.check_tile, ra_scoring.check_category, ra_scoring.tiles_of, ra_scoring.parse_counts):
        answers_or_typed_error(call, value)
    answers_or_typed_error(ra_scoring.tile_counts, value, "a play area")


# --------------------------------------------------------------------------------------------------------------------
# Ra: the bag
# --------------------------------------------------------------------------------------------------------------------
bags = st.one_of(
    anything,
    st.just(ra_bag.Bag.full()),
    st.dictionaries(st.sampled_from(("Ra", "Flood", "Nile", "Art", "War")), st.integers(0, 4), max_size=4),
)


@SETTINGS
@given(bags, anything, anything, anything)
def test_bag_chances(bag, kind, draws, needed):
    for call in (
        lambda: ra_bag.count_distribution(bag, kind, draws),
        lambda: ra_bag.count_distribution(bag, "Ra", draws),
        lambda: ra_bag.draws_to_ra_distribution(bag, needed),
    ):
        dist = answers_or_typed_error(call)
        if dist is not None:
            assert _is_distribution(dist)
    for call in (
        lambda: ra_bag.next_is(bag, kind),
        lambda: ra_bag.at_least_one(bag, kind, draws),
        lambda: ra_bag.at_least(bag, kind, needed, draws),
        lambda: ra_bag.epoch_ends_within(bag, draws, players=needed, on_track=kind),
        lambda: ra_bag.epoch_ends_within(bag, draws, players=3, on_track=needed),
    ):
        p = answers_or_typed_error(call)
        if p is not None:
            assert 0 <= p <= 1
    for call in (
        lambda: ra_bag.expected_draws_to_ra(bag, needed),
        lambda: ra_bag.expected_draws_to_ra(bag),
        lambda: ra_bag.expected_draws_to_epoch_end(bag, players=draws, on_track=needed),
    ):
        mean = answers_or_typed_error(call)
        if mean is not None:
            assert 1 <= mean <= ra_bag.as_bag(bag).total
    answers_or_typed_error(lambda: ra_bag.as_bag(bag))
    answers_or_typed_error(lambda: ra_bag.Bag.of(bag))
    answers_or_typed_error(lambda: ra_bag.Bag.full().without(kind))
    answers_or_typed_error(lambda: ra_bag.Bag.full()[kind])
    answers_or_typed_error(lambda: ra_bag.track_length(kind))
    answers_or_typed_error(lambda: ra_bag.ra_still_needed(kind, draws))


@SETTINGS
@given(bags, anything, cheap, cheap, anything)
def test_bag_enumeration_and_simulation(bag, kind, draws, n, seed):
    small_bag = {"Ra": 2, "Flood": 1, "Nile": 2}
    for target in (bag, small_bag):
        dist = answers_or_typed_error(ra_bag.enumerate_counts, target, kind, draws)
        if dist is not None:
            assert _is_distribution(dist)
        tally = answers_or_typed_error(ra_bag.simulate_counts, target, kind, draws, n, seed)
        if tally is not None:
            assert sum(tally.values()) == n
        tally = answers_or_typed_error(ra_bag.simulate_draws_to_ra, target, n, seed, draws)
        if tally is not None:
            assert sum(tally.values()) == n


@SETTINGS
@given(anything, anything, anything, anything)
def test_formulas(big_n, m, k, j):
    for args in ((big_n, m, k), (big_n, m, k, j), (180, m, k, j), (12, 3, k)):
        expression = answers_or_typed_error(ra_bag.hypergeometric_formula, *args)
        if expression is not None:
            assert "binomial(-" not in str(expression)
        latex = answers_or_typed_error(ra_bag.hypergeometric_latex, *args)
        if latex is not None:
            assert "{-" not in latex


# --------------------------------------------------------------------------------------------------------------------
# the Seth dice, the Favors, the comparison
# --------------------------------------------------------------------------------------------------------------------
dice = st.one_of(anything, st.lists(st.sampled_from(("red", "blue", "green", "ordinary")), max_size=3))


@SETTINGS
@given(dice, anything, anything, anything)
def test_seth_dice(some_dice, value, second, third):
    for call in (
        lambda: seth_dice.die(some_dice),
        lambda: seth_dice.Die(value, second),
        lambda: seth_dice.Die("grey", some_dice),
        lambda: seth_dice.face_distribution(value),
        lambda: seth_dice.mean(value),
        lambda: seth_dice.variance(value),
        lambda: seth_dice.die_yield(some_dice, value, second),
        lambda: seth_dice.die_yield("red", value, second),
        lambda: seth_dice.reachable(some_dice, value, second),
        lambda: seth_dice.reachable("blue", value, second),
        lambda: seth_dice.change_value("green", value, second, third),
        lambda: seth_dice.expected(value),
        lambda: seth_dice.dice_svg(some_dice, value),
        lambda: seth_dice.dice_svg(some_dice),
    ):
        answers_or_typed_error(call)
    for call in (lambda: seth_dice.sum_distribution(some_dice), lambda: seth_dice.max_distribution(some_dice)):
        dist = answers_or_typed_error(call)
        if dist is not None:
            assert _is_distribution(dist)


@SETTINGS
@given(dice, cheap, anything)
def test_seth_simulation(some_dice, n, seed):
    result = answers_or_typed_error(lambda: seth_dice.simulate(some_dice, n, seed))
    if result is not None:
        assert sum(result["sum"].values()) == n == sum(result["max"].values())


@SETTINGS
@given(anything, anything, anything)
def test_favors_and_the_comparison(counts, major, minor):
    result = answers_or_typed_error(lambda: favors.favors(counts))
    if result is not None:
        assert len(result.major) <= 1 and set(result.major) | set(result.minor) <= set(counts)
    answers_or_typed_error(lambda: favors.favors(counts, zero_earns=major))
    converted = answers_or_typed_error(lambda: favors.favors_to_majors(major, minor))
    if converted is not None:
        # the expected total in Python integers: numpy's small ints (int8 63 and 2) would overflow in the sum itself
        assert 2 * converted[0] + converted[1] == 2 * int(major) + int(minor) and converted[1] in (0, 1)
    comparison = answers_or_typed_error(lambda: compare.four_ways(counts))
    answers_or_typed_error(lambda: compare.comparison_table_html(counts))
    answers_or_typed_error(lambda: compare.comparison_svg(comparison or counts, major, minor))


# --------------------------------------------------------------------------------------------------------------------
# Ra: an epoch as a game
# --------------------------------------------------------------------------------------------------------------------
@SETTINGS
@given(anything, anything, anything)
def test_an_epoch_given_anything(players, suns, names):
    answers_or_typed_error(lambda: ra_auction.new_epoch(players))
    answers_or_typed_error(lambda: ra_auction.new_epoch(3, suns=suns, names=names))
    answers_or_typed_error(lambda: ra_auction.new_epoch(2, bag=suns))
    for call in (
        ra_auction.legal_actions,
        ra_auction.acting_seat,
        ra_auction.draw_outcomes,
        ra_auction.epoch_scoring,
        ra_auction.epoch_svg,
        ra_auction.replay,
        ra_auction.EpochRecord.from_json,
    ):
        answers_or_typed_error(call, players)
    state = ra_auction.new_epoch(2)
    answers_or_typed_error(lambda: ra_auction.apply(state, suns))
    answers_or_typed_error(lambda: ra_auction.why_illegal(state, names))
    bid = "bid " + (players if isinstance(players, str) else shown(players))  # shown: no str() of 4,400 digits
    answers_or_typed_error(lambda: ra_auction.apply(ra_auction.apply(state, "ra").state, bid))


@settings(max_examples=30, deadline=None)
@given(cheap, cheap, anything)
def test_playing_epochs_given_anything(players, epochs, seed):
    answers_or_typed_error(lambda: ra_auction.play_epoch(players, seed))
    answers_or_typed_error(lambda: ra_auction.play_epoch(3, 0, seed, players))
    answers_or_typed_error(lambda: ra_auction.epoch_statistics(2, epochs, seed))


@pytest.mark.parametrize(
    "value",
    [np.int64(3), np.int32(3), np.uint8(3), sp.Integer(3)],
    ids=["numpy int64", "numpy int32", "numpy uint8", "sympy Integer"],
)
def test_integral_types_are_whole_numbers(value):
    """Finding 13: any numbers.Integral is a whole number (what numpy and pandas hand a notebook user).

    Worked by hand: favors_to_majors(3, 3) is 3 Major + 1 Major from 2 Minor, 1 Minor left = (4, 1); a 3-Pharaoh hand
    against none is the most (+5) and the fewest (-2); a red die showing 3 with 3 Scribes reaches 2-5 (no 1 or 6)."""
    assert favors.favors_to_majors(value, value) == (4, 1)
    assert ra_scoring.pharaoh_points({"A": value, "B": 0}) == {"A": 5, "B": -2}
    assert seth_dice.reachable("red", value, value) == (2, 3, 4, 5)
    assert Hand.of(Pharaoh=value) == Hand.parse("Pharaoh:3")
    assert ra_bag.at_least(ra_bag.Bag.of(Ra=value), "Ra", value, value) == 1


@pytest.mark.parametrize("value", [True, np.True_, 1.0, 3.0, Fraction(3), "3", math.nan], ids=repr)
def test_other_numbers_are_not_whole_numbers(value):
    """A bool, a float (even 3.0), a Fraction or a text is refused: never read as a count."""
    with pytest.raises(TameriError, match="whole number"):
        favors.favors_to_majors(value, 0)
