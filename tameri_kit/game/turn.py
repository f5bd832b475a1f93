"""Turn."""

from __future__ import annotations

from ..rules.actions import Action
from ..rules.common import RAMPS, RESOURCES, Sphere
from ..rules.effects import buy_silt, pay_to_remove, place_silt, remove_sphere
from ..rules.glyphs import LIBRARY, OBSERVATORIES, Played, card_play
from ..rules.offering import Stock
from ..rules.pyramid import RIVER_SPACES
from ..rules.turn_order import turn_order
from .actions.harvest import harvestable_fields
from .actions.priest import can_place_priest, priest_grant
from .actions.sphinx import sphinx_payments
from .catalog import CARDS, PRIESTS, Rule
from .chance import without_card
from .effects import queue_immediate_effects, sphere_removal_moves
from .frames import Frame
from .state import PlayerState
from .working import WorkingGame, gain_points, gain_silt_sphere, pay_deben, pay_resources


# --- Phase 2 and 3 ----------------------------------------------------------------------------------------------
def legal_choose_card(s, t):
    return [(f"play {n}", n) for n in s.players[t.player].hand]


def apply_choose_card(w, t, n):
    """Phase 2: each player chooses a card from their hand, face down."""
    (picks,) = t.data
    i = t.player
    picks = picks[:i] + (n,) + picks[i + 1:]
    w.ev(f"{w.name(i)} chooses a card", Rule.CHOOSING)
    w.ev(f"{w.name(i)} chooses card {n}", Rule.CHOOSING, i)
    if None in picks:
        w.replace_top(t.but(player=picks.index(None), data=(picks,)))
        return
    w.pop()
    w.phase = "reveal"
    w.schedule(Frame("reveal", 0, (picks, tuple(None for _ in picks))))


def face_down_price(p: PlayerState) -> int:
    """Phase 3: the Deben for a face-down card, this Season's face-down cards including it."""
    return sum(1 for x in p.row if x.face_down) + 1


def priest_card_moves(s, i):
    return [(f"priest card {c}", ("priest_card", c)) for c in s.players[i].priest_cards
            if PRIESTS[c].effect is not None]


def play_priest_card(w, i, c):
    card = PRIESTS[c]
    w.setp(i, priest_cards=tuple(x for x in w.P(i).priest_cards if x != c))
    w.ev(f"{w.name(i)} reveals and discards {card} for its effect", "Priest Cards")
    queue_immediate_effects(w, [(i, card.effect)], f"Priest card {c}")


def legal_reveal(s, t):
    i = t.player
    p = s.players[i]
    out = [("reveal", True)]
    if p.deben >= face_down_price(p):
        out.append(("keep face down", False))
    return out + priest_card_moves(s, i)


def apply_reveal(w, t, payload):
    """Phase 3: reveal or keep face down (paying the Deben), then the turn order (Examples 5a, 5b, 34)."""
    i = t.player
    if isinstance(payload, tuple):
        play_priest_card(w, i, payload[1])
        return
    cards, choice = t.data
    choice = choice[:i] + (payload,) + choice[i + 1:]
    w.ev(f"{w.name(i)} has decided", Rule.TURN_ORDER)
    if None in choice:
        w.replace_top(t.but(player=choice.index(None), data=(cards, choice)))
        return
    w.pop()
    plays = {}
    for j, p in enumerate(w.players):
        n = cards[j]
        fd = not choice[j]
        if fd:
            price = face_down_price(p)
            pay_deben(w, j, price)
            w.ev(f"{p.name} keeps the card face down and pays {price} Deben", Rule.TURN_ORDER)
        else:
            w.ev(f"{p.name} reveals card {n}", Rule.TURN_ORDER)
        pl = Played(CARDS[n], fd)
        w.setp(j, row=p.row + (pl,), hand=without_card(p.hand, n))
        plays[p.name] = pl
    order = turn_order(plays)
    for r in order.reasons:
        w.ev(r, Rule.TURN_ORDER)
    w.order = tuple(w.settings.players.index(x) for x in order.players)
    w.phase = "turns"
    w.turn = 0
    w.schedule(Frame("auto", -1, ("turn_start",)))


def legal_card_weather(s, t):
    (left,) = t.data
    out = []
    for e in left:
        if e == "gain_silt":
            if s.pyramid.supply(Sphere.SILT) > 0:
                out.append(("weather gain_silt", (e, None)))
        else:
            colour = {"remove_sun": "S", "remove_water": "W", "remove_any": "any"}[e]
            out += [(m, (e, x)) for m, x in sphere_removal_moves(s, colour, f"weather {e} ")]
    return out + [("weather done", None)]


