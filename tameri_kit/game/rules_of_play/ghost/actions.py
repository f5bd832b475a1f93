"""The Ghost's nine actions, the Ghost Temple Effects and every other frame that would ask the Ghost something.

Rulebook: +1 Player Mode, Possible Actions (Farmer, Merchant and its notes, Builder, Temple card, Priest) and the
Ghost Actions Summary (Harvest, Sphinx, Decoration, Offering to the Pharaoh); Ghost Temple Effects.  The Ghost
never decides and never pays: each function below is an automatic step, and each event cites its Ghost rule.
Readings X1 and X6-X10 of ``docs/ambiguities.md``.
"""

from __future__ import annotations

from ....rules.action_cards import ACTION_OF, Action
from ....rules.common import RAMPS, RESOURCES
from ....rules.offering import Stock
from ....rules.temple_moves import Temple, free_advance, legal_moves
from ....rules.temple_moves import apply as temple_apply
from ..actions.merchant import activate_stalls, trade_neighbours_gain
from ..actions.sphinx import build_sphinx, sphinxes_left
from ...core.catalog import CARDS, FIELD_OF, FIELDS, ROW, SPHINX_SPACES, SUPPLY, Rule, market_layout
from ..game_effects import queue_immediate_effects
from ...core.frames import AutoStep, DrawBuilding, DrawPriest, Frame, GhostTempleCard, TakeResource
from ...core.state import field_has_room, resource_supply
from ...core.working import WorkingGame, gain_points, gain_resource
from .model import GHOST_CARDS
from .setup import first_free_field_clockwise
from .turn import schedule_ghost_card, silt_frame

#: the actions that read a Ghost card (Farmer: top section; Priest: middle section; Sphinx: its space, reading D7)
NEEDS_CARD = (Action.FARMER, Action.PRIEST, Action.SPHINX)
#: Ghost Actions Summary: points for a Decoration, an Offering; per Sphinx in play
DECORATION_POINTS, OFFERING_POINTS, SPHINX_POINTS = 3, 5, 2


def perform_ghost_action(game: WorkingGame, action_name: str, why: str) -> None:
    """One Ghost action (the ``ghost_action`` step): draws the turn's Ghost card first if the action needs one and
    none is drawn yet (general rule: one card per turn, its sections shared by the actions)."""
    action = ACTION_OF[action_name]  # Action(action_name), looked up
    ghost = game.ghost
    seat = ghost.seat
    needs = action in NEEDS_CARD and not (action is Action.SPHINX and sphinxes_left(game, seat) <= 0)
    if needs and ghost.card is None:
        game.schedule(AutoStep(step="ghost_action", arguments=(action_name, why)))
        schedule_ghost_card(game, f"for its {action.label} action")
        return
    game.log_event(f"{game.name_of(seat)} performs the {action.label} action ({why})", Rule.GHOST_ACTIONS)
    GHOST_ACTIONS[action](game, seat)


# --- Farmer -----------------------------------------------------------------------------------------------------
def ghost_farmer(game: WorkingGame, seat: int) -> None:
    """Ghost Actions: Farmer (a-d): the card's field; the Ghost's Farmer there moves on to the first available
    field clockwise, or the nearest Ghost Farmer moves there clockwise if it has room, or nothing happens."""
    card = GHOST_CARDS[game.ghost.card]
    field = card.field
    farmers = game.player_at(seat).farmers
    rule = Rule.GHOST_FARMER
    if field in farmers:
        target = first_free_field_clockwise(game, seat, field, include_start=False)
        if target is None:
            game.log_event(f"Ghost card {card.id} shows {field}; no field clockwise has room: nothing", rule + " a")
            return
        move_farmer(game, seat, field, target)
        game.log_event(
            f"Ghost card {card.id} shows {field}, where the Ghost has a Farmer: it moves to {target}, the first "
            "available field clockwise",
            rule + " a, d",
        )
    elif field_has_room(game, field):
        mover = nearest_farmer_anticlockwise(farmers, field)
        if mover is None:
            game.log_event(f"Ghost card {card.id} shows {field}, but the Ghost has no Farmer in play", rule + " b")
            return
        move_farmer(game, seat, mover, field)
        game.log_event(
            f"Ghost card {card.id} shows {field}, which has room: the closest Ghost Farmer, on {mover}, moves "
            f"clockwise to it",
            rule + " b",
        )
    else:
        game.log_event(f"Ghost card {card.id} shows {field}, which has no empty space: nothing happens", rule + " c")


