"""Glyph chaining (Phase 2, "Glyphs, Actions, and Unrevealed Cards"; Phase 3; D1-D5; End of the Season step 2).

Glyph facts used below are those the kit's data must honour (checked by the data validator); where a test needs
a card's glyphs it states them, and the expectation is worked out from the rule text.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tameri_kit.data import example_board, load_actions
from tameri_kit.errors import IllegalActionError, NotationError, StateError
from tameri_kit.rules.action_cards import ACTIONS, Action, Glyph
from tameri_kit.rules.glyphs import (
    FACE_DOWN_RIGHT,
    GlyphReadings,
    Played,
    PlayOption,
    analyse_season,
    card_play,
    completed_glyphs,
    face_down_cost,
    format_row,
    ghost_glyph_points,
    parse_row,
    season_end_bonus,
)

C = load_actions()
JOHN, GEORGE, RINGO, PAUL = (example_board(p).glyph for p in ("John", "George", "Ringo", "Paul"))


def P(n, down=False):
    return Played(C.card(n), down)


def test_example_3a_card_61_completes():
    """Example 3a: card 61 completes a glyph and allows both actions.  61's left holds Night; card 2's right is
    Night in the kit's data, so 61 played after 2 completes."""
    assert Glyph.NIGHT in C.card(2).right and Glyph.NIGHT in C.card(61).left
    cp = card_play((P(2), P(61)), 2, GEORGE)
    assert cp.completes and [o.actions for o in cp.options] == [C.card(61).actions]
    assert cp.options[0].cost_text == "free"


def test_example_3b_temple_202_choose_a_half():
    """Example 3b: no glyph matches on Temple card 202: the 2 upper actions or the 1 lower one."""
    row = (P(5), P(202))
    assert not completed_glyphs(C.card(202), P(5).right)  # 202's left is Daytime, 5's right Sunrise
    cp = card_play(row, 2, RINGO)
    assert not cp.completes
    assert [len(o.actions) for o in cp.options] == [2, 1]
    assert cp.options[0].actions == C.card(202).top and cp.options[1].actions == C.card(202).bottom


def test_example_3c_temple_207_after_face_down():
    """Example 3c: after a face-down card, 207 allows Decoration (top), Builder (bottom left), Priest (bottom right)."""
    cp = card_play((P(5, True), P(207)), 2, RINGO)
    assert cp.completes
    assert cp.options == (cp.options[0],)
    assert cp.options[0].actions == (Action.DECORATION, Action.BUILDER, Action.PRIEST)


def test_example_4_second_face_down_costs_2_and_last_face_down_scores():
    """Example 4: George pays 2 Deben for his last card (his second face-down card this season) and scores 2."""
    row = parse_row("2 [7] 45 [97]", C)
    plays = analyse_season(row, GEORGE)
    assert plays[3].face_down_cost == 2
    assert all(o.deben == 2 and len(o.actions) == 1 for o in plays[3].options)
    assert {o.actions[0] for o in plays[3].options} == set(ACTIONS)
    assert season_end_bonus(row, GEORGE).points == 2


def test_example_5a():
    """Example 5a: John's 59 completes his board's glyph (both actions); George 2, Ringo 14, Paul 21 choose one."""
    assert card_play((P(59),), 1, JOHN).completes
    for n, board in ((2, GEORGE), (14, RINGO), (21, PAUL)):
        cp = card_play((P(n),), 1, board)
        assert not cp.completes
        assert sorted(len(o.actions) for o in cp.options) == [1, 1]


def test_example_5b():
    """Example 5b: George face down pays 1 and may take any action; Ringo's 65 completes 14; Paul 24, John 44 do not."""
    george = card_play((P(2), P(7, True)), 2, GEORGE)
    assert george.face_down_cost == 1 and len(george.options) == 8
    assert card_play((P(14), P(65)), 2, RINGO).completes
    assert not card_play((P(21), P(24)), 2, PAUL).completes
    assert not card_play((P(59), P(44)), 2, JOHN).completes


def test_example_29_observatory_d3():
    """Example 29: with D3, Ringo may pay 1 resource to use both actions of card 18 (Sunset on its left), here
    after card 14 whose right (Daytime) does not complete it."""
    without = card_play((P(14), P(18)), 2, RINGO)
    assert not without.completes and all(len(o.actions) == 1 for o in without.options)
    cp = card_play((P(14), P(18)), 2, RINGO, buildings={"D3"})
    full = [o for o in cp.options if o.via == "observatory D3"]
    assert len(full) == 1 and full[0].actions == C.card(18).actions and full[0].resources == 1 and full[0].deben == 0
    # another observatory does not help: D1 pictures Sunrise, not on 18's left (Sunset)
    assert Glyph.SUNRISE not in C.card(18).left
    assert all(o.via != "observatory D1" for o in card_play((P(14), P(18)), 2, RINGO, buildings={"D1"}).options)


def test_great_library_even_without_left_glyph():
    """D5: 2 Deben for both actions even when there is no glyph on the left."""
    card = next(c for c in C if not c.left and c.deck != "E")
    cp = card_play((Played(card),), 1, JOHN, buildings=["D5"])
    lib = [o for o in cp.options if o.via == "library D5"]
    assert lib and lib[0].deben == 2 and lib[0].actions == card.actions
    assert "no glyph on its left" in cp.explanation


def test_no_left_glyph_after_face_down_one_action():
    """NOTE in the Glyphs section: no left glyph means one action, even after a face-down card."""
    card = next(c for c in C if not c.left and c.deck != "E")
    cp = card_play((P(5, True), Played(card)), 2, JOHN)
    assert not cp.completes and all(len(o.actions) == 1 for o in cp.options)


