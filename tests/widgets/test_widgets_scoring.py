"""The scoring widgets, driven without a browser (End of the Season step 4, End of the Game, majority odds)."""

import sympy as sp

from tameri_kit.rules.common import Resource
from tameri_kit.rules.offering import Stock
from tameri_kit.widgets.scoring_widgets import (
    EndGameWidget,
    MajorityOddsWidget,
    MajorityWidget,
    ScoringLesson,
    beatles_last_season,
)

B, P, X, F = Resource.BARLEY, Resource.PAPYRUS, Resource.FLAX, Resource.FRUIT


def test_majority_widget_steps_through_example_21():
    """Example 21: Barley (Ringo, John 1 each), Papyrus (Ringo 2), Flax (Ringo, John, Paul 1 each), Fruit (Ringo 2)."""
    w = MajorityWidget()
    assert w.index == -1 and w.screens_html.value == ""
    w.step_button.click()
    assert w.index == 0 and "Ringo" in w.screens_html.value
    w.step_button.click()
    assert w.event_html.value.startswith("Barley: Ringo and John tie on 2")
    w.step_button.click()
    w.step_button.click()
    assert "Flax: Ringo, John and Paul tie on 2" in w.event_html.value
    w.last_button.click()
    scores = {p.name: p.score for p in w.current}
    assert scores == {"Ringo": 6, "John": 2, "Paul": 1, "George": 0}
    assert {p.name: p.screen.total for p in w.current} == {"Ringo": 0, "John": 2, "Paul": 5, "George": 4}
    w.back_button.click()
    assert w.index == 3
    w.reset_button.click()
    assert w.index == -1


def test_majority_widget_sliders_recompute():
    """Moving a slider hides the screens again and re-resolves: George offering 4 Fruit takes the Fruit majority."""
    w = MajorityWidget()
    w.sliders["George"][F].value = 4
    assert w.index == -1
    w.last_button.click()
    fruit = w.events[3]
    assert dict(fruit.points) == {"George": 2}
    assert ("Ringo", 3) in fruit.kept


def test_majority_widget_presets():
    w = MajorityWidget()
    w.preset_dropdown.value = "nothing offered"
    w.last_button.click()
    assert all(e.points == () for e in w.events)
    w.preset_dropdown.value = "a lone offerer"
    w.last_button.click()
    assert dict(w.events[3].points) == {"Ringo": 2}


def test_end_game_widget_reproduces_examples():
    """Examples 19-26 in one run of the rebuilt Beatles game (see beatles_last_season)."""
    w = EndGameWidget()
    o = w.outcome
    assert o.points("George", "glyph bonus") == 2 and o.points("John", "glyph bonus") == 2  # Example 19
    assert o.points("George", "buildings") == 4  # Example 20
    assert [o.points(n, "majorities") for n in ("Ringo", "John", "Paul", "George")] == [6, 2, 1, 0]  # Example 21
    assert o.points("Paul", "offering total") == 2  # Example 22
    assert o.points("George", "building sets") == 13  # Example 23
    assert o.points("John", "priest cards") == 10  # Example 24
    assert o.points("George", "hand glyphs") == 5  # Example 25
    assert o.points("Paul", "leftovers") == 3  # Example 26
    assert "<table" in w.table_html.value and w.chart_image.png[:4] == b"\x89PNG"


def test_end_game_widget_edits_a_player():
    """Give Paul 3 more Deben (10 -> 13 items: leftovers 3 -> 4)."""
    w = EndGameWidget()
    w.player_dropdown.value = "Paul"
    assert w.deben_slider.value == 3
    w.deben_slider.value = 4
    w.reserve_sliders[F].value = 4
    w.score_button.click()
    assert w.outcome.points("Paul", "leftovers") == 4  # 2+1+4 resources, 4 Deben, 2 Silt = 13 -> 4
    w.buildings_text.value = "Z9"
    assert "Z9" in w.error_label.value
    w.buildings_text.value = "E3 F4"  # Paul's Buildings again
    w.reading_dropdown.value = "by_side"
    w.score_button.click()
    assert w.outcome.points("George", "hand glyphs") == 5  # Example 25 hand: 5 under both readings


# ---- honest results: never a table of other inputs, never a step that does nothing -----------------------------
def test_majority_next_is_disabled_at_the_last_type_and_back_at_the_start():
    """Four types are scored (Barley, Papyrus, Flax, Fruit: End of the Season, step 4): after revealing and the
    four types Next and All do nothing, so they are disabled; with the screens hidden Back and Hide are."""
    w = MajorityWidget()
    assert w.back_button.disabled and w.reset_button.disabled and not w.step_button.disabled
    for _ in range(5):  # reveal, then the four types
        w.step_button.click()
    assert w.step_label.value.startswith("type 4 of 4")
    assert w.step_button.disabled and w.last_button.disabled and not w.back_button.disabled
    w.step_button.click()  # a click on a disabled button in code still does nothing
    assert w.step_label.value.startswith("type 4 of 4")
    w.back_button.click()
    assert not w.step_button.disabled


