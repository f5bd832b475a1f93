"""The Ghost's End of the Season and End of the Game, played through the engine (audit of issue 16).

Rulebook: +1 Player Mode, Phase 5 (Ghost): End of the Season 1-4 and End of the Game 1-5; the Ghost End of Season and
Ghost End of Game summaries; End of the Season steps 2-4 and End of the Game steps 1-5 ("as usual").  Each test sets
up the players by hand and runs the engine's own scoring step (``season_score``); the expected points are worked out
by hand in each docstring.  Also Ghost Player 3b for the 3- and 4-player Markets.
"""

from fractions import Fraction

import pytest

from tameri_kit.data.components import load_market
from tameri_kit.game import Settings, new_game
from tameri_kit.game.core.catalog import CARDS, PRIESTS
from tameri_kit.game.play.engine import chance_outcomes, settle, step
from tameri_kit.game.core.frames import AutoStep
from tameri_kit.rules.common import Resource
from tameri_kit.rules.glyphs import Played
from tameri_kit.rules.offering import Stock

from test_ghost_rules import AMUN, PTAH, RA, ghost, setp, started, until

B, P, X, F = Resource.BARLEY, Resource.PAPYRUS, Resource.FLAX, Resource.FRUIT


def score_now(s, season):
    """Run the engine's End of the Season scoring (steps 2-6; for Season 3 the End of the Game too)."""
    return settle(s.but(season=season, phase="season_end", stack=(AutoStep(step="season_score", arguments=((),)),)))


def cleared(s, seat, **kw):
    """Player ``seat`` holding nothing but ``kw``."""
    empty = dict(
        buildings=(),
        screen=Stock(),
        reserve=Stock(),
        deben=0,
        silt=0,
        priest_cards=(),
        hand=(),
        row=(),
        merchant=None if seat == 0 else s.players[seat].merchant,
        farmers=() if seat == 0 else s.players[seat].farmers,
        sphinxes=0,
    )
    return setp(s, seat, **{**empty, **kw})


def season_cards(glyph, last_matches):
    """Four Action cards of Season 1 for a row; the last shows ``glyph`` on its right or not."""
    cards = sorted(n for n, c in CARDS.items() if c.deck == "B")
    last = next(n for n in cards if (glyph in CARDS[n].right) == last_matches)
    others = [n for n in cards if n != last][:3]
    return tuple(Played(CARDS[n]) for n in others + [last])


def test_ghost_end_of_season_glyph_buildings_and_majorities():
    """Ghost End of Season 2: 2 points if its last card's right glyph matches its board, as usual; 3: 1 point per
    Building card whatever its effects; 4: its screen revealed and counted in the majorities, as usual.

    By hand (Season 1): the Ghost's last card shows its board glyph (+2); it owns A2 and A3 (+2: 1 each, not A2's or
    A3's own points); its screen holds 2 Barley and 1 Flax against John's 1 Barley and 1 Flax: Barley, the Ghost
    most (+2, it discards its Barley, John keeps his); Flax, a tie (+1 each, both discard).  Ghost: 3 + 2 + 2 + 2 + 1
    = 10 (easy, starts on 3).  John: his last card does not match (0), no Building (0), Flax tie (+1) = 1."""
    s = started(level="easy", seed=21)
    seat = s.ghost.seat
    g_glyph, j_glyph = ghost(s).glyph, s.players[0].glyph
    s = cleared(s, seat, buildings=("A2", "A3"), screen=Stock.of([B, B, X]), row=season_cards(g_glyph, True))
    s = cleared(s, 0, screen=Stock.of([B, X]), row=season_cards(j_glyph, False))
    assert ghost(s).score == 3
    s = score_now(s, 1)
    assert ghost(s).score == 10 and s.players[0].score == 1
    assert ghost(s).screen == Stock() and s.players[0].screen == Stock.of([B])


