"""``python -m bench.compare REV_A REV_B``: time ``random_playout`` of two commits side by side (4 players;
``--players 2``, or ``--players 2 --ghost hard`` for two humans and the Ghost of the +1 Player Mode).

Each revision is checked out with ``git worktree add --detach`` into a temporary directory (removed afterwards);
``WORKTREE`` (the current files, committed or not) may be given instead of a revision.  The two are then timed in
alternating fresh Python processes, A B A B ..., so that a busy minute on a shared machine slows both alike.  Each
process plays the same seeded games (``--games``, seeds 0..N-1) ``--repeats`` times and reports its fastest repeat
(the ``timeit`` convention: other work only ever adds time), measured by default as the process's CPU time
(``--clock cpu``), which neighbours on a shared machine disturb far less than wall-clock time (``--clock wall``).  The result is the ratio B / A of the best times over
all rounds (and of the medians): below 1.00, B is faster.

``--instructions`` counts instead of timing: each checkout plays the seeded games under ``valgrind --tool=callgrind``
(one warm-up game first, ``PYTHONHASHSEED=0``), minus the same run with no games (start-up, imports, data), divided
by the number of games.  The count does not depend on the machine's load, so it is the figure to quote on a busy
machine (it takes a few minutes: valgrind runs Python about fifty times slower).

``--compiled b`` (or ``a``, or ``both``) measures that side's compiled engine (issue 34): the checkout's modules of
the current ``tameri_kit/_compiled.py`` list are built in place with ``tools/compile_engine.py --inplace`` (for
``WORKTREE``: its ``make env`` build); a side not named runs as pure Python (``TAMERI_KIT_PURE=1``, which older
commits ignore: they have no compiled build).  Building takes a minute or two per side.

Example (issue 11, the engine split; the figure is in docs/performance.md)::

    python -m bench.compare b499c94 HEAD --rounds 6
    python -m bench.compare base HEAD --instructions --games 10
    python -m bench.compare bca513b HEAD --instructions --games 10 --compiled b
"""

from __future__ import annotations

from contextlib import contextmanager

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
WORKTREE = "WORKTREE"

#: The timing run inside each checkout: the games' seconds (best of the repeats) on stdout.
PROGRAM = """
import sys, time
from tameri_kit.game import Settings, random_playout
players, ghost = int(sys.argv[4]), (sys.argv[5] if sys.argv[5] != "-" else None)
settings = Settings.for_players(players, ghost=ghost) if ghost else Settings.for_players(players)
games, repeats = int(sys.argv[1]), int(sys.argv[2])
clock = time.process_time if sys.argv[3] == "cpu" else time.perf_counter
random_playout(settings, 0)
best = float("inf")
for _ in range(repeats):
    start = clock()
    for seed in range(games):
        random_playout(settings, seed)
    best = min(best, clock() - start)
print(best)
"""


#: The counting run: one warm-up game, then the seeded games (none for the baseline run).
COUNT_PROGRAM = """
import sys
from tameri_kit.game import Settings, random_playout
players, ghost = int(sys.argv[2]), (sys.argv[3] if sys.argv[3] != "-" else None)
settings = Settings.for_players(players, ghost=ghost) if ghost else Settings.for_players(players)
random_playout(settings, 0)
for seed in range(int(sys.argv[1])):
    random_playout(settings, seed)
"""


def checkout(revision: str, into: Path, compiled: bool = False) -> Path:
    """A detached worktree of ``revision`` in ``into`` (or the repository itself for ``WORKTREE``); with
    ``compiled``, its compiled engine built (see the module's docstring)."""
    if revision == WORKTREE:
        path = REPO
        command = [sys.executable, str(REPO / "tools" / "compile_engine.py")]
    else:
        subprocess.run(
            ["git", "-C", str(REPO), "worktree", "add", "--detach", "--quiet", str(into), revision], check=True
        )
        path = into
        command = [sys.executable, str(REPO / "tools" / "compile_engine.py"), "--inplace", str(into)]
    if compiled:
        subprocess.run(command, check=True)
    return path


