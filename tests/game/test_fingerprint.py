"""A fingerprint of the whole game's rules: 75 seeded random games (25 each of 2, 3 and 4 players) hashed into one
value that must not change unless a rule, an event text or the order of decisions changes on purpose.

What is hashed, game by game: every entry of the record (decisions and chance outcomes, in order), every event of
the final state's log (text, rule and the seat it is private to) and the outcome (the score table, the winners and
the tie-break).  Rulebook: the whole base game, Game Setup to End of the Game.

The stored hash was produced by the engine before it was split into modules (issue 11: "no rule changes"); it
guards every refactoring of ``tameri_kit.game``.  If a change of the rules is intended, print the new value with
``FINGERPRINT_PRINT=1`` and explain the change in the commit that updates ``FINGERPRINT``.
"""

from __future__ import annotations

import hashlib
import os

import pytest

from tameri_kit.game import Settings, random_playout

#: History: 186c0192... - the engine before and through the split of issue 11 (unchanged by every commit of it);
#: 8a0ba589... - issue 12's rule fix: a Priest entering a Temple may use a Worker moved from elsewhere (reading E5).
FINGERPRINT = "8a0ba58933340c610202e326dc1d4b823775b82a00fbea227b0b0cd5d03627bf"
SEEDS = range(25)
PLAYER_COUNTS = (2, 3, 4)


def game_fingerprint(players: int, seed: int) -> bytes:
    """The bytes that stand for one seeded random game: entries, the full log and the outcome."""
    entries, final = random_playout(Settings.for_players(players), seed)
    parts = [f"players {players} seed {seed}", *entries, "-- log --"]
    parts += [f"{event.text}\t{event.rule}\t{event.seat}" for event in final.events()]
    outcome = final.outcome
    parts += ["-- outcome --", outcome.table_text(), f"winners {outcome.winners}", f"tiebreak {outcome.tiebreak}"]
    return "\n".join(parts).encode("utf-8")


def all_games_fingerprint() -> str:
    digest = hashlib.sha256()
    for players in PLAYER_COUNTS:
        for seed in SEEDS:
            digest.update(game_fingerprint(players, seed))
            digest.update(b"\x00")
    return digest.hexdigest()


def test_fingerprint_of_75_seeded_games_is_unchanged():
    value = all_games_fingerprint()
    if os.environ.get("FINGERPRINT_PRINT"):
        print(f"\nFINGERPRINT = {value!r}")
    assert value == FINGERPRINT, (
        "the 75 seeded games differ from the stored fingerprint: a rule, an event text or the order of decisions "
        "changed (see this module's docstring)"
    )


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_a_game_fingerprint_covers_entries_log_and_outcome(players):
    """The bytes hashed for one game hold its entries, every event and the final table (so the hash can fail)."""
    text = game_fingerprint(players, 0).decode("utf-8")
    entries, final = random_playout(Settings.for_players(players), 0)
    assert entries[0] in text and entries[-1] in text
    assert final.events()[-1].text in text
    assert "winners" in text and final.outcome.table_text() in text
    assert game_fingerprint(players, 0) != game_fingerprint(players, 1)
