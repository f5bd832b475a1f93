"""The +1 Player (Ghost) mode, rule by rule: set-up, Season 0, the Ghost's turn, its nine actions, the Ghost Temple
Effects and the Merchant notes, each test citing the sentence it checks (paraphrased) and Examples 30, 31 and 33.

Rulebook: +1 Player Mode Overview to Phase 5 (Ghost); Ghost Actions Summary; Ghost Temple Effects.  The Ghost cards
are illustrative (register D7): card 1 Amun / N-barley / Sphinx 3, card 2 Ra / N-fruit, card 4 Amun+Ptah+Amun /
E-flax / Sphinx 1, card 5 Ptah / S-barley, card 9 Ptah / S-barley.  The temple tracks are illustrative too
(``temples.toml``): Amun 1 Deben, 2 Silt, 3 resource, 4 one point ...; Ra 1 Silt, 2 resource, 3 Deben, 4 Farmer,
5 two points, 6 Temple card; Ptah 1 one point, 2 unlock, 3 Farmer, 4 Priest card.  Expected values below are
worked out by hand from those tables.
"""

import random
from fractions import Fraction

import pytest

from tameri_kit.data.components import load_market
from tameri_kit.errors import StateError
from tameri_kit.game import GameRecord, Settings, legal_actions, new_game, sample_chance, step
from tameri_kit.game.core.catalog import CARDS
from tameri_kit.game.play.engine import chance_outcomes, settle, with_turn
from tameri_kit.game.rules_of_play.ghost.turn import nile_pick, single_action
from tameri_kit.game.core.frames import AutoStep, ImmediateEffect
from tameri_kit.rules.common import Ramp, Resource
from tameri_kit.rules.glyphs import Played
from tameri_kit.rules.offering import Stock
from tameri_kit.rules.temple_moves import Temple

B, P, X, F = Resource.BARLEY, Resource.PAPYRUS, Resource.FLAX, Resource.FRUIT
AMUN, RA, PTAH = Temple.AMUN, Temple.RA, Temple.PTAH


def until(s, kind, rng=None):
    """Play (chance at random, decisions the first legal one) until a frame of ``kind`` is on top."""
    rng = rng or random.Random(0)
    while s.top.kind != kind:
        s = step(s, sample_chance(s, rng) if s.is_chance else legal_actions(s)[0])
    return s


def started(humans=1, level="easy", seed=0, **kw):
    """A Ghost game after Season 0, waiting for the first card choice."""
    s = new_game(Settings.for_players(humans, ghost=level, **kw))
    return until(s, "choose", random.Random(seed))


def setp(s, seat, **kw):
    players = list(s.players)
    players[seat] = players[seat].but(**kw)
    return s.but(players=tuple(players))


def ghost_does(s, action, card=None, using=None):
    """The Ghost about to perform ``action`` in its turn with Ghost card ``card`` already drawn."""
    frame = AutoStep(step="ghost_action", arguments=(action, "test"))
    return settle(s.but(phase="turns", stack=(frame,), ghost=s.ghost.but(card=card, using=using)))


def ghost(s):
    return s.players[s.ghost.seat]


# --- Settings (Ghost Player steps 3a and 4) -----------------------------------------------------------------------
def test_settings_levels_custom_and_refusals():
    solo = Settings.for_players(1, ghost="hard")
    assert solo.players == ("John", "Ghost") and solo.n == 2 and solo.humans == 1 and solo.ghost_seat == 1
    assert solo.ghost_temple_spaces == (3, 3, 3)
    custom = Settings(players=("John", "Paul", "Ghost"), ghost="custom", ghost_spaces=(1, 2, 4))
    assert custom.ghost_temple_spaces == (1, 2, 4)
    for bad in (
        lambda: Settings.for_players(4, ghost="easy"),  # 1 to 3 humans
        lambda: Settings.for_players(1),  # solo needs the Ghost
        lambda: Settings.for_players(2, ghost="nightmare"),
        lambda: Settings(players=("John", "Ghost"), ghost="custom"),  # custom needs the spaces
        lambda: Settings(players=("John", "Ghost"), ghost="easy", ghost_spaces=(1, 1, 1)),
        lambda: Settings(players=("Ghost", "John")),  # the name is the Ghost's
    ):
        with pytest.raises(StateError):
            bad()
    # records carry it; a base game's settings have no Ghost key (base records unchanged)
    for settings in (solo, custom, custom.but(ghost_score=4)):
        assert GameRecord.from_json(GameRecord(settings, 1).to_json()).settings == settings
    assert "ghost" not in Settings.for_players(3).to_dict()


