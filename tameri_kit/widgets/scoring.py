"""Scoring widgets: the season-end majorities step by step, a whole end-of-game score, and the majority odds.

Rulebook: End of the Season, step 4 (Example 21); End of the Game, steps 1-6 (Examples 22-26);
Possible Actions, Offering to the Pharaoh.

Thin views over :mod:`tameri_kit.rules.season_end`, :mod:`tameri_kit.rules.game_end` and
:mod:`tameri_kit.probability.majority`.  Every child widget is an attribute, so a test or a notebook can drive
them without a browser::

    w = MajorityWidget()                     # the screens of Example 21 (rebuilt: the picture is lost)
    w.step_button.click()                    # reveal, then Barley
    w.event_html.value                       # 'Barley: Ringo and John tie on 2 ...'

The example players (:func:`beatles_last_season`) are rebuilt from the text of Examples 19-26: the pictures are
lost, so the exact cards are the kit's, chosen to agree with every sentence of those examples.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets
import sympy as sp

from ..errors import TameriError
from ..probability.majority import TIE_RULE_TEXT, TIE_RULES, binomial, majority_odds, odds_table, uniform
from ..render.scores import figure_png, odds_figure, outcome_figure, outcome_table_html, screens_html
from ..rules.common import RESOURCES
from ..rules.game_end import finish_game
from ..rules.offering import Stock
from ..rules.scoring import PlayerSituation, ScoringReadings, parse_hand
from ..rules.season_end import majority_step

NAMES = ("Ringo", "John", "Paul", "George")


# ----------------------------------------------------------------------------------------------------------------
# Example players
# ----------------------------------------------------------------------------------------------------------------
def example21_screens() -> dict[str, Stock]:
    """Screens consistent with every sentence of Examples 21 and 22 (the picture is lost):
    Flax 2/2/2/1 (Ringo, John, Paul tie), Fruit and Papyrus 3 for Ringo alone, Barley 2/2 for Ringo and John;
    afterwards Paul has 5 left, George 4, John 2, Ringo 0."""
    return {
        "Ringo": Stock(barley=2, papyrus=3, flax=2, fruit=3),
        "John": Stock(barley=2, papyrus=1, flax=2, fruit=1),
        "Paul": Stock(barley=1, papyrus=2, flax=2, fruit=2),
        "George": Stock(barley=1, papyrus=1, flax=1, fruit=1),
    }


def beatles_last_season() -> tuple[PlayerSituation, ...]:
    """The four players just before the end of the third Season, rebuilt so that one run reproduces
    Example 19 (glyph bonus for George and John: pass ``glyph_bonus={"George", "John"}``), Example 20 (George: G2
    with 1 Silt and D3 with 3 Flax -> 4), Example 21 (majorities 6/2/1/0), Example 22 (Paul has the most left),
    Example 23 (George's sets ABCDG + AB = 11 + 2), Example 24 (John's Priest cards 10), Example 25 (George's hand
    5 glyphs of one kind) and Example 26 (Paul's leftovers 10 -> 3).  Scores so far are illustrative."""
    s = example21_screens()
    return (
        PlayerSituation("Ringo", score=52, screen=s["Ringo"], reserve=Stock(barley=1, fruit=1), deben=1,
                        buildings=("C2", "F5", "E2"), priest_cards=(2, 1), hand=parse_hand("33(sunset|daytime)")),
        PlayerSituation("John", score=44, screen=s["John"], reserve=Stock(papyrus=1), deben=2,
                        buildings=("E1", "B4"), priest_cards=(3, 3, 2, 1, 1),
                        hand=parse_hand("58(night|night) 91(|daytime)")),
        PlayerSituation("Paul", score=47, screen=s["Paul"], reserve=Stock(barley=2, papyrus=1, fruit=2), deben=3,
                        silt=2, buildings=("E3", "F4"), priest_cards=(2,), hand=parse_hand("70(daytime|sunrise)")),
        PlayerSituation("George", score=38, screen=s["George"], reserve=Stock(flax=3), silt=1, deben=0,
                        buildings=("A1", "B1", "C1", "D3", "G2", "A6", "B2"), priest_cards=(1,),
                        hand=parse_hand("12(sunrise|sunrise,sunset) 40(sunrise,daytime|sunrise) 77(|sunrise,night)")),
    )


BEATLES_GLYPH_BONUS = frozenset({"George", "John"})


def _html_events(events, upto: int) -> str:
    items = []
    for i, e in enumerate(events):
        style = "font-weight:bold" if i == upto else ("color:#999" if i > upto else "")
        items.append(f'<li style="{style}">{escape(e.text)}</li>')
    return f'<ol style="font-family:sans-serif;font-size:13px">{"".join(items)}</ol>'


# ----------------------------------------------------------------------------------------------------------------
# 1. Majorities at the end of a Season
# ----------------------------------------------------------------------------------------------------------------
class MajorityWidget:
    """Set what each player offered with sliders, then reveal and score the majorities type by type."""

    PRESETS = {
        "Example 21 (rebuilt)": example21_screens,
        "three-way tie on Barley": lambda: {"Ringo": Stock(barley=2), "John": Stock(barley=2),
                                            "Paul": Stock(barley=2), "George": Stock(barley=1)},
        "a lone offerer": lambda: {"Ringo": Stock(fruit=1), "John": Stock(), "Paul": Stock(), "George": Stock()},
        "nothing offered": lambda: {n: Stock() for n in NAMES},
    }

    def __init__(self, names=NAMES, max_offer: int = 6):
        self.names = tuple(names)
        self.preset_dropdown = widgets.Dropdown(options=list(self.PRESETS), value="Example 21 (rebuilt)",
                                                description="Start from")
        self.sliders = {n: {r: widgets.IntSlider(0, 0, max_offer, description=r.label,
                                                 layout=widgets.Layout(width="230px"),
                                                 style={"description_width": "55px"})
                            for r in RESOURCES} for n in self.names}
        self.step_button = widgets.Button(description="Next", icon="step-forward", button_style="primary")
        self.back_button = widgets.Button(description="Back", icon="step-backward")
        self.last_button = widgets.Button(description="All", icon="fast-forward")
        self.reset_button = widgets.Button(description="Hide screens", icon="undo")
        self.step_label = widgets.Label()
        self.event_html = widgets.HTML()
        self.screens_html = widgets.HTML()
        self.log_html = widgets.HTML()
        self.events = []
        self.index = -1           # -1: screens hidden; 0: revealed; 1..4: that type scored
        self._quiet = False
        for n in self.names:
            for s in self.sliders[n].values():
                s.observe(self._on_change, names="value")
        self.preset_dropdown.observe(lambda ch: self.load(ch["new"]), names="value")
        self.step_button.on_click(lambda _: self.go(self.index + 1))
        self.back_button.on_click(lambda _: self.go(self.index - 1))
        self.last_button.on_click(lambda _: self.go(len(self.events)))
        self.reset_button.on_click(lambda _: self.go(-1))
        cols = [widgets.VBox([widgets.HTML(f"<b>{escape(n)}</b>"), *self.sliders[n].values()]) for n in self.names]
        self.box = widgets.VBox([
            self.preset_dropdown, widgets.HBox(cols),
            widgets.HBox([self.reset_button, self.back_button, self.step_button, self.last_button, self.step_label]),
            self.event_html, self.screens_html, self.log_html])
        self.load(self.preset_dropdown.value)

    # -- state
    def players(self) -> tuple[PlayerSituation, ...]:
        return tuple(PlayerSituation(n, screen=Stock(**{r.value: self.sliders[n][r].value for r in RESOURCES}))
                     for n in self.names)

    def load(self, preset: str) -> None:
        screens = self.PRESETS[preset]()
        self._quiet = True
        for n in self.names:
            for r in RESOURCES:
                self.sliders[n][r].value = screens.get(n, Stock())[r]
        self._quiet = False
        self._on_change()

    def _on_change(self, *_):
        if self._quiet:
            return
        self.events = majority_step(self.players())
        self.go(-1)

    @property
    def current(self) -> tuple[PlayerSituation, ...]:
        return self.players() if self.index <= 0 else self.events[self.index - 1].after

    def go(self, index: int) -> None:
        self.index = max(-1, min(index, len(self.events)))
        i = self.index
        if i == -1:
            self.step_label.value = "screens hidden"
            self.event_html.value = "<i>Press Next to reveal the screens.</i>"
            self.screens_html.value = ""
            self.log_html.value = ""
            return
        if i == 0:
            self.step_label.value = "screens revealed"
            self.event_html.value = "Everyone reveals what is behind their screen."
            self.screens_html.value = screens_html(self.players(), caption="Revealed")
        else:
            e = self.events[i - 1]
            before = self.players() if i == 1 else self.events[i - 2].after
            self.step_label.value = f"type {i} of {len(self.events)}: {e.resource.label}"
            self.event_html.value = escape(e.text)
            shown = [p.but(screen=b.screen) for p, b in zip(e.after, before)]
            self.screens_html.value = screens_html(shown, resource=e.resource, scorers=dict(e.points),
                                                   discarded=e.discarded, caption=f"Scoring {e.resource.label}")
            if i == len(self.events):
                self.screens_html.value += screens_html(e.after, caption="Left behind the screens for later")
        self.log_html.value = _html_events(self.events, i - 1)

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)


