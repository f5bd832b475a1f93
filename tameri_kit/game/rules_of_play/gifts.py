"""The Gifts of the Gods played: each card a legal move of step 2 of its owner's turn, with the choices it offers.

Rulebook: Mini Expansion Set: The Gifts of the Gods (How to Play; Card List GG1-GG11); GG12-GG14 are the kit's
illustrative stand-ins (register D6).  A Gift is played like a 1-point Priest card, and its effect is
instantaneous; the readings this module takes are P1-P9 in ``docs/ambiguities.md``.

Shape: :func:`gift_moves` lists the Gifts a player may play now (``"gift GG3"``), :func:`play_gift` reveals and
discards one and starts its effect - one function per card (``play_gg1`` ... ``play_gg14``, :data:`GIFT_EFFECTS`), each
with its card's text paraphrased, calling the rules of the actions it names (GG3 the Farmer action, GG6 the Harvest,
GG8 the Merchant's Trade II stalls, GG11 the building of a Sphinx); the choices a Gift asks for are
:class:`~.frames.GiftChoice` frames (kind ``"gift"``: ``card``, ``stage``, ``info``), answered by :func:`legal` /
:func:`apply` (registered with ``frames.plays``), each stage applied by its card's section (:data:`GIFT_STAGES`).
Other choices reuse the engine's own frames: a Farmer action (GG3), a sphere removed (GG4, A2 by GG2), a
resource taken (GG5, GG12), a Temple move (GG7), a Builder action (GG13), a Decoration (GG14).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..._fast import direct_init
from ...rules.action_cards import Action
from ...rules.common import RESOURCES
from ...rules.offering import Stock
from ...rules.scoring import SEASON_SCORERS
from ...rules.temple_moves import gift_gg7
from .actions.harvest import extra_crop_building, field_yield, harvest_fields, harvestable_fields
from .actions.merchant import activate_stalls
from ..core.catalog import BUILDINGS, ROW
from .actions.sphinx import (
    build_sphinx,
    can_build_sphinx,
    every_sphinx_space,
    sphinx_space_moves,
    why_not_sphinx_space,
)
from .game_effects import (
    PERMANENT_EFFECTS,
    SEASON_END_SPENDERS,
    building_instant_frames,
    each_resource,
    every_exchange,
    why_not_exchange,
    why_not_resource,
)
from ..core.frames import (
    AutoStep,
    BuilderAction,
    DecorationAction,
    Frame,
    GiftChoice,
    HarvestAction,
    ImmediateEffect,
    PriestAdvance,
    RemoveSphere,
    TakeResource,
    plays,
)
from .gift_cards import GIFT_RULE, gift_text
from .season_end_flow import score_d4_now, season_points_now
from .sphinx_effects import legal_field_resource, legal_swap_resource, why_not_field_resource
from ..core.state import resource_supply, worker_sources
from ..core.working import (
    AnyState,
    WorkingGame,
    gain_deben,
    gain_points,
    gain_resource,
    gain_silt_sphere,
    pay_deben,
    pay_resources,
    take_worker,
)

HOW_TO_PLAY = GIFT_RULE + ": How to Play"


def rule(card: str) -> str:
    """The section a Gift's events cite: its line of the Card List (GG12-GG14: the kit's stand-ins)."""
    return f"{GIFT_RULE}: {card}" + (" (illustrative, register D6)" if int(card[2:]) > 11 else "")


# ----------------------------------------------------------------------------------------------------------------
# Which Gifts may be played now
# ----------------------------------------------------------------------------------------------------------------
def _opponents(state: AnyState, seat: int) -> list[int]:
    return [j for j in range(len(state.players)) if j != seat]


def gg2_targets(state: AnyState, seat: int) -> list[tuple[str, int]]:
    """GG2: every Building card an opponent owns, with its owner."""
    return sorted((b, j) for j in _opponents(state, seat) for b in state.players[j].buildings)


def gg6_targets(state: AnyState, seat: int) -> list[tuple[str, int, int]]:
    """GG6: (field, opponent, yield) for every opponent's Farmer on a field that would give resources now."""
    return [(f, j, y) for j in _opponents(state, seat) for f, y in harvestable_fields(state, j)]


