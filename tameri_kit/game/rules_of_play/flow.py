"""The flow of a game between decisions: Game Setup, Season 0 (the cards kept, the first Farmer, the first Nile),
the start of each round and of the Phase 2 choice, each turn's start and end (restoring the warehouse) and the end
of a round.

Rulebook: Game Setup; Playing the Game: Season 0 and Game Rounds; Phase 4: Individual Turns, step 4 (Restore
warehouse); Phase 5: End of the Round.
"""

from __future__ import annotations

from typing import Any

from ..._fast import remembered

from ...data.components import load_market
from ...data.temples_and_priests import load_temples
from ...rules.common import RESOURCES
from ...rules.offering import Stock
from ...rules.temple_moves import TempleState
from ...rules.turn_order import season0_order
from ..core.catalog import (
    BOARDS,
    BUILDINGS,
    CARDS,
    FIELDS,
    WAREHOUSE_LIMIT,
    PRIESTS,
    ROW,
    SEASON_DECK,
    SPHINX_SPACES,
    SUPPLY,
    WEATHER,
    Rule,
    example_board_id,
)
from ..core.frames import (
    AutoStep,
    CardWeatherEffects,
    ChooseCard,
    ChoosePlayOption,
    DrawBuilding,
    DrawCard,
    DrawSphinx,
    DrawTile,
    Frame,
    MainStep,
    NileCard,
    SeasonZeroFarmer,
    SeasonZeroPick,
    plays,
)
from .actions.farmer import field_closed
from .gift_cards import gift_deck, preparation_frames  # gifts16
from .ghost.setup import ghost_player  # ghost16
from .ghost.turn import discard_ghost_card, start_ghost_turn  # ghost16
from ..core.settings import Settings
from ..core.state import GameState, PlayerState, field_has_room, resource_supply
from ..core.working import AnyState, WorkingGame, set_silt


def start_season_zero(game: WorkingGame) -> None:
    """Season 0, step 1: the cards of deck A left after dealing are not used in this game."""
    game.phase = "season0"
    left = len(game.deck("A"))
    game.decks = tuple((d, () if d == "A" else c) for d, c in game.decks)
    if left:
        game.log_event(f"The {left} undealt cards of deck A are put away", Rule.SEASON_ZERO + ", step 1")
    n = game.settings.humans  # ghost16: the Ghost takes no part in Season 0 (+1 Player Mode, Season 0 step 3)
    game.schedule(SeasonZeroPick(0, kept=tuple(() for _ in range(n)), picks=tuple(None for _ in range(n))))


def reveal_season_zero(game: WorkingGame, kept: tuple) -> None:
    """Season 0, step 5: each player reveals the card left in the hand, the lowest number playing first
    (``rules.turn_order.season0_order``); against the Ghost alone, the solo order instead."""
    # Season 0, step 5: the card left in each hand sets the first order.
    if game.settings.ghost is not None and game.settings.humans == 1:  # ghost16: solo (Season 0 step 2)
        reveal_solo_season_zero(game, kept)
        return
    left = {}
    for player in game.players[: game.settings.humans]:  # ghost16: humans only
        left[player.name] = player.hand[0]
        game.log_event(
            f"{player.name} reveals card {player.hand[0]}, the card nobody kept", Rule.SEASON_ZERO + ", step 5"
        )
    order = season0_order(left)
    for r in order.reasons:
        game.log_event(r, Rule.SEASON_ZERO + ", step 5")
    game.order = tuple(game.settings.players.index(x) for x in order.players)
    if game.settings.ghost is not None:  # ghost16: the Ghost always plays last (+1 Player Mode, Phase 3)
        game.order += (game.settings.ghost_seat,)
    for j, k in enumerate(kept):
        game.set_player(j, hand=k)
    game.log_event(
        "The revealed cards are discarded; the 4 kept cards form each hand", Rule.SEASON_ZERO + ", steps 5 and 7"
    )
    humans = [seat for seat in game.order if seat != game.settings.ghost_seat]  # ghost16: the Ghost's are placed
    game.schedule(*[SeasonZeroFarmer(seat) for seat in humans], AutoStep(step="season_zero_nile"))


