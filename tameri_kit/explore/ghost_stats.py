"""How hard is the Ghost?  The result against the Ghost, read from sweeps of Ghost games, with intervals.

A Ghost game's row (:func:`tameri_kit.explore.runner.game_row`) carries the Ghost's level, its points, and per human
seat the margin (the human's points minus the Ghost's) and whether the human beat it.  Tables of several levels
(one sweep per level, joined with ``pandas.concat``) are read level by level:

    >>> import pandas as pd
    >>> table = pd.DataFrame({"seed": [0, 1], "rotation": [0, 0], "bots": [["strong", "ghost"]] * 2,
    ...                       "ghost": ["easy", "easy"], "ghost_points": [80, 90], "margins": [[5], [-10]],
    ...                       "beat_ghost": [[True], [False]]})
    >>> ghost_rates(table)[["games", "beaten", "rate", "margin"]]
           games  beaten  rate  margin
    ghost
    easy       2       1   0.5    -2.5
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ..errors import TameriError
from ..game.core.settings import GHOST_LEVELS
from .stats import StatsError, bootstrap, wilson


def ghost_seats(table):
    """One row per human seat of each Ghost game: seed, rotation, ghost (the level), seat (1 = the first player, as
    in :func:`tameri_kit.explore.stats.per_seat`), bot, margin, beat (True when the human beat the Ghost),
    ghost_points."""
    import pandas as pd

    if "ghost" not in table.columns:
        raise StatsError("not a table of Ghost games (no 'ghost' column): play them with a Ghost level")
    rows = []
    for game in table.itertuples(index=False):
        for index, (margin, beat) in enumerate(zip(game.margins, game.beat_ghost)):
            rows.append(
                {
                    "seed": game.seed,
                    "rotation": game.rotation,
                    "ghost": game.ghost,
                    "seat": index + 1,
                    "bot": game.bots[index],
                    "margin": margin,
                    "beat": bool(beat),
                    "ghost_points": game.ghost_points,
                }
            )
    return pd.DataFrame(rows)


def _level_order(level: str) -> tuple[int, str]:
    levels = list(GHOST_LEVELS)
    return (levels.index(level), level) if level in levels else (len(levels), level)


def ghost_rates(table, confidence: float = 0.95, *, resamples: int = 2000, seed: int = 0):
    """Per Ghost level (easy, intermediate, hard, then any custom level): ``games`` (human seats), ``beaten`` (how
    often a human beat the Ghost), ``rate`` with its Wilson interval ``low``-``high``, the mean ``margin`` with a
    seeded bootstrap interval ``margin_low``-``margin_high``, and the Ghost's mean points ``ghost_points``."""
    import pandas as pd

    seats = ghost_seats(table)
    if seats.empty:
        raise StatsError("no games in the table")
    out = []
    for level in sorted(seats["ghost"].unique(), key=_level_order):
        group = seats[seats["ghost"] == level]
        beaten, games = int(group["beat"].sum()), len(group)
        low, high = wilson(beaten, games, confidence)
        margin, margin_low, margin_high = bootstrap(
            group["margin"].to_numpy(dtype=float), confidence=confidence, resamples=resamples, seed=seed
        )
        out.append(
            {
                "ghost": level,
                "games": games,
                "beaten": beaten,
                "rate": beaten / games,
                "low": low,
                "high": high,
                "margin": margin,
                "margin_low": margin_low,
                "margin_high": margin_high,
                "ghost_points": float(group["ghost_points"].mean()),
            }
        )
    return pd.DataFrame(out).set_index("ghost")


def level_step(table, easier: str, harder: str, **options) -> tuple[float, float, float]:
    """How many points a step of difficulty costs the humans, on the same seeds: the mean of (margin at
    ``harder`` - margin at ``easier``) over the human seats both levels played (same seed, rotation and seat), with
    a bootstrap interval over those pairs (:func:`tameri_kit.explore.stats.paired_difference`)."""
    from .stats import paired_difference

    seats = ghost_seats(table)
    keys = ["seed", "rotation", "seat"]
    pairs = seats[seats["ghost"] == easier][keys + ["margin"]].merge(
        seats[seats["ghost"] == harder][keys + ["margin"]], on=keys, suffixes=("_easier", "_harder")
    )
    if pairs.empty:
        raise StatsError(f"no seeds played at both {easier!r} and {harder!r}")
    return paired_difference(pairs["margin_harder"].to_numpy(), pairs["margin_easier"].to_numpy(), **options)


