"""The Temples: priest moves, pushes, the top of the tracks, grants and events.

Every test names the rule it checks.  Expected values are worked out by hand from the rules and from the kit's
illustrative tracks (tameri_kit/data/temples.toml), which read, from space 1 up (the Priest card draft is tested in
``test_priest_draft.py``):

    Amun (10): Deben, Silt, resource, 1 pt, Priest card, unlock, Temple card, 2 pt, Priest card, 4 pt
    Ra   (9):  Silt, resource, Deben, Farmer, 2 pt, Temple card, Priest card, 3 pt, 5 pt
    Ptah (8):  1 pt, unlock, Farmer, Priest card, Deben, Temple card, 3 pt, 5 pt   (spaces 1-4: Example 10)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tameri_kit.data.temples_and_priests import Effect, Temple, load_temples
from tameri_kit.errors import IllegalActionError, NotationError, StateError
from tameri_kit.rules.common import RESOURCES, Resource
from tameri_kit.rules.temple_moves import (
    BUILDING_ADVANCES,
    GREAT_ALTAR,
    PRIEST,
    SPHINX_6B,
    TOP,
    Grant,
    Move,
    TempleReadings,
    TempleState,
    apply,
    candidate_moves,
    effect_grant,
    explain_steps,
    gift_gg7,
    last_empty,
    legal_moves,
    priest_action,
    why_illegal,
)

ALL4 = "pay barley,papyrus,flax,fruit"
AMUN, RA, PTAH = Temple.AMUN, Temple.RA, Temple.PTAH


def S(text: str) -> TempleState:
    return TempleState.parse(text)


def kinds(effects) -> list[str]:
    return [e.kind for e in effects]


# ----------------------------------------------------------------------------------------------------------------
# Notation
# ----------------------------------------------------------------------------------------------------------------
def test_state_notation_round_trip_and_canonical_order():
    s = S("Ptah John:1 Paul:7 | Amun George:3 John:5")
    assert str(s) == "Amun John:5 George:3 | Ra - | Ptah Paul:7 John:1"  # temples A,R,P; priests top first
    assert TempleState.parse(str(s)) == s
    assert TempleState.parse("Amun - | Ra - | Ptah -") == TempleState.empty()
    assert TempleState.from_dict({"Ra": {"George": 4}}) == S("Ra George:4")


@pytest.mark.parametrize(
    "text, col", [("Osiris A:1", 0), ("Amun A4", 5), ("Amun A:1 | Amun B:2", 11), ("Amun pay:2", 5)]
)
def test_state_notation_errors_point_at_the_character(text, col):
    with pytest.raises(NotationError) as e:
        TempleState.parse(text)
    assert e.value.position == col


def test_states_that_cannot_exist():
    """Possible Actions: Priest - never 2 priests on a space, never 2 of a player's priests in one temple."""
    with pytest.raises(StateError, match="share a space"):
        S("Ptah A:3 B:3")
    with pytest.raises(StateError, match="two priests in Ptah"):
        S("Ptah A:3 A:5")
    with pytest.raises(StateError, match="spaces 1 to 8"):
        S("Ptah A:9")  # Ptah has 8 spaces in the kit's data


def test_move_notation_round_trip():
    m = Move.parse("red enters ptah +3 pay flax, barley,fruit")
    assert m == Move("red", PTAH, 3, (Resource.BARLEY, Resource.FLAX, Resource.FRUIT), enter=True)
    assert str(m) == "red enters Ptah +3 pay barley,flax,fruit"  # resources in the order barley..fruit
    assert Move.parse(str(m)) == m
    assert str(Move.parse("Blue Amun +2 free")) == "Blue Amun +2 free"
    assert eval(repr(m), {"Move": Move}) == m


@pytest.mark.parametrize(
    "text, col",
    [
        ("Red Ptah 3 free", 9),
        ("Red Ptah +3 pay barley,oats", 23),
        ("Red Osiris +1 free", 4),
        ("Red Ptah +1 gratis", 12),
        ("Red", 0),
    ],
)
def test_move_notation_errors_point_at_the_character(text, col):
    with pytest.raises(NotationError) as e:
        Move.parse(text)
    assert e.value.position == col


