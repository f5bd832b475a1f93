"""Ra's scoring (rulebooks/001: Scoring, Disasters), every expected value worked out by hand from the text."""

import pytest

from tameri_kit.companions.ra_scoring import (
    Hand,
    civilization_points,
    default_discard,
    disaster_choices,
    fulfill_disasters,
    god_points,
    gold_points,
    monument_points,
    nile_points,
    pharaoh_points,
    score_epoch,
    sun_points,
)
from tameri_kit.errors import IllegalActionError, NotationError, StateError, TameriError


def test_pharaohs_the_texts_example():
    # Anna, Bob, Cathy, Don: 3-2-2-3 -> Anna and Don +5, Bob and Cathy -2
    assert pharaoh_points({"Anna": 3, "Bob": 2, "Cathy": 2, "Don": 3}) == {"Anna": 5, "Bob": -2, "Cathy": -2, "Don": 5}


@pytest.mark.parametrize(
    "counts, expected",
    [
        ((5, 3, 3), (5, -2, -2)),  # one most, two tie for fewest: each loses 2
        ((4, 4, 1), (5, 5, -2)),  # two tie for most: each gains 5
        ((2, 2, 2), (0, 0, 0)),  # all equal: nobody gains or loses
        ((0, 0), (0, 0)),  # empty hands, all equal
        ((1, 0), (5, -2)),  # zero Pharaohs is the fewest (reading R1)
        ((4, 2, 1), (5, 0, -2)),  # the middle player neither gains nor loses
    ],
)
def test_pharaohs_most_fewest_and_ties(counts, expected):
    names = "ABCD"[: len(counts)]
    assert tuple(pharaoh_points(dict(zip(names, counts))).values()) == expected


def test_r1_zero_pharaohs_count_as_fewest():
    assert pharaoh_points({"A": 3, "B": 0, "C": 0}) == {"A": 5, "B": -2, "C": -2}


def test_suns_the_texts_example_and_ties():
    assert sun_points({"Anna": 17, "Bob": 25, "Cathy": 21, "Don": 17}) == {"Anna": -5, "Bob": 5, "Cathy": 0, "Don": -5}
    assert sun_points({"A": 30, "B": 30, "C": 20}) == {"A": 5, "B": 5, "C": -5}
    assert sun_points({"A": 22, "B": 22}) == {"A": 0, "B": 0}


def test_r4_sun_ties_share_and_two_players():
    # two players who differ: one +5 and the other -5; a three-way tie for highest with one lowest.
    # (Possible totals, issue 28: two players split the Suns 2-9 as 9+8+5+2 = 24 and 7+6+4+3 = 20, the 1 in the
    # middle; four players split 1-13 without the 4 as 13+7+5, 12+10+3, 11+8+6 = 25 each and 1+2+9 = 12.)
    assert sun_points({"A": 24, "B": 20}) == {"A": 5, "B": -5}
    assert sun_points({"A": 25, "B": 25, "C": 25, "D": 12}) == {"A": 5, "B": 5, "C": 5, "D": -5}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Nile:3", 0),  # no Flood: the Niles score nothing
        ("Nile:3 Flood:1", 4),  # 1 per Nile and per Flood
        ("Flood:2", 2),
        ("-", 0),
    ],
)
def test_nile_and_flood(text, expected):
    assert nile_points(Hand.parse(text)) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("-", -5),  # no Civilization at all
        ("Art:3", 0),
        ("Art:1 Writing:4", 0),  # one or two kinds: nothing (reading R2)
        ("Astronomy:3 Agriculture:2 Writing:2", 5),  # the text's example
        ("Astronomy:1 Agriculture:1 Writing:1", 5),  # ... "would have received the same"
        ("Astronomy:1 Agriculture:1 Writing:1 Art:1", 10),
        ("Astronomy:1 Agriculture:1 Writing:1 Art:1 Religion:2", 15),
    ],
)
def test_civilization(text, expected):
    assert civilization_points(Hand.parse(text)) == expected


def test_r2_one_or_two_civilization_kinds_score_nothing():
    assert civilization_points(Hand.of(Art=5)) == 0
    assert civilization_points(Hand.of(Art=1, Religion=1)) == 0


def test_gods_and_gold():
    assert god_points(Hand.of(God=3)) == 6 and gold_points(Hand.of(Gold=2)) == 6
    assert god_points(Hand()) == 0 and gold_points(Hand()) == 0


@pytest.mark.parametrize(
    "counts, expected",
    [
        ({"Pyramid": 4, "Temple": 3, "Fortress": 2, "Sphinx": 1}, 19),  # the text's example: 4 + 10 + 5
        ({m: 1 for m in ("Fortress", "Obelisk", "Palace", "Pyramid", "Temple", "Statue")}, 6),
        ({m: 1 for m in ("Fortress", "Obelisk", "Palace", "Pyramid", "Temple", "Statue", "Sphinx")}, 10),
        (
            {m: 1 for m in ("Fortress", "Obelisk", "Palace", "Pyramid", "Temple", "Statue", "Sphinx", "Step Pyramid")},
            15,
        ),
        ({"Pyramid": 5}, 16),  # 1 kind + five alike 15
        ({"Pyramid": 2, "Temple": 2}, 2),
        ({}, 0),
    ],
)
def test_monuments(counts, expected):
    assert monument_points(Hand.of(counts)) == expected