# ----------------------------------------------------------------------------------------------------------------
# Where the points come from (the study "Why the Ghost wins": docs/ghost_study.md)
# ----------------------------------------------------------------------------------------------------------------
#: The sources of a player's points, in the order tables and charts show them.  During the game: ``start`` (the
#: Ghost's starting points, Ghost Player step 4), ``left glyphs`` (the Ghost's 2 points for a Nile card completing a
#: glyph, Phase 4), the points of ``Offering``, ``Sphinx`` (the Ghost's Sphinx action; a human's Sphinx effects),
#: ``Decoration`` and ``Harvest`` (the Ghost's), ``Temple rewards`` (Temple spaces reached; for the Ghost the Ghost
#: Temple Effects: points, unlock 3, Deben 1), ``unlocks`` (a human's unlock rewards), ``Buildings' effects`` (a
#: human's Gardens, A3, B4); at the End of each Season: ``season glyph bonus`` (step 2), ``Buildings (season ends)``
#: (step 3; the Ghost 1 per Building), ``majorities`` (step 4); at the End of the Game: steps 1-5.
SOURCES = (
    "start",
    "left glyphs",
    "Offering",
    "Sphinx",
    "Decoration",
    "Harvest",
    "Temple rewards",
    "unlocks",
    "Buildings' effects",
    "season glyph bonus",
    "Buildings (season ends)",
    "majorities",
    "offering total",
    "building sets",
    "Priest cards",
    "hand glyphs",
    "leftovers",
    "other",
)
#: End of the Game categories of :class:`~tameri_kit.rules.game_end.GameOutcome` -> the source they are
_GAME_END = {
    "offering total": "offering total",
    "building sets": "building sets",
    "priest cards": "Priest cards",
    "hand glyphs": "hand glyphs",
    "leftovers": "leftovers",
}
_SCORES = re.compile(r"^(?P<name>\S+) scores (?P<points>\d+) points? \((?P<why>.*)\)$")
_SEASON = re.compile(r"^End of Season (?P<season>\d)$")
_GLYPH = re.compile(r"^(?P<names>.+) matched the glyph on their board")
_BUILDINGS = re.compile(r"^(?P<name>\S+) scores (?P<points>\d+) for Buildings")
_GHOST_BUILDINGS = re.compile(r"^(?P<name>\S+) scores 1 point for each of its (?P<points>\d+) Building card")
_MOST = re.compile(r"^\w+: (?P<name>\S+) offered the most \(\d+\) - (?P<points>\d+) points")
_TIE = re.compile(r"^\w+: (?P<names>.+?) tie on \d+ - (?P<points>\d+) point each")
_PERFORMS = re.compile(r"^(?P<name>\S+) performs the (?P<action>.+?) action \(")
_KEEPS = re.compile(r"^(?P<name>\S+) keeps Priest card (?P<card>\d+) ")


class BreakdownError(TameriError, ValueError):
    """A game whose points the breakdown cannot account for (its sources do not add up to the total)."""


def _names(text: str) -> list[str]:
    """``"John, Paul and Ghost"`` -> the three names (the rules' ``name_list``)."""
    head, _, last = text.rpartition(" and ")
    return [name.strip() for name in head.split(",")] + [last.strip()] if head else [text.strip()]


