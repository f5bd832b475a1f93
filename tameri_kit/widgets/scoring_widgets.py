"""Scoring widgets: the season-end majorities step by step and a whole end-of-game score (the majority odds:
:mod:`tameri_kit.widgets.majority_odds`).

Rulebook: End of the Season, step 4 (Example 21); End of the Game, steps 1-6 (Examples 22-26);
Possible Actions, Offering to the Pharaoh.

Thin views over :mod:`tameri_kit.rules.season_end_scoring`, :mod:`tameri_kit.rules.game_end` and
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

from ..errors import TameriError
from .common import ChartImage, PresetMenu, WidgetArgumentError, wrap_row
from .majority_odds import MajorityOddsWidget, chances_in_q_figure  # noqa: F401  (lesson 07 imports them from here)
from ..render.scores import figure_png, outcome_figure, outcome_table_html, screens_html
from ..rules.common import RESOURCES
from ..rules.game_end import finish_game
from ..rules.offering import Stock
from ..rules.scoring import PlayerSituation, ScoringReadings, parse_hand
from ..rules.season_end_scoring import majority_step

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
        PlayerSituation(
            "Ringo",
            score=52,
            screen=s["Ringo"],
            reserve=Stock(barley=1, fruit=1),
            deben=1,
            buildings=("C2", "F5", "E2"),
            priest_cards=(2, 1),
            hand=parse_hand("33(sunset|daytime)"),
        ),
        PlayerSituation(
            "John",
            score=44,
            screen=s["John"],
            reserve=Stock(papyrus=1),
            deben=2,
            buildings=("E1", "B4"),
            priest_cards=(3, 3, 2, 1, 1),
            hand=parse_hand("58(night|night) 91(|daytime)"),
        ),
        PlayerSituation(
            "Paul",
            score=47,
            screen=s["Paul"],
            reserve=Stock(barley=2, papyrus=1, fruit=2),
            deben=3,
            silt=2,
            buildings=("E3", "F4"),
            priest_cards=(2,),
            hand=parse_hand("70(daytime|sunrise)"),
        ),
        PlayerSituation(
            "George",
            score=38,
            screen=s["George"],
            reserve=Stock(flax=3),
            silt=1,
            deben=0,
            buildings=("A1", "B1", "C1", "D3", "G2", "A6", "B2"),
            priest_cards=(1,),
            hand=parse_hand("12(sunrise|sunrise,sunset) 40(sunrise,daytime|sunrise) 77(|sunrise,night)"),
        ),
    )


BEATLES_GLYPH_BONUS = frozenset({"George", "John"})


def _html_events(events, upto: int | None = None) -> str:
    """The events so far: up to ``upto`` (bold), none of the later ones (no spoilers); all when ``upto`` is None."""
    shown = list(events) if upto is None else list(events)[: upto + 1]
    items = []
    for i, e in enumerate(shown):
        style = "font-weight:bold" if i == upto else ""
        items.append(f'<li style="{style}">{escape(e.text)}</li>')
    return f'<ol style="font-family:sans-serif;font-size:13px">{"".join(items)}</ol>' if items else ""


def _without_name(name: str, message: str) -> str:
    """A rule's message without its leading ``"NAME: "`` (the widget names the player once, itself)."""
    return message[len(name) + 2 :] if message.startswith(f"{name}: ") else message


def _read_field(field: str, read, text: str):
    try:
        return read(text)
    except (TameriError, ValueError) as error:
        raise WidgetArgumentError(f"{field}: {error}") from error


def _priest_points(text: str) -> tuple[int, ...]:
    """Priest card points as typed ("3 2 1"): each card is worth 1, 2 or 3 (rulebook: Priest Cards)."""
    points = []
    for word in text.replace(",", " ").split():
        if word not in ("1", "2", "3"):
            raise WidgetArgumentError(
                f"Priest cards: {word!r} is not a card's points - each card is worth 1, 2 or 3 (type them like 3 2 1)"
            )
        points.append(int(word))
    return tuple(points)


