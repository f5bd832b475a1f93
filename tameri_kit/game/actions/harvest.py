"""Harvest."""

from __future__ import annotations

from itertools import combinations

from ...rules.common import RESOURCES
from ...rules.fields import harvest_yield, is_productive, weather_on
from ..catalog import FIELD_OF, MAP, Rule
from ..state import resource_supply
from ..working import gain_resource


# --- Harvest ------------------------------------------------------------------------------------------------------
def harvestable_fields(s, i):
    out = []
    for f in s.players[i].farmers:
        fld = FIELD_OF[f]
        sun, water = weather_on(s.pyramid.ramp(fld.ramp), s.settings.weather)
        y = harvest_yield(s.pyramid.river(fld.ramp), MAP) if is_productive(fld.crop, sun, water) else 0
        if y:
            out.append((f, y))
    return out


def legal(s, t):
    i = t.player
    p = s.players[i]
    if t.data[0] == "fields":
        hv = harvestable_fields(s, i)
        out = []
        for k in range(1, len(hv) + 1):
            for combo in combinations(hv, k):
                out.append(("harvest " + ",".join(f for f, _ in combo), combo))
        return out + [("harvest nothing", ())]
    crops = sorted({FIELD_OF[f].crop for f in p.farmers}, key=RESOURCES.index)
    return [(f"A1 take {c.value}", c) for c in crops if resource_supply(s, c) > 0] + [("A1 pass", None)]


def apply(w, t, payload):
    """Possible Actions: Harvest; Productive Fields and Harvests; Building A1 (Example 11)."""
    i = t.player
    R = Rule.HARVEST
    if t.data[0] == "fields":
        rivers = []
        for f, y in payload:
            fld = FIELD_OF[f]
            gain_resource(w, i, fld.crop, y, f"harvest on {f}", R)
            if fld.ramp not in rivers:
                rivers.append(fld.ramp)
        for r in rivers:
            w.pyramid = w.pyramid.with_river(r, w.pyramid.river(r) - 1)
            w.ev(f"1 Silt leaves the {r.label} river after the harvest", R)
        if not payload:
            w.ev(f"{w.name(i)} harvests nothing", R)
        if "A1" in w.P(i).buildings and not w.is_used(i, "A1") and w.P(i).farmers:
            w.replace_top(t.but(data=("A1",)))
        else:
            w.pop()
        return
    w.pop()
    if payload is not None:
        w.use(i, "A1")
        gain_resource(w, i, payload, 1, "A1 Spacious Warehouses", "Building A1")


