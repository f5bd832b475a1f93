"""Building a Sphinx as one rule with one owner (issue 39): ``actions.sphinx.build_sphinx`` with ``sphinxes_left`` and
``can_build_sphinx``, used by the Sphinx action, Gift GG11 and the Ghost's Sphinx action.

Rulebook: Possible Actions: Sphinx, part 2 (place 1 Sphinx on an empty space of the Avenue unless all yours are in
play already; then the step is skipped); Components and Game Setup 3c (3 Sphinxes each: ``SUPPLY.sphinxes_per_player``);
Gifts of the Gods GG11 (place a Sphinx for free, not activated); Ghost Actions Summary: Sphinx (while the Ghost's
Sphinxes are not all in play, build one; then 2 points per Ghost Sphinx, reading X9 ``"always"``).
"""

from __future__ import annotations

import dataclasses

from tameri_kit.game import step
from tameri_kit.game.core.catalog import SUPPLY
from tameri_kit.game.play.engine import with_turn
from tameri_kit.game.rules_of_play.actions import sphinx as sphinx_action
from tameri_kit.rules.offering import Stock

from test_game_examples import moves, play, setp, started
from test_ghost_sphinx_reading import ghost_sphinx, with_ghost
from test_ghost_sphinx_reading import started as ghost_started
from test_gifts import johns_turn

FACES = ("1A", "2B", "3B", "4A", "5B", "6A", "7B", "8A", "9A", "10A")


def sphinx_turn(sphinxes, owners):
    s = started().but(sphinx=FACES, sphinx_owner=owners)
    s = setp(s, "Ringo", sphinxes=sphinxes, reserve=Stock(fruit=1), deben=0)
    return play(with_turn(s, "Ringo", ["sphinx"]), "Ringo: do sphinx", "Ringo: pay 1 fruit")


def test_a_sphinx_is_placed_while_one_is_left_and_a_space_is_empty():
    """Ringo (seat 3) has 1 of his 3 Sphinxes in play: 3 - 1 = 2 left, so after the Fruit he places one; the 9 empty
    spaces are offered (space 1 is his)."""
    s = sphinx_turn(1, (3,) + (None,) * 9)
    assert sphinx_action.sphinxes_left(s, 3) == 2
    assert sorted(moves(s)) == sorted(f"sphinx space {k}" for k in range(2, 11))
    s = step(s, "Ringo: sphinx space 5")
    assert s.sphinx_owner[4] == 3 and s.player("Ringo").sphinxes == 2


def test_the_placing_step_is_skipped_with_all_sphinxes_in_play_or_a_full_avenue():
    """All 3 of Ringo's Sphinxes in play (3 - 3 = 0 left): straight to activating his own.  With 1 in play but every
    space of the Avenue taken: no space to place one, straight to activating too."""
    s = sphinx_turn(3, (3, 3, 3) + (None,) * 7)
    assert sphinx_action.sphinxes_left(s, 3) == 0 and not sphinx_action.can_build_sphinx(s, 3)
    assert moves(s) == ["activate 1A", "activate 2B", "activate 3B", "activate done"]
    full = sphinx_turn(1, (3, 0, 0, 1, 1, 1, 2, 2, 2, 0))
    assert not sphinx_action.can_build_sphinx(full, 3)
    assert moves(full) == ["activate 1A", "activate done"]


def test_gg11_builds_through_the_same_rule():
    """GG11 is offered only while John has a Sphinx left and the Avenue a space (reading P1): not with all 3 in
    play; with 2 in play it places his third, and the count becomes 3."""
    assert "gift GG11" not in moves(johns_turn("GG11", sphinxes=3))
    s = johns_turn("GG11", sphinxes=2)
    s = s.but(sphinx_owner=(0, 0) + (None,) * 8)
    s = play(s, "John: gift GG11", "John: sphinx space 10")
    assert s.sphinx_owner[9] == 0 and s.player("John").sphinxes == 3


def test_the_ghost_counts_the_supplys_sphinxes_not_a_fixed_three(monkeypatch):
    """The Ghost's condition "not all in play" reads ``SUPPLY.sphinxes_per_player``.  With the box's 3 and 2 Ghost
    Sphinxes in play it builds its third and scores 2 x 3 = 6 (reading X9 "always").  With a supply of 2 per player
    (patched) the same position has all of them in play: nothing is built, and it scores 2 x 2 = 4."""
    state = ghost_started("always")
    seat = state.ghost.seat
    two = with_ghost(state.but(sphinx_owner=(None, seat, seat) + (None,) * 7), sphinxes=2)
    after = ghost_sphinx(two, card=4)  # Ghost card 4 names space 1
    assert after.players[seat].sphinxes == 3 and after.players[seat].score - two.players[seat].score == 6
    monkeypatch.setattr(sphinx_action, "SUPPLY", dataclasses.replace(SUPPLY.loaded(), sphinxes_per_player=2))
    after = ghost_sphinx(two)  # no Ghost card is needed: nothing to build
    assert after.players[seat].sphinxes == 2 and after.players[seat].score - two.players[seat].score == 4