# ----------------------------------------------------------------------------------------------------------------
# Entering and advancing (Possible Actions: Priest)
# ----------------------------------------------------------------------------------------------------------------
def test_entering_places_the_priest_on_the_lowest_space_as_the_first_step():
    """Possible Actions: Priest - placing the new priest on the lowest space is step 1 of the move."""
    assert apply(S("Ptah -"), "Red enters Ptah +1 pay flax").end == S("Ptah Red:1")
    assert apply(S("Ptah -"), "Red enters Ptah +3 pay barley,flax,fruit").end == S("Ptah Red:3")


def test_advancing_an_existing_priest():
    """Possible Actions: Priest - a priest already there advances; 2 + 3 steps = space 5."""
    r = apply(S("Ptah Red:2"), "Red Ptah +3 pay barley,flax,fruit")
    assert r.end == S("Ptah Red:5")
    # gains spaces 3, 4, 5 (Farmer, Priest card, Deben), not space 2 where it started
    assert kinds(r.gains_of("Red")) == ["farmer", "priest_card", "deben"]


def test_a_second_priest_in_a_temple_is_illegal():
    """Possible Actions: Priest - never more than 1 priest per temple: the action advances the one there."""
    s = S("Ptah Red:2")
    with pytest.raises(IllegalActionError) as e:
        apply(s, "Red enters Ptah +1 pay flax")
    assert e.value.rule == PRIEST and "already has a priest" in str(e.value)
    with pytest.raises(IllegalActionError, match="no priest in Amun"):
        apply(s, "Red Amun +1 pay flax")


def test_one_priest_per_action_in_a_temple_of_choice():
    """Possible Actions: Priest - each move advances one priest, in any of the three temples."""
    moves = legal_moves(S("Ptah Red:2"), "Red")
    assert {m.temple for m in moves} == {AMUN, RA, PTAH}
    assert all(m.enter == (m.temple is not PTAH) for m in moves)


def test_a_priest_never_leaves_its_temple():
    """Possible Actions: Priest - a worker placed as a priest stays in that temple: no move takes it out."""
    s = S("Ptah Red:2")
    for m in legal_moves(s, "Red"):
        assert apply(s, m).end.space_of("Red", PTAH) is not None


# ----------------------------------------------------------------------------------------------------------------
# Paying (one different resource per step; B2)
# ----------------------------------------------------------------------------------------------------------------
def test_at_most_four_steps():
    """Possible Actions: Priest - up to 4 steps, each paid with a different resource, so never 5."""
    with pytest.raises(IllegalActionError, match="at most 4 steps") as e:
        apply(
            S("Ptah -"),
            Move("Red", PTAH, 5, (Resource.BARLEY, Resource.FLAX, Resource.FRUIT, Resource.PAPYRUS), enter=True),
        )
    assert e.value.rule == PRIEST
    assert max(m.steps for m in legal_moves(S("Ptah -"), "Red")) == 4


def test_each_step_a_different_resource():
    """Possible Actions: Priest - a different resource for each step."""
    with pytest.raises(IllegalActionError, match="barley is paid twice"):
        apply(S("Ptah -"), "Red enters Ptah +2 pay barley,barley")
    with pytest.raises(IllegalActionError, match=r"\+3 costs 3 different resource\(s\), one per step; 2 given"):
        apply(S("Ptah -"), "Red enters Ptah +3 pay barley,fruit")
    with pytest.raises(IllegalActionError, match="costs 1"):
        apply(S("Ptah -"), "Red enters Ptah +1 free")


def test_only_resources_the_player_has():
    g = priest_action(have={Resource.BARLEY, Resource.FLAX})
    with pytest.raises(IllegalActionError, match="has no fruit"):
        apply(S("Ptah -"), "Red enters Ptah +2 pay barley,fruit", g)
    # with two kinds of resource the Priest action reaches at most 2 steps: 3 temples x (1 step: 2 ways,
    # 2 steps: 1 way) = 9 moves
    assert len(legal_moves(S("Amun -"), "Red", g)) == 9


