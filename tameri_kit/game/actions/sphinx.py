"""Sphinx."""

from __future__ import annotations

from ...rules.common import Resource
from ...rules.offering import Stock
from ..catalog import SPHINX_SPACES, SUPPLY, Rule
from ..frames import Frame
from ..payments import pay_options, stock_text, substitutes_for
from ..working import gain_points, pay_resources


# --- Sphinx and Decoration ----------------------------------------------------------------------------------------
def sphinx_payments(s, i):
    p = s.players[i]
    out = [(f"pay {stock_text(st)}", (st, eff)) for st, (eff, _) in
           pay_options(p.reserve, (Resource.FRUIT,), substitutes_for(s, i)).items()]
    if "B5" in p.buildings and f"{i}:B5" not in s.used:
        out.append(("pay nothing (B5)", (Stock(), ("B5",))))
    return out


def legal(s, t):
    i = t.player
    stage, done = t.data
    if stage == "pay":
        return sphinx_payments(s, i)
    if stage == "place":
        return [(f"sphinx space {k + 1}", k) for k in range(SPHINX_SPACES) if s.sphinx_owner[k] is None]
    mine = [k for k in range(SPHINX_SPACES) if s.sphinx_owner[k] == i and k not in done]
    return [(f"activate {s.sphinx[k]}", k) for k in mine] + [("activate done", None)]


def apply(w, t, payload):
    """Possible Actions: Sphinx - pay a Fruit (B5), build a Sphinx, activate yours (Example 12); B4."""
    i = t.player
    stage, done = t.data
    R = Rule.SPHINX
    if stage == "pay":
        st, eff = payload
        pay_resources(w, i, st)
        for e in eff:
            w.use(i, e)
        w.ev(f"{w.name(i)} pays {stock_text(st)} for the Sphinx action" + (f" (using {', '.join(eff)})" if eff else ""), R)
        if "B4" in w.P(i).buildings and not w.is_used(i, "B4"):
            w.use(i, "B4")
            gain_points(w, i, 2, "B4 Great Sphinx: Sphinx action", "Building B4")
        if w.P(i).sphinxes < SUPPLY.sphinxes_per_player and None in w.sphinx_owner:
            w.replace_top(t.but(data=("place", done)))
        else:
            w.replace_top(t.but(data=("activate", done)))
        return
    if stage == "place":
        k = payload
        w.sphinx_owner = w.sphinx_owner[:k] + (i,) + w.sphinx_owner[k + 1:]
        w.setp(i, sphinxes=w.P(i).sphinxes + 1)
        w.ev(f"{w.name(i)} builds a Sphinx on space {k + 1} ({w.sphinx[k]})", R + " (Example 12)")
        w.replace_top(t.but(data=("activate", done)))
        return
    if payload is None:
        w.pop()
        return
    w.replace_top(t.but(data=("activate", done + (payload,))))
    w.schedule(Frame("sfx", i, (w.sphinx[payload], "start")))