# ----------------------------------------------------------------------------------------------------------------
# 2. The whole end of the game
# ----------------------------------------------------------------------------------------------------------------
class EndGameWidget:
    """Edit one player at a time and see the third Season's end plus the End of the Game as a table and a chart."""

    def __init__(self, players=None, glyph_bonus=BEATLES_GLYPH_BONUS):
        self.situations = {p.name: p for p in (players or beatles_last_season())}
        names = list(self.situations)
        self.player_dropdown = widgets.Dropdown(options=names, value=names[0], description="Player")
        self.score_slider = widgets.IntSlider(0, 0, 120, description="score so far")
        self.screen_sliders = {r: widgets.IntSlider(0, 0, 8, description=f"{r.label} offered") for r in RESOURCES}
        self.reserve_sliders = {r: widgets.IntSlider(0, 0, 4, description=f"{r.label} owned") for r in RESOURCES}
        self.deben_slider = widgets.IntSlider(0, 0, 4, description="Deben")
        self.silt_slider = widgets.IntSlider(0, 0, 4, description="Silt")
        self.buildings_text = widgets.Text(description="Buildings", placeholder="A1 B2 D3")
        self.priests_text = widgets.Text(description="Priest cards", placeholder="3 2 1")
        self.hand_text = widgets.Text(description="hand", placeholder="61(sunrise|sunset,night) 12(|night)",
                                      layout=widgets.Layout(width="420px"))
        self.glyph_bonus_box = widgets.Checkbox(description="glyph bonus this Season")
        self.reading_dropdown = widgets.Dropdown(
            options=[("glyphs of one kind (S6, chosen)", "by_kind"), ("left or right side (S6, alternative)", "by_side")],
            value="by_kind", description="hand glyphs")
        self.score_button = widgets.Button(description="Score the end of the game", button_style="primary")
        self.error_label = widgets.Label()
        self.table_html = widgets.HTML()
        self.chart_image = widgets.Image(format="png")
        self.log_html = widgets.HTML()
        self.glyph_bonus = set(glyph_bonus or ())
        self.outcome = None
        self._quiet = False
        self.player_dropdown.observe(lambda _: self._show_player(), names="value")
        for w in [self.score_slider, self.deben_slider, self.silt_slider, self.buildings_text, self.priests_text,
                  self.hand_text, self.glyph_bonus_box, *self.screen_sliders.values(), *self.reserve_sliders.values()]:
            w.observe(self._edit, names="value")
        self.score_button.on_click(lambda _: self.score())
        self.box = widgets.VBox([
            widgets.HBox([self.player_dropdown, self.score_slider, self.glyph_bonus_box]),
            widgets.HBox([widgets.VBox(list(self.screen_sliders.values())),
                          widgets.VBox(list(self.reserve_sliders.values()) + [self.deben_slider, self.silt_slider])]),
            self.buildings_text, self.priests_text, self.hand_text, self.reading_dropdown,
            widgets.HBox([self.score_button, self.error_label]), self.table_html, self.chart_image, self.log_html])
        self._show_player()
        self.score()

    def _show_player(self):
        p = self.situations[self.player_dropdown.value]
        self._quiet = True
        self.score_slider.value = p.score
        for r in RESOURCES:
            self.screen_sliders[r].value = p.screen[r]
            self.reserve_sliders[r].value = p.reserve[r]
        self.deben_slider.value, self.silt_slider.value = p.deben, p.silt
        self.buildings_text.value = " ".join(p.buildings)
        self.priests_text.value = " ".join(str(x) for x in p.priest_cards)
        self.hand_text.value = " ".join(str(c) for c in p.hand)
        self.glyph_bonus_box.value = p.name in self.glyph_bonus
        self._quiet = False

    def _edit(self, *_):
        if self._quiet:
            return
        name = self.player_dropdown.value
        try:
            p = self.situations[name].but(
                score=self.score_slider.value,
                screen=Stock(**{r.value: s.value for r, s in self.screen_sliders.items()}),
                reserve=Stock(**{r.value: s.value for r, s in self.reserve_sliders.items()}),
                deben=self.deben_slider.value, silt=self.silt_slider.value,
                buildings=tuple(self.buildings_text.value.replace(",", " ").split()),
                priest_cards=tuple(int(x) for x in self.priests_text.value.replace(",", " ").split()),
                hand=parse_hand(self.hand_text.value))
        except (TameriError, ValueError) as e:
            self.error_label.value = f"{name}: {e}".splitlines()[0]
            return
        self.error_label.value = ""
        self.situations[name] = p
        (self.glyph_bonus.add if self.glyph_bonus_box.value else self.glyph_bonus.discard)(name)

    def score(self):
        try:
            self.outcome = finish_game(list(self.situations.values()), glyph_bonus=self.glyph_bonus,
                                       readings=ScoringReadings(hand_glyphs=self.reading_dropdown.value))
        except (TameriError, ValueError) as e:
            self.error_label.value = str(e).splitlines()[0]
            return None
        self.table_html.value = outcome_table_html(self.outcome)
        self.chart_image.value = figure_png(outcome_figure(self.outcome))
        self.log_html.value = _html_events(self.outcome.events, -1)
        return self.outcome

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)


