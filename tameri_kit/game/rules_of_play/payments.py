"""Paying a cost in resources: every way a reserve can pay it, with the substitution Buildings (C1-C5) that let a
player pay one resource with another, and a Building's cost with its surcharge.

Rulebook: Building Card List (Commercial Buildings C1-C5: substitutions); Possible Actions: Builder (part 2, the
Papyrus surcharge), Priest (a different resource per step) and Offering to the Pharaoh.
"""

from __future__ import annotations

from ..._fast import from_fields, remembered
from ...rules.common import RESOURCE_OF, RESOURCES, Resource
from ...rules.offering import SWAPS, Stock
from ..core.catalog import BUILDINGS
from .game_effects import PERMANENT_EFFECTS, usable_effects
from ..core.working import AnyState

# ----------------------------------------------------------------------------------------------------------------
# Payments with the substitution Buildings (Game Effects: Permanent Effects; C1-C5; A4; B2)
# ----------------------------------------------------------------------------------------------------------------
_C5_PAIRS = tuple((a, b) for k, a in enumerate(RESOURCES) for b in RESOURCES[k:])


def pay_options(reserve: Stock, slots: tuple, subs: tuple[str, ...] = (), discount: str | None = None) -> dict:
    """Every way to pay ``slots`` (each a Resource, or None for a resource of your choice) from ``reserve``.

    ``subs``: the substitution Buildings (C1-C5) the player may still use this turn, each at most once;
    ``discount``: a Building (A4) that drops one resource of choice.  Returns ``{paid Stock: (effects, assignment)}``
    keeping, for each Stock, the way that uses the fewest effects; ``assignment`` lists (slot, placed, effect).
    (A new dict each call; the work behind it is memoised, as it depends on the arguments only.)
    """
    return dict(_memoised_pay_options(reserve, tuple(slots), tuple(subs), discount))


@remembered(size=8192)
def _memoised_pay_options(reserve: Stock, slots: tuple, subs: tuple[str, ...], discount: str | None) -> tuple:
    have0 = [reserve[r] for r in RESOURCES]
    out: dict = {}
    _pay_slots((slots, subs, discount, have0, out), 0, have0, (), ())
    return tuple(out.items())


def _pay_slots(task: tuple, slot_index: int, have: list[int], effects: tuple[str, ...], assign: tuple) -> None:
    """:func:`pay_options`' search: ``task`` is what it searches with (the slots to pay, the substitutions and the
    discount allowed, the reserve ``have0``, and ``out``, the ways found so far by the Stock paid).  Pay
    ``slots[slot_index:]`` from ``have`` (the reserve less what the slots before used), each slot with its resource,
    the discount or a substitution not yet used; each complete way goes into ``out`` (the fewest effects kept).

    A function of its own rather than one nested in the memoised one, whose call would make a function and its
    closure refer to each other: a reference cycle per call that only Python's cyclic collector frees (about 230 a
    random game; see ``_fast.settle_collector``)."""
    slots, subs, discount, have0, out = task
    if slot_index == len(slots):
        # Stock(...) from its fields: what was taken from the reserve, whole numbers of at least 0 (tameri_kit._fast)
        barley, papyrus, flax, fruit = have0[0] - have[0], have0[1] - have[1], have0[2] - have[2], have0[3] - have[3]
        paid = from_fields(Stock, {"barley": barley, "papyrus": papyrus, "flax": flax, "fruit": fruit})
        key = (len(effects), effects)
        if paid not in out or key < (len(out[paid][0]), out[paid][0]):
            out[paid] = (effects, assign)
        return
    slot = slots[slot_index]
    if discount and discount not in effects:
        _pay_slots(task, slot_index + 1, have, tuple(sorted(effects + (discount,))), assign + ((slot, (), discount),))
    kinds = RESOURCES if slot is None else (slot,)
    for r in kinds:
        j = RESOURCES.index(r)
        if have[j] > 0:
            h = list(have)
            h[j] -= 1
            _pay_slots(task, slot_index + 1, h, effects, assign + ((slot or r, (r,), None),))
    if slot is None:
        return
    for e in subs:
        if e in effects:
            continue
        opts = []
        kind = PERMANENT_EFFECTS[e].kind
        if kind == "pair substitute" and slot in SWAPS[e]:
            opts = [((next(x for x in SWAPS[e] if x != slot),))]
        elif kind == "flax substitute" and slot != Resource.FLAX:
            opts = [(Resource.FLAX,)]
        elif kind == "two for one":
            opts = list(_C5_PAIRS)
        for placed in opts:
            h = list(have)
            ok = True
            for r in placed:
                j = RESOURCES.index(r)
                h[j] -= 1
                ok = ok and h[j] >= 0
            if ok:
                _pay_slots(task, slot_index + 1, h, tuple(sorted(effects + (e,))), assign + ((slot, tuple(placed), e),))


@remembered(size=None)
def priest_payment_stock(pay: tuple) -> Stock:
    """The Stock of a Priest move's payment (one resource per paid step; at most 15 different payments)."""
    return Stock.of(pay)


def substitutes_for(state: AnyState, seat: int) -> tuple[str, ...]:
    """The substitution Buildings (C1-C5) ``seat`` may still use this turn."""
    return usable_effects(state, seat, "payment")


def stock_text(paid: Stock) -> str:
    """A payment as the moves write it (``1B 1P``), or ``nothing``."""
    return str(paid) if paid.total else "nothing"


def building_cost_slots(building_id: str, short: int) -> tuple:
    """Possible Actions: Builder, part 2 - the resources Building ``building_id`` costs, one slot each (``None`` for a
    resource of the player's choice), plus 1 Papyrus for each of the ``short`` steps the Builder has not reached
    (Example 9)."""
    b = BUILDINGS[building_id]
    slots = []
    for k in ("barley", "papyrus", "flax", "fruit", "any"):
        n = int(b.cost.get(k, 0))
        slots += [None if k == "any" else RESOURCE_OF[k]] * n
    slots += [Resource.PAPYRUS] * short
    return tuple(slots)
