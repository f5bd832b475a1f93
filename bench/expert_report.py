"""The expert bot's figures for docs/bots.md, from the stored games (it plays nothing).

    .venv/bin/python -m bench.expert_report

Reads, for the expert bot (``expert``) and its first version (``expert_hand``), ``notebooks/sweeps/<bot>_vs_strong_2p.jsonl``
and ``<bot>_vs_strong_4p.jsonl`` (``explore --rotate`` results files, as many games as were played) and the solo
studies ``docs/ghost_study/<bot>_easy*.jsonl`` (and ``<bot>_intermediate``, ``<bot>_hard``)
(``tameri_kit.explore.ghost_stats``, one row a seed), and prints: the expert bot's share of wins with its Wilson
interval, its mean margin over the best other total with a 95% interval over seeds (a seed's rotations averaged
first: the paired design), and for the solo games its mean score, wins and the paired difference from the strong
bot's game on the same seed (``docs/ghost_study/easy.jsonl``).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from pathlib import Path

from tameri_kit.explore.ghost_stats import STUDY_DIR, paired_change, read_study, study_summary
from tameri_kit.explore.runner import read_results
from tameri_kit.explore.stats import wilson

SWEEPS = Path(__file__).resolve().parents[1] / "notebooks" / "sweeps"


def _interval(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else float("nan")
    return mean, mean - half, mean + half


def rotated(path: Path, bot: str = "expert") -> None:
    """Win share and margins of ``bot`` in a rotated results file."""
    if not path.exists():
        print(f"{path.name}: not played yet")
        return
    rows = read_results(path)
    if not rows:
        print(f"{path.name}: no game played yet")
        return
    wins, seats, by_seed = 0.0, 0, defaultdict(list)
    for row in rows:
        for seat, name in enumerate(row["bots"]):
            if name != bot:
                continue
            totals = row["totals"]
            best = max(total for k, total in enumerate(totals) if k != seat)
            winners = row["winners"]  # the rules' winners (End of the Game, step 6: ties broken by the hand)
            wins += (1 / len(winners)) if seat in winners else 0.0
            seats += 1
            by_seed[row["seed"]].append(totals[seat] - best)
    low, high = wilson(wins, seats)
    seed_margins = [statistics.mean(margins) for margins in by_seed.values()]
    mean, margin_low, margin_high = _interval(seed_margins)
    complete = sum(1 for margins in by_seed.values() if len(margins) == len(rows[0]["bots"]))
    print(
        f"{path.name}: {bot} won {wins:g} of {seats} seats = {wins / seats:.1%} [{low:.1%}, {high:.1%}] (Wilson); "
        f"margin over the best other {mean:+.1f} [{margin_low:+.1f}, {margin_high:+.1f}] over {len(by_seed)} seeds "
        f"({complete} with every rotation played)"
    )


def solo(name: str, base: str = "easy") -> None:
    """The expert bot's solo study ``name`` against the strong bot's ``base`` study on the same seeds."""
    path = STUDY_DIR / f"{name}.jsonl"
    if not path.exists():
        print(f"{name}: not played yet")
        return
    rows = read_study(path)
    if not rows:
        print(f"{name}: no game played yet")
        return
    summary = study_summary(rows)
    strong = read_study(STUDY_DIR / f"{base}.jsonl")
    same = paired_change(strong, rows, who="human_total")
    ghost = paired_change(strong, rows, who="ghost_total")
    wins = sum(1 for row in rows if row["human_total"] > row["ghost_total"])
    low, high = wilson(wins, len(rows))
    print(
        f"{name}: {len(rows)} seeds; the bot's mean {summary['human_mean']:.1f}, the Ghost's {summary['ghost_mean']:.1f}; "
        f"beaten {wins} of {len(rows)} = {wins / len(rows):.1%} [{low:.1%}, {high:.1%}] (Wilson); "
        f"the bot's points minus the strong bot's on the same seeds {same['mean']:+.1f} ± {1.96 * same['se']:.1f}, "
        f"the Ghost's change {ghost['mean']:+.1f} ± {1.96 * ghost['se']:.1f}"
    )
    sources: dict[str, float] = defaultdict(float)
    for row in rows:
        for source, value in row["human"].items():
            sources[source] += value / len(rows)
    print(
        "   its points by source: " + ", ".join(f"{s} {v:.1f}" for s, v in sorted(sources.items(), key=lambda i: -i[1]))
    )


def versions(bot: str) -> None:
    """Every stored file of one version of the expert bot: ``expert`` (learned values) or ``expert_hand`` (the first
    version, its playouts valued by the strong bot's hand-set weights)."""
    print(f"--- {bot} ---")
    rotated(SWEEPS / f"{bot}_vs_strong_2p.jsonl", bot)
    rotated(SWEEPS / f"{bot}_vs_strong_4p.jsonl", bot)
    solo(f"{bot}_easy")
    for level in ("intermediate", "hard"):
        if (STUDY_DIR / f"{bot}_{level}.jsonl").exists():
            solo(f"{bot}_{level}", base=level)
    solo(f"{bot}_easy_x9_while_building", base="easy_x9_while_building")
    x9 = STUDY_DIR / f"{bot}_easy_x9_while_building.jsonl"
    if x9.exists() and read_study(x9) and (STUDY_DIR / f"{bot}_easy.jsonl").exists():
        change = paired_change(read_study(STUDY_DIR / f"{bot}_easy.jsonl"), read_study(x9))
        print(
            f"reading X9 while_building against always, {bot} games: the Ghost's points {change['mean']:+.1f} "
            f"± {1.96 * change['se']:.1f} over {change['pairs']} seeds"
        )


def main() -> None:
    versions("expert")
    versions("expert_hand")
    new, old = STUDY_DIR / "expert_easy.jsonl", STUDY_DIR / "expert_hand_easy.jsonl"
    if new.exists() and old.exists() and read_study(new):
        change = paired_change(read_study(old), read_study(new), who="human_total")
        ghost = paired_change(read_study(old), read_study(new), who="ghost_total")
        print(
            f"learned values against the first version, solo (easy), same seeds: the bot's points "
            f"{change['mean']:+.1f} ± {1.96 * change['se']:.1f}, the Ghost's {ghost['mean']:+.1f} "
            f"± {1.96 * ghost['se']:.1f} over {change['pairs']} seeds"
        )


if __name__ == "__main__":
    main()
