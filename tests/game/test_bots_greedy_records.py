"""The greedy bot's decisions for seeded games, pinned: a guard for anyone who makes the bot (or the engine under
it) faster - the decisions, and the reasons the bot gives, must stay the same to the byte.

The expected hashes were taken from the greedy bot of branch ``base`` (the Priest rule fix of issue 12 applied,
reading E5), before any speed-up was attempted; they change only when a rule or the bot's evaluation changes on
purpose, and then the new games must be looked at and the hashes replaced in the same commit.

Rulebook: Game Rounds, Phases 1-5 (the decisions the bots take).
"""

import hashlib
import json

import pytest

from tameri_kit.game import Settings
from tameri_kit.game.play.bots import play_game

GAMES = {
    # (players, seed, bots): (entries, sha256 of [entries, [(entry index, decision, the bot's reason), ...]])
    (2, 2, ("greedy", "greedy")): (358, "9329bde078d851dac0678d50b812f34d19613422411448b27b272747fffdbf79"),
    (3, 3, ("greedy", "random", "greedy")): (457, "213fbb07e99f06a599621b22cd0f069808db5f7b891becadadb2029699b3799d"),
}


@pytest.mark.parametrize("players, seed, bots", list(GAMES), ids=lambda v: str(v))
def test_greedy_decisions_and_reasons_stay_the_same(players, seed, bots):
    reasons = []
    record, final = play_game(Settings.for_players(players), seed, list(bots), reasons=reasons)
    assert final.is_terminal
    entries, digest = GAMES[players, seed, bots]
    assert len(record.entries) == entries
    text = json.dumps([list(record.entries), [list(r) for r in reasons]])
    assert hashlib.sha256(text.encode()).hexdigest() == digest
