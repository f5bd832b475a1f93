"""End of the Season steps 2-4 and End of the Game steps 1-6 (Examples 19-26), Building End of Season points."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from tameri_kit.errors import DataError, IllegalActionError, StateError
from tameri_kit.rules.common import RESOURCES, Resource
from tameri_kit.rules.game_end import EARLIER, finish_game, game_end
from tameri_kit.rules.offering import Stock
from tameri_kit.rules.scoring import (
    SET_POINTS,
    HandCard,
    PlayerSituation,
    ScoringReadings,
    best_sets,
    building_season_points,
    hand_glyph_points,
    leftover_points,
    majority_points,
    parse_hand,
    sets_points,
)
from tameri_kit.rules.season_end_scoring import majority_step, season_end

B, P, X, F = Resource.BARLEY, Resource.PAPYRUS, Resource.FLAX, Resource.FRUIT
TABLES = {"A2": {"by_season": [1, 2, 3]}, "A3": {"min_buildings": 3, "points": 3}}


# Example 21 reconstructed (the picture is lost).  Every sentence of Examples 21 and 22 holds:
#   Flax: Ringo, Paul and John tie on 2 (George 1)      -> 1 each, they discard Flax
#   Fruit: Ringo 3 alone on top                          -> 2
#   Papyrus: Ringo 3 alone on top                        -> 2
#   Barley: Ringo and John tie on 2 (Paul 1, George 1)   -> 1 each, they discard Barley
#   totals Ringo 1+2+2+1 = 6, John 1+1 = 2, Paul 1, George 0.
#   Left behind the screens: Ringo 0, John 1 Papyrus + 1 Fruit = 2, Paul 1 Barley + 2 Papyrus + 2 Fruit = 5,
#   George 1 + 1 + 1 + 1 = 4 -> Paul has the most in Example 22 and scores 2.
def beatles():
    return [
        PlayerSituation("Ringo", screen=Stock(barley=2, papyrus=3, flax=2, fruit=3)),
        PlayerSituation("John", screen=Stock(barley=2, papyrus=1, flax=2, fruit=1)),
        PlayerSituation("Paul", screen=Stock(barley=1, papyrus=2, flax=2, fruit=2)),
        PlayerSituation("George", screen=Stock(barley=1, papyrus=1, flax=1, fruit=1)),
    ]


def test_example_21_majorities():
    r = season_end(beatles(), 3)
    got = {n: r.points[n]["majorities"] for n in ("Ringo", "John", "Paul", "George")}
    assert got == {"Ringo": 6, "John": 2, "Paul": 1, "George": 0}
    maj = [e for e in r.events if e.kind == "majority"]
    assert [e.resource for e in maj] == [B, P, X, F]  # step 4a order
    flax = maj[2]
    assert set(flax.discarded) == {"Ringo", "Paul", "John"} and dict(flax.points) == {"Ringo": 1, "Paul": 1, "John": 1}
    assert "tie on 2" in flax.text
    assert dict(maj[0].points) == {"Ringo": 1, "John": 1}  # Barley
    assert dict(maj[1].points) == {"Ringo": 2} and dict(maj[3].points) == {"Ringo": 2}
    assert r.player("Ringo").screen == Stock()
    assert r.player("John").screen == Stock(papyrus=1, fruit=1)
    assert r.player("Paul").screen == Stock(barley=1, papyrus=2, fruit=2)
    assert r.player("George").screen == Stock(barley=1, papyrus=1, flax=1, fruit=1)


def test_example_22_paul_has_most_left():
    """Example 22: after Example 21, Paul has the most left (5) and scores 2; then all screens are emptied."""
    se = season_end(beatles(), 3)
    out = game_end(se.end, earlier=se.points)
    assert {n: out.points(n, "offering total") for n in out.names} == {"Ringo": 0, "John": 0, "Paul": 2, "George": 0}
    assert all(p.screen == Stock() for p in out.end)
    assert out.points("Ringo", "majorities") == 6 and out.points("Ringo", EARLIER) == 0


def test_example_19_glyph_bonus_given_from_outside():
    """Example 19: George and John get 2 points, Ringo and Paul do not (step 2's result is an input here)."""
    r = season_end(beatles(), 1, glyph_bonus={"George", "John"})
    assert {n: r.points[n]["glyph bonus"] for n in r.points} == {"Ringo": 0, "John": 2, "Paul": 0, "George": 2}
    ev = next(e for e in r.events if e.kind == "glyph")
    assert ev.step == "End of the Season, step 2" and "Ringo and Paul did not" in ev.text


def test_priest_draft_result_is_recorded():
    r = season_end([PlayerSituation("John")], 1, priest_draft={"John": [3]})
    assert r.player("John").priest_cards == (3,) and r.events[0].step == "End of the Season, step 1"


def test_example_20_george_g2_and_d3():
    """Example 20: G2 with 1 Silt -> 1, D3 with at least 3 Flax -> 3: 4 in all."""
    george = PlayerSituation("George", silt=1, reserve=Stock(flax=3), buildings=("G2", "D3"))
    r = season_end([george], 2)
    assert r.points["George"]["buildings"] == 4
    # with more Flax D3 is still capped at 3
    assert season_end([george.but(reserve=Stock(flax=4))], 2).points["George"]["buildings"] == 4


@pytest.mark.parametrize(
    "bid,player,pts",
    [
        ("A5", PlayerSituation("x", merchant_in_play=True), 2),
        ("A5", PlayerSituation("x"), 0),
        ("B5", PlayerSituation("x", face_down=1), 2),
        ("B5", PlayerSituation("x"), 0),
        ("D1", PlayerSituation("x", reserve=Stock(papyrus=2)), 2),
        ("D2", PlayerSituation("x", reserve=Stock(fruit=4)), 3),
        ("D3", PlayerSituation("x", reserve=Stock(barley=3)), 0),
        ("F1", PlayerSituation("x", farmers=2), 2),
        ("F2", PlayerSituation("x", reserve=Stock(barley=5)), 3),
        ("F3", PlayerSituation("x", builder_steps=1), 1),
        ("G1", PlayerSituation("x", sphinxes=3), 3),
        ("G2", PlayerSituation("x", silt=0), 0),
        ("G3", PlayerSituation("x", deben=4), 3),
        ("G5", PlayerSituation("x"), 1),
        ("E1", PlayerSituation("x"), 0),  # no End of Season points
        ("D1", PlayerSituation("x", screen=Stock(papyrus=3)), 0),  # offered resources are not owned (S2)
    ],
)
def test_building_season_points(bid, player, pts):
    """Buildings: End of Season points, values stated in the card list."""
    assert building_season_points(bid, player, 1)[0] == pts


def test_a2_a3_take_their_parameters():
    p = PlayerSituation("x", buildings=("A2", "A3", "E1"))
    assert [building_season_points("A2", p, s, tables=TABLES)[0] for s in (1, 2, 3)] == [1, 2, 3]
    assert building_season_points("A3", p, 1, tables=TABLES)[0] == 3  # 3 Buildings >= 3
    assert building_season_points("A3", p.but(buildings=("A3",)), 1, tables=TABLES)[0] == 0
    assert building_season_points("A3", p, 1, tables={"A3": {"min_buildings": 4, "points": 5}})[0] == 0
    with pytest.raises(DataError):
        building_season_points("A2", p, 1, tables={})


def test_d4_spends_a_resource_last():
    """D4: may spend 1 resource for 2 points; scored after D3 so the spend costs no D3 points (S3)."""
    p = PlayerSituation("x", reserve=Stock(flax=3), buildings=("D3", "D4"))
    r = season_end([p], 1)
    assert r.points["x"]["buildings"] == 5 and r.player("x").reserve == Stock(flax=2)
    r = season_end([p], 1, d4_spend={"x": None})
    assert r.points["x"]["buildings"] == 3 and r.player("x").reserve == Stock(flax=3)
    r = season_end([p], 1, readings=ScoringReadings(d4_last=False, hand_glyphs="by_kind"))
    assert r.points["x"]["buildings"] == 5  # D3 before D4 in id order anyway
    with pytest.raises(IllegalActionError):
        season_end([p], 1, d4_spend={"x": "fruit"})
    assert season_end([p.but(reserve=Stock())], 1).points["x"]["buildings"] == 0


# --- majorities by hand -----------------------------------------------------------------------------------------
def test_three_way_tie():
    out = majority_points({"a": 3, "b": 3, "c": 3, "d": 2})
    assert out == {"a": 1, "b": 1, "c": 1}


def test_lone_offerer_has_the_most():
    """Register S4: one player offered a type, nobody else did -> that player has the most, 2 points."""
    ev = majority_step([PlayerSituation("a", screen=Stock(fruit=1)), PlayerSituation("b")])
    assert dict(ev[3].points) == {"a": 2}


def test_nobody_offered_a_type():
    """Register S4: nobody offered Papyrus -> nobody scores it (not a four-way tie on 0)."""
    ev = majority_step([PlayerSituation("a", screen=Stock(barley=1)), PlayerSituation("b")])
    assert ev[1].points == () and "nobody" in ev[1].text


def test_stock_carries_across_seasons():
    """Step 4c: non-scorers keep theirs behind the screen for the next Season (and the end of the game)."""
    a = PlayerSituation("a", screen=Stock(barley=3))
    b = PlayerSituation("b", screen=Stock(barley=2))
    s1 = season_end([a, b], 1)
    assert s1.player("b").screen == Stock(barley=2) and s1.points["b"]["majorities"] == 0
    # next Season b offers one more Barley (3) and a offers 1: b now has the most
    s2 = season_end([s1.player("a").but(screen=Stock(barley=1)), s1.player("b").but(screen=Stock(barley=3))], 2)
    assert s2.points["b"]["majorities"] == 2 and s2.player("a").screen == Stock(barley=1)


# --- End of the Game --------------------------------------------------------------------------------------------
def test_example_23_sets():
    """Example 23 (picture lost): 7 Buildings with symbols A B C D E A B -> 11 + 2 = 13."""
    s = best_sets("ABCDEAB")
    assert sorted(len(x) for x in s) == [2, 5] and sets_points(s) == 13
    george = PlayerSituation("George", buildings=("A1", "B2", "C3", "D4", "E5", "A6", "B1"))
    assert game_end([george]).points("George", "building sets") == 13


@pytest.mark.parametrize(
    "symbols,points",
    [
        ("ABCDEFG", 20),
        ("", 0),
        ("A", 1),
        ("AA", 2),
        ("AAA", 3),
        ("AB", 2),
        ("ABC", 4),
        ("ABCD", 7),
        ("ABCDEF", 15),
        ("ABCDEFGA", 21),
        ("AABBCC", 8),
        ("ABCDEFGABCDEFG", 40),
    ],
)
def test_set_points_by_hand(symbols, points):
    """End of the Game step 2 table 1/2/4/7/11/15/20; e.g. AABBCC = ABC + ABC = 4 + 4."""
    assert sets_points(best_sets(symbols)) == points


def all_splits(items):
    """Every partition of a list into groups (brute force)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for split in all_splits(rest):
        yield [[first]] + split
        for i in range(len(split)):
            yield split[:i] + [[first] + split[i]] + split[i + 1 :]


def brute_best(symbols):
    best = 0
    for split in all_splits(list(symbols)):
        if all(len(set(g)) == len(g) for g in split):
            best = max(best, sum(SET_POINTS[len(g)] for g in split))
    return best


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from("ABCDEFG"), max_size=8))
def test_greedy_sets_are_optimal_by_brute_force(symbols):
    assert sets_points(best_sets(symbols)) == brute_best(symbols)


@given(st.lists(st.sampled_from("ABCDEFG"), max_size=12), st.randoms(use_true_random=False))
def test_best_split_beats_a_random_split(symbols, rnd):
    """Put each symbol into a random group that does not yet hold it: never better than the best split."""
    groups: list[list[str]] = []
    for s in symbols:
        options = [g for g in groups if s not in g] + [None]
        g = rnd.choice(options)
        if g is None:
            groups.append([s])
        else:
            g.append(s)
    assert sets_points(best_sets(symbols)) >= sets_points(groups)


def test_example_24_priest_cards():
    """Example 24 (picture lost): John's Priest cards 3 + 3 + 2 + 1 + 1 = 10."""
    john = PlayerSituation("John", priest_cards=(3, 3, 2, 1, 1))
    assert game_end([john]).points("John", "priest cards") == 10


GEORGE_HAND = parse_hand("12(sunrise|sunrise,sunset) 40(sunrise,daytime|sunrise) 77(|sunrise,night)")


def test_example_25_both_readings():
    """Example 25 (picture lost): a hand that scores 5 under both readings of S6.
    by kind: sunrise 1+1 + 1+1 + 1 = 5 (others 1 each); by side: left 1+2+0 = 3, right 2+1+2 = 5."""
    assert hand_glyph_points(GEORGE_HAND, "by_kind")[0] == 5
    assert hand_glyph_points(GEORGE_HAND, "by_side")[0] == 5
    george = PlayerSituation("George", hand=GEORGE_HAND)
    assert game_end([george]).points("George", "hand glyphs") == 5


def test_hand_glyph_readings_differ():
    """S6: three cards 'sunrise|daytime' and one 'night,sunset|': by kind sunrise 3, daytime 3, night 1,
    sunset 1 -> 3; by side left 3 + 2 = 5, right 3 -> 5."""
    hand = parse_hand("1(sunrise|daytime) 2(sunrise|daytime) 3(sunrise|daytime) 4(night,sunset|)")
    assert hand_glyph_points(hand, "by_kind")[0] == 3
    assert hand_glyph_points(hand, "by_side")[0] == 5
    out = game_end([PlayerSituation("a", hand=hand)], readings=ScoringReadings(hand_glyphs="by_side"))
    assert out.points("a", "hand glyphs") == 5
    assert hand_glyph_points((), "by_kind")[0] == 0


def test_example_26_leftovers():
    """Example 26: Paul's resources, Deben and Silt total 10 -> 3 points."""
    paul = PlayerSituation("Paul", reserve=Stock(barley=2, fruit=3), deben=3, silt=2)
    assert game_end([paul]).points("Paul", "leftovers") == 3


@pytest.mark.parametrize("n,pts", [(0, 0), (2, 0), (3, 1), (9, 3), (10, 3), (14, 4)])
def test_leftover_rounding(n, pts):
    assert leftover_points(n) == pts


def test_gifts_count_as_items():
    """Gifts of the Gods: kept cards count with resources, Deben and Silt in step 5 (S7: 1 item each)."""
    p = PlayerSituation("a", deben=2, gifts=1)
    assert game_end([p]).points("a", "leftovers") == 1
    assert game_end([p], readings=ScoringReadings(gift_items=0)).points("a", "leftovers") == 0


def test_screens_do_not_count_as_leftovers():
    """Step 1 empties the screens before step 5, so offered resources are not leftovers."""
    p = PlayerSituation("a", screen=Stock(barley=4, fruit=2))
    out = game_end([p])
    assert out.points("a", "leftovers") == 0 and out.points("a", "offering total") == 2


def test_total_offering_tie():
    out = game_end(
        [
            PlayerSituation("a", screen=Stock(barley=2)),
            PlayerSituation("b", screen=Stock(fruit=2)),
            PlayerSituation("c", screen=Stock(flax=1)),
        ]
    )
    assert [out.points(n, "offering total") for n in "abc"] == [1, 1, 0]


def test_winner_and_tiebreaks():
    """Step 6: highest total wins; a tie goes to the highest Action card in hand; still tied -> shared (S8)."""
    a = PlayerSituation("a", score=30, hand=(HandCard(50),))
    b = PlayerSituation("b", score=30, hand=(HandCard(80), HandCard(3)))
    c = PlayerSituation("c", score=29, hand=(HandCard(99),))
    out = game_end([a, b, c])
    assert out.winners == ("b",) and "80" in out.tiebreak
    assert game_end([a, b.but(score=31)]).winners == ("b",)
    assert game_end([a, a.but(name="z")]).winners == ("a", "z")  # same card number: shared
    assert game_end([a.but(hand=()), b.but(hand=())]).winners == ("a", "b")
    assert game_end([a.but(hand=()), b]).winners == ("b",)  # a card beats no card


def test_finish_game_full_breakdown():
    """A whole last Season and end of game for the Beatles, worked by hand:
    Ringo: 20 earlier + 6 majorities + sets ABC (4) + Priest 3 + hand 0 + leftovers 4 items -> 1 = 34
    Paul: 25 earlier + glyph 2 + 1 majority + 2 offering total + sets A (1) + 0 + leftovers 6 -> 2 = 33."""
    ps = beatles()
    ps[0] = ps[0].but(score=20, buildings=("A1", "B1", "C1"), priest_cards=(3,), reserve=Stock(barley=4))
    ps[2] = ps[2].but(score=25, buildings=("A4",), deben=4, silt=2)
    out = finish_game(ps, glyph_bonus={"Paul"})
    assert out.total("Ringo") == 34 and out.total("Paul") == 33
    assert out.winners == ("Ringo",)
    assert out.categories[0] == EARLIER and "majorities" in out.categories
    assert sum(out.breakdown["Paul"].values()) == out.end[2].score == 33
    assert "Ringo" in out.table_text() and "<table" in out._repr_html_()


def test_bad_input_is_typed():
    with pytest.raises(StateError):
        PlayerSituation("a", deben=-1)
    with pytest.raises(StateError):
        PlayerSituation("a", buildings=("H1",))
    with pytest.raises(StateError):
        PlayerSituation("a", priest_cards=(4,))
    with pytest.raises(StateError):
        season_end([PlayerSituation("a"), PlayerSituation("a")], 1)
    with pytest.raises(StateError):
        season_end([PlayerSituation("a")], 1, glyph_bonus={"zz"})


def test_but_checks_the_changed_fields_only_and_keeps_the_rest():
    p = PlayerSituation("a", score=3, reserve={"barley": 2}, buildings=("d3",))
    q = p.but(deben=2, buildings=("a2", "D3"))
    assert (q.deben, q.buildings, q.score, q.reserve) == (2, ("A2", "D3"), 3, p.reserve)  # normalised like new
    assert q == PlayerSituation("a", score=3, reserve={"barley": 2}, deben=2, buildings=("A2", "D3"))
    assert p.gain(4).score == 7 and p.score == 3
    with pytest.raises(StateError, match="a: deben must be a whole number >= 0, not -1"):
        p.but(deben=-1)
    with pytest.raises(StateError, match="appears twice"):
        p.but(buildings=("A2", "a2"))
    with pytest.raises(StateError, match="score must be a whole number"):
        p.gain(0.5)
    with pytest.raises(TypeError, match="no field 'points'"):
        p.but(points=1)


def test_hand_card_text_round_trip():
    for c in GEORGE_HAND:
        assert HandCard.parse(str(c)) == c


# --- properties -------------------------------------------------------------------------------------------------
screens = st.builds(Stock, *(st.integers(0, 4) for _ in range(4)))


@given(st.lists(screens, min_size=1, max_size=5))
def test_majority_properties(scr):
    """Points never negative; every scorer discards exactly that type; non-scorers keep theirs."""
    players = [PlayerSituation(f"p{i}", screen=s) for i, s in enumerate(scr)]
    before = {p.name: p for p in players}
    for ev in majority_step(players):
        r = ev.resource
        scorers = {n for n, _ in ev.points}
        assert all(pts > 0 for _, pts in ev.points)
        assert sum(pts for _, pts in ev.points) in (0, 2) or all(pts == 1 for _, pts in ev.points)
        for p in ev.after:
            if p.name in scorers:
                assert p.screen[r] == 0
            else:
                assert p.screen[r] == before[p.name].screen[r]
            for other in RESOURCES:  # other types untouched by this event
                if other != r:
                    prev = before[p.name].screen[other]
                    assert p.screen[other] == prev
        before = {p.name: p for p in ev.after}


@settings(deadline=None)
@given(st.lists(screens, min_size=1, max_size=4), st.lists(st.integers(0, 6), min_size=4, max_size=4))
def test_game_end_points_never_negative(scr, extra):
    players = [
        PlayerSituation(
            f"p{i}",
            screen=s,
            deben=extra[i % 4],
            silt=extra[(i + 1) % 4],
            buildings=tuple(f"{'ABCDEFG'[j]}1" for j in range(extra[i % 4])),
        )
        for i, s in enumerate(scr)
    ]
    out = finish_game(players)
    for n in out.names:
        assert all(v >= 0 for v in out.breakdown[n].values())


def test_a2_a3_tables_come_from_buildings_toml():
    """A2/A3 parameters: read from buildings.toml through load_buildings() (illustrative numbers), checked
    against the file itself read with tomllib."""
    import tomllib
    from pathlib import Path

    import tameri_kit.data as data
    from tameri_kit.rules.scoring import building_tables

    doc = tomllib.loads((Path(data.__file__).parent / "buildings.toml").read_text(encoding="utf-8"))
    want = {b["id"]: b["season_points"] for b in doc["building"] if b["id"] in ("A2", "A3")}
    tables = building_tables()
    assert tables == want
    p = PlayerSituation("x", buildings=("A2",))
    assert [building_season_points("A2", p, s)[0] for s in (1, 2, 3)] == list(want["A2"]["by_season"])
    assert building_tables({"A2": {"by_season": [5, 5, 5]}})["A2"] == {"by_season": [5, 5, 5]}


def test_infinity_card_and_real_action_cards():
    """The promo card infinity is the highest card in hand for the step 6 tie-break; Action cards convert."""
    import math

    from tameri_kit.rules.scoring import HandCard

    inf = HandCard.parse("\u221e(|night)")
    assert inf.number == math.inf and HandCard.parse(str(inf)) == inf
    a = PlayerSituation("a", score=9, hand=(inf,))
    b = PlayerSituation("b", score=9, hand=(HandCard(105),))
    assert game_end([a, b]).winners == ("a",)
    from tameri_kit.data.components import load_actions

    card = next(iter(load_actions()))
    hc = HandCard.of(card)
    assert hc.number == card.number and hc.left == tuple(g.value for g in card.left)
