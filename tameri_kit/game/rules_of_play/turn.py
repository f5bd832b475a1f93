"""A round's decisions, Phase 2 to Phase 4: the card each player chooses, revealing it or keeping it face down (and
the turn order that follows), the weather effects on the card, which of its actions the glyphs allow, step 2's
actions and other effects, and the new card taken from the Nile.

Rulebook sections: Phase 2 (Choosing the Actions, with its part on glyphs and face-down cards); Phase 3 (The Turn
Order); Phase 4 (Individual Turns), steps 1-3; Weather Effects on the Cards; Priest Cards (a 1-point card spent for
Deben).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..._fast import direct_init, from_fields
from ...errors import HiddenInformationError
from ...rules.action_cards import Action, ActionCard, number_text
from ...rules.common import RESOURCES, SPHERE_OF, Sphere
from ...rules.weather_effects import remove_sphere
from ...rules.glyphs import LIBRARY, CardPlay, Played, PlayOption, card_play
from ...rules.offering import Stock
from ...rules.turn_order import turn_order
from .actions.harvest import harvestable_fields
from .actions.priest import can_place_priest, priest_grant
from .actions.sphinx import sphinx_payments
from ..core.catalog import CARDS, PRIESTS, Rule
from .chance import without_card
from ..core.choices import (
    GAIN_SILT,
    SPHERE_ON_RAMP,
)
from .game_effects import (
    each_resource,
    why_not_gain_silt,
    why_not_remove_sphere,
    why_not_resource,
    owned_effects,
    queue_immediate_effects,
    score_action_points,
    sphere_removal_moves,
)
from ..core.frames import (
    AutoStep,
    BuilderAction,
    DecorationAction,
    FarmerAction,
    Frame,
    HarvestAction,
    MerchantAction,
    OfferingAction,
    PayAnyResource,
    PriestAdvance,
    RevealCard,
    ChooseCard,
    CardWeatherEffects,
    ChoosePlayOption,
    NileCard,
    SphinxAction,
    plays,
)
from ..core.state import PlayerState
from ..core.working import AnyState, WorkingGame, gain_silt_sphere, pay_deben, pay_resources


# --- Phase 2 and 3 ----------------------------------------------------------------------------------------------
def legal_choose_card(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Phase 2: Choosing the Actions - ``play N`` for each card in the player's hand."""
    return [(f"play {number_text(n)}", n) for n in state.players[frame.player].hand]  # gifts16: "play \u221e"


