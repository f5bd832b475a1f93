"""Command line: ``python -m tameri_kit data check [PATH]`` and ``python -m tameri_kit data summary [PATH]``;
``python -m tameri_kit play [--players N] [--ghost LEVEL] [--seed S] [--bots KINDS] [--record FILE [--no-reasons]]
[--gifts [--gift-discards]] [--promo]`` and
``python -m tameri_kit replay FILE`` (whole games between bots: :mod:`tameri_kit.game.play.cli`);
``python -m tameri_kit share RECORD [-o PAGE] [--force] [--notes NOTES.md] [--ask STEPS]`` (a record as one
self-contained web page) and ``python -m tameri_kit share --check PAGE`` (is a page the one its record makes?):
:mod:`tameri_kit.share.cli`;
``python -m tameri_kit explore --players N --bots KINDS --games G --out FILE`` (many games and their win rates:
:mod:`tameri_kit.explore.cli`).

``data check`` checks every known data file in PATH (a folder or one file; default: the kit's own data): the
schema, the counts, unique ids, glyph and resource names, each record's ``source``, and every fact the rulebook
states.  It prints each problem as ``file: record: field: why`` and exits 1, or prints a per-file summary
(records, from the rulebook, illustrative) and exits 0.
"""

from __future__ import annotations

import sys
from pathlib import Path


def _summary_lines(path: Path | None) -> list[str]:
    from .data import CHECKS, DATA_DIR
    from .data.components import provenance_summary

    root = Path(path) if path else DATA_DIR
    folder = root.parent if root.is_file() else root
    only = {root.name} if root.is_file() else {n for n in CHECKS if (folder / n).exists()}
    rows = [r for r in provenance_summary(folder) if r.component in only]
    width = max([len(r.component) for r in rows] + [4])
    out = [f"{'file':<{width}}  records  rulebook  illustrative  partly"]
    for r in rows:
        out.append(f"{r.component:<{width}}  {r.records:>7}  {r.from_rulebook:>8}  {r.illustrative:>12}  {r.partly:>6}")
    out.append("('partly': a rulebook record with illustrative fields, or an illustrative one honouring stated facts)")
    return out


def _summary_problems(path: Path | None) -> list[str]:
    """Why ``data summary`` cannot count the records of ``path`` (a folder or one data file): each file that is
    not a readable, parsable data file, or holds no records."""
    from .data import CHECKS, DATA_DIR
    from .data.loader import read_toml
    from .files import printable, regular_file_problem

    root = Path(path) if path else DATA_DIR
    if not root.is_dir():
        problem = regular_file_problem(root)
        if problem:
            return [f"{printable(root)}: {problem}; give a data folder or a .toml file"]
        if root.name not in CHECKS:
            return [f"{printable(root)}: not a known data file; known files: {', '.join(sorted(CHECKS))}"]
        files = [root]
    else:
        files = [root / name for name in CHECKS if (root / name).exists()]
    problems = []
    for file in files:
        doc, errors = read_toml(file)
        problems += [printable(error) for error in errors]
        if doc is not None and not errors and not _has_records(doc):
            problems.append(f"{printable(file.name)}: no records (an empty data file?)")
    return problems


def _has_records(table) -> bool:
    """Whether a data document holds any record (a table with a ``source``)."""
    items = table.values() if isinstance(table, dict) else table
    for value in items:
        if isinstance(value, dict) and ("source" in value or _has_records(value)):
            return True
        if isinstance(value, list) and _has_records(value):
            return True
    return False