def gift_playable(state: AnyState, seat: int, card: str) -> bool:
    """Whether the Gift can do something now (reading P1: a Gift whose effect has nothing to act on is not
    offered; one whose choices may all be declined, like GG4, is)."""
    player = state.players[seat]
    if card == "GG2":
        return bool(gg2_targets(state, seat))
    if card == "GG6":
        return bool(gg6_targets(state, seat))
    if card == "GG8":
        return player.merchant is not None
    if card == "GG11":
        return can_build_sphinx(state, seat)
    return True


@direct_init
@dataclass(frozen=True)
class PlayGift:
    """The choice of playing the Gift ``card`` in step 2 of one's turn (reading P1)."""

    card: str


@direct_init
@dataclass(frozen=True)
class OpponentField:
    """GG6: the ``field`` harvested with the Farmer of seat ``owner``, yielding ``crop_yield`` (reading P5)."""

    field: str
    owner: int
    crop_yield: int


@direct_init
@dataclass(frozen=True)
class BuilderStart:
    """GG13: the Builder placed on Building space ``space`` with a Worker from ``source``."""

    space: int
    source: str


def gift_moves(state: AnyState, seat: int) -> list[tuple[str, Any]]:
    """The Gifts ``seat`` may play (step 2 of their own turn, between actions: reading P1)."""
    return [(f"gift {card}", PlayGift(card)) for card in state.players[seat].gifts if gift_playable(state, seat, card)]


# ----------------------------------------------------------------------------------------------------------------
# Playing a Gift: one function per card (its text paraphrased), then the choices it asks for
# ----------------------------------------------------------------------------------------------------------------
def play_gift(game: WorkingGame, seat: int, card: str) -> None:
    """How to Play: reveal and discard the Gift; its effect (:data:`GIFT_EFFECTS`, one function per card) happens at
    once."""
    player = game.player_at(seat)
    game.set_player(seat, gifts=tuple(x for x in player.gifts if x != card))
    game.log_event(f"{player.name} reveals and discards {gift_text(card)}", HOW_TO_PLAY)
    GIFT_EFFECTS[card](game, seat)


# --- GG1: the opponents decide in turn order --------------------------------------------------------------------------
#: GG1: the points printed on the card, less 1 per Deben received
GG1_POINTS = 4


def play_gg1(game: WorkingGame, seat: int) -> None:
    """GG1: each opponent in turn order may hand you 1 Deben, scoring 1 point for doing so; you cannot refuse, and you
    score 4 points less the number of Deben you received (reading P2)."""
    _ask_next_giver(game, seat, _gg1_order(game, seat), 0)


def _gg1_order(game: WorkingGame, seat: int) -> tuple[int, ...]:
    """Reading P2: the opponents in this round's turn order, from the first player down."""
    order = game.order or tuple(range(len(game.players)))
    return tuple(j for j in order if j != seat)


def _ask_next_giver(game: WorkingGame, seat: int, rest: tuple[int, ...], received: int) -> None:
    """Ask the next opponent who has a Deben to give; when nobody is left, score :data:`GG1_POINTS` less the Deben
    received."""
    for k, j in enumerate(rest):
        if game.player_at(j).deben > 0:
            game.schedule(GiftChoice(j, card="GG1", stage="give", info=(seat, rest[k + 1 :], received)))
            return
        game.log_event(f"{game.name_of(j)} has no Deben to give", rule("GG1"))
    why = f"Gift GG1: {GG1_POINTS} points less the {received} Deben received"
    gain_points(game, seat, GG1_POINTS - received, why, rule("GG1"))