def run_env(path: Path, compiled: bool = False) -> dict:
    """The environment of a measured process: the code in ``path``, hash seed 0, compiled or pure Python."""
    env = {**os.environ, "PYTHONPATH": str(path), "PYTHONHASHSEED": "0"}
    env.pop("TAMERI_KIT_PURE", None)
    if not compiled:
        env["TAMERI_KIT_PURE"] = "1"
    return env


def labels(revision_a: str, revision_b: str, flags: tuple[bool, bool]) -> tuple[str, str]:
    """How the two sides are named in the output and the results: the revision, "+c" when compiled, and A / B when
    that leaves them alike (``WORKTREE WORKTREE --compiled b`` compares one tree pure and compiled)."""
    named = [f"{revision}{'+c' if flag else ''}" for revision, flag in zip((revision_a, revision_b), flags)]
    if named[0] == named[1]:
        named = [f"{named[0]} (A)", f"{named[1]} (B)"]
    return named[0], named[1]


def sides(compiled: str) -> tuple[bool, bool]:
    """Which of A and B run compiled, for ``--compiled`` (``none``, ``a``, ``b`` or ``both``)."""
    if compiled not in ("none", "a", "b", "both"):
        raise ValueError(f"--compiled must be none, a, b or both, not {compiled!r}")
    return compiled in ("a", "both"), compiled in ("b", "both")


def remove(path: Path) -> None:
    if path != REPO:
        subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(path)], check=False)


@contextmanager
def checked_out(revision_a: str, revision_b: str, compiled: str = "none"):
    """Both revisions side by side, each in a temporary worktree removed afterwards (``compiled``: which side builds
    its compiled engine): yields ``(label, path, compiled?)`` for A, then B."""
    flags = sides(compiled)
    names = labels(revision_a, revision_b, flags)
    with tempfile.TemporaryDirectory(prefix="tameri-bench-") as tmp:
        paths: list[Path] = []
        try:
            for name, revision, flag in zip("ab", (revision_a, revision_b), flags):
                paths.append(checkout(revision, Path(tmp) / name, flag))
            yield list(zip(names, paths, flags))
        finally:
            for path in paths:
                remove(path)


def time_once(
    path: Path,
    games: int,
    repeats: int,
    clock: str = "cpu",
    players: int = 4,
    ghost: str | None = None,
    compiled: bool = False,
) -> float:
    """Seconds for ``games`` random 4-player games with the code in ``path`` (a fresh process); ``clock``: "cpu"
    (the process's CPU time, which other tenants of a shared machine disturb far less) or "wall"."""
    env = run_env(path, compiled)
    out = subprocess.run(
        [sys.executable, "-c", PROGRAM, str(games), str(repeats), clock, str(players), ghost or "-"],
        cwd=str(path),
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.strip().splitlines()[-1])


def instructions_once(
    path: Path, games: int, players: int = 4, ghost: str | None = None, compiled: bool = False
) -> int:
    """Instructions executed (callgrind's total) by a fresh process playing ``games`` random games of ``players``
    seats (with ``ghost``: that many humans and the Ghost of the +1 Player Mode) with the code in ``path`` after one
    warm-up game."""
    env = run_env(path, compiled)
    with tempfile.TemporaryDirectory(prefix="tameri-callgrind-") as tmp:
        out_file = Path(tmp) / "callgrind.out"
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}"]
            + [sys.executable, "-c", COUNT_PROGRAM, str(games), str(players), ghost or "-"],
            cwd=str(path),
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )
        for line in out_file.read_text(encoding="utf-8").splitlines():
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise RuntimeError("callgrind wrote no total")


