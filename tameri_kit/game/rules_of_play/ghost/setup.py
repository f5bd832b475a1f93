"""The Ghost's set-up and its part in Season 0.

Rulebook: +1 Player Mode, Game Setup (Human Players 1-2; Ghost Player 1-5); Playing the Game, Season 0 (steps
1-3); Example 30.  Readings X1-X3 of ``docs/ambiguities.md``.
"""

from __future__ import annotations

from ....data.temples_and_priests import TEMPLES, load_temples
from ....rules.offering import Stock
from ...core.catalog import BOARDS, FIELDS, SUPPLY, Rule, market_layout
from ...core.frames import AutoStep, DrawGhostCard
from ...core.settings import GHOST_LEVELS, Settings
from ...core.state import PlayerState, field_has_room
from ...core.working import AnyState, WorkingGame
from .model import GHOST_CARDS, GhostState

#: the Ghost's value of a Temple space's effect when only points count (Ghost Temple Effects; reading X2)
GHOST_POINT_VALUE = {"points": None, "unlock": 3, "deben": 1}


def ghost_board_id(used: list[int]) -> int:
    """Ghost Player step 1: the Ghost takes a player board as normal - the first (by id) no human has."""
    return next(board for board in sorted(BOARDS) if board not in used)


def ghost_player(settings: Settings, used_boards: list[int]) -> PlayerState:
    """Ghost Player steps 1-3: a board, a screen, 3 Sphinxes; no resources, no Deben; 8 Workers, none locked
    (they all start on the main board)."""
    board_id = ghost_board_id(used_boards)
    return PlayerState(
        name=settings.players[-1],
        board=board_id,
        glyph=BOARDS[board_id].glyph,
        locked=(),
        workers=SUPPLY.workers_per_player,
        reserve=Stock(),
        deben=0,
    )


def starting_score(settings: Settings) -> int:
    """Ghost Player step 4: the points of step 3a - 3, 8 or 10 for the three levels as the text states; for a
    custom placement ``ghost_score``, or else the Ghost's worth of the three spaces (reading X2)."""
    if settings.ghost != "custom":
        return GHOST_LEVELS[settings.ghost][1]
    if settings.ghost_score is not None:
        return settings.ghost_score
    board = load_temples()
    total = 0
    for temple, space in zip(TEMPLES, settings.ghost_spaces):
        effect = board.effect(temple, min(space, board.length(temple)))
        if effect.kind in GHOST_POINT_VALUE:
            worth = GHOST_POINT_VALUE[effect.kind]
            total += effect.amount if worth is None else worth * effect.amount
    return total


def set_up_ghost(game: WorkingGame) -> None:
    """Ghost Player steps 3-5: Workers in the Temples (3a) and the Market (3b), beside the bottom Building (3c),
    the score (4); the three Farmers (3d) follow as Ghost cards are drawn (chance nodes)."""
    settings, seat = game.settings, game.settings.ghost_seat
    name = settings.players[seat]
    spaces = settings.ghost_temple_spaces
    board = load_temples()
    temples = game.temples
    for temple, space in zip(TEMPLES, spaces):
        space = min(space, board.length(temple))
        temples = temples.place(name, temple, space)
    game.temples = temples
    market = market_layout(game)
    score = starting_score(settings)
    game.set_player(seat, merchant=market.ghost_space, builder=1, score=score)
    a, b = market.beside(market.ghost_space)
    level = settings.ghost if settings.ghost != "custom" else f"custom {spaces}"
    game.log_event(
        f"The Ghost ({level}) takes a board, a screen and 3 Sphinxes, no resources and no Deben; its Workers stand "
        f"on Amun {spaces[0]}, Ra {spaces[1]}, Ptah {spaces[2]}, on the Market between {a.label} and {b.label} and "
        f"beside the bottom Building; it starts with {score} points",
        Rule.GHOST_SETUP + ", steps 1-4",
    )
    game.ghost = GhostState(seat=seat, pile=tuple(sorted(GHOST_CARDS)))
    draw, place = DrawGhostCard(why="set-up"), AutoStep(step="ghost_setup_farmer")
    game.schedule(draw, place, draw, place, draw, place)


def first_free_field_clockwise(state: AnyState, seat: int, start: str, *, include_start: bool) -> str | None:
    """The first field, going clockwise from ``start`` (the map's field order, reading X1), with an empty space
    and no Farmer of ``seat`` (the Ghost never has 2 Farmers on a field)."""
    fields = tuple(FIELDS)  # (a plain tuple: the lazy table's index, length and items are Python calls)
    k = fields.index(start)
    farmers = state.players[seat].farmers
    for d in range(0 if include_start else 1, len(fields)):
        field = fields[(k + d) % len(fields)]
        if field not in farmers and field_has_room(state, field):
            return field
    return None


def place_setup_farmer(game: WorkingGame) -> None:
    """Ghost Player step 3d (Example 30): a Farmer on the drawn card's field, or on the first available field
    clockwise if a Ghost Farmer is already there; the card is then discarded (reading X3)."""
    ghost = game.ghost
    seat = ghost.seat
    card = GHOST_CARDS[ghost.card]
    field = first_free_field_clockwise(game, seat, card.field, include_start=True)
    game.ghost = ghost.but(card=None, discards=ghost.discards + (card.id,))
    if field is None:
        game.log_event(f"No field has room for the Ghost's Farmer (Ghost card {card.id})", Rule.GHOST_SETUP + " 3d")
        return
    game.set_player(seat, farmers=tuple(sorted(game.player_at(seat).farmers + (field,))))
    how = "" if field == card.field else "; a Ghost Farmer is already there, so the first available field clockwise"
    game.log_event(
        f"Ghost card {card.id} shows {card.field}{how}: the Ghost places a Farmer on {field}",
        Rule.GHOST_SETUP + " 3d (Example 30)",
    )