def _gg1_give(game: WorkingGame, frame: GiftChoice, choice: Any) -> None:
    """GG1: this opponent gives 1 Deben (and scores 1 point) or keeps it; then the next one is asked."""
    seat, R = frame.player, rule("GG1")
    to, rest, received = frame.info
    if choice:
        pay_deben(game, seat, 1)
        game.set_player(to, deben=game.player_at(to).deben + 1)
        game.log_event(f"{game.name_of(seat)} gives 1 Deben to {game.name_of(to)} (who cannot refuse it)", R)
        gain_points(game, seat, 1, "Gift GG1: a Deben given", R)
        received += 1
    else:
        game.log_event(f"{game.name_of(seat)} keeps their Deben", R)
    _ask_next_giver(game, to, rest, received)


# --- GG2: an opponent's Building, all its effects ---------------------------------------------------------------------
def play_gg2(game: WorkingGame, seat: int) -> None:
    """GG2: choose a Building card an opponent owns and use all of its effects at once - its permanent and End of
    Season effects too (reading P3)."""
    game.schedule(GiftChoice(seat, card="GG2", stage="building"))


#: Reading P3: the kinds of permanent effect (``game_effects.PERMANENT_EFFECTS``) GG2 can use on its own, at once, and
#: how (the other kinds change how an action or a payment is made and have nothing to act on).
GG2_PERMANENT = {
    "extra crop": "field",  # A1
    "remove sphere": "remove",  # A2
    "points": "points",  # A3, B1, B4
    "swap": "swap",  # A5
    "extra resource": "screen",  # B3
}


def gg2_frames(game: WorkingGame, seat: int, building: str) -> list[Frame]:
    """GG2 (reading P3): the Building's End of Season points now, then its permanent effect used once, then its
    instant effect, as if it had just been bought."""
    why = f"Gift GG2: {building}"
    R = rule("GG2")
    frames = []
    if building in SEASON_SCORERS:
        if building in SEASON_END_SPENDERS:
            frames.append(GiftChoice(seat, card="GG2", stage="d4", info=building))
        else:
            pts, text = season_points_now(game, seat, building)
            game.log_event(f"{game.name_of(seat)}: {building}'s End of Season points now: {text}", R)
            gain_points(game, seat, pts, why, R)
    effect = PERMANENT_EFFECTS.get(building)
    use = GG2_PERMANENT.get(effect.kind) if effect is not None else None
    if use == "points":
        frames.append(ImmediateEffect(seat, effect="points", amount=effect.points, why=why))
    elif use == "remove":
        frames.append(RemoveSphere(seat, colour="any", why=why, cited=R))
    elif use is not None:
        frames.append(GiftChoice(seat, card="GG2", stage=use, info=building))
    elif effect is not None:
        game.log_event(
            f"{building}'s permanent effect changes how an action or a payment is made: nothing to use now", R
        )
    return frames + building_instant_frames(game, seat, building)


def _gg2_building(game: WorkingGame, frame: GiftChoice, choice: Any) -> None:
    """GG2: the opponent's Building chosen; its effects follow (:func:`gg2_frames`)."""
    seat = frame.player
    owner = next(j for j, p in enumerate(game.players) if choice in p.buildings)
    game.log_event(
        f"{game.name_of(seat)} activates {choice} ({BUILDINGS[choice].name}) of {game.name_of(owner)}", rule("GG2")
    )
    game.schedule(*gg2_frames(game, seat, choice))


def _gg2_field(game: WorkingGame, frame: GiftChoice, choice: Any) -> None:
    """GG2 on A1: 1 resource of a field where the player has a Farmer (as Sphinx 2A asks it)."""
    if choice is not None:
        gain_resource(game, frame.player, choice, 1, "Gift GG2: A1, a field with a Farmer", rule("GG2"))