def during_game_source(rule: str, why: str) -> str:
    """The source of a "scores N points (why)" event of the game's log, by the rule it cites and its reason."""
    rule = str(rule)
    if "Offering to the Pharaoh" in rule:
        return "Offering"
    if rule.startswith("Ghost Actions: "):
        action = rule.removeprefix("Ghost Actions: ")
        return action if action in ("Sphinx", "Decoration", "Harvest") else "other"
    if rule.startswith("+1 Player Mode: Phase 4") and "completes a glyph" in why:
        return "left glyphs"
    if rule.startswith("Ghost Temple Effects") or why.endswith(" space") or " space:" in why:
        return "Temple rewards"
    if why.startswith("Sphinx ") or rule.startswith("Sphinx Effects"):
        return "Sphinx"
    if why == "unlock reward":
        return "unlocks"
    if rule.startswith("Building") or why.endswith("Garden"):
        return "Buildings' effects"
    return "other"


def score_sources(final) -> dict[str, dict[str, int]]:
    """Each player's points of a finished game (``final``, a ``GameState``), source by source (:data:`SOURCES`).

    Read from the game's own log and outcome: the points scored during the game from its "scores N points" events,
    the End of each Season's steps 2-4 from its events, the End of the Game's steps from the outcome's breakdown,
    the Ghost's start from its set-up.  The sources must add up to each player's total, or :class:`BreakdownError`
    says whose do not."""
    from ..game.rules_of_play.ghost.setup import starting_score

    outcome, settings = final.outcome, final.settings
    if outcome is None:
        raise BreakdownError("the game is not over: it has no final scores to break down")
    names = list(settings.players)
    points = {name: dict.fromkeys(SOURCES, 0) for name in names}
    if settings.ghost is not None:
        points[names[settings.ghost_seat]]["start"] = starting_score(settings)
    season_3 = {name: Counter() for name in names}
    season = 0
    for event in final.events():
        text, rule = event.text, str(event.rule)
        found = _SEASON.match(text)
        if found:
            season = int(found["season"])
            continue
        if rule.startswith("End of the Season, step"):
            gained = season_end_points(text, rule)
            for name, source, amount in gained:
                points[name][source] += amount
                if season == 3:
                    season_3[name][source] += amount
            continue
        if rule.startswith("End of the Game"):
            continue
        found = _SCORES.match(text)
        if found and found["name"] in points:
            points[found["name"]][during_game_source(rule, found["why"])] += int(found["points"])
    for name in names:
        for category, source in _GAME_END.items():
            points[name][source] += outcome.points(name, category)
        expected = {
            "season glyph bonus": outcome.points(name, "glyph bonus"),
            "Buildings (season ends)": outcome.points(name, "buildings"),
            "majorities": outcome.points(name, "majorities"),
        }
        if any(season_3[name][source] != value for source, value in expected.items()):
            raise BreakdownError(f"{name}'s End of Season 3 read from the log {dict(season_3[name])} != {expected}")
        if sum(points[name].values()) != outcome.total(name):
            raise BreakdownError(f"{name}'s sources add up to {sum(points[name].values())}, not {outcome.total(name)}")
    return points


def season_end_points(text: str, rule: str) -> list[tuple[str, str, int]]:
    """(name, source, points) of one End of the Season event (steps 2, 3 and 4; step 1 scores nothing)."""
    step = rule.removeprefix("End of the Season, step").strip()[:1]
    if step == "2":
        found = None if text.startswith("nobody ") else _GLYPH.match(text)
        return [(name, "season glyph bonus", 2) for name in _names(found["names"])] if found else []
    if step == "3":
        found = _BUILDINGS.match(text) or _GHOST_BUILDINGS.match(text)
        return [(found["name"], "Buildings (season ends)", int(found["points"]))] if found else []
    if step == "4":
        found = _MOST.match(text)
        if found:
            return [(found["name"], "majorities", int(found["points"]))]
        found = _TIE.match(text)
        if found:
            return [(name, "majorities", int(found["points"])) for name in _names(found["names"])]
    return []


def action_counts(final) -> dict[str, dict[str, int]]:
    """How often each player performed each action as the Ghost's log names them: for the Ghost, "performs the X
    action" (its card's actions and its Temple cards' single actions)."""
    counts: dict[str, Counter] = {name: Counter() for name in final.settings.players}
    for event in final.events():
        found = _PERFORMS.match(event.text)
        if found and found["name"] in counts:
            counts[found["name"]][found["action"]] += 1
    return {name: dict(sorted(count.items())) for name, count in counts.items()}


