"""Issue 12 (Hardening): the API rough edges met by a user writing checks against the kit.

Rulebook: Possible Actions: Priest (steps and payment); End of the Season, steps 2-4; End of the Game, steps 1-2;
Productive Fields and Harvests.  Expected values are worked out by hand from those sections.
"""

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tameri_kit.data import load_actions
from tameri_kit.data.temples_and_priests import TEMPLES, Temple, load_temples
from tameri_kit.errors import StateError
from tameri_kit.probability.exact import count_distribution
from tameri_kit.rules.action_cards import Action, ActionCard, Glyph
from tameri_kit.rules.common import Resource
from tameri_kit.rules.fields import is_productive
from tameri_kit.rules.game_end import GAME_CATEGORIES
from tameri_kit.rules.glyphs import parse_row, season_end_bonus
from tameri_kit.rules.offering import Stock
from tameri_kit.rules.scoring import (
    Category,
    HandCard,
    PlayerSituation,
    best_sets,
    hand_glyph_points,
    majority_points,
    sets_points,
)
from tameri_kit.rules.season_end_scoring import SEASON_CATEGORIES, season_end
from tameri_kit.rules.temple_moves import (
    TempleState,
    apply,
    can_advance,
    free_advance,
    legal_moves,
    priest_action,
    temple_board,
    why_steps_illegal,
)

CARD = dict(
    number=200,
    deck="B",
    left=("sunrise",),
    right=(Glyph.NIGHT,),
    top=("farmer",),
    bottom=(Action.PRIEST,),
    weather=(),
    resource="barley",
    source="illustrative",
)


# --- ActionCard --------------------------------------------------------------------------------------------------
def test_action_card_is_built_with_keywords_and_checked():
    card = ActionCard(**CARD)
    assert card.left == (Glyph.SUNRISE,) and card.top == (Action.FARMER,) and card.resource is Resource.BARLEY
    with pytest.raises(TypeError):
        ActionCard(*CARD.values())  # nine positional fields: no longer
    with pytest.raises(StateError, match="glyphs on its left or right"):
        ActionCard(**{**CARD, "left": (), "right": ()})  # the docstring's rule: not both sides empty
    for bad in (
        dict(deck="Z"),
        dict(number=-1),
        dict(number=2.5),
        dict(left="sunrise"),
        dict(top=()),
        dict(weather=("gain_silt",) * 3),
    ):
        with pytest.raises((StateError, ValueError)):
            ActionCard(**{**CARD, **bad})
    with pytest.raises(ValueError):
        ActionCard(**{**CARD, "left": ("moonrise",)})
    assert ActionCard(**{**CARD, "number": math.inf}).label == "\u221e"


# --- season_end_bonus --------------------------------------------------------------------------------------------
def test_season_end_bonus_refuses_an_unfinished_row():
    cards = load_actions()
    with pytest.raises(StateError, match="3 of 4"):
        season_end_bonus(parse_row("59 6 16", cards), Glyph.SUNRISE)
    assert season_end_bonus(parse_row("59 6 16", cards), "sunrise", partial=True).points == 0
    # a full row: the last card (24) shows the board's glyph on its right (test_glyphs checks the same)
    full = parse_row("59 6 16 24", cards)
    assert season_end_bonus(full, "sunrise").points == season_end_bonus(full, Glyph.SUNRISE).points


# --- glyphs in rules.scoring are Glyph values ---------------------------------------------------------------------
def test_hand_card_glyphs_are_the_glyph_enum():
    c = HandCard.parse("61(sunrise|sunset,night)")
    assert all(type(g) is Glyph for g in c.left + c.right)
    assert (
        c
        == HandCard(61, ("sunrise",), ("sunset", "night"))
        == HandCard(61, (Glyph.SUNRISE,), (Glyph.SUNSET, Glyph.NIGHT))
    )
    assert str(c) == "61(sunrise|sunset,night)"
    assert HandCard.of(load_actions().card(59)).left == load_actions().card(59).left
    points, text = hand_glyph_points([c, HandCard.parse("2(night|)")])
    assert points == 2 and "2 night" in text and "Glyph." not in text
    with pytest.raises(StateError):
        HandCard(1, ("moonrise",))
    with pytest.raises(StateError):
        HandCard(1, "sunrise")