def _gg2_swap(game: WorkingGame, frame: GiftChoice, choice: Any) -> None:
    """GG2 on A5: 1 resource exchanged for another from the supply (as Sphinx 3B asks it)."""
    if choice is not None:
        seat, R = frame.player, rule("GG2")
        pay_resources(game, seat, Stock.of([choice.given]))
        game.log_event(f"{game.name_of(seat)} gives 1 {choice.given.label} (Gift GG2: A5)", R)
        gain_resource(game, seat, choice.taken, 1, "Gift GG2: A5 exchange", R)


def _gg2_screen(game: WorkingGame, frame: GiftChoice, choice: Any) -> None:
    """GG2 on B3: 1 resource of the player's choice from the supply put behind their screen."""
    if choice is not None:
        seat = frame.player
        game.set_player(seat, screen=game.player_at(seat).screen.plus(Stock.of([choice])))
        text = f"puts 1 {choice.label} from the supply behind the screen (Gift GG2: B3)"
        game.log_event(f"{game.name_of(seat)} {text}", rule("GG2"))


def _gg2_d4(game: WorkingGame, frame: GiftChoice, choice: Any) -> None:
    """GG2 on D4: its End of Season points, 1 resource spent for 2 (through D4's one owner)."""
    if choice is not None:
        score_d4_now(game, frame.player, choice, f"Gift GG2: D4, 1 {choice.label} spent", rule("GG2"))


# --- GG3, GG4 ---------------------------------------------------------------------------------------------------------
def play_gg3(game: WorkingGame, seat: int) -> None:
    """GG3: gain 1 Silt, then take a Farmer action - the Farmer action itself, so A2 and A5 apply (reading P6)."""
    gain_silt_sphere(game, seat, "Gift GG3", rule("GG3"))
    game.schedule(AutoStep(step="start_action", arguments=(seat, Action.FARMER, "Gift GG3")))


def play_gg4(game: WorkingGame, seat: int) -> None:
    """GG4: remove up to 4 Sun or Water spheres of your choice, from any ramps (reading P4)."""
    game.schedule(*[RemoveSphere(seat, colour="any", why="Gift GG4", cited=rule("GG4")) for _ in range(4)])


# --- GG5: return any number, gain that many plus one ------------------------------------------------------------------
def play_gg5(game: WorkingGame, seat: int) -> None:
    """GG5: give back to the supply as many of your resources as you like, then take that many plus 1 resources of
    your choice; the ones returned and the ones taken may be any types, alike or not (reading P9: returning none
    still gains 1)."""
    game.schedule(GiftChoice(seat, card="GG5", stage="return", info=0))


def _gg5_return(game: WorkingGame, frame: GiftChoice, choice: Any) -> None:
    """GG5: one more resource returned (``info`` counts them), or ``return done``: take ``info + 1`` of choice."""
    seat, returned, R = frame.player, frame.info, rule("GG5")
    if choice is None:
        game.log_event(f"{game.name_of(seat)} returned {returned}: takes {returned + 1} of their choice", R)
        game.schedule(*[TakeResource(seat, why="Gift GG5") for _ in range(returned + 1)])
    else:
        pay_resources(game, seat, Stock.of([choice]))
        game.log_event(f"{game.name_of(seat)} returns 1 {choice.label} to the supply (Gift GG5)", R)
        game.schedule(GiftChoice(seat, card="GG5", stage="return", info=returned + 1))


# --- GG6: a Harvest with an opponent's Farmer -------------------------------------------------------------------------
def play_gg6(game: WorkingGame, seat: int) -> None:
    """GG6: a Harvest action with one opponent's Farmer; the Silt is removed as in any harvest (reading P5)."""
    game.schedule(GiftChoice(seat, card="GG6", stage="harvest"))


def _gg6_harvest(game: WorkingGame, frame: GiftChoice, choice: Any) -> None:
    """GG6 (reading P5): the field's crop through the Harvest action's own rule (:func:`.actions.harvest.
    harvest_fields`: the crop, then 1 Silt off its river), then A1's extra crop as after any Harvest action."""
    if choice is None:
        return
    seat, field, R = frame.player, choice.field, rule("GG6")
    crop_yield = field_yield(game, field)
    assert crop_yield == choice.crop_yield
    game.log_event(f"{game.name_of(seat)} harvests {field} with {game.name_of(choice.owner)}'s Farmer (Gift GG6)", R)
    harvest_fields(game, seat, ((field, crop_yield),), R)
    extra = extra_crop_building(game, seat)
    if extra:
        game.schedule(HarvestAction(seat, stage=extra))