def apply_card_weather(w, t, payload):
    """Phase 4, step 1; Weather Effects on the Cards: each printed effect once, optional (Example 15)."""
    i = t.player
    if payload is None:
        w.pop()
        return
    e, x = payload
    left = list(t.data[0])
    left.remove(e)
    if e == "gain_silt":
        gain_silt_sphere(w, i, "card weather effect", Rule.CARD_WEATHER)
    else:
        c, r = x
        w.pyramid, evs = remove_sphere(w.pyramid, r, Sphere(c), rule=Rule.CARD_WEATHER, readings=w.settings.weather)
        w.ev(f"{w.name(i)} uses the card's effect: " + "; ".join(ev.text for ev in evs), Rule.CARD_WEATHER)
    if left:
        w.replace_top(t.but(data=(tuple(left),)))
    else:
        w.pop()


def play_options(s, i):
    p = s.players[i]
    owned = [b for b in p.buildings if b in OBSERVATORIES or b == LIBRARY]
    cp = card_play(p.row, len(p.row), p.glyph, buildings=owned, readings=s.settings.glyphs)
    out = []
    for o in cp.options:
        if o.via == "face down":
            out.append(FACE_DOWN_MOVES[o.actions])
            continue
        if o.deben and p.deben < o.deben:
            continue
        if o.resources and p.reserve.total < o.resources:
            continue
        out.append((f"use {o}", (o.actions, o.deben, o.resources, o.via)))
    return out


#: the move of each face-down option (any one action; its Deben was paid in Phase 3)
FACE_DOWN_MOVES = {(a,): ("use " + a.value, ((a,), 0, 0, "face down")) for a in Action}


def legal_play_option(s, t):
    return play_options(s, t.player)


def apply_play_option(w, t, payload):
    """Glyphs, Actions, and Unrevealed Cards; Buildings D1-D5: which actions the played card allows."""
    i = t.player
    actions, deben, resources, via = payload
    w.pop()
    text = "+".join(a.label for a in actions)
    w.ev(f"{w.name(i)} will use: {text} ({via})", Rule.GLYPHS)
    if deben:
        pay_deben(w, i, deben)
        w.use(i, LIBRARY)
        w.ev(f"{w.name(i)} pays {deben} Deben to the Great Library (D5)", "Building D5")
    main = w.top
    w.replace_top(main.but(data=(tuple(actions),)))
    if resources:
        w.use(i, via.split()[-1])
        w.schedule(Frame("pay_any", i, (via,)))


def legal_pay_glyph_resource(s, t):
    p = s.players[t.player]
    return [(f"pay {r.value}", r) for r in RESOURCES if p.reserve[r] > 0]


def apply_pay_glyph_resource(w, t, r):
    """Buildings D1-D4: the resource of choice paid to complete a glyph (Example 29)."""
    w.pop()
    pay_resources(w, t.player, Stock.of([r]))
    w.ev(f"{w.name(t.player)} pays 1 {r.label} ({t.data[0]})", Rule.PERMANENT_EFFECTS)


def can_start(s, i: int, a: Action) -> bool:
    """Whether the action has at least one way to be carried out beyond passing."""
    p = s.players[i]
    if a is Action.SPHINX:
        return bool(sphinx_payments(s, i))
    if a is Action.OFFERING:
        return p.reserve.total > 0
    if a is Action.PRIEST:
        return can_place_priest(s, i)
    if a is Action.HARVEST:
        return bool(harvestable_fields(s, i)) or ("A1" in p.buildings and bool(p.farmers))
    return True


def legal_main_step(s, t):
    i = t.player
    p = s.players[i]
    (actions,) = t.data
    out = []
    if actions:
        a = actions[0]
        if can_start(s, i, a):
            out.append(("do " + a._value_, ("do", a)))
        out.append(("skip " + a._value_, ("skip", a)))
    # Extra Weather Effects
    if p.deben >= 1:
        out += [(m, ("extra_remove", x)) for m, x in sphere_removal_moves(s, "any", "extra remove ")]
    if p.deben >= 2 and s.pyramid.supply(Sphere.SILT) > 0:
        out.append(("extra buy silt", ("buy_silt", None)))
        out += [(f"extra buy silt {r.value}", ("buy_silt", r)) for r in RAMPS if s.pyramid.river(r) < RIVER_SPACES]
    if p.silt > 0:
        out += [(f"extra place silt {r.value}", ("place_silt", r)) for r in RAMPS if s.pyramid.river(r) < RIVER_SPACES]
    out += priest_card_moves(s, i)
    out.append(("end actions", ("end",)))
    return out


