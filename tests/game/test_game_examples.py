"""The rulebook's worked examples, played through the whole-game engine.

Each test builds a small situation that matches the example's text (the pictures are lost, so the parts the text
does not state are chosen to fit) and checks that the engine does what the example says.  Expected values are
worked out by hand from the rules, as the comments say.
"""

import random

import pytest

from tameri_kit.errors import IllegalActionError
from tameri_kit.game import Settings, legal_actions, new_game, sample_chance, step
from tameri_kit.game.core.catalog import CARDS
from tameri_kit.game.play.engine import settle, with_turn
from tameri_kit.game.core.frames import (
    AutoStep,
    CardWeatherEffects,
    ChoosePlayOption,
    MainStep,
    NileCard,
    RevealCard,
    UnlockWorker,
)
from tameri_kit.rules.action_cards import Action
from tameri_kit.rules.common import Resource
from tameri_kit.rules.glyphs import Played
from tameri_kit.rules.offering import Stock
from tameri_kit.rules.pyramid import Pyramid

B, P, X, F = Resource.BARLEY, Resource.PAPYRUS, Resource.FLAX, Resource.FRUIT


def started(n=4, seed=0):
    """A game just after Season 0 (random set-up and draft), waiting for the first card choice."""
    rng = random.Random(seed)
    s = new_game(Settings.for_players(n))
    while s.phase != "choose":
        s = step(s, sample_chance(s, rng) if s.is_chance else legal_actions(s)[0])
    return s


def setp(s, name, **kw):
    i = s.seat(name)
    ps = list(s.players)
    ps[i] = ps[i].but(**kw)
    return s.but(players=tuple(ps))


def moves(s):
    return [a.move for a in legal_actions(s)]


def play(s, *texts):
    for t in texts:
        s = step(s, t)
    return s


# ----------------------------------------------------------------------------------------------------------------
def test_example_1_season0_draft_and_first_order():
    """Season 0 (Example 1): John keeps 59, passes the rest to George and receives 2, 6, 45, 97 from Ringo; he
    keeps 6, ... receives 10 and 16 and keeps 16.  The cards nobody kept set the order.

    Seats: John, George, Paul, Ringo (John passes left to George and receives from Ringo).  The example's
    revealed 9 for Paul cannot come out of a 4-player pass cycle (Paul's last card comes from Ringo's first hand,
    which holds 2, 6, 45, 97), so here Paul reveals 2: the order is the same, Paul first (register E2)."""
    rng = random.Random(1)
    s = new_game(Settings.for_players(4))
    while s.top.kind != "draw_card":
        s = step(s, sample_chance(s, rng))
    deal = {
        "John": [5, 7, 38, 59, 61],
        "George": [10, 16, 14, 21, 24],
        "Paul": [15, 32, 44, 50, 65],
        "Ringo": [2, 6, 45, 97, 93],
    }
    for name in ("John", "George", "Paul", "Ringo"):
        for n in deal[name]:
            s = step(s, f"chance: draw {n}")
    assert s.player("John").hand == (5, 7, 38, 59, 61)
    # round 1 picks, asked one player at a time
    s = play(s, "John: keep 59", "George: keep 14", "Paul: keep 32", "Ringo: keep 93")
    assert s.player("John").hand == (2, 6, 45, 97)  # from Ringo, on his right
    assert s.player("George").hand == (5, 7, 38, 61)  # John's, passed left
    s = play(s, "John: keep 6", "George: keep 5", "Paul: keep 21", "Ringo: keep 44")
    s = play(s, "John: keep 50", "George: keep 45", "Paul: keep 7", "Ringo: keep 24")
    assert s.player("John").hand == (10, 16)
    s = play(s, "John: keep 16", "George: keep 65", "Paul: keep 97", "Ringo: keep 38")
    # left over: John 10, George 15, Paul 2, Ringo 61 -> Paul, John, George, Ringo; Paul places the first Farmer
    assert [s.players[i].name for i in s.order] == ["Paul", "John", "George", "Ringo"]
    assert s.to_move == "Paul" and s.top.kind == "season_zero_farmer"
    assert s.player("John").hand == (6, 16, 50, 59)
    assert len(moves(s)) == 8  # any of the 8 fields
    s = play(s, "Paul: farmer S-barley", "John: farmer S-barley", "George: farmer N-barley", "Ringo: farmer E-flax")
    # Season 0 step 8: players + 2 cards from deck B, the two lowest carry their resource
    while s.is_chance and s.top.kind == "draw_card":
        s = step(s, sample_chance(s, rng))
    assert len(s.nile) == 6
    lows = sorted(s.nile)[:2]
    assert all(x == CARDS[n].resource for n, x in lows)
    assert all(x is None for n, x in sorted(s.nile)[2:])


