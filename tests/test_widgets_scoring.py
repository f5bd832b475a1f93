"""The scoring widgets, driven without a browser (End of the Season step 4, End of the Game, majority odds)."""

import sympy as sp

from tameri_kit.rules.common import Resource
from tameri_kit.rules.offering import Stock
from tameri_kit.widgets.scoring import (EndGameWidget, MajorityOddsWidget, MajorityWidget, ScoringLesson,
                                        beatles_last_season)

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
    assert o.points("George", "glyph bonus") == 2 and o.points("John", "glyph bonus") == 2          # Example 19
    assert o.points("George", "buildings") == 4                                                     # Example 20
    assert [o.points(n, "majorities") for n in ("Ringo", "John", "Paul", "George")] == [6, 2, 1, 0]   # Example 21
    assert o.points("Paul", "offering total") == 2                                                  # Example 22
    assert o.points("George", "building sets") == 13                                                # Example 23
    assert o.points("John", "priest cards") == 10                                                   # Example 24
    assert o.points("George", "hand glyphs") == 5                                                   # Example 25
    assert o.points("Paul", "leftovers") == 3                                                       # Example 26
    assert "<table" in w.table_html.value and w.chart_image.value[:4] == b"\x89PNG"


def test_end_game_widget_edits_a_player():
    """Give Paul 3 more Deben (10 -> 13 items: leftovers 3 -> 4)."""
    w = EndGameWidget()
    w.player_dropdown.value = "Paul"
    assert w.deben_slider.value == 3
    w.deben_slider.value = 4
    w.reserve_sliders[F].value = 4
    w.score_button.click()
    assert w.outcome.points("Paul", "leftovers") == 4     # 2+1+4 resources, 4 Deben, 2 Silt = 13 -> 4
    w.buildings_text.value = "Z9"
    assert "Z9" in w.error_label.value
    w.reading_dropdown.value = "by_side"
    w.score_button.click()
    assert w.outcome.points("George", "hand glyphs") == 5   # Example 25 hand: 5 under both readings


def test_odds_widget_exact_answers():
    """k=2 vs 1 opponent uniform on 0..3: win 1/2, tie 1/4, expected 5/4 (worked in test_majority_odds)."""
    w = MajorityOddsWidget()
    w.m_slider.value = 1
    w.k_slider.value = 2
    o = w.update()
    assert (o.win, o.tie, o.expected()) == (sp.Rational(1, 2), sp.Rational(1, 4), sp.Rational(5, 4))
    assert "5/4" in w.answer_html.value
    w.dist_dropdown.value = "binomial"
    w.symbolic_box.value = True
    assert "q" in w.answer_html.value and w.chart_image.value == b""


def test_lesson_and_example_players():
    lesson = ScoringLesson()
    assert len(lesson.box.children) == 3
    assert "application/vnd.jupyter.widget-view+json" in lesson._repr_mimebundle_()
    ps = beatles_last_season()
    assert [p.name for p in ps] == ["Ringo", "John", "Paul", "George"]
    assert ps[2].reserve.total + ps[2].deben + ps[2].silt == 10     # Example 26
    assert ps[3].screen == Stock(barley=1, papyrus=1, flax=1, fruit=1)


def test_render_table_and_charts():
    """The outcome table marks the winner; the bar chart stacks one segment per non-zero category."""
    from tameri_kit.probability.majority import odds_table, uniform
    from tameri_kit.render.scores import odds_figure, outcome_figure, outcome_table_html, screens_html
    from tameri_kit.rules.game_end import finish_game
    from tameri_kit.widgets.scoring import BEATLES_GLYPH_BONUS

    out = finish_game(beatles_last_season(), glyph_bonus=BEATLES_GLYPH_BONUS)
    html = outcome_table_html(out)
    assert html.count("<tr") == 5 and "&#9813; Ringo" in html          # header + 4 players; Ringo wins (67)
    fig = outcome_figure(out)
    bars = fig.axes[0].patches
    nonzero = sum(1 for n in out.names for c in out.categories if out.breakdown[n][c])
    assert len(bars) == sum(4 for c in out.categories if any(out.breakdown[n][c] for n in out.names))
    assert nonzero <= len(bars)
    tops = [t.get_text() for t in fig.axes[0].texts]
    assert tops[0] == "67 (winner)"
    assert len(outcome_figure(out, include_earlier=False).axes[0].patches) == len(bars) - 4
    assert len(odds_figure(odds_table(2, uniform(2))).axes) == 2
    assert "+2 VP" in screens_html(beatles_last_season(), resource=Resource.FRUIT, scorers={"Ringo": 2})
