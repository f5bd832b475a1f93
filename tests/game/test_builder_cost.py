"""The Builder's cost as a rule of its own (issue 39: one owner per rule).

Rulebook: Possible Actions: Builder, part 2 (I: a Builder that has reached the card pays the printed cost; II: one that
has not pays the printed cost plus 1 Papyrus for each step it is short) and Example 9.  The owner is
``actions.builder.building_price`` (with ``steps_short``); buying, the payments offered and why a purchase is refused
all go through it.  Every expected value below is counted by hand from the rule; G3's printed cost (1 Papyrus and 1
resource of the player's choice) is the one Example 9 states.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tameri_kit.game import step
from tameri_kit.game.play.engine import why_not, with_turn
from tameri_kit.game.rules_of_play.actions.builder import building_price, steps_short
from tameri_kit.rules.common import Resource
from tameri_kit.rules.offering import Stock

from test_game_examples import moves, play, setp, started

P = Resource.PAPYRUS


@pytest.mark.parametrize(
    "builder, space, short",
    [
        (1, 3, 2),  # Example 9: bottom space, card on the third: 3 - 1 = 2 steps short
        (2, 3, 1),  # one space below the card: 1 step
        (3, 3, 0),  # has reached it (part 2 I): nothing extra
        (5, 1, 0),  # above the card: it has passed it, nothing extra (never a negative cost)
        (None, 1, 1),  # no Builder in play: counted from below the bottom space
    ],
)
def test_steps_short_counts_the_steps_from_the_builder_to_the_card(builder, space, short):
    assert steps_short(builder, space) == short


def test_building_price_is_the_printed_cost_plus_one_papyrus_per_step_short():
    """G3 prints 1 Papyrus + 1 of choice (Example 9).  From space 1 to the card on space 3: 2 steps short, so
    1 + 2 = 3 Papyrus and 1 of choice, 4 resources in all; from space 3: the printed 2; from space 2: 1 + 1 = 2
    Papyrus and 1 of choice."""
    assert Counter(building_price("G3", 1, 3)) == Counter({P: 3, None: 1})
    assert Counter(building_price("G3", 3, 3)) == Counter({P: 1, None: 1})
    assert Counter(building_price("G3", 2, 3)) == Counter({P: 2, None: 1})


def _builder_turn(builder, reserve, row=("A6", "B6", "G3", "C6", "D6")):
    """George, in step 2 of his turn with the Builder action, his Builder on ``builder`` (None: not in play)."""
    s = started()
    s = setp(s, "George", reserve=reserve, builder=builder, buildings=())
    s = s.but(row=row)
    return with_turn(s, "George", ["builder"])


def test_a_builder_that_reached_the_card_pays_the_printed_cost_only():
    """Part 2 I: George's Builder stands on space 2 and the action moves it to 3, where G3 lies: 0 steps short, so
    G3 costs its printed 1 Papyrus + 1 of choice.  With 1 Barley and 1 Papyrus he pays exactly those two and keeps
    nothing; the 2 Papyrus it would cost one step lower are not asked."""
    s = _builder_turn(2, Stock(barley=1, papyrus=1))
    s = play(s, "George: do builder", "George: builder advance", "George: buy G3")
    assert moves(s) == ["pay 1 barley, 1 papyrus"]
    s = step(s, "George: pay 1 barley, 1 papyrus")
    assert s.player("George").reserve == Stock() and s.player("George").buildings == ("G3",)


def test_a_builder_short_of_the_card_pays_a_papyrus_per_step_and_is_told_why_not():
    """Part 2 II: G3 on space 5, George's Builder moves from 2 to 3: 2 steps short, so G3 costs 1 + 2 = 3 Papyrus
    and 1 of choice.  With 1 Barley and 2 Papyrus (3 resources, 2 of them Papyrus) he cannot buy it, and the reason
    names the 2 Papyrus for the 2 steps; with a third Papyrus he pays 1 Barley and 3 Papyrus."""
    row = ("A6", "B6", "C6", "D6", "G3")
    s = play(_builder_turn(2, Stock(barley=1, papyrus=2), row), "George: do builder", "George: builder advance")
    assert "buy G3" not in moves(s)
    reason = why_not(s, "George: buy G3")
    assert "plus 2 Papyrus for the 2 step(s)" in reason
    s = play(_builder_turn(2, Stock(barley=1, papyrus=3), row), "George: do builder", "George: builder advance")
    s = step(s, "George: buy G3")
    assert moves(s) == ["pay 1 barley, 3 papyrus"]
    s = step(s, "George: pay 1 barley, 3 papyrus")
    assert s.player("George").reserve == Stock() and s.player("George").buildings == ("G3",)
    assert any("+ 2 Papyrus for the Builder's 2 step(s) short" in e.text for e in s.events())