def reveal_solo_season_zero(game: WorkingGame, kept: tuple) -> None:
    """ghost16 - +1 Player Mode, Season 0 step 2: alone against the Ghost, the 2 cards not kept are discarded; the
    human plays first, the Ghost last; then the human places a Farmer in the field of their choice."""
    left = game.player_at(0).hand
    game.log_event(
        f"{game.name_of(0)} keeps 4 of the 6 cards; the other {len(left)} are discarded", Rule.GHOST_SEASON_ZERO + " 2"
    )
    game.set_player(0, hand=kept[0])
    game.order = (0, game.settings.ghost_seat)
    game.schedule(SeasonZeroFarmer(0), AutoStep(step="season_zero_nile"))


def deal_first_nile(game: WorkingGame) -> None:
    """Season 0, step 8: Season 1 starts; deck B deals the number of players + 2 cards to the Nile, the 2 lowest get
    their resource, then the first round starts."""
    n = game.settings.n
    game.season = 1
    game.schedule(
        *[DrawCard(deck="B")] * (n + 2),  # one frozen frame, drawn n + 2 times
        AutoStep(step="nile_resources", arguments=(Rule.SEASON_ZERO + ", step 8",)),
        AutoStep(step="round_start"),
    )


def put_nile_resources(game: WorkingGame, rule: str) -> None:
    """The two lowest cards in the Nile get the resource printed on them (Season 0 step 8; End of the Season 6c)."""
    low = sorted(game.nile)[:2]
    for n, _ in low:
        put_resource_on_nile_card(game, n, rule)


def put_resource_on_nile_card(game: WorkingGame, number: int, rule: str) -> None:
    """Put the resource printed at the bottom of Nile card ``number`` on it (Season 0 step 8, End of the Round step 1,
    End of the Season step 6c), citing ``rule``; nothing when the supply has none of it."""
    r = CARDS[number].resource
    if resource_supply(game, r) <= 0:
        game.log_event(f"no {r.label} is left in the supply for card {number}", rule)
        return
    game.nile = tuple((m, r if m == number and x is None else x) for m, x in game.nile)
    game.log_event(f"A {r.label} is placed on card {number} in the Nile", rule)


def start_round(game: WorkingGame) -> None:
    """Game Rounds: a new round begins with Phase 1 (a Weather tile is drawn), then Phase 2."""
    game.round += 1
    game.phase = "weather"
    game.tile = None
    game.log_event(f"Round {game.round} (Season {game.season}) begins", "Game Rounds")
    game.schedule(*ROUND_FRAMES)


#: Phases 1-2 of every round: the Weather tile drawn, then the cards chosen (frozen frames, made once: issue 34)
ROUND_FRAMES = (DrawTile(), AutoStep(step="choose_start"))


def start_choosing(game: WorkingGame) -> None:
    """Phase 2: Choosing the Actions - every human player chooses a card from the hand at the same time (the Ghost
    chooses none: +1 Player Mode, Phase 2)."""
    game.phase = "choose"
    n = game.settings.humans  # ghost16: the Ghost chooses no card (+1 Player Mode, Phase 2)
    game.schedule(ChooseCard(0, picks=tuple(None for _ in range(n))))


