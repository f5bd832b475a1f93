"""Flow."""

from __future__ import annotations

from ..data.components import load_market
from ..data.temples import load_temples
from ..rules.common import RESOURCES
from ..rules.offering import Stock
from ..rules.temples import TempleState
from ..rules.turn_order import season0_order
from .catalog import (
    BOARDS,
    BUILDINGS,
    CARDS,
    FIELDS,
    LIMIT,
    PRIESTS,
    ROW,
    SEASON_DECK,
    SPHINX_SPACES,
    SUPPLY,
    WEATHER,
    Rule,
    example_board_id,
)
from .frames import Frame
from .settings import Settings
from .state import GameState, PlayerState, field_has_room, resource_supply
from .working import WorkingGame, set_silt


def start_season_zero(w: WorkingGame) -> None:
    """Season 0, step 1: the cards of deck A left after dealing are not used in this game."""
    w.phase = "season0"
    left = len(w.deck("A"))
    w.decks = tuple((d, () if d == "A" else c) for d, c in w.decks)
    if left:
        w.ev(f"The {left} undealt cards of deck A are put away", Rule.SEASON_ZERO + ", step 1")
    n = w.settings.n
    w.schedule(Frame("s0_pick", 0, (tuple(() for _ in range(n)), tuple(None for _ in range(n)))))


def reveal_season_zero(w: WorkingGame, kept: tuple) -> None:
    # Season 0, step 5: the card left in each hand sets the first order.
    left = {}
    for i, p in enumerate(w.players):
        left[p.name] = p.hand[0]
        w.ev(f"{p.name} reveals card {p.hand[0]}, the card nobody kept", Rule.SEASON_ZERO + ", step 5")
    order = season0_order(left)
    for r in order.reasons:
        w.ev(r, Rule.SEASON_ZERO + ", step 5")
    w.order = tuple(w.settings.players.index(x) for x in order.players)
    for j, k in enumerate(kept):
        w.setp(j, hand=k)
    w.ev("The revealed cards are discarded; the 4 kept cards form each hand", Rule.SEASON_ZERO + ", steps 5 and 7")
    w.schedule(*[Frame("s0_farmer", i) for i in w.order], Frame("auto", -1, ("s0_nile",)))


def deal_first_nile(w: WorkingGame) -> None:
    n = w.settings.n
    w.season = 1
    w.schedule(*[Frame("draw_card", -1, ("B", "nile", -1)) for _ in range(n + 2)],
               Frame("auto", -1, ("nile_resources", Rule.SEASON_ZERO + ", step 8")), Frame("auto", -1, ("round_start",)))


def put_nile_resources(w: WorkingGame, rule: str) -> None:
    """The two lowest cards in the Nile get the resource printed on them (Season 0 step 8; End of the Season 6c)."""
    low = sorted(w.nile)[:2]
    for n, _ in low:
        put_resource_on_nile_card(w, n, rule)


def put_resource_on_nile_card(w: WorkingGame, n: int, rule: str) -> None:
    r = CARDS[n].resource
    if resource_supply(w, r) <= 0:
        w.ev(f"no {r.label} is left in the supply for card {n}", rule)
        return
    w.nile = tuple((m, r if m == n and x is None else x) for m, x in w.nile)
    w.ev(f"A {r.label} is placed on card {n} in the Nile", rule)


def start_round(w: WorkingGame) -> None:
    w.round += 1
    w.phase = "weather"
    w.tile = None
    w.ev(f"Round {w.round} (Season {w.season}) begins", "Game Rounds")
    w.schedule(Frame("draw_tile"), Frame("auto", -1, ("choose_start",)))


def start_choosing(w: WorkingGame) -> None:
    w.phase = "choose"
    n = w.settings.n
    w.schedule(Frame("choose", 0, (tuple(None for _ in range(n)),)))


def start_turn(w: WorkingGame) -> None:
    i = w.order[w.turn]
    w.used = ()
    p = w.P(i)
    played = p.row[-1]
    w.ev(f"{p.name}'s turn ({'face-down card' if played.face_down else 'card ' + played.card.label})", Rule.TURNS)
    frames = []
    if not played.face_down and played.card.weather:
        frames.append(Frame("card_weather", i, (tuple(e._value_ for e in played.card.weather),)))
    frames += [Frame("option", i), Frame("main", i, ((),)), Frame("nile", i), Frame("auto", -1, ("turn_end", i))]
    w.schedule(*frames)


def end_turn(w: WorkingGame, i: int) -> None:
    restore_warehouse_limit(w, i)
    w.used = ()
    w.turn += 1
    if w.turn < len(w.order):
        w.schedule(Frame("auto", -1, ("turn_start",)))
    else:
        w.turn = -1
        w.schedule(Frame("auto", -1, ("round_end",)))


def restore_warehouse_limit(w: WorkingGame, i: int) -> None:
    """Phase 4, step 4: at the end of a turn, at most 4 of each resource, 4 Deben and 4 Silt."""
    p = w.P(i)
    res = p.reserve
    if (p.deben <= LIMIT and p.silt <= LIMIT and res.barley <= LIMIT and res.papyrus <= LIMIT and res.flax <= LIMIT
            and res.fruit <= LIMIT):
        return                      # nothing above the limit (the usual case)
    extra = []
    for r in RESOURCES:
        if res[r] > LIMIT:
            extra.append(f"{res[r] - LIMIT} {r.label}")
            res = res.with_count(r, LIMIT)
    if res is not p.reserve:
        w.setp(i, reserve=res)
    if p.deben > LIMIT:
        extra.append(f"{p.deben - LIMIT} Deben")
        w.setp(i, deben=LIMIT)
    if p.silt > LIMIT:
        extra.append(f"{p.silt - LIMIT} Silt")
        set_silt(w, i, LIMIT)
    if extra:
        w.ev(f"{p.name} returns {', '.join(extra)} to the supply (warehouse limit of 4)", Rule.TURNS + ", step 4")