# --- majorities, sets, categories --------------------------------------------------------------------------------
def test_majority_points_can_list_everyone():
    counts = {"Ringo": 3, "Paul": 0, "John": 1}
    assert majority_points(counts) == {"Ringo": 2}  # the old form: scorers only
    assert majority_points(counts, everyone=True) == {"Ringo": 2, "Paul": 0, "John": 0}
    assert majority_points({"A": 0, "B": 0}, everyone=True) == {"A": 0, "B": 0}  # S4: nobody offered, nobody scores
    assert majority_points({"A": 2, "B": 2, "C": 1}, everyone=True) == {"A": 1, "B": 1, "C": 0}


def test_best_sets_takes_counts():
    # Example 23: A B C D E A B -> a set of 5 (11) and a set of 2 (2) = 13
    sets = best_sets({"A": 2, "B": 2, "C": 1, "D": 1, "E": 1})
    assert sets == best_sets("ABCDEAB") and sets_points(sets) == 13
    assert best_sets({"a": 1, "G": 0}) == (("A",),)
    with pytest.raises(StateError):
        best_sets({"A": -1})
    with pytest.raises(ValueError):
        best_sets({"Z": 1})


def test_categories_are_an_enum_that_still_reads_as_text():
    assert GAME_CATEGORIES == ("offering total", "building sets", "priest cards", "hand glyphs", "leftovers")
    assert all(isinstance(c, Category) for c in GAME_CATEGORIES + SEASON_CATEGORIES)
    assert f"{Category.HAND_GLYPHS}" == str(Category.HAND_GLYPHS) == "hand glyphs"
    assert json.dumps({Category.LEFTOVERS: 1}) == '{"leftovers": 1}'
    assert {Category.BUILDINGS: 3}["buildings"] == 3


def test_season_end_majorities_without_a_season():
    """End of the Season step 4 (Example 21's shape): John offered 2 Barley, George 1 -> John 2 points."""
    john = PlayerSituation("John", screen=Stock(barley=2))
    george = PlayerSituation("George", screen=Stock(barley=1, fruit=1))
    result = season_end([john, george])
    assert result.season is None
    assert result.points["John"]["majorities"] == 2 and result.points["George"]["majorities"] == 2  # fruit alone
    assert result.points == season_end([john, george], 2).points
    with pytest.raises(StateError, match="A2 scores by Season"):
        season_end([john.but(buildings=("A2",)), george])
    with pytest.raises(StateError):
        season_end([john, george], 4)


# --- fields and probabilities ------------------------------------------------------------------------------------
def test_is_productive_takes_a_ramp():
    # Productive Fields and Harvests: Fruit 1-3 Sun and no Water; Papyrus 1-3 Water and no Sun; Barley 1-2 any
    assert is_productive("fruit", "SSL") and not is_productive("fruit", "SW")
    assert is_productive(Resource.PAPYRUS, "WWW") and not is_productive("papyrus", "WWWW")
    assert is_productive("barley", "-") and is_productive("barley", "LLSW")
    assert is_productive(Resource.FRUIT, 3, 0) and not is_productive(Resource.FRUIT, 1, 1)  # the old form
    with pytest.raises(StateError):
        is_productive("fruit", "SS", 0)
    with pytest.raises(StateError):
        is_productive("fruit", -1, 0)


def test_count_distribution_keys_are_sun_water_silt():
    d = count_distribution("SWLL")
    assert list(d) == sorted(d)
    # each key is (sun, water, silt): the Silt count reaches 2, the others 1
    assert max(k[2] for k in d) == 2 and max(k[0] for k in d) == 1 and max(k[1] for k in d) == 1
    assert "(sun, water, silt)" in count_distribution.__doc__


