"""Positions the bots' tests share: the first position of a seeded greedy game where John decides a frame of a given
kind, and its twin that differs only in what John may not see (Phase 2: the others' hands are secret)."""

from __future__ import annotations

import random

from tameri_kit.game import Settings, new_game, sample_chance, step
from tameri_kit.game.play.bots import decide, make_bot


def position(kind: str = "choose", players: int = 3, seed: int = 2, round_at_least: int = 1):
    """The first position of a seeded game of greedy bots where John must decide a frame of ``kind``."""
    rng = random.Random(seed)
    state = new_game(Settings.for_players(players))
    greedy = [make_bot("greedy", k) for k in range(players)]
    while not (
        state.top is not None and state.top.kind == kind and state.to_move == "John" and state.round >= round_at_least
    ):
        if state.is_chance:
            state = step(state, sample_chance(state, rng))
        else:
            state = step(state, decide(greedy[state.seat(state.to_move)], state))
    return state


def hidden_twin(state):
    """``state`` with George's and Paul's first hand cards swapped: the same position for John (he sees neither
    hand), a different one for them."""
    george, paul = state.players[1], state.players[2]
    a, b = george.hand[0], paul.hand[0]
    assert a != b
    swapped = list(state.players)
    swapped[1] = george.but(hand=tuple(sorted((b, *george.hand[1:]))))
    swapped[2] = paul.but(hand=tuple(sorted((a, *paul.hand[1:]))))
    twin = state.but(players=tuple(swapped))
    assert twin.players[1].hand != state.players[1].hand  # the hidden parts do differ
    return twin