def end_round(w: WorkingGame) -> None:
    if any(len(p.row) >= 4 for p in w.players):
        w.schedule(Frame("auto", -1, ("season_end",)))
        return
    w.phase = "round_end"
    for n, x in sorted(w.nile):
        if x is None:
            put_resource_on_nile_card(w, n, Rule.ROUND_END + ", step 1")
        else:
            w.ev(f"Card {n} already carries a {x.label}: nothing is added", Rule.ROUND_END + ", step 1")
    deck = SEASON_DECK[w.season]
    w.schedule(*[Frame("draw_card", -1, (deck, "nile", -1)) for _ in range(w.settings.n)],
               Frame("auto", -1, ("round_start",)))


# ----------------------------------------------------------------------------------------------------------------
# Decisions: one LEGAL and one APPLY function per kind of frame
# ----------------------------------------------------------------------------------------------------------------
def legal_season_zero_pick(s, t):
    p = s.players[t.player]
    return [(f"keep {n}", n) for n in p.hand]


def apply_season_zero_pick(w, t, n):
    """Season 0, steps 2-4: keep one card, pass the rest to the left, until 4 are kept (Example 1)."""
    kept, picks = t.data
    i = t.player
    picks = picks[:i] + (n,) + picks[i + 1:]
    w.ev(f"{w.name(i)} chooses a card to keep", Rule.SEASON_ZERO + ", step 2")
    w.ev(f"{w.name(i)} keeps card {n}", Rule.SEASON_ZERO + ", step 2", i)
    nseat = len(w.players)
    if None in picks:
        w.replace_top(t.but(player=picks.index(None), data=(kept, picks)))
        return
    kept = tuple(tuple(sorted(kept[j] + (picks[j],))) for j in range(nseat))
    hands = [tuple(x for x in w.P(j).hand if x != picks[j]) for j in range(nseat)]
    if len(kept[0]) < 4:
        # Season 0, step 3: pass to the left (the next seat) and receive from the right
        for j in range(nseat):
            w.setp((j + 1) % nseat, hand=hands[j])
        w.ev("Everyone passes the rest of their hand to the player on their left", Rule.SEASON_ZERO + ", step 3")
        w.replace_top(t.but(player=0, data=(kept, tuple(None for _ in range(nseat)))))
        return
    for j in range(nseat):
        w.setp(j, hand=hands[j])
    w.pop()
    w.schedule(Frame("auto", -1, ("s0_reveal", kept)))


def legal_season_zero_farmer(s, t):
    return [(f"farmer {f}", f) for f in FIELDS if field_has_room(s, f) and f not in s.players[t.player].farmers]


def apply_season_zero_farmer(w, t, f):
    """Season 0, step 6: each player in the new order places a Farmer on a field with room."""
    w.pop()
    w.setp(t.player, farmers=tuple(sorted(w.P(t.player).farmers + (f,))))
    w.ev(f"{w.name(t.player)} places a Farmer on {f}", Rule.SEASON_ZERO + ", step 6")




def set_up_game(settings: Settings) -> WorkingGame:
    """Game Setup: the board, the supplies and each player's pieces; the shuffles are left as chance nodes
    (Building cards 1e, Sphinx tiles 1f, dealing deck A in Season 0 step 1)."""
    n = settings.n
    players = []
    for seat, name in enumerate(settings.players):
        bid = example_board_id(name, seat)
        board = BOARDS[bid]
        players.append(PlayerState(name=name, board=bid, glyph=board.glyph, locked=tuple(board.unlock),
                                   workers=SUPPLY.workers_per_player - SUPPLY.locked_workers,
                                   reserve=Stock(*([SUPPLY.start_resources_each] * 4)), deben=SUPPLY.start_deben))
    decks = tuple((d, tuple(sorted(c.number for c in CARDS.values() if c.deck == d))) for d in "ABCDE")
    s = GameState(settings=settings, phase="setup", temples=TempleState.empty(load_temples()),
                  players=tuple(players), building_pool=tuple(sorted(BUILDINGS)), tiles=tuple(t.id for t in WEATHER.tiles),
                  decks=decks, priest_pile=tuple(sorted(PRIESTS)))
    w = WorkingGame(s)
    market = load_market(n)
    w.ev(f"Set-up for {n} players ({', '.join(settings.players)}): 2 Sun on each ramp, 2 Silt in each river; "
         f"Market: {market.side}; each player: 4 Workers free, 4 locked, 3 Sphinxes, 2 of each resource, 1 Deben",
         Rule.SETUP)
    w.schedule(*[Frame("draw_building") for _ in range(ROW)],
               *[Frame("draw_sphinx") for _ in range(SPHINX_SPACES)],
               *[Frame("draw_card", -1, ("A", "hand", seat)) for seat in range(n) for _ in range(5)],
               Frame("auto", -1, ("s0_start",)))
    return w