# ----------------------------------------------------------------------------------------------------------------
# 3. The odds of a majority
# ----------------------------------------------------------------------------------------------------------------
class MajorityOddsWidget:
    """You offered k of a type; each of m opponents offers a random amount.  Exact odds and expected points."""

    def __init__(self):
        self.k_slider = widgets.IntSlider(2, 0, 8, description="you offer k")
        self.m_slider = widgets.IntSlider(3, 0, 5, description="opponents m")
        self.n_slider = widgets.IntSlider(3, 0, 8, description="at most n")
        self.dist_dropdown = widgets.Dropdown(options=[("uniform on 0..n", "uniform"), ("binomial(n, q)", "binomial")],
                                              value="uniform", description="opponents")
        self.q_slider = widgets.FloatSlider(0.5, min=0.0, max=1.0, step=0.05, description="q")
        self.symbolic_box = widgets.Checkbox(False, description="keep q as a symbol")
        self.tie_dropdown = widgets.Dropdown(options=[(TIE_RULE_TEXT[r], r) for r in TIE_RULES], value="one_each",
                                             description="tie rule")
        self.answer_html = widgets.HTML()
        self.chart_image = widgets.Image(format="png")
        for w in (self.k_slider, self.m_slider, self.n_slider, self.dist_dropdown, self.q_slider, self.symbolic_box,
                  self.tie_dropdown):
            w.observe(lambda _: self.update(), names="value")
        self.box = widgets.VBox([
            widgets.HBox([self.k_slider, self.m_slider, self.n_slider]),
            widgets.HBox([self.dist_dropdown, self.q_slider, self.symbolic_box]), self.tie_dropdown,
            self.answer_html, self.chart_image])
        self.update()

    @property
    def q(self):
        return sp.Symbol("q") if self.symbolic_box.value else sp.nsimplify(round(self.q_slider.value, 2))

    def dist(self):
        n = self.n_slider.value
        return uniform(n) if self.dist_dropdown.value == "uniform" else binomial(n, self.q)

    def update(self):
        k, m, rule = self.k_slider.value, self.m_slider.value, self.tie_dropdown.value
        o = majority_odds(k, m, self.dist())
        rows = "".join(f"<tr><td>{escape(TIE_RULE_TEXT[r])}</td><td>{escape(str(v))}</td></tr>"
                       for r, v in o.compare().items())
        self.answer_html.value = (
            f"<p>P(you have the most alone) = <b>{escape(str(o.win))}</b>; P(tie for the most) = "
            f"<b>{escape(str(o.tie))}</b>; expected points ({escape(TIE_RULE_TEXT[rule])}) = "
            f"<b>{escape(str(o.expected(rule)))}</b></p>"
            f"<table><tr><th>tie rule</th><th>expected points</th></tr>{rows}</table>")
        if self.symbolic_box.value:
            self.chart_image.value = b""
            return o
        table = odds_table(m, self.dist(), range(0, self.n_slider.value + 2))
        self.chart_image.value = figure_png(odds_figure(table, title=f"{m} opponent(s), {self.dist_dropdown.label}"))
        return o

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)


class ScoringLesson:
    """The three scoring widgets in tabs."""

    def __init__(self):
        self.majority = MajorityWidget()
        self.end_game = EndGameWidget()
        self.odds = MajorityOddsWidget()
        self.box = widgets.Tab(children=[self.majority.box, self.end_game.box, self.odds.box],
                               titles=("Season-end majorities", "End of the game", "Odds of a majority"))

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)
