"""A Ra epoch (rulebooks/001: Game Play, Auction and its summary, The Epochs, Disasters): each rule on a small
hand-built situation, then whole seeded epochs that replay identically."""

from dataclasses import replace
from fractions import Fraction

import pytest

from tameri_kit.companions.ra_auction import (
    EpochRecord,
    apply,
    draw_outcomes,
    epoch_scoring,
    epoch_statistics,
    legal_actions,
    new_epoch,
    play_epoch,
    replay,
    why_illegal,
)
from tameri_kit.companions.ra_bag import Bag
from tameri_kit.companions.ra_scoring import Hand
from tameri_kit.errors import IllegalActionError, NotationError, StateError

THREE = ((13, 8, 5, 2), (12, 9, 6, 3), (11, 10, 7, 4))


def run(state, *actions):
    for action in actions:
        state = apply(state, action).state
    return state


def test_setup_highest_sun_begins_and_sun_one_in_the_middle():
    state = new_epoch(3, suns=((12, 9, 6, 3), (13, 8, 5, 2), (11, 10, 7, 4)))
    assert state.to_move == 1 and state.middle_sun == 1 and state.bag.total == 180


def test_bidding_order_left_of_the_ra_player_ending_with_him():
    state = run(new_epoch(3, suns=THREE), "draw Pharaoh", "ra")  # P2 invokes
    assert state.auction.bidders == (2, 0, 1)


def test_invoked_ra_player_must_bid_when_all_others_pass():
    state = run(new_epoch(3, suns=THREE), "draw Pharaoh", "ra", "pass", "pass")
    assert legal_actions(state) == ["bid 12", "bid 9", "bid 6", "bid 3"]
    with pytest.raises(IllegalActionError, match="must bid"):
        apply(state, "pass")


def test_auction_winner_takes_the_tiles_and_the_sun():
    state = run(new_epoch(3, suns=THREE), "draw Pharaoh", "draw Nile", "ra")  # P3 (seat 2) invokes
    assert state.auction.bidders == (0, 1, 2)
    state = run(state, "bid 5", "bid 6", "pass")
    assert str(state.hands[1]) == "Pharaoh:1 Nile:1"
    assert state.suns_up[1] == (12, 9, 3) and state.suns_down[1] == (1,) and state.middle_sun == 6
    assert state.auction_track == () and state.to_move == 0  # the player left of the Ra player goes on


def test_a_bid_must_beat_the_highest_and_be_ones_own():
    state = run(new_epoch(3, suns=THREE), "draw Pharaoh", "ra", "bid 11")
    assert "beat the highest bid, 11" in why_illegal(state, "bid 2")
    assert "no face-up Sun 10" in why_illegal(state, "bid 10")
    assert why_illegal(state, "bid 13") is None


def test_a_drawn_ra_may_be_passed_by_all_and_the_tiles_stay():
    state = run(new_epoch(3, suns=THREE), "draw Pharaoh", "draw Ra")  # P2 draws a Ra
    assert state.ra_track == 1 and "pass" in legal_actions(state)
    state = run(state, "pass", "pass", "pass")
    assert state.auction_track == ("Pharaoh",) and state.to_move == 2


def test_invoking_with_a_full_auction_track_all_may_pass_and_the_tiles_go():
    tiles = ["Pharaoh", "Nile", "Flood", "Gold", "Art", "Writing", "Pyramid", "Temple"]
    state = run(new_epoch(3, suns=THREE), *(f"draw {t}" for t in tiles))
    assert "draw" not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="full"):
        apply(state, "draw Nile")
    state = run(state, "ra", "pass", "pass", "pass")
    assert state.auction_track == ()


def test_the_ra_track_full_ends_the_epoch_without_auction():
    state = replace(new_epoch(2), ra_track=5)  # two players: the track holds 6
    state = run(state, "draw Pharaoh", "draw Ra")
    assert state.over.startswith("the Ra track is full") and state.auction is None
    assert state.auction_track == () and legal_actions(state) == []
    with pytest.raises(IllegalActionError, match="over"):
        apply(state, "ra")


def test_players_without_suns_are_skipped_and_the_last_sun_ends_the_epoch():
    state = new_epoch(2, suns=((9,), (8,)))
    state = run(state, "ra", "pass", "bid 9")  # P1 invokes, P2 passes, P1 must bid
    assert state.suns_up == ((), (8,)) and state.to_move == 1
    state = run(state, "ra")
    assert state.auction.bidders == (1,)  # P1 has no face-up Sun: not asked
    state = run(state, "bid 8")
    assert state.over == "every Sun has been spent"


