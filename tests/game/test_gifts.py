"""The Gifts of the Gods, one test per card, played through the whole-game engine.

Rulebook: Mini Expansion Set: The Gifts of the Gods (Recommended Preparation; How to Play; Card List GG1-GG11).
GG12-GG14 are the kit's illustrative stand-ins (register D6).  Each test builds a small situation (a 3-player
game just after Season 0, John in step 2 of his turn holding the Gift) and checks what the card's sentence says;
expected values are worked out by hand in the comments.  Readings P1-P9 of docs/ambiguities.md.
"""

import random

import pytest

from tameri_kit.errors import IllegalActionError
from tameri_kit.game import Settings, legal_actions, new_game, sample_chance, step
from tameri_kit.game.play.engine import with_turn
from tameri_kit.game.core.frames import DrawPriest
from tameri_kit.game.core.state import scoring_situation
from tameri_kit.rules.common import Ramp, Resource, Sphere
from tameri_kit.rules.components import Temple
from tameri_kit.rules.game_end import finish_game
from tameri_kit.rules.offering import Stock
from tameri_kit.rules.pyramid import Pyramid

from test_game_examples import moves, play, setp  # the same helpers as the base game's examples

B, P, X, F = Resource.BARLEY, Resource.PAPYRUS, Resource.FLAX, Resource.FRUIT


def started(n=3, seed=0, **settings):
    """A gifts game just after Season 0, waiting for the first card choice."""
    rng = random.Random(seed)
    s = new_game(Settings.for_players(n, gifts=True, **settings))
    while s.phase != "choose":
        s = step(s, sample_chance(s, rng) if s.is_chance else legal_actions(s)[0])
    return s


def johns_turn(gift, order=(0, 1, 2), **john):
    """John (seat 0) in step 2 of his turn with ``gift`` as his only Gift; the other players hold none."""
    s = started().but(order=order)
    for name in ("George", "Paul"):
        s = setp(s, name, gifts=())
    s = with_turn(s, "John", [])
    return setp(s, "John", gifts=(gift,), **john)


# --- Recommended Preparation and How to Play --------------------------------------------------------------------
def test_preparation_deals_three_and_each_keeps_one():
    """Recommended Preparation 1: before Season 0, 3 Gifts dealt face down to each player, who keeps 1 and
    discards 2 unseen; each deal is a chance outcome with every undealt card equally likely (1/14, then 1/13 ...)."""
    from tameri_kit.game.play.engine import chance_outcomes
    from fractions import Fraction

    rng = random.Random(3)
    s = new_game(Settings.for_players(3, gifts=True))
    while s.top.kind != "draw_gift":
        s = step(s, sample_chance(s, rng))
    assert s.phase == "setup" and all(not p.hand for p in s.players)  # before Season 0's deal of deck A
    outs = chance_outcomes(s)
    assert len(outs) == 14 and {p for _, p in outs} == {Fraction(1, 14)}
    for card in ("GG1", "GG2", "GG3", "GG4", "GG5", "GG6", "GG7", "GG8", "GG9"):
        s = step(s, f"chance: gift {card}")
    assert [p.gifts for p in s.players] == [("GG1", "GG2", "GG3"), ("GG4", "GG5", "GG6"), ("GG7", "GG8", "GG9")]
    assert moves(s) == ["keep gift GG1", "keep gift GG2", "keep gift GG3"]
    s = play(s, "John: keep gift GG2", "George: keep gift GG6", "Paul: keep gift GG7")
    assert [p.gifts for p in s.players] == [("GG2",), ("GG6",), ("GG7",)]
    assert not any(isinstance(c, str) for c in s.priest_pile)  # option 2 not chosen: the discards are gone
    assert s.gift_pile == ()  # the 5 undealt cards are put away (reading P7)
    assert s.top.kind == "draw_card" and s.top.deck == "A"  # then Season 0 begins


def test_preparation_option_2_shuffles_the_discards_into_the_priest_deck():
    """Recommended Preparation 2: the discarded cards may be shuffled into the Priest deck (6 discards with 3
    players; the undealt 5 are not discards: reading P7); a Gift drawn as a Priest card joins the Gifts."""
    s = started(gift_discards=True)
    gifts_in_pile = [c for c in s.priest_pile if isinstance(c, str)]
    assert len(gifts_in_pile) == 6 and len(s.priest_pile) == 48 + 6
    s = with_turn(s, "John", [])
    s = s.but(stack=s.stack + (DrawPriest(target="hand", seat=0),))
    s = step(s, f"chance: priest {gifts_in_pile[0]}")
    assert gifts_in_pile[0] in s.player("John").gifts