# --- Set-up (Ghost Player 1-5) and Example 30 ---------------------------------------------------------------------
@pytest.mark.parametrize("level,space,score", [("easy", 1, 3), ("intermediate", 2, 8), ("hard", 3, 10)])
def test_ghost_set_up(level, space, score):
    """Ghost Player 1-4: board, screen, 3 Sphinxes; no resources or Deben; a Worker on the first / second / third
    space of each Temple; one on the Market (2-player Market: between Flax and Fruit); one beside the bottom
    Building; 3 Farmers from Ghost cards; the score marker on 3 / 8 / 10."""
    s = new_game(Settings.for_players(1, ghost=level))
    s = until(s, "draw_ghost")
    g = ghost(s)
    assert [s.temples.space_of("Ghost", t) for t in (AMUN, RA, PTAH)] == [space] * 3
    assert set(load_market(2).beside(g.merchant)) == {X, F} and g.builder == 1
    assert g.score == score and g.reserve == Stock() and g.deben == 0 and g.silt == 0
    assert g.workers == 8 and g.locked == () and g.hand == ()
    assert g.board != s.players[0].board
    outcomes = chance_outcomes(s)
    assert len(outcomes) == 10 and {p for _, p in outcomes} == {Fraction(1, 10)}


def test_example_30_ghost_farmers_in_set_up():
    """Example 30: the first card shows the Barley field at the bottom (card 5: S-barley), the second the Flax field
    at the bottom (card 4: E-flax), the third the Barley field at the bottom again (card 9): a Ghost Farmer is already
    there, so this one goes on the Papyrus field, the first one clockwise (reading X1: the map's field order)."""
    s = until(new_game(Settings.for_players(1, ghost="easy")), "draw_ghost")
    for card in (5, 4, 9):
        s = step(s, f"chance: ghost card {card}")
    assert ghost(s).farmers == ("E-flax", "S-barley", "S-papyrus")
    assert "Example 30" in s.events()[-1].rule and "first available field clockwise" in s.events()[-1].text
    assert s.ghost.discards == (5, 4, 9) and len(s.ghost.pile) == 7


def test_solo_season_0_draw_6_keep_4_place_a_farmer():
    """+1 Player Mode, Season 0 step 2: alone, draw 6 from deck A, keep 4, place a Farmer; step 3: the Ghost gets
    no cards.  Phase 3: the Ghost always plays last."""
    rng = random.Random(2)
    s = until(new_game(Settings.for_players(1, ghost="intermediate")), "season_zero_pick", rng)
    assert len(s.players[0].hand) == 6 and ghost(s).hand == ()
    for _ in range(4):
        s = step(s, legal_actions(s)[0])
    assert s.top.kind == "season_zero_farmer" and s.to_move == "John" and len(s.players[0].hand) == 4
    assert s.order == (0, 1)
    s = step(s, legal_actions(s)[0])
    assert len(s.players[0].farmers) == 1
    s = until(s, "choose", rng)
    assert [a.player for a in legal_actions(s)] == ["John"] * 4


def test_two_humans_draft_among_themselves_and_the_ghost_plays_last():
    """Season 0 step 1: with 2 or 3 humans the normal rules, the Ghost ignored; Phase 2: the Ghost chooses no
    card; Phase 3: it always plays last."""
    s = started(humans=2, level="hard", seed=4)
    assert [len(p.hand) for p in s.players] == [4, 4, 0]
    assert s.order[-1] == 2
    s = step(s, legal_actions(s)[0])
    s = step(s, legal_actions(s)[0])
    assert s.top.kind == "reveal" and s.to_move in ("John", "George")


# --- The Ghost's turn (Phase 4) -----------------------------------------------------------------------------------
def test_nile_pick_by_season():
    """Phase 4 a-c: lowest card in Season 1, middle in Season 2, highest in Season 3."""
    nile = ((40, None), (12, F), (77, None))
    assert [nile_pick(nile, season) for season in (1, 2, 3)] == [12, 40, 77]