def nearest_farmer_anticlockwise(farmers: tuple[str, ...], field: str) -> str | None:
    """The Ghost Farmer that reaches ``field`` in the fewest steps moving clockwise (reading X1)."""
    fields = tuple(FIELDS)  # (a plain tuple: the lazy table's index, length and items are Python calls)
    k = fields.index(field)
    for d in range(1, len(fields)):
        candidate = fields[(k - d) % len(fields)]
        if candidate in farmers:
            return candidate
    return None


def move_farmer(game: WorkingGame, seat: int, source: str, target: str) -> None:
    """Move the Ghost's Farmer from field ``source`` to field ``target`` (+1 Player Mode: Possible Actions, Farmer)."""
    farmers = [f for f in game.player_at(seat).farmers if f != source]
    game.set_player(seat, farmers=tuple(sorted(farmers + [target])))


# --- Merchant ---------------------------------------------------------------------------------------------------
def ghost_merchant(game: WorkingGame, seat: int) -> None:
    """Ghost Actions: Merchant: to the first empty space clockwise; then with fewer than 3 resources in the warehouse
    (a) the card's resource into it and the 2 stalls' resources behind the screen, neighbours gaining as in a
    Trade; with 3 or more (b) the whole warehouse behind the screen, every other Merchant gaining 1 of choice."""
    market = market_layout(game)
    n = market.spaces
    rule = Rule.GHOST_MERCHANT
    taken = {p.merchant for j, p in enumerate(game.players) if j != seat and p.merchant is not None}
    here = game.player_at(seat).merchant
    start = here if here is not None else market.ghost_space
    space = next(((start + d) % n for d in range(1, n) if (start + d) % n not in taken), start)
    game.set_player(seat, merchant=space)
    a, b = market.beside(space)
    steps = (space - start) % n
    game.log_event(
        f"The Ghost's Merchant moves {steps} space(s) clockwise, between {a.label} and {b.label}"
        if steps
        else f"Every other space is taken: the Ghost's Merchant stays between {a.label} and {b.label}",
        rule,
    )
    if game.market.total < 3:
        using = game.ghost.using
        if using is not None:
            resource = CARDS[using].resource
            if resource_supply(game, resource) > 0:
                game.market = game.market.plus([resource])
                game.log_event(
                    f"The Ghost puts a {resource.label} (card {using}) in the Market warehouse", rule + " a.I"
                )
            else:
                game.log_event(f"No {resource.label} is left in the supply for the warehouse", rule + " a.I")
        activate_stalls(game, seat, space, rule + " a.II", why="the {stall} stall")
        trade_neighbours_gain(game, seat, space, rule + " a.III")
        return
    got = game.market
    game.market = Stock()
    player = game.player_at(seat)
    game.set_player(seat, screen=player.screen.plus(got))
    game.log_event(f"The Ghost takes the whole warehouse behind its screen (no points): {got}", rule + " b.I")
    others = [(seat + d) % len(game.players) for d in range(1, len(game.players))]
    game.schedule(
        *[
            TakeResource(j, why="the Ghost emptied the warehouse: another player's Merchant is in play")
            for j in others
            if game.player_at(j).merchant is not None
        ]
    )


# --- Builder ----------------------------------------------------------------------------------------------------
def ghost_builder(game: WorkingGame, seat: int) -> None:
    """Ghost Actions: Builder: advance 1 space (not past the top) and take the Building beside it, free; the
    Ghost never uses a Building's effects."""
    rule = Rule.GHOST_BUILDER
    here = game.player_at(seat).builder or 1
    if here < ROW:
        here += 1
        game.set_player(seat, builder=here)
        game.log_event(f"The Ghost's Builder advances to space {here}", rule)
    else:
        game.log_event("The Ghost's Builder is on the top space: it stays and takes the top card", rule)
    building = game.row[here - 1]
    if building is None:
        game.log_event(f"No Building lies on space {here}: the Ghost takes nothing", rule)
        return
    game.set_player(seat, buildings=game.player_at(seat).buildings + (building,))
    game.row = game.row[: here - 1] + game.row[here:] + (None,)
    game.log_event(
        f"The Ghost takes Building {building} from space {here} without paying (it never uses its effects)", rule
    )
    game.schedule(DrawBuilding())


