"""Buildings D1-D4 (the observatories: each completes one glyph for 1 resource of choice) and Glyphs, Actions, and
Unrevealed Cards: when two observatories allow the same actions at the same price, using one or the other gives the
same game (each only completes a glyph as the card is played), so they are one decision, the first Building's.
Before, both were offered as ``use builder+merchant [1 resource]`` and the engine stopped with "duplicate decision"
(found by ``bench.learn_value``: 3 players and the easy Ghost, strong bots, seed 100303, George's card 12 with D1
and D3)."""

from __future__ import annotations

import random

from tameri_kit.game import Settings, new_game, sample_chance, step
from tameri_kit.game.play.engine import legal_actions
from tameri_kit.game.play.seen import BotView
from tameri_kit.game.play.strong_bot import StrongBot

SEED = 100303


def _george_chooses_how_to_play():
    """The seeded game up to George's choice of how to play card 12 (Season 2, round 7)."""
    settings = Settings.for_players(3, ghost="easy")
    bots = {name: StrongBot(SEED * 1000 + k) for k, name in enumerate(settings.players[:3])}
    rng = random.Random(SEED)
    state = new_game(settings)
    while not (state.top is not None and state.top.kind == "option" and state.to_move == "George" and state.round == 7):
        if state.is_chance:
            state = step(state, sample_chance(state, rng))
        else:
            player = state.to_move
            state = step(state, bots[player].choose(BotView(player, state, {}, tuple(legal_actions(state)))))
    return state


def test_two_observatories_that_allow_the_same_are_one_decision():
    state = _george_chooses_how_to_play()
    moves = [decision.move for decision in legal_actions(state)]
    assert len(moves) == len(set(moves))  # every decision its own text (the engine checks it too)
    assert [move for move in moves if move.startswith("use builder+merchant")] == ["use builder+merchant [1 resource]"]
    after = step(state, "George: use builder+merchant [1 resource]")
    assert "observatory D1" in after.events()[-1].text  # the first of the two, D1 completing Sunrise
    assert [decision.move for decision in legal_actions(after)][0].startswith("pay ")  # its resource of choice