def test_ghost_turn_card_resource_glyph_and_both_actions():
    """Phase 4: the chosen card goes on the first free space of the Ghost's board, its resource behind the screen
    (no points), 2 points if it completes a glyph on its left, then both actions top to bottom."""
    s = started(seed=1)
    seat = s.ghost.seat
    # a card whose left glyph the board glyph completes, with a resource on it
    number = next(n for n, c in sorted(CARDS.items()) if c.deck in "BCD" and ghost(s).glyph in c.left and not c.weather)
    higher = [n for n in sorted(CARDS) if n > number and CARDS[n].deck in "BCD"][:2]
    s = s.but(nile=((number, B), (higher[0], None), (higher[1], None)), season=1, phase="turns")
    s = s.but(order=(0, seat), turn=1, stack=(AutoStep(step="turn_start"),))
    before = ghost(s).score
    s = settle(s)
    g = ghost(s)
    assert g.row == (Played(CARDS[number]),) and g.screen[B] >= 1 and g.reserve == Stock()
    texts = [e.text for e in s.events()]
    assert any("completes a glyph" in t for t in texts)
    card = CARDS[number]
    done = [t for t in texts if t.startswith("Ghost performs the")]
    # both actions, top first (one may wait on a Ghost card drawn as a chance node)
    if s.top.kind == "draw_ghost":
        s = step(s, sample_chance(s, random.Random(1)))
        done = [e.text for e in s.events() if e.text.startswith("Ghost performs the")]
    assert done[:2] == [f"Ghost performs the {a.label} action (card {number})" for a in card.top + card.bottom]
    assert ghost(s).score >= before + 2


def test_ghost_card_weather_silt_is_chance_and_removal_is_the_last_humans_choice():
    """Phase 4 weather a: a Silt goes into the Pyramid and to the end of a ramp (1/4 each, reading X5); b: the last
    player in turn order decides whether and which sphere to remove."""

    def ghost_takes(card):
        """Season 2, the Ghost's turn (last, after Paul and John) with ``card`` the only card left in the Nile."""
        s = started(humans=2, seed=3)
        s = s.but(
            nile=((card, None),),
            season=2,
            phase="turns",
            order=(1, 0, s.ghost.seat),
            turn=2,
            stack=(AutoStep(step="turn_start"),),
        )
        return settle(s)

    silt_card = next(
        n for n, c in sorted(CARDS.items()) if c.deck == "C" and [w.value for w in c.weather] == ["gain_silt"]
    )
    s = ghost_takes(silt_card)
    assert s.top.kind == "ghost_silt" and {p for _, p in chance_outcomes(s)} == {Fraction(1, 4)}
    rivers = s.pyramid.rivers
    s = step(s, "chance: silt falls N")
    assert s.pyramid.river(Ramp("N")) == rivers[0] + 1
    remove_card = next(
        n
        for n, c in sorted(CARDS.items())
        if c.deck == "C"
        and any(w.value == "remove_sun" for w in c.weather)
        and not any(w.value == "gain_silt" for w in c.weather)
    )
    s = ghost_takes(remove_card)
    assert s.top.kind == "remove" and s.to_move == "John"  # John (seat 0) is last of the humans in this order


# --- The nine actions -----------------------------------------------------------------------------------------------
def test_farmer_a_moves_on_clockwise_and_never_two_on_a_field():
    """Ghost Farmer a, d: the card's field holds a Ghost Farmer: it moves to the first available field clockwise;
    never 2 Ghost Farmers on one field (S-papyrus, next clockwise, holds one: it goes on to W-fruit)."""
    s = started(seed=5)
    s = setp(s, s.ghost.seat, farmers=("N-barley", "S-barley", "S-papyrus"))
    s = setp(s, 0, farmers=())
    s = ghost_does(s, "farmer", card=5)
    assert ghost(s).farmers == ("N-barley", "S-papyrus", "W-fruit")
    assert s.events()[-1].rule == "Ghost Actions: Farmer a, d"