def priest_card_origins(final) -> dict[str, dict[str, int]]:
    """Per player, the Priest cards held at the end and their points, by where they came from: ``draft`` (kept in an
    End of the Season draft; the Ghost is given one at random per Priest it has in the Temples) or ``other`` (a
    Temple space, a Sphinx effect ...)."""
    from ..game.core.catalog import PRIESTS

    drafted: dict[str, set[int]] = {name: set() for name in final.settings.players}
    for event in final.events():
        found = _KEEPS.match(event.text)
        if found and found["name"] in drafted and str(event.rule).startswith("End of the Season, step 1"):
            drafted[found["name"]].add(int(found["card"]))
    out = {}
    for player in final.players:
        row = {"draft cards": 0, "draft points": 0, "other cards": 0, "other points": 0}
        for card in player.priest_cards:
            where = "draft" if card in drafted[player.name] else "other"
            row[f"{where} cards"] += 1
            row[f"{where} points"] += PRIESTS[card].points
        out[player.name] = row
    return out


# --- the study's sweeps: one JSON Lines file per condition ------------------------------------------------------
#: The version of a study file's layout.
STUDY_VERSION = 1


def data_set_name() -> str:
    """Which Ghost and Priest cards this process plays with: ``"first"`` (the kit's own files) or the name of the
    replacement folder :data:`tameri_kit.data.loader.DATA_ENV` names (``"second_set"``)."""
    from ..data.loader import DATA_ENV

    folder = os.environ.get(DATA_ENV, "").strip()
    return Path(folder).name if folder else "first"


def study_settings(level: str, x9: str = "always"):
    """A solo game against the Ghost at ``level`` under reading X9 = ``x9``."""
    from ..game.core.settings import Settings
    from ..rules.scoring import SCORING_DEFAULT

    return Settings.for_players(1, ghost=level, scoring=SCORING_DEFAULT.but(ghost_sphinx=x9))


def study_row(level: str, seed: int, *, bot: str = "strong", x9: str = "always") -> dict[str, Any]:
    """Play one seeded solo game (``bot`` against the Ghost at ``level``, reading X9 = ``x9``) and describe where
    both players' points came from: plain JSON values."""
    from ..game.play.bots import play_game

    settings = study_settings(level, x9)
    _, final = play_game(settings, seed, [bot])
    human, ghost = settings.players
    sources = score_sources(final)
    origins = priest_card_origins(final)
    return {
        "seed": seed,
        "human": {source: value for source, value in sources[human].items() if value},
        "ghost": {source: value for source, value in sources[ghost].items() if value},
        "human_total": final.outcome.total(human),
        "ghost_total": final.outcome.total(ghost),
        "ghost_actions": action_counts(final)[ghost],
        "ghost_priest_cards": origins[ghost],
        "human_priest_cards": origins[human],
        "ghost_sphinxes": final.players[-1].sphinxes,
        "ghost_buildings": len(final.players[-1].buildings),
        "human_buildings": len(final.players[0].buildings),
    }


def study_header(level: str, bot: str, x9: str) -> dict[str, Any]:
    return {
        "kind": "header",
        "version": STUDY_VERSION,
        "level": level,
        "bot": bot,
        "x9": x9,
        "data": data_set_name(),
    }


def run_study(
    level: str, seeds: Iterable[int], out: str | os.PathLike, *, bot: str = "strong", x9: str = "always"
) -> list[dict]:
    """Play every seed in this process (one core: the study is meant to run beside other work, under ``nice``) and
    append one row per game to ``out`` (JSON Lines: a header, then the rows); seeds already in ``out`` are kept, not
    played again.  Returns every row of the file, by seed."""
    path = Path(out)
    header = study_header(level, bot, x9)
    rows = {row["seed"]: row for row in read_study(path, header)} if path.exists() else {}
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(header, separators=(",", ":")) + "\n", encoding="utf-8")
    with open(path, "a", encoding="utf-8") as handle:
        for seed in seeds:
            if seed in rows:
                continue
            rows[seed] = study_row(level, seed, bot=bot, x9=x9)
            handle.write(json.dumps({"kind": "game", **rows[seed]}, separators=(",", ":")) + "\n")
            handle.flush()
    return [rows[seed] for seed in sorted(rows)]


