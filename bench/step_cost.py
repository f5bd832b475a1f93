"""``python -m bench.step_cost REV_A REV_B``: what one decision costs through the public API, in instructions.

A decision of a search or a bot is ``legal_actions(state)`` then ``step(state, decision)``.  Each revision plays
the same seeded random games through the public loop (``sample_chance`` / ``legal_actions`` / ``step``) under
``valgrind --tool=callgrind`` with ``PYTHONHASHSEED=0``, after one warm-up game; the program calls ``os.getppid()``
just before ``legal_actions`` and just after ``step``, and callgrind dumps its counts at each call
(``--dump-before=getppid``), so every other dump holds exactly one decision's instructions (the marker's own few
hundred included).  Chance steps fall between the markers and are not counted.  It prints the median, the mean
and the 10th and 90th percentiles per decision, and the ratios B / A.

``--compiled a|b|both`` measures that side's compiled engine, as in ``bench.compare``.

Example (issue 34; the figures are in docs/performance.md)::

    python -m bench.step_cost bca513b HEAD --players 4 --games 2
    python -m bench.step_cost bca513b HEAD --players 4 --games 2 --compiled b
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from .compare import checked_out, run_env

#: The program: one warm-up game, then the seeded games with a marker around each decision.
PROGRAM = """
import os, random, sys
from tameri_kit.game import Settings, legal_actions, new_game, sample_chance, step
games, players, ghost = int(sys.argv[1]), int(sys.argv[2]), (sys.argv[3] if sys.argv[3] != "-" else None)
settings = Settings.for_players(players, ghost=ghost) if ghost else Settings.for_players(players)
def play(seed, mark):
    rng, state = random.Random(seed), new_game(settings)
    while not state.is_terminal:
        if state.is_chance:
            state = step(state, sample_chance(state, rng))
            continue
        if mark:
            os.getppid()
        actions = legal_actions(state)
        state = step(state, actions[rng.randrange(len(actions))])
        if mark:
            os.getppid()
play(0, False)
for seed in range(games):
    play(seed, True)
"""


def decision_costs(
    path: Path, games: int, players: int = 4, ghost: str | None = None, compiled: bool = False
) -> list[int]:
    """Instructions of each decision (``legal_actions`` + ``step``) of ``games`` seeded random games played with the
    code in ``path``."""
    env = run_env(path, compiled)
    with tempfile.TemporaryDirectory(prefix="tameri-callgrind-") as tmp:
        out_file = Path(tmp) / "callgrind.out"
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--dump-before=getppid", "--combine-dumps=yes", "--dump-instr=no"]
            + [f"--callgrind-out-file={out_file}", sys.executable, "-c", PROGRAM, str(games), str(players)]
            + [ghost or "-"],
            cwd=str(path),
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        totals = []
        with out_file.open(encoding="utf-8") as lines:
            for line in lines:
                if line.startswith("totals:"):
                    totals.append(int(line.split()[1]))
    # part 1: start-up and the warm-up game; then a decision, the steps up to the next one, a decision, ...; the
    # last part is what follows the last decision
    return totals[1:-1:2]


def summary(costs: list[int]) -> dict:
    ordered = sorted(costs)
    return {
        "decisions": len(costs),
        "median": statistics.median(ordered),
        "mean": statistics.fmean(ordered),
        "p10": ordered[len(ordered) // 10],
        "p90": ordered[(9 * len(ordered)) // 10],
    }


def compare_steps(
    revision_a: str,
    revision_b: str,
    *,
    games: int = 2,
    players: int = 4,
    ghost: str | None = None,
    compiled: str = "none",
    echo=print,
) -> dict:
    """Instructions per decision of the two revisions and the ratios B / A of their medians and means."""
    results = {}
    with checked_out(revision_a, revision_b, compiled) as both:
        for label, path, flag in both:
            results[label] = result = summary(decision_costs(path, games, players, ghost, flag))
            echo(
                f"{label:>14}  {result['decisions']} decisions: median {result['median'] / 1e3:.1f} k, mean "
                f"{result['mean'] / 1e3:.1f} k, 10% {result['p10'] / 1e3:.1f} k, 90% {result['p90'] / 1e3:.1f} k "
                "instructions (legal_actions + step)"
            )
    names = [label for label, _, _ in both]
    a, b = results[names[0]], results[names[1]]
    ratios = {"median": b["median"] / a["median"], "mean": b["mean"] / a["mean"]}
    echo(f"ratio B/A: median {ratios['median']:.3f}, mean {ratios['mean']:.3f}")
    return {"results": results, "ratios": ratios}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.step_cost", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("revision_a", help="the reference: a commit, branch or tag (or WORKTREE)")
    parser.add_argument("revision_b", help="the candidate: a commit, branch or tag (or WORKTREE)")
    parser.add_argument("--games", type=int, default=2, help="seeded games (seeds 0..N-1; default 2)")
    parser.add_argument("--players", type=int, default=4, help="seats (with --ghost: the humans, 1 to 3)")
    parser.add_argument("--ghost", choices=("easy", "intermediate", "hard"), default=None, help="the +1 Player Mode")
    parser.add_argument(
        "--compiled", choices=("none", "a", "b", "both"), default="none", help="which side runs its compiled engine"
    )
    args = parser.parse_args(argv)
    compare_steps(
        args.revision_a,
        args.revision_b,
        games=args.games,
        players=args.players,
        ghost=args.ghost,
        compiled=args.compiled,
    )


if __name__ == "__main__":
    main()