def test_farmer_b_the_closest_farmer_moves_clockwise_to_the_field():
    """Ghost Farmer b: no Ghost Farmer on the card's field (S-barley) and room there: the closest Ghost Farmer moving
    clockwise (E-flax, just before it; reading X1) moves there."""
    s = started(seed=5)
    s = setp(s, s.ghost.seat, farmers=("N-barley", "E-flax", "W-flax"))
    s = setp(s, 0, farmers=())
    s = ghost_does(s, "farmer", card=5)
    assert ghost(s).farmers == ("N-barley", "S-barley", "W-flax")


def test_farmer_c_a_full_field_nothing_happens():
    """Ghost Farmer c: no empty space on the card's field: nothing happens (2 humans + the Ghost: an East field has
    2 spaces, reading E1; John and George fill E-flax)."""
    s = started(humans=2, seed=5)
    seat = s.ghost.seat
    s = setp(setp(s, 0, farmers=("E-flax",)), 1, farmers=("E-flax",))
    s = setp(s, seat, farmers=("N-barley", "S-barley", "W-flax"))
    s = ghost_does(s, "farmer", card=4)
    assert ghost(s).farmers == ("N-barley", "S-barley", "W-flax") and "nothing happens" in s.events()[-1].text


def example_31():
    """Example 31's table: 4-player Market (3 humans and the Ghost); the Ghost's Merchant on its set-up space,
    Ringo's Merchant two spaces clockwise, the warehouse empty, the Ghost using a card that shows a Fruit."""
    s = started(humans=3, seed=6, level="easy")
    s = s.but(settings=s.settings.but(players=("John", "George", "Ringo", "Ghost")))
    players = [p.but(name=name) for p, name in zip(s.players, ("John", "George", "Ringo", "Ghost"))]
    s = s.but(players=tuple(players), temples=s.temples.__class__.empty().place("Ghost", AMUN, 1))
    market = load_market(4)
    start = market.ghost_space
    for seat in range(3):
        s = setp(s, seat, merchant=None)
    s = setp(s, 2, merchant=(start + 2) % market.spaces)
    s = setp(s, 3, merchant=start, screen=Stock())
    s = s.but(market=Stock())
    fruit_card = next(n for n, c in sorted(CARDS.items()) if c.deck == "B" and c.resource is F)
    return s, market, start, fruit_card


def test_example_31_ghost_merchant_and_ringo_collects():
    """Example 31 / Ghost Merchant a: the Ghost moves 1 stall clockwise, puts a Fruit (its card's resource) in the
    warehouse, puts the Fruit and Barley of its stalls behind its screen; Ringo, next to the Barley stall, obtains
    a Barley.  Then Ringo Collects: the Ghost obtains the Barley clockwise of its Merchant (Merchant notes)."""
    s, market, start, fruit_card = example_31()
    assert market.beside(start + 1) == (F, B)
    ringo_barley = s.players[2].reserve[B]
    s = ghost_does(s, "merchant", using=fruit_card)
    g = s.players[3]
    assert g.merchant == start + 1 and s.market == Stock.of([F])
    assert g.screen == Stock.of([F, B]) and g.reserve == Stock() and g.score == 3  # no points for them
    assert s.players[2].reserve[B] == ringo_barley + 1
    s = with_turn(s, "Ringo", ["merchant"])
    for move in ("Ringo: do merchant", "Ringo: merchant stay", "Ringo: collect"):
        s = step(s, move)
    s = settle(s)
    assert s.players[3].screen == Stock.of([F, B, B]) and s.players[2].reserve[F] >= 1
    assert any("Merchant, please note" in e.rule for e in s.events()[-3:])


def test_merchant_b_three_or_more_in_the_warehouse():
    """Ghost Merchant b: 3 or more resources in the warehouse: all of them behind the Ghost's screen; every other
    player with a Merchant in play gains 1 resource of their choice."""
    s, market, start, fruit_card = example_31()
    s = s.but(market=Stock.of([P, P, X]))
    s = ghost_does(s, "merchant", using=fruit_card)
    assert s.players[3].screen == Stock.of([P, P, X]) and s.market == Stock()
    assert s.top.kind == "take" and s.to_move == "Ringo"