# --- Priest -----------------------------------------------------------------------------------------------------
def ghost_priest(game: WorkingGame, seat: int) -> None:
    """Ghost Actions: Priest: 1 free step per Temple symbol in the card's middle section, the Ghost Temple Effects
    of the spaces reached (pushed priests gain as usual).  Several symbols of one Temple make one move of that many
    steps, the Temples in the order the card shows them; a blocked move goes as far as it can (reading X7)."""
    card = GHOST_CARDS[game.ghost.card]
    name = game.name_of(seat)
    counts: dict[str, int] = {}
    for temple in card.temples:
        counts[temple] = counts.get(temple, 0) + 1
    gains = []
    for temple_name, steps in counts.items():
        temple = Temple(temple_name.capitalize())
        grant = free_advance(steps, temple, name=f"Ghost card {card.id}", rule=Rule.GHOST_PRIEST)
        moves = legal_moves(game.temples, name, grant, game.settings.temples)
        if not moves:
            game.log_event(f"The Ghost's Priest cannot advance in {temple.value}", Rule.GHOST_PRIEST)
            continue
        move = max(moves, key=lambda m: (m.steps, str(m)))
        result = temple_apply(game.temples, move, grant, game.settings.temples)
        game.temples = result.end
        game.log_event(
            f"Ghost card {card.id} shows {steps} {temple.value} symbol(s): " + "; ".join(e.text for e in result.events),
            Rule.GHOST_PRIEST,
        )
        gains += [(game.settings.players.index(g.player), g.effect) for g in result.gains]
    queue_immediate_effects(game, gains, "Temple space")


# --- Harvest, Sphinx, Decoration, Offering ----------------------------------------------------------------------
def ghost_harvest(game: WorkingGame, seat: int) -> None:
    """Ghost Actions Summary: Harvest: 1 Silt off each river beside a Ghost Farmer; 2 points when that is 2 rivers,
    none when 3 (Example 33; reading X8: the rivers count, even one without Silt left)."""
    rule = Rule.GHOST_HARVEST
    rivers = [ramp for ramp in RAMPS if any(FIELD_OF[f].ramp == ramp for f in game.player_at(seat).farmers)]
    for ramp in rivers:
        silt = game.pyramid.river(ramp)
        if silt:
            game.pyramid = game.pyramid.with_river(ramp, silt - 1)
            game.log_event(f"1 Silt leaves the {ramp.label} river (a Ghost Farmer is beside it)", rule)
        else:
            game.log_event(f"The {ramp.label} river has no Silt to remove", rule)
    points = 2 if len(rivers) == 2 else 0
    rivers_text = ", ".join(r.label for r in rivers)
    if points:
        gain_points(game, seat, points, f"its Farmers stand beside 2 rivers ({rivers_text})", rule)
    else:
        game.log_event(f"The Ghost's Farmers stand beside {len(rivers)} river(s) ({rivers_text}): no points", rule)


def ghost_sphinx(game: WorkingGame, seat: int) -> None:
    """Ghost Actions Summary: Sphinx: while not all 3 Ghost Sphinxes are in play, build one on the card's space
    (reading D7; taken: the next free space upwards, reading X9); then 2 points per Ghost Sphinx in play.  The points
    follow reading X9 (``Settings.scoring.ghost_sphinx``): ``"always"`` as just said, also with all 3 already in play;
    ``"while_building"`` nothing once all 3 are in play; ``"built"`` 2 points for the Sphinx built, if any.  "All in
    play" counts the supply's Sphinxes per player and the Sphinx is built through the players' own rule
    (:func:`..actions.sphinx.sphinxes_left`, :func:`..actions.sphinx.build_sphinx`)."""
    rule = Rule.GHOST_SPHINX
    reading = game.settings.scoring.ghost_sphinx
    built = False
    if sphinxes_left(game, seat) > 0:
        card = GHOST_CARDS[game.ghost.card]
        start = card.sphinx - 1
        free = [(start + d) % SPHINX_SPACES for d in range(SPHINX_SPACES)]
        space = next((k for k in free if game.sphinx_owner[k] is None), None)
        if space is None:
            game.log_event("The Avenue of the Sphinxes is full: the Ghost builds nothing", rule)
        else:
            build_sphinx(game, seat, space)
            built = True
            how = "" if space == start else f" (space {card.sphinx} is taken)"
            game.log_event(
                f"Ghost card {card.id} names Sphinx space {card.sphinx}: the Ghost builds a Sphinx on space "
                f"{space + 1}{how}; it activates nothing",
                rule,
            )
    elif reading == "while_building":
        every = SUPPLY.sphinxes_per_player
        game.log_event(f"All {every} Ghost Sphinxes are in play: the Sphinx action does nothing (reading X9)", rule)
        return
    if reading == "built":
        if built:
            gain_points(game, seat, SPHINX_POINTS, "the Ghost Sphinx built (reading X9)", rule)
        else:
            game.log_event("No Ghost Sphinx is built: no points (reading X9)", rule)
        return
    count = game.player_at(seat).sphinxes
    gain_points(game, seat, SPHINX_POINTS * count, f"{count} Ghost Sphinx(es) in play", rule)


