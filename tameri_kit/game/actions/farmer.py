"""Farmer."""

from __future__ import annotations

from ...rules.common import RESOURCES, Sphere
from ...rules.effects import remove_sphere
from ...rules.offering import Stock
from ..catalog import FIELDS, Rule
from ..effects import sphere_removal_moves
from ..state import field_has_room, resource_supply, worker_sources
from ..working import gain_resource, pay_resources, take_worker


# --- Farmer -------------------------------------------------------------------------------------------------------
def legal(s, t):
    i = t.player
    p = s.players[i]
    stage, moved, _why = t.data
    out = []
    if stage == "place":
        srcs = worker_sources(s, i)
        for f in FIELDS:
            if f in p.farmers or not field_has_room(s, f):
                continue
            for suffix, src in srcs:
                out.append((f"farmer {f}{suffix}", (f, src)))
        out.append(("farmer pass", None))
        return out
    for g in p.farmers:
        if g in moved:
            continue
        for f in FIELDS:
            if f not in p.farmers and field_has_room(s, f):
                out.append((f"move {g} to {f}", ("move", g, f)))
    if "A2" in p.buildings and not s.used.count(f"{i}:A2"):
        out += [(m, ("A2", x)) for m, x in sphere_removal_moves(s, "any", "A2 remove ")]
    if "A5" in p.buildings and not s.used.count(f"{i}:A5"):
        for a in RESOURCES:
            if p.reserve[a] > 0:
                for b in RESOURCES:
                    if b != a and resource_supply(s, b) > 0:
                        out.append((f"A5 swap {a.value} for {b.value}", ("A5", a, b)))
    out.append(("farmers done", ("done",)))
    return out


def apply(w, t, payload):
    """Possible Actions: Farmer - place a Farmer, then rearrange; Buildings A2 and A5 (Example 7)."""
    i = t.player
    stage, moved, why = t.data
    if stage == "place":
        if payload is None:
            w.pop()
            w.ev(f"{w.name(i)} places no Farmer", Rule.FARMER)
            return
        f, src = payload
        take_worker(w, i, src)
        w.setp(i, farmers=tuple(sorted(w.P(i).farmers + (f,))))
        w.ev(f"{w.name(i)} places a Farmer on {f}", Rule.FARMER)
        w.replace_top(t.but(data=("arrange", (f,), why)))
        return
    kind = payload[0]
    if kind == "done":
        w.pop()
    elif kind == "move":
        _, g, f = payload
        w.setp(i, farmers=tuple(sorted([x for x in w.P(i).farmers if x != g] + [f])))
        w.ev(f"{w.name(i)} moves the Farmer from {g} to {f}", "Possible Actions: Farmer (rearranging)")
        w.replace_top(t.but(data=("arrange", moved + (f,), why)))
    elif kind == "A2":
        c, r = payload[1]
        w.use(i, "A2")
        w.pyramid, evs = remove_sphere(w.pyramid, r, Sphere(c), rule="Building A2", readings=w.settings.weather)
        w.ev(f"{w.name(i)} uses A2 (Irrigation Channels): " + "; ".join(e.text for e in evs), "Building A2")
    elif kind == "A5":
        _, a, b = payload
        w.use(i, "A5")
        pay_resources(w, i, Stock.of([a]))
        w.ev(f"{w.name(i)} uses A5 (Inn): gives 1 {a.label}", "Building A5")
        gain_resource(w, i, b, 1, "A5 Inn", "Building A5")