def test_trade_note_the_ghost_gains_from_a_humans_trade_behind_its_screen():
    """Merchant notes: a human's Trade gives the Ghost, next to an activated stall, its resource behind the screen."""
    s, market, start, _ = example_31()
    s = setp(s, 2, merchant=(start - 1) % market.spaces)  # Ringo just anticlockwise of the Ghost
    s = with_turn(s, "Ringo", ["merchant"])
    s = step(s, "Ringo: do merchant")
    s = step(s, "Ringo: merchant stay")
    s = step(s, "Ringo: trade " + next(r.value for r in (B, P, X, F) if s.players[2].reserve[r]))
    shared = market.beside(start)[0]  # the stall between Ringo and the Ghost
    assert s.players[3].screen == Stock.of([shared]) and s.players[3].reserve == Stock()


def test_builder_advances_and_takes_free_or_stays_on_top():
    """Ghost Builder: advance 1 space, take the card next to it (never paying, never its effects); on the top space
    it stays and takes the top card."""
    s = started(seed=7)
    seat = s.ghost.seat
    row = s.row
    s2 = ghost_does(s, "builder")
    assert ghost(s2).builder == 2 and ghost(s2).buildings == (row[1],) and s2.top.kind == "draw_building"
    assert s2.row[:4] == row[:1] + row[2:5]
    s3 = ghost_does(setp(s, seat, builder=5), "builder")
    assert ghost(s3).builder == 5 and ghost(s3).buildings == (row[4],)


def test_temple_card_the_single_action_half_and_promo_note():
    """Ghost Temple card: reveal the first Temple card (a chance node over deck E) and perform the action of the
    half with only 1 action (card 202: Harvest+Farmer above, Priest below -> Priest); the card is discarded."""
    assert single_action(CARDS[202]).value == "priest"
    s = started(seed=8)
    s = s.but(stack=(ImmediateEffect(s.ghost.seat, effect="temple_card", amount=1, why="test"),), phase="turns")
    s = settle(s)
    assert s.top.kind == "ghost_temple_card"
    outcomes = chance_outcomes(s)
    assert {p for _, p in outcomes} == {Fraction(1, len(s.deck("E")))}
    s = step(s, "chance: temple card 202")
    assert 202 not in s.deck("E") and s.top.kind == "draw_ghost"  # the Priest action draws a Ghost card
    s = step(s, "chance: ghost card 5")
    assert s.temples.space_of("Ghost", PTAH) == 2


@pytest.mark.parametrize(
    "level,card,temple,space,points,then",
    [
        ("easy", 5, PTAH, 2, 3, None),  # Ptah 2: unlock a Worker -> 3 points
        ("intermediate", 2, RA, 3, 1, None),  # Ra 3: Deben -> 1 point
        ("hard", 8, AMUN, 4, 1, None),  # Amun 4: 1 point -> 1 point
        ("easy", 1, AMUN, 2, 0, "ghost_silt"),  # Amun 2: Silt -> into the Pyramid (chance)
        ("hard", 5, PTAH, 4, 0, "draw_priest"),  # Ptah 4: a Priest card, face down (chance)
        ("easy", 2, RA, 2, 0, None),  # Ra 2: a resource of choice - not a Ghost Temple Effect (reading X10)
    ],
)
def test_priest_and_ghost_temple_effects(level, card, temple, space, points, then):
    """Ghost Priest: 1 free step per symbol in the card's middle section, then the Ghost Temple Effects of the space
    reached: points as shown, unlock = 3 points, Deben = 1 point, Silt into the Pyramid, a Priest card face down."""
    s = started(level=level, seed=9)
    before = ghost(s).score
    s = ghost_does(s, "priest", card=card)
    assert s.temples.space_of("Ghost", temple) == space
    assert ghost(s).score == before + points and ghost(s).reserve == Stock() and ghost(s).deben == 0
    assert (s.top.kind if s.stack else None) == then


def test_priest_farmer_effect_uses_the_card_already_drawn():
    """Ghost Temple Effects: Farmer - a Farmer action with the Ghost card already drawn (hard: Ra 3 + card 2 -> Ra 4,
    a Farmer space; card 2 shows N-fruit)."""
    s = started(level="hard", seed=9)
    s = setp(s, s.ghost.seat, farmers=("N-barley", "E-flax", "W-flax"))
    s = ghost_does(s, "priest", card=2)
    assert s.temples.space_of("Ghost", RA) == 4 and not s.stack
    assert ghost(s).farmers == ("E-flax", "N-fruit", "W-flax")  # N-barley moved clockwise to N-fruit