def test_great_altar_pays_one_less_but_never_allows_a_fifth_step():
    """Building B2 - pay 1 resource less for a Priest action; the 4-step limit stays (its IMPORTANT note)."""
    g = priest_action(great_altar=True)
    r = apply(S("Ptah -"), "Red enters Ptah +4 pay barley,flax,fruit", g)
    assert r.end == S("Ptah Red:4")
    assert "B2" in r.events[0].text and r.events[0].step == GREAT_ALTAR
    assert apply(S("Ptah -"), "Red enters Ptah +1 free", g).end == S("Ptah Red:1")  # 1 step, 0 paid
    apply(S("Ptah -"), "Red enters Ptah +2 pay barley,flax", g)  # paying in full is allowed
    with pytest.raises(IllegalActionError) as e:
        apply(S("Ptah -"), Move("Red", PTAH, 5, tuple(RESOURCES), enter=True), g)
    assert e.value.rule == GREAT_ALTAR and "never a fifth step" in str(e.value)
    with pytest.raises(IllegalActionError, match="or 1 with B2; 0 given"):
        apply(S("Ptah -"), "Red enters Ptah +2 free", g)
    with pytest.raises(ValueError):
        Grant("GG7 with B2", "x", "paid", great_altar=True)  # B2 only changes the Priest action


# ----------------------------------------------------------------------------------------------------------------
# Passing and pushing
# ----------------------------------------------------------------------------------------------------------------
def test_passing_pushes_nobody():
    """Possible Actions: Priest (IMPORTANT) - passing other priests is free; only the landing space pushes."""
    r = apply(S("Ptah Blue:2 Green:3"), "Red enters Ptah +4 " + ALL4)
    assert r.end == S("Ptah Red:4 Green:3 Blue:2")
    assert r.pushed == ()
    assert [e.kind for e in r.events].count("pass") == 2
    # Red gains every space passed or landed on, 1-4, whoever stands there; Blue and Green gain nothing
    assert kinds(r.gains_of("Red")) == ["points", "unlock", "farmer", "priest_card"]
    assert r.gains_of("Blue") == () and r.gains_of("Green") == ()


def test_push_one():
    """Possible Actions: Priest - ending on an occupied space pushes that priest up 1; it gains that space."""
    r = apply(S("Ptah Blue:3"), "Red enters Ptah +3 pay barley,flax,fruit")
    assert r.end == S("Ptah Blue:4 Red:3")
    assert r.pushed == (("Blue", 3, 4),)
    assert r.gains_of("Blue") == (Effect("priest_card"),)  # Ptah space 4


def test_push_chain_of_two():
    """Possible Actions: Priest - a push into an occupied space pushes that priest too: Red lands on 3,
    Blue 3->4, Green 4->5; Blue gains space 4 (Priest card), Green space 5 (Deben)."""
    r = apply(S("Ptah Blue:3 Green:4"), "Red enters Ptah +3 pay barley,flax,fruit")
    assert r.end == S("Ptah Green:5 Blue:4 Red:3")
    assert r.pushed == (("Blue", 3, 4), ("Green", 4, 5))
    assert r.by_player() == {
        "Red": (Effect("points"), Effect("unlock"), Effect("farmer")),
        "Blue": (Effect("priest_card"),),
        "Green": (Effect("deben"),),
    }
    texts = [e.text for e in r.events]
    assert "Red lands on 3 and pushes Blue to 4" in texts and "Blue pushes Green to 5" in texts


def test_push_chain_of_three_from_an_advancing_priest():
    """Amun: Red at 2 advances 3 to 5; Blue 5->6 (unlock), Green 6->7 (Temple card), Yellow 7->8 (2 points)."""
    r = apply(S("Amun Yellow:7 Green:6 Blue:5 Red:2"), "Red Amun +3 pay barley,flax,fruit")
    assert r.end == S("Amun Yellow:8 Green:7 Blue:6 Red:5")
    assert r.gains_of("Blue") == (Effect("unlock"),)
    assert r.gains_of("Green") == (Effect("temple_card"),)
    assert r.gains_of("Yellow") == (Effect("points", 2),)
    assert kinds(r.gains_of("Red")) == ["resource", "points", "priest_card"]  # Amun spaces 3, 4, 5


def test_entering_onto_an_occupied_first_space_pushes():
    """Possible Actions: Priest - entering with 1 step lands on space 1; its occupant is pushed to 2."""
    r = apply(S("Ptah Blue:1 Green:2"), "Red enters Ptah +1 pay fruit")
    assert r.end == S("Ptah Green:3 Blue:2 Red:1")
    assert r.gains_of("Blue") == (Effect("unlock"),) and r.gains_of("Green") == (Effect("farmer"),)
    assert r.gains_of("Red") == (Effect("points"),)


