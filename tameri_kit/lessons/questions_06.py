"""Lesson 06 (priests in the temples): which steps the top of a track allows, a push puzzle, and the card draft.

Every answer comes from :mod:`tameri_kit.rules.temple_moves` at Check; the puzzle accepts every move that pushes two.
"""

from __future__ import annotations

from ..data.temples_and_priests import Temple
from ..rules.temple_moves import Move, TempleState, apply, draft_order, explain_steps, legal_moves
from ..widgets.after_check import OpensAfter, markdown_list
from ..widgets.question import Question

QUESTIONS = ("steps_below_the_top", "push_two_priests", "example_18_john_keeps")
# asked before the text or widget that answers them (the others are answered nowhere in the lesson)
ASKED_BEFORE = ("steps_below_the_top", "example_18_john_keeps")

TOP = "Ptah Yellow:8 Green:7 Blue:6 Red:3"
PUZZLE = "Amun Yellow:7 Green:4 Blue:3 | Ra Yellow:5 Blue:2 | Ptah Blue:6 Yellow:5 Green:3 Red:1"
EXAMPLE_18 = "Amun John:5 George:3 | Ra George:6 Ringo:4 John:2 | Ptah Paul:7 Ringo:3 John:1"


def _allowed_steps() -> tuple[int, ...]:
    return tuple(k for k, why in explain_steps(TempleState.parse(TOP), "Red", Temple.PTAH) if why is None)


def steps_below_the_top(*, fold=None, fold_title: str | None = None) -> Question:
    """Asked before the lesson lists the allowed steps."""
    return Question(
        "In Ptah (8 spaces) Yellow stands on 8, Green on 7, Blue on 6 and Red on 3. Red has all four resources. "
        "Which steps may Red's priest take?",
        _allowed_steps,
        kind="choice",
        options=[
            ("+1 only", (1,)),
            ("+1 and +2", (1, 2)),
            ("+1, +2 and +3", (1, 2, 3)),
            ("all four: +1, +2, +3 and +4", (1, 2, 3, 4)),
        ],
        explain="+1 and +2 land on the empty spaces 4 and 5. +3 would land on Blue (6) and push Blue to 7, Green to "
        "8 and Yellow past the top; +4 would land on Green (7) and push Yellow past the top. Nobody moves "
        "or is pushed beyond the top space, so the furthest Red may go is 5, the last empty space (reading "
        "T1).",
        hint="Follow each push chain: where does the priest at the top go?",
        wrong={
            (1, 2, 3, 4): "Landing on an occupied space pushes its priest up: follow each push chain to the top "
            "space 8, past which no priest may go.",
            (1, 2, 3): "Follow +3's push chain to the top space before you allow it.",
            (1,): "Look again at where +2 lands: is anybody there to push?",
        },
        fold=fold,
        fold_title=fold_title,
    )


def _a_solution() -> Move:
    state = TempleState.parse(PUZZLE)
    return next(m for m in legal_moves(state, "Red") if len(apply(state, m).pushed) >= 2)


def _pushes_two(move: Move) -> bool:
    return move.player == "Red" and len(apply(TempleState.parse(PUZZLE), move).pushed) >= 2


def _why_not(move: Move) -> str:
    if move.player != "Red":
        return "It is Red's Priest action: write a move of Red's."
    pushed = apply(TempleState.parse(PUZZLE), move).pushed
    if not pushed:
        return "That move is allowed but pushes nobody: a priest pushes only where it lands, not where it passes."
    names = ", ".join(f"{p} ({a} to {b})" for p, a, b in pushed)
    return f"That move pushes only {names}; to push two, the pushed priest must land on another one."


