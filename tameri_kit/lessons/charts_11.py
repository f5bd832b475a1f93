"""The charts lesson 11's worked answers open (:mod:`tameri_kit.lessons.questions_11`): win rates with their
intervals, how an interval narrows as the games grow, and the search bots' ratings.  One y-axis each; matplotlib is
imported when a chart is drawn (after Check), never before.
"""

from __future__ import annotations


def _rate_points(axes, rates, label: str, *, shift: float = 0.0, capsize: int = 6, colour="#1f4e79", marker="o"):
    """Win rates as points with their 95% intervals as bars, one a label (moved ``shift`` sideways); the rates."""
    centre = rates["rate"].to_numpy()
    axes.errorbar(
        [k + shift for k in range(len(rates))],
        centre,
        yerr=[centre - rates["low"].to_numpy(), rates["high"].to_numpy() - centre],
        fmt=marker,
        capsize=capsize,
        color=colour,
        label=label,
    )
    return centre


def _no_advantage(axes, reference: float | None) -> None:
    """The rate of no advantage as a dashed line (none when ``reference`` is None)."""
    if reference is not None:
        axes.axhline(reference, color="#b35806", linestyle="--", label=f"no advantage: {reference:g}")


def rate_chart(rates, labels, title: str, reference: float | None = None, top: float | None = None):
    """Win rates with their intervals (one point and bar each), and the rate of no advantage as a dashed line."""
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7.5, 3.2))
    centre = _rate_points(axes, rates, "win rate with its 95% interval")
    _no_advantage(axes, reference)
    axes.set_xticks(range(len(rates)), labels)
    axes.set_ylabel("share of games won")
    top = top or (1.05 if centre.max() > 0.5 else 0.5)
    axes.set_ylim(-0.02 * top, top)
    axes.set_title(title)
    axes.legend(loc="upper right", frameon=False)
    figure.tight_layout()
    return figure


def width_chart():
    """The width of the 95% Wilson interval around a win rate of 1/4 as the games grow (a log scale)."""
    import matplotlib.pyplot as plt

    from ..explore.stats import wilson

    games = [25 * 2**step for step in range(9)]
    widths = [wilson(n / 4, n)[1] - wilson(n / 4, n)[0] for n in games]
    figure, axes = plt.subplots(figsize=(7.5, 3))
    axes.plot(games, widths, "o-", color="#1f4e79", label="width of the 95% interval at a win rate of 1/4")
    axes.set_xscale("log")
    axes.set_xticks(games, [str(n) for n in games])
    axes.set_xlabel("games")
    axes.set_ylabel("width")
    axes.legend(frameon=False)
    figure.tight_layout()
    return figure


def rating_chart(ratings, title: str):
    """Bradley-Terry ratings with their intervals, one point and bar per bot, best on top."""
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7.5, 0.45 * len(ratings) + 1.2))
    order = ratings.iloc[::-1]
    centre = order["rating"].to_numpy()
    axes.errorbar(
        centre,
        range(len(order)),
        xerr=[centre - order["low"].to_numpy(), order["high"].to_numpy() - centre],
        fmt="o",
        capsize=4,
        color="#2b6a99",
    )
    axes.axvline(0, color="grey", linestyle="--", linewidth=1)
    axes.set_yticks(range(len(order)), list(order.index))
    axes.set_xlabel("rating (Elo scale: +400 = ten to one odds; mean bot 0)")
    axes.set_title(title)
    figure.tight_layout()
    return figure


def two_rate_chart(first, second, labels, names: tuple[str, str], title: str, reference: float | None = None):
    """Two sets of win rates side by side on one axis (a point and its 95% interval each, the first set a little
    left of each label, the second a little right), and the rate of no advantage as a dashed line."""
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7.5, 3.6))
    _rate_points(axes, first, names[0], shift=-0.12, capsize=5)
    _rate_points(axes, second, names[1], shift=0.12, capsize=5, colour="#7f7f7f", marker="s")
    _no_advantage(axes, reference)
    axes.set_xticks(range(len(labels)), labels)
    axes.set_ylabel("share of games won")
    highest = max(first["high"].max(), second["high"].max())
    axes.set_ylim(0, min(1.02, max(0.6, highest + 0.05)))
    axes.set_title(title)
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=3, frameon=False, fontsize=9)
    figure.tight_layout()
    return figure
