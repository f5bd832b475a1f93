"""The Gifts of the Gods played: each card a legal move of step 2 of its owner's turn, with the choices it offers.

Rulebook: Mini Expansion Set: The Gifts of the Gods (How to Play; Card List GG1-GG11); GG12-GG14 are the kit's
illustrative stand-ins (register D6).  A Gift is played like a 1-point Priest card, and its effect is
instantaneous; the readings this module takes are P1-P9 in ``docs/ambiguities.md``.

Shape: :func:`gift_moves` lists the Gifts a player may play now (``"gift GG3"``), :func:`play_gift` reveals and
discards one and starts its effect; the choices a Gift asks for are :class:`~.frames.GiftChoice` frames (kind
``"gift"``: ``card``, ``stage``, ``info``), answered by :func:`legal` / :func:`apply` (registered with ``frames.plays``).
Other choices reuse the engine's own frames: a Farmer action (GG3), a sphere removed (GG4, A2 by GG2), a
resource taken (GG5, GG12), a Temple move (GG7), a Builder action (GG13), a Decoration (GG14).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..._fast import direct_init
from ...rules.actions import Action
from ...rules.common import RESOURCES
from ...rules.offering import Stock
from ...rules.scoring import SEASON_SCORERS, building_season_points
from ...rules.temples import gift_gg7
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
from .effects import (
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
from .season_end import score_d4_now
from .sphinx_effects import legal_field_resource, legal_swap_resource, why_not_field_resource
from ..core.state import resource_supply, scoring_situation, worker_sources
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
# Playing a Gift
# ----------------------------------------------------------------------------------------------------------------
def play_gift(game: WorkingGame, seat: int, card: str) -> None:
    """How to Play: reveal and discard the Gift; its effect happens at once."""
    player = game.player_at(seat)
    game.set_player(seat, gifts=tuple(x for x in player.gifts if x != card))
    game.log_event(f"{player.name} reveals and discards {gift_text(card)}", HOW_TO_PLAY)
    why = f"Gift {card}"
    R = rule(card)
    if card == "GG1":
        _ask_next_giver(game, seat, _gg1_order(game, seat), 0)
    elif card == "GG2":
        game.schedule(GiftChoice(seat, card=card, stage="building"))
    elif card == "GG3":
        gain_silt_sphere(game, seat, why, R)
        game.schedule(AutoStep(step="start_action", arguments=(seat, Action.FARMER, why)))
    elif card == "GG4":
        game.schedule(*[RemoveSphere(seat, colour="any", why=why, cited=R) for _ in range(4)])
    elif card == "GG5":
        game.schedule(GiftChoice(seat, card=card, stage="return", info=0))
    elif card == "GG6":
        game.schedule(GiftChoice(seat, card=card, stage="harvest"))
    elif card == "GG7":
        have = [r for r in RESOURCES if player.reserve[r] > 0]
        game.schedule(PriestAdvance(seat, grant=gift_gg7(have), tag="GG7"))
    elif card == "GG8":
        activate_stalls(game, seat, player.merchant, R, why=f"{why}: the stall beside the Merchant")
    elif card == "GG9":
        got = [r for r in RESOURCES if resource_supply(game, r) > 0]
        game.set_player(seat, screen=game.player_at(seat).screen.plus(Stock.of(got)))
        game.log_event(
            f"{player.name} puts {', '.join('1 ' + r.label for r in got) or 'nothing'} from the supply behind the "
            "screen (no points now; they count for the majorities)",
            R,
        )
    elif card == "GG10":
        for _ in range(2):
            gain_silt_sphere(game, seat, why, R)
    elif card == "GG11":
        game.schedule(GiftChoice(seat, card=card, stage="sphinx"))
    elif card == "GG12":
        gain_deben(game, seat, 2, why, R)
        game.schedule(TakeResource(seat, why=why))
    elif card == "GG13":
        if player.builder is None:
            game.log_event(f"{player.name} takes the Builder action ({why})", R)
            game.schedule(GiftChoice(seat, card=card, stage="builder"))
        else:
            game.schedule(AutoStep(step="start_action", arguments=(seat, Action.BUILDER, why)))
    elif card == "GG14":
        gain_points(game, seat, 1, why, R)
        game.schedule(DecorationAction(seat))
    else:  # pragma: no cover - the deck holds GG1-GG14 only (data check)
        raise AssertionError(card)


# --- GG1: the opponents decide in turn order ------------------------------------------------------------------------
def _gg1_order(game: WorkingGame, seat: int) -> tuple[int, ...]:
    """Reading P2: the opponents in this round's turn order, from the first player down."""
    order = game.order or tuple(range(len(game.players)))
    return tuple(j for j in order if j != seat)


def _ask_next_giver(game: WorkingGame, seat: int, rest: tuple[int, ...], received: int) -> None:
    """Ask the next opponent who has a Deben to give; when nobody is left, score 4 minus the Deben received."""
    for k, j in enumerate(rest):
        if game.player_at(j).deben > 0:
            game.schedule(GiftChoice(j, card="GG1", stage="give", info=(seat, rest[k + 1 :], received)))
            return
        game.log_event(f"{game.name_of(j)} has no Deben to give", rule("GG1"))
    gain_points(game, seat, 4 - received, f"Gift GG1: 4 points less the {received} Deben received", rule("GG1"))