def push_two_priests() -> Question:
    return Question(
        "Red may take one Priest action (1 to 4 different resources). Find a move that pushes two other priests. "
        "Write it like `Red enters Ptah +3 pay barley,flax,fruit` (`enters` when Red has no priest in that temple "
        "yet).",
        _a_solution,
        kind="text",
        parse=Move.parse,
        accept=_pushes_two,
        wrong=_why_not,
        show=str,
        placeholder="Red ... +steps pay ...",
        title="Puzzle",
        explain="There are two kinds of answer. Entering Amun with 3 steps lands on Blue (3), who is pushed onto "
        "Green (4), who is pushed to 5. Or Red's priest in Ptah climbs 4 from space 1, passes Green (3) for "
        "free and lands on Yellow (5), who is pushed onto Blue (6), who goes to 7.",
        hint="A push happens only where the mover lands, and a pushed priest landing on another pushes that one: "
        "look for two priests on neighbouring spaces.",
    )


def _john_keeps() -> int:
    return sum(player == "John" for player, _, _ in draft_order(TempleState.parse(EXAMPLE_18)))


def example_18_john_keeps(*, fold=None, fold_title: str | None = None) -> Question:
    """Example 18, asked before the lesson works it out."""
    return Question(
        "Example 18: Amun holds John (5) and George (3); Ra holds George (6), Ringo (4) and John (2); Ptah holds Paul "
        "(7), Ringo (3) and John (1). How many Priest cards does John keep in the draft?",
        _john_keeps,
        kind="number",
        label="Cards",
        explain="One card is drawn per priest (8 here), and the cards go down Amun, then Ra, then Ptah, top to "
        "bottom: every priest keeps one card. John has a priest in each of the three temples, so he keeps "
        "three (End of the Season, step 1).",
        hint="Who keeps a card: each player, or each priest?",
        wrong={
            1: "The draft hands out cards by priest, not by player.",
            8: "John draws all the cards (his Amun priest is on top), but keeps one and passes the rest on.",
        },
        placeholder="a whole number",
        fold=fold,
        fold_title=fold_title,
    )


# ---- what the folds show once a question is answered (functions returning HTML: nothing is computed before) ----
def steps_worked() -> str:
    """The part of ``steps_below_the_top``'s fold: each number of steps with the rules' reason, and a refused move."""
    from ..widgets.question import pre

    lines = [
        f"+{steps}: " + ("allowed" if why is None else f"not allowed - {why}")
        for steps, why in explain_steps(TempleState.parse(TOP), "Red", Temple.PTAH)
    ]
    try:
        apply(TempleState.parse(TOP), "Red Ptah +3 pay barley,flax,fruit")
    except ValueError as error:
        lines += ["", "A refused move changes nothing:", str(error)]
    return pre("\n".join(lines))


def draft_worked() -> str:
    """The part of ``example_18_john_keeps``'s fold: the order in which the priests keep a card."""
    from ..widgets.question import pre

    order = [player for player, _, _ in draft_order(TempleState.parse(EXAMPLE_18))]
    return pre(
        " -> ".join(order) + f"\n\n{len(order)} priests, so {len(order)} cards: George keeps two in a row (last in "
        "Amun, first in Ra), and every priest keeps one."
    )


SUMMARY = """
* A Priest action moves **one** priest up to **4 steps**, each paid with a **different** resource; entering a
  temple places a new priest on space 1, and that placement is the first step. A player has at most one priest per
  temple, and a priest never leaves its temple.
* Priests **pass** each other freely; only **landing** on an occupied space pushes, and a push can push the next
  priest up, and so on. Each pushed priest gains the space it is pushed into; the mover gains every space it passed
  or landed on.
* Nobody goes past the top: with the top spaces held, the furthest landing is the last empty space below them.
* Buildings G1–G5, Gift GG7 and Sphinx 6B move priests by the same rules; B2 makes a Priest action cheaper, not
  longer.
* At the end of a Season, one Priest card per priest is drawn and handed down Amun, then Ra, then Ptah, top to
  bottom (Example 18).
* **Priest cards**: 2 or 3 points kept secret to the end, or 1 point with an effect you may play instead; **Temple
  cards** are Action cards with more than two actions; a **Gift of the Gods** is a Priest card with one strong,
  instant effect and no points.
"""


def summary(*asked: Question) -> OpensAfter:
    """The lesson's summary: it restates answers, so it opens once the questions ``asked`` are checked."""
    return OpensAfter(asked, lambda: markdown_list(SUMMARY))