def test_season_end_bonus_revealed_cards():
    """End of the Season step 2: the right glyph of the 4th card must match the board (the left does not count)."""
    # card 24: right Sunrise = John's board -> 2 points; card 44: right Night -> no points for John
    assert season_end_bonus(parse_row("59 6 16 24", C), JOHN).points == 2
    assert season_end_bonus(parse_row("59 6 16 44", C), JOHN).points == 0
    with pytest.raises(StateError, match="season is not over"):  # issue 12: refused, not a silent 0
        season_end_bonus(parse_row("59 6 16", C), JOHN)


def test_board_reading_every():
    """Register G1: with board_completes='every' the board glyph also completes later cards."""
    assert not card_play((P(14), P(59)), 2, JOHN).completes  # 14 right Daytime, 59 left Sunrise
    assert card_play((P(14), P(59)), 2, JOHN, readings=GlyphReadings("every")).completes
    with pytest.raises(ValueError):
        GlyphReadings("sometimes")


def test_ghost_glyph_points():
    """+1 Player Mode Phase 4: 2 points when the Ghost's new card completes a glyph."""
    assert ghost_glyph_points(C.card(65), C.card(14).right) == 2
    assert ghost_glyph_points(C.card(24), C.card(21).right) == 0


def test_notation_round_trip_and_errors():
    row = parse_row("59 [6] 44 16", C)
    assert format_row(row) == "59 [6] 44 16" and row[1].face_down
    assert format_row(parse_row("[\u221e] 0", C)) == "[\u221e] 0"
    with pytest.raises(NotationError) as e:
        parse_row("59 [6 44", C)
    assert e.value.position == 3
    with pytest.raises(NotationError):
        parse_row("59 x", C)
    with pytest.raises(NotationError):
        parse_row("59 1000", C)
    with pytest.raises(NotationError):
        parse_row("2 5 6 7 9", C)
    opt = PlayOption.parse("farmer+harvest [2 deben]")
    assert opt.actions == (Action.FARMER, Action.HARVEST) and opt.deben == 2
    assert str(PlayOption.parse(str(opt))) == "farmer+harvest [2 deben]"
    with pytest.raises(NotationError):
        PlayOption.parse("farmer+dance")


def test_bad_inputs():
    with pytest.raises(IllegalActionError):
        card_play((P(59),), 2, JOHN)
    with pytest.raises(ValueError):
        card_play((P(59),), 1, JOHN, buildings={"A1"})
    with pytest.raises(IllegalActionError):
        analyse_season(parse_row("2 5 6 7", C) + (P(9),), JOHN)


# ---------------------------------------------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------------------------------------------
numbers = sorted(c.number for c in C)
rows = st.lists(st.tuples(st.sampled_from(numbers), st.booleans()), min_size=1, max_size=4, unique_by=lambda t: t[0])


@given(rows, st.sampled_from(list(Glyph)))
@settings(max_examples=200, deadline=None)
def test_deben_cost_is_face_down_count(spec, board):
    """Phase 3: the cost of a face-down card is the number of face-down cards so far, this one included."""
    row = tuple(P(n, d) for n, d in spec)
    for i, cp in enumerate(analyse_season(row, board), 1):
        expected = sum(1 for _, d in spec[:i] if d) if spec[i - 1][1] else 0
        assert cp.face_down_cost == expected == face_down_cost(row, i)
        if cp.played.face_down:
            assert {o.deben for o in cp.options} == {expected}


@given(st.sampled_from(numbers), st.sampled_from(numbers), st.sampled_from(list(Glyph)))
@settings(max_examples=200, deadline=None)
def test_face_down_predecessor_completes_any_card_with_a_left_glyph(before, n, board):
    """The face-down back shows all four glyphs on its right: it completes every card with a left glyph."""
    if before == n:
        return
    cp = card_play((P(before, True), P(n)), 2, board)
    assert cp.completes == bool(C.card(n).left)
    assert P(before, True).right == FACE_DOWN_RIGHT


@given(rows, st.sampled_from(list(Glyph)), st.sets(st.sampled_from(["D1", "D2", "D3", "D4", "D5"])))
@settings(max_examples=200, deadline=None)
def test_options_are_well_formed(spec, board, buildings):
    row = tuple(P(n, d) for n, d in spec)
    for cp in analyse_season(row, board, buildings=buildings):
        assert cp.options
        for o in cp.options:
            assert PlayOption.parse(str(o)).actions == o.actions
            if cp.completes:
                assert o.actions == cp.played.card.actions and o.deben == o.resources == 0


def test_example_19_two_players_score():
    """Example 19: George and John get the 2 points, Ringo and Paul do not.  Seasons built on the kit's data:
    John ends on 24 (right Sunrise = his board); George on a face-down card; Ringo on 38 and Paul on 15, whose
    right glyphs (checked below) miss their boards (Sunset, Night)."""
    assert JOHN in C.card(24).right
    assert RINGO not in C.card(38).right and PAUL not in C.card(15).right
    seasons = {
        "John": ("59 44 16 24", JOHN),
        "George": ("2 [7] 45 [97]", GEORGE),
        "Ringo": ("14 65 5 38", RINGO),
        "Paul": ("21 9 10 15", PAUL),
    }
    points = {p: season_end_bonus(parse_row(t, C), g).points for p, (t, g) in seasons.items()}
    assert points == {"John": 2, "George": 2, "Ringo": 0, "Paul": 0}