def test_example_6_nile_pick_with_barley():
    """Example 6: the last player can only take 18, 27 or 28; taking 18 adds it to the hand with its Barley."""
    s = started()
    s = s.but(nile=((18, B), (27, None), (28, None)), stack=(NileCard(s.seat("John")),))
    assert moves(s) == ["take 18", "take 27", "take 28"]
    before = s.player("John")
    s = step(s, "John: take 18")
    assert 18 in s.player("John").hand and s.player("John").reserve[B] == before.reserve[B] + 1
    assert [n for n, _ in s.nile] == [27, 28]


def test_example_7_one_farmer_per_field():
    """Example 7: Paul has a Farmer on the south Barley field: he may not place a second there, but may use the
    north Barley field."""
    s = started()
    s = setp(s, "Paul", farmers=("S-barley",))
    s = with_turn(s, "Paul", ["farmer"])
    s = step(s, "Paul: do farmer")
    ms = moves(s)
    assert "farmer N-barley" in ms and not any(m.startswith("farmer S-barley") for m in ms)
    with pytest.raises(IllegalActionError, match="Farmer"):
        step(s, "Paul: farmer S-barley")


def _market_scene():
    # 4-player Market (market.toml): stalls barley flax fruit barley papyrus fruit; space k lies between stall k
    # and k+1, so space 1 is Barley/Flax, space 2 Flax/Fruit, space 3 Fruit/Barley.
    s = started()
    for name in ("John", "George", "Paul", "Ringo"):
        s = setp(s, name, reserve=Stock(1, 1, 1, 1), merchant=None)
    s = setp(s, "Paul", merchant=0)
    s = setp(s, "John", merchant=2)
    return s.but(market=Stock(barley=2))


def test_example_8a_trade_gives_neighbours_their_stall():
    """Example 8a: Ringo places a Merchant between Flax and Fruit, puts a Fruit in the warehouse and takes a Flax
    and a Fruit; Paul (next to the Flax stall) gets a Flax, John (next to the Fruit stall) a Fruit."""
    s = with_turn(_market_scene(), "Ringo", ["merchant"])
    s = play(s, "Ringo: do merchant", "Ringo: merchant space 2", "Ringo: trade fruit")
    assert s.player("Ringo").reserve == Stock(1, 1, 2, 1)  # -1 Fruit, +1 Flax, +1 Fruit
    assert s.player("Paul").reserve == Stock(1, 1, 2, 1)  # +1 Flax
    assert s.player("John").reserve == Stock(1, 1, 1, 2)  # +1 Fruit
    assert s.player("George").reserve == Stock(1, 1, 1, 1)
    assert s.market == Stock(barley=2, fruit=1)


def test_example_8b_collect_and_the_others_choose():
    """Example 8b: John collects the warehouse (2 Barley, 1 Fruit); Paul then takes a Fruit, Ringo a Papyrus."""
    s = _market_scene()
    s = setp(s, "Ringo", merchant=1).but(market=Stock(barley=2, fruit=1))
    s = with_turn(s, "John", ["merchant"])
    s = play(s, "John: do merchant", "John: merchant stay", "John: collect")
    assert s.player("John").reserve == Stock(3, 1, 1, 2) and s.market == Stock()
    # the other Merchants choose, starting with the player after John (Paul, then Ringo; George has none)
    assert s.to_move == "Paul"
    s = play(s, "Paul: take fruit")
    assert s.to_move == "Ringo"
    s = play(s, "Ringo: take papyrus")
    assert s.player("Paul").reserve[F] == 2 and s.player("Ringo").reserve[P] == 2


