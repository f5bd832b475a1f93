"""Priest."""

from __future__ import annotations

from dataclasses import replace

from ...data.temples import TEMPLES
from ...rules.common import RESOURCES
from ...rules.temples import apply as temple_apply
from ...rules.temples import is_blocked
from ...rules.temples import free_advance, legal_moves, priest_action
from ..catalog import Rule
from ..effects import queue_immediate_effects
from ..payments import pay_options, priest_payment_stock, stock_text, substitutes_for
from ..state import free_workers, worker_sources
from ..working import pay_resources, take_worker


# --- Priest and free advances -------------------------------------------------------------------------------------
def priest_grant(s, i):
    p = s.players[i]
    b2 = "B2" in p.buildings and f"{i}:B2" not in s.used
    return priest_action(great_altar=b2, have=[r for r in RESOURCES if p.reserve[r] > 0])


def priest_moves(s, i, grant):
    """Possible Actions: Priest - the moves of :func:`rules.temples.legal_moves`, each with where the Worker comes
    from (entering a temple) and, with substitution Buildings, how the steps are paid (reading E9)."""
    p = s.players[i]
    out = []
    free = free_workers(s, i) > 0
    subs = substitutes_for(s, i) if grant.kind != "free" else ()
    if subs:
        grant = replace(grant, have=None)
    for m in legal_moves(s.temples, p.name, grant, s.settings.temples):
        body = str(m)[len(p.name) + 1:]
        plain = priest_payment_stock(m.pay)
        if not subs or not m.pay:
            ways = [(plain, ())]
        else:
            ways = sorted(pay_options(p.reserve, m.pay, subs).items(), key=lambda kv: (kv[0] != plain, str(kv[0])))
            ways = [(st, eff) for st, (eff, _) in ways]
        for st, eff in ways:
            paying = "" if st is plain or st == plain else f" paying {stock_text(st)}"
            if m.enter and not free:
                for suffix, src in worker_sources(s, i):
                    out.append((f"{body}{paying}{suffix}", (m, src, st, eff)))
            else:
                out.append((f"{body}{paying}", (m, "free", st, eff)))
    return out


def can_place_priest(s, i) -> bool:
    """Whether some Priest move exists.  A 1-step move is legal whenever any move is (a longer one needs more
    resources and more room), and one step costs one resource of any kind (or nothing with B2)."""
    p = s.players[i]
    if p.reserve.total == 0 and not ("B2" in p.buildings and f"{i}:B2" not in s.used):
        return False
    movable = free_workers(s, i) > 0 or bool(worker_sources(s, i))
    for t in TEMPLES:
        here = s.temples.space_of(p.name, t)
        if here is None and not movable:
            continue
        if not is_blocked(s.temples, t, (here or 0) + 1):
            return True
    return False


def legal(s, t):
    grant, tag = t.data
    prefix = "priest " if tag == "priest" else "advance "
    out = [(prefix + m, x) for m, x in priest_moves(s, t.player, grant)]
    return out + [(prefix + "pass", None)]


def apply(w, t, payload):
    """Possible Actions: Priest; Immediate Effects (advance in a Temple); Buildings G1-G5 (Example 10)."""
    w.pop()
    i = t.player
    grant, tag = t.data
    if payload is None:
        return
    m, src, st, eff = payload
    take_worker(w, i, src)
    if st.total:
        pay_resources(w, i, st)
    for e in eff:
        w.use(i, e)
        w.ev(f"{w.name(i)} pays {stock_text(st)} using {e}", Rule.PERMANENT_EFFECTS)
    if grant.great_altar and len(m.pay) < max(0, m.steps - grant.free_steps):
        w.use(i, "B2")
    # the payment was checked above (with substitutions, reading E9): the temple rules judge the move itself
    res = temple_apply(w.temples, m, replace(grant, have=None) if grant.have is not None else grant,
                       w.settings.temples)
    w.temples = res.end
    for e in res.events:
        if e.kind in ("pay", "enter", "land", "push", "pass") or e.kind == "start":
            w.ev(e.text, e.step)
    gains = [(w.settings.players.index(g.player), g.effect) for g in res.gains]
    for g in res.gains:
        w.ev(str(g), "Possible Actions: Priest (effects of the spaces)")
    if tag == "G5" and w.stack and w.top.kind == "advance" and w.top.data[1] == "G5":
        rest = tuple(x for x in TEMPLES if x != m.temple)
        w.replace_top(w.top.but(data=(free_advance(1, rest, name="Building G5 (Temple of Isis): a second, different "
                                                           "temple", rule="Building G5"), "G5b")))
    queue_immediate_effects(w, gains, f"{m.temple.value} space")


