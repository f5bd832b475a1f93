"""Immediate effects."""

from __future__ import annotations

from ..data.temples import Effect
from ..rules.actions import Action
from ..rules.common import RAMPS, RESOURCES, Sphere
from ..rules.effects import remove_sphere
from ..rules.fields import visible_spheres
from ..rules.offering import Stock
from ..rules.scoring import SEASON_SCORERS, building_season_points
from ..rules.temples import BUILDING_ADVANCES, effect_grant
from .catalog import BOARDS, BUILDINGS, FIELD_OF, Rule
from .frames import Frame
from .state import resource_supply, scoring_situation
from .working import WorkingGame, gain_deben, gain_points, gain_resource, gain_silt_sphere, pay_deben, pay_resources


# ----------------------------------------------------------------------------------------------------------------
# Immediate effects (Game Effects: Immediate Effects; Temple spaces; Priest cards)
# ----------------------------------------------------------------------------------------------------------------
def queue_immediate_effects(w: WorkingGame, gains: list[tuple[int, Effect]], why: str) -> None:
    w.schedule(*[Frame("effect", i, (e.kind, e.amount, e.temple, why)) for i, e in gains])


def resolve_immediate_effect(w: WorkingGame, t: Frame) -> None:
    kind, amount, temple, why = t.data
    i = t.player
    if kind == "points":
        gain_points(w, i, amount, why, Rule.IMMEDIATE_EFFECTS)
    elif kind == "deben":
        gain_deben(w, i, amount, why, Rule.IMMEDIATE_EFFECTS)
    elif kind == "silt":
        for _ in range(amount):
            gain_silt_sphere(w, i, why)
    elif kind == "resource":
        w.schedule(*[Frame("take", i, (why,)) for _ in range(amount)])
    elif kind == "unlock":
        w.schedule(*[Frame("unlock", i, (why,)) for _ in range(amount)])
    elif kind == "priest_card":
        w.schedule(*[Frame("draw_priest", -1, ("hand", i)) for _ in range(amount)])
    elif kind == "temple_card":
        w.schedule(*[Frame("draw_card", -1, ("E", "hand", i)) for _ in range(amount)])
    elif kind == "farmer":
        w.schedule(*[Frame("farmer", i, ("place", (), why)) for _ in range(amount)])
    elif kind in ("remove_sun", "remove_water", "remove_sphere"):
        colour = {"remove_sun": "S", "remove_water": "W", "remove_sphere": "any"}[kind]
        w.schedule(*[Frame("remove", i, (colour, why, Rule.IMMEDIATE_EFFECTS)) for _ in range(amount)])
    elif kind == "advance":
        w.schedule(Frame("advance", i, (effect_grant(Effect(kind, amount, temple)), "")))
    else:
        raise AssertionError(kind)


# --- Phase 4: the card's weather, the play option, the main step ----------------------------------------------
def sphere_removal_moves(s, colour: str, prefix: str):
    out = []
    for r in RAMPS:
        seen = visible_spheres(s.pyramid.ramp(r), s.settings.weather)
        for c in ("S", "W"):
            if (colour == "any" or colour == c) and c in seen:
                out.append((f"{prefix}{c} {r._value_}" if colour == "any" else f"{prefix}{r._value_}", (c, r)))
    return out


def legal_take_resource(s, t):
    out = [(f"take {r.value}", r) for r in RESOURCES if resource_supply(s, r) > 0]
    return out or [("take nothing", None)]


def apply_take_resource(w, t, r):
    """Immediate Effects: gain 1 resource of your choice (also Collect II for the other Merchants)."""
    w.pop()
    if r is not None:
        gain_resource(w, t.player, r, 1, t.data[0], Rule.IMMEDIATE_EFFECTS)


def building_instant_frames(w: WorkingGame, i: int, bid: str) -> list[Frame]:
    """Building Card List: the instant effect of a Building just bought."""
    R = f"Building {bid}"
    if bid[1] == "6":
        return [Frame("effect", i, ("points", 2, None, f"{bid} Garden"))]
    if bid[0] == "E" and bid != "E6":
        return [Frame("unlock", i, (f"{bid} {BUILDINGS[bid].name}",))]
    if bid == "F1":
        return [Frame("remove", i, ("S", "F1", R)), Frame("remove", i, ("S", "F1", R)),
                Frame("effect", i, ("silt", 1, None, "F1 Irrigation Pools"))]
    if bid == "F2":
        return [Frame("remove", i, ("W", "F2", R)), Frame("remove", i, ("W", "F2", R)),
                Frame("effect", i, ("silt", 1, None, "F2 Obelisk of the Sun"))]
    if bid == "F3":
        return [Frame("remove", i, ("S", "F3", R)), Frame("remove", i, ("W", "F3", R)),
                Frame("effect", i, ("silt", 1, None, "F3 Lighthouse"))]
    if bid == "F4":
        return [Frame("f4", i), Frame("f4", i)]
    if bid == "F5":
        return [Frame("effect", i, ("deben", 2, None, "F5 Treasury"))]
    if bid in BUILDING_ADVANCES:
        tag = "G5" if bid == "G5" else ""
        return [Frame("advance", i, (g, tag)) for g in BUILDING_ADVANCES[bid]]
    return []