def test_gifts_are_offered_in_step_2_and_discarded_when_played():
    """How to Play: played like other Priest cards, effect instantaneous (reading P1: step 2 of one's turn)."""
    s = johns_turn("GG10")
    assert "gift GG10" in moves(s)
    s = step(s, "John: gift GG10")
    assert s.player("John").gifts == ()
    with pytest.raises(IllegalActionError):
        step(s, "John: gift GG10")


def test_kept_gifts_count_in_end_of_game_step_5():
    """How to Play: Gifts kept to the end score nothing themselves but are added to Deben, resources and Silt in
    step 5.  John: 8 resources + 1 Deben + 0 Silt + 2 Gifts = 11 items (reading S7: 1 each)."""
    s = setp(started(), "John", gifts=("GG1", "GG4"), silt=0, deben=1, reserve=Stock(2, 2, 2, 2))
    s = s.but(pyramid=s.pyramid.with_held(sum(p.silt for p in s.players)))
    sit = scoring_situation(s, 0, checked=True)
    assert sit.gifts == 2
    out = finish_game([scoring_situation(s, j) for j in range(3)])
    line = next(e.text for e in out.events if e.text.startswith("John has"))
    assert "+ 2 for Gifts of the Gods cards = 11" in line


# --- the Card List --------------------------------------------------------------------------------------------
def test_gg1_opponents_give_deben_in_turn_order():
    """GG1: the opponents, one by one in turn order, may each hand over 1 Deben for 1 point; the card's owner must
    take what is given and scores 4 less the number received.  Turn order Paul, George, John: Paul is asked first
    and gives (Paul 2 -> 1 Deben, +1 point); George has no Deben and is skipped (reading P2); John: 1 -> 2 Deben,
    4 - 1 = 3 points."""
    s = johns_turn("GG1", order=(2, 1, 0), deben=1)
    s = setp(setp(s, "Paul", deben=2), "George", deben=0)
    before = {p.name: p.score for p in s.players}
    s = step(s, "John: gift GG1")
    assert s.to_move == "Paul"
    assert moves(s) == ["give 1 deben to John", "keep deben"]
    s = step(s, "Paul: give 1 deben to John")
    assert s.player("Paul").deben == 1 and s.player("Paul").score == before["Paul"] + 1
    assert s.player("George").score == before["George"]
    assert s.player("John").deben == 2 and s.player("John").score == before["John"] + 3
    assert s.to_move == "John" and s.top.kind == "main"


def test_gg1_nobody_gives_four_points():
    """GG1: with no Deben received the player scores 4 - 0 = 4."""
    s = johns_turn("GG1", order=(0, 1, 2))
    s = setp(setp(s, "Paul", deben=1), "George", deben=1)
    before = s.player("John").score
    s = play(s, "John: gift GG1", "George: keep deben", "Paul: keep deben")
    assert s.player("John").score == before + 4


def test_gg2_activates_all_effects_of_an_opponents_building():
    """GG2: every effect of one Building an opponent owns, its permanent and Season-end ones too, works for John now.
    George owns A3 (Caravan Station): permanent 2 points for a Merchant action; End of Season: the points of its
    table (buildings.toml, illustrative: 3 points with at least 3 Buildings).  John owns 3 Buildings, so he scores
    3 + 2 = 5 (reading P3); George keeps his card."""
    s = johns_turn("GG2", buildings=("B6", "C6", "D6"))
    s = setp(s, "George", buildings=("A3",))
    before = s.player("John").score
    s = step(s, "John: gift GG2")
    assert moves(s) == ["activate A3 of George"]
    s = step(s, "John: activate A3 of George")
    assert s.player("John").score == before + 5
    assert s.player("George").buildings == ("A3",)


def test_gg2_instant_effect_and_season_points_of_a_temple():
    """GG2 on G1 (Temple of Amun): End of Season 1 point per Sphinx built (John has 2: +2), and the instant
    effect, 2 steps in Amun, is offered as if John had bought it."""
    s = johns_turn("GG2", sphinxes=2)
    s = s.but(sphinx_owner=(0, 0) + (None,) * 8)
    s = setp(s, "Paul", buildings=("G1",))
    before = s.player("John").score
    s = play(s, "John: gift GG2", "John: activate G1 of Paul")
    assert s.player("John").score == before + 2
    assert s.top.kind == "advance" and s.top.player == 0
    assert any(m.startswith("advance enters Amun +2") for m in moves(s))


def test_gg2_is_not_offered_without_an_opponents_building():
    """GG2 needs a Building card owned by an opponent (reading P1)."""
    s = johns_turn("GG2", buildings=("A3",))
    assert "gift GG2" not in moves(s)


