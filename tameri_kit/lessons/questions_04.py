"""Lesson 04 (glyph chains and turn order): who plays first, and what a face-down card costs.

Every answer comes from :mod:`tameri_kit.rules.turn_order` and :mod:`tameri_kit.rules.glyphs` at Check.
"""

from __future__ import annotations

from functools import partial
from html import escape

from ..data import example_board, load_actions
from ..rules.glyphs import Played, analyse_season, parse_row
from ..rules.turn_order import turn_order
from ..widgets.after_check import OpensAfter, markdown_list
from ..widgets.question import Question
from .answers import read_order, show_order

QUESTIONS = ("example_5a_order", "second_face_down_cost", "promo_and_face_down_order")
# asked before the text or widget that answers them (the others are answered nowhere in the lesson)
ASKED_BEFORE = ("example_5a_order", "second_face_down_cost")

BEATLES = ("John", "Paul", "George", "Ringo")


def _order_question(prompt: str, answer, **kwargs) -> Question:
    return Question(
        prompt + " Type the four names, first to last.",
        answer,
        kind="text",
        parse=partial(read_order, players=BEATLES),
        show=show_order,
        label="Turn order",
        placeholder="the four names, first to last",
        **kwargs,
    )


def _example_5a() -> tuple[str, ...]:
    cards = load_actions()
    plays = {"John": "59", "Ringo": "14", "George": "2", "Paul": "21"}
    return turn_order({p: parse_row(t, cards)[0] for p, t in plays.items()}).players


def example_5a_worked(_answer=None) -> str:
    """What each card of Example 5a allows, and the turn order with its reasons (the question's fold)."""
    cards = load_actions()
    plays = {"John": "59", "Ringo": "14", "George": "2", "Paul": "21"}
    lines = [
        analyse_season(parse_row(text, cards), example_board(player).glyph)[0].explanation
        for player, text in plays.items()
    ]
    lines.append(turn_order({p: parse_row(t, cards)[0] for p, t in plays.items()}).explanation)
    return "<pre style='white-space:pre-wrap'>" + escape("\n".join(lines)) + "</pre>"


def example_5a_order() -> Question:
    """Example 5a, asked before the lesson prints it."""
    return _order_question(
        "Example 5a: John plays card 59, Ringo 14, George 2 and Paul 21, all revealed. In which order do they play "
        "this round?",
        _example_5a,
        explain="Phase 3: the lowest number plays first: 2 (George), 14 (Ringo), 21 (Paul), 59 (John). Whether a "
        "card completes a glyph does not change the order.",
        hint="Compare the card numbers only.",
        wrong={
            ("John", "Paul", "Ringo", "George"): "That is highest first; in Tameri the lowest number plays first "
            "(a high card is stronger but slower)."
        },
        fold=example_5a_worked,
    )


def _second_face_down_cost() -> int:
    row = parse_row("2 [7] 45 [97]", load_actions())
    return analyse_season(row, example_board("George").glyph)[3].face_down_cost


def example_4_worked(_answer=None) -> str:
    """What George pays in each round of Example 4 (the question's fold)."""
    row = parse_row("2 [7] 45 [97]", load_actions())
    lines = [
        f"round {play.position}: pays {play.face_down_cost} Deben - {play.explanation}"
        for play in analyse_season(row, example_board("George").glyph)
    ]
    return "<pre style='white-space:pre-wrap'>" + escape("\n".join(lines)) + "</pre>"


def second_face_down_cost() -> Question:
    """Example 4, asked before the lesson works it out."""
    return Question(
        "Example 4: in one Season George plays card 2, then card 7 face down, then 45, then 97 face down. How many "
        "Deben does he pay for playing 97 face down?",
        _second_face_down_cost,
        kind="number",
        label="Deben",
        explain="A face-down card costs as many Deben as there are face-down cards on your board this Season, this "
        "one included. 97 is George's second face-down card this Season, so it costs 2 (the 7 cost 1).",
        hint="Count George's face-down cards this Season, including the 97.",
        wrong={
            1: "The price grows during a Season: count again which face-down cards it depends on.",
            0: "Playing a card face down always costs Deben.",
        },
        about=("face-down card", "pay for playing"),
        fold=example_4_worked,
    )


def _promo_round() -> tuple[str, ...]:
    cards = load_actions()
    plays = {
        "Ringo": Played(cards.card(65), True),
        "Paul": Played(cards.card(0)),
        "John": Played(cards.card(44), True),
        "George": Played(cards.card(2)),
    }
    return turn_order(plays).players


def promo_and_face_down_order() -> Question:
    return _order_question(
        "Ringo keeps card 65 face down, Paul reveals the promo card 0, John keeps card 44 face down, George reveals "
        "card 2. In which order do they play?",
        _promo_round,
        explain="The revealed promo card 0 plays before everyone, face-down cards included (Paul). Face-down cards "
        "count as 1 and play before all other revealed cards; between themselves their real numbers decide: "
        "44 (John) before 65 (Ringo). George's revealed 2 comes last.",
        hint="Face-down cards count as 1 and go before revealed cards, with one exception.",
        wrong={
            ("Paul", "George", "John", "Ringo"): "Check where a face-down card goes among the revealed ones.",
            ("John", "Ringo", "Paul", "George"): "Look again at where the promo card 0 goes.",
            ("Paul", "Ringo", "John", "George"): "Between face-down cards something else decides: which?",
            ("George", "Ringo", "John", "Paul"): "The lowest plays first, not the highest.",
        },
    )


SUMMARY = """
* A card **completes a glyph** when a glyph on its left matches the right of the card before it (the board for the
  season's first card): all its actions, top to bottom. Otherwise one action — one *half* of a Temple card.
* A card with no left glyph never completes. A face-down card shows all four glyphs on its right, so the next card
  completes if it has any left glyph.
* Face-down play costs as many Deben as there are face-down cards on your board this season, the new one included,
  and grants any one of the 8 actions.
* Turn order: lowest number first; a face-down card counts as 1 and plays before the revealed cards (the promo
  card 0 has its own place: the feedback of section 7 says which).
* D1-D4 buy both actions for 1 resource when their glyph is on the card's left; D5 for 2 Deben in any case.
* The season's last card earns 2 points when its right glyph matches the board; a face-down last card always does.
"""


def summary(*asked: Question) -> OpensAfter:
    """The lesson's summary: it restates answers, so it opens once the questions ``asked`` are checked."""
    return OpensAfter(asked, lambda: markdown_list(SUMMARY))
