"""End of the Season, step 1: the Priest card draft (who receives cards, who keeps what).

Rulebook: End of the Season, step 1 (and Example 18); Priest Cards (Example 34); +1 Player Mode, End of the
Season 1 (the Ghost keeps a random card).  Reading T6 (docs/ambiguities.md): with fewer cards than priests the
lowest priests in the order get none.  :mod:`tameri_kit.rules.temple_moves` re-exports every name of this module.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from .components import TEMPLES, PriestCard, Temple
from .sources import default
from ..errors import IllegalActionError
from .temple_state import DRAFT, TempleState


def draft_order(state: TempleState) -> tuple[tuple[str, Temple, int], ...]:
    """End of the Season, step 1 - who receives cards, in order: Amun top to bottom, then Ra, then Ptah."""
    return tuple((p, t, s) for t in TEMPLES for p, s in state.in_temple(t))


Policy = Callable[[str, tuple[PriestCard, ...]], PriestCard]


def keep_most_points(player: str, hand: tuple[PriestCard, ...]) -> PriestCard:
    """Default choice: the card worth the most points (ties: the lowest card number)."""
    return min(hand, key=lambda c: (-c.points, c.id))


def random_choice(rng: random.Random) -> Policy:
    """A policy that keeps a random card (the Ghost's rule: +1 Player Mode, End of the Season 1)."""
    return lambda player, hand: hand[rng.randrange(len(hand))]


@dataclass(frozen=True)
class DraftEvent:
    step: str
    text: str
    player: str
    hand: tuple[PriestCard, ...]
    kept: PriestCard

    def __str__(self) -> str:
        return f"{self.text}  [{self.step}]"


@dataclass(frozen=True)
class DraftResult:
    order: tuple[tuple[str, Temple, int], ...]
    drawn: tuple[PriestCard, ...]
    picks: tuple[tuple[str, PriestCard], ...]
    pile: tuple[PriestCard, ...]  # what is left of the draw pile
    events: tuple[DraftEvent, ...]

    def kept(self) -> dict[str, tuple[PriestCard, ...]]:
        """The Priest cards each player kept, by name, in the order of the draft (End of the Season, step 1)."""
        out: dict[str, tuple[PriestCard, ...]] = {}
        for p, c in self.picks:
            out[p] = out.get(p, ()) + (c,)
        return out

    def points_by_player(self) -> dict[str, tuple[int, ...]]:
        """Player -> the points printed on the cards kept (the form ``season_end`` takes as ``priest_draft``)."""
        return {p: tuple(c.points for c in cs) for p, cs in self.kept().items()}

    def log(self) -> str:
        """The draft's events as text, one a line."""
        return "\n".join(str(e) for e in self.events)


def shuffled_pile(rng: random.Random, cards: Sequence[PriestCard] | None = None) -> tuple[PriestCard, ...]:
    """The Priest deck shuffled with ``rng`` (top card first)."""
    if not isinstance(rng, random.Random):
        raise TypeError("shuffled_pile needs a random.Random, e.g. random.Random(7); the kit never uses the global RNG")
    pile = list(cards if cards is not None else default("priests").cards)
    rng.shuffle(pile)
    return tuple(pile)


def draft(
    state: TempleState,
    *,
    pile: Sequence[PriestCard] | None = None,
    rng: random.Random | None = None,
    picks: Sequence[int] | None = None,
    policy: Policy | Mapping[str, Policy] = keep_most_points,
) -> DraftResult:
    """End of the Season, step 1 (Example 18) - draw one card per priest in all the temples; the priests, in
    :func:`draft_order`, each keep one and pass the rest on.

    Chance is explicit: give the draw ``pile`` (top first), or an ``rng`` to shuffle the 48 cards.  Choices are
    ``picks`` (a card id per priest, in order) or a ``policy`` (one for all, or one per player).  With fewer
    cards than priests the lowest priests in the order get none (reading T6).
    """
    if (pile is None) == (rng is None):
        raise TypeError("draft needs exactly one of pile= (the cards, top first) or rng= (a seeded random.Random)")
    pile = tuple(pile) if pile is not None else shuffled_pile(rng)
    order = draft_order(state)
    n = min(len(order), len(pile))
    hand, rest = pile[:n], pile[n:]
    drawn = hand
    if picks is not None and len(picks) != n:
        raise IllegalActionError(
            f"{n} cards are drafted, one per priest, so give {n} picks, not {len(picks)}", rule=DRAFT
        )
    out, events = [], []
    for i, (player, temple, space) in enumerate(order[:n]):
        if picks is not None:
            chosen = next((c for c in hand if c.id == picks[i]), None)
            if chosen is None:
                raise IllegalActionError(
                    f"{player} (pick {i + 1}) cannot keep card {picks[i]}: the hand holds "
                    f"{', '.join(str(c.id) for c in hand)}",
                    rule=DRAFT,
                )
        else:
            pol = policy.get(player, keep_most_points) if isinstance(policy, Mapping) else policy
            chosen = pol(player, hand)
            if chosen not in hand:
                raise IllegalActionError(f"the policy for {player} chose a card not in the hand", rule=DRAFT)
        k = hand.index(chosen)
        left = hand[:k] + hand[k + 1 :]
        nxt = order[i + 1][0] if i + 1 < n else None
        verb = "draws" if i == 0 else "receives"
        tail = f"passes {len(left)} to {nxt}" if nxt and left else "no cards are left"
        events.append(
            DraftEvent(
                DRAFT,
                f"{player} ({temple.value} space {space}) {verb} {len(hand)} card(s), keeps "
                f"card {chosen.id} ({chosen.points} pt) and {tail}",
                player,
                hand,
                chosen,
            )
        )
        out.append((player, chosen))
        hand = left
    for player, temple, space in order[n:]:
        events.append(
            DraftEvent(
                DRAFT,
                f"{player} ({temple.value} space {space}) gets no card: the Priest deck ran out (reading T6)",
                player,
                (),
                None,
            )
        )  # type: ignore[arg-type]
    return DraftResult(order, drawn, tuple(out), rest, tuple(events))
