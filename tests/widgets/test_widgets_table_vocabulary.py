"""The game table's prompts and its Why not? list come from the frame kinds (issue 24), driven by clicks as a person
would, without a browser (as ``tests/test_widgets_table.py``).

Rulebook: Gifts of the Gods, Recommended Preparation 1 (each player keeps one of the Gifts dealt); Possible
Actions: Merchant and Game Setup 1g (the Market of this player count); Phase 4, step 2.  Expected words are the
rules' facts worked out by hand (which Market spaces exist, whose Merchant stands where), never the table's output
pasted back.
"""

from __future__ import annotations

import random
import re

import pytest

from tameri_kit.game import Settings, legal_actions
from tameri_kit.widgets.table import GameTable


def hot_seat(players: int, **settings) -> GameTable:
    """A table where people play every seat (so every decision is asked on the page)."""
    chosen = Settings.for_players(players, **settings)
    return GameTable(chosen, seed=1, people=chosen.players, bots={})


def decide_until(table: GameTable, condition, seed: int = 0) -> None:
    """Seeded random decisions through the table's own ``decide`` until ``condition()`` (fails at the game's end)."""
    rng = random.Random(seed)
    while not condition():
        assert not table.state.is_terminal, "condition never met"
        legal = legal_actions(table.state)
        assert table.decide(str(legal[rng.randrange(len(legal))])), table.message


def test_a_gift_decision_is_asked_in_words_at_the_table():
    """Recommended Preparation 1: each player keeps one of the Gifts dealt to them (the table once fell back to
    "decide" for Gift frames)."""
    table = hot_seat(2, gifts=True)
    decide_until(table, lambda: table.state.top is not None and table.state.top.kind == "gift_keep")
    status = table.status_html.value
    assert "keep one of the Gifts dealt to you" in status
    assert "Gifts of the Gods: Recommended Preparation 1" in status
    assert ": decide" not in status and "decide [" not in table.text()


@pytest.mark.parametrize(("players", "spaces"), [(2, 4), (3, 5), (4, 6)])
def test_why_not_offers_exactly_the_market_spaces_that_exist(players, spaces):
    """Game Setup 1g: the Market has 4 Merchant spaces with 2 players, 5 with 3 and 6 with 4 (the kit's layouts in
    ``data/market.toml``: one space between each two neighbouring stalls of a ring of 4, 5 or 6 stalls).  Every
    space is in the Why not? list or among the decisions, never a space beyond the last."""
    table = hot_seat(players)
    decide_until(table, lambda: table.state.top is not None and table.state.top.kind == "merchant", seed=players)
    decide_until(table, lambda: table.state.top.stage == "place", seed=players)
    offered = {m for m in table.why_dropdown.options if re.fullmatch(r"merchant space \d+", m)}
    decisions = {c.move.split(" from ")[0] for c in table.choices if c.move.startswith("merchant space ")}
    assert offered | decisions == {f"merchant space {k}" for k in range(1, spaces + 1)}
    assert not offered & decisions
    assert "merchant space 0" not in offered and f"merchant space {spaces + 1}" not in offered


def test_why_not_names_whose_merchant_stands_on_a_space():
    """Possible Actions: Merchant: a Merchant goes to an empty space; the reason names the player standing there."""
    table = hot_seat(3)

    def someone_else_on_the_market():
        top = table.state.top
        if top is None or top.kind != "merchant" or top.stage != "place":
            return False
        return any(p.merchant is not None for p in table.state.players if p.name != table.state.to_move)

    decide_until(table, someone_else_on_the_market, seed=0)
    other = next(p for p in table.state.players if p.merchant is not None and p.name != table.state.to_move)
    move = f"merchant space {other.merchant + 1}"
    assert move in table.why_dropdown.options
    table.why_dropdown.value = move
    table.why_button.click()
    assert f"{other.name}'s Merchant stands on Market space {other.merchant + 1}" in table.message
    assert "(Possible Actions: Merchant)" in table.message


def test_step_two_of_a_turn_keeps_its_prompt_and_why_not_list():
    """Phase 4, step 2: the prompt and the actions the card may not allow, as the table showed them before the
    frame kinds owned them (lesson 09's stored output depends on both)."""
    table = hot_seat(3)
    decide_until(table, lambda: table.state.top is not None and table.state.top.kind == "main", seed=2)
    assert "take an action, pay for extra weather, or end your actions" in table.status_html.value
    assert "Phase 4: Individual Turns, step 2" in table.status_html.value
    allowed = {c.move for c in table.choices}
    expected = [
        m
        for m in [f"do {a}" for a in ("farmer", "merchant", "builder", "priest", "harvest", "sphinx")]
        + ["do decoration", "do offering", "end actions", "extra buy silt"]
        if m not in allowed
    ]
    assert list(table.why_dropdown.options) == expected


@pytest.mark.parametrize("kind", ["season_zero_pick", "choose", "nile"])
def test_a_card_move_is_explained_with_its_card(kind):
    """Season 0 (keep a card), Phase 2 (play a card from the hand) and Phase 4, step 3 (take a card from the Nile):
    the move's explanation starts with the card it names, read from the move's choice (the card's number), not from
    its words.  A Priest card kept in the draft is not an Action card and is not named so."""
    from tameri_kit.widgets.table_parts import card_text, choices

    table = hot_seat(2)
    decide_until(table, lambda: table.state.top is not None and table.state.top.kind == kind)
    listed = choices(table.state, table.state.to_move)
    assert listed
    for choice in listed:
        number = int(choice.decision.move.split()[-1])  # "keep 12", "play 12", "take 12": worked out from the words
        assert choice.decision.payload == number
        assert choice.explanation.startswith(card_text(number) + " - ") or choice.explanation == card_text(number)


def test_a_priest_card_kept_in_the_draft_is_not_named_as_an_action_card():
    """End of the Season, step 1: "keep priest N" keeps Priest card N, which is not Action card N."""
    from tameri_kit.widgets.table_parts import choices

    table = hot_seat(2)
    decide_until(table, lambda: table.state.top is not None and table.state.top.kind == "draft")
    listed = choices(table.state, table.state.to_move)
    assert listed and all(choice.decision.move.startswith("keep priest ") for choice in listed)
    assert not any(choice.explanation.startswith("card ") for choice in listed)


def test_a_move_that_changes_nothing_is_explained_by_its_kind():
    """Possible Actions: Offering to the Pharaoh: passing hides nothing and changes nothing one can see; the table
    explains it in the frame kind's words, not as 'no effect you can see yet'."""
    from tameri_kit.widgets.table_parts import choices

    table = hot_seat(2)
    decide_until(table, lambda: table.state.top is not None and table.state.top.kind == "offering")
    passing = next(c for c in choices(table.state, table.state.to_move) if c.decision.move == "offer pass")
    assert passing.explanation == "let this go: nothing happens"