def test_entering_past_an_occupied_first_space_does_not_push():
    r = apply(S("Ptah Blue:1"), "Red enters Ptah +2 pay barley,fruit")
    assert r.end == S("Ptah Red:2 Blue:1") and r.pushed == ()


# ----------------------------------------------------------------------------------------------------------------
# The top of the track
# ----------------------------------------------------------------------------------------------------------------
def test_nobody_moves_past_the_top():
    """Possible Actions: Priest - nobody advances beyond the topmost space (Ptah has 8)."""
    with pytest.raises(IllegalActionError, match="space 9 is past the top") as e:
        apply(S("Ptah Red:6"), "Red Ptah +3 pay barley,flax,fruit")
    assert e.value.rule == TOP
    assert apply(S("Ptah Red:6"), "Red Ptah +2 pay barley,flax").end == S("Ptah Red:8")


def test_landing_just_below_an_occupied_top():
    """Possible Actions: Priest - with the top space held, the furthest is the last empty space: Blue on 8, Red
    at 5 may go to 6 or 7, not 8 (Blue cannot be pushed past the top)."""
    s = S("Ptah Blue:8 Red:5")
    assert last_empty(s, PTAH) == 7
    assert apply(s, "Red Ptah +2 pay barley,flax").end == S("Ptah Blue:8 Red:7")
    with pytest.raises(IllegalActionError, match="would push Blue past the top space 8") as e:
        apply(s, "Red Ptah +3 pay barley,flax,fruit")
    assert e.value.rule == TOP and "furthest Red may go is space 7" in str(e.value)


def test_a_chain_that_reaches_the_top_is_not_allowed():
    """Reading T1: landing on 6 under Blue 6, Green 7, Yellow 8 would push Yellow off the top: illegal, although
    space 6 itself is below the top; landing on 6 with 8 free is fine."""
    s = S("Ptah Yellow:8 Green:7 Blue:6 Red:2")
    with pytest.raises(IllegalActionError, match="push Blue, Green, Yellow past the top"):
        apply(s, "Red Ptah +4 " + ALL4)
    assert [k for k, why in explain_steps(s, "Red", PTAH) if why is None] == [1, 2, 3]  # to 3, 4, 5
    ok = S("Ptah Green:7 Blue:6 Red:2")
    assert apply(ok, "Red Ptah +4 " + ALL4).end == S("Ptah Green:8 Blue:7 Red:6")


def test_no_room_at_all():
    """Everything above Red is held up to the top: Red cannot advance in Ptah at all."""
    s = S("Ptah A:8 B:7 C:6 D:5")
    assert not [m for m in legal_moves(s, "D") if m.temple is PTAH]
    assert "no empty space is left above D" in why_illegal(s, Move("D", PTAH, 1, (Resource.FLAX,)))[0]


def test_explain_steps_gives_the_reasons():
    s = S("Ptah A:8 B:7 C:4")
    got = dict(explain_steps(s, "C", PTAH))
    assert got[1] is None and got[2] is None  # to 5, 6
    assert "push B, A past the top" in got[3] and "push A past the top" in got[4]


# ----------------------------------------------------------------------------------------------------------------
# Examples 9 and 10
# ----------------------------------------------------------------------------------------------------------------
EX10 = "Amun John:4 | Ra George:4 | Ptah -"  # John on Amun 4, George on Ra 4 (Example 10's picture)


def test_example_10_amun_would_push_john():
    """Example 10 - Ringo entering Amun with 4 steps would push John."""
    r = apply(S(EX10), "Ringo enters Amun +4 " + ALL4)
    assert r.pushed == (("John", 4, 5),)


def test_example_10_ra_would_push_george():
    """Example 10 - Ringo entering Ra with 4 steps would push George."""
    r = apply(S(EX10), "Ringo enters Ra +4 " + ALL4)
    assert r.pushed == (("George", 4, 5),)


def test_example_10_ptah_gives_point_unlock_farmer_priest_card():
    """Example 10 - entering Ptah with Barley, Fruit, Papyrus and Flax: 1 point, unlock 1 Worker, a Farmer action,
    the top Priest card."""
    r = apply(S(EX10), "Ringo enters Ptah +4 pay barley,fruit,papyrus,flax")
    assert r.pushed == ()
    assert Counter(r.gains_of("Ringo")) == Counter(
        [Effect("points", 1), Effect("unlock"), Effect("farmer"), Effect("priest_card")]
    )
    assert r.end == S("Amun John:4 | Ra George:4 | Ptah Ringo:4")


