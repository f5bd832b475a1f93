"""The expert bot's seeded games, one per mode, pinned: a guard for anyone who makes the engine or the bot faster.

Same seed, same game, byte for byte: the decisions and the reasons the bot gives (its sampled worlds and playouts
are seeded by the game's seed and seat) must stay the same.  The hashes were taken from the expert bot of 5d89e0a
(learned values, issue 33), with ``expert:2`` (2 playouts a decision, so that the five games take seconds; the
default budget's games are pinned by the stored sweeps and studies: ``tests/explore/test_expert_studies.py``).  They
change only when a rule or the bot changes on purpose, and then the new games must be looked at, the old version
kept under its own name when stored games were played with it (as ``expert_hand``), and the hashes replaced in the
same commit.

Rulebook: Game Rounds, Phases 1-5, End of the Game (the decisions the bot takes, and the games' ends).
"""

import hashlib
import json

import pytest

from tameri_kit.game import Settings
from tameri_kit.game.play.bots import play_game
from tameri_kit.game.play.record import replay

SEED = 5
GAMES = {
    # mode: (settings, bots in seat order, entries, sha256 of [entries, [(entry index, decision, reason), ...]])
    "solo against the easy Ghost": (
        Settings.for_players(1, ghost="easy"),
        ("expert:2",),
        282,
        "da1d498336d54ba2df0f346e4ebf8c37c8afc75392893403712d53b50365e6a7",
    ),
    "2 players": (
        Settings.for_players(2),
        ("expert:2", "strong"),
        406,
        "93c6023566a2942055a403018c99637bf908a8c8833fd2888548d2acf36bae2b",
    ),
    "3 players": (
        Settings.for_players(3),
        ("strong", "expert:2", "strong"),
        565,
        "f5d8038aaf6bcdc6175b955f18185a06e089dbc6bfd828a1d190618261fff778",
    ),
    "4 players": (
        Settings.for_players(4),
        ("strong", "strong", "expert:2", "strong"),
        702,
        "3ee47d33052ebfda07db2fc3e3ff8297062e464744f8467cd6db0cf383b3c177",
    ),
    "2 players and the hard Ghost": (
        Settings.for_players(2, ghost="hard"),
        ("expert:2", "strong"),
        440,
        "ed7d7ec8e856cc3845698533d7ec88906235d7a55db6f1713683ba6084d171af",
    ),
}


@pytest.mark.parametrize("mode", list(GAMES))
def test_the_experts_seeded_game_stays_the_same(mode):
    settings, bots, entries, digest = GAMES[mode]
    reasons: list = []
    record, final = play_game(settings, SEED, list(bots), reasons=reasons)
    assert final.is_terminal and len(record.entries) == entries
    searched = [text for _, _, text in reasons if " played out " in text]
    assert searched, "the expert bot searched no decision"  # a searched decision's reason says so (reason_of)
    text = json.dumps([list(record.entries), [list(reason) for reason in reasons]])
    assert hashlib.sha256(text.encode()).hexdigest() == digest
    assert replay(record).outcome == final.outcome  # every decision legal, the same end