def test_gg3_silt_then_a_farmer_action():
    """GG3: a Silt gained, then a Farmer action - one like any other, so John's A2 offers its
    sphere removal once the Farmer is placed (reading P6)."""
    s = johns_turn("GG3", silt=0, farmers=(), buildings=("A2",))
    s = s.but(pyramid=s.pyramid.with_held(sum(p.silt for p in s.players)))
    s = step(s, "John: gift GG3")
    assert s.player("John").silt == 1
    assert s.top.kind == "farmer" and s.top.stage == "place"
    assert "farmer pass" in moves(s)
    s = step(s, "John: farmer N-fruit")
    assert s.player("John").farmers == ("N-fruit",) and any(m.startswith("A2 remove") for m in moves(s))


def test_gg4_removes_four_sun_or_water_from_any_ramps():
    """GG4: up to four Sun or Water spheres taken off, each from whichever ramp the player picks (reading P4: any ramps,
    any mix, each removal optional).  Ramps N: SS, E: SS, S: WW: removing Sun from N twice, Sun from E and Water
    from S leaves E: S and S: W."""
    s = johns_turn("GG4")
    s = s.but(pyramid=Pyramid(("SS", "SS", "WW", ""), (2, 2, 2, 2), s.pyramid.held_silt))
    s = play(s, "John: gift GG4", "John: remove S N", "John: remove S N", "John: remove S E", "John: remove W S")
    assert (s.pyramid.ramp("N"), s.pyramid.ramp("E"), s.pyramid.ramp("S")) == ("", "S", "W")
    assert s.pyramid.in_play(Sphere.SUN) == 1 and s.pyramid.in_play(Sphere.WATER) == 1
    assert s.top.kind == "main"  # four removals and no more


def test_gg5_return_any_number_gain_that_many_plus_one():
    """GG5: resources handed back to the supply come back as chosen ones, one more than were returned.  John returns
    2 Barley and takes 3 Fruit: Barley 2 -> 0, Fruit 2 -> 5."""
    s = johns_turn("GG5", reserve=Stock(2, 2, 2, 2))
    s = play(s, "John: gift GG5", "John: return barley", "John: return barley", "John: return done")
    assert s.player("John").reserve == Stock(0, 2, 2, 2)
    s = play(s, "John: take fruit", "John: take fruit", "John: take fruit")
    assert s.player("John").reserve[B] == 0 and s.player("John").reserve[F] == 5
    assert s.top.kind == "main"


def test_gg5_returning_nothing_still_gains_one():
    """GG5 with nothing returned (reading P9: "any number" includes none): 0 + 1 = 1 resource gained."""
    s = johns_turn("GG5", reserve=Stock(2, 2, 2, 2))
    s = play(s, "John: gift GG5", "John: return done", "John: take papyrus")
    assert s.player("John").reserve == Stock(2, 3, 2, 2) and s.top.kind == "main"


def test_gg6_harvest_with_an_opponents_farmer():
    """GG6: one opponent's Farmer harvests for John, the river losing its Silt as usual (reading P5).  George's Farmer
    is on the north Barley field; the north ramp is empty (always productive) and its river holds 3 Silt, a yield
    of 2: John gains 2 Barley, the river drops to 2; George gains nothing."""
    s = johns_turn("GG6", farmers=(), reserve=Stock(0, 0, 0, 0))
    s = setp(setp(s, "George", farmers=("N-barley",)), "Paul", farmers=())
    s = s.but(pyramid=Pyramid(("", "SS", "SS", "SS"), (3, 0, 0, 0), s.pyramid.held_silt))
    george = s.player("George").reserve
    s = step(s, "John: gift GG6")
    assert moves(s) == ["harvest N-barley with George's Farmer", "harvest nothing"]
    s = step(s, "John: harvest N-barley with George's Farmer")
    assert s.player("John").reserve == Stock(2, 0, 0, 0)
    assert s.pyramid.river(Ramp.NORTH) == 2 and s.player("George").reserve == george


def test_gg7_three_steps_for_two_different_resources():
    """GG7: one Temple of the player's choice, climbed 1, 2 or 3 steps for 0, 1 or 2 unlike resources.  John
    enters Ra 3 steps paying Barley and Flax (2 -> 1 each); 3 steps for two Barley is not offered."""
    s = johns_turn("GG7", reserve=Stock(2, 2, 2, 2))
    s = step(s, "John: gift GG7")
    ms = moves(s)
    assert "advance enters Ra +1 free" in ms and "advance enters Ra +3 pay barley,flax" in ms
    assert not any("barley,barley" in m for m in ms) and not any("+4" in m for m in ms)
    s = step(s, "John: advance enters Ra +3 pay barley,flax")
    assert s.player("John").reserve == Stock(1, 2, 1, 2)
    assert s.temples.space_of("John", Temple.RA) == 3


