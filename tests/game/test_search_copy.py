"""A search's copy of a state (issue 34): the cheap copy, apply and undo a search relies on leave no trace.

A :class:`~tameri_kit.game.GameState` is a frozen value, so a search copies a state by keeping a reference to it
(no cost) and undoes a step by going back to the state it stepped from: ``step(state, decision)`` builds the child
and never changes ``state``.  The only thing a step may add to a state is its memo of answers (``_cache``: the legal
moves and chance outcomes, the same whoever asks).  ``play_out(state, rng)`` is the cheap rollout from any state.

These tests play random games in every mode (2-4 players, the +1 Player Mode, the Gifts of the Gods, the promo
cards), and at 20 states of each run a small random search - lines of steps, rollouts, illegal probes - and check that
the state is byte for byte what it was before (every field pickled, every event of its log).  A pinned digest of
seeded games in the same modes, taken before issue 34's changes (bca513b), guards the rules themselves.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import random

import pytest

from tameri_kit.errors import IllegalActionError
from tameri_kit.game import Settings, legal_actions, new_game, random_playout, sample_chance, step
from tameri_kit.game.play.engine import chance_outcomes, play_out

#: every mode of the engine: the player counts, the Ghost at each difficulty, the Gifts, their discards, the promo
MODES = {
    "2 players": dict(players=2),
    "3 players": dict(players=3),
    "4 players": dict(players=4),
    "1 human and the hard Ghost": dict(players=1, ghost="hard"),
    "2 humans and the easy Ghost": dict(players=2, ghost="easy"),
    "3 humans and the intermediate Ghost": dict(players=3, ghost="intermediate"),
    "3 players with Gifts": dict(players=3, gifts=True),
    "4 players with Gifts, discards and the promo cards": dict(players=4, gifts=True, gift_discards=True, promo=True),
    "2 players with the promo cards": dict(players=2, promo=True),
    "2 humans, the hard Ghost, Gifts and the promo cards": dict(players=2, ghost="hard", gifts=True, promo=True),
}

#: sha256 of :func:`modes_digest` taken with the engine of bca513b (before issue 34); print the value with
#: ``FINGERPRINT_PRINT=1``.  It must not change unless a rule changes on purpose.
MODES_DIGEST = "729d0d11743a950991e0215be72e9430e86e19449bddae0182036eb26ed41ffb"
MODE_SEEDS = range(4)


def settings_of(mode: str) -> Settings:
    spec = dict(MODES[mode])
    return Settings.for_players(spec.pop("players"), **spec)


def snapshot(state) -> bytes:
    """Every field of ``state`` but its memo, pickled, and every event of its log: byte for byte what it is."""
    fields = {name: value for name, value in state.__dict__.items() if name not in ("_cache", "log")}
    events = [(event.text, event.rule, event.seat) for event in state.events()]
    return pickle.dumps((sorted(fields.items()), events), protocol=4)


def game_bytes(mode: str, seed: int) -> bytes:
    """One seeded random game of ``mode``: its entries, its whole log and its final scores."""
    entries, final = random_playout(settings_of(mode), seed)
    parts = [f"{mode} seed {seed}", *entries, "-- log --"]
    parts += [f"{event.text}\t{event.rule}\t{event.seat}" for event in final.events()]
    outcome = final.outcome
    parts += ["-- outcome --", outcome.table_text(), f"winners {outcome.winners}", f"tiebreak {outcome.tiebreak}"]
    return "\n".join(parts).encode("utf-8")


def modes_digest() -> str:
    digest = hashlib.sha256()
    for mode in MODES:
        for seed in MODE_SEEDS:
            digest.update(game_bytes(mode, seed))
            digest.update(b"\x00")
    return digest.hexdigest()


def test_seeded_games_of_every_mode_are_unchanged():
    value = modes_digest()
    if os.environ.get("FINGERPRINT_PRINT"):
        print(f"\nMODES_DIGEST = {value!r}")
    assert value == MODES_DIGEST, "the seeded games of some mode differ from the engine of bca513b"


def public_loop(state, rng, limit=None):
    """The public step loop from ``state``: (entries, the last state), at most ``limit`` entries."""
    entries = []
    while not state.is_terminal and (limit is None or len(entries) < limit):
        if state.is_chance:
            decision = sample_chance(state, rng)
        else:
            actions = legal_actions(state)
            decision = actions[rng.randrange(len(actions))]
        entries.append(str(decision))
        state = step(state, decision)
    return entries, state


def probe_illegal(state, rng) -> None:
    """Moves a search might try by mistake: each is refused with IllegalActionError."""
    if state.is_terminal:
        with pytest.raises(IllegalActionError):
            step(state, "chance: draw 1")
        return
    if state.is_chance:
        probes = ["chance: no such outcome", f"{state.players[0].name}: end actions"]
    else:
        who = state.to_move
        other = next(player.name for player in state.players if player.name != who)
        legal = legal_actions(state)
        probes = [f"{who}: no such move", "chance: draw 1", f"{other}: {legal[rng.randrange(len(legal))].move}"]
    for probe in probes:
        with pytest.raises(IllegalActionError):
            step(state, probe)


def small_search(state, rng) -> None:
    """What a search does at a node: every child once, a few random lines, a rollout, some illegal probes."""
    if not state.is_terminal:
        moves = [d for d, _ in chance_outcomes(state)] if state.is_chance else legal_actions(state)
        for decision in moves[:12]:
            child = step(state, decision)
            if not child.is_terminal:
                public_loop(child, random.Random(rng.random()), limit=3)
        public_loop(state, random.Random(rng.random()), limit=8)
        play_out(state, random.Random(rng.random()))
    probe_illegal(state, rng)


@pytest.mark.parametrize("mode", MODES)
def test_a_search_leaves_no_trace(mode):
    """At 20 states of a random game (a seed of its own for each mode) a small search runs; the state stays byte for
    byte the same, and so do its legal moves and its chance outcomes (the memo a step may fill answers as before)."""
    settings, seed = settings_of(mode), list(MODES).index(mode)
    rng = random.Random(f"{mode} {seed}")
    entries, final = random_playout(settings, seed)
    chosen = set(rng.sample(range(len(entries)), 20))
    state, game_rng = new_game(settings), random.Random(seed)
    for index in range(len(entries) + 1):
        if index in chosen or index == len(entries):
            before = snapshot(state)
            asked = (legal_actions(state), chance_outcomes(state))
            small_search(state, rng)
            assert snapshot(state) == before, f"{mode}, seed {seed}: the search changed entry {index}'s state"
            assert (legal_actions(state), chance_outcomes(state)) == asked
        if index < len(entries):
            (entry,), state = public_loop(state, game_rng, limit=1)
            assert entry == entries[index]
    assert snapshot(state) == snapshot(final)


@pytest.mark.parametrize("mode", ["2 players", "4 players", "2 humans, the hard Ghost, Gifts and the promo cards"])
def test_play_out_is_the_public_loop_from_any_state(mode):
    """``play_out`` from a state in the middle of a game makes the public loop's picks with the same ``rng`` and ends
    in the same state."""
    settings = settings_of(mode)
    for seed in range(3):
        _, middle = public_loop(new_game(settings), random.Random(seed), limit=150 + 40 * seed)
        entries, final = play_out(middle, random.Random(100 + seed))
        mine, state = public_loop(middle, random.Random(100 + seed))
        assert mine == entries and snapshot(state) == snapshot(final)


def test_play_out_refuses_what_is_not_a_state_or_a_random():
    with pytest.raises(TypeError, match="random.Random"):
        play_out(new_game(Settings.for_players(2)), 7)
    with pytest.raises(Exception, match="GameState"):
        play_out("state", random.Random(7))