# --- GG7 - GG10 -------------------------------------------------------------------------------------------------------
def play_gg7(game: WorkingGame, seat: int) -> None:
    """GG7: 1, 2 or 3 steps in one Temple of your choice for 0, 1 or 2 different resources (the Temple move itself:
    :func:`tameri_kit.rules.temple_moves.gift_gg7`)."""
    have = [r for r in RESOURCES if game.player_at(seat).reserve[r] > 0]
    game.schedule(PriestAdvance(seat, grant=gift_gg7(have), tag="GG7"))


def play_gg8(game: WorkingGame, seat: int) -> None:
    """GG8: take from the supply the resources of the 2 stalls on either side of your Merchant - the Merchant's
    Trade II itself (:func:`.actions.merchant.activate_stalls`); offered only with a Merchant in play (reading P1)."""
    merchant = game.player_at(seat).merchant
    activate_stalls(game, seat, merchant, rule("GG8"), why="Gift GG8: the stall beside the Merchant")


def play_gg9(game: WorkingGame, seat: int) -> None:
    """GG9: 1 resource of each type from the supply straight behind your screen: no points for them now, but they
    count for the majorities (not an Offering: reading P6)."""
    got = [r for r in RESOURCES if resource_supply(game, r) > 0]
    game.set_player(seat, screen=game.player_at(seat).screen.plus(Stock.of(got)))
    game.log_event(
        f"{game.name_of(seat)} puts {', '.join('1 ' + r.label for r in got) or 'nothing'} from the supply behind the "
        "screen (no points now; they count for the majorities)",
        rule("GG9"),
    )


def play_gg10(game: WorkingGame, seat: int) -> None:
    """GG10: gain 2 Silt."""
    for _ in range(2):
        gain_silt_sphere(game, seat, "Gift GG10", rule("GG10"))


# --- GG11: a free Sphinx ----------------------------------------------------------------------------------------------
def play_gg11(game: WorkingGame, seat: int) -> None:
    """GG11: place one of your Sphinxes at no cost, without activating it (not the Sphinx action: reading P6);
    offered while a Sphinx and an empty space are left (:func:`.actions.sphinx.can_build_sphinx`)."""
    game.schedule(GiftChoice(seat, card="GG11", stage="sphinx"))


def _gg11_sphinx(game: WorkingGame, frame: GiftChoice, choice: Any) -> None:
    """GG11: the Sphinx built on the chosen space through the Sphinx action's own rule (:func:`.actions.sphinx.
    build_sphinx`)."""
    seat = frame.player
    build_sphinx(game, seat, choice)
    game.log_event(
        f"{game.name_of(seat)} places a Sphinx on space {choice + 1} ({game.sphinx[choice]}) for free, "
        "without activating it",
        rule("GG11"),
    )


# --- GG12 - GG14: the kit's illustrative stand-ins (register D6) ------------------------------------------------------
def play_gg12(game: WorkingGame, seat: int) -> None:
    """GG12 (illustrative): gain 2 Deben and 1 resource of your choice."""
    gain_deben(game, seat, 2, "Gift GG12", rule("GG12"))
    game.schedule(TakeResource(seat, why="Gift GG12"))


def play_gg13(game: WorkingGame, seat: int) -> None:
    """GG13 (illustrative): take a Builder action; a Builder not yet in play may start on any space."""
    if game.player_at(seat).builder is None:
        game.log_event(f"{game.name_of(seat)} takes the Builder action (Gift GG13)", rule("GG13"))
        game.schedule(GiftChoice(seat, card="GG13", stage="builder"))
    else:
        game.schedule(AutoStep(step="start_action", arguments=(seat, Action.BUILDER, "Gift GG13")))