def legal_remove_sphere(s, t):
    colour, why, rule = t.data
    return sphere_removal_moves(s, colour, "remove " if colour != "any" else "remove ") + [("remove pass", None)]


def apply_remove_sphere(w, t, payload):
    """Immediate Effects / Weather Effects on the Cards: remove one sphere of the given colour (optional)."""
    w.pop()
    if payload is None:
        return
    c, r = payload
    colour, why, rule = t.data
    w.pyramid, evs = remove_sphere(w.pyramid, r, Sphere(c), rule=rule, readings=w.settings.weather)
    w.ev(f"{w.name(t.player)} ({why}): " + "; ".join(e.text for e in evs), rule)


def legal_farmers_market(s, t):
    out = sphere_removal_moves(s, "any", "remove ")
    if s.pyramid.supply(Sphere.SILT) > 0:
        out.append(("gain silt", "silt"))
    return out + [("pass", None)]


def apply_farmers_market(w, t, payload):
    """Building F4 (Farmer's Market): remove a Sun or Water sphere, or gain a Silt sphere."""
    w.pop()
    i = t.player
    if payload is None:
        return
    if payload == "silt":
        gain_silt_sphere(w, i, "F4 Farmer's Market", "Building F4")
        return
    c, r = payload
    w.pyramid, evs = remove_sphere(w.pyramid, r, Sphere(c), rule="Building F4", readings=w.settings.weather)
    w.ev(f"{w.name(i)} (F4): " + "; ".join(e.text for e in evs), "Building F4")


# --- Unlock -------------------------------------------------------------------------------------------------------
def legal_unlock(s, t):
    p = s.players[t.player]
    if p.locked:
        seen = []
        for u in p.locked:
            if str(u) not in seen:
                seen.append(str(u))
        return [(f"unlock {x}", ("unlock", x)) for x in seen]
    board = BOARDS[p.board]
    return [(f"reward {u}", ("reward", str(u))) for u in board.unlock]


def apply_unlock(w, t, payload):
    """Game Setup 3b and Example 27: unlock a Worker and gain its reward, or pick a reward when none is locked."""
    w.pop()
    i = t.player
    kind, text = payload
    p = w.P(i)
    R = "Game Setup 3b; Example 27"
    if kind == "unlock":
        k = [str(u) for u in p.locked].index(text)
        u = p.locked[k]
        w.setp(i, locked=p.locked[:k] + p.locked[k + 1:], workers=p.workers + 1)
        w.ev(f"{p.name} unlocks a Worker (its reward: {u}) ({t.data[0]})", R)
    else:
        u = next(x for x in BOARDS[p.board].unlock if str(x) == text)
        w.ev(f"{p.name} has no locked Worker left and chooses the reward {u} ({t.data[0]})", R)
    if u.kind == "resource":
        w.schedule(*[Frame("take", i, ("unlock reward",)) for _ in range(u.amount)])
    else:
        queue_immediate_effects(w, [(i, Effect(u.kind, u.amount))], "unlock reward")



#: Sphinx faces: (Deben gained, Deben to pay to use it (0: nothing to pay), what follows) - Sphinx Effects and
#: sphinx.toml (faces 7A-10B are illustrative).
SPHINX_EFFECTS = {
    "1A": (1, 0, (("points", 1),)), "1B": (1, 0, (("remove", "any"), ("remove", "any"))),
    "2A": (1, 0, (("field_res",),)), "2B": (1, 0, (("action", Action.FARMER),)),
    "3A": (1, 0, (("season_points",),)), "3B": (1, 0, (("swap",),)),
    "4A": (0, 1, (("action", Action.OFFERING),)), "4B": (0, -1, ()),
    "5A": (0, 1, (("action", Action.HARVEST),)), "5B": (0, 1, (("silt",), ("points", 1))),
    "6A": (0, 1, (("action", Action.BUILDER),)), "6B": (0, 1, (("action", Action.PRIEST),)),
    "7A": (1, 0, (("silt",),)), "7B": (0, 1, (("action", Action.MERCHANT),)),
    "8A": (1, 0, (("resource",),)), "8B": (0, 1, (("action", Action.FARMER),)),
    "9A": (1, 0, (("remove", "any"),)), "9B": (0, 1, (("priest_card",),)),
    "10A": (2, 0, ()), "10B": (0, 1, (("unlock",),)),
}