def test_example_9_g3_advances_two_steps_in_ptah_for_free():
    """Example 9 / Building G3 - George may advance 2 steps in Ptah without paying."""
    (g3,) = BUILDING_ADVANCES["G3"]
    s = S("Ptah George:3")
    assert apply(s, "George Ptah +2 free", g3).end == S("Ptah George:5")
    assert {m.temple for m in legal_moves(s, "George", g3)} == {PTAH}
    with pytest.raises(IllegalActionError, match="only in Ptah"):
        apply(S("Amun George:1 | Ptah George:3"), "George Amun +2 free", g3)
    with pytest.raises(IllegalActionError, match="nothing is paid"):
        apply(s, "George Ptah +2 pay flax,fruit", g3)
    with pytest.raises(IllegalActionError, match="at most 2 step"):
        apply(s, "George Ptah +3 free", g3)


def test_other_free_advances():
    """Buildings G1, G2 (2 steps in Amun, Ra), G4 (1 in each temple), G5 (1 in each of 2 temples); Sphinx 6B is a
    Priest action; an 'advance' effect gives free steps in its temple (Immediate Effects)."""
    assert BUILDING_ADVANCES["G1"][0].temples == (AMUN,) and BUILDING_ADVANCES["G1"][0].max_steps == 2
    assert BUILDING_ADVANCES["G2"][0].temples == (RA,)
    assert [g.temples for g in BUILDING_ADVANCES["G4"]] == [(AMUN,), (RA,), (PTAH,)]
    assert all(g.max_steps == 1 and g.kind == "free" for g in BUILDING_ADVANCES["G4"] + BUILDING_ADVANCES["G5"])
    assert SPHINX_6B.kind == "priest" and SPHINX_6B.max_steps == 4
    g = effect_grant(Effect("advance", 1, RA))
    assert apply(S("Ra Red:2"), "Red Ra +1 free", g).end == S("Ra Red:3")
    # a free advance follows the movement rules: pushes and the top
    r = apply(S("Ptah Blue:5 Red:3"), "Red Ptah +2 free", BUILDING_ADVANCES["G3"][0])
    assert r.pushed == (("Blue", 5, 6),)
    with pytest.raises(IllegalActionError) as e:
        apply(S("Ptah Blue:8 Red:6"), "Red Ptah +2 free", BUILDING_ADVANCES["G3"][0])
    assert e.value.rule == TOP


def test_gift_gg7():
    """Gifts of the Gods GG7 - 0, 1 or 2 different resources for 1, 2 or 3 steps."""
    g = gift_gg7()
    assert apply(S("Ptah -"), "Red enters Ptah +1 free", g).end == S("Ptah Red:1")
    assert apply(S("Ptah -"), "Red enters Ptah +3 pay barley,flax", g).end == S("Ptah Red:3")
    with pytest.raises(IllegalActionError, match="costs 2"):
        apply(S("Ptah -"), "Red enters Ptah +3 pay barley,flax,fruit", g)
    with pytest.raises(IllegalActionError, match="at most 3"):
        apply(S("Ptah -"), Move("Red", PTAH, 4, (Resource.BARLEY, Resource.FLAX, Resource.FRUIT), enter=True), g)


# ----------------------------------------------------------------------------------------------------------------
# Readings T2 and T3
# ----------------------------------------------------------------------------------------------------------------
def test_reading_t2_free_steps_up_to_or_exact():
    (g3,) = BUILDING_ADVANCES["G3"]
    s = S("Ptah George:3")
    up_to = [m.steps for m in legal_moves(s, "George", g3)]
    assert up_to == [1, 2]  # default: 1 or 2 steps
    exact = TempleReadings(free_steps="exact")
    assert [m.steps for m in legal_moves(s, "George", g3, exact)] == [2]
    with pytest.raises(IllegalActionError, match="exactly 2"):
        apply(s, "George Ptah +1 free", g3, exact)
    # exact, with Blue on the top space 8 and George on 6: 2 steps would push Blue off; cut short at 7
    top = S("Ptah Blue:8 George:6")
    assert [m.steps for m in legal_moves(top, "George", g3, exact)] == [1]
    assert apply(top, "George Ptah +1 free", g3, exact).end == S("Ptah Blue:8 George:7")