def test_disasters_in_the_lot_with_the_players_choice():
    state = new_epoch(2, suns=((9, 6, 5, 2), (8, 7, 4, 3)))
    state = run(state, "draw Art", "draw Astronomy", "draw Art", "draw War", "ra")  # P1 invokes; P2 first
    state = run(state, "pass", "bid 9")
    assert state.pending == ("War",) and state.winner == 0
    assert legal_actions(state) == ["discard Art+Art", "discard Art+Astronomy"]
    with pytest.raises(IllegalActionError, match="Disasters"):
        apply(state, "discard Astronomy+Astronomy")
    state = run(state, "discard Art+Astronomy")
    assert str(state.hands[0]) == "Art:1" and state.pending == ()


def test_a_disaster_without_choice_is_fulfilled_at_once():
    state = new_epoch(2, suns=((9, 6, 5, 2), (8, 7, 4, 3)))
    state = run(state, "draw Pharaoh", "draw Funeral", "ra", "pass", "bid 9")
    assert str(state.hands[0]) == "-" and state.pending == ()  # the Pharaoh just won is lost


def test_god_tiles_take_from_the_auction_track_but_never_a_god():
    state = new_epoch(2, suns=((9, 6, 5, 2), (8, 7, 4, 3)))
    state = replace(state, hands=(Hand.of(God=1), Hand()))
    state = run(state, "draw Gold", "draw God")
    assert "god Gold" in legal_actions(state) and "god God" not in legal_actions(state)
    state = run(state, "god Gold")
    assert str(state.hands[0]) == "Gold:1" and state.auction_track == ("God",)


def test_draw_outcomes_are_the_bag_shares():
    outcomes = dict(draw_outcomes(new_epoch(3)))
    assert outcomes["draw Ra"] == Fraction(30, 180) and sum(outcomes.values()) == 1


def test_bad_actions_are_typed_errors():
    state = new_epoch(3)
    with pytest.raises(NotationError):
        apply(state, "shout")
    with pytest.raises(NotationError, match="unknown"):
        apply(state, "draw Camel")
    with pytest.raises(StateError, match="say which tile"):
        apply(state, "draw")
    with pytest.raises(IllegalActionError):
        apply(state, "bid 13")  # no auction is on
    with pytest.raises(StateError):
        new_epoch(6)


def test_seeded_epochs_replay_identically():
    record, final, log = play_epoch(3, seed=7)
    again = play_epoch(3, seed=7)
    assert again[0] == record and again[1] == final and again[2] == log
    text = record.to_json()
    state, replay_log = replay(EpochRecord.from_json(text))
    assert state == final and replay_log == log
    assert EpochRecord.from_json(text).to_json() == text
    assert play_epoch(3, seed=8)[0].entries != record.entries
    assert set(epoch_scoring(final).names) == set(final.names)


def test_suns_and_tiles_are_conserved_in_random_epochs():
    for players in (2, 3, 4, 5):
        for seed in range(3):
            record, final, _ = play_epoch(players, seed)
            start = new_epoch(players, suns=record.suns)
            everyone = sorted(s for seat in range(players) for s in final.suns_up[seat] + final.suns_down[seat])
            assert sorted(everyone + [final.middle_sun]) == sorted([1] + [s for g in record.suns for s in g])
            assert final.over and final.draws == sum(e.startswith("draw") for e in record.entries)
            assert final.bag.total == start.bag.total - final.draws


def test_epoch_statistics():
    stats = epoch_statistics(3, 5, seed=0)
    assert [s.seed for s in stats] == [0, 1, 2, 3, 4]
    assert all(s.draws > 0 and len(s.tiles_taken) == 3 for s in stats)


def test_bad_records():
    with pytest.raises(StateError, match="not a Ra epoch"):
        EpochRecord.from_json('{"game": "chess"}')
    with pytest.raises(StateError):
        EpochRecord.from_json("{nonsense")
    record = EpochRecord(2, ((9, 6, 5, 2), (8, 7, 4, 3)), None, ("draw Pharaoh", "bid 9"))
    with pytest.raises(StateError, match="entry 2"):
        replay(record)


def test_r6_sun_groups_use_the_stated_values():
    from tameri_kit.companions.ra_auction import SUN_GROUPS

    for players, top in ((2, 9), (3, 13), (4, 13), (5, 16)):
        values = sorted(s for g in SUN_GROUPS[players] for s in g)
        assert values == list(range(2, top + 1)) and len(SUN_GROUPS[players]) == players
        assert len({len(g) for g in SUN_GROUPS[players]}) == 1


def test_the_board_draws_itself():
    state = run(new_epoch(3, suns=THREE), "draw Pharaoh", "draw War", "draw Nile", "draw Ra")
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and ">War<" in svg and "P2 (to act)" in svg and "middle Sun" in svg
    assert svg.count(">Ra<") == 1  # one Ra tile on the track
