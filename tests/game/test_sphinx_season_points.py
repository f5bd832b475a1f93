"""Sphinx Effects 3A as a behaviour of its own: ``sphinx_effects.apply_season_points`` (issue 39; before it only the
75-game fingerprint pinned it).

Rulebook, Sphinx Effects 3A (paraphrased): the player gains 1 Deben, then at once scores the End of Season points of
one of their own Building cards.  The Building Card List gives each card's End of Season points; the ones used here:
D3 1 point per Flax owned, at most 3; G3 1 point per Deben owned, at most 3; F3 1 point per step the Builder has
advanced, at most 3; D4 spend 1 resource of your choice for 2 points.  C1 has no End of Season points.

Each test reaches 3A through the Decoration action (Possible Actions: Decoration: any Sphinx space's effect, without
paying the Fruit), so nothing else scores; every expected value is worked out by hand in the test's docstring.
"""

from __future__ import annotations

from tameri_kit.game import step
from tameri_kit.game.play.engine import why_not, with_turn
from tameri_kit.rules.offering import Stock

from test_game_examples import moves, play, setp, started

FACES = ("1A", "2B", "3A", "4A", "5B", "6A", "7B", "8A", "9A", "10A")


def three_a(**john):
    """John in step 2 of his turn, having activated 3A by Decoration: the Deben gained, the Building to choose."""
    s = started()
    s = s.but(sphinx=FACES, sphinx_owner=(None,) * 10)
    s = setp(s, "John", **john)
    s = with_turn(s, "John", ["decoration"])
    before = s.player("John")
    s = play(s, "John: do decoration", "John: decorate 3A")
    return before, s


def test_3a_gains_a_deben_then_offers_each_building_with_season_points():
    """John owns C1, D3 and G3.  3A: Deben 0 -> 1 first; then D3 and G3 are offered (they have End of Season points),
    C1 is not, and ``score C1`` is refused with the reason."""
    before, s = three_a(buildings=("C1", "D3", "G3"), deben=0, reserve=Stock(flax=5))
    assert s.player("John").deben == before.deben + 1 == 1
    assert moves(s) == ["score D3", "score G3", "score nothing"]
    assert "C1 scores no points at the End of the Season" in why_not(s, "John: score C1")


def test_3a_scores_d3_capped_at_three_and_keeps_the_flax():
    """D3 with 5 Flax: 1 per Flax, at most 3 -> min(5, 3) = 3 points.  D3 counts the Flax, it does not spend it:
    Flax stays 5."""
    before, s = three_a(buildings=("D3",), deben=0, reserve=Stock(flax=5))
    s = step(s, "John: score D3")
    john = s.player("John")
    assert john.score == before.score + 3
    assert john.reserve == Stock(flax=5)
    assert any(e.text.endswith("(Sphinx 3A: D3: 1 per Flax (5), up to 3)") for e in s.events())


def test_3a_scores_g3_after_the_deben_it_gives():
    """G3 with 1 Deben before 3A: 3A's own Deben comes first (1 + 1 = 2 Deben), so G3 scores 1 x 2 = 2 points, not 1."""
    before, s = three_a(buildings=("G3",), deben=1)
    s = step(s, "John: score G3")
    assert s.player("John").deben == 2
    assert s.player("John").score == before.score + 2


def test_3a_scores_f3_by_the_builders_steps():
    """F3 with the Builder on space 3: it has advanced 3 - 1 = 2 steps from the bottom space -> 2 points."""
    before, s = three_a(buildings=("F3",), builder=3)
    s = step(s, "John: score F3")
    assert s.player("John").score == before.score + 2


def test_3a_on_d4_spends_one_resource_for_two_points():
    """D4 with 1 Barley and 2 Papyrus: one move per resource John has (Barley, Papyrus; none for Flax or Fruit).
    Spending a Papyrus: Papyrus 2 -> 1, Barley stays 1, +2 points."""
    before, s = three_a(buildings=("D4",), reserve=Stock(barley=1, papyrus=2))
    assert moves(s) == ["score D4 spending barley", "score D4 spending papyrus", "score nothing"]
    assert "flax" in why_not(s, "John: score D4 spending flax")
    s = step(s, "John: score D4 spending papyrus")
    john = s.player("John")
    assert john.reserve == Stock(barley=1, papyrus=1)
    assert john.score == before.score + 2


def test_3a_scoring_nothing_changes_nothing_but_the_deben():
    """``score nothing``: only 3A's Deben (0 -> 1); score and resources as before."""
    before, s = three_a(buildings=("D3",), deben=0, reserve=Stock(flax=2))
    s = step(s, "John: score nothing")
    john = s.player("John")
    assert (john.score, john.reserve, john.deben) == (before.score, before.reserve, 1)
