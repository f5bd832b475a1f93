"""Merchant."""

from __future__ import annotations

from ...rules.common import RESOURCES
from ...rules.offering import Stock
from ..catalog import Rule, market_layout
from ..frames import Frame
from ..payments import stock_text
from ..state import worker_sources
from ..working import gain_points, gain_resource, pay_resources, take_worker


# --- Merchant -----------------------------------------------------------------------------------------------------
def legal(s, t):
    i = t.player
    p = s.players[i]
    stage = t.data[0]
    m = market_layout(s)
    taken = {q.merchant for j, q in enumerate(s.players) if j != i and q.merchant is not None}
    out = []
    if stage == "place":
        empty = [k for k in range(m.spaces) if k not in taken and k != p.merchant]
        if p.merchant is None:
            for suffix, src in worker_sources(s, i, "merchant"):
                out += [(f"merchant space {k + 1}{suffix}", (k, src)) for k in empty]
        else:
            out.append(("merchant stay", (p.merchant, "stay")))
            out += [(f"merchant space {k + 1}", (k, "move")) for k in empty]
        out.append(("merchant pass", None))
        return out
    out = [(f"trade {r.value}", ("trade", r)) for r in RESOURCES if p.reserve[r] > 0]
    out.append(("collect", ("collect",)))
    return out


def apply(w, t, payload):
    """Possible Actions: Merchant - place or keep the Merchant, then Trade or Collect (Examples 8a, 8b)."""
    i = t.player
    stage = t.data[0]
    m = market_layout(w)
    R = Rule.MERCHANT
    if stage == "place":
        if payload is None:
            w.pop()
            return
        k, src = payload
        if src not in ("stay", "move"):
            take_worker(w, i, src)
        if src != "stay":
            w.setp(i, merchant=k)
            a, b = m.beside(k)
            w.ev(f"{w.name(i)}'s Merchant stands on Market space {k + 1} (between {a.label} and {b.label})", R)
        w.replace_top(t.but(data=("effect",)))
        return
    w.pop()
    if "A3" in w.P(i).buildings and not w.is_used(i, "A3"):
        w.use(i, "A3")
        gain_points(w, i, 2, "A3 Caravan Station: Merchant action", "Building A3")
    if payload[0] == "trade":
        r = payload[1]
        pay_resources(w, i, Stock.of([r]))
        w.market = w.market.plus([r])
        w.ev(f"{w.name(i)} trades: puts 1 {r.label} in the Market warehouse", R + " (Trade I)")
        k = w.P(i).merchant
        n = m.spaces
        stalls = ((k, m.stalls[k % n]), ((k + 1) % n, m.stalls[(k + 1) % n]))
        for _, res in stalls:
            gain_resource(w, i, res, 1, "stall", R + " (Trade II)")
        for j, q in enumerate(w.players):
            if j == i or q.merchant is None:
                continue
            if q.merchant == (k - 1) % n:
                gain_resource(w, j, stalls[0][1], 1, f"its Merchant is next to the {stalls[0][1].label} stall", R + " (Trade III)")
            if q.merchant == (k + 1) % n:
                gain_resource(w, j, stalls[1][1], 1, f"its Merchant is next to the {stalls[1][1].label} stall", R + " (Trade III)")
    else:
        got = w.market
        w.market = Stock()
        p = w.P(i)
        w.setp(i, reserve=p.reserve.plus(got))
        w.ev(f"{p.name} collects the Market warehouse: {stock_text(got)}", R + " (Collect I)")
        n = len(w.players)
        others = [(i + d) % n for d in range(1, n) if w.P((i + d) % n).merchant is not None]
        w.schedule(*[Frame("take", j, ("Collect: another player's Merchant is in play",)) for j in others])


