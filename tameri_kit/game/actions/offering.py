"""Offering."""

from __future__ import annotations

from itertools import combinations

from ...rules.common import RESOURCES
from ...rules.offering import Offering, Payment, offer
from ..catalog import Rule
from ..payments import pay_options, stock_text, substitutes_for
from ..state import resource_supply
from ..working import gain_points


# --- Offering -----------------------------------------------------------------------------------------------------
def offering_payments(s, i, kinds):
    p = s.players[i]
    return pay_options(p.reserve, tuple(kinds), substitutes_for(s, i))


def legal(s, t):
    i = t.player
    stage, chosen = t.data
    if stage == "choose":
        out = []
        for k in range(1, 5):
            for kinds in combinations(RESOURCES, k):
                if offering_payments(s, i, kinds):
                    out.append(("offer " + ",".join(r._value_ for r in kinds), kinds))
        return out + [("offer pass", None)]
    if stage == "pay":
        ways = offering_payments(s, i, chosen)
        return [(f"pay {stock_text(st)}", (st, assign)) for st, (_, assign) in ways.items()]
    return [(f"extra {r.value}", r) for r in RESOURCES if resource_supply(s, r) > 0] + [("extra none", None)]


def apply(w, t, payload):
    """Possible Actions: Offering to the Pharaoh; Permanent Effects (C1-C5), B3 (Examples 14, 28)."""
    i = t.player
    stage, chosen = t.data
    if stage == "choose":
        if payload is None:
            w.pop()
            return
        ways = offering_payments(w, i, payload)
        if len(ways) == 1:
            (st, (_, assign)), = ways.items()
            _offer_paid(w, t, i, assign)
        else:
            w.replace_top(t.but(data=("pay", payload)))
        return
    if stage == "pay":
        _offer_paid(w, t, i, payload[1])
        return
    w.pop()
    _do_offer(w, i, chosen, payload)


def _offer_paid(w, t, i, assign):
    p = w.P(i)
    if "B3" in p.buildings and not w.is_used(i, "B3"):
        w.replace_top(t.but(data=("extra", assign)))
    else:
        w.pop()
        _do_offer(w, i, assign, None)


def _do_offer(w, i, assign, extra):
    p = w.P(i)
    o = Offering(tuple(Payment(slot, placed, eff) for slot, placed, eff in assign), extra)
    used = [u.split(":")[1] for u in w.used if u.startswith(f"{i}:")]
    res = offer(p.reserve, p.screen, o, buildings=p.buildings, used_effects=used)
    w.setp(i, reserve=res.reserve, screen=res.screen)
    for e in o.effects:
        w.use(i, e)
    w.ev(f"{p.name} {res.text}", Rule.OFFERING + " (Example 14)")
    gain_points(w, i, res.points, f"offering {o}", Rule.OFFERING)


