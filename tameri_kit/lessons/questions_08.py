"""Lesson 08 (a whole game, step by step): predict the turn order, a Harvest and the leftover points of the lesson's
model game.

The lesson passes its replayed game (``states``, the list of states after each record entry, and the final state);
each prompt is written from that game's visible facts and each answer is read from the engine's states at Check.
"""

from __future__ import annotations

from ..widgets.after_check import OpensAfter, markdown_list
from ..widgets.question import Question
from .questions_05 import harvest_picture  # noqa: F401 - lesson 08 draws its Harvest the same way

QUESTIONS = ("turn_order", "harvest_total", "leftover_points")
# asked before the log or table that answers them
ASKED_BEFORE = ("turn_order", "harvest_total", "leftover_points")

PLACES = ("1st", "2nd", "3rd", "4th")


def _turns_state(states, start: int):
    """The first state from ``start`` on in which the round's turn order is set (Phase 4 about to begin)."""
    return next(state for state in states[start:] if state.phase == "turns")


def _played(state) -> dict[str, object]:
    """Each player's card of this round (the last on their board)."""
    return {player.name: player.row[-1] for player in state.players}


def turn_order(
    states, start: int, player: str, round_name: str = "round 1", *, fold=None, fold_title: str | None = None
) -> Question:
    """Where ``player`` plays in the round whose Phase 2 starts at ``states[start]``."""
    turns = _turns_state(states, start)
    played = _played(turns)
    said = [
        f"{name} keeps the card face down" if card.face_down else f"{name} reveals card {card.card.number}"
        for name, card in played.items()
    ]
    face_down = played[player].face_down
    places = list(PLACES[: len(turns.players)])

    def answer() -> str:
        return places[turns.order.index(turns.seat(player))]

    return Question(
        f"In {round_name}, {'; '.join(said)}. In which place of the turn order does {player} play?",
        answer,
        kind="choice",
        options=places,
        explain="Phase 3: the lowest number plays first, and a face-down card counts as the number 1, so face-down "
        "cards play before every revealed one (unless someone plays the promo card 0); between two "
        "face-down cards the lower real number goes first. Keeping a card face down costs as many Deben as "
        "the Season's face-down cards so far, this one included, and it allows any one of the 8 actions.",
        hint="A face-down card is worth very little as a number - and in Tameri the lowest number plays first.",
        wrong=lambda given: (
            "A face-down card is not played last: it counts as 1, lower than any revealed card."
            if face_down
            else "Order the cards by their numbers, lowest first, with every face-down card (worth 1) in front."
        ),
        fold=fold,
        fold_title=fold_title,
    )


def harvest_total(states, at: int, player: str, *, fold=None, fold_title: str | None = None) -> Question:
    """``states[at]`` is the state just after ``player``'s Harvest (the record's entry ``at``)."""
    before, after = states[at - 1], states[at]
    farmers = len(before.player(player).farmers)
    return Question(
        f"How many resources does {player}'s Harvest bring in, in all?",
        lambda: after.player(player).reserve.total - before.player(player).reserve.total,
        kind="number",
        label="Resources",
        about=("Harvest", "bring in", "in all"),
        explain="Possible Actions, Harvest: each Farmer on a productive field gains as many of its crop as the "
        "number beside the farthest Silt sphere in the river beside it (1 for 1-2 Silt, 2 for 3, 3 for 4); a "
        "field that is not productive, or whose river has no Silt, gives nothing. Then 1 Silt leaves each "
        "river harvested.",
        hint=f"Look at {player}'s Farmers one by one: is the field productive, and how many Silt are in its river?",
        wrong=lambda given: (
            "That counts the Farmers, but a Farmer does not always bring exactly 1: it depends on the field's ramp "
            "and on its river's Silt."
            if given == farmers
            else ""
        ),
        placeholder="a whole number",
        fold=fold,
        fold_title=fold_title,
    )


def leftover_points(final, player: str, *, fold=None, fold_title: str | None = None) -> Question:
    """``final``: the finished game's state."""
    me = final.player(player)
    things = me.reserve.total + me.deben + me.silt
    return Question(
        f"How many leftover points does {player} score at the end of the game?",
        lambda: final.outcome.points(player, "leftovers"),
        kind="number",
        label="Points",
        about=("leftover points",),
        explain=f"End of the Game, step 5: {player}'s resources in the supply, Deben and Silt spheres are added "
        "up, and every full 3 of them is worth 1 point, rounded down (resources behind the screen do not "
        "count: they scored as offerings).",
        hint=f"Add up {player}'s resources, Deben and Silt on the board: how many full threes is that?",
        wrong=lambda given: (
            "That is the number of leftover things; every three of them make one point."
            if given == things and things > 2
            else "Round down: an incomplete group of three scores nothing."
            if given == -(-things // 3) and things % 3
            else ""
        ),
        placeholder="a whole number",
        fold=fold,
        fold_title=fold_title,
    )


SUMMARY = """
- The **board** has six parts: the Great Pyramid with its rivers and fields, the Market, the Building row, the
  Temples, the Sphinx avenue and the Nile - and each player has a board of their own with supplies, Workers, cards
  and a hand.
- A round runs through five phases; a card kept face down costs Deben and plays first.
- Each player sees their own hand and screen and only **counts** of everyone else's; the pictures and the bots
  follow the same rule.
- A whole game is a **record** (settings, seed, every decision and chance outcome); replaying it rebuilds every
  state, so a game can be saved, shared and stepped through.
"""


def summary(*asked: Question) -> OpensAfter:
    """The lesson's summary: it restates answers, so it opens once the questions ``asked`` are checked."""
    return OpensAfter(asked, lambda: markdown_list(SUMMARY))