def test_ghost_end_of_game_screen_sets_priest_cards_and_nothing_in_steps_4_and_5():
    """Ghost End of Game 1: its screen revealed and counted in the total as usual; 2: its Building sets as usual;
    3: the points printed on its Priest cards; 4 and 5: nothing.

    By hand (Season 3, then the End of the Game): the Ghost owns A1, B1, C1 (End of the Season 3: +3, 1 each); its
    screen 2 Barley + 1 Papyrus, John's 3 Barley.  Step 4 of the Season: Barley, John most (+2 John, he discards;
    the Ghost keeps 2); Papyrus, the Ghost (+2, discards).  End of the Game 1: left behind the screens, Ghost 2, John
    0: the Ghost +2.  Step 2: one set of 3 different symbols (A, B, C): +4.  Step 3: Priest cards 45, 25, 19 (3 + 2 +
    1): +6.  Steps 4 and 5: 0.  Ghost: 3 + 3 + 2 + 2 + 4 + 6 = 20; John 2."""
    s = started(level="easy", seed=22)
    seat = s.ghost.seat
    assert [PRIESTS[c].points for c in (45, 25, 19)] == [3, 2, 1]
    s = cleared(s, seat, buildings=("A1", "B1", "C1"), screen=Stock.of([B, B, P]), priest_cards=(19, 25, 45))
    s = cleared(s, 0, screen=Stock.of([B, B, B]))
    s = score_now(s, 3)
    out = s.outcome
    assert out is not None
    expected = {
        "buildings": 3,
        "majorities": 2,
        "offering total": 2,
        "building sets": 4,
        "priest cards": 6,
        "hand glyphs": 0,
        "leftovers": 0,
    }
    assert {c: out.points("Ghost", c) for c in expected} == expected
    assert out.total("Ghost") == 20 and out.total("John") == 2


@pytest.mark.parametrize("humans,pair", [(2, {F, P}), (3, {X, F})])
def test_ghost_merchant_set_up_in_the_3_and_4_player_markets(humans, pair):
    """Ghost Player 3b: in a 3-player Market (2 humans and the Ghost) between Fruit and Papyrus; in a 4-player Market
    (3 humans and the Ghost) between Flax and Fruit."""
    s = until(new_game(Settings.for_players(humans, ghost="easy")), "draw_ghost")
    assert set(load_market(humans + 1).beside(ghost(s).merchant)) == pair


def test_ghost_end_of_season_1_each_draft_card_given_at_random():
    """Ghost End of Season 1: the Priest cards are assigned normally, and when a card is due to the Ghost it is given
    one of those left at random, face down.

    By hand: an easy Ghost alone in the Temples (John has no Priest) has 3 Priests, so 3 cards are drawn (End of the
    Season 1: as many as the Priests) and all 3 go to the Ghost: the first is 1 of 3 (each 1/3), the next 1 of 2
    (1/2), the last 1 of 1.  The Ghost ends with the 3 cards drawn; the events naming them are private to it."""
    s = started(level="easy", seed=23)
    assert s.temples.count == 3 and all(s.temples.space_of("John", t) is None for t in (AMUN, RA, PTAH))
    s = settle(s.but(phase="season_end", stack=(AutoStep(step="season_end"),)))
    drawn, given = [], []
    while s.top.kind in ("draw_priest", "ghost_priest"):
        outcomes = chance_outcomes(s)
        if s.top.kind == "draw_priest":
            decision = outcomes[0][0]
            drawn.append(decision.payload)
        else:
            assert {p for _, p in outcomes} == {Fraction(1, 3 - len(given))}
            decision = outcomes[-1][0]
            given.append(decision.payload)
        s = step(s, decision)
    assert len(drawn) == 3 and sorted(given) == sorted(drawn)
    assert sorted(ghost(s).priest_cards) == sorted(drawn) and s.players[0].priest_cards == ()
    assert all(e.seat == s.ghost.seat for e in s.events() if "keeps Priest card" in e.text)