def _gg13_builder(game: WorkingGame, frame: GiftChoice, choice: Any) -> None:
    """GG13: the Builder placed on the chosen space with a Worker, then the Builder action's purchase."""
    if choice is not None:
        seat = frame.player
        take_worker(game, seat, choice.source)
        game.set_player(seat, builder=choice.space)
        game.log_event(f"{game.name_of(seat)} places a Builder on space {choice.space} (Gift GG13)", rule("GG13"))
        game.schedule(BuilderAction(seat, stage="buy"))


def play_gg14(game: WorkingGame, seat: int) -> None:
    """GG14 (illustrative): score 1 point and use any one Sphinx space as a Decoration does (not the Decoration
    action: reading P6)."""
    gain_points(game, seat, 1, "Gift GG14", rule("GG14"))
    game.schedule(DecorationAction(seat))


#: Each Gift's effect, by card (Card List; GG12-GG14 illustrative)
GIFT_EFFECTS = {
    "GG1": play_gg1,
    "GG2": play_gg2,
    "GG3": play_gg3,
    "GG4": play_gg4,
    "GG5": play_gg5,
    "GG6": play_gg6,
    "GG7": play_gg7,
    "GG8": play_gg8,
    "GG9": play_gg9,
    "GG10": play_gg10,
    "GG11": play_gg11,
    "GG12": play_gg12,
    "GG13": play_gg13,
    "GG14": play_gg14,
}


# ----------------------------------------------------------------------------------------------------------------
# The "gift" frames: one legal and one apply for every choice a Gift asks for
# ----------------------------------------------------------------------------------------------------------------
def legal(state: AnyState, frame: GiftChoice) -> list[tuple[str, Any]]:
    """The moves of each stage a Gift asks for (Card List; readings P1-P9): give or keep a Deben (GG1), an
    opponent's Building (GG2) and its effects' choices, a resource to return (GG5), an opponent's yielding field
    (GG6), an empty Sphinx space (GG11), a Builder space (GG13)."""
    stage, info = frame.stage, frame.info
    seat = frame.player
    player = state.players[seat]
    if stage == "give":
        to = state.players[info[0]].name
        return [(f"give 1 deben to {to}", True), ("keep deben", False)]
    if stage == "building":
        return [(f"activate {b} of {state.players[j].name}", b) for b, j in gg2_targets(state, seat)]
    if stage == "field":  # A1: a resource of a field with one of your Farmers (as Sphinx 2A asks it)
        return legal_field_resource(state, frame)
    if stage == "swap":  # A5: exchange a resource (as Sphinx 3B asks it)
        return legal_swap_resource(state, frame)
    if stage == "screen":  # B3: a resource from the supply behind the screen
        return [(f"screen {r.value}", r) for r in RESOURCES if resource_supply(state, r) > 0] + [
            ("screen nothing", None)
        ]
    if stage == "d4":  # D4: spend a resource for 2 points
        return [(f"spend {r.value}", r) for r in RESOURCES if player.reserve[r] > 0] + [("spend nothing", None)]
    if stage == "return":
        return [(f"return {r.value}", r) for r in RESOURCES if player.reserve[r] > 0] + [("return done", None)]
    if stage == "harvest":
        return [
            (f"harvest {f} with {state.players[j].name}'s Farmer", OpponentField(f, j, y))
            for f, j, y in gg6_targets(state, seat)
        ] + [("harvest nothing", None)]
    if stage == "sphinx":
        return sphinx_space_moves(state)
    if stage == "builder":
        return [
            (f"builder start {space}{suffix}", BuilderStart(space, src))
            for space in range(1, ROW + 1)
            for suffix, src in worker_sources(state, seat, "builder")
        ] + [("builder pass", None)]
    raise AssertionError(stage)


