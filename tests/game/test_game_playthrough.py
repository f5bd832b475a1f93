"""Seeded random games of 2, 3 and 4 players, checking the engine's invariants at every step.

Rulebook: Components (16 Sun, 16 Water, 24 Silt; 24 of each resource; 18 Deben); Phase 4, step 4 (the warehouse
limit at the end of a turn); Possible Actions: Farmer (one Farmer per field per player) and Priest (one Priest
per temple per player); Game Setup 3b (8 Workers, 4 locked).

More games: ``TAMERI_GAMES=50 pytest tests/game/test_game_playthrough.py``.
"""

import os
import random

import pytest

from tameri_kit.errors import IllegalActionError
from tameri_kit.game import Decision, GameRecord, Settings, legal_actions, new_game, replay, sample_chance, step
from tameri_kit.game.core.catalog import FIELDS
from tameri_kit.game.play.engine import chance_outcomes
from tameri_kit.game.core.state import free_workers
from tameri_kit.game.core.state import resource_supply as res_supply
from tameri_kit.rules.common import RESOURCES, Sphere

GAMES = int(os.environ.get("TAMERI_GAMES", "2"))


def check_invariants(s):
    # spheres: the pyramid knows the Silt on boards; every colour has a non-negative supply
    assert s.pyramid.held_silt == sum(p.silt for p in s.players)
    for sph, total in ((Sphere.SUN, 16), (Sphere.WATER, 16), (Sphere.SILT, 24)):
        assert 0 <= s.pyramid.supply(sph) <= total
        assert s.pyramid.in_play(sph) + s.pyramid.supply(sph) == total
    # resources and Deben: never negative, never more than the box holds
    for r in RESOURCES:
        assert res_supply(s, r) >= 0
        assert all(p.reserve[r] >= 0 and p.screen[r] >= 0 for p in s.players)
    assert all(p.deben >= 0 and p.silt >= 0 for p in s.players)
    assert sum(p.deben for p in s.players) <= 18
    # Workers: one Farmer per field per player, never more placed than available, field spaces respected
    for i, p in enumerate(s.players):
        assert len(set(p.farmers)) == len(p.farmers)
        assert free_workers(s, i) >= 0
        assert p.workers + len(p.locked) == 8
        assert p.sphinxes == sum(1 for o in s.sphinx_owner if o == i) <= 3
    for f in FIELDS:
        assert sum(1 for p in s.players if f in p.farmers) <= s.settings.field_spaces(f[0])
    # one priest per temple per player (TempleState refuses anything else); at most 3 per player
    for p in s.players:
        assert sum(1 for row in s.temples.priests for q, _ in row if q == p.name) <= 3
    # one Merchant per space
    spaces = [p.merchant for p in s.players if p.merchant is not None]
    assert len(set(spaces)) == len(spaces)


PASSIVE = ("end actions", "skip ", "pass", "done", "nothing", "decline", "reveal")


def eager_choice(acts, rng):
    """A random policy that mostly does something (so Buildings, Sphinxes, Temples ... get exercised)."""
    busy = [a for a in acts if not any(w in a.move for w in PASSIVE)]
    if busy and rng.random() < 0.9:
        return busy[rng.randrange(len(busy))]
    return acts[rng.randrange(len(acts))]


def play_checked(settings, seed, check_illegal=True, eager=False, each_step=None):
    """A seeded random game (``settings``, or a number of players) checked at every step; ``each_step(before,
    after)`` adds a mode's own checks (the Ghost's, the Gifts')."""
    if isinstance(settings, int):
        settings = Settings.for_players(settings)
    rng = random.Random(seed)
    s = new_game(settings)
    entries = []
    while not s.is_terminal:
        check_invariants(s)
        if s.is_chance:
            outs = chance_outcomes(s)
            assert abs(sum(p for _, p in outs) - 1) == 0
            d = sample_chance(s, rng)
            assert d.text in {o.text for o, _ in outs}
        else:
            acts = legal_actions(s)
            texts = [a.text for a in acts]
            assert texts == sorted(set(texts)), "legal actions are unique and sorted by text"
            assert all(a.player == s.to_move for a in acts)
            assert all(Decision.parse(a.text) == a and Decision.parse(a.text).text == a.text for a in acts)
            d = eager_choice(acts, rng) if eager else acts[rng.randrange(len(acts))]
            if check_illegal and rng.random() < 0.05:
                before = s.text(), s.log_text()
                with pytest.raises(IllegalActionError):
                    step(s, f"{s.to_move}: fly to the moon")
                other = next(p.name for p in s.players if p.name != s.to_move)
                with pytest.raises(IllegalActionError):
                    step(s, f"{other}: {d.move}")
                assert (s.text(), s.log_text()) == before
        top = s.top
        entries.append(d.text)
        s2 = step(s, d)
        if each_step is not None:
            each_step(s, s2)
        if top.kind == "nile":  # the end of a turn: the warehouse limit (Phase 4, step 4)
            p = s2.players[top.player]
            assert all(p.reserve[r] <= 4 for r in RESOURCES) and p.deben <= 4 and p.silt <= 4
        s = s2
    check_invariants(s)
    assert s.outcome is not None and s.round == 12 and s.season == 3
    return entries, s


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_the_invariants(n):
    for seed in range(GAMES):
        entries, final = play_checked(n, 1000 * n + seed)
        rec = GameRecord(Settings.for_players(n), 1000 * n + seed, entries)
        back = GameRecord.from_json(rec.to_json())
        assert back == rec
        again = replay(back)
        assert again.text() == final.text()
        for f in (
            "decks",
            "priest_pile",
            "building_pool",
            "building_bottom",
            "tiles",
            "stack",
            "players",
            "pyramid",
            "temples",
            "market",
            "row",
            "sphinx",
            "sphinx_owner",
        ):
            assert getattr(again, f) == getattr(final, f), f
        assert again.log_text() == final.log_text()
        assert again.outcome.totals == final.outcome.totals


@pytest.mark.parametrize("n", [2, 3, 4])
def test_eager_random_games_keep_the_invariants(n):
    """The same checks with a policy that rarely passes: deep paths (Buildings, Sphinxes, Temple cards ...)."""
    for seed in range(GAMES):
        entries, final = play_checked(n, 5000 * n + seed, eager=True)
        assert replay(GameRecord(Settings.for_players(n), seed, entries)).text() == final.text()


def test_every_state_of_a_replay_matches():
    entries, final = play_checked(3, 77, check_illegal=False)
    states = replay(GameRecord(Settings.for_players(3), 77, entries), states=True)
    assert len(states) == len(entries) + 1
    assert states[-1].text() == final.text()