def start_turn(game: WorkingGame) -> None:
    """Phase 4: Individual Turns - the next player in the turn order takes the whole turn: step 1 the card's weather
    effects (a revealed card only), the way the card is played, step 2 the actions and other effects, step 3 a card from
    the Nile, step 4 the warehouse; the Ghost's turn runs itself."""
    seat = game.order[game.turn]
    if seat == game.settings.ghost_seat:  # ghost16: the Ghost's turn runs itself (+1 Player Mode, Phase 4)
        start_ghost_turn(game, seat)
        return
    game.used = ()
    player = game.player_at(seat)
    played = player.row[-1]
    game.log_event(
        f"{player.name}'s turn ({'face-down card' if played.face_down else 'card ' + played.card.label})", Rule.TURNS
    )
    frames = []
    if not played.face_down and played.card.weather:
        frames.append(CardWeatherEffects(seat, effects_left=tuple(e._value_ for e in played.card.weather)))
    game.schedule(*frames, *turn_frames(seat))


@remembered(size=None)
def turn_frames(seat: int) -> tuple[Frame, ...]:
    """Phase 4, steps 1-4 after the card's weather effects: the way the card is played, the actions, the Nile card and
    the end of the turn - the same frozen frames for every turn of ``seat``, so made once (issue 34)."""
    return (
        ChoosePlayOption(seat),
        MainStep(seat, actions=()),
        NileCard(seat),
        AutoStep(step="turn_end", arguments=(seat,)),
    )


def end_turn(game: WorkingGame, seat: int) -> None:
    """Phase 4, step 4: restore the warehouse limit of ``seat``; then the next player's turn, or Phase 5 after the last
    player (the Ghost card drawn in the turn is discarded first: reading X3)."""
    if game.ghost is not None:  # ghost16: a Ghost card drawn in another player's turn is discarded (reading X3)
        discard_ghost_card(game)
    restore_warehouse_limit(game, seat)
    game.used = ()
    game.turn += 1
    if game.turn < len(game.order):
        game.schedule(NEXT_TURN)
    else:
        game.turn = -1
        game.schedule(ROUND_END)


#: the automatic steps that start the next turn, end the round and start the next round (frozen frames, made once:
#: issue 34)
NEXT_TURN, ROUND_END, NEXT_ROUND = AutoStep(step="turn_start"), AutoStep(step="round_end"), AutoStep(step="round_start")


def restore_warehouse_limit(game: WorkingGame, seat: int) -> None:
    """Phase 4, step 4: at the end of a turn, at most 4 of each resource, 4 Deben and 4 Silt."""
    player = game.player_at(seat)
    result = player.reserve
    if (
        player.deben <= WAREHOUSE_LIMIT
        and player.silt <= WAREHOUSE_LIMIT
        and result.barley <= WAREHOUSE_LIMIT
        and result.papyrus <= WAREHOUSE_LIMIT
        and result.flax <= WAREHOUSE_LIMIT
        and result.fruit <= WAREHOUSE_LIMIT
    ):
        return  # nothing above the limit (the usual case)
    extra = []
    for r in RESOURCES:
        if result[r] > WAREHOUSE_LIMIT:
            extra.append(f"{result[r] - WAREHOUSE_LIMIT} {r.label}")
            result = result.with_count(r, WAREHOUSE_LIMIT)
    if result is not player.reserve:
        game.set_player(seat, reserve=result)
    if player.deben > WAREHOUSE_LIMIT:
        extra.append(f"{player.deben - WAREHOUSE_LIMIT} Deben")
        game.set_player(seat, deben=WAREHOUSE_LIMIT)
    if player.silt > WAREHOUSE_LIMIT:
        extra.append(f"{player.silt - WAREHOUSE_LIMIT} Silt")
        set_silt(game, seat, WAREHOUSE_LIMIT)
    if extra:
        game.log_event(
            f"{player.name} returns {', '.join(extra)} to the supply (warehouse limit of 4)", Rule.TURNS + ", step 4"
        )


