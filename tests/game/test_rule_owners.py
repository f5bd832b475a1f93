"""The rules folded into one owner each (issue 39), tested as rules: D4's spend, the Merchant's Trade II stalls, a
harvest, and the Gifts that call them.  Every expected value is worked out by hand in the test's docstring.

Rulebook: Building Card List, D4 (End of Season points: spend 1 resource of your choice for 2 points); Possible
Actions: Merchant, Trade II (the 2 stalls beside your Merchant each give 1 of their resource); Possible Actions:
Harvest and Productive Fields and Harvests (Example 11: 1 Silt leaves a river once even when both its fields
produced); Gifts of the Gods GG2, GG6, GG8 and GG11; +1 Player Mode, Ghost Actions: Merchant a.II.
"""

from __future__ import annotations

import inspect

import pytest

from tameri_kit.errors import StateError
from tameri_kit.game import step
from tameri_kit.game.core.catalog import market_layout
from tameri_kit.game.core.working import WorkingGame
from tameri_kit.game.play.engine import with_turn
from tameri_kit.game.rules_of_play import gifts
from tameri_kit.game.rules_of_play.actions.harvest import field_yield, harvest_fields
from tameri_kit.game.rules_of_play.actions.merchant import activate_stalls
from tameri_kit.rules.common import Ramp, Resource
from tameri_kit.rules.offering import Stock
from tameri_kit.rules.pyramid import Pyramid
from tameri_kit.rules.scoring import D4_SPEND_POINTS, PlayerSituation, building_season_points, spend_on_d4

from test_game_examples import moves, play, setp, started
from test_ghost_sphinx_reading import started as ghost_started
from test_gifts import johns_turn


# --- D4 -----------------------------------------------------------------------------------------------------------
def test_spend_on_d4_takes_one_resource_for_two_points():
    """D4: 1 Barley, 3 Flax; spending a Flax leaves 1 Barley, 2 Flax and gives 2 points.  No Fruit: refused."""
    assert D4_SPEND_POINTS == 2
    assert spend_on_d4(Stock(barley=1, flax=3), Resource.FLAX) == (Stock(barley=1, flax=2), 2)
    with pytest.raises(StateError):
        spend_on_d4(Stock(barley=1, flax=3), Resource.FRUIT)
    john = PlayerSituation("John", reserve=Stock(barley=1), buildings=("D4",))
    assert building_season_points("D4", john, 1) == (2, "D4: may spend 1 resource for 2")
    assert building_season_points("D4", john.but(reserve=Stock()), 1) == (0, "D4: no resource to spend -> 0")


def test_gg2_on_d4_spends_through_the_same_rule():
    """GG2 on George's D4: John chooses a resource he has (1 Barley: only ``spend barley``); Barley 1 -> 0 and
    +2 points; George keeps D4 and his resources."""
    s = johns_turn("GG2", reserve=Stock(barley=1), buildings=())
    s = setp(s, "George", buildings=("D4",))
    george = s.player("George")
    before = s.player("John").score
    s = play(s, "John: gift GG2", "John: activate D4 of George")
    assert moves(s) == ["spend barley", "spend nothing"]
    s = step(s, "John: spend barley")
    assert s.player("John").reserve == Stock() and s.player("John").score == before + 2
    assert s.player("George") == george


# --- Trade II: the stalls beside a Merchant ------------------------------------------------------------------------
def test_activate_stalls_gives_one_of_each_stall_beside_the_space():
    """The 3-player Market (market.toml, illustrative: barley, flax, fruit, papyrus, flax): space 3 (index 2) lies
    between Fruit and Papyrus, so John gains 1 Fruit and 1 Papyrus and nothing else; the events say why."""
    game = WorkingGame(setp(started(n=3), "John", reserve=Stock()))
    activate_stalls(game, 0, 2, "rule", why="Gift GG8: the stall beside the Merchant")
    state = game.freeze()
    assert state.player("John").reserve == Stock(fruit=1, papyrus=1)
    texts = [e.text for e in state.events()[-2:]]
    assert texts == [
        "John gains 1 Fruit (Gift GG8: the stall beside the Merchant)",
        "John gains 1 Papyrus (Gift GG8: the stall beside the Merchant)",
    ]