def compare_instructions(
    revision_a: str,
    revision_b: str,
    *,
    games: int = 10,
    players: int = 4,
    ghost: str | None = None,
    compiled: str = "none",
    echo=print,
) -> dict:
    """Instructions per game of the two revisions (callgrind; see the module's docstring) and their ratio B / A;
    ``players`` seats, or ``players`` humans and the Ghost (``ghost``: its difficulty); ``compiled``: which side
    runs its compiled engine."""
    per_game = {}
    with checked_out(revision_a, revision_b, compiled) as both:
        for label, path, flag in both:
            count = instructions_once(path, games, players, ghost, flag) - instructions_once(
                path, 0, players, ghost, flag
            )
            per_game[label] = count / games
            echo(f"{label:>14}  {per_game[label] / 1e6:8.2f} million instructions a game")
    names = [label for label, _, _ in both]
    ratio = per_game[names[1]] / per_game[names[0]]
    echo(f"instructions: ratio B/A {ratio:.3f}")
    return {"instructions": per_game, "ratio": ratio}


def compare(
    revision_a: str,
    revision_b: str,
    *,
    rounds: int = 5,
    games: int = 100,
    repeats: int = 3,
    clock: str = "cpu",
    players: int = 4,
    ghost: str | None = None,
    compiled: str = "none",
    echo=print,
) -> dict:
    """Time the two revisions in alternating processes; returns the times and the ratios B / A."""
    with checked_out(revision_a, revision_b, compiled) as both:
        (name_a, _, _), (name_b, _, _) = both
        times: dict[str, list[float]] = {name_a: [], name_b: []}
        for round_number in range(rounds):
            order = (0, 1) if round_number % 2 == 0 else (1, 0)
            for k in order:
                label, path, flag = both[k]
                seconds = time_once(path, games, repeats, clock, players, ghost, flag)
                times[label].append(seconds)
                echo(f"round {round_number + 1}: {label:>14}  {1000 * seconds / games:6.2f} ms a game")
    best_a, best_b = min(times[name_a]), min(times[name_b])
    median_a, median_b = statistics.median(times[name_a]), statistics.median(times[name_b])
    result = {
        "times": times,
        "best_ratio": best_b / best_a,
        "median_ratio": median_b / median_a,
        "ms_a": 1000 * best_a / games,
        "ms_b": 1000 * best_b / games,
    }
    echo(
        f"best:   {name_a} {result['ms_a']:.2f} ms, {name_b} {result['ms_b']:.2f} ms a game; "
        f"ratio B/A {result['best_ratio']:.3f}"
    )
    echo(f"median: ratio B/A {result['median_ratio']:.3f}")
    return result


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.compare", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("revision_a", help="the reference: a commit, branch or tag (or WORKTREE)")
    parser.add_argument("revision_b", help="the candidate: a commit, branch or tag (or WORKTREE)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (one process per revision each)")
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help="seeded games per run (seeds 0..N-1; default 100, 10 with --instructions)",
    )
    parser.add_argument("--repeats", type=int, default=3, help="repeats per process; the fastest counts")
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="the process's CPU time (default: steadier on a shared machine) or wall-clock time",
    )
    parser.add_argument(
        "--players", type=int, default=4, help="seats of the random games (with --ghost: the humans, 1 to 3)"
    )
    parser.add_argument(
        "--ghost",
        choices=("easy", "intermediate", "hard"),
        default=None,
        help="play the +1 Player Mode: --players humans and the Ghost of this difficulty",
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions with valgrind's callgrind instead of timing (deterministic; slow)",
    )
    parser.add_argument(
        "--compiled",
        choices=("none", "a", "b", "both"),
        default="none",
        help="which side runs its compiled engine (built in its checkout first; default: both pure Python)",
    )
    args = parser.parse_args(argv)
    if args.instructions:
        compare_instructions(
            args.revision_a,
            args.revision_b,
            games=args.games or 10,
            players=args.players,
            ghost=args.ghost,
            compiled=args.compiled,
        )
        return
    compare(
        args.revision_a,
        args.revision_b,
        rounds=args.rounds,
        games=args.games or 100,
        repeats=args.repeats,
        clock=args.clock,
        players=args.players,
        ghost=args.ghost,
        compiled=args.compiled,
    )


if __name__ == "__main__":
    main()
