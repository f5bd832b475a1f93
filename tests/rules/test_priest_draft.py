"""End of the Season, step 1: the Priest card draft (rules/priest_draft.py, Example 18; reading T6).

Expected values are worked out by hand from Example 18 and the Priest cards' points (41-48 are worth 3, 25-40
worth 2, 1-24 worth 1).
"""

from __future__ import annotations

import random

import pytest

from tameri_kit.data.temples_and_priests import Effect, PriestCard, load_priests
from tameri_kit.errors import IllegalActionError
from tameri_kit.rules.temple_moves import (
    DRAFT,
    TempleState,
    draft,
    draft_order,
    keep_most_points,
    random_choice,
    shuffled_pile,
)


def S(text: str) -> TempleState:
    return TempleState.parse(text)


EX18 = "Amun John:5 George:3 | Ra George:6 Ringo:4 John:2 | Ptah Paul:7 Ringo:3 John:1"


def test_example_18_draft_order():
    """Example 18 - 8 priests: Amun John (top), George; Ra George (top), Ringo, John; Ptah Paul (top), Ringo,
    John.  John draws 8; George keeps 2 in a row; the cards reach Ringo, John, Paul, Ringo, and John last."""
    s = S(EX18)
    assert s.count == 8
    assert [p for p, _, _ in draft_order(s)] == ["John", "George", "George", "Ringo", "John", "Paul", "Ringo", "John"]


def test_example_18_draft_with_given_cards_and_picks():
    """Example 18 - each priest keeps one card and passes the rest; John ends with 3, George and Ringo 2, Paul 1."""
    deck = load_priests()
    pile = tuple(deck.card(i) for i in (41, 25, 1, 30, 2, 3, 45, 26, 9))  # 9 cards: only 8 are drawn
    r = draft(S(EX18), pile=pile, picks=[45, 41, 25, 1, 30, 2, 3, 26])
    assert len(r.drawn) == 8 and r.pile == (deck.card(9),)
    assert {p: [c.id for c in cs] for p, cs in r.kept().items()} == {
        "John": [45, 30, 26],
        "George": [41, 25],
        "Ringo": [1, 3],
        "Paul": [2],
    }
    # card points: 41-48 are worth 3, 25-40 worth 2, 1-24 worth 1
    assert r.points_by_player() == {"John": (3, 2, 2), "George": (3, 2), "Ringo": (1, 1), "Paul": (1,)}
    assert r.events[0].text.startswith("John (Amun space 5) draws 8 card(s), keeps card 45")
    assert r.events[1].text.endswith("passes 6 to George")  # George keeps 2 in a row


def test_draft_default_policy_keeps_the_most_points():
    pile = tuple(PriestCard(i, p) if p > 1 else PriestCard(i, 1, Effect("deben")) for i, p in ((1, 1), (2, 3), (3, 2)))
    r = draft(S("Amun A:3 B:2 C:1"), pile=pile)
    assert [(p, c.id) for p, c in r.picks] == [("A", 2), ("B", 3), ("C", 1)]
    assert keep_most_points("A", pile) == pile[1]


def test_draft_bad_pick_and_wrong_number_of_picks():
    pile = load_priests().cards[:3]
    with pytest.raises(IllegalActionError, match="cannot keep card 40") as e:
        draft(S("Amun A:3 B:2 C:1"), pile=pile, picks=[40, 2, 3])
    assert e.value.rule == DRAFT
    with pytest.raises(IllegalActionError, match="give 3 picks"):
        draft(S("Amun A:3 B:2 C:1"), pile=pile, picks=[1])


def test_draft_short_pile_reading_t6():
    """Reading T6: with fewer cards than priests, the lowest priests in the order get none."""
    r = draft(S("Amun A:3 B:2 C:1"), pile=load_priests().cards[:2])
    assert [p for p, _ in r.picks] == ["A", "B"]
    assert "C (Amun space 1) gets no card" in r.events[-1].text


def test_draft_seeded_and_explicit_chance():
    a = draft(S(EX18), rng=random.Random(3))
    b = draft(S(EX18), pile=shuffled_pile(random.Random(3)))
    assert a == b and len(a.drawn) == 8 and len(a.pile) == 40
    with pytest.raises(TypeError):
        draft(S(EX18))
    with pytest.raises(TypeError):
        shuffled_pile(3)
    # the Ghost keeps a random card (+1 Player Mode, End of the Season 1); other players use the default
    g = draft(S(EX18), rng=random.Random(3), policy={"Ringo": random_choice(random.Random(0))})
    assert len(g.picks) == 8
