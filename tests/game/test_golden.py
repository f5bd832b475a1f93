"""Golden playthrough: the full text log of one seeded game (``python -m tameri_kit play --players 3 --seed 11``)
compared with the stored file ``tests/game/golden/game_3p_seed11.txt``.

Any change to the engine's rules, its event texts, the bots or the log format shows up here as a difference.
When such a change is intended, regenerate the file on purpose and review the diff before committing it::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/game/test_golden.py -p no:cacheprovider

(or ``.venv/bin/python -m tameri_kit play --players 3 --seed 11 > tests/game/golden/game_3p_seed11.txt``).
Rulebook: the whole game, Game Setup to End of the Game.
"""

import io
import os
from pathlib import Path

from tameri_kit.game.play.cli import play

GOLDEN = Path(__file__).resolve().parent / "golden" / "game_3p_seed11.txt"
HOW = "UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/game/test_golden.py -p no:cacheprovider"


def _fresh() -> str:
    out = io.StringIO()
    assert play(players=3, seed=11, bots="greedy", out=out) == 0
    return out.getvalue()


def test_golden_playthrough():
    text = _fresh()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8", newline="\n")
    assert GOLDEN.exists(), f"no golden file yet: create it with {HOW}"
    want = GOLDEN.read_text(encoding="utf-8")
    if text != want:
        got_lines, want_lines = text.splitlines(), want.splitlines()
        k = next(
            (i for i, (a, b) in enumerate(zip(got_lines, want_lines)) if a != b), min(len(got_lines), len(want_lines))
        )
        got = got_lines[k] if k < len(got_lines) else "<end of log>"
        exp = want_lines[k] if k < len(want_lines) else "<end of file>"
        raise AssertionError(
            f"the seeded game differs from {GOLDEN.name} at line {k + 1}:\n  stored: {exp}\n  now:    {got}\n"
            f"If the change is intended (engine, bots or log format changed on purpose), regenerate the file with\n"
            f"  {HOW}\nand review `git diff tests/game/golden/` before committing."
        )


def test_golden_file_is_a_whole_game():
    """The stored file itself: 12 rounds in 3 Seasons and a final score table (End of the Game)."""
    text = GOLDEN.read_text(encoding="utf-8")
    assert text.startswith("Tameri, 3 players (John, George, Paul), seed 11, bots greedy,greedy,greedy")
    assert "== Season 3 (Shemu), round 12 ==" in text and "== Final scores (End of the Game) ==" in text
    assert "Winner" in text.splitlines()[-1]