def test_the_ghosts_stalls_go_behind_its_screen():
    """Ghost Actions: Merchant a.II through the same rule: the two stalls' resources go behind the Ghost's screen, not
    into its reserve, and score nothing."""
    state = ghost_started("always")
    seat = state.ghost.seat
    a, b = market_layout(state).beside(0)
    game = WorkingGame(state)
    activate_stalls(game, seat, 0, "rule", why="the {stall} stall")
    after = game.freeze().players[seat]
    assert after.screen == state.players[seat].screen.plus(Stock.of([a, b]))
    assert after.reserve == state.players[seat].reserve and after.score == state.players[seat].score


# --- a harvest ----------------------------------------------------------------------------------------------------
def test_field_yield_and_one_silt_per_river():
    """Example 11's board: the north ramp shows 2 Sun and 1 Water, so the north Barley field is not Productive
    (yield 0); the south river holds 3 Silt, so each south field yields 2.  Harvesting both south fields gives
    2 Barley and 2 Papyrus and takes 1 Silt off the south river once: 3 -> 2."""
    s = started()
    s = s.but(pyramid=Pyramid(("SSW", "", "", ""), (2, 2, 3, 2), s.pyramid.held_silt))
    s = setp(s, "Paul", farmers=("N-barley", "S-barley", "S-papyrus"), reserve=Stock())
    assert (field_yield(s, "N-barley"), field_yield(s, "S-barley"), field_yield(s, "S-papyrus")) == (0, 2, 2)
    game = WorkingGame(s)
    harvest_fields(game, s.seat("Paul"), (("S-barley", 2), ("S-papyrus", 2)), "rule")
    after = game.freeze()
    assert after.player("Paul").reserve == Stock(barley=2, papyrus=2)
    assert after.pyramid.river(Ramp.SOUTH) == 2 and after.pyramid.rivers == (2, 2, 2, 2)


# --- each Gift its own function ------------------------------------------------------------------------------------
def test_each_gift_has_its_own_function_with_its_card_in_the_docstring():
    """GG1-GG14 each map to their own function (GG5 included), whose docstring opens with the card's id; every stage a
    Gift asks for is applied by a function of its card's section."""
    cards = [f"GG{k}" for k in range(1, 15)]
    assert list(gifts.GIFT_EFFECTS) == cards
    assert len({id(f) for f in gifts.GIFT_EFFECTS.values()}) == 14
    for card, effect in gifts.GIFT_EFFECTS.items():
        assert inspect.getdoc(effect).startswith(card + ":") or inspect.getdoc(effect).startswith(card + " ("), card
    stages = {"give", "building", "field", "swap", "screen", "d4", "return", "harvest", "sphinx", "builder"}
    assert set(gifts.GIFT_STAGES) == stages


# --- Sphinx 4B: its two printed uses ------------------------------------------------------------------------------
def _decorate_4b(deben):
    """John, with ``deben`` Deben, activating 4B by Decoration (any Sphinx space, no Fruit)."""
    faces = ("1A", "2B", "3A", "4B", "5B", "6A", "7B", "8A", "9A", "10A")
    s = started().but(sphinx=faces, sphinx_owner=(None,) * 10)
    s = with_turn(setp(s, "John", deben=deben), "John", ["decoration"])
    return play(s, "John: do decoration", "John: decorate 4B")


def test_sphinx_4b_offers_what_the_deben_reach():
    """Sphinx Effects 4B: 1 Deben for 3 points or 2 Deben for 5 points.  With 1 Deben only the first is offered;
    with 2 both, and paying 2 leaves 2 - 2 = 0 Deben and scores 5."""
    assert sorted(moves(_decorate_4b(1))) == ["pass", "pay 1 deben for 3 points"]
    two = _decorate_4b(2)
    assert sorted(moves(two)) == ["pass", "pay 1 deben for 3 points", "pay 2 deben for 5 points"]
    before = two.player("John").score
    two = step(two, "John: pay 2 deben for 5 points")
    assert two.player("John").deben == 0 and two.player("John").score == before + 5