def test_example_9_builder_cost_with_papyrus_for_steps_short():
    """Example 9: George's new Builder stands on the bottom space; G3 in the third space costs its 1 Papyrus + 1
    resource of choice, plus 2 Papyrus for the 2 steps short; then G3 lets him advance 2 in Ptah."""
    s = started()
    s = setp(s, "George", reserve=Stock(barley=1, papyrus=3), builder=None, buildings=())
    s = s.but(row=("A6", "B6", "G3", "C6", "D6"))
    s = with_turn(s, "George", ["builder"])
    s = play(s, "George: do builder", "George: builder place", "George: buy G3")
    assert moves(s) == ["pay 1 barley, 3 papyrus"]  # 3 Papyrus + 1 of choice, and he has exactly that
    s = step(s, "George: pay 1 barley, 3 papyrus")
    g = s.player("George")
    assert g.reserve == Stock() and g.buildings == ("G3",) and g.builder == 1
    assert s.row[:2] == ("A6", "B6") and s.row[2:4] == ("C6", "D6")  # the cards above slide down
    assert s.top.kind == "draw_building"  # the top space is refilled from the deck
    s = step(s, f"chance: building {s.building_pool[0]}")
    assert "advance enters Ptah +2 free" in moves(s)
    s = step(s, "George: advance enters Ptah +2 free")
    assert s.temples.space_of("George", "Ptah") == 2


def test_example_11_harvest():
    """Example 11: nothing from the north Barley field (not Productive); 2 Barley and 2 Papyrus from the south
    fields; then 1 Silt leaves the river between them.  South river with 3 Silt yields 2 (1, 1, 2, 3)."""
    s = started()
    s = s.but(pyramid=Pyramid(("SSW", "", "", ""), (2, 2, 3, 2), s.pyramid.held_silt))
    s = setp(s, "Paul", farmers=("N-barley", "S-barley", "S-papyrus"), reserve=Stock())
    s = with_turn(s, "Paul", ["harvest"])
    s = step(s, "Paul: do harvest")
    assert "harvest S-barley,S-papyrus" in moves(s)
    assert not any("N-barley" in m for m in moves(s))
    s = step(s, "Paul: harvest S-barley,S-papyrus")
    assert s.player("Paul").reserve == Stock(barley=2, papyrus=2)
    assert s.pyramid.rivers == (2, 2, 2, 2)


def test_example_12_sphinx_third_and_activate_all():
    """Example 12: Ringo pays a Fruit, places his third Sphinx and activates all three in any order."""
    s = started()
    faces = ("1A", "2B", "3B", "4A", "5B", "6A", "7B", "8A", "9A", "10A")
    s = s.but(sphinx=faces, sphinx_owner=(3, None, None, None, None, None, None, None, None, 3))
    s = setp(s, "Ringo", sphinxes=2, reserve=Stock(fruit=1), deben=0)
    s = with_turn(s, "Ringo", ["sphinx"])
    s = play(s, "Ringo: do sphinx", "Ringo: pay 1 fruit", "Ringo: sphinx space 2")
    assert s.player("Ringo").sphinxes == 3 and s.player("Ringo").reserve == Stock()
    assert moves(s) == ["activate 10A", "activate 1A", "activate 2B", "activate done"]
    s = step(s, "Ringo: activate 10A")  # 10A (illustrative): 2 Deben
    s = step(s, "Ringo: activate 1A")  # 1A: 1 Deben and 1 point
    assert s.player("Ringo").deben == 3
    s = step(s, "Ringo: activate 2B")  # 2B: 1 Deben, then a Farmer action
    assert s.player("Ringo").deben == 4 and s.top.kind == "farmer"


def test_example_13_decoration_any_of_ten():
    """Example 13: Decoration may use any of the 10 Sphinx spaces, built on or not, without paying a Fruit."""
    s = started()
    faces = ("1B", "2B", "3B", "4A", "5A", "6A", "7B", "8A", "9A", "10B")
    s = s.but(sphinx=faces, sphinx_owner=(0, 1, 2, 3, None, 1, None, None, None, None))
    s = setp(s, "John", reserve=Stock())
    s = with_turn(s, "John", ["decoration"])
    s = step(s, "John: do decoration")
    assert sorted(moves(s)) == sorted([f"decorate {f}" for f in faces] + ["decorate pass"])
    s = step(s, "John: decorate 1B")  # 1 Deben, then remove up to 2 spheres
    assert s.player("John").reserve == Stock()