def test_end_game_bad_entry_clears_the_old_table_and_names_the_player_once():
    """A Building id must be a letter A-G and a number 1-6 (Building Card List): 'Z9' is refused with that reason,
    the player's name said once, and the table and chart of the previous entries are taken away."""
    w = EndGameWidget()
    w.buildings_text.value = "A1 Z9"
    assert w.error_label.value.startswith("Ringo: ") and w.error_label.value.count("Ringo") == 1
    assert "Z9" in w.error_label.value
    assert w.outcome is None and "<table" not in w.table_html.value and w.chart_image.png == b""
    w.buildings_text.value = "A1"  # corrected as it is typed: scored again at once
    assert w.error_label.value == "" and "<table" in w.table_html.value and w.outcome is not None


def test_end_game_rescores_the_moment_an_input_changes():
    """Paul's leftovers (End of the Game, step 5: every full 3 is a point): 5 resources + 3 Deben + 2 Silt = 10 -> 3;
    4 Deben make 11 -> still 3; one Fruit more as well, 12 -> 4.  No Score press: the table follows every change."""
    w = EndGameWidget()
    w.player_dropdown.value = "Paul"
    assert w.outcome.points("Paul", "leftovers") == 3
    w.deben_slider.value = 4
    assert w.outcome.points("Paul", "leftovers") == 3
    w.reserve_sliders[F].value += 1
    assert w.outcome.points("Paul", "leftovers") == 4


def test_end_game_priest_cards_are_worth_1_2_or_3():
    """Priest Cards: a card is worth 1, 2 or 3 points; '5' and 'x' are refused with that reason."""
    w = EndGameWidget()
    for bad in ("3 5", "3 x"):
        w.priests_text.value = bad
        assert "1, 2 or 3" in w.error_label.value and w.outcome is None


def test_odds_widget_exact_answers():
    """k=2 vs 1 opponent uniform on 0..3: win 1/2, tie 1/4, expected 5/4 (worked in test_majority_odds)."""
    w = MajorityOddsWidget()
    w.m_slider.value = 1
    w.k_slider.value = 2
    o = w.update()
    assert (o.win, o.tie, o.expected()) == (sp.Rational(1, 2), sp.Rational(1, 4), sp.Rational(5, 4))
    assert "\\frac{5}{4}" in w.answer_html.value
    w.dist_dropdown.value = "binomial"
    w.symbolic_box.value = True
    assert "q" in w.answer_html.value and w.chart_image.png[:4] == b"\x89PNG"


def test_lesson_and_example_players():
    lesson = ScoringLesson()
    assert len(lesson.box.children) == 3
    assert "application/vnd.jupyter.widget-view+json" in lesson._repr_mimebundle_()
    ps = beatles_last_season()
    assert [p.name for p in ps] == ["Ringo", "John", "Paul", "George"]
    assert ps[2].reserve.total + ps[2].deben + ps[2].silt == 10  # Example 26
    assert ps[3].screen == Stock(barley=1, papyrus=1, flax=1, fruit=1)


def test_render_table_and_charts():
    """The outcome table marks the winner; the bar chart stacks one segment per non-zero category."""
    from tameri_kit.probability.majority import odds_table, uniform
    from tameri_kit.render.scores import odds_figure, outcome_figure, outcome_table_html, screens_html
    from tameri_kit.rules.game_end import finish_game
    from tameri_kit.widgets.scoring_widgets import BEATLES_GLYPH_BONUS

    out = finish_game(beatles_last_season(), glyph_bonus=BEATLES_GLYPH_BONUS)
    html = outcome_table_html(out)
    assert html.count("<tr") == 5 and "&#9813; Ringo" in html  # header + 4 players; Ringo wins (67)
    fig = outcome_figure(out)
    bars = fig.axes[0].patches
    nonzero = sum(1 for n in out.names for c in out.categories if out.breakdown[n][c])
    assert len(bars) == sum(4 for c in out.categories if any(out.breakdown[n][c] for n in out.names))
    assert nonzero <= len(bars)
    tops = [t.get_text() for t in fig.axes[0].texts]
    assert tops[0] == "67 (winner)"
    assert len(outcome_figure(out, include_earlier=False).axes[0].patches) == len(bars) - 4
    chances, points = odds_figure(odds_table(2, uniform(2))).axes
    assert chances.get_ylabel() == "probability" and points.get_ylabel() == "expected majority points"
    assert "+2 VP" in screens_html(beatles_last_season(), resource=Resource.FRUIT, scorers={"Ringo": 2})