def apply_choose_card(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Phase 2: each player chooses a card from their hand, face down."""
    picks = frame.picks
    seat = frame.player
    picks = picks[:seat] + (choice,) + picks[seat + 1 :]
    game.log_event(f"{game.name_of(seat)} chooses a card", Rule.CHOOSING)
    game.log_event(f"{game.name_of(seat)} chooses card {number_text(choice)}", Rule.CHOOSING, seat)
    if None in picks:
        game.replace_top(frame.but(player=picks.index(None), picks=picks))
        return
    game.pop()
    game.phase = "reveal"
    game.schedule(RevealCard(0, cards=picks, choices=tuple(None for _ in picks)))


def face_down_price(player: PlayerState) -> int:
    """Phase 3: the Deben for a face-down card, this Season's face-down cards including it."""
    return sum(1 for x in player.row if x.face_down) + 1


@direct_init
@dataclass(frozen=True)
class PlayPriestCard:
    """The choice of revealing Priest card ``card`` for its effect (Phase 3, or step 2 of one's turn)."""

    card: int


def priest_card_moves(state: AnyState, seat: int) -> list[tuple[str, Any]]:
    """Priest Cards, type 2: ``priest card N`` for each of the player's Priest cards with an effect (revealed and
    discarded at any time of the player's turn for its effect, Example 34)."""
    return [
        (f"priest card {c}", PlayPriestCard(c))
        for c in state.players[seat].priest_cards
        if PRIESTS[c].effect is not None
    ]


def play_priest_card(game: WorkingGame, seat: int, card_id: int) -> None:
    """Priest Cards, type 2: reveal and discard Priest card ``card_id`` of ``seat`` and queue its immediate effect (it
    scores no points at the end)."""
    card = PRIESTS[card_id]
    game.set_player(seat, priest_cards=tuple(x for x in game.player_at(seat).priest_cards if x != card_id))
    game.log_event(f"{game.name_of(seat)} reveals and discards {card} for its effect", "Priest Cards")
    queue_immediate_effects(game, [(seat, card.effect)], f"Priest card {card_id}")


def legal_reveal(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Phase 3: The Turn Order - ``reveal``, or ``keep face down`` when the player can pay the Deben it costs (one per
    card kept face down this Season, this one included), and the Priest cards that could pay for it (Example 34)."""
    seat = frame.player
    player = state.players[seat]
    out = [("reveal", True)]
    if player.deben >= face_down_price(player):
        out.append(("keep face down", False))
    return out + priest_card_moves(state, seat)


def apply_reveal(game: WorkingGame, frame: Frame, payload: Any) -> None:
    """Phase 3: reveal or keep face down (paying the Deben), then the turn order (Examples 5a, 5b, 34)."""
    seat = frame.player
    if payload.__class__ is PlayPriestCard:
        play_priest_card(game, seat, payload.card)
        return
    cards, choice = frame.cards, frame.choices
    choice = choice[:seat] + (payload,) + choice[seat + 1 :]
    game.log_event(f"{game.name_of(seat)} has decided", Rule.TURN_ORDER)
    if None in choice:
        game.replace_top(frame.but(player=choice.index(None), choices=choice))
        return
    # an observation shows the other players' chosen cards as text (Frame.seen_by): the turn order needs them
    hidden = [j for j in range(game.settings.humans) if isinstance(cards[j], str)]
    if hidden:
        raise HiddenInformationError(
            f"{game.name_of(hidden[0])}'s chosen card is hidden in this observation", rule=Rule.TURN_ORDER
        )
    game.pop()
    plays = {}
    for j, player in enumerate(game.players[: game.settings.humans]):  # ghost16: humans only
        n = cards[j]
        fd = not choice[j]
        if fd:
            price = face_down_price(player)
            pay_deben(game, j, price)
            game.log_event(f"{player.name} keeps the card face down and pays {price} Deben", Rule.TURN_ORDER)
        else:
            game.log_event(f"{player.name} reveals card {number_text(n)}", Rule.TURN_ORDER)  # gifts16: promo
        pl = from_fields(Played, {"card": CARDS[n], "face_down": fd})  # Played(CARDS[n], fd): no checks to skip
        game.set_player(j, row=player.row + (pl,), hand=without_card(player.hand, n))
        plays[player.name] = pl
    order = turn_order(plays)
    for r in order.reasons:
        game.log_event(r, Rule.TURN_ORDER)
    game.order = tuple(game.settings.players.index(x) for x in order.players)
    if game.settings.ghost is not None:  # ghost16: the Ghost always plays last (+1 Player Mode, Phase 3)
        game.order += (game.settings.ghost_seat,)
    game.phase = "turns"
    game.turn = 0
    game.schedule(AutoStep(step="turn_start"))


@direct_init
@dataclass(frozen=True)
class CardWeather:
    """One weather effect printed on the played card (``effect``: "gain_silt", "remove_sun", "remove_water" or
    "remove_any") and what it does (``what``: the sphere removed, or :data:`~.choices.GAIN_SILT`)."""

    effect: str
    what: Any


#: the colour of sphere each printed removal takes ("any": Sun or Water)
CARD_REMOVALS = {"remove_sun": "S", "remove_water": "W", "remove_any": "any"}
#: the card weather choices, made once (see choices.SPHERE_ON_RAMP)
CARD_WEATHER = {
    (effect, colour, ramp): CardWeather(effect, sphere)
    for effect in ("remove_sun", "remove_water", "remove_any")
    for (colour, ramp), sphere in SPHERE_ON_RAMP.items()
}
CARD_WEATHER_SILT = CardWeather("gain_silt", GAIN_SILT)


def legal_card_weather(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Phase 4, step 1; Weather Effects on the Cards - each effect on the card not yet used (a sphere of its colour in
    sight, or Silt while the supply has some), and ``weather done`` (they are optional)."""
    out = []
    for e in frame.effects_left:
        if e == "gain_silt":
            if state.pyramid.supply(Sphere.SILT) > 0:
                out.append(("weather gain_silt", CARD_WEATHER_SILT))
        else:
            colour = CARD_REMOVALS[e]
            out += [
                (m, CARD_WEATHER[e, sphere.colour, sphere.ramp])
                for m, sphere in sphere_removal_moves(state, colour, f"weather {e} ")
            ]
    return out + [("weather done", None)]


def apply_card_weather(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Phase 4, step 1; Weather Effects on the Cards: each printed effect once, optional (Example 15)."""
    seat = frame.player
    if choice is None:
        game.pop()
        return
    e = choice.effect
    left = list(frame.effects_left)
    left.remove(e)
    if e == "gain_silt":
        gain_silt_sphere(game, seat, "card weather effect", Rule.CARD_WEATHER)
    else:
        c, r = choice.what.colour, choice.what.ramp
        game.pyramid, events = remove_sphere(
            game.pyramid, r, SPHERE_OF[c], rule=Rule.CARD_WEATHER, readings=game.settings.weather
        )
        game.log_event(
            f"{game.name_of(seat)} uses the card's effect: " + "; ".join(ev.text for ev in events), Rule.CARD_WEATHER
        )
    if left:
        game.replace_top(frame.but(effects_left=tuple(left)))
    else:
        game.pop()


def next_card_play(state: AnyState, seat: int, card: ActionCard, *, face_down: bool = False) -> CardPlay:
    """What ``card`` would allow if ``seat`` played it next this Season (Phase 2; Glyphs, Actions, and Unrevealed
    Cards): the rules' :func:`card_play` on the row with it added, with the glyph Buildings the player owns, as the
    engine asks it when the card is played.  Raises the rules' errors for a full row."""
    player = state.players[seat]
    row = tuple(player.row) + (Played(card, face_down),)
    owned = owned_effects(player, "card play")
    return card_play(row, len(row), player.glyph, buildings=owned, readings=state.settings.glyphs)


def current_card_play(state: AnyState, seat: int) -> CardPlay:
    """What the card ``seat`` played this round allows (Glyphs, Actions, and Unrevealed Cards; Buildings D1-D5)."""
    player = state.players[seat]
    owned = owned_effects(player, "card play")
    return card_play(player.row, len(player.row), player.glyph, buildings=owned, readings=state.settings.glyphs)


def play_options(state: AnyState, seat: int) -> list[tuple[str, Any]]:
    """Glyphs, Actions, and Unrevealed Cards - the ways the seat's card can be played now (``rules.glyphs.card_play``:
    both halves with a matching glyph, one half, any action for a face-down card), less those it cannot pay for.

    Two observatories (Buildings D1-D4) that allow the same actions for the same price give the same game whichever
    is used (each only completes a glyph at the card's play), so they are one decision: the first Building's, in
    ``card_play``'s order."""
    player = state.players[seat]
    out = []
    texts = set()
    for o in current_card_play(state, seat).options:
        if o.via == "face down":
            out.append(FACE_DOWN_MOVES[o.actions])
            continue
        if o.deben and player.deben < o.deben:
            continue
        if o.resources and player.reserve.total < o.resources:
            continue
        text = f"use {o}"  # the rules' own value: the actions, their price now and what allows them
        if text in texts:  # two observatories allow the same actions at the same price: one decision (the first)
            continue
        texts.add(text)
        out.append((text, o))
    return out


#: the move of each face-down option (any one action; its Deben was paid in Phase 3)
FACE_DOWN_MOVES = {(a,): ("use " + a.value, PlayOption((a,), via="face down")) for a in Action}


def legal_play_option(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Glyphs, Actions, and Unrevealed Cards: ``use ...`` for each way the card can be played now (``play_options``)."""
    return play_options(state, frame.player)


def apply_play_option(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Glyphs, Actions, and Unrevealed Cards; Buildings D1-D5: which actions the played card allows."""
    seat = frame.player
    actions, deben, resources, via = choice.actions, choice.deben, choice.resources, choice.via
    game.pop()
    text = "+".join(a.label for a in actions)
    game.log_event(f"{game.name_of(seat)} will use: {text} ({via})", Rule.GLYPHS)
    if deben:
        pay_deben(game, seat, deben)
        game.use(seat, LIBRARY)
        game.log_event(f"{game.name_of(seat)} pays {deben} Deben to the Great Library (D5)", "Building D5")
    main = game.top
    game.replace_top(main.but(actions=tuple(actions)))
    if resources:
        game.use(seat, via.split()[-1])
        game.schedule(PayAnyResource(seat, via=via))


def legal_pay_glyph_resource(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """``pay RESOURCE`` for each kind of resource the player has, to pay a resource a way of playing the card asks for
    (``play_options``)."""
    player = state.players[frame.player]
    return [(f"pay {r.value}", r) for r in RESOURCES if player.reserve[r] > 0]


def apply_pay_glyph_resource(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Buildings D1-D4: the resource of choice paid to complete a glyph (Example 29)."""
    game.pop()
    pay_resources(game, frame.player, Stock.of([choice]))
    game.log_event(f"{game.name_of(frame.player)} pays 1 {choice.label} ({frame.via})", Rule.PERMANENT_EFFECTS)


def can_start(state: AnyState, seat: int, action: Action) -> bool:
    """Whether the action has at least one way to be carried out beyond passing."""
    player = state.players[seat]
    if action is Action.SPHINX:
        return bool(sphinx_payments(state, seat))
    if action is Action.OFFERING:
        return player.reserve.total > 0
    if action is Action.PRIEST:
        return can_place_priest(state, seat)
    if action is Action.HARVEST:
        return bool(harvestable_fields(state, seat)) or (
            bool(owned_effects(player, Action.HARVEST)) and bool(player.farmers)
        )
    return True


def start_action(game: WorkingGame, seat: int, action: Action, why: str) -> None:
    """Push the frame of one of the eight actions (Possible Actions)."""
    game.log_event(f"{game.name_of(seat)} takes the {action.label} action ({why})", "Possible Actions: " + action.label)
    if action is Action.FARMER:
        game.schedule(FarmerAction(seat, why=why))
    elif action is Action.MERCHANT:
        game.schedule(MerchantAction(seat))
    elif action is Action.BUILDER:
        game.schedule(BuilderAction(seat))
    elif action is Action.PRIEST:
        game.schedule(PriestAdvance(seat, grant=priest_grant(game, seat), tag="priest"))
    elif action is Action.HARVEST:
        game.schedule(HarvestAction(seat))
    elif action is Action.SPHINX:
        game.schedule(SphinxAction(seat))
    elif action is Action.DECORATION:
        score_action_points(game, seat, Action.DECORATION)
        game.schedule(DecorationAction(seat))
    elif action is Action.OFFERING:
        game.schedule(OfferingAction(seat))


def legal_nile_card(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Phase 4, step 3 (Select a new card): ``take N`` for each card left in the Nile."""
    return [(f"take {n}", n) for n, _ in state.nile]


def apply_nile_card(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Phase 4, step 3: take a Nile card and the resource on it (Example 6)."""
    seat = frame.player
    game.pop()
    x = dict(game.nile)[choice]
    game.nile = tuple(c for c in game.nile if c[0] != choice)
    game.set_player(seat, hand=tuple(sorted(game.player_at(seat).hand + (choice,))))
    game.log_event(
        f"{game.name_of(seat)} takes card {choice} from the Nile" + (f" and the {x.label} on it" if x else ""),
        Rule.TURNS + ", step 3",
    )
    if x is not None:
        player = game.player_at(seat)
        game.set_player(seat, reserve=player.reserve.with_count(x, player.reserve[x] + 1))


# ----------------------------------------------------------------------------------------------------------------
# The grammar of the turn's decisions and why a move is not allowed (public information only)
# ----------------------------------------------------------------------------------------------------------------
def nile_cards_to_play(state: AnyState, frame: Frame) -> list[str]:
    """Phase 2: the cards on the Nile, which are not in any hand."""
    return [f"play {number}" for number, _ in state.nile]


def why_not_play(state: AnyState, frame: Frame, move: str) -> str | None:
    """Why ``play N`` is not allowed: the card lies on the Nile, not in the player's hand (Phase 2)."""
    number = move.removeprefix("play ")
    if any(str(card) == number for card, _ in state.nile):
        return f"card {number} lies on the Nile: you play a card from your own hand"
    return None


def reveal_moves(state: AnyState, frame: Frame) -> list[str]:
    """Every move of Phase 3's grammar (``reveal``, ``keep face down``), legal now or not."""
    return ["reveal", "keep face down"]


def why_not_reveal(state: AnyState, frame: Frame, move: str) -> str | None:
    """Why ``keep face down`` is not allowed: the player cannot pay its Deben (one per card kept face down this Season,
    this one included: Phase 3)."""
    player = state.players[frame.player]
    if move == "keep face down" and player.deben < face_down_price(player):
        price = face_down_price(player)
        return f"a face-down card costs {price} Deben this time (1 per face-down card this Season), you have {player.deben}"
    return None


def action_options(state: AnyState, frame: Frame) -> list[str]:
    """Every ``use ACTION`` move (the eight actions a face-down card may take), legal now or not."""
    return [f"use {action.value}" for action in Action]


def why_not_option(state: AnyState, frame: Frame, move: str) -> str | None:
    """Glyphs, Actions, and Unrevealed Cards: a revealed card allows what its glyphs (and Buildings D1-D5) give."""
    allowed = [text for text, _ in play_options(state, frame.player)]
    if move.startswith("use ") and move not in allowed and not state.players[frame.player].row[-1].face_down:
        return f"the card you revealed allows only: {'; '.join(allowed)} (only a face-down card allows any 1 action)"
    return None


def weather_moves(state: AnyState, frame: Frame) -> list[str]:
    """The card weather frame's moves that name no sphere (``weather gain_silt``, ``weather done``), legal now or not."""
    return ["weather gain_silt", "weather done"]


def why_not_weather(state: AnyState, frame: Frame, move: str) -> str | None:
    """Weather Effects on the Cards: each effect the card shows, once; a Silt from the supply, a sphere in sight."""
    effect = move.removeprefix("weather ").split()[0] if move.startswith("weather ") else ""
    if effect not in ("gain_silt", *CARD_REMOVALS):
        return None
    if effect not in frame.effects_left:
        return f"your card shows no {effect} effect, or you have used it this turn"
    if effect == "gain_silt":
        return why_not_gain_silt(state)
    return why_not_remove_sphere(state, CARD_REMOVALS[effect], move, f"weather {effect} ")


def why_not_pay_resource(state: AnyState, frame: Frame, move: str) -> str | None:
    """Buildings D1-D4: the resource completing the glyph is one you have."""
    return why_not_resource(state, frame.player, move.removeprefix("pay "), held=True)


def hand_cards_to_take(state: AnyState, frame: Frame) -> list[str]:
    """Phase 4, step 3: the cards of the player's own hand (which are not on the Nile)."""
    return [f"take {number}" for number in state.players[frame.player].hand]


def why_not_take_card(state: AnyState, frame: Frame, move: str) -> str | None:
    """Why ``take N`` is not allowed: card N is in the player's hand, not on the Nile (Phase 4, step 3)."""
    number = move.removeprefix("take ")
    if any(str(card) == number for card in state.players[frame.player].hand):
        return f"card {number} is in your hand: you take a card from the Nile"
    return None


plays(
    ChooseCard,
    legal=legal_choose_card,
    apply=apply_choose_card,
    grammar=nile_cards_to_play,
    why_not=why_not_play,
    groups={"play": "Card to play"},
    action_card=True,
)
plays(
    RevealCard,
    legal=legal_reveal,
    apply=apply_reveal,
    grammar=reveal_moves,
    why_not=why_not_reveal,
    groups={"*": "Reveal or keep face down"},
    meanings={
        "reveal": "show your card: the turn order follows the cards' numbers (lowest first), and if its left glyph "
        "completes one you use both actions [Phase 3: The Turn Order]",
        "keep face down": "pay 1 Deben per face-down card you have this Season (this one included), play before "
        "every revealed card and use any 1 of the 8 actions [Phase 3: The Turn Order]",
    },
)
plays(
    CardWeatherEffects,
    legal=legal_card_weather,
    apply=apply_card_weather,
    grammar=weather_moves,
    why_not=why_not_weather,
    groups={"weather": "Card weather"},
)
plays(
    ChoosePlayOption,
    legal=legal_play_option,
    apply=apply_play_option,
    grammar=action_options,
    why_not=why_not_option,
    groups={"use": "Actions to use"},
)
plays(
    PayAnyResource,
    legal=legal_pay_glyph_resource,
    apply=apply_pay_glyph_resource,
    grammar=each_resource("pay "),
    why_not=why_not_pay_resource,
    groups={"pay": "Pay"},
)
plays(
    NileCard,
    legal=legal_nile_card,
    apply=apply_nile_card,
    grammar=hand_cards_to_take,
    why_not=why_not_take_card,
    groups={"take": "Take"},
    action_card=True,
)
