"""The Ghost (+1 Player Mode) together with the Gifts of the Gods and the promo cards (readings X13, X14).

Rulebook: +1 Player Mode (Ghost Player: what the Ghost receives; Ghost Actions, Temple card and its note on the promo
cards); Mini Expansion Set, Recommended Preparation 1.
"""

import math
import random

import pytest

from tameri_kit.errors import TameriError
from tameri_kit.game import GameRecord, Settings, legal_actions, new_game, replay, sample_chance, step
from tameri_kit.game.core.catalog import CARDS
from tameri_kit.game.play.engine import chance_outcomes
from tameri_kit.game.core.frames import GhostTempleCard
from tameri_kit.game.rules_of_play.ghost.turn import ghost_chance_outcomes

from tameri_kit.game.play.engine import settle
from tameri_kit.game.core.frames import AutoStep
from tameri_kit.rules.offering import Stock

from test_game_playthrough import play_checked
from test_ghost_games import check_ghost_step
from test_ghost_rules import setp, started


@pytest.mark.parametrize("humans,seed", [(1, 3), (3, 5)])
def test_gifts_are_dealt_to_the_humans_only(humans, seed):
    """X13: only the humans are dealt 3 Gifts and keep 1; the Ghost never holds a Gift and is never asked."""
    settings = Settings.for_players(humans, ghost="easy", gifts=True, promo=True)
    dealt_to, keepers = [], []

    def each_step(before, after):
        check_ghost_step(before, after)
        if before.top.kind == "draw_gift":
            dealt_to.append(before.top.seat)
        if before.top.kind == "gift_keep":
            keepers.append(before.top.player)
        assert after.players[settings.ghost_seat].gifts == ()

    entries, state = play_checked(settings, seed, False, False, each_step)
    assert sorted(dealt_to) == sorted(list(range(humans)) * 3)  # 3 each, humans only
    assert keepers == list(range(humans))
    again = replay(GameRecord.from_json(GameRecord(settings, seed, entries).to_json()))
    assert again.log_text() == state.log_text()


def test_three_humans_and_the_ghost_fit_the_eleven_listed_gifts():
    """X13: 3 humans are dealt 9 of GG1-GG11; the Ghost needs none (4 real players would need 12)."""
    assert Settings.for_players(3, ghost="hard", gifts=True, gift_cards="listed").humans == 3
    with pytest.raises(TameriError, match="12 cards"):
        Settings.for_players(4, gifts=True, gift_cards="listed")


def test_the_ghost_passes_over_the_promo_cards():
    """X14: a promo card revealed for the Ghost's Temple card is shuffled back and the next card revealed: the card it
    uses is one of the 24 other Temple cards, each 1 in 24, and the promo cards stay in the deck."""
    state = new_game(Settings.for_players(1, ghost="hard", promo=True))
    deck = state.deck("E")
    promos = [n for n in deck if CARDS[n].deck == "promo"]
    assert sorted(promos, key=float) == [0, math.inf] and len(deck) == 26
    outcomes = ghost_chance_outcomes(state, GhostTempleCard(why="test"))
    used = [payload for _, payload, _ in outcomes]
    assert len(used) == 24 and not set(used) & set(promos)
    assert {weight for _, _, weight in outcomes} == {1}
    plain = new_game(Settings.for_players(1, ghost="hard"))
    assert sorted(used) == sorted(plain.deck("E"))


def test_gifts_given_to_the_ghost_in_the_draft_score_nothing_in_step_5():
    """Ghost End of Game 5: the Ghost scores no points in End of the Game step 5 (and step 3 scores only the points
    printed on Priest cards, which a Gift has none of).  With Recommended Preparation 2 the Gifts are in the Priest
    deck, so the Ghost can be given some at random in the draft or by a Temple space (Ghost End of Season 1).

    By hand: John and the Ghost each hold 3 Gifts and nothing else (no resources, Deben or Silt).  John: step 5
    counts 3 items -> 1 point (3 // 3).  The Ghost: 0 points in step 5, 0 in step 3 (no Priest cards)."""
    s = started(humans=1, level="easy", seed=5, gifts=True, gift_discards=True)
    seat = s.ghost.seat
    gifts = ("GG1", "GG2", "GG3")
    for j in (0, seat):
        s = setp(s, j, gifts=gifts, reserve=Stock(), deben=0, silt=0, priest_cards=(), hand=())
    s = settle(s.but(season=3, phase="season_end", stack=(AutoStep(step="season_score", arguments=((),)),)))
    assert s.outcome is not None
    assert s.outcome.points("John", "leftovers") == 1
    assert s.outcome.points("Ghost", "leftovers") == 0 and s.outcome.points("Ghost", "priest cards") == 0
