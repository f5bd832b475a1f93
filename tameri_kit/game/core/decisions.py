"""Decisions and chance outcomes, with their canonical text.

A decision is ``"NAME: MOVE"`` - the player who decides, then what they do, e.g. ``"John: play 59"``,
``"John: keep face down"``, ``"John: farmer N-barley"``, ``"John: pay 1 barley, 1 flax"``.  A chance outcome is
written the same way with the name ``chance``: ``"chance: draw 59"``, ``"chance: S@N"``, ``"chance: tile 3"``.
``Decision.parse(str(d)) == d`` for every decision the engine lists.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...errors import NotationError
from ..._fast import direct_init

CHANCE = "chance"
_FORM = re.compile(r"\s*([A-Za-z][A-Za-z0-9_\-]*)\s*:\s*(\S.*?)\s*")


@direct_init
@dataclass(frozen=True, order=True)
class Decision:
    """One decision (or chance outcome): ``player`` is a name (or ``"chance"``), ``move`` the canonical words.

    ``payload`` is what the decision does, as its frame kind's typed choice (a small frozen value such as
    ``Trade(Resource.FLAX)``, read only by that kind's ``apply``); it is not part of the identity (two decisions
    with the same text are the same decision) and a parsed decision has none - :func:`step` looks the text up
    among the legal decisions.
    """

    player: str
    move: str
    payload: object = field(default=None, compare=False, repr=False, hash=False)

    def __str__(self) -> str:
        return f"{self.player}: {self.move}"

    @property
    def text(self) -> str:
        """The text form ``NAME: MOVE`` (the player's name, or ``chance``, then the move), as records and the CLI write
        it."""
        return f"{self.player}: {self.move}"

    @property
    def is_chance(self) -> bool:
        """Whether this is a chance outcome (played by ``chance``) rather than a player's decision."""
        return self.player == CHANCE

    @classmethod
    def parse(cls, text: str) -> "Decision":
        """``"John: play 59"`` -> ``Decision("John", "play 59")``; spaces are normalised."""
        if isinstance(text, Decision):
            return text
        if not isinstance(text, str):
            raise NotationError(
                repr(text)[:60], 0, f"a decision is text like 'John: play 59', not {type(text).__name__}"
            )
        m = _FORM.fullmatch(text)
        if not m:
            pos = text.find(":")
            raise NotationError(text, max(pos, 0), "a decision is written 'NAME: MOVE', e.g. 'John: play 59'")
        return cls(m.group(1), " ".join(m.group(2).split()))


def chance(move: str, payload: object = None) -> Decision:
    """A chance outcome written like a decision (``chance: draw 59``)."""
    return Decision(CHANCE, move, payload)