def test_priest_several_symbols_of_one_temple_and_pushes():
    """Ghost Priest: card 4 shows Amun, Ptah, Amun: 2 steps in Amun and 1 in Ptah (reading X7)."""
    s = started(level="easy", seed=9)
    s = ghost_does(s, "priest", card=4)
    assert (s.temples.space_of("Ghost", AMUN), s.temples.space_of("Ghost", PTAH)) == (3, 2)


def test_example_33_harvest():
    """Example 33 / Ghost Harvest: 1 Silt off each river with a Ghost Farmer (North and South); 2 rivers: 2 points.
    With Farmers on 3 rivers: 3 Silt off, no points."""
    s = started(seed=10)
    seat = s.ghost.seat
    s = setp(s, seat, farmers=("N-barley", "S-barley", "S-papyrus"))
    rivers = s.pyramid.rivers
    s2 = ghost_does(s, "harvest")
    assert s2.pyramid.river(Ramp("N")) == rivers[0] - 1 and s2.pyramid.river(Ramp("S")) == rivers[2] - 1
    assert s2.pyramid.river(Ramp("E")) == rivers[1] and ghost(s2).score == ghost(s).score + 2
    s3 = ghost_does(setp(s, seat, farmers=("N-barley", "E-flax", "S-papyrus")), "harvest")
    assert ghost(s3).score == ghost(s).score and sum(s3.pyramid.rivers) == sum(rivers) - 3


def test_sphinx_builds_on_the_cards_space_then_2_points_each():
    """Ghost Sphinx: not all Ghost Sphinxes in play: build one (card 4: space 1; taken: the next, reading X9), then
    2 points per Ghost Sphinx; all 3 in play: no card is drawn, 6 points."""
    s = started(seed=11)
    seat = s.ghost.seat
    s = s.but(sphinx_owner=(0,) + (None,) * 9)
    s = setp(s, 0, sphinxes=1)
    s2 = ghost_does(s, "sphinx", card=4)
    assert s2.sphinx_owner[1] == seat and ghost(s2).sphinxes == 1 and ghost(s2).score == ghost(s).score + 2
    s3 = s.but(sphinx_owner=(0, seat, seat, seat) + (None,) * 6)
    s3 = setp(s3, seat, sphinxes=3)
    s3 = ghost_does(s3, "sphinx")  # no card drawn
    assert ghost(s3).score == ghost(s).score + 6 and s3.ghost.card is None and not s3.stack


def test_decoration_and_offering():
    """Ghost Decoration: 3 points.  Ghost Offering: 1 resource of each type behind the screen, 5 points."""
    s = started(seed=12)
    before = ghost(s).score
    assert ghost(ghost_does(s, "decoration")).score == before + 3
    s2 = ghost_does(s, "offering")
    assert ghost(s2).score == before + 5 and ghost(s2).screen == ghost(s).screen.plus([B, P, X, F])


def test_one_ghost_card_per_turn_shared_and_discarded_at_the_end():
    """General rule: one Ghost card per turn for every action that needs one; discarded at the end of the turn."""
    s = started(seed=13)
    seat = s.ghost.seat
    s = setp(s, seat, farmers=("N-barley", "E-flax", "W-flax"))
    frames = (
        AutoStep(step="ghost_action", arguments=("farmer", "t")),
        AutoStep(step="ghost_action", arguments=("priest", "t")),
        AutoStep(step="ghost_turn_end", arguments=(seat,)),
    )
    s = settle(s.but(phase="turns", stack=tuple(reversed(frames))))
    assert s.top.kind == "draw_ghost"
    drawn = s.ghost.pile[0]
    s = step(s, f"chance: ghost card {drawn}")
    assert s.ghost.card is None and s.ghost.discards[-1] == drawn
    assert sum(1 for e in s.events() if e.text.startswith(f"Ghost card {drawn} is drawn")) == 1


def test_custom_placement_and_its_starting_score():
    """Ghost Player 3a: the Workers may stand on a different space in each Temple; step 4 (reading X2): the given
    ``ghost_score``, or the Ghost's worth of the three spaces (Amun 1 Deben = 1, Ra 3 Deben = 1, Ptah 2 unlock = 3)."""
    settings = Settings(players=("John", "Ghost"), ghost="custom", ghost_spaces=(1, 3, 2))
    s = until(new_game(settings), "draw_ghost")
    assert [s.temples.space_of("Ghost", t) for t in (AMUN, RA, PTAH)] == [1, 3, 2] and ghost(s).score == 5
    s = until(new_game(settings.but(ghost_score=12)), "draw_ghost")
    assert ghost(s).score == 12