def apply_main_step(w, t, payload):
    """Phase 4, step 2: the actions in order, extra weather effects, Priest cards (Example 16)."""
    i = t.player
    kind = payload[0]
    if kind in ("do", "skip"):
        a = payload[1]
        w.replace_top(t.but(data=(t.data[0][1:],)))
        if kind == "skip":
            w.ev(f"{w.name(i)} does not use the {a.label} action", "Possible Actions (all actions are optional)")
        else:
            start_action(w, i, a, "card")
    elif kind == "extra_remove":
        c, r = payload[1]
        res = pay_to_remove(w.pyramid, w.P(i).deben, r, Sphere(c), readings=w.settings.weather)
        w.pyramid = res.pyramid
        w.setp(i, deben=res.deben)
        w.ev(f"{w.name(i)} pays 1 Deben: " + "; ".join(e.text for e in res.events), Rule.EXTRA_WEATHER)
    elif kind == "buy_silt":
        r = payload[1]
        res = buy_silt(w.pyramid, w.P(i).deben, r)
        w.pyramid = res.pyramid
        w.setp(i, deben=res.deben)
        if r is None:
            w.setp(i, silt=w.P(i).silt + 1)
        w.ev(f"{w.name(i)} pays 2 Deben: " + "; ".join(e.text for e in res.events), Rule.EXTRA_WEATHER)
    elif kind == "place_silt":
        r = payload[1]
        w.pyramid, evs = place_silt(w.pyramid, r)
        w.setp(i, silt=w.P(i).silt - 1)
        w.ev(f"{w.name(i)}: " + "; ".join(e.text for e in evs), Rule.EXTRA_WEATHER)
    elif kind == "priest_card":
        play_priest_card(w, i, payload[1])
    elif kind == "end":
        w.pop()
        if t.data[0]:
            w.ev(f"{w.name(i)} ends the actions step without " + ", ".join(a.label for a in t.data[0]), Rule.TURNS)


def start_action(w: WorkingGame, i: int, a: Action, why: str) -> None:
    """Push the frame of one of the eight actions (Possible Actions)."""
    w.ev(f"{w.name(i)} takes the {a.label} action ({why})", "Possible Actions: " + a.label)
    if a is Action.FARMER:
        w.schedule(Frame("farmer", i, ("place", (), why)))
    elif a is Action.MERCHANT:
        w.schedule(Frame("merchant", i, ("place",)))
    elif a is Action.BUILDER:
        w.schedule(Frame("builder", i, ("place", None)))
    elif a is Action.PRIEST:
        w.schedule(Frame("advance", i, (priest_grant(w, i), "priest")))
    elif a is Action.HARVEST:
        w.schedule(Frame("harvest", i, ("fields",)))
    elif a is Action.SPHINX:
        w.schedule(Frame("sphinx", i, ("pay", ())))
    elif a is Action.DECORATION:
        if "B1" in w.P(i).buildings and not w.is_used(i, "B1"):
            w.use(i, "B1")
            gain_points(w, i, 2, "B1 Stele with Hieroglyphics: Decoration action", "Building B1")
        w.schedule(Frame("decoration", i))
    elif a is Action.OFFERING:
        w.schedule(Frame("offering", i, ("choose", None)))


def legal_nile_card(s, t):
    return [(f"take {n}", n) for n, _ in s.nile]


def apply_nile_card(w, t, n):
    """Phase 4, step 3: take a Nile card and the resource on it (Example 6)."""
    i = t.player
    w.pop()
    x = dict(w.nile)[n]
    w.nile = tuple(c for c in w.nile if c[0] != n)
    w.setp(i, hand=tuple(sorted(w.P(i).hand + (n,))))
    w.ev(f"{w.name(i)} takes card {n} from the Nile" + (f" and the {x.label} on it" if x else ""), Rule.TURNS + ", step 3")
    if x is not None:
        p = w.P(i)
        w.setp(i, reserve=p.reserve.with_count(x, p.reserve[x] + 1))