def test_reading_t3_free_entry():
    (g3,) = BUILDING_ADVANCES["G3"]
    assert apply(S("Ptah -"), "George enters Ptah +2 free", g3).end == S("Ptah George:2")  # default: may enter
    no = TempleReadings(free_entry=False)
    assert legal_moves(S("Ptah -"), "George", g3, no) == ()
    with pytest.raises(IllegalActionError, match="reading T3"):
        apply(S("Ptah -"), "George enters Ptah +2 free", g3, no)
    # a Priest action still enters under either reading
    assert apply(S("Ptah -"), "George enters Ptah +1 pay flax", readings=no).end == S("Ptah George:1")


# ----------------------------------------------------------------------------------------------------------------
# legal_moves is the single source of legality; events
# ----------------------------------------------------------------------------------------------------------------
def test_apply_accepts_exactly_the_legal_moves():
    s = S("Amun John:9 George:8 | Ra Red:1 | Ptah Blue:8 Red:6")
    for grant in (priest_action(), priest_action(great_altar=True), gift_gg7(), BUILDING_ADVANCES["G3"][0]):
        legal = set(legal_moves(s, "Red", grant))
        for m in candidate_moves(s, "Red", grant):
            if m in legal:
                apply(s, m, grant)
            else:
                with pytest.raises(IllegalActionError):
                    apply(s, m, grant)


def test_events_tell_the_move_step_by_step():
    r = apply(S("Ptah Green:4 Blue:3 Yellow:2"), "Red enters Ptah +3 pay barley,flax,fruit")
    assert [(e.kind, e.text) for e in r.events] == [
        ("pay", "Red pays Barley, Flax, Fruit for 3 step(s)"),
        ("enter", "Red enters Ptah on space 1 (placing the priest is the first step)"),
        ("pass", "Red passes Yellow on space 2 (passing pushes nobody)"),
        ("push", "Red lands on 3 and pushes Blue to 4"),
        ("push", "Blue pushes Green to 5"),
        ("gain", "Blue gains: draw a Priest card (space 4)"),
        ("gain", "Green gains: 1 Deben (space 5)"),
        ("gain", "Red gains: 1 point (space 1); unlock a Worker (space 2); a Farmer action (space 3)"),
    ]
    # while Blue is in transit it is drawn beside space 4 and is not on the track; then Green settles on 5
    assert r.events[3].moving == (("Blue", PTAH, 4),)
    assert str(r.events[3].after) == "Amun - | Ra - | Ptah Green:4 Red:3 Yellow:2"
    assert r.events[4].after == r.end and r.events[-1].after == r.end
    assert r.events[0].after == r.start


def test_illegal_move_changes_nothing():
    s = S("Ptah Blue:8 Red:5")
    before = str(s)
    with pytest.raises(IllegalActionError):
        apply(s, "Red Ptah +3 pay barley,flax,fruit")
    assert str(s) == before and s == S(before)


# ----------------------------------------------------------------------------------------------------------------
# Properties
# ----------------------------------------------------------------------------------------------------------------
PLAYERS = ("Red", "Blue", "Green", "Yellow")
BOARD = load_temples()


@st.composite
def states(draw):
    rows = []
    for t in (AMUN, RA, PTAH):
        n = BOARD.length(t)
        who = draw(st.lists(st.sampled_from(PLAYERS), unique=True, max_size=4))
        spaces = draw(st.lists(st.integers(1, n), unique=True, min_size=len(who), max_size=len(who)))
        rows.append(tuple(zip(who, spaces)))
    return TempleState(tuple(rows))


moves = st.builds(
    Move,
    st.sampled_from(PLAYERS),
    st.sampled_from((AMUN, RA, PTAH)),
    st.integers(0, 6),
    st.lists(st.sampled_from(RESOURCES), max_size=5).map(tuple),
    st.booleans(),
)
grants = st.sampled_from(
    (
        priest_action(),
        priest_action(great_altar=True),
        gift_gg7(),
        BUILDING_ADVANCES["G3"][0],
        BUILDING_ADVANCES["G5"][0],
    )
)


