"""Records saved before issue 24 (the frame kinds' abbreviated names: ``s0_pick``, ``sfx``, ``field_res``,
``season_pts``, ``pay_any`` ...) replay identically with the full-word names.

Rulebook: the whole game with the Gifts of the Gods.  The two records in ``tests/game/golden/`` were written by the
engine of commit f579325 (before the renaming) playing seeded random choices, 4 players with the Gifts; the hashes
below are of that engine's final log (text, rule, seat of every event) and score table, printed by the same
script.  Seed 4 passes through the old ``s0_pick``, ``s0_farmer``, ``sfx`` and ``pay_any`` frames, seed 31
through ``s0_pick``, ``s0_farmer``, ``sfx``, ``field_res`` and ``season_pts``.  A record holds moves, never kind
names, so no shim is needed: this test is the proof.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tameri_kit.game import GameRecord, replay

GOLDEN = Path(__file__).resolve().parent / "golden"
OLD_ENGINE_HASHES = {
    4: ("a7c8fb7e4671747134ec6625fcbf1c187b984b7c73eb63b6c03a2c0d5d9415c0", 586),
    31: ("efe05dc23a84b2238f286c43087a61c5c179e02abcc6a308de29c2db27098ed7", 603),
}
OLD_KIND_NAMES = ("s0_pick", "s0_farmer", "sfx", "f4", "d4", "field_res", "season_pts", "pay_any")


@pytest.mark.parametrize("seed", sorted(OLD_ENGINE_HASHES))
def test_a_record_saved_before_the_renaming_replays_identically(seed):
    text = (GOLDEN / f"record_before_issue24_4p_gifts_seed{seed}.json").read_text(encoding="utf-8")
    assert not any(f'"{name}"' in text for name in OLD_KIND_NAMES)  # moves only: no kind name is stored
    record = GameRecord.from_json(text)
    want, entries = OLD_ENGINE_HASHES[seed]
    assert len(record.entries) == entries
    final = replay(record)
    assert final.is_terminal
    log = "\n".join(f"{e.text}\t{e.rule}\t{e.seat}" for e in final.events()) + "\n" + final.outcome.table_text()
    assert hashlib.sha256(log.encode()).hexdigest() == want