# ----- issue 14 (defects seen in the scoring widgets) and issue 12 (widgets) -------------------------------------
def test_symbolic_q_is_fast_maths_and_a_chart():
    """Issue 12: binomial(8, q), k=8, m=5 with q kept as a symbol blocked the kernel ~17 s per change (minutes on
    a busy machine); the answer is now multiplied out as polynomials.  By hand: with k=8 = n you win alone when
    every opponent offers fewer than 8, each with chance 1 - q^8, so P = (1 - q^8)^5; a tie needs at least one
    opponent at 8: P(tie) = 1 - (1 - q^8)^5 ... split by how many, its sum is 1 - (1-q^8)^5.
    Issue 14: the plot was a broken image; results printed as ``(q - 1)**5*...`` instead of maths."""
    w = MajorityOddsWidget()
    w.dist_dropdown.value = "binomial"
    w.symbolic_box.value = True
    w.k_slider.value, w.m_slider.value, w.n_slider.value = 8, 5, 8
    q = sp.Symbol("q")
    o = w.update()
    assert sp.expand(o.win - (1 - q**8) ** 5) == 0
    assert sp.expand(o.tie - (1 - (1 - q**8) ** 5)) == 0
    assert w.chart_image.png[:4] == b"\x89PNG" and w.chart_image.layout.display != "none"
    html = w.answer_html.value
    assert "$" in html and "**" not in html and "q^{8}" in html
    assert w.status_label.value == "" and w.q_slider.disabled


def test_symbolic_odds_agree_with_brute_force():
    """The fast symbolic path (Poly arithmetic in majority_odds) gives the brute-force numbers once q is set."""
    from tameri_kit.probability.majority import binomial, brute_force, majority_odds

    q = sp.Symbol("q")
    for k, m, n in ((1, 2, 2), (2, 2, 3), (3, 3, 3)):
        o = majority_odds(k, m, binomial(n, q))
        for value in (sp.Rational(1, 3), sp.Rational(3, 4)):
            want = brute_force(k, m, binomial(n, value))
            assert o.win.subs(q, value) == want["win"] and o.tie.subs(q, value) == want["tie"]
            assert o.expected().subs(q, value) == want["expected"]


def test_odds_chart_one_axis_per_panel_and_no_hidden_line():
    """Before: six lines on two y-axes, two of them on top of each other.  Against one opponent a tie shares the
    2 points as 1 each, exactly the rule: one line carries both names."""
    from tameri_kit.probability.majority import odds_table, uniform
    from tameri_kit.render.scores import odds_figure

    fig = odds_figure(odds_table(1, uniform(3)))
    chances, points = fig.axes  # two panels side by side, no twin axis
    assert chances.get_position().x1 <= points.get_position().x0
    labels = [ln.get_label() for ln in points.get_lines()]
    assert "a tie scores 1 each (the rule) = a tie shares the 2 points" in labels and len(labels) == 3
    data = [tuple(ln.get_ydata()) for ln in points.get_lines()]
    assert len(set(data)) == len(data)
    for ax in fig.axes:
        assert ax.get_legend() is not None and ax.get_legend().get_bbox_to_anchor().y0 < ax.bbox.y0


def test_majority_stepper_shows_no_future_events():
    """Before: the log listed every type's result greyed out (spoilers) before it was scored."""
    w = MajorityWidget()
    w.step_button.click()  # screens revealed: nothing scored yet
    assert w.log_html.value == ""
    w.step_button.click()  # Barley scored
    assert "Barley" in w.log_html.value and "Papyrus" not in w.log_html.value and "Fruit" not in w.log_html.value
    w.last_button.click()
    assert all(t in w.log_html.value for t in ("Barley", "Papyrus", "Flax", "Fruit"))


def test_choosing_the_same_start_again_resets_the_majorities():
    w = MajorityWidget()
    w.sliders["George"][F].value = 4
    w.last_button.click()
    w.preset_dropdown.value = "Example 21 (rebuilt)"  # the same preset as at the start
    assert w.index == -1 and w.sliders["George"][F].value == 1 and w.preset_dropdown.value == ""
    assert "Example 21" in w.presets.loaded_label.value


def test_labels_are_not_cut():
    """Before: "opponent..." and "Barley off..." - a description longer than its space is cut.  Every
    description now has its width set from its text ('initial') or room for ~7 px a character."""
    import ipywidgets as widgets
    from ipywidgets.widgets.widget_description import DescriptionWidget

    def controls(obj):
        for v in vars(obj).values():
            if isinstance(v, dict):
                yield from (x for x in v.values() if isinstance(x, DescriptionWidget))
            elif isinstance(v, DescriptionWidget):
                yield v

    for widget in (EndGameWidget(), MajorityOddsWidget()):
        for c in controls(widget):
            if not c.description or isinstance(c, (widgets.Checkbox, widgets.Button)):
                continue
            room = c.style.description_width or "80px"  # ipywidgets' default label width
            assert room == "initial" or 7 * len(c.description) <= int(room.rstrip("px")), c.description


def test_misused_constructors_raise_typed_errors():
    import pytest

    from tameri_kit.errors import TameriError

    with pytest.raises(TameriError, match="max_offer .* at least 1, not -1"):
        MajorityWidget(max_offer=-1)
    with pytest.raises(TameriError, match="names must be 1 to 4 different player names"):
        MajorityWidget(names="Ringo")
    with pytest.raises(TameriError, match="players must be 1 to 4 PlayerSituation values"):
        EndGameWidget(players="x")
    with pytest.raises(TameriError, match="not among the players"):
        EndGameWidget(glyph_bonus={"Mick"})