def test_example_14_offering():
    """Example 14: Ringo hides 1 Barley, 1 Fruit and 1 Papyrus and scores 3 + 1 = 4 points."""
    s = started()
    s = setp(s, "Ringo", reserve=Stock(1, 1, 0, 2), screen=Stock(flax=1), score=0)
    s = with_turn(s, "Ringo", ["offering"])
    s = play(s, "Ringo: do offering", "Ringo: offer barley,papyrus,fruit")
    r = s.player("Ringo")
    assert r.score == 4 and r.reserve == Stock(fruit=1) and r.screen == Stock(1, 1, 1, 1)
    with pytest.raises(IllegalActionError):
        step(with_turn(s, "Ringo", ["offering"]), "Ringo: offer barley")  # not yet started: 'do offering' first


def test_example_15_card_weather_effects():
    """Example 15: card 89 obtains a Silt and removes a Water; card 34 removes a Sun and a sphere of choice."""
    s = started()
    s = s.but(pyramid=Pyramid(("SW", "W", "S", ""), (2, 2, 2, 2), s.pyramid.held_silt))
    i = s.seat("John")
    s89 = s.but(stack=(CardWeatherEffects(i, effects_left=("gain_silt", "remove_water")),))
    assert moves(s89) == ["weather done", "weather gain_silt", "weather remove_water E", "weather remove_water N"]
    s89 = play(s89, "John: weather gain_silt", "John: weather remove_water E")
    assert s89.player("John").silt == s.player("John").silt + 1 and s89.pyramid.ramps[1] == ""
    s34 = s.but(stack=(CardWeatherEffects(i, effects_left=("remove_sun", "remove_any")),))
    ms = moves(s34)
    assert "weather remove_sun N" in ms and "weather remove_any W N" in ms and "weather remove_any S S" in ms


def test_example_16_extra_weather_effects_then_harvest():
    """Example 16: Paul pays 1 Deben to remove a Water, puts his Silt in the river and buys another for 2 Deben:
    the river now holds 4 Silt, so he harvests 3 Fruit and 3 Barley (north: Barley and Fruit fields)."""
    s = started()
    s = s.but(pyramid=Pyramid(("SW", "", "", ""), (2, 2, 2, 2), 0))
    for name in ("John", "George", "Ringo"):
        s = setp(s, name, silt=0)
    s = setp(s, "Paul", farmers=("N-barley", "N-fruit"), reserve=Stock(), deben=3, silt=1)
    s = s.but(pyramid=s.pyramid.with_held(1))
    s = with_turn(s, "Paul", ["harvest"])
    s = play(s, "Paul: extra remove W N", "Paul: extra place silt N", "Paul: extra buy silt N")
    assert s.player("Paul").deben == 0 and s.pyramid.ramps[0] == "S" and s.pyramid.rivers[0] == 4
    s = play(s, "Paul: do harvest", "Paul: harvest N-barley,N-fruit")
    assert s.player("Paul").reserve == Stock(barley=3, fruit=3)


def test_example_17_end_of_round():
    """Example 17: card 27 gets its Barley, card 18 already has one; then 4 cards (one per player) are revealed."""
    s = started()
    s = s.but(nile=((18, B), (27, None)), stack=(AutoStep(step="round_end"),))
    s = settle(s)
    assert dict(s.nile) == {18: B, 27: B}
    assert s.top.kind == "draw_card"
    rng = random.Random(0)
    for _ in range(4):
        s = step(s, sample_chance(s, rng))
    assert len(s.nile) == 6


