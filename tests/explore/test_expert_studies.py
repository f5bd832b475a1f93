"""The expert bot's stored games (issue 33): each file is the command docs/bots.md names, its rows are the games
today's code plays, and the solo study's rows add up like the strong bot's.

The files grow a seed at a time (the commands resume), so the tests ask for a prefix of seeds, not a count.
"""

import json

import pytest
from pathlib import Path

from tameri_kit.explore.ghost_stats import STUDY_DIR, read_study, study_header_of, study_row
from tameri_kit.explore.runner import game_row, read_results
from tameri_kit.game import Settings

SWEEPS = Path(__file__).resolve().parents[2] / "notebooks" / "sweeps"

#: (bot, file name, level, reading X9) of every stored solo study with an expert bot.
STUDIES = [
    ("expert", "expert_easy", "easy", "always"),
    ("expert", "expert_easy_x9_while_building", "easy", "while_building"),
    ("expert", "expert_intermediate", "intermediate", "always"),
    ("expert", "expert_hard", "hard", "always"),
    ("expert_hand", "expert_hand_easy", "easy", "always"),
    ("expert_hand", "expert_hand_easy_x9_while_building", "easy", "while_building"),
]


def _rotations(rows, players):
    """(seed, rotation) pairs, each once, the seeds a prefix 0..k-1 (the last seed's rotations may be partial)."""
    pairs = [(row["seed"], row["rotation"]) for row in rows]
    assert len(pairs) == len(set(pairs))
    seeds = sorted({seed for seed, _ in pairs})
    assert seeds == list(range(len(seeds)))
    assert all(rotation in range(players) for _, rotation in pairs)
    return pairs


def test_the_first_versions_two_player_sweep_is_its_command_and_todays_games():
    """``explore --players 2 --bots expert_hand,strong --rotate`` (the first version, renamed from ``expert`` when the
    learned values came: the same games): the header is that command's (read_results checks it); the first game,
    played again now, gives the stored row (the expert's worlds and playouts are seeded by the game's seed and
    seat)."""
    rows = read_results(
        SWEEPS / "expert_hand_vs_strong_2p.jsonl", Settings.for_players(2), ["expert_hand", "strong"], True
    )
    assert len(_rotations(rows, 2)) == 400
    again = game_row(Settings.for_players(2), ["expert_hand", "strong"], rows[0]["seed"], rows[0]["rotation"])
    assert {"kind": "game", **json.loads(json.dumps(again))} == rows[0]


def test_the_two_player_sweep_is_its_command():
    """The expert bot's own sweep (``--bots expert,strong --rotate``): its header is the command's (its first game is
    played again in ``tests/lessons/test_lesson_11_sweeps.py``, which reads it for lesson 11)."""
    rows = read_results(SWEEPS / "expert_vs_strong_2p.jsonl", Settings.for_players(2), ["expert", "strong"], True)
    assert len(_rotations(rows, 2)) >= 2


@pytest.mark.parametrize("bot", ["expert", "expert_hand"])
def test_the_four_player_sweeps_are_their_command(bot):
    rows = read_results(
        SWEEPS / f"{bot}_vs_strong_4p.jsonl", Settings.for_players(4), [bot, "strong", "strong", "strong"], True
    )
    assert len(_rotations(rows, 4)) >= 1
    assert all(row["players"] == 4 for row in rows)


@pytest.mark.parametrize(("bot", "name", "level", "x9"), STUDIES)
def test_the_solo_studies_are_their_command(bot, name, level, x9):
    """``python -m tameri_kit.explore.ghost_stats LEVEL 0-N docs/ghost_study/NAME.jsonl --bot BOT [--x9 X9]``: the
    header names the bot, the level and the reading, the seeds are a prefix, and every row's sources add up to its
    totals (the study's own check)."""
    header = study_header_of(STUDY_DIR / f"{name}.jsonl")
    assert (header["level"], header["x9"], header["bot"]) == (level, x9, bot)
    rows = read_study(STUDY_DIR / f"{name}.jsonl")
    assert [row["seed"] for row in rows] == list(range(len(rows))) and len(rows) >= 2
    for row in rows:
        assert sum(row["human"].values()) == row["human_total"] and sum(row["ghost"].values()) == row["ghost_total"]


@pytest.mark.parametrize("bot", ["expert", "expert_hand"])
def test_seed_0_of_each_versions_solo_study_is_todays_game(bot):
    rows = read_study(STUDY_DIR / f"{bot}_easy.jsonl")
    assert json.loads(json.dumps(study_row("easy", 0, bot=bot))) == rows[0]