def test_r3_one_bonus_per_kind():
    # four alike give 10, not 10 + 5 for a group of three inside them (the example's 4 Pyramids give 10)
    assert monument_points(Hand.of(Pyramid=4)) == 1 + 10


def test_epoch_scoring_and_what_stays():
    result = score_epoch(
        {
            "A": "Pharaoh:2 Nile:2 Flood:1 God:1 Gold:1 Art:1 Writing:1 Religion:1 Pyramid:2",
            "B": "Pharaoh:1 Nile:4",
            "C": "-",
        }
    )
    # A: gods 2, pharaohs +5, nile 3, civ +5, gold 3 = 18; B: pharaohs 0 (middle), nile 0, civ -5 = -5;
    # C: pharaohs -2, civ -5 = -7
    assert result.totals == {"A": 18, "B": -5, "C": -7}
    assert str(result.after["A"]) == "Pharaoh:2 Nile:2 Pyramid:2"  # Pharaohs, Niles, Monuments stay
    assert "Monuments" not in " ".join(result.categories)


def test_final_scoring_adds_monuments_and_suns():
    # Sun totals two players can have (issue 28): 2+3+6+9 = 20 and 4+5+7+8 = 24, the 1 in the middle
    result = score_epoch({"A": "Pyramid:3 Art:1", "B": "Pharaoh:1"}, final=True, sun_totals={"A": 20, "B": 24})
    # A: pharaohs -2, civ 0, monuments 1 + 5, suns -5 = -1; B: pharaohs 5, civ -5, suns 5 = 5
    assert result.totals == {"A": -1, "B": 5}
    with pytest.raises(StateError):
        score_epoch({"A": "-"}, final=True)
    with pytest.raises(StateError):
        score_epoch({"A": "-", "B": "-"}, final=True, sun_totals={"A": 3})


@pytest.mark.parametrize(
    "hand, disaster, choices",
    [
        ("Pharaoh:3", "Funeral", [("Pharaoh", "Pharaoh")]),
        ("Pharaoh:1", "Funeral", [("Pharaoh",)]),  # a single tile: only that one
        ("-", "Funeral", [()]),  # none: nothing lost
        ("Nile:3 Flood:1", "Drought", [("Flood", "Nile")]),  # Floods first, then Niles; no choice
        ("Nile:1 Flood:3", "Drought", [("Flood", "Flood")]),
        ("Nile:2", "Drought", [("Nile", "Nile")]),
        ("Astronomy:1 Art:2", "War", [("Art", "Art"), ("Art", "Astronomy")]),
        (
            "Pyramid:1 Temple:1 Sphinx:1",
            "Earthquake",
            [("Pyramid", "Sphinx"), ("Pyramid", "Temple"), ("Sphinx", "Temple")],
        ),
    ],
)
def test_disaster_choices(hand, disaster, choices):
    assert disaster_choices(Hand.parse(hand), disaster) == choices


def test_disasters_with_the_players_choice_and_without():
    hand = Hand.parse("Astronomy:1 Art:2 Pharaoh:1")
    after, gone = fulfill_disasters(hand, ["War", "Funeral"], [("Art", "Astronomy"), None])
    assert str(after) == "Art:1" and gone == ("Art", "Astronomy", "Pharaoh")
    assert default_discard(hand, "War") == ("Art", "Art")  # the kit's pick keeps variety (reading R5)
    with pytest.raises(IllegalActionError, match="Disasters"):
        fulfill_disasters(hand, ["War"], [("Pharaoh", "Art")])
    assert str(hand) == "Pharaoh:1 Astronomy:1 Art:2"  # frozen: nothing changed


def test_r5_the_kit_picks_when_the_player_does_not():
    after, gone = fulfill_disasters(Hand.parse("Pyramid:3 Temple:1"), ["Earthquake"])
    assert gone == ("Pyramid", "Pyramid") and str(after) == "Pyramid:1 Temple:1"


def test_bad_input_is_a_typed_error():
    with pytest.raises(StateError, match="negative"):
        Hand.of(Pharaoh=-1)
    with pytest.raises(StateError, match="negative"):
        pharaoh_points({"A": -1, "B": 2})
    with pytest.raises(NotationError, match="unknown Ra tile"):
        Hand.parse("Pharoah:2")
    with pytest.raises(NotationError):
        Hand.parse("Pharaoh 2")
    with pytest.raises(TameriError):
        disaster_choices(Hand(), "Pharaoh")


def test_hand_text_round_trip():
    hand = Hand.parse("Step Pyramid:2 pharaoh:1  Nile:3")
    assert Hand.parse(str(hand)) == hand and hand["step pyramid"] == 2
    assert "<table" in hand._repr_html_()


def test_game_winner_and_its_sun_tiebreak():
    from tameri_kit.companions.ra_scoring import game_winner

    # highest Suns the players can hold (issue 28): 2 players hold 4 of the Suns 1-9, 3 players 4 of 1-13
    assert game_winner({"A": 30, "B": 25}, {"A": 5, "B": 9}) == ("A",)
    assert game_winner({"A": 30, "B": 30, "C": 12}, {"A": 9, "B": 11, "C": 13}) == ("B",)  # C's 13 does not count
    with pytest.raises(StateError):
        game_winner({"A": 1}, {"B": 3})