def _whole_number(owner: str, name: str, value, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise WidgetArgumentError(f"{owner}: {name} must be a whole number of at least {least}, not {value!r}")
    return value


# ----------------------------------------------------------------------------------------------------------------
# 1. Majorities at the end of a Season
# ----------------------------------------------------------------------------------------------------------------
class MajorityWidget:
    """Set what each player offered with sliders, then reveal and score the majorities type by type."""

    PRESETS = {
        "Example 21 (rebuilt)": example21_screens,
        "three-way tie on Barley": lambda: {
            "Ringo": Stock(barley=2),
            "John": Stock(barley=2),
            "Paul": Stock(barley=2),
            "George": Stock(barley=1),
        },
        "a lone offerer": lambda: {"Ringo": Stock(fruit=1), "John": Stock(), "Paul": Stock(), "George": Stock()},
        "nothing offered": lambda: {n: Stock() for n in NAMES},
    }

    def __init__(self, names=NAMES, max_offer: int = 6):
        if (
            isinstance(names, str)
            or not all(isinstance(n, str) and n for n in names)
            or not 1 <= len(tuple(names)) <= 4
            or len(set(names)) != len(tuple(names))
        ):
            raise WidgetArgumentError(
                f"MajorityWidget: names must be 1 to 4 different player names, e.g. {NAMES}, not {names!r}"
            )
        _whole_number("MajorityWidget", "max_offer (the most a slider offers)", max_offer, 1)
        self.names = tuple(names)
        self.presets = PresetMenu([(k, k) for k in self.PRESETS], self.load, description="Start from", width="420px")
        self.preset_dropdown = self.presets.dropdown
        self.sliders = {
            n: {
                r: widgets.IntSlider(
                    0,
                    0,
                    max_offer,
                    description=r.label,
                    layout=widgets.Layout(width="220px"),
                    style={"description_width": "60px"},
                )
                for r in RESOURCES
            }
            for n in self.names
        }
        self.step_button = widgets.Button(description="Next", icon="step-forward", button_style="primary")
        self.back_button = widgets.Button(description="Back", icon="step-backward")
        self.last_button = widgets.Button(description="All", icon="fast-forward")
        self.reset_button = widgets.Button(description="Hide screens", icon="undo")
        self.step_label = widgets.Label()
        self.event_html = widgets.HTML()
        self.screens_html = widgets.HTML()
        self.log_html = widgets.HTML()
        self.events = []
        self.index = -1  # -1: screens hidden; 0: revealed; 1..4: that type scored
        self._quiet = False
        for n in self.names:
            for s in self.sliders[n].values():
                s.observe(self._on_change, names="value")
        self.step_button.on_click(lambda _: self.go(self.index + 1))
        self.back_button.on_click(lambda _: self.go(self.index - 1))
        self.last_button.on_click(lambda _: self.go(len(self.events)))
        self.reset_button.on_click(lambda _: self.go(-1))
        cols = [widgets.VBox([widgets.HTML(f"<b>{escape(n)}</b>"), *self.sliders[n].values()]) for n in self.names]
        self.box = widgets.VBox(
            [
                wrap_row([self.preset_dropdown, self.presets.loaded_label]),
                wrap_row(cols),
                wrap_row([self.reset_button, self.back_button, self.step_button, self.last_button, self.step_label]),
                self.event_html,
                self.screens_html,
                self.log_html,
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self.presets.load("Example 21 (rebuilt)")

    # -- state
    def players(self) -> tuple[PlayerSituation, ...]:
        return tuple(
            PlayerSituation(n, screen=Stock(**{r.value: self.sliders[n][r].value for r in RESOURCES}))
            for n in self.names
        )

    def load(self, preset: str) -> None:
        """Put every slider at the preset's screens and hide the screens again (the whole widget starts over)."""
        if preset not in self.PRESETS:
            raise WidgetArgumentError(f"no MajorityWidget preset {preset!r}; they are {', '.join(self.PRESETS)}")
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
        self.presets.let_go()
        self.events = majority_step(self.players())
        self.go(-1)

    @property
    def current(self) -> tuple[PlayerSituation, ...]:
        return self.players() if self.index <= 0 else self.events[self.index - 1].after

    def go(self, index: int) -> None:
        self.index = max(-1, min(index, len(self.events)))
        i = self.index
        # a step that would do nothing is disabled: no Next or All at the last type, no Back or Hide when hidden
        self.step_button.disabled = self.last_button.disabled = i >= len(self.events)
        self.back_button.disabled = self.reset_button.disabled = i <= -1
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
            self.screens_html.value = screens_html(
                shown,
                resource=e.resource,
                scorers=dict(e.points),
                discarded=e.discarded,
                caption=f"Scoring {e.resource.label}",
            )
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
        players = beatles_last_season() if players is None else players
        if (
            isinstance(players, (str, bytes))
            or not hasattr(players, "__iter__")
            or not all(isinstance(p, PlayerSituation) for p in players)
            or not 1 <= len(list(players)) <= 4
        ):
            raise WidgetArgumentError(
                f"EndGameWidget: players must be 1 to 4 PlayerSituation values (e.g. "
                f"beatles_last_season()), not {players!r:.80}"
            )
        if len({p.name for p in players}) != len(list(players)):
            raise WidgetArgumentError("EndGameWidget: every player needs a different name")
        if isinstance(glyph_bonus, str) or not all(isinstance(n, str) for n in (glyph_bonus or ())):
            raise WidgetArgumentError(
                f"EndGameWidget: glyph_bonus must be a set of player names, e.g. {{'George'}}, not {glyph_bonus!r}"
            )
        self.situations = {p.name: p for p in players}
        unknown = set(glyph_bonus or ()) - set(self.situations)
        if unknown:
            raise WidgetArgumentError(
                f"EndGameWidget: glyph_bonus names {', '.join(sorted(unknown))}, who "
                f"{'is' if len(unknown) == 1 else 'are'} not among the players"
            )
        names = list(self.situations)
        wide = {"description_width": "120px"}
        size = widgets.Layout(width="360px", max_width="100%")
        self.player_dropdown = widgets.Dropdown(options=names, value=names[0], description="Player")
        settled = {"style": wide, "layout": size, "continuous_update": False}  # one score per release, not per pixel
        self.score_slider = widgets.IntSlider(0, 0, 120, description="score so far", **settled)
        self.screen_sliders = {
            r: widgets.IntSlider(0, 0, 8, description=f"{r.label} offered", **settled) for r in RESOURCES
        }
        self.reserve_sliders = {
            r: widgets.IntSlider(0, 0, 4, description=f"{r.label} owned", **settled) for r in RESOURCES
        }
        self.deben_slider = widgets.IntSlider(0, 0, 4, description="Deben", **settled)
        self.silt_slider = widgets.IntSlider(0, 0, 4, description="Silt", **settled)
        self.buildings_text = widgets.Text(description="Buildings", placeholder="A1 B2 D3", style=wide, layout=size)
        self.priests_text = widgets.Text(description="Priest cards", placeholder="3 2 1", style=wide, layout=size)
        self.hand_text = widgets.Text(
            description="Hand",
            placeholder="61(sunrise|sunset,night) 12(|night)",
            style=wide,
            layout=widgets.Layout(width="560px", max_width="100%"),
        )
        self.glyph_bonus_box = widgets.Checkbox(description="glyph bonus this Season", indent=False)
        self.reading_dropdown = widgets.Dropdown(
            options=[
                ("glyphs of one kind (S6, chosen)", "by_kind"),
                ("left or right side (S6, alternative)", "by_side"),
            ],
            value="by_kind",
            description="Hand glyphs",
            style=wide,
            layout=widgets.Layout(width="460px", max_width="100%"),
        )
        self.score_button = widgets.Button(
            description="Score the end of the game",
            button_style="primary",
            layout=widgets.Layout(width="auto", min_width="220px"),
        )
        self.error_label = widgets.Label()
        self.table_html = widgets.HTML()
        self.chart_image = ChartImage(
            "Bar chart: each player's points by where they came from (the table gives the numbers)"
        )
        self.log_html = widgets.HTML()
        self.glyph_bonus = set(glyph_bonus or ())
        self.outcome = None
        self._quiet = False
        self.player_dropdown.observe(lambda _: self._switch_player(), names="value")
        for w in [
            self.score_slider,
            self.deben_slider,
            self.silt_slider,
            self.buildings_text,
            self.priests_text,
            self.hand_text,
            self.glyph_bonus_box,
            *self.screen_sliders.values(),
            *self.reserve_sliders.values(),
        ]:
            w.observe(self._edit, names="value")
        self.reading_dropdown.observe(lambda _: self._edit(), names="value")
        self.score_button.on_click(lambda _: self._edit())  # reads the entries as they stand, then scores
        self.chart_image.layout = widgets.Layout(max_width="100%", align_self="flex-start")
        self.box = widgets.VBox(
            [
                wrap_row([self.player_dropdown, self.score_slider, self.glyph_bonus_box]),
                wrap_row(
                    [
                        widgets.VBox(list(self.screen_sliders.values())),
                        widgets.VBox(list(self.reserve_sliders.values()) + [self.deben_slider, self.silt_slider]),
                    ]
                ),
                self.buildings_text,
                self.priests_text,
                self.hand_text,
                self.reading_dropdown,
                wrap_row([self.score_button, self.error_label]),
                self.table_html,
                self.chart_image,
                self.log_html,
            ],
            layout=widgets.Layout(max_width="100%"),
        )
        self._show_player()
        self.score()

    def _switch_player(self):
        """Another player's entries: an unread entry of the previous player is dropped, so score what stands."""
        self._show_player()
        if self.outcome is None:
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
        """An input changed: read the player's entries (each checked as it is typed) and score again at once, so
        the table never shows a result of other inputs; an entry that cannot be read says why (which field, what
        is wrong) and clears the old result."""
        if self._quiet:
            return
        name = self.player_dropdown.value
        try:
            p = self.situations[name].but(
                score=self.score_slider.value,
                screen=Stock(**{r.value: s.value for r, s in self.screen_sliders.items()}),
                reserve=Stock(**{r.value: s.value for r, s in self.reserve_sliders.items()}),
                deben=self.deben_slider.value,
                silt=self.silt_slider.value,
                buildings=tuple(self.buildings_text.value.replace(",", " ").split()),
                priest_cards=_priest_points(self.priests_text.value),
                hand=_read_field("Hand", parse_hand, self.hand_text.value),
            )
        except (TameriError, ValueError) as e:
            self._no_score(_without_name(name, str(e)))
            return
        self.situations[name] = p
        (self.glyph_bonus.add if self.glyph_bonus_box.value else self.glyph_bonus.discard)(name)
        self.score()

    def _no_score(self, reason: str) -> None:
        """Say why there is no score, and take the old (now wrong) table, chart and log away."""
        self.outcome = None
        self.error_label.value = f"{self.player_dropdown.value}: {reason}".splitlines()[0]
        self.table_html.value = "<i>No score: fix the entry named above.</i>"
        self.chart_image.png = b""
        self.log_html.value = ""

    def score(self):
        try:
            self.outcome = finish_game(
                list(self.situations.values()),
                glyph_bonus=self.glyph_bonus,
                readings=ScoringReadings(hand_glyphs=self.reading_dropdown.value),
            )
        except (TameriError, ValueError) as e:
            self._no_score(_without_name(self.player_dropdown.value, str(e)))
            return None
        self.error_label.value = ""
        self.table_html.value = outcome_table_html(self.outcome)
        self.chart_image.png = figure_png(outcome_figure(self.outcome))
        self.log_html.value = _html_events(self.outcome.events)
        return self.outcome

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)


class ScoringLesson:
    """The three scoring widgets in tabs."""

    def __init__(self):
        self.majority = MajorityWidget()
        self.end_game = EndGameWidget()
        self.odds = MajorityOddsWidget()
        self.box = widgets.Tab(
            children=[self.majority.box, self.end_game.box, self.odds.box],
            titles=("Season-end majorities", "End of the game", "Odds of a majority"),
        )

    def _repr_mimebundle_(self, **kwargs):
        return self.box._repr_mimebundle_(**kwargs)
