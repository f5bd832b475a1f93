"""The figures and tables of docs/ghost_study.md, from the stored study files (it plays no game).

Run from the kit's top folder:  .venv/bin/python docs/ghost_study/make_figures.py
It writes docs/ghost_study/breakdown_easy.svg, levels.svg and conditions.svg, and prints the tables in Markdown.
"""

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams["svg.hashsalt"] = "tameri-ghost-study"  # the same SVG on every run

from tameri_kit.explore.ghost_stats import (  # noqa: E402
    SOURCES,
    STUDY_DIR,
    breakdown_figure,
    conditions_figure,
    paired_change,
    sources_table,
    stored_study,
    study_summary,
)

LEVELS = [("easy", "easy"), ("intermediate", "intermediate"), ("hard", "hard")]
CONDITIONS = [
    ("kit's reading and cards", "easy"),
    ("X9: no points once 3 are built", "easy_x9_while_building"),
    ("X9: 2 per Sphinx built", "easy_x9_built"),
    ("second card set", "easy_second_set"),
    ("second set + X9 no points once 3 built", "easy_second_set_x9_while_building"),
]


def save(figure, name: str) -> None:
    figure.savefig(STUDY_DIR / name, format="svg", metadata={"Date": None})


def summary_rows(named):
    base = stored_study(named[0][1])
    print("| condition | games | the Ghost | change (same seeds) | the strong bot | margin | bot wins |")
    print("|---|---|---|---|---|---|---|")
    for label, name in named:
        rows = stored_study(name)
        s, change = study_summary(rows), paired_change(base, rows)
        print(
            f"| {label} | {s['games']} | {s['ghost_mean']:.1f} ({s['ghost_min']:.0f}-{s['ghost_max']:.0f}) | "
            f"{change['mean']:+.1f} ± {1.96 * change['se']:.1f} | {s['human_mean']:.1f} "
            f"({s['human_min']:.0f}-{s['human_max']:.0f}) | {s['margin_mean']:+.1f} ± {1.96 * s['margin_se']:.1f} | "
            f"{s['human_wins']} |"
        )


def sources_rows(names):
    tables = [
        (name, sources_table(stored_study(name), "ghost"), sources_table(stored_study(name), "human")) for name in names
    ]
    print("| source | " + " | ".join(f"Ghost ({n}) | bot ({n})" for n, _, _ in tables) + " |")
    print("|---|" + "---|---|" * len(tables))
    for source in SOURCES:
        values = [(g.get(source, 0.0), h.get(source, 0.0)) for _, g, h in tables]
        if any(max(v) >= 0.05 for v in values):
            print(f"| {source} | " + " | ".join(f"{g:.1f} | {h:.1f}" for g, h in values) + " |")
    print("| **total** | " + " | ".join(f"**{g.sum():.1f}** | **{h.sum():.1f}**" for _, g, h in tables) + " |")


if __name__ == "__main__":
    save(
        breakdown_figure(stored_study("easy"), "Where the points come from: 200 solo games, easy Ghost"),
        "breakdown_easy.svg",
    )
    save(
        conditions_figure(
            [(label, stored_study(name)) for label, name in LEVELS],
            "By level: the Ghost's and the strong bot's totals (95% intervals)",
        ),
        "levels.svg",
    )
    save(
        conditions_figure(
            [(label, stored_study(name)) for label, name in CONDITIONS],
            "Reading X9 and the second card set (easy Ghost, same seeds)",
        ),
        "conditions.svg",
    )
    print("## Levels\n")
    summary_rows(LEVELS)
    print("\n## Conditions\n")
    summary_rows(CONDITIONS)
    print("\n## Sources\n")
    sources_rows(["easy", "hard"])
    print("\n## Sources under the conditions (the Ghost)\n")
    sources_rows([name for _, name in CONDITIONS[1:]])
