"""Lesson 12 (solo against the Ghost): where the third Ghost Farmer of Example 30 goes, which Ghost Farmer a Farmer
action moves, and which Nile card the Ghost takes in Season 2.

Every answer comes from the Ghost's rules at Check: Example 30 is played through the engine (Ghost Player step 3d,
reading X1), the Farmer by :func:`tameri_kit.game.ghost.actions.nearest_farmer_anticlockwise` (Ghost Farmer action
b, reading X1), the Nile card by :func:`tameri_kit.game.ghost.turn.nile_pick` (Phase 4 a-c, reading X4).
"""

from __future__ import annotations

from ..game import Settings, chance_outcomes, new_game, step
from ..game.catalog import FIELDS
from ..game.ghost import GHOST_CARDS
from ..game.ghost.actions import nearest_farmer_anticlockwise
from ..game.ghost.turn import nile_pick
from ..widgets.question import Question

QUESTIONS = ("example_30_third_farmer", "ghost_farmer_moves", "season_2_nile_card")
# asked before the text or widget that answers them
ASKED_BEFORE = QUESTIONS

#: Example 30's three Ghost cards in the kit's (illustrative) Ghost deck: the Barley field at the bottom, the Flax
#: field at the bottom, the Barley field at the bottom again (tests/game/test_ghost_rules.py::test_example_30_...)
EXAMPLE_30_CARDS = (5, 4, 9)
#: a Nile for the question outside the lesson (the lesson passes its seeded game's Nile)
DEFAULT_NILE = (12, 40, 77)


def example_30_state():
    """A solo game (easy) after Example 30's three set-up draws: the engine places the Ghost's three Farmers."""
    state = new_game(Settings.for_players(1, ghost="easy"))
    while state.top.kind != "draw_ghost":  # the set-up's Buildings and Sphinx tiles: any outcome will do
        state = step(state, chance_outcomes(state)[0][0])
    for card in EXAMPLE_30_CARDS:
        state = step(state, f"chance: ghost card {card}")
    return state


def _fields() -> tuple[str, str, str]:
    return tuple(GHOST_CARDS[card].field for card in EXAMPLE_30_CARDS)


def _third_farmer() -> str:
    first, second, _ = _fields()
    ghost = example_30_state().players[-1]
    placed = [field for field in ghost.farmers if field not in (first, second)]
    return placed[0]


def _ring_from(field: str) -> list[str]:
    k = FIELDS.index(field)
    return [FIELDS[(k + d) % len(FIELDS)] for d in range(1, len(FIELDS))]


def _why_not_farmer(given: str) -> str:
    first, second, third = _fields()
    if given in (first, second):
        return (
            f"A Ghost Farmer already stands on {given}, and the Ghost never has two Farmers on one field (Ghost "
            "Farmer action, d)"
        )
    if given in reversed(_ring_from(third)[-3:]):
        return f"That is going anticlockwise from {third}; the rule says clockwise: follow the ring forwards"
    return f"Count along the ring from {third}: the Farmer stops at the first field with room and no Ghost Farmer"


def example_30_third_farmer() -> Question:
    """Example 30, asked before the engine plays it."""
    first, second, third = _fields()
    return Question(
        f"Example 30: the Ghost's first set-up card shows {first}, the second {second}, and the third {third} "
        "again. Where does the Ghost's third Farmer go?",
        _third_farmer,
        kind="choice",
        options=list(FIELDS),
        explain=lambda right: (
            f"Ghost Player step 3d: a Ghost Farmer already stands on {third}, so the new Farmer goes on to the first "
            f"available field going clockwise. In the kit's ring (reading X1) the first field after {third} with an "
            f"empty space and no Ghost Farmer is {right}. The rulebook says the same: the Papyrus field, the first "
            "one in clockwise order."
        ),
        hint="The Ghost never puts two Farmers on one field. Go round the ring in its order, starting after the "
        "field the card shows.",
        wrong=_why_not_farmer,
    )


def _nile_card(nile: tuple[int, ...]):
    def pick() -> int:
        return nile_pick(tuple((number, None) for number in nile), 2)

    return pick


def season_2_nile_card(nile: tuple[int, ...] = DEFAULT_NILE) -> Question:
    """Asked before the log of the Ghost's turn shows the card it took."""
    low, high = min(nile), max(nile)
    return Question(
        f"It is Season 2. John has taken his card; cards {', '.join(str(n) for n in sorted(nile))} are left in the "
        "Nile. Which card does the Ghost take?",
        _nile_card(tuple(nile)),
        kind="choice",
        options=[(str(number), number) for number in sorted(nile)],
        explain="+1 Player Mode, Phase 4: the Ghost never chooses; it takes the card with the lowest value in Season "
        "1, the middle value in Season 2 and the highest in Season 3, whatever its actions or resource.",
        hint="The Season decides, not the cards' actions.",
        wrong={
            low: "The lowest card is the Ghost's choice in Season 1; in Season 2 it takes another",
            high: "The highest card is the Ghost's choice in Season 3; in Season 2 it takes another",
        },
    )


#: the Ghost's Farmers and a Ghost card's field for the Farmer question outside the lesson
DEFAULT_FARMERS, DEFAULT_FIELD = ("S-barley", "S-papyrus", "W-flax"), "N-fruit"


def _first_clockwise(farmers: tuple[str, ...], field: str) -> str | None:
    return next((f for f in _ring_from(field) if f in farmers), None)


def ghost_farmer_moves(farmers: tuple[str, ...] = DEFAULT_FARMERS, field: str = DEFAULT_FIELD) -> Question:
    """Ghost Farmer action b, asked before the log of the Ghost's turn shows which Farmer moved."""
    wrong_way = _first_clockwise(farmers, field)
    return Question(
        f"The Ghost's Farmers stand on {', '.join(farmers)}. Its Farmer action draws a Ghost card showing {field}, "
        "which has an empty space. Which Ghost Farmer moves there?",
        lambda: nearest_farmer_anticlockwise(tuple(farmers), field),
        kind="choice",
        options=list(farmers),
        explain=lambda right: (
            f"Ghost Farmer action b: the Ghost has no Farmer on {field} and it has room, so the closest Ghost Farmer "
            f"moves there in a clockwise direction: the one on {right}, which reaches {field} in the fewest steps "
            "going clockwise round the ring (reading X1)."
        ),
        hint=f"The Farmer moves clockwise, so look for it behind {field}: go round the ring backwards from there.",
        wrong=lambda given: (
            f"{given} is the closest Ghost Farmer going anticlockwise from {field}, and it would have to move "
            "anticlockwise to get there; the rule moves the Farmer that gets there soonest moving clockwise"
            if given == wrong_way
            else f"Another Ghost Farmer reaches {field} in fewer clockwise steps than the one on {given}"
        ),
    )