@settings(max_examples=300, deadline=None)
@given(states(), moves, grants)
def test_property_moves_keep_the_invariants(state, move, grant):
    before = str(state)
    try:
        r = apply(state, move, grant)
    except IllegalActionError:
        assert str(state) == before  # an illegal move changes nothing
        assert move not in legal_moves(state, move.player, grant)
        return
    end = r.end
    for t in (AMUN, RA, PTAH):
        spaces = [s for _, s in end.in_temple(t)]
        assert len(spaces) == len(set(spaces))  # no two priests share a space
        assert all(1 <= s <= BOARD.length(t) for s in spaces)  # nobody past the top
        old = dict(state.in_temple(t))
        new = dict(end.in_temple(t))
        added = set(new) - set(old)
        assert added == ({move.player} if move.enter and t is move.temple else set())  # priests conserved
        assert set(old) <= set(new)
        for p in old:
            assert new[p] >= old[p]  # priests only move up
            if p != move.player and new[p] != old[p]:
                assert new[p] == old[p] + 1 and (p, old[p], new[p]) in r.pushed  # pushed one space
    assert len(r.gains_of(move.player)) == move.steps  # one effect per space passed or landed on


@settings(max_examples=150, deadline=None)
@given(states(), st.sampled_from(PLAYERS))
def test_property_every_legal_move_applies(state, player):
    for m in legal_moves(state, player):
        assert why_illegal(state, m) is None
        apply(state, m)


@settings(max_examples=200, deadline=None)
@given(
    states(),
    st.sampled_from(PLAYERS),
    grants,
    st.sampled_from(("up_to", "exact")),
    st.booleans(),
    st.one_of(st.none(), st.lists(st.sampled_from(RESOURCES), unique=True).map(tuple)),
)
def test_property_legal_moves_are_the_candidates_why_illegal_accepts(
    state, player, grant, free_steps, free_entry, have
):
    """legal_moves judges one candidate per (temple, steps) group; that must equal judging every candidate."""
    readings = TempleReadings(free_steps=free_steps, free_entry=free_entry)
    if have is not None:
        grant = replace(grant, have=frozenset(have))
    one_by_one = tuple(
        m for m in candidate_moves(state, player, grant) if why_illegal(state, m, grant, readings) is None
    )
    assert legal_moves(state, player, grant, readings) == one_by_one
    for m in candidate_moves(state, player, grant):  # apply accepts exactly these
        if m in one_by_one:
            apply(state, m, grant, readings)
        else:
            with pytest.raises(IllegalActionError):
                apply(state, m, grant, readings)


def test_remembered_moves_answer_as_the_rule_does():
    """The engine keeps the temple rules' answer for a move (game.actions.priest.move_in_temples, a speed trick of
    tameri_kit._fast): for every legal move of every player in a crowded position, asked twice and against the rule
    itself, the same end, events and gains.  TempleState hashes its priests only: equal states hash alike, and a
    state on another board is still a different state."""
    from tameri_kit.game.rules_of_play.actions.priest import move_in_temples

    state = TempleState.from_dict(
        {"Amun": {"John": 1, "Paul": 3}, "Ra": {"Ringo": 2}, "Ptah": {"George": 1, "John": 2}}
    )
    grant = priest_action()
    moves = [move for player in ("John", "Paul", "Ringo", "George") for move in legal_moves(state, player, grant)]
    assert len(moves) > 40
    for move in moves:
        kept, again, rule = (
            move_in_temples(state, move, grant),
            move_in_temples(state, move, grant),
            apply(state, move, grant),
        )
        assert kept == again == rule
        assert [event.text for event in kept.events] == [event.text for event in rule.events]
    assert move_in_temples.cache_info().hits >= len(moves)
    same = TempleState.from_dict({"Ptah": {"John": 2, "George": 1}, "Amun": {"Paul": 3, "John": 1}, "Ra": {"Ringo": 2}})
    assert same == state and hash(same) == hash(state)
    shorter = load_temples().tracks
    other_board = replace(
        state.board, tracks=(shorter[0], shorter[1], replace(shorter[2], spaces=shorter[2].spaces[:-1]))
    )
    elsewhere = TempleState(state.priests, other_board)
    assert hash(elsewhere) == hash(state) and elsewhere != state