def test_example_27_unlock_forced_then_choice_of_four():
    """Example 27: with only the 3-point Worker left, John must unlock it; later, with none locked, he chooses
    among the 4 rewards and takes a Papyrus."""
    s = started()
    board_rewards = s.player("John").locked
    three = next(u for u in board_rewards if u.kind == "points")
    s = setp(s, "John", locked=(three,), workers=7, score=0, reserve=Stock())
    i = s.seat("John")
    s = s.but(stack=(UnlockWorker(i, why="test"),))
    assert moves(s) == ["unlock 3 points"]
    s = step(s, "John: unlock 3 points")
    assert s.player("John").score == 3 and s.player("John").workers == 8 and not s.player("John").locked
    s = s.but(stack=(UnlockWorker(i, why="test"),))
    assert len(moves(s)) == 4
    s = step(s, "John: reward 1 resource of your choice")
    s = step(s, "John: take papyrus")
    assert s.player("John").reserve == Stock(papyrus=1)


def test_example_29_observatory_completes_for_a_resource():
    """Example 29: Ringo owns D3 (Sunset); card 18 shows Sunset on its left, so he may pay 1 resource to use both
    of its actions even though the glyph does not match the card before it."""
    s = started()
    prev = next(c for c in CARDS.values() if c.deck == "A" and "sunset" not in [g.value for g in c.right])
    s = setp(s, "Ringo", row=(Played(prev), Played(CARDS[18])), buildings=("D3",), reserve=Stock(fruit=1))
    i = s.seat("Ringo")
    s = s.but(stack=(MainStep(i, actions=()), ChoosePlayOption(i)))
    ms = moves(s)
    assert "use offering+sphinx [1 resource]" in ms and "use offering" in ms and "use sphinx" in ms
    s = play(s, "Ringo: use offering+sphinx [1 resource]", "Ringo: pay fruit")
    assert s.player("Ringo").reserve == Stock() and s.top.actions == (Action.OFFERING, Action.SPHINX)


def test_example_34_priest_card_pays_for_a_face_down_card():
    """Example 34: Paul has no Deben to keep his card face down; he reveals a 1-point Priest card for a Deben,
    discards it, and can then keep the card face down (paying that Deben)."""
    s = started()
    s = setp(s, "Paul", deben=0, priest_cards=(1,))
    s = s.but(
        stack=(
            RevealCard(
                s.seat("Paul"),
                cards=tuple(p.hand[0] for p in s.players),
                choices=tuple(True if p.name != "Paul" else None for p in s.players),
            ),
        )
    )
    assert moves(s) == ["priest card 1", "reveal"]
    s = step(s, "Paul: priest card 1")
    assert s.player("Paul").deben == 1 and s.player("Paul").priest_cards == ()
    assert "keep face down" in moves(s)
    s = step(s, "Paul: keep face down")
    paul = s.player("Paul")
    assert paul.deben == 0 and paul.row[-1].face_down
    # face-down cards play first (Phase 3)
    assert s.players[s.order[0]].name == "Paul"


def test_example_10_priest_enters_ptah_with_four_resources():
    """Example 10: Ringo pays Barley, Fruit, Papyrus and Flax to enter Ptah with 4 steps and gains 1 point, an
    unlocked Worker, a Farmer action and a Priest card (Ptah's four lowest spaces, temples.toml)."""
    s = started()
    s = setp(s, "Ringo", reserve=Stock(1, 1, 1, 1), score=0)
    s = with_turn(s, "Ringo", ["priest"])
    s = step(s, "Ringo: do priest")
    assert "priest enters Ptah +4 pay barley,papyrus,flax,fruit" in moves(s)
    s = step(s, "Ringo: priest enters Ptah +4 pay barley,papyrus,flax,fruit")
    assert s.temples.space_of("Ringo", "Ptah") == 4 and s.player("Ringo").reserve == Stock()
    assert s.player("Ringo").score == 1
    kinds = []
    while s.top is not None and s.top.kind != "main":
        kinds.append(s.top.kind)
        s = step(s, sample_chance(s, random.Random(0)) if s.is_chance else legal_actions(s)[-1])
    assert "unlock" in kinds and "farmer" in kinds and "draw_priest" in kinds
    assert s.player("Ringo").workers == 5 and len(s.player("Ringo").priest_cards) == 1


