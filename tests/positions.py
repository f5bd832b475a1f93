"""Positions the bots' tests share: the first position of a seeded greedy game where John decides a frame of a given
kind, and its twin that differs only in what John may not see (Phase 2: the others' hands are secret)."""

from __future__ import annotations

import random

from tameri_kit.game import Settings, legal_actions, new_game, sample_chance, step
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


def started(n: int = 3, seed: int = 0):
    """A game just after Season 0, waiting for the first card choice (Phase 2): every decision the first legal one."""
    rng = random.Random(seed)
    state = new_game(Settings.for_players(n))
    while state.phase != "choose":
        state = step(state, sample_chance(state, rng) if state.is_chance else legal_actions(state)[0])
    return state


def with_player(state, name: str, **changes):
    """``state`` with the named player's fields changed."""
    players = list(state.players)
    seat = state.seat(name)
    players[seat] = players[seat].but(**changes)
    return state.but(players=tuple(players))


def board_position():
    """The position the board drawings are tested on: John: a Merchant on Market space 3, a Farmer on N-barley,
    Building A1 bought; George: a face-down 97 and a 59 in his row, 3 Papyrus and 1 Fruit behind his screen, Priest
    card 40; Paul: a Builder on space 2."""
    from tameri_kit.data import load_actions
    from tameri_kit.rules.glyphs import Played
    from tameri_kit.rules.offering import Stock

    cards = load_actions()
    state = started()
    state = with_player(state, "John", merchant=2, farmers=("N-barley",), buildings=("A1",), deben=3, silt=2)
    state = with_player(
        state,
        "George",
        row=(Played(cards.card(59)), Played(cards.card(97), True)),
        screen=Stock(papyrus=3, fruit=1),
        priest_cards=(40,),
    )
    return with_player(state, "Paul", builder=2)