def end_round(game: WorkingGame) -> None:
    """Phase 5: with 4 cards on the player boards the Season ends (End of the Season); otherwise End of the Round - step
    1, a resource on each Nile card without one; step 2, as many cards from the Season's deck as players refill the
    Nile; step 3, a new round."""
    if any(len(player.row) >= 4 for player in game.players):
        game.schedule(AutoStep(step="season_end"))
        return
    game.phase = "round_end"
    for n, x in sorted(game.nile):
        if x is None:
            put_resource_on_nile_card(game, n, Rule.ROUND_END + ", step 1")
        else:
            game.log_event(f"Card {n} already carries a {x.label}: nothing is added", Rule.ROUND_END + ", step 1")
    deck = SEASON_DECK[game.season]
    game.schedule(
        *[DrawCard(deck=deck)] * game.settings.n,  # one frozen frame, drawn once per player
        NEXT_ROUND,
    )


# ----------------------------------------------------------------------------------------------------------------
# Season 0's decisions: the card to keep and the field of the first Farmer (registered in frames.PLAYED below)
# ----------------------------------------------------------------------------------------------------------------
def legal_season_zero_pick(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Season 0, step 2: ``keep N`` for each card in the player's hand."""
    player = state.players[frame.player]
    return [(f"keep {n}", n) for n in player.hand]


def apply_season_zero_pick(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Season 0, steps 2-4: keep one card, pass the rest to the left, until 4 are kept (Example 1)."""
    kept, picks = frame.kept, frame.picks
    seat = frame.player
    picks = picks[:seat] + (choice,) + picks[seat + 1 :]
    game.log_event(f"{game.name_of(seat)} chooses a card to keep", Rule.SEASON_ZERO + ", step 2")
    game.log_event(f"{game.name_of(seat)} keeps card {choice}", Rule.SEASON_ZERO + ", step 2", seat)
    nseat = game.settings.humans  # ghost16: humans only
    if None in picks:
        game.replace_top(frame.but(player=picks.index(None), kept=kept, picks=picks))
        return
    kept = tuple(tuple(sorted(kept[j] + (picks[j],))) for j in range(nseat))
    hands = [tuple(x for x in game.player_at(j).hand if x != picks[j]) for j in range(nseat)]
    if len(kept[0]) < 4:
        # Season 0, step 3: pass to the left (the next seat) and receive from the right
        for j in range(nseat):
            game.set_player((j + 1) % nseat, hand=hands[j])
        if nseat > 1:  # ghost16: alone against the Ghost, nobody passes
            game.log_event(
                "Everyone passes the rest of their hand to the player on their left", Rule.SEASON_ZERO + ", step 3"
            )
        game.replace_top(frame.but(player=0, kept=kept, picks=tuple(None for _ in range(nseat))))
        return
    for j in range(nseat):
        game.set_player(j, hand=hands[j])
    game.pop()
    game.schedule(AutoStep(step="season_zero_reveal", arguments=(kept,)))


def legal_season_zero_farmer(state: AnyState, frame: Frame) -> list[tuple[str, Any]]:
    """Season 0, step 6: ``farmer FIELD`` for each field with an empty space where the player has no Farmer yet
    (Possible Actions: Farmer)."""
    return [
        (f"farmer {f}", f) for f in FIELDS if field_has_room(state, f) and f not in state.players[frame.player].farmers
    ]


def apply_season_zero_farmer(game: WorkingGame, frame: Frame, choice: Any) -> None:
    """Season 0, step 6: each player in the new order places a Farmer on a field with room."""
    game.pop()
    game.set_player(frame.player, farmers=tuple(sorted(game.player_at(frame.player).farmers + (choice,))))
    game.log_event(f"{game.name_of(frame.player)} places a Farmer on {choice}", Rule.SEASON_ZERO + ", step 6")


def season_zero_fields(state: AnyState, frame: Frame) -> list[str]:
    """Every field's move, legal or not (the grammar of the first Farmer's field)."""
    return [f"farmer {field}" for field in FIELDS]


def why_not_season_zero_field(state: AnyState, frame: Frame, move: str) -> str | None:
    """Season 0, step 6: a field already full, or already holding your Farmer."""
    return field_closed(state, frame.player, move.removeprefix("farmer "))


plays(
    SeasonZeroPick,
    legal=legal_season_zero_pick,
    apply=apply_season_zero_pick,
    groups={"keep": "Card to keep"},
    action_card=True,
)
plays(
    SeasonZeroFarmer,
    legal=legal_season_zero_farmer,
    apply=apply_season_zero_farmer,
    grammar=season_zero_fields,
    why_not=why_not_season_zero_field,
    groups={"farmer": "Place a Farmer"},
)


@remembered  # the same five decks for every game (tameri_kit._fast); scanning the cards was a tenth of a set-up
def starting_decks(promo: bool) -> tuple[tuple[str, tuple], ...]:
    """Game Setup: decks A-E, each the sorted numbers of its Action cards; with ``promo`` the promo cards 0 and
    infinity are shuffled into the Temple deck E (gifts16, register D1)."""
    extra = ("promo",) if promo else ()
    return tuple(
        (d, tuple(sorted(c.number for c in CARDS.values() if c.deck == d or d == "E" and c.deck in extra)))
        for d in "ABCDE"
    )


def set_up_game(settings: Settings) -> WorkingGame:
    """Game Setup: the board, the supplies and each player's pieces; the shuffles are left as chance nodes
    (Building cards 1e, Sphinx tiles 1f, dealing deck A in Season 0 step 1)."""
    n = settings.n
    players = []
    for seat, name in enumerate(settings.players[: settings.humans]):  # ghost16: the Ghost's pieces below
        building_id = example_board_id(name, seat)
        board = BOARDS[building_id]
        players.append(
            PlayerState(
                name=name,
                board=building_id,
                glyph=board.glyph,
                locked=tuple(board.unlock),
                workers=SUPPLY.workers_per_player - SUPPLY.locked_workers,
                reserve=Stock(*([SUPPLY.start_resources_each] * 4)),
                deben=SUPPLY.start_deben,
            )
        )
    if settings.ghost is not None:  # ghost16: Ghost Player steps 1-3
        players.append(ghost_player(settings, [player.board for player in players]))
    decks = starting_decks(settings.promo)
    state = GameState(
        settings=settings,
        phase="setup",
        temples=TempleState.empty(load_temples()),
        players=tuple(players),
        building_pool=tuple(sorted(BUILDINGS)),
        tiles=tuple(tile.id for tile in WEATHER.tiles),
        decks=decks,
        priest_pile=tuple(sorted(PRIESTS)),
        gift_pile=gift_deck(settings),  # gifts16
    )
    game = WorkingGame(state)
    market = load_market(n)
    game.log_event(
        f"Set-up for {n} players ({', '.join(settings.players)}): 2 Sun on each ramp, 2 Silt in each river; "
        f"Market: {market.side}; each {'human' if settings.ghost else 'player'}: 4 Workers free, 4 locked, "
        "3 Sphinxes, 2 of each resource, 1 Deben"
        + (" (the Ghost counts as a player; its pieces below)" if settings.ghost else ""),  # ghost16
        Rule.SETUP if settings.ghost is None else Rule.SETUP + "; +1 Player Mode, Human Players 1",
    )
    if settings.promo:  # gifts16
        game.log_event("The promo cards 0 and \u221e are shuffled into the Temple deck (register D1)", Rule.SETUP)
    dealt = 6 if settings.ghost is not None and settings.humans == 1 else 5  # ghost16: solo draws 6 (Season 0)
    game.schedule(
        *[DrawBuilding()] * ROW,  # (one frozen frame each, drawn again and again)
        *[DrawSphinx()] * SPHINX_SPACES,
        *([AutoStep(step="ghost_setup")] if settings.ghost is not None else []),  # ghost16
        *preparation_frames(settings),  # gifts16: Gifts of the Gods, Recommended Preparation (before Season 0)
        *[draw for seat in range(settings.humans) for draw in [DrawCard(deck="A", target="hand", seat=seat)] * dealt],
        AutoStep(step="season_zero_start"),
    )
    return game