# --- temples -----------------------------------------------------------------------------------------------------
def test_temple_board_with_tracks_of_a_given_length():
    base = load_temples()
    board = temple_board({"Amun": 3, "Ptah": base.length(Temple.PTAH) + 2})
    assert board.length(Temple.AMUN) == 3 and board.length(Temple.RA) == base.length(Temple.RA)
    assert board.length(Temple.PTAH) == base.length(Temple.PTAH) + 2
    assert board.effect(Temple.AMUN, 2) == base.effect(Temple.AMUN, 2)
    top = base.length(Temple.PTAH)
    assert board.effect(Temple.PTAH, top + 2) == base.effect(Temple.PTAH, top)
    state = TempleState.parse("Amun John:3 | Ra - | Ptah -", board)
    assert not can_advance(state, "John", "Amun", 1)  # space 3 is the top of a 3-space track
    for bad in ({"Amun": 0}, {"Anubis": 3}, {"Amun": 2.5}, [3, 3, 3]):
        with pytest.raises((StateError, ValueError)):
            temple_board(bad)


def test_is_plus_k_legal_without_a_payment():
    state = TempleState.parse("Amun George:1 | Ra - | Ptah -")
    assert can_advance(state, "John", "Amun", 4)  # 4 different resources: legal
    reason, rule = why_steps_illegal(state, "John", "Amun", 5)
    assert "at most 4 steps" in reason
    assert not can_advance(state, "John", "Amun", 3, priest_action(have=[Resource.BARLEY]))  # has 1 kind only
    assert can_advance(state, "John", "Amun", 1, priest_action(have=[Resource.BARLEY]))
    assert can_advance(state, "John", "Amun", 2, priest_action(great_altar=True, have=[Resource.BARLEY]))  # B2


states = st.builds(
    lambda a, r, p: TempleState.from_dict({"Amun": a, "Ra": r, "Ptah": p}),
    st.fixed_dictionaries({}, optional={"John": st.just(1), "George": st.just(3)}),
    st.fixed_dictionaries({}, optional={"John": st.just(5), "Paul": st.just(4), "George": st.just(2)}),
    st.fixed_dictionaries({}, optional={"Ringo": st.just(2), "John": st.just(3)}),
)
grants = st.one_of(
    st.builds(
        lambda b, h: priest_action(great_altar=b, have=h),
        st.booleans(),
        st.one_of(st.none(), st.sets(st.sampled_from(list(Resource)), max_size=4)),
    ),
    st.builds(free_advance, st.integers(1, 3), st.sampled_from(TEMPLES)),
)


@settings(max_examples=80, deadline=None)
@given(states, grants)
def test_can_advance_agrees_with_legal_moves(state, grant):
    """The single source of legality: +k is legal with some payment exactly when legal_moves lists a +k move."""
    legal = {(m.temple, m.steps) for m in legal_moves(state, "John", grant)}
    for t in TEMPLES:
        for k in range(1, 6):
            assert can_advance(state, "John", t, k, grant) == ((t, k) in legal), (str(state), t, k)


def test_move_result_by_player_with_spaces():
    # Example 10's shape: John enters Ra +4 and pushes Paul (on 4) up to 5
    state = TempleState.parse("Amun - | Ra Paul:4 | Ptah -")
    result = apply(state, "John enters Ra +4 pay barley,papyrus,flax,fruit")
    effects = result.by_player()
    gains = result.by_player(spaces=True)
    assert list(gains) == list(effects) == ["John", "Paul"]
    assert tuple(g.effect for g in gains["John"]) == effects["John"]
    assert [g.space for g in gains["Paul"]] == [5] and gains["Paul"][0].how == "pushed"
    assert all(g.temple is Temple.RA for g in gains["John"])