def data_check(path: str | None, out=None) -> int:
    """Check the data; print the problems (exit code 1) or a summary (exit code 0)."""
    from .data.components import check_all

    from .files import printable

    out = out or sys.stdout
    problems = check_all(path)
    if problems:
        for p in problems:
            print(printable(p), file=out)  # ids and values come from the file: escaped, one line each
        print(f"{len(problems)} problem(s)", file=out)
        return 1
    where = path or "the kit's own data"
    print(f"no problems in {where}", file=out)
    for line in _summary_lines(Path(path) if path else None):
        print(line, file=out)
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["explore"]:  # many games and their win rates: tameri_kit.explore.cli has its own options
        from .explore.cli import main as explore_main

        return explore_main(argv[1:])
    from .game.play.cli import CommandParser

    parser = CommandParser(prog="python -m tameri_kit", description="Tools for the Tameri teaching kit.")
    sub = parser.add_subparsers(dest="command", required=True)
    data = sub.add_parser("data", help="component data files")
    dsub = data.add_subparsers(dest="data_command", required=True)
    chk = dsub.add_parser("check", help="check data files against the schema and the rulebook's stated facts")
    chk.add_argument("path", nargs="?", default=None, help="a folder or a single .toml file (default: the kit's)")
    summ = dsub.add_parser("summary", help="per file: records, from the rulebook, illustrative")
    summ.add_argument("path", nargs="?", default=None)
    pl = sub.add_parser("play", help="play a whole seeded game between bots and print its log and scores")
    pl.add_argument(
        "--players", type=int, default=3, choices=(1, 2, 3, 4), help="2 to 4, or 1 to 3 with --ghost (default 3)"
    )
    pl.add_argument(  # ghost16
        "--ghost",
        choices=("easy", "intermediate", "hard"),
        default=None,
        help="add the Ghost of the +1 Player Mode at this level (1 to 3 players: --players 1 is the solo game)",
    )
    pl.add_argument("--seed", type=int, default=0, help="the seed: the same seed gives the same game (default 0)")
    pl.add_argument(
        "--bots",
        default="greedy",
        help="one bot for everyone or one per player, comma separated: random, greedy, strong; with the [openspiel] "
        "extra also mcts[:N] (its search sees hidden cards) and ismcts[:N] (it does not peek) (default greedy)",
    )
    pl.add_argument(
        "--record",
        metavar="FILE",
        default=None,
        help="save the game record (JSON) to FILE, with each bot decision's reason in the bot's words",
    )
    pl.add_argument(
        "--no-reasons", action="store_true", help="with --record: leave the bots' reasons out of the record"
    )
    # gifts16: the Gifts of the Gods mini expansion and the promo cards 0 and infinity
    pl.add_argument("--gifts", action="store_true", help="play with the Gifts of the Gods (deal 3, keep 1)")
    pl.add_argument(
        "--gift-discards", action="store_true", help="with --gifts: shuffle the discarded Gifts into the Priest deck"
    )
    pl.add_argument("--promo", action="store_true", help="shuffle the promo cards 0 and \u221e into the Temple deck")
    rp = sub.add_parser("replay", help="replay a saved game record and print the same log and scores")
    rp.add_argument("file", help="a game record (JSON) saved by 'play --record'")
    sh = sub.add_parser("share", help="write a saved game as one web page to step through in any browser")
    sh.add_argument("record", help="a game record (JSON) saved by 'play --record', or a shared page")
    sh.add_argument("-o", "--output", metavar="PAGE", default=None, help="the page to write (default: RECORD.html)")
    sh.add_argument(
        "--force", action="store_true", help="replace PAGE if it exists (without it, an existing file is kept)"
    )
    sh.add_argument("--notes", metavar="NOTES.md", default=None, help="a teacher's notes ('## step 57', '## round 2')")
    sh.add_argument(
        "--ask", metavar="STEPS", default=None, help="ask 'what would you do here?' at these steps (57,120)"
    )
    sh.add_argument(
        "--check",
        action="store_true",
        help="RECORD is a shared page: make it again from the record it carries and say whether it is byte-identical",
    )
    sub.add_parser(  # handed over to explore/cli.py above; listed here so that --help names it
        "explore",
        help="play many seeded games between bots: win rates, ratings, the Ghost's levels, readings compared "
        "(its own options: explore --help)",
    )
    args = parser.parse_args(argv)
    from .errors import TameriError

    try:
        if args.command == "play":
            from .game.play.cli import play
            from .openspiel.extra import load_search_bots

            load_search_bots((args.bots or "").split(","))  # mcts[:N] / ismcts[:N]: the [openspiel] extra's bots

            extras = {"gifts": args.gifts, "gift_discards": args.gift_discards, "promo": args.promo}  # gifts16
            return play(
                args.players,
                args.seed,
                args.bots,
                args.record,
                ghost=args.ghost,
                reasons=not args.no_reasons,
                **{k: v for k, v in extras.items() if v},
            )
        if args.command == "replay":
            from .game.play.cli import replay_file

            return replay_file(args.file)
        if args.command == "share":
            from .share.cli import check_file, share_file

            if args.check:
                return check_file(args.record)
            return share_file(args.record, args.output, force=args.force, notes_path=args.notes, ask=args.ask)
    except TameriError as e:  # e.g. a broken data file (DataError: file, record, field) met during the game
        print(f"error: {e}", file=sys.stderr)
        return 1
    if args.command == "data" and args.data_command == "check":
        return data_check(args.path)
    if args.command == "data" and args.data_command == "summary":
        if args.path and not Path(args.path).exists():
            print(f"error: {args.path} does not exist", file=sys.stderr)
            return 1
        from .data import CHECKS

        if args.path and Path(args.path).is_dir() and not any((Path(args.path) / n).is_file() for n in CHECKS):
            print(f"error: no data files in {args.path}; expected any of {', '.join(sorted(CHECKS))}", file=sys.stderr)
            return 1
        problems = _summary_problems(Path(args.path) if args.path else None)
        if problems:  # a file the summary cannot count (empty, not UTF-8, not TOML, a device ...): no table
            for problem in problems:
                print(f"error: {problem}", file=sys.stderr)
            return 1
        for line in _summary_lines(Path(args.path) if args.path else None):
            print(line)
        return 0
    parser.error("unknown command")  # pragma: no cover
    return 2  # pragma: no cover


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
