"""Builder."""

from __future__ import annotations

from ..catalog import BUILDINGS, ROW, Rule
from ..effects import building_instant_frames
from ..frames import Frame
from ..payments import building_cost_slots, pay_options, stock_text, substitutes_for
from ..state import worker_sources
from ..working import pay_resources, take_worker


# --- Builder ------------------------------------------------------------------------------------------------------
def _building_payments(s, i, idx):
    p = s.players[i]
    bid = s.row[idx]
    short = max(0, idx + 1 - (p.builder or 0))
    disc = "A4" if "A4" in p.buildings and f"{i}:A4" not in s.used else None
    return pay_options(p.reserve, building_cost_slots(bid, short), substitutes_for(s, i), disc)


def legal(s, t):
    i = t.player
    p = s.players[i]
    stage, card = t.data
    if stage == "place":
        out = []
        if p.builder is None:
            out += [(f"builder place{suffix}", src) for suffix, src in worker_sources(s, i, "builder")]
        elif p.builder < ROW:
            out.append(("builder advance", "advance"))
        else:
            out.append(("builder stay", "stay"))
        return out + [("builder pass", None)]
    if stage == "buy":
        out = [(f"buy {b}", k) for k, b in enumerate(s.row) if b is not None and _building_payments(s, i, k)]
        return out + [("buy nothing", None)]
    opts = _building_payments(s, i, card)
    return [(f"pay {stock_text(st)}", (st, eff)) for st, (eff, _) in opts.items()]


def apply(w, t, payload):
    """Possible Actions: Builder - place or advance, then buy with 1 Papyrus per step short (Example 9)."""
    i = t.player
    stage, card = t.data
    R = Rule.BUILDER
    if stage == "place":
        if payload is None:
            w.pop()
            return
        if payload == "advance":
            w.setp(i, builder=w.P(i).builder + 1)
            w.ev(f"{w.name(i)}'s Builder advances to space {w.P(i).builder}", R)
        elif payload == "stay":
            w.ev(f"{w.name(i)}'s Builder is on the last space and cannot advance", R)
        else:
            take_worker(w, i, payload)
            w.setp(i, builder=1)
            w.ev(f"{w.name(i)} places a Builder on the bottom space", R)
        w.replace_top(t.but(data=("buy", None)))
        return
    if stage == "buy":
        if payload is None:
            w.pop()
            return
        w.replace_top(t.but(data=("pay", payload)))
        return
    st, eff = payload
    w.pop()
    bid = w.row[card]
    short = max(0, card + 1 - w.P(i).builder)
    pay_resources(w, i, st)
    for e in eff:
        w.use(i, e)
    b = BUILDINGS[bid]
    w.ev(f"{w.name(i)} buys {bid} ({b.name}) from space {card + 1}, paying {stock_text(st)} (cost {b.cost_text}"
         + (f" + {short} Papyrus for the Builder's {short} step(s) short" if short else "")
         + (f"; using {', '.join(eff)}" if eff else "") + ")", R + " (Example 9)")
    w.setp(i, buildings=w.P(i).buildings + (bid,))
    w.row = w.row[:card] + w.row[card + 1:] + (None,)
    w.schedule(Frame("draw_building"), *building_instant_frames(w, i, bid))