def schedule_sphinx_effect(w, i, face):
    R = f"Sphinx Effects {face}"
    frames = []
    for part in SPHINX_EFFECTS[face][2]:
        k = part[0]
        if k == "points":
            frames.append(Frame("effect", i, ("points", part[1], None, f"Sphinx {face}")))
        elif k == "remove":
            frames.append(Frame("remove", i, ("any", f"Sphinx {face}", R)))
        elif k == "field_res":
            frames.append(Frame("field_res", i))
        elif k == "action":
            frames.append(Frame("auto", -1, ("start_action", i, part[1], f"Sphinx {face}")))
        elif k == "season_points":
            frames.append(Frame("season_pts", i))
        elif k == "swap":
            frames.append(Frame("swap", i))
        elif k == "silt":
            frames.append(Frame("effect", i, ("silt", 1, None, f"Sphinx {face}")))
        elif k == "resource":
            frames.append(Frame("take", i, (f"Sphinx {face}",)))
        elif k == "priest_card":
            frames.append(Frame("draw_priest", -1, ("hand", i)))
        elif k == "unlock":
            frames.append(Frame("unlock", i, (f"Sphinx {face}",)))
    w.schedule(*frames)


def run_free_sphinx_effect(w, t):
    """Sphinx faces that gain Deben run at once; the ones that cost Deben ask first."""
    face, stage = t.data
    gain, cost, _ = SPHINX_EFFECTS[face]
    if cost == 0:
        w.pop()
        if gain:
            gain_deben(w, t.player, gain, f"Sphinx {face}", f"Sphinx Effects {face}")
        schedule_sphinx_effect(w, t.player, face)
        return True
    return False


def legal_sphinx_effect(s, t):
    face = t.data[0]
    d = s.players[t.player].deben
    if face == "4B":
        out = []
        if d >= 1:
            out.append(("pay 1 deben for 3 points", (1, 3)))
        if d >= 2:
            out.append(("pay 2 deben for 5 points", (2, 5)))
        return out + [("pass", None)]
    return ([("pay 1 deben", (1, 0))] if d >= 1 else []) + [("pass", None)]


def apply_sphinx_effect(w, t, payload):
    """Sphinx Effects: the faces that cost Deben (4A-6B; 7B-10B illustrative)."""
    w.pop()
    i = t.player
    face = t.data[0]
    if payload is None:
        w.ev(f"{w.name(i)} does not use Sphinx {face}", f"Sphinx Effects {face}")
        return
    d, pts = payload
    pay_deben(w, i, d)
    w.ev(f"{w.name(i)} pays {d} Deben for Sphinx {face}", f"Sphinx Effects {face}")
    if pts:
        gain_points(w, i, pts, f"Sphinx {face}", f"Sphinx Effects {face}")
    else:
        schedule_sphinx_effect(w, i, face)


def legal_field_resource(s, t):
    p = s.players[t.player]
    crops = sorted({FIELD_OF[f].crop for f in p.farmers}, key=RESOURCES.index)
    return [(f"take {c.value}", c) for c in crops if resource_supply(s, c) > 0] + [("take nothing", None)]


def apply_field_resource(w, t, c):
    """Sphinx Effects 2A: the resource of a field holding one of your Farmers."""
    w.pop()
    if c is not None:
        gain_resource(w, t.player, c, 1, "Sphinx 2A: a field with a Farmer", "Sphinx Effects 2A")


def legal_swap_resource(s, t):
    p = s.players[t.player]
    out = []
    for a in RESOURCES:
        if p.reserve[a] > 0:
            for b in RESOURCES:
                if b != a and resource_supply(s, b) > 0:
                    out.append((f"swap {a.value} for {b.value}", (a, b)))
    return out + [("swap nothing", None)]


def apply_swap_resource(w, t, payload):
    """Sphinx Effects 3B: exchange a resource for another from the supply."""
    w.pop()
    if payload is None:
        return
    a, b = payload
    pay_resources(w, t.player, Stock.of([a]))
    w.ev(f"{w.name(t.player)} gives 1 {a.label}", "Sphinx Effects 3B")
    gain_resource(w, t.player, b, 1, "Sphinx 3B exchange", "Sphinx Effects 3B")


def legal_season_points(s, t):
    i = t.player
    p = s.players[i]
    out = []
    for b in p.buildings:
        if b not in SEASON_SCORERS:
            continue
        if b == "D4":
            out += [(f"score D4 spending {r.value}", ("D4", r)) for r in RESOURCES if p.reserve[r] > 0]
        else:
            out.append((f"score {b}", (b, None)))
    return out + [("score nothing", None)]


def apply_season_points(w, t, payload):
    """Sphinx Effects 3A: the End of Season points of one of your Buildings, at once."""
    w.pop()
    i = t.player
    if payload is None:
        return
    b, r = payload
    if b == "D4":
        pay_resources(w, i, Stock.of([r]))
        gain_points(w, i, 2, f"Sphinx 3A: D4's End of Season points, spending 1 {r.label}", "Sphinx Effects 3A")
        return
    pts, why = building_season_points(b, scoring_situation(w, i), w.season)
    gain_points(w, i, pts, f"Sphinx 3A: {why}", "Sphinx Effects 3A")