def test_gg8_the_two_stalls_beside_your_merchant():
    """GG8: the two stalls beside John's Merchant each give him their resource from the supply.  The 3-player
    Market (market.toml, illustrative) is barley, flax, fruit, papyrus, flax; space 3 lies between Fruit and
    Papyrus: John gains 1 Fruit and 1 Papyrus.  Without a Merchant in play GG8 is not offered (reading P1)."""
    assert "gift GG8" not in moves(johns_turn("GG8"))
    s = johns_turn("GG8", merchant=2, reserve=Stock(0, 0, 0, 0))
    s = step(s, "John: gift GG8")
    assert s.player("John").reserve == Stock(0, 1, 0, 1)


def test_gg9_one_of_each_behind_the_screen_without_points():
    """GG9: one of each of the four resources goes straight behind the screen, scoring nothing now (they count
    for the majorities)."""
    s = johns_turn("GG9")
    before = s.player("John").score
    s = step(s, "John: gift GG9")
    assert s.player("John").screen == Stock(1, 1, 1, 1) and s.player("John").score == before


def test_gg10_two_silt():
    """GG10: gain 2 Silt."""
    s = johns_turn("GG10", silt=0)
    s = s.but(pyramid=s.pyramid.with_held(sum(p.silt for p in s.players)))
    s = step(s, "John: gift GG10")
    assert s.player("John").silt == 2 and s.pyramid.held_silt == sum(p.silt for p in s.players)


def test_gg11_a_free_sphinx_not_activated():
    """GG11: a Sphinx built at no cost and left inactive: no Fruit paid, no Sphinx effect asked; not the
    Sphinx action, so John's B4 (2 points per Sphinx action) scores nothing (reading P6)."""
    s = johns_turn("GG11", sphinxes=0, reserve=Stock(2, 2, 2, 2), buildings=("B4",))
    before = s.player("John").score
    s = step(s, "John: gift GG11")
    assert "sphinx space 4" in moves(s)
    s = step(s, "John: sphinx space 4")
    assert s.sphinx_owner[3] == 0 and s.player("John").sphinxes == 1
    assert s.player("John").reserve == Stock(2, 2, 2, 2) and s.top.kind == "main"
    assert s.player("John").score == before


def test_gg12_to_gg14_illustrative_stand_ins():
    """GG12-GG14 (illustrative, register D6): 2 Deben and a resource; a Builder action starting on any space;
    a Decoration-like Sphinx effect and 1 point."""
    s = play(johns_turn("GG12", deben=1), "John: gift GG12", "John: take flax")
    assert s.player("John").deben == 3
    s = play(johns_turn("GG13", builder=None), "John: gift GG13", "John: builder start 4")
    assert s.player("John").builder == 4 and s.top.kind == "builder" and s.top.stage == "buy"
    s = johns_turn("GG14")
    before = s.player("John").score
    s = step(s, "John: gift GG14")
    assert s.player("John").score == before + 1 and s.top.kind == "decoration"


@pytest.mark.parametrize(
    "card, words",
    [
        ("GG1", ("1 Deben", "1 point", "4 points less")),
        ("GG2", ("opponent's Building", "permanent", "end-of-Season")),
        ("GG3", ("1 Silt", "Farmer action")),
        ("GG4", ("4 Sun or Water", "anywhere on the board")),
        ("GG5", ("that many plus 1",)),
        ("GG6", ("opponent's Farmer", "Silt")),
        ("GG7", ("0, 1 or 2 different resources", "1, 2 or 3 steps")),
        ("GG8", ("2 resources", "beside your Merchant")),
        ("GG9", ("1 resource of each type", "behind your screen", "majorities")),
        ("GG10", ("2 Silt",)),
        ("GG11", ("Sphinx", "no cost", "without activating")),
    ],
)
def test_gifts_toml_keeps_the_card_lists_numbers(card, words):
    """gifts.toml paraphrases the Card List (docs/data.md): each listed card keeps the numbers and terms its
    sentence states, and cites the Card List."""
    from tameri_kit.game.rules_of_play.gift_cards import GIFTS

    assert all(word in GIFTS[card].effect for word in words), GIFTS[card].effect
    assert GIFTS[card].source == "rulebook: Gifts of the Gods, Card List"
