"""Turn order: who plays first this round, and why.

Rulebook: Phase 3 "The Turn Order" (Examples 5a, 5b); Season 0, step 5 (Example 1); +1 Player Mode, Phase 3
(the Ghost always plays last); the promo card 0 (Phase 3, third bullet).

The lowest number plays first.  A face-down card counts as 1, so face-down cards play before every revealed
card; among themselves they are ordered by their real numbers (revealed for a moment).  The one exception is
the promo card 0 played face up: it plays before everyone, face-down cards included.  The promo card infinity
counts as higher than every number (register entry G3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ..errors import IllegalActionError
from .action_cards import number_text
from .._fast import direct_init
from .glyphs import Played, ordinal

GHOST = "Ghost"


def order_key(played: Played) -> tuple[int, float]:
    """Sort key: revealed promo 0 first, then face-down cards by real number, then revealed cards by number."""
    n = played.card.number
    if not played.face_down and n == 0:
        return (0, n)
    return (1, n) if played.face_down else (2, n)


@direct_init
@dataclass(frozen=True)
class TurnOrder:
    """Players first to last, with one reason per player and the whole explanation."""

    players: tuple[str, ...]
    reasons: tuple[str, ...]

    @property
    def explanation(self) -> str:
        """Why the order is what it is, one reason a line (Phase 3: The Turn Order; Season 0, step 5)."""
        return "\n".join(self.reasons)

    def __str__(self) -> str:
        return ", ".join(self.players)


def _check_unique(numbers: Sequence[float], rule: str) -> None:
    seen = set()
    for n in numbers:
        if n in seen:
            raise IllegalActionError(f"two players show card {number_text(n)}", rule=rule)
        seen.add(n)


def turn_order(plays: Mapping[str, Played] | Sequence[tuple[str, Played]], *, ghost: bool = False) -> TurnOrder:
    """The order of play for a round (Phase 3), from each player's played card.

    ``ghost=True`` adds the Ghost player last (+1 Player Mode, Phase 3).
    """
    items = list(plays.items()) if isinstance(plays, (dict, Mapping)) else list(plays)  # dict first: cheaper
    _check_unique([p.card.number for _, p in items], "Phase 2: each card has a different number")
    ranked = sorted(items, key=lambda kv: order_key(kv[1]))
    n_down = sum(1 for _, p in items if p.face_down)
    zero_up = any(not p.face_down and p.card.number == 0 for _, p in items)
    players, reasons = [], []
    for i, (player, p) in enumerate(ranked, 1):
        label = p.card.label
        if not p.face_down and p.card.number == 0:
            why = "the promo card 0 plays before everyone, face-down cards included"
        elif p.face_down:
            why = "face-down cards count as 1 and play before all revealed cards"
            if n_down > 1:
                rank = sum(1 for _, q in items if q.face_down and q.card.number < p.card.number) + 1
                why += f"; among the {n_down} face-down cards, its real number {label} is the {ordinal(rank)} lowest"
            if zero_up:
                why += " (but after the promo card 0)"
        else:
            lower = [q.card.label for _, q in ranked[: i - 1] if not q.face_down and q.card.number != 0]
            why = f"revealed card {label}"
            if lower:
                why += f", higher than {', '.join(lower)}"
            elif n_down:
                why += ", the lowest revealed number, after the face-down cards"
            else:
                why += ", the lowest number"
        players.append(player)
        reasons.append(f"{player} plays {ordinal(i)}: {why}")
    if ghost:
        players.append(GHOST)
        reasons.append(f"{GHOST} plays {ordinal(len(players))}: the Ghost always plays last (+1 Player Mode, Phase 3)")
    return TurnOrder(tuple(players), tuple(reasons))


def season0_order(revealed: Mapping[str, float]) -> TurnOrder:
    """Season 0, step 5: the turn counters follow the numbers of the cards left in hand, lowest on top.

    >>> str(season0_order({"Paul": 9, "John": 10, "George": 15, "Ringo": 61}))
    'Paul, John, George, Ringo'
    """
    _check_unique(list(revealed.values()), "Phase 2: each card has a different number")
    ranked = sorted(revealed.items(), key=lambda kv: kv[1])
    reasons = []
    for i, (player, n) in enumerate(ranked, 1):
        if i == 1:
            why = f"the lowest card left in hand, {number_text(n)}; places the first Farmer"
        else:
            why = f"card {number_text(n)}, higher than {', '.join(number_text(m) for _, m in ranked[: i - 1])}"
        reasons.append(f"{player} is {ordinal(i)}: {why}")
    return TurnOrder(tuple(p for p, _ in ranked), tuple(reasons))