def read_study(path: str | os.PathLike, expected: dict | None = None) -> list[dict]:
    """The rows of a study file (checking, when ``expected`` is given, that its header is that header)."""
    path = Path(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        raise BreakdownError(f"{path}: empty, not a study file")
    header = json.loads(lines[0])
    if header.get("kind") != "header" or header.get("version") != STUDY_VERSION:
        raise BreakdownError(f"{path}, line 1: not a study file of version {STUDY_VERSION}")
    if expected is not None and header != expected:
        raise BreakdownError(f"{path}: made by another condition ({header}), not {expected}")
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        item = json.loads(line)
        if item.get("kind") != "game":
            raise BreakdownError(f"{path}, line {number}: not a game row")
        rows.append({key: value for key, value in item.items() if key != "kind"})
    return rows


#: Where the study's files are stored in the kit's repository (docs/ghost_study.md explains them)
STUDY_DIR = Path(__file__).resolve().parents[2] / "docs" / "ghost_study"


def stored_study(name: str) -> list[dict]:
    """The rows of one stored study file, by name (``"easy"``, ``"easy_x9_while_building"`` ...)."""
    path = STUDY_DIR / f"{name}.jsonl"
    if not path.exists():
        raise BreakdownError(f"no stored study {name!r} in {STUDY_DIR} (run docs/ghost_study/run_study.sh)")
    return read_study(path)


def study_header_of(path: str | os.PathLike) -> dict:
    """The header of a study file (its level, bot, X9 reading and card set)."""
    with open(path, encoding="utf-8") as handle:
        return json.loads(handle.readline())


def sources_table(rows: Sequence[dict], who: str = "ghost"):
    """The mean points per source over a study's games, for ``who`` (``"ghost"`` or ``"human"``): a pandas Series
    indexed by :data:`SOURCES`, sources that never scored left out."""
    import pandas as pd

    frame = pd.DataFrame([row[who] for row in rows], columns=list(SOURCES)).fillna(0)
    means = frame.mean()
    return means[means != 0]


def study_summary(rows: Sequence[dict]) -> dict[str, float]:
    """The headline numbers of one condition: games, the Ghost's and the human's mean totals, their range, the mean
    margin (human - Ghost) with its standard error, and how many games the human won outright."""
    import numpy as np

    ghost = np.array([row["ghost_total"] for row in rows], dtype=float)
    human = np.array([row["human_total"] for row in rows], dtype=float)
    margin = human - ghost
    return {
        "games": len(rows),
        "ghost_mean": float(ghost.mean()),
        "ghost_min": float(ghost.min()),
        "ghost_max": float(ghost.max()),
        "human_mean": float(human.mean()),
        "human_min": float(human.min()),
        "human_max": float(human.max()),
        "margin_mean": float(margin.mean()),
        "margin_se": float(margin.std(ddof=1) / np.sqrt(len(margin))) if len(margin) > 1 else float("nan"),
        "human_wins": int((margin > 0).sum()),
    }


def paired_change(base: Sequence[dict], other: Sequence[dict], who: str = "ghost_total") -> dict[str, float]:
    """How much a condition moves ``who`` (a row field) on the same seeds: the mean of (other - base) over the seeds
    both files played, its standard error, and how many seeds were paired."""
    import numpy as np

    before = {row["seed"]: row[who] for row in base}
    pairs = [(before[row["seed"]], row[who]) for row in other if row["seed"] in before]
    if not pairs:
        raise BreakdownError("no seed was played in both conditions")
    change = np.array([b - a for a, b in pairs], dtype=float)
    return {
        "pairs": len(pairs),
        "mean": float(change.mean()),
        "se": float(change.std(ddof=1) / np.sqrt(len(change))) if len(change) > 1 else float("nan"),
    }


#: How the charts name the two players of a solo study
WHO = {"ghost": "the Ghost", "human": "the strong bot"}
COLOURS = {"ghost": "#5b3a8c", "human": "#2e7d32"}


def breakdown_figure(rows: Sequence[dict], title: str = "", *, least: float = 0.5):
    """A bar chart (one y-axis: mean points per game) of where the Ghost's and the strong bot's points come from,
    source by source (:data:`SOURCES`; sources worth less than ``least`` to both are left out).  A matplotlib
    Figure."""
    import matplotlib.pyplot as plt
    import numpy as np

    ghost, human = sources_table(rows, "ghost"), sources_table(rows, "human")
    shown = [s for s in SOURCES if max(ghost.get(s, 0.0), human.get(s, 0.0)) >= least]
    x = np.arange(len(shown))
    figure, axes = plt.subplots(figsize=(9.5, 3.8))
    for offset, (who, means) in zip((-0.2, 0.2), (("ghost", ghost), ("human", human))):
        values = [means.get(s, 0.0) for s in shown]
        axes.bar(x + offset, values, width=0.4, color=COLOURS[who], label=f"{WHO[who]} ({sum(means):.0f} in all)")
    axes.set_xticks(x, shown, rotation=35, ha="right")
    axes.set_ylabel("mean points per game")
    axes.set_title(title or f"Where the points come from ({len(rows)} solo games)")
    axes.legend(frameon=False)
    axes.grid(axis="y", alpha=0.3)
    figure.tight_layout()
    return figure


def conditions_figure(conditions: Sequence[tuple[str, Sequence[dict]]], title: str = ""):
    """The Ghost's and the strong bot's mean totals (with 95% normal intervals of the mean) under each condition
    (label, rows): one y-axis, mean points per game.  A matplotlib Figure."""
    import matplotlib.pyplot as plt
    import numpy as np

    figure, axes = plt.subplots(figsize=(9.5, 3.8))
    x = np.arange(len(conditions))
    for offset, who in ((-0.12, "ghost"), (0.12, "human")):
        totals = [np.array([row[f"{who}_total"] for row in rows], dtype=float) for _, rows in conditions]
        means = np.array([t.mean() for t in totals])
        half = np.array([1.96 * t.std(ddof=1) / np.sqrt(len(t)) for t in totals])
        axes.errorbar(x + offset, means, yerr=half, fmt="o", capsize=5, color=COLOURS[who], label=WHO[who])
    axes.set_xticks(x, [label for label, _ in conditions], rotation=20, ha="right")
    axes.set_ylabel("mean points per game")
    axes.set_ylim(0, None)
    axes.set_title(title or "The Ghost's and the strong bot's totals under each condition")
    axes.legend(frameon=False, loc="lower left")
    axes.grid(axis="y", alpha=0.3)
    figure.tight_layout()
    return figure


def _seed_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m tameri_kit.explore.ghost_stats LEVEL SEEDS OUT [--x9 READING] [--bot BOT]``: one study sweep
    (SEEDS like ``0-299``); set ``TAMERI_KIT_DATA=tameri_kit/data/second_set`` for the second set of cards."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m tameri_kit.explore.ghost_stats", description=main.__doc__)
    parser.add_argument("level", choices=list(GHOST_LEVELS))
    parser.add_argument("seeds", help="a seed range like 0-299")
    parser.add_argument("out", help="the study file (JSON Lines) to write or resume")
    parser.add_argument("--x9", default="always", help="reading X9 of the Ghost's Sphinx points")
    parser.add_argument("--bot", default="strong")
    options = parser.parse_args(argv)
    rows = run_study(options.level, _seed_range(options.seeds), options.out, bot=options.bot, x9=options.x9)
    summary = study_summary(rows)
    print(
        f"{options.out}: {summary['games']} games; Ghost {summary['ghost_mean']:.1f}, human {summary['human_mean']:.1f}"
    )
    return 0


if __name__ == "__main__":  # pragma: no cover - the command line
    raise SystemExit(main())