#: Each stage of the "gift" frames and the function of its card that applies the choice
GIFT_STAGES = {
    "give": _gg1_give,
    "building": _gg2_building,
    "field": _gg2_field,
    "swap": _gg2_swap,
    "screen": _gg2_screen,
    "d4": _gg2_d4,
    "return": _gg5_return,
    "harvest": _gg6_harvest,
    "sphinx": _gg11_sphinx,
    "builder": _gg13_builder,
}


def apply(game: WorkingGame, frame: GiftChoice, choice: Any) -> None:
    """The choices of the Gifts of the Gods (Card List; readings P1-P9), each applied by its card's function
    (:data:`GIFT_STAGES`)."""
    game.pop()
    GIFT_STAGES[frame.stage](game, frame, choice)


# ----------------------------------------------------------------------------------------------------------------
# The grammar of the "gift" frames and why a move is not allowed (public information only)
# ----------------------------------------------------------------------------------------------------------------
#: The grammar of the stages that name one resource, or an exchange, per move
RESOURCE_GRAMMAR = {
    "field": each_resource("take ", "take nothing"),
    "swap": every_exchange("swap ", "swap nothing"),
    "screen": each_resource("screen ", "screen nothing"),
    "d4": each_resource("spend ", "spend nothing"),
    "return": each_resource("return ", "return done"),
}


def grammar(state: AnyState, frame: GiftChoice) -> list[str]:
    """Each stage's moves, legal or not: any resource (or exchange), any Building on the table, any opponent's
    Farmer, any Sphinx space, any Building space; the give stage's two moves."""
    stage, seat = frame.stage, frame.player
    if stage in RESOURCE_GRAMMAR:
        return RESOURCE_GRAMMAR[stage](state, frame)
    if stage == "building":
        return [f"activate {b} of {p.name}" for p in state.players for b in p.buildings]
    if stage == "harvest":
        fields = [(f, j) for j in _opponents(state, seat) for f in state.players[j].farmers]
        return [f"harvest {f} with {state.players[j].name}'s Farmer" for f, j in fields] + ["harvest nothing"]
    if stage == "sphinx":
        return every_sphinx_space()
    if stage == "builder":
        return [f"builder start {space}" for space in range(1, ROW + 1)] + ["builder pass"]
    return [move for move, _ in legal(state, frame)]


def why_not(state: AnyState, frame: GiftChoice, move: str) -> str | None:
    """The Card List, stage by stage: a resource you have or the supply has, another player's Building or Farmer
    (GG2, GG6), a field that yields (GG6), an empty Sphinx space (GG11), an unused Worker for the Builder (GG13)."""
    stage, seat = frame.stage, frame.player
    last = move.split()[-1]
    if stage == "field":
        return why_not_field_resource(state, frame, move)
    if stage == "swap":
        return why_not_exchange(state, seat, move, "swap ")
    if stage in ("screen", "d4", "return"):
        return why_not_resource(state, seat, last, held=stage != "screen", supply=stage == "screen")
    if stage == "building" and move.endswith(f" of {state.players[seat].name}"):
        return "Gift GG2 activates a Building an opponent owns, not one of yours"
    if stage == "harvest" and move.startswith("harvest ") and move != "harvest nothing":
        yielding = {f"harvest {f} with {state.players[j].name}'s Farmer" for f, j, _ in gg6_targets(state, seat)}
        if move not in yielding:
            return "that field yields nothing now: it is not Productive, or its river has no Silt (Harvest)"
    if stage == "sphinx":
        return why_not_sphinx_space(state, seat, move)
    if stage == "builder" and last.isdigit() and not any(s == "" for s, _ in worker_sources(state, seat, "builder")):
        return "you have no unused Worker: move one from where it stands ('builder start N from ...')"
    return None


plays(
    GiftChoice,
    legal=legal,
    apply=apply,
    grammar=grammar,
    why_not=why_not,
    groups={"give": "Give or keep your Deben", "keep": "Give or keep your Deben"},
)
