"""The expert bot (tameri_kit.game.play.expert_bot): its parts, its budget, that it does not peek, its seeded games.

Rulebook: Phase 2 (cards chosen in secret: the others' hands are hidden, so two positions that differ only there
look the same to the bot); the whole game for the games played.  Budgets are tiny (2-4 playouts a decision) so the
file stays quick; strength is measured by ``bench.expert`` and ``explore``, never here (docs/bots.md).
"""

from __future__ import annotations

import random

import pytest

from tameri_kit.game import Settings, new_game, replay, sample_chance, step
from tameri_kit.game.play.bots import BotError, BotView, bot_view, make_bot, play_game
from tameri_kit.game.play.expert_bot import ExpertBot, playout
from tameri_kit.game.play.strong_bot import StrongBot
from tameri_kit.game.play.view import view

from positions import hidden_twin, position


def test_the_registry_makes_it_and_checks_its_budget():
    bot = make_bot("expert:6", 1)
    assert isinstance(bot, ExpertBot) and bot.simulations == 6 and bot.name == "expert:6"
    assert make_bot("expert", 1).name == "expert"
    for bad in ("expert:0", "expert:x", "expert:-3", "expert:10001", "expert:2.5"):
        with pytest.raises(BotError, match="playouts per decision"):
            make_bot(bad)


def test_same_view_same_decision_whatever_the_hidden_cards():
    """Two positions that differ only in what John may not see: George's and Paul's hands swap one card each
    (Phase 2: the others' hands are secret).  John's observation and counts are the same, so the expert bot with
    the same seed takes the same decision in both, and judges every candidate the same (its worlds are drawn from
    the view alone)."""
    state = position("choose")
    twin = hidden_twin(state)
    assert view(twin, "John").counts == view(state, "John").counts
    first, second = ExpertBot(4, simulations=4), ExpertBot(4, simulations=4)
    assert first.choose(bot_view(state)) == second.choose(bot_view(twin))
    assert first.judged() == second.judged() and len(first.judged()) >= 2


def test_the_budget_is_kept_and_split_evenly():
    """``simulations`` playouts per decision at most, the same number for every candidate judged; a budget
    smaller than the candidates judges only the strong bot's best ones; a budget of 1 is the strong bot's
    choice, with no playout."""
    state = position("choose")
    seen = bot_view(state)
    ranked = StrongBot(0).ranked(seen)
    assert len(ranked) >= 3
    for simulations in (2, 3, 7):
        bot = ExpertBot(0, simulations=simulations)
        bot.choose(seen)
        judged = bot.judged()
        counts = {item.playouts for item in judged}
        assert len(judged) == min(len(ranked), simulations, bot.candidates)
        assert sum(item.playouts for item in judged) <= simulations and len(counts) == 1
        assert {item.move for item in judged} == {d.move for d in ranked[: len(judged)]}
    alone = ExpertBot(0, simulations=1)
    assert alone.choose(seen) == ranked[0] and alone.judged() == ()


def test_the_candidates_never_lose_the_only_legal_move_and_are_legal():
    """Over every decision of a seeded 2-player strong game: the strong bot's ranked candidates are never empty,
    are legal moves, and a decision with one legal move is that move (the pruning keeps the only legal move)."""
    rng, state = random.Random(5), new_game(Settings.for_players(2))
    bots = [StrongBot(k) for k in range(2)]
    decisions = 0
    while not state.is_terminal:
        if state.is_chance:
            state = step(state, sample_chance(state, rng))
            continue
        seen = bot_view(state)
        ranked = StrongBot(1).ranked(seen)
        legal = {d.move for d in seen.legal}
        assert ranked and {d.move for d in ranked} <= legal
        if len(legal) == 1:
            assert ranked == list(seen.legal)
        decisions += 1
        state = step(state, bots[state.seat(state.to_move)].choose(seen))
    assert decisions > 200


def test_a_playout_is_a_legal_game_to_the_end_and_its_margin_is_the_scores():
    """A playout from a sampled world: the decision, then strong bots to the end.  Its margin is the seat's final
    score less the best other; the same seed gives the same playout."""
    state = position("choose", players=2)
    seen = bot_view(state)
    first = playout(state, seen.legal[0], 0, seed=11)
    again = playout(state, seen.legal[0], 0, seed=11)
    assert first == again and first is not None
    margin, won = first
    assert won in (0.0, 0.5, 1.0) and (won > 0) == (margin >= 0)


def test_a_view_seen_whole_is_what_the_bot_is_given():
    """The expert bot is handed a BotView (not the state): it does not declare that it sees hidden information."""
    assert not getattr(ExpertBot(0), "sees_hidden_information", False)
    seen = bot_view(position("choose", players=2))
    assert isinstance(seen, BotView)


def test_a_seeded_game_is_the_same_twice_and_replays():
    """Same seed, same game, byte for byte (its seeded worlds and playouts included), here a solo game against
    the easy Ghost; the record replays through the engine to the same outcome (every decision legal)."""
    settings = Settings.for_players(1, ghost="easy")
    record, final = play_game(settings, 4, ["expert:2"])
    again, _ = play_game(settings, 4, ["expert:2"])
    assert record.to_json() == again.to_json()
    assert replay(record).outcome == final.outcome


def test_it_beats_random_and_greedy_in_a_small_sweep():
    """A small sweep of 2-player games: ``expert:2`` against the random bot (seat 2) and against the greedy bot
    (seed 0, in each seat) wins all three (the strong bot, its playout policy, is rated far above both:
    docs/performance.md); every record replays."""
    for rival, seed, seat in (("random", 0, 1), ("greedy", 0, 0), ("greedy", 0, 1)):
        bots = [rival, rival]
        bots[seat] = "expert:2"
        record, final = play_game(Settings.for_players(2), seed, bots)
        assert final.players[seat].name in final.outcome.winners, (rival, seat)
        assert replay(record).outcome == final.outcome


def test_its_reason_speaks_of_wins_only_when_the_playouts_reach_the_end():
    """A playout cut at a Season's end wins nothing, so its share of wins is not a reason; in the last Season
    (Set-up: 3 Seasons) the playouts reach the End of the Game and the share is given."""
    from tameri_kit.game.play.expert_bot import Judged, reaches_end, reason_of

    judged = (Judged("offer barley", 14.0, 4.0, 1.0, 2), Judged("pass", 1.0, -1.0, 0.0, 2))
    cut = reason_of(judged, 0, learned=True, reaches_end=reaches_end(1, 0))
    assert "wins" not in cut and "Season's end (valued from there" in cut and "ends +4.0" in cut
    last = reason_of(judged, 0, learned=True, reaches_end=reaches_end(3, 0))
    assert "to the end of the game" in last and "wins 100%" in last and "valued from there" not in last
    assert (reaches_end(0, 0), reaches_end(2, 0), reaches_end(2, 1), reaches_end(1, None)) == (False, False, True, True)
