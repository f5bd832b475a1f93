"""The Offering to the Pharaoh action, and the screens that hold what each player has offered.

Rulebook: Possible Actions, "Offering to the Pharaoh" (Example 14); Game Effects, "Permanent Effects"
(substitutions, Example 28); Buildings B3 (Offering Tray) and C1-C5 (the Bazaars and the Black Market).

An offering is a value with a canonical text form that parses back::

    barley flax fruit papyrus=barley@C2      (Example 28: a Barley placed in place of a Papyrus, thanks to C2)
    barley papyrus=flax+fruit@C5 +fruit@B3   (C5: two resources placed for one; B3: one extra from the supply)

Each word is one of the *different* resources the offering counts as.  ``X=Y@Cn`` says that ``Y`` was placed
in place of ``X`` using Building ``Cn``; ``X=Y+Z@C5`` says two resources were placed for one; ``+R@B3`` is the
extra resource that the Offering Tray takes from the general supply.  What goes behind the screen is what was
physically placed (register S1): majorities count the resources themselves, not what they stood for.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping

from ..errors import IllegalActionError, NotationError, StateError
from .._fast import from_fields
from .common import RESOURCE_OF, RESOURCES, Resource, require_text, whole_number

RULE = "Possible Actions: Offering to the Pharaoh"
RULE_EFFECTS = "Game Effects: Permanent Effects"
RULE_B3 = "Buildings: B3 Offering Tray"

B, P, X, F = Resource.BARLEY, Resource.PAPYRUS, Resource.FLAX, Resource.FRUIT

#: The one-for-one swaps of the Bazaars C1-C3 (either way round).
SWAPS: dict[str, frozenset[Resource]] = {
    "C1": frozenset({B, F}),
    "C2": frozenset({B, P}),
    "C3": frozenset({P, F}),
}
SUBSTITUTIONS = ("C1", "C2", "C3", "C4", "C5")


# ----------------------------------------------------------------------------------------------------------------
# A stock of resources (a player's reserve, or what stands behind a screen)
# ----------------------------------------------------------------------------------------------------------------
_FIELDS = tuple(r.value for r in RESOURCES)


@dataclass(frozen=True)
class Stock:
    """How many of each resource.  Text form ``"2 barley, 1 fruit"`` (zeros left out; ``"nothing"`` when empty).

    >>> s = Stock.parse("2 barley, 1 fruit")
    >>> s[Resource.BARLEY], s.total, str(s.plus(Stock(flax=1)))
    (2, 3, '2 barley, 1 flax, 1 fruit')
    """

    barley: int = 0
    papyrus: int = 0
    flax: int = 0
    fruit: int = 0

    def __post_init__(self):
        for name in _FIELDS:
            v = getattr(self, name)
            if type(v) is not int or v < 0:
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise StateError(f"a stock holds a whole number (0 or more) of each resource; {name} = {v!r}")

    def __hash__(self) -> int:
        # the hash dataclass would generate (its fields' tuple), written here so that a compiled build compiles it
        # too: payments are remembered by stock (tameri_kit._fast; guard: tests/test_fast_tricks.py)
        return hash((self.barley, self.papyrus, self.flax, self.fruit))

    def __getitem__(self, r: Resource) -> int:
        # a Resource is a str enum whose text is its field name, so getattr takes it as it is
        if r.__class__ is Resource:
            return self.__dict__[r._value_]
        if r.__class__ is str and r in RESOURCE_OF:  # a resource's name, as Resource(r) would take it
            return self.__dict__[r]
        return getattr(self, Resource(r).value)

    def items(self) -> tuple[tuple[Resource, int], ...]:
        """Each resource with its count, in majority order (Barley, Papyrus, Flax, Fruit)."""
        return ((B, self.barley), (P, self.papyrus), (X, self.flax), (F, self.fruit))  # RESOURCES' order

    @property
    def total(self) -> int:
        """How many resources in all."""
        return self.barley + self.papyrus + self.flax + self.fruit

    @classmethod
    def of(cls, things: Mapping | Iterable[Resource] = ()) -> "Stock":
        """From a mapping ``{Resource: count}`` (or names) or from an iterable of resources (one per item)."""
        if isinstance(things, Stock):
            return things
        if not isinstance(things, (tuple, list)) and isinstance(things, (dict, Mapping)):  # cheap tests first
            counts = {Resource(k) if not isinstance(k, str) else Resource.parse(k): v for k, v in things.items()}
            return cls(**{r.value: int(counts.get(r, 0)) for r in RESOURCES})
        n = dict.fromkeys(_FIELDS, 0)
        for x in things:
            r = x if x.__class__ is Resource else (Resource(x) if not isinstance(x, str) else Resource.parse(x))
            n[r.value] += 1
        return _stock(n["barley"], n["papyrus"], n["flax"], n["fruit"])

    def plus(self, other: "Stock | Mapping | Iterable[Resource]") -> "Stock":
        """This stock with ``other`` (a ``Stock``, counts by resource or a list of resources) added."""
        o = other if other.__class__ is Stock else Stock.of(other)
        return _stock(self.barley + o.barley, self.papyrus + o.papyrus, self.flax + o.flax, self.fruit + o.fruit)

    def minus(self, other: "Stock | Mapping | Iterable[Resource]") -> "Stock":
        """Take ``other`` away; a :class:`StateError` if there is not enough of something."""
        o = other if other.__class__ is Stock else Stock.of(other)
        b, p, x, f = self.barley - o.barley, self.papyrus - o.papyrus, self.flax - o.flax, self.fruit - o.fruit
        if b < 0 or p < 0 or x < 0 or f < 0:
            short = [f"{o[r] - self[r]} {r.value}" for r in RESOURCES if o[r] > self[r]]
            raise StateError(f"not enough resources: {', '.join(short)} short (have {self})")
        return _stock(b, p, x, f)

    def covers(self, other) -> bool:
        """Whether this stock holds at least every resource of ``other`` (enough to pay it)."""
        o = other if other.__class__ is Stock else Stock.of(other)
        return self.barley >= o.barley and self.papyrus >= o.papyrus and self.flax >= o.flax and self.fruit >= o.fruit

    def with_count(self, r: Resource, n: int) -> "Stock":
        """This stock with ``n`` of resource ``r``; a count that is not a whole number of at least 0 raises as the
        constructor does."""
        if type(n) is not int or n < 0 or r.__class__ is not Resource:
            return Stock(**{x.value: (n if x == r else self[x]) for x in RESOURCES})  # checks n, and r's name
        d = dict(self.__dict__)
        d[r._value_] = n
        return from_fields(Stock, d)

    def without(self, r: Resource) -> "Stock":
        """The same stock with none of ``r`` (what a majority scorer does, End of the Season step 4c)."""
        return self.with_count(r, 0)

    def __str__(self) -> str:
        parts = [f"{n} {r.value}" for r, n in self.items() if n]
        return ", ".join(parts) if parts else "nothing"

    @classmethod
    def parse(cls, text: str) -> "Stock":
        """A stock from its text form (``2 barley, 1 fruit``, or ``nothing``); malformed text raises ``NotationError``
        pointing at the place."""
        t = require_text(text, "Stock.parse").strip()
        if t.lower() in ("", "nothing"):
            return cls()
        counts: Counter = Counter()
        pos = 0
        for part in text.split(","):
            m = re.fullmatch(r"\s*([0-9]+)\s+([A-Za-z]+)\s*", part)
            if not m:
                raise NotationError(
                    text, pos + len(part) - len(part.lstrip()), "a stock is written like '2 barley, 1 fruit'"
                )
            try:
                r = Resource.parse(m.group(2))
            except ValueError as e:
                raise NotationError(text, pos + m.start(2), str(e)) from None
            counts[r] += whole_number(text, pos + m.start(1), pos + m.end(1), "a count")
            pos += len(part) + 1
        return cls.of(counts)


def _stock(barley: int, papyrus: int, flax: int, fruit: int) -> Stock:
    """A :class:`Stock` from counts already known to be whole numbers >= 0 (skips the checks)."""
    return from_fields(Stock, {"barley": barley, "papyrus": papyrus, "flax": flax, "fruit": fruit})


# ----------------------------------------------------------------------------------------------------------------
# An offering
# ----------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Payment:
    """One of the different resources an offering counts as, and what was physically placed for it."""

    counts_as: Resource
    placed: tuple[Resource, ...]
    effect: str | None = None  # None, or the Building (C1-C5) whose substitution was used

    def __str__(self) -> str:
        if self.effect is None and self.placed == (self.counts_as,):
            return self.counts_as.value
        tail = f"@{self.effect}" if self.effect else ""
        return f"{self.counts_as.value}={'+'.join(r.value for r in self.placed)}{tail}"

    def check(self) -> None:
        """The substitution rules of Buildings C1-C5 (Game Effects: Permanent Effects)."""
        e, want, got = self.effect, self.counts_as, self.placed
        if e is None:
            if got != (want,):
                raise IllegalActionError(
                    f"placing {'+'.join(r.value for r in got)} as {want.value} needs a substitution Building (C1-C5)",
                    rule=RULE_EFFECTS,
                )
            return
        if e not in SUBSTITUTIONS:
            raise IllegalActionError(f"{e} gives no substitution; only C1-C5 do", rule=RULE_EFFECTS)
        if e == "C5":
            if len(got) != 2:
                raise IllegalActionError("C5 (Black Market) places exactly 2 resources for 1", rule="Buildings: C5")
            return
        if len(got) != 1:
            raise IllegalActionError(f"{e} swaps one resource for one", rule=f"Buildings: {e}")
        (r,) = got
        if r == want:
            raise IllegalActionError(f"{e} is not needed to place {want.value} as itself", rule=f"Buildings: {e}")
        if e == "C4":
            if r != X:
                raise IllegalActionError(
                    f"C4 (Bazaar with Textiles) only lets Flax stand in for another resource, not {r.value}",
                    rule="Buildings: C4",
                )
            return
        if {r, want} != SWAPS[e]:
            pair = " and ".join(x.value for x in RESOURCES if x in SWAPS[e])
            raise IllegalActionError(f"{e} only swaps {pair}, not {r.value} for {want.value}", rule=f"Buildings: {e}")


@dataclass(frozen=True)
class Offering:
    """The Offering to the Pharaoh: 1 to 4 different resources (plus substitutions and the B3 extra).

    >>> o = Offering.parse("papyrus=barley@C2 fruit barley flax")
    >>> str(o), o.points, str(o.placed)
    ('barley papyrus=barley@C2 flax fruit', 5, '2 barley, 1 flax, 1 fruit')
    """

    payments: tuple[Payment, ...]
    extra: Resource | None = None  # the B3 resource from the general supply

    def __post_init__(self):
        pays = tuple(sorted(self.payments, key=lambda p: RESOURCES.index(p.counts_as)))
        object.__setattr__(self, "payments", pays)
        if not pays:
            raise IllegalActionError(
                "an offering must hide at least 1 resource: offering nothing for 1 point is not allowed", rule=RULE
            )
        if len(pays) > 4:
            raise IllegalActionError(f"an offering counts as at most 4 different resources, not {len(pays)}", rule=RULE)
        kinds = [p.counts_as for p in pays]
        dup = sorted({r.value for r in kinds if kinds.count(r) > 1})
        if dup:
            raise IllegalActionError(
                f"the resources of an offering must all be different; {', '.join(dup)} "
                "appears twice (a substitution Building can place a duplicate in place of "
                "another kind, see Example 28)",
                rule=RULE,
            )
        effects = [p.effect for p in pays if p.effect]
        twice = sorted({e for e in effects if effects.count(e) > 1})
        if twice:
            raise IllegalActionError(
                f"each permanent effect works once per turn; {', '.join(twice)} is used twice", rule=RULE_EFFECTS
            )
        for p in pays:
            p.check()

    @classmethod
    def of(cls, *resources: Resource | str, extra: Resource | str | None = None) -> "Offering":
        """A plain offering: ``Offering.of("barley", "fruit", "papyrus")`` (Example 14)."""
        rs = [Resource.parse(r) if isinstance(r, str) else Resource(r) for r in resources]
        ex = Resource.parse(extra) if isinstance(extra, str) else extra
        return cls(tuple(Payment(r, (r,)) for r in rs), ex)

    @property
    def counts_as(self) -> tuple[Resource, ...]:
        """The different resources the offering counts as, one per payment (Offering to the Pharaoh: 1 to 4 of them)."""
        return tuple(p.counts_as for p in self.payments)

    @property
    def points(self) -> int:
        """Victory Points scored at once: the number of different resources it counts as, plus 1."""
        return len(self.payments) + 1

    @property
    def from_reserve(self) -> Stock:
        """What the player pays out of their own reserve (everything placed except the B3 extra)."""
        return Stock.of([r for p in self.payments for r in p.placed])

    @property
    def placed(self) -> Stock:
        """Everything that goes behind the screen (including the B3 extra)."""
        return self.from_reserve.plus([self.extra] if self.extra else [])

    @property
    def effects(self) -> frozenset[str]:
        """The Buildings whose permanent effects the offering uses (C1-C5 substitutions, B3's extra resource)."""
        used = {p.effect for p in self.payments if p.effect}
        return frozenset(used | ({"B3"} if self.extra else set()))

    def __str__(self) -> str:
        words = [str(p) for p in self.payments]
        if self.extra:
            words.append(f"+{self.extra.value}@B3")
        return " ".join(words)

    def describe(self) -> str:
        """The offering in words: what is hidden for each resource it counts as, the points it scores (one more than the
        resources counted, Example 14) and B3's extra resource."""
        parts = []
        for p in self.payments:
            if p.effect:
                parts.append(f"{' and '.join(r.label for r in p.placed)} in place of {p.counts_as.label} ({p.effect})")
            else:
                parts.append(p.counts_as.label)
        text = f"hides {', '.join(parts)}: {len(self.payments)} different, so {self.points} points"
        if self.extra:
            text += f"; B3 adds 1 {self.extra.label} from the supply (no points now, counts for majorities)"
        return text

    @classmethod
    def parse(cls, text: str) -> "Offering":
        """An offering from its text form (``barley papyrus=barley@C2 +fruit@B3``); malformed text raises
        ``NotationError`` pointing at the word."""
        pays: list[Payment] = []
        extra = None
        for m in re.finditer(r"\S+", require_text(text, "Offering.parse")):
            word, at = m.group(), m.start()
            w = re.fullmatch(r"(\+)?([A-Za-z]+)(?:=([A-Za-z]+(?:\+[A-Za-z]+)*))?(?:@([A-Za-z]\d))?", word)
            if not w:
                raise NotationError(
                    text,
                    at,
                    "write each resource as 'barley', 'papyrus=barley@C2', 'fruit=flax+papyrus@C5' or '+barley@B3'",
                )

            def res(group: int) -> Resource:
                try:
                    return Resource.parse(w.group(group))
                except ValueError as e:
                    raise NotationError(text, at + w.start(group), str(e)) from None

            effect = w.group(4).upper() if w.group(4) else None
            if w.group(1):
                if w.group(3) or effect != "B3":
                    raise NotationError(text, at, "an extra resource is written '+barley@B3' (B3 Offering Tray)")
                if extra is not None:
                    raise NotationError(text, at, "B3 adds only one extra resource")
                extra = res(2)
                continue
            want = res(2)
            if w.group(3):
                placed = []
                off = at + w.start(3)
                for name in w.group(3).split("+"):
                    try:
                        placed.append(Resource.parse(name))
                    except ValueError as e:
                        raise NotationError(text, off, str(e)) from None
                    off += len(name) + 1
                placed = tuple(placed)
            else:
                placed = (want,)
            if effect == "B3":
                raise NotationError(text, at + w.start(4), "B3 only adds an extra resource: write '+barley@B3'")
            if effect and effect not in SUBSTITUTIONS:
                raise NotationError(text, at + w.start(4), f"{effect} is not a substitution Building (C1-C5)")
            pays.append(Payment(want, placed, effect))
        return cls(tuple(pays), extra)


@dataclass(frozen=True)
class OfferResult:
    offering: Offering
    points: int
    reserve: Stock  # the player's reserve after paying
    screen: Stock  # behind the screen after the offering
    used_effects: frozenset[str]  # the permanent effects used this turn, including this offering's
    text: str


def offer(
    reserve: Stock,
    screen: Stock,
    offering: Offering | str,
    *,
    buildings: Iterable[str] = (),
    used_effects: Iterable[str] = (),
) -> OfferResult:
    """Possible Actions: Offering to the Pharaoh - hide the offering behind the screen and score it.

    ``buildings`` are the Building ids the player owns (a substitution or the B3 extra needs its Building);
    ``used_effects`` are the permanent effects already used this turn (each works once per turn).  Nothing is
    changed when the offering is not allowed: an :class:`IllegalActionError` or :class:`StateError` is raised.

    >>> r = offer(Stock(barley=1, papyrus=1, fruit=2), Stock(flax=1), "barley fruit papyrus")   # Example 14
    >>> r.points, str(r.reserve), str(r.screen)
    (4, '1 fruit', '1 barley, 1 papyrus, 1 flax, 1 fruit')
    """
    o = Offering.parse(offering) if isinstance(offering, str) else offering
    owned = {b.strip().upper() for b in buildings}
    used = {e.strip().upper() for e in used_effects}
    for e in sorted(o.effects):
        rule = RULE_B3 if e == "B3" else f"Buildings: {e}"
        if e not in owned:
            raise IllegalActionError(f"using {e} needs the Building {e}, which this player does not own", rule=rule)
        if e in used:
            raise IllegalActionError(
                f"{e} has already been used this turn (each permanent effect works once per turn)", rule=RULE_EFFECTS
            )
    need = o.from_reserve
    if not Stock.of(reserve).covers(need):
        short = [f"{need[r] - reserve[r]} {r.value}" for r in RESOURCES if need[r] > reserve[r]]
        raise StateError(f"the offering needs {need} from the reserve, which holds {reserve}: {', '.join(short)} short")
    return OfferResult(
        o,
        o.points,
        reserve.minus(need),
        Stock.of(screen).plus(o.placed),
        frozenset(used | set(o.effects)),
        o.describe(),
    )
