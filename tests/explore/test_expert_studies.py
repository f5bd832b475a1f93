"""The expert bot's stored games (issue 33): each file is the command docs/bots.md names, its rows are the games
today's code plays, and the solo study's rows add up like the strong bot's.

The files grow a seed at a time (the commands resume), so the tests ask for a prefix of seeds, not a count.
"""

import json
from pathlib import Path

from tameri_kit.explore.ghost_stats import STUDY_DIR, read_study, study_header_of, study_row
from tameri_kit.explore.runner import game_row, read_results
from tameri_kit.game import Settings

SWEEPS = Path(__file__).resolve().parents[2] / "notebooks" / "sweeps"


def _rotations(rows, players):
    """(seed, rotation) pairs, each once, the seeds a prefix 0..k-1 (the last seed's rotations may be partial)."""
    pairs = [(row["seed"], row["rotation"]) for row in rows]
    assert len(pairs) == len(set(pairs))
    seeds = sorted({seed for seed, _ in pairs})
    assert seeds == list(range(len(seeds)))
    assert all(rotation in range(players) for _, rotation in pairs)
    return pairs


def test_the_two_player_sweep_is_its_command_and_todays_games():
    """``explore --players 2 --bots expert,strong --rotate``: the header is that command's (read_results checks it);
    the first game, played again now, gives the stored row (the expert's worlds and playouts are seeded by the
    game's seed and seat)."""
    rows = read_results(SWEEPS / "expert_vs_strong_2p.jsonl", Settings.for_players(2), ["expert", "strong"], True)
    assert len(_rotations(rows, 2)) >= 2
    again = game_row(Settings.for_players(2), ["expert", "strong"], rows[0]["seed"], rows[0]["rotation"])
    assert {"kind": "game", **json.loads(json.dumps(again))} == rows[0]


def test_the_four_player_sweep_is_its_command():
    rows = read_results(
        SWEEPS / "expert_vs_strong_4p.jsonl", Settings.for_players(4), ["expert", "strong", "strong", "strong"], True
    )
    assert len(_rotations(rows, 4)) >= 1
    assert all(row["players"] == 4 for row in rows)


def test_the_solo_study_is_its_command_and_todays_games():
    """``python -m tameri_kit.explore.ghost_stats easy 0-199 docs/ghost_study/expert_easy.jsonl --bot expert``: the
    header names the expert bot, the seeds are a prefix, every row's sources add up to its totals (the study's own
    check), and seed 0 played again gives the stored row."""
    header = study_header_of(STUDY_DIR / "expert_easy.jsonl")
    assert (header["level"], header["x9"], header["bot"]) == ("easy", "always", "expert")
    rows = read_study(STUDY_DIR / "expert_easy.jsonl")
    assert [row["seed"] for row in rows] == list(range(len(rows))) and len(rows) >= 2
    for row in rows:
        assert sum(row["human"].values()) == row["human_total"] and sum(row["ghost"].values()) == row["ghost_total"]
    assert json.loads(json.dumps(study_row("easy", 0, bot="expert"))) == rows[0]


def test_the_x9_study_with_expert_play_is_its_command():
    """``ghost_stats easy 0-39 docs/ghost_study/expert_easy_x9_while_building.jsonl --bot expert --x9
    while_building``: the header names both, and its seeds are those of expert_easy.jsonl's first 40 (paired)."""
    header = study_header_of(STUDY_DIR / "expert_easy_x9_while_building.jsonl")
    assert (header["level"], header["x9"], header["bot"]) == ("easy", "while_building", "expert")
    rows = read_study(STUDY_DIR / "expert_easy_x9_while_building.jsonl")
    assert [row["seed"] for row in rows] == list(range(40))