def ghost_decoration(game: WorkingGame, seat: int) -> None:
    """Ghost Actions Summary: Decoration: the Ghost scores 3 points."""
    gain_points(game, seat, DECORATION_POINTS, "Decoration", Rule.GHOST_DECORATION)


def ghost_offering(game: WorkingGame, seat: int) -> None:
    """Ghost Actions Summary: Offering to the Pharaoh: 1 resource of each type from the supply behind the Ghost's
    screen (what the supply still has: reading E11), and 5 points."""
    for resource in RESOURCES:
        gain_resource(game, seat, resource, 1, "Offering", Rule.GHOST_OFFERING)
    gain_points(game, seat, OFFERING_POINTS, "Offering to the Pharaoh", Rule.GHOST_OFFERING)


GHOST_ACTIONS = {
    Action.FARMER: ghost_farmer,
    Action.MERCHANT: ghost_merchant,
    Action.BUILDER: ghost_builder,
    Action.PRIEST: ghost_priest,
    Action.HARVEST: ghost_harvest,
    Action.SPHINX: ghost_sphinx,
    Action.DECORATION: ghost_decoration,
    Action.OFFERING: ghost_offering,
}


# --- Ghost Temple Effects and every frame addressed to the Ghost -----------------------------------------------
def ghost_temple_effect(game: WorkingGame, frame: Frame) -> None:
    """Ghost Temple Effects: points as shown; unlock 3 points; Deben 1 point; a Temple card's single action; a
    Farmer action with the card already drawn; a Priest card face down; a Silt put into the Pyramid.  A space's
    resource of choice is not in the list: the Ghost gains nothing (reading X10)."""
    kind, amount, why = frame.effect, frame.amount, frame.why
    seat = frame.player
    rule = Rule.GHOST_TEMPLE_EFFECTS
    if kind == "points":
        gain_points(game, seat, amount, why, rule)
    elif kind == "unlock":
        gain_points(game, seat, 3 * amount, f"{why}: unlock a Worker", rule)
    elif kind == "deben":
        gain_points(game, seat, amount, f"{why}: Deben", rule)
    elif kind == "temple_card":
        for _ in range(amount):
            if game.deck("E"):
                game.schedule(GhostTempleCard(why=why))
            else:
                game.log_event("The Temple deck is empty: the Ghost reveals nothing", rule)
    elif kind == "farmer":
        game.schedule(*[AutoStep(step="ghost_action", arguments=(Action.FARMER.value, why)) for _ in range(amount)])
    elif kind == "priest_card":
        game.log_event(f"The Ghost takes a Priest card face down ({why}); it is revealed at the end of the game", rule)
        game.schedule(*[DrawPriest(target="hand", seat=seat) for _ in range(amount)])
    elif kind == "silt":
        game.schedule(*[f for f in (silt_frame(game, why) for _ in range(amount)) if f is not None])
    else:
        game.log_event(f"The Ghost gains nothing from '{kind}' ({why}): not a Ghost Temple Effect", rule)


def resolve_ghost_frame(game: WorkingGame, frame: Frame) -> None:
    """A frame that would ask the Ghost: resolved by the Ghost's rules at once (the Ghost never decides)."""
    kind = frame.kind
    seat = frame.player
    if kind == "effect":
        ghost_temple_effect(game, frame)
    elif kind == "take":
        why = frame.why
        market = market_layout(game)
        here = game.player_at(seat).merchant
        if why.startswith("Collect") and here is not None:
            resource = market.beside(here)[1]
            gain_resource(
                game,
                seat,
                resource,
                1,
                "a human Collects: the stall clockwise of its Merchant",
                Rule.GHOST_MERCHANT + ", please note",
            )
        else:
            game.log_event(f"The Ghost takes nothing ({why})", Rule.GHOST_ACTIONS)
    elif kind == "unlock":
        gain_points(game, seat, 3, f"{frame.why}: unlock a Worker", Rule.GHOST_TEMPLE_EFFECTS)
    elif kind == "farmer":
        game.schedule(AutoStep(step="ghost_action", arguments=(Action.FARMER.value, frame.why)))
    elif kind == "building_d4":
        pass  # Ghost End of Season 3: 1 point per Building, never its effects
    else:
        raise AssertionError(f"the Ghost is never asked {kind!r}")


__all__ = ["GHOST_ACTIONS", "perform_ghost_action", "resolve_ghost_frame", "ghost_temple_effect"]
