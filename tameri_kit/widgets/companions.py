"""Lesson 10's widget: change a majority's counts, or Ra's bag, and watch every rule respond.

Two parts, one above the other (each fits a 1000 px output area):

- **One majority, four games**: a count per player (2 to 4 players) scored by Tameri's season and game-end majority,
  Ra's Pharaohs and Sun total, and the Favors (:func:`tameri_kit.companions.compare.four_ways`): a table with each
  rule's reason and a bar chart on one y-axis;
- **Ra's bag**: what is in the bag, how many tiles will be drawn, the player count and the Ra tiles already on the
  track; the exact chances (:mod:`tameri_kit.companions.ra_bag`) and, on request, a seeded simulation with 95%
  intervals.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..companions import ra_bag
from ..companions.compare import comparison_svg, comparison_table_html, four_ways
from ..companions.ra_bag import Bag
from ..probability.simulate import wilson_interval

NAMES = ("Anna", "Bob", "Cathy", "Don")
PRESETS = {
    "5, 3, 3": (5, 3, 3),
    "4, 4, 1": (4, 4, 1),
    "2, 2, 2": (2, 2, 2),
    "3, 0, 0": (3, 0, 0),
    "6, 4, 4, 4": (6, 4, 4, 4),
}
CUSTOM = "(your own counts)"


def _fraction_text(value) -> str:
    return f"{value} ≈ {float(value):.4f}"


class CompanionsWidget:
    """The counts and the bag; every rule's answer below them.  Drive it from code through its controls."""

    def __init__(
        self,
        counts=(5, 3, 3),
        *,
        bag: Bag | None = None,
        draws: int = 5,
        players: int = 3,
        on_track: int = 6,
        samples: int = 20_000,
        seed: int = 1,
    ):
        self.samples = samples
        self._syncing = False
        # --- the majority ------------------------------------------------------------------------------------
        self.preset_dropdown = widgets.Dropdown(
            options=list(PRESETS) + [CUSTOM], value=CUSTOM, description="Counts", layout=widgets.Layout(width="260px")
        )
        self.players_dropdown = widgets.Dropdown(
            options=[2, 3, 4], value=len(counts), description="Players", layout=widgets.Layout(width="180px")
        )
        self.count_sliders = {
            n: widgets.IntSlider(
                value=0, min=0, max=10, description=n, continuous_update=False, layout=widgets.Layout(width="300px")
            )
            for n in NAMES
        }
        self.table_html = widgets.HTML(layout=widgets.Layout(max_width="980px"))
        self.chart_html = widgets.HTML(layout=widgets.Layout(max_width="980px"))
        self._set_counts(counts)
        self.preset_dropdown.observe(self._on_preset, "value")
        self.players_dropdown.observe(self._on_players, "value")
        for slider in self.count_sliders.values():
            slider.observe(self._on_count, "value")
        # --- the bag -----------------------------------------------------------------------------------------
        bag = bag or Bag.full()
        others = bag.total - bag["Ra"] - bag["Flood"]
        self.ra_slider = widgets.IntSlider(
            value=bag["Ra"],
            min=0,
            max=30,
            description="Ra tiles",
            continuous_update=False,
            style={"description_width": "120px"},
            layout=widgets.Layout(width="420px"),
        )
        self.flood_slider = widgets.IntSlider(
            value=bag["Flood"],
            min=0,
            max=12,
            description="Flood tiles",
            continuous_update=False,
            style={"description_width": "120px"},
            layout=widgets.Layout(width="420px"),
        )
        self.other_slider = widgets.IntSlider(
            value=others,
            min=0,
            max=138,
            description="other tiles",
            continuous_update=False,
            style={"description_width": "120px"},
            layout=widgets.Layout(width="420px"),
        )
        self.draws_slider = widgets.IntSlider(
            value=draws,
            min=1,
            max=30,
            description="next k draws",
            continuous_update=False,
            style={"description_width": "120px"},
            layout=widgets.Layout(width="420px"),
        )
        self.bag_players_dropdown = widgets.Dropdown(
            options=[2, 3, 4, 5],
            value=players,
            description="Ra players",
            style={"description_width": "120px"},
            layout=widgets.Layout(width="260px"),
        )
        self.on_track_slider = widgets.IntSlider(
            value=on_track,
            min=0,
            max=ra_bag.track_length(players) - 1,
            description="Ra on the track",
            continuous_update=False,
            style={"description_width": "120px"},
            layout=widgets.Layout(width="420px"),
        )
        self.bag_html = widgets.HTML(layout=widgets.Layout(max_width="980px"))
        self.simulate_button = widgets.Button(
            description="Simulate",
            icon="random",
            button_style="info",
            tooltip=f"draw from the bag {samples:,} times (seeded)",
        )
        self.seed_box = widgets.BoundedIntText(
            value=seed,
            min=0,
            max=2**31 - 1,
            description="seed",
            tooltip="the seed of the next simulation; each press moves on to the next seed",
            layout=widgets.Layout(width="180px"),
        )
        self.simulation_html = widgets.HTML(layout=widgets.Layout(max_width="980px"))
        self.seed_box.observe(self._on_seed, "value")
        for control in (self.ra_slider, self.flood_slider, self.other_slider, self.draws_slider, self.on_track_slider):
            control.observe(self._on_bag, "value")
        self.bag_players_dropdown.observe(self._on_bag_players, "value")
        self.simulate_button.on_click(lambda _button: self.simulate())
        self.exact: dict[str, object] = {}
        self.estimates: dict[str, tuple[float, float, float]] = {}
        self._update_majority()
        self._update_bag()

        heading = "<h4 style='margin:6px 0'>{}</h4>"
        self.box = widgets.VBox(
            [
                widgets.HTML(heading.format("One majority, four games")),
                widgets.HBox(
                    [self.preset_dropdown, self.players_dropdown], layout=widgets.Layout(flex_flow="row wrap")
                ),
                widgets.HBox(
                    [
                        widgets.VBox(list(self.count_sliders.values())[:2]),
                        widgets.VBox(list(self.count_sliders.values())[2:]),
                    ],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                self.table_html,
                self.chart_html,
                widgets.HTML(heading.format("Ra's bag")),
                widgets.HBox(
                    [
                        widgets.VBox([self.ra_slider, self.flood_slider, self.other_slider]),
                        widgets.VBox([self.draws_slider, self.bag_players_dropdown, self.on_track_slider]),
                    ],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                self.bag_html,
                widgets.HBox([self.simulate_button, self.seed_box], layout=widgets.Layout(flex_flow="row wrap")),
                self.simulation_html,
            ],
            layout=widgets.Layout(max_width="990px", border="1px solid #ddd", padding="6px"),
        )
        self.box.add_class("companions-widget")

    # --- the majority ---------------------------------------------------------------------------------------------
    @property
    def counts(self) -> dict[str, int]:
        return {n: self.count_sliders[n].value for n in NAMES[: self.players_dropdown.value]}

    def _set_counts(self, counts) -> None:
        self._syncing = True
        try:
            self.players_dropdown.value = len(counts)
            for i, n in enumerate(NAMES):
                slider = self.count_sliders[n]
                slider.value = counts[i] if i < len(counts) else 0
                slider.layout.display = None if i < len(counts) else "none"
        finally:
            self._syncing = False

    def _on_preset(self, change) -> None:
        if change["new"] != CUSTOM:
            self._set_counts(PRESETS[change["new"]])
            self._update_majority()

    def _on_players(self, change) -> None:
        if self._syncing:
            return
        for i, n in enumerate(NAMES):
            self.count_sliders[n].layout.display = None if i < change["new"] else "none"
        self.preset_dropdown.value = CUSTOM
        self._update_majority()

    def _on_count(self, _change) -> None:
        if self._syncing:
            return
        if self.preset_dropdown.value != CUSTOM and tuple(self.counts.values()) != PRESETS[self.preset_dropdown.value]:
            self._syncing = True
            self.preset_dropdown.value = CUSTOM
            self._syncing = False
        self._update_majority()

    def _update_majority(self) -> None:
        self.comparison = four_ways(self.counts)
        self.table_html.value = comparison_table_html(self.comparison)
        self.chart_html.value = comparison_svg(self.comparison)

    # --- the bag --------------------------------------------------------------------------------------------------
    @property
    def bag(self) -> Bag:
        """The bag the sliders describe (the other tiles stand for Pharaohs, Niles ...; only their number matters)."""
        return Bag.of(Ra=self.ra_slider.value, Flood=self.flood_slider.value, **_others(self.other_slider.value))

    def _on_bag_players(self, change) -> None:
        self.on_track_slider.max = ra_bag.track_length(change["new"]) - 1
        self._update_bag()

    def _on_bag(self, _change) -> None:
        self._update_bag()

    def _update_bag(self) -> None:
        bag = self.bag
        self.simulation_html.value = ""
        self.estimates = {}
        self.draws_slider.max = max(1, min(30, bag.total))
        k = self.draws_slider.value
        players, on_track = self.bag_players_dropdown.value, self.on_track_slider.value
        need = ra_bag.track_length(players) - on_track
        if bag.total == 0:
            self.exact = {}
            self.bag_html.value = "<p>The bag is empty: there is nothing to draw.</p>"
            return
        self.exact = {
            "next is Ra": ra_bag.next_is(bag, "Ra"),
            "epoch ends": ra_bag.epoch_ends_within(bag, k, players=players, on_track=on_track),
            "a Flood": ra_bag.at_least_one(bag, "Flood", k),
        }
        rows = [
            ("the next tile is a Ra", f"{bag['Ra']} / {bag.total}", self.exact["next is Ra"]),
            (
                f"the Ra track fills within {k} draws ({need} more Ra needed)",
                f"P(at least {need} Ra among {k})",
                self.exact["epoch ends"],
            ),
            (
                f"at least one Flood among the next {k}",
                f"1 − C({bag.total - bag['Flood']},{k}) / C({bag.total},{k})",
                self.exact["a Flood"],
            ),
        ]
        body = "".join(
            f"<tr><td style='padding:2px 8px'>{html.escape(q)}</td><td style='padding:2px 8px'>"
            f"{html.escape(f)}</td><td style='padding:2px 8px'><b>{html.escape(_fraction_text(p))}</b>"
            f"</td></tr>"
            for q, f, p in rows
        )
        self.bag_html.value = (
            f"<table class='bag-table'><caption style='text-align:left'>Exact chances, bag of "
            f"{bag.total} tiles (Ra track {ra_bag.track_length(players)} long for {players} "
            f"players)</caption><tr><th>question</th><th>how</th><th>probability</th></tr>"
            f"{body}</table>"
        )

    @property
    def seed(self) -> int:
        """The seed the next press of Simulate uses (the seed box)."""
        return self.seed_box.value

    def _on_seed(self, _change) -> None:
        if self._syncing:
            return
        if self.estimates:  # a simulation drawn with another seed is shown: say so, do not leave it as if current
            self.estimates = {}
            self.simulation_html.value = "<p><i>The seed changed: press Simulate to draw with it.</i></p>"

    def simulate(self) -> None:
        """Draw ``k`` tiles from the shuffled bag ``samples`` times with the seed box's seed, compare with the exact
        chances, then move the seed box on by one, so the next press draws a new sample (and any shown simulation
        can be drawn again by typing its seed)."""
        bag = self.bag
        if bag.total == 0:
            self.simulation_html.value = "<p>The bag is empty: nothing to simulate.</p>"
            return
        k = self.draws_slider.value
        players, on_track = self.bag_players_dropdown.value, self.on_track_slider.value
        need = ra_bag.track_length(players) - on_track
        n = self.samples
        seed = self.seed
        ra = ra_bag.simulate_counts(bag, "Ra", k, n, seed=seed)
        floods = ra_bag.simulate_counts(bag, "Flood", k, n, seed=seed + 1)
        first = ra_bag.simulate_counts(bag, "Ra", 1, n, seed=seed + 2)
        hits = {
            "next is Ra": first.get(1, 0),
            "epoch ends": sum(c for j, c in ra.items() if j >= need),
            "a Flood": n - floods.get(0, 0),
        }
        rows = []
        for key, count in hits.items():
            low, high = wilson_interval(count, n)
            self.estimates[key] = (count / n, low, high)
            inside = "inside" if low <= float(self.exact[key]) <= high else "outside"
            rows.append(
                f"<tr><td style='padding:2px 8px'>{key}</td><td style='padding:2px 8px'>{count / n:.4f}</td>"
                f"<td style='padding:2px 8px'>[{low:.4f}, {high:.4f}]</td>"
                f"<td style='padding:2px 8px'>exact {float(self.exact[key]):.4f}: {inside}</td></tr>"
            )
        self.simulation_html.value = (
            f"<table class='simulation-table'><caption style='text-align:left'>Simulated: "
            f"{n:,} shuffles of the bag, seed {seed} (a 95% interval misses the "
            f"exact value about 1 time in 20)</caption><tr><th>question</th>"
            f"<th>share</th><th>95% interval</th><th>the exact value</th></tr>{''.join(rows)}</table>"
        )
        self._syncing = True
        try:
            self.seed_box.value = seed + 1 if seed < self.seed_box.max else 0
        finally:
            self._syncing = False

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.box)


def _others(count: int) -> dict[str, int]:
    """``count`` tiles that are neither Ra nor Flood, taken from the real mix (Pharaohs first, then Niles ...)."""
    out, left = {}, count
    for tile, have in (
        ("Pharaoh", 25),
        ("Nile", 25),
        ("God", 8),
        ("Gold", 5),
        ("Astronomy", 5),
        ("Agriculture", 5),
        ("Writing", 5),
        ("Religion", 5),
        ("Art", 5),
        ("Fortress", 5),
        ("Obelisk", 5),
        ("Palace", 5),
        ("Pyramid", 5),
        ("Temple", 5),
        ("Statue", 5),
        ("Step_Pyramid", 5),
        ("Sphinx", 5),
        ("Funeral", 2),
        ("Drought", 2),
        ("War", 4),
        ("Earthquake", 2),
    ):
        take = min(have, left)
        if take:
            out[tile] = take
        left -= take
    return out