def test_an_empty_ghost_deck_is_made_again_from_its_discards():
    """Reading X3: when every Ghost card has been used, the discards are shuffled into a new deck."""
    s = started(seed=14)
    s = s.but(ghost=s.ghost.but(pile=(), discards=(1, 2, 3)))
    s = ghost_does(s, "farmer")
    assert s.top.kind == "draw_ghost" and [d.move for d, _ in chance_outcomes(s)] == [
        "ghost card 1",
        "ghost card 2",
        "ghost card 3",
    ]
    assert "shuffled into a new deck" in s.events()[-1].text


def test_nile_pick_with_an_even_number_of_cards():
    """Reading X4: with 2 or 4 cards left the middle is the lower middle one."""
    assert nile_pick(((5, None), (9, None)), 2) == 5
    assert nile_pick(((5, None), (9, None), (7, None), (1, None)), 2) == 5


def test_a_pushed_ghost_priest_gains_by_the_ghost_temple_effects_in_a_humans_turn():
    """Ghost Temple Effects apply whenever the Ghost gains a space: John enters Ptah on the easy Ghost's space 1 and
    pushes it to Ptah 2 (unlock: 3 points); on a hard table, John enters Ra 3 and pushes the Ghost to Ra 4 (a
    Farmer): the Ghost draws a card in John's turn, moves a Farmer, and the card is discarded at the end of that
    turn (reading X3)."""
    s = started(level="easy", seed=15)
    before = ghost(s).score
    s = step(with_turn(s, "John", ["priest"]), "John: do priest")
    s = step(s, "John: priest enters Ptah +1 pay barley")
    assert s.temples.space_of("Ghost", PTAH) == 2 and ghost(s).score == before + 3
    s = started(level="hard", seed=15)
    s = setp(s, s.ghost.seat, farmers=("N-barley", "E-flax", "W-flax"))
    s = step(with_turn(s, "John", ["priest"], then_nile=True), "John: do priest")
    s = step(s, "John: priest enters Ra +3 pay barley,flax,fruit")
    s = until(s, "draw_ghost")  # John first takes what his own space gives him
    assert s.temples.space_of("Ghost", RA) == 4
    card = s.ghost.pile[0]
    s = step(s, f"chance: ghost card {card}")
    assert s.ghost.card == card and s.to_move == "John"
    s = step(s, "John: end actions")
    s = step(s, legal_actions(s)[0])  # John's Nile card; his turn ends
    assert s.ghost.card is None and card in s.ghost.discards


def test_the_ghost_never_applies_a_buildings_instant_effect():
    """Ghost Builder note: the Ghost never applies Building effects - a Garden (2 points for anyone else) or a
    Residential Building (an unlock) gives it nothing when taken."""
    s = started(seed=16)
    row = list(s.row)
    row[1] = "A6"
    s = s.but(row=tuple(row))
    before = ghost(s).score
    s = ghost_does(s, "builder")
    assert ghost(s).buildings == ("A6",) and ghost(s).score == before and s.top.kind == "draw_building"


def test_ghost_end_of_season_one_point_per_building_and_its_screen_in_the_majorities():
    """Ghost End of Season 3: 1 point per Building card whatever it says (A2 would score by Season, A3 by count);
    step 4: the resources behind its screen count in the majorities as usual."""
    from tameri_kit.game.core.state import scoring_situation
    from tameri_kit.rules.season_end_scoring import season_end

    s = started(seed=17)
    seat = s.ghost.seat
    s = setp(s, seat, buildings=("A2", "A3", "D4"), screen=Stock.of([B, B, B]))
    s = setp(s, 0, buildings=(), screen=Stock.of([B]))
    situations = [scoring_situation(s, j, checked=True) for j in range(2)]
    result = season_end(situations, 1, flat_buildings=("Ghost",))
    assert result.points["Ghost"]["buildings"] == 3
    assert result.points["Ghost"]["majorities"] == 2 and result.points["John"]["majorities"] == 0
