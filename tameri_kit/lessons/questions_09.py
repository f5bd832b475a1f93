"""Lesson 09 (play a game at the table): predict, from the table's own position, which cards of your hand give both
their actions, and what keeping your card face down would cost.

The lesson passes the table's state at the moment it asks; the answers are computed at Check by
:func:`~tameri_kit.game.rules_of_play.turn.next_card_play` (the rules' ``card_play``) and by the engine
(:func:`~tameri_kit.game.step` on that state).
"""

from __future__ import annotations

from ..game import legal_actions, step
from ..game.core.catalog import CARDS
from ..game.rules_of_play.turn import next_card_play
from ..widgets.question import Question

QUESTIONS = ("cards_giving_both_actions", "face_down_price")
# asked before the table's move that answers them
ASKED_BEFORE = ("cards_giving_both_actions", "face_down_price")


def _completing(state, player: str) -> list[int]:
    """The cards of ``player``'s hand that would complete a glyph if played now (Glyphs, Actions, and Unrevealed
    Cards), with the glyph Buildings the player owns."""
    seat = state.seat(player)
    return [number for number in state.player(player).hand if next_card_play(state, seat, CARDS[number]).completes]


def cards_giving_both_actions(state, player: str) -> Question:
    """``state``: ``player`` is about to choose the card of this round (Phase 2)."""
    me = state.player(player)
    hand = ", ".join(str(number) for number in me.hand)
    before = "your board's glyph" if not me.row else "the right side of your last card"
    return Question(
        f"Your hand is {hand}. How many of these cards would let you use both of their actions if you played them now?",
        lambda: len(_completing(state, player)),
        kind="number",
        placeholder="a whole number",
        label="Cards",
        about=("both of their actions", "both actions"),
        explain=f"A card gives both its actions only when a glyph on its left side matches {before} (here "
        f"{me.glyph.label if not me.row else 'the glyphs on its right'}); a card with another glyph or none on its "
        "left gives just one of its two actions, your choice (Glyphs, Actions, and Unrevealed Cards). The "
        "glyph on a card's right side does not help that card: it is for the next one.",
        hint="Read the left glyph of each card in your hand: [left|right].",
        wrong=lambda given: (
            "Every card gives one action; only some give both."
            if given == len(me.hand)
            else "Look at the left side of each card only: the right side is for the card that follows."
        ),
    )


def face_down_price(state, player: str, *, fold=None, fold_title: str | None = None) -> Question:
    """``state``: ``player`` is about to reveal the round's card or keep it face down (Phase 3); the card chosen
    is not on the board yet."""
    if not any(d.move == "keep face down" for d in legal_actions(state) if d.player == player):
        raise ValueError(f"{player} cannot keep a card face down in this state")
    face_down_so_far = sum(1 for played in state.player(player).row if played.face_down)

    def answer() -> int:
        kept = step(state, f"{player}: keep face down")
        while kept.phase == "reveal":  # the Deben are paid once everyone has decided: the others reveal
            other = next(d for d in legal_actions(kept) if d.move == "reveal")
            kept = step(kept, f"{other.player}: reveal")
        return state.player(player).deben - kept.player(player).deben

    return Question(
        f"If {player} kept the card just chosen face down now, how many Deben would {player} pay?",
        answer,
        kind="number",
        placeholder="a whole number",
        label="Deben",
        explain="Phase 3: keeping a card face down costs as many Deben as the cards played face down on your board "
        "so far this Season, the one just played included.",
        hint=f"Count {player}'s face-down cards this Season, including this one.",
        wrong={
            0: "Keeping a card face down is never free: it costs at least 1 Deben.",
            # the commonest slip (it overrides the note above when no card is face down yet)
            face_down_so_far: "Your count leaves out a face-down card.",
        },
        fold=fold,
        fold_title=fold_title,
    )