# --- GG2: an opponent's Building, all its effects -------------------------------------------------------------------
#: Reading P3: the kinds of permanent effect (``effects.PERMANENT_EFFECTS``) GG2 can use on its own, at once, and
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
            pts, text = building_season_points(building, scoring_situation(game, seat), game.season)
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


# ----------------------------------------------------------------------------------------------------------------
# The "gift" frames: one legal and one apply for every choice a Gift asks for
# ----------------------------------------------------------------------------------------------------------------
def legal(state: AnyState, frame: GiftChoice) -> list[tuple[str, Any]]:
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


def apply(game: WorkingGame, frame: GiftChoice, choice: Any) -> None:
    """The choices of the Gifts of the Gods (Card List; readings P1-P9)."""
    card, stage, info = frame.card, frame.stage, frame.info
    seat = frame.player
    R = rule(card)
    why = f"Gift {card}"
    game.pop()
    if stage == "give":  # GG1: this opponent decides
        to, rest, received = info
        if choice:
            pay_deben(game, seat, 1)
            game.set_player(to, deben=game.player_at(to).deben + 1)
            game.log_event(f"{game.name_of(seat)} gives 1 Deben to {game.name_of(to)} (who cannot refuse it)", R)
            gain_points(game, seat, 1, "Gift GG1: a Deben given", R)
            received += 1
        else:
            game.log_event(f"{game.name_of(seat)} keeps their Deben", R)
        _ask_next_giver(game, to, rest, received)
    elif stage == "building":  # GG2
        owner = next(j for j, p in enumerate(game.players) if choice in p.buildings)
        game.log_event(
            f"{game.name_of(seat)} activates {choice} ({BUILDINGS[choice].name}) of {game.name_of(owner)}", R
        )
        game.schedule(*gg2_frames(game, seat, choice))
    elif stage == "field" and choice is not None:  # GG2 on A1
        gain_resource(game, seat, choice, 1, f"{why}: A1, a field with a Farmer", R)
    elif stage == "swap" and choice is not None:  # GG2 on A5
        given, taken = choice.given, choice.taken
        pay_resources(game, seat, Stock.of([given]))
        game.log_event(f"{game.name_of(seat)} gives 1 {given.label} ({why}: A5)", R)
        gain_resource(game, seat, taken, 1, f"{why}: A5 exchange", R)
    elif stage == "screen" and choice is not None:  # GG2 on B3
        game.set_player(seat, screen=game.player_at(seat).screen.plus(Stock.of([choice])))
        game.log_event(f"{game.name_of(seat)} puts 1 {choice.label} from the supply behind the screen ({why}: B3)", R)
    elif stage == "d4" and choice is not None:  # GG2 on D4
        score_d4_now(game, seat, choice, f"{why}: D4, 1 {choice.label} spent", R)
    elif stage == "return":  # GG5
        if choice is None:
            game.log_event(f"{game.name_of(seat)} returned {info}: takes {info + 1} of their choice", R)
            game.schedule(*[TakeResource(seat, why=why) for _ in range(info + 1)])
        else:
            pay_resources(game, seat, Stock.of([choice]))
            game.log_event(f"{game.name_of(seat)} returns 1 {choice.label} to the supply ({why})", R)
            game.schedule(GiftChoice(seat, card=card, stage="return", info=info + 1))
    elif stage == "harvest" and choice is not None:  # GG6
        _harvest_with(game, seat, choice.field, choice.owner, choice.crop_yield)
    elif stage == "sphinx":  # GG11
        build_sphinx(game, seat, choice)
        game.log_event(
            f"{game.name_of(seat)} places a Sphinx on space {choice + 1} ({game.sphinx[choice]}) for free, "
            "without activating it",
            R,
        )
    elif stage == "builder" and choice is not None:  # GG13 (illustrative)
        space, src = choice.space, choice.source
        take_worker(game, seat, src)
        game.set_player(seat, builder=space)
        game.log_event(f"{game.name_of(seat)} places a Builder on space {space} ({why})", R)
        game.schedule(BuilderAction(seat, stage="buy"))


def _harvest_with(game: WorkingGame, seat: int, field: str, owner: int, expected: int) -> None:
    """GG6: a Harvest action with an opponent's Farmer (reading P5): that field's crop, then 1 Silt leaves its
    river; A1 then adds its crop as in any Harvest action."""
    R = rule("GG6")
    crop_yield = field_yield(game, field)
    assert crop_yield == expected
    game.log_event(f"{game.name_of(seat)} harvests {field} with {game.name_of(owner)}'s Farmer (Gift GG6)", R)
    harvest_fields(game, seat, ((field, crop_yield),), R)
    extra = extra_crop_building(game, seat)
    if extra:
        game.schedule(HarvestAction(seat, stage=extra))


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
