"""Decoration."""

from __future__ import annotations

from ..catalog import Rule
from ..frames import Frame


def legal(s, t):
    return [(f"decorate {f}", f) for f in sorted(s.sphinx, key=lambda x: (int(x[:-1]), x[-1]))] + \
           [("decorate pass", None)]


def apply(w, t, face):
    """Possible Actions: Decoration - any Sphinx space's effect, no Fruit (Example 13); B1."""
    w.pop()
    if face is None:
        return
    w.ev(f"{w.name(t.player)} activates the Sphinx effect {face} (Decoration, no Fruit paid)",
         Rule.DECORATION + " (Example 13)")
    w.schedule(Frame("sfx", t.player, (face, "start")))