def test_example_18_priest_draft_order_through_the_engine():
    """Example 18 (smaller): one card per priest is drawn; Amun top to bottom, then Ra, then Ptah, each keeps one
    and passes the rest on."""
    from tameri_kit.rules.temple_moves import TempleState

    s = started()
    temples = TempleState.parse("Amun John:5 George:3 | Ra George:4 | Ptah Paul:2", s.temples.board)
    s = s.but(temples=temples, season=1, stack=(AutoStep(step="season_end"),))
    s = settle(s)
    for c in (11, 30, 45, 7):
        s = step(s, f"chance: priest {c}")
    assert s.to_move == "John" and moves(s) == ["keep priest 11", "keep priest 30", "keep priest 45", "keep priest 7"]
    s = step(s, "John: keep priest 45")
    assert s.to_move == "George" and len(moves(s)) == 3
    s = step(s, "George: keep priest 30")
    assert s.to_move == "George"  # George again: his Priest in Ra is next
    s = step(s, "George: keep priest 7")
    assert s.to_move == "Paul" and moves(s) == ["keep priest 11"]
    s = step(s, "Paul: keep priest 11")
    assert s.player("George").priest_cards == (7, 30) and s.player("John").priest_cards == (45,)


def test_example_26_leftovers_at_the_end_of_the_game():
    """Example 26: 10 resources, Deben and Silt in all give 3 points (End of the Game, step 5)."""
    s = started()
    s = s.but(pyramid=s.pyramid.with_held(0))
    for name in ("John", "George", "Paul", "Ringo"):
        s = setp(s, name, silt=0, priest_cards=())
    s = setp(s, "Paul", reserve=Stock(2, 2, 1, 1), deben=2, silt=2)
    s = s.but(pyramid=s.pyramid.with_held(2), season=3, stack=(AutoStep(step="season_score", arguments=((),)),))
    s = settle(s)
    assert s.is_terminal and s.outcome.points("Paul", "leftovers") == 3
    assert s.player("Paul").score == s.outcome.total("Paul")


def test_example_5a_turn_order_and_glyphs_through_the_engine():
    """Example 5a: John 59, Ringo 14, George 2, Paul 21 -> George, Ringo, Paul, John; only John (59 completes
    his board's glyph) may use both actions."""
    s = started()
    for name, n in (("John", 59), ("Ringo", 14), ("George", 2), ("Paul", 21)):
        s = setp(s, name, hand=(n,), row=())
    s = play(s, "John: play 59", "George: play 2", "Paul: play 21", "Ringo: play 14")
    s = play(s, "John: reveal", "George: reveal", "Paul: reveal", "Ringo: reveal")
    assert [s.players[i].name for i in s.order] == ["George", "Ringo", "Paul", "John"]
    while s.top.kind != "option":
        s = step(s, "George: weather done")
    assert s.to_move == "George" and all("+" not in m for m in moves(s))
    john = s.player("John")
    from tameri_kit.game.rules_of_play.turn import play_options as _options

    assert [m for m, _ in _options(s, s.seat("John"))] == ["use decoration+merchant"]  # card 59: both actions
    assert john.row[-1].card.number == 59


def test_example_4_second_face_down_card_costs_2():
    """Example 4: with one face-down card already this season, keeping the next face down costs 2 Deben."""
    s = started()
    s = setp(s, "George", row=(Played(CARDS[5], True), Played(CARDS[7])), deben=2)
    i = s.seat("George")
    cards = tuple(p.hand[0] for p in s.players)
    s = s.but(stack=(RevealCard(i, cards=cards, choices=tuple(None if j == i else True for j in range(4))),))
    assert "keep face down" in moves(s)
    s = step(s, "George: keep face down")
    assert s.player("George").deben == 0
    poor = setp(started(), "George", row=(Played(CARDS[5], True),), deben=1)
    poor = poor.but(stack=(RevealCard(i, cards=cards, choices=tuple(None if j == i else True for j in range(4))),))
    assert moves(poor) == ["reveal"]


def test_example_3c_temple_card_after_a_face_down_card():
    """Example 3c: Temple card 207 after a face-down card completes a glyph: Decoration, then Builder, then Priest."""
    s = started()
    s = setp(s, "Paul", row=(Played(CARDS[5], True), Played(CARDS[207])))
    i = s.seat("Paul")
    s = s.but(stack=(MainStep(i, actions=()), ChoosePlayOption(i)))
    assert moves(s) == ["use decoration+builder+priest"]
