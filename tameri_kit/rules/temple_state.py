"""The Temples' values: where the priests stand, a Priest move and what allows it, with their text notation.

Rulebook: Possible Actions: Priest (and Example 10); Builder, Example 9 (Building G3's free advance); Game
Effects: Immediate Effects ("Advance in the indicated Temple", Priest card, Temple card, unlock); Building Card
List: B2 (Great Altar) and G1-G5; Sphinx Effects 6B; Gifts of the Gods GG7.

A :class:`TempleState` says where every priest stands; a :class:`Move` says who advances where, how far, and what
they pay; a :class:`Grant` says what the action or effect behind the move allows (a Priest action, Building G3's
two free steps in Ptah, GG7 ...).  The rules that use them (legality, :func:`~tameri_kit.rules.temple_moves.apply`) are
in :mod:`tameri_kit.rules.temple_moves`, which re-exports every name of this module.

Notation
--------
A state lists the temples in the order Amun, Ra, Ptah, each with its priests from the top down as
``player:space`` (``-`` when empty)::

    Amun John:5 George:3 | Ra George:6 Ringo:4 John:2 | Ptah Paul:7 Ringo:3 John:1

A move is ``PLAYER [enters] TEMPLE +STEPS pay R1,R2`` or ``... free`` when nothing is paid::

    Red enters Ptah +3 pay barley,fruit,flax      # Red places a new priest (the first step) and goes on to 3
    Blue Amun +2 free                             # Blue's priest in Amun advances 2 steps for free (e.g. G1)

:meth:`TempleState.parse` / :meth:`Move.parse` and ``str`` are inverses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from operator import itemgetter
from typing import Iterable, Literal, Mapping

from .components import TEMPLES, Effect, Temple, TempleBoard
from .sources import default
from ..errors import NotationError, ReadingError, StateError
from .common import RESOURCES, Resource, count_value, require_text, whole_number

PRIEST = "Possible Actions: Priest"
TOP = "Possible Actions: Priest (the topmost space)"
PUSH = "Possible Actions: Priest (pushing)"
GAIN = "Possible Actions: Priest (effects of the spaces)"
GREAT_ALTAR = "Building B2 (Great Altar)"
FREE = "Immediate Effects: Advance in the indicated Temple"
DRAFT = "End of the Season, step 1"

_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
_RESERVED = {"enters", "pay", "free"} | {t.value.lower() for t in TEMPLES}


def check_player(name: str) -> str:
    """A player's name is one word (letters first) and not a word of the move notation."""
    if name.__class__ is str and name in _GOOD_NAMES:  # checked before (a state checks its priests' names again)
        return name
    if not isinstance(name, str) or not _NAME.fullmatch(name) or name.lower() in _RESERVED:
        raise StateError(
            f"player names are one word starting with a letter, and not Amun, Ra, Ptah, enters, pay "
            f"or free; got {name!r}"
        )
    if name.__class__ is str and len(_GOOD_NAMES) < 1000:
        _GOOD_NAMES.add(name)
    return name


_SPACE = itemgetter(1)  # a priest's space, of (player, space)

#: the names check_player has accepted (a few a game; the regular expression runs once for each: tameri_kit._fast)
_GOOD_NAMES: set[str] = set()


# ----------------------------------------------------------------------------------------------------------------
# Readings (docs/ambiguities.md, section T)
# ----------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TempleReadings:
    #: T2 - a free advance of n steps (G1-G5, "advance" effects): ``"up_to"`` lets the player take 1 to n steps;
    #: ``"exact"`` makes it n steps, cut short at the last empty space when the top is held.
    free_steps: Literal["up_to", "exact"] = "up_to"
    #: T3 - may a free advance (or GG7) place a new priest in a temple where the player has none?
    free_entry: bool = True

    def __post_init__(self):
        if self.free_steps not in ("up_to", "exact"):
            raise ReadingError(f"TempleReadings.free_steps must be 'up_to' or 'exact', not {self.free_steps!r}")
        if not isinstance(self.free_entry, bool):
            raise ReadingError(f"TempleReadings.free_entry must be True or False, not {self.free_entry!r}")

    def but(self, **changes) -> "TempleReadings":
        """A copy with the given readings changed (the readings are frozen)."""
        return replace(self, **changes)


DEFAULT_READINGS = TempleReadings()


# ----------------------------------------------------------------------------------------------------------------
# The state
# ----------------------------------------------------------------------------------------------------------------
Priests = tuple[tuple[str, int], ...]  # (player, space), top first


@dataclass(frozen=True)
class TempleState:
    """Where every priest stands: for each temple (Amun, Ra, Ptah) its priests as (player, space), top first.

    Frozen: every rule returns a new state.  ``board`` holds the tracks (lengths and space effects).
    """

    priests: tuple[Priests, Priests, Priests] = ((), (), ())
    board: TempleBoard = field(default=None, repr=False)  # type: ignore[assignment]

    def __post_init__(self):
        if self.board is None:
            object.__setattr__(self, "board", default("temples"))
        if len(self.priests) != 3:
            raise StateError("the board has 3 temples (Amun, Ra, Ptah)")
        canon = []
        for temple, row in zip(TEMPLES, self.priests):
            row = tuple(
                (check_player(p), s if type(s) is int else count_value(s, f"{p}'s space in {temple.value}"))
                for p, s in row
            )
            n = self.board.length(temple)
            players, spaces = [p for p, _ in row], [s for _, s in row]
            for p, s in row:
                if not 1 <= s <= n:
                    raise StateError(f"{p}'s priest is on space {s} of {temple.value}, which has spaces 1 to {n}")
            if len(set(spaces)) < len(spaces):
                raise StateError(
                    f"two priests share a space in {temple.value}: never more than 1 priest on a space ({PUSH})"
                )
            if len(set(players)) < len(players):
                raise StateError(f"a player has two priests in {temple.value}: never more than 1 per temple ({PRIEST})")
            canon.append(tuple(sorted(row, key=_SPACE, reverse=True)))  # top first (the spaces differ: checked)
        object.__setattr__(self, "priests", tuple(canon))

    def __hash__(self) -> int:
        # Equal states have the same priests, so hashing the priests alone is enough; the board (every space of
        # every track) would cost twenty times more, and a bot's look-ahead hashes states often (tameri_kit._fast).
        return hash(self.priests)

    # --- construction -------------------------------------------------------------------------------------------
    @classmethod
    def empty(cls, board: TempleBoard | None = None) -> "TempleState":
        """Temples with no Priest in them (the start of the game), on ``board`` or the default one."""
        return cls(((), (), ()), board)

    @classmethod
    def from_dict(cls, where: Mapping, board: TempleBoard | None = None) -> "TempleState":
        """``{"Amun": {"John": 4}, "Ra": {"George": 4}}`` -> a state (temples not named are empty)."""
        rows = {t: () for t in TEMPLES}
        if not isinstance(where, Mapping):
            raise StateError(f"expected {{temple: {{player: space}}}}, e.g. {{'Amun': {{'John': 4}}}}, not {where!r}")
        for t, ps in where.items():
            if not isinstance(ps, Mapping):
                raise StateError(f"expected {{player: space}} for {t!r}, e.g. {{'John': 4}}, not {ps!r}")
            rows[Temple.parse(t)] = tuple(ps.items())
        return cls(tuple(rows[t] for t in TEMPLES), board)

    @classmethod
    def parse(cls, text: str, board: TempleBoard | None = None) -> "TempleState":
        """Read the notation (see the module docstring); errors point at the character."""
        require_text(text, "TempleState.parse")
        rows: dict[Temple, list] = {}
        pos = 0
        for part in text.split("|"):
            m = re.match(r"\s*(\S+)", part)
            if not m:
                raise NotationError(text, pos, "empty temple entry: write e.g. 'Amun John:4' or 'Amun -'")
            try:
                temple = Temple.parse(m.group(1))
            except ValueError as e:
                raise NotationError(text, pos + m.start(1), str(e)) from None
            if temple in rows:
                raise NotationError(text, pos + m.start(1), f"{temple.value} is written twice")
            rows[temple] = []
            for tok in re.finditer(r"\S+", part[m.end() :]):
                at = pos + m.end() + tok.start()
                if tok.group() == "-" and not rows[temple]:
                    continue
                pm = re.fullmatch(r"([^:]+):(.*)", tok.group())
                if not pm:
                    raise NotationError(text, at, "a priest is written PLAYER:SPACE, e.g. 'John:4'")
                space = whole_number(text, at + pm.start(2), at + pm.end(2), "a space number")
                try:
                    check_player(pm.group(1))
                except StateError as e:
                    raise NotationError(text, at, str(e)) from None
                rows[temple].append((pm.group(1), space))
            pos += len(part) + 1
        return cls(tuple(tuple(rows.get(t, ())) for t in TEMPLES), board)

    def __repr__(self) -> str:
        return f"TempleState.parse({str(self)!r})"

    def __str__(self) -> str:
        return " | ".join(
            f"{t.value} " + (" ".join(f"{p}:{s}" for p, s in row) or "-") for t, row in zip(TEMPLES, self.priests)
        )

    # --- queries ------------------------------------------------------------------------------------------------
    def in_temple(self, temple: Temple) -> Priests:
        """The priests in a temple, top first."""
        return self.priests[temple.index if temple.__class__ is Temple else Temple(temple).index]

    def space_of(self, player: str, temple: Temple) -> int | None:
        """The space of the Priest of ``player`` in ``temple`` (1 is the lowest), or None if there is none."""
        return next((s for p, s in self.in_temple(temple) if p == player), None)

    def occupant(self, temple: Temple, space: int) -> str | None:
        """The player whose Priest stands on ``space`` of ``temple``, or None (never more than 1 Priest a space:
        Possible Actions, Priest)."""
        return next((p for p, s in self.in_temple(temple) if s == space), None)

    @property
    def players(self) -> tuple[str, ...]:
        """The names of the players with a Priest in some Temple, sorted."""
        return tuple(sorted({p for row in self.priests for p, _ in row}))

    @property
    def count(self) -> int:
        """How many priests stand in all the temples (the number of cards drawn in the draft)."""
        return sum(len(row) for row in self.priests)

    def place(self, player: str, temple: Temple, space: int) -> "TempleState":
        """Set-up helper (not a rule): put (or move) a player's priest on a space."""
        temple = Temple(temple)
        rows = list(self.priests)
        rows[temple.index] = tuple((p, s) for p, s in rows[temple.index] if p != player) + ((player, space),)
        return TempleState(tuple(rows), self.board)

    def remove(self, player: str, temple: Temple) -> "TempleState":
        """Set-up helper (not a rule): take a player's priest out of a temple."""
        temple = Temple(temple)
        rows = list(self.priests)
        rows[temple.index] = tuple((p, s) for p, s in rows[temple.index] if p != player)
        return TempleState(tuple(rows), self.board)

    def _repr_svg_(self) -> str:
        from ..render.temples_svg import temples_svg

        return temples_svg(self)

    def _repr_html_(self) -> str:
        """The same picture inline (as an ``<img>`` its tooltips cannot work)."""
        return self._repr_svg_()


# ----------------------------------------------------------------------------------------------------------------
# Moves and grants
# ----------------------------------------------------------------------------------------------------------------
def _sort_pay(pay: Iterable[Resource]) -> tuple[Resource, ...]:
    return tuple(sorted((r if isinstance(r, Resource) else Resource.parse(r) for r in pay), key=RESOURCES.index))


@dataclass(frozen=True)
class Move:
    """One priest advancing: ``player`` moves ``steps`` up in ``temple`` (``enter``: placing a new priest, which is
    the first step), paying ``pay`` (one different resource per paid step).  Text: ``Red enters Ptah +3 pay
    barley,fruit,flax``."""

    player: str
    temple: Temple
    steps: int
    pay: tuple[Resource, ...] = ()
    enter: bool = False

    def __post_init__(self):
        check_player(self.player)
        object.__setattr__(self, "temple", Temple.parse(self.temple) if isinstance(self.temple, str) else self.temple)
        object.__setattr__(self, "pay", _sort_pay(self.pay))
        if type(self.steps) is not int or self.steps < 0:
            object.__setattr__(self, "steps", count_value(self.steps, "a move's steps"))

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def __str__(self) -> str:
        paid = "pay " + ",".join(r._value_ for r in self.pay) if self.pay else "free"
        return f"{self.player} {'enters ' if self.enter else ''}{self.temple._value_} +{self.steps} {paid}"

    @classmethod
    def parse(cls, text: str) -> "Move":
        """>>> str(Move.parse("red enters ptah +3 pay flax, barley,fruit"))
        'red enters Ptah +3 pay barley,flax,fruit'
        """
        require_text(text, "Move.parse")
        m = re.fullmatch(r"\s*(\S+)\s+(?:(enters)\s+)?(\S+)\s+(\S+)\s*(.*?)\s*", text, flags=re.IGNORECASE)
        if not m:
            raise NotationError(
                text,
                0,
                "a move is written PLAYER [enters] TEMPLE +STEPS pay R1,R2 (or free), "
                "e.g. 'Red enters Ptah +3 pay barley,fruit,flax'",
            )
        try:
            player = check_player(m.group(1))
        except StateError as e:
            raise NotationError(text, m.start(1), str(e)) from None
        try:
            temple = Temple.parse(m.group(3))
        except ValueError as e:
            raise NotationError(text, m.start(3), str(e)) from None
        sm = re.fullmatch(r"\+([0-9]+)", m.group(4))
        if not sm:
            raise NotationError(text, m.start(4), "steps are written +N with digits 0-9, e.g. +3")
        steps = whole_number(text, m.start(4) + 1, m.end(4), "the number of steps")
        rest, at = m.group(5), m.start(5)
        pay: list[Resource] = []
        if rest.lower() == "free":
            pass
        elif rest.lower().startswith("pay"):
            body = rest[3:]
            if not body.strip():
                raise NotationError(text, at + 3, "name the resources paid, e.g. 'pay barley,fruit' (or write 'free')")
            offset = at + 3
            for piece in body.split(","):
                word = piece.strip()
                try:
                    pay.append(Resource.parse(word))
                except ValueError as e:
                    raise NotationError(text, offset + (piece.index(word) if word else 0), str(e)) from None
                offset += len(piece) + 1
        else:
            raise NotationError(text, at, "after the steps write 'pay R1,R2,...' or 'free'")
        return cls(player, temple, steps, tuple(pay), bool(m.group(2)))


@dataclass(frozen=True)
class Grant:
    """What an action or effect allows: up to ``max_steps`` steps in one of ``temples``; the first
    ``free_steps`` cost nothing, each further step one different resource.

    ``kind``: ``"priest"`` (a Priest action: a card, a Temple card, Sphinx 6B), ``"free"`` (an effect that
    advances for free: G1-G5, a space or card showing "advance") or ``"paid"`` (GG7: not a Priest action, so B2
    does not apply).  ``great_altar``: the player owns B2 and may pay one resource less (Priest actions only).
    ``have``: the resources the player can spend (``None``: assume any).
    """

    name: str
    rule: str
    kind: Literal["priest", "free", "paid"] = "priest"
    max_steps: int = 4
    free_steps: int = 0
    temples: tuple[Temple, ...] = TEMPLES
    great_altar: bool = False
    have: frozenset[Resource] | None = None

    def __post_init__(self):
        object.__setattr__(self, "temples", tuple(Temple(t) for t in self.temples))
        if self.have is not None:
            object.__setattr__(self, "have", frozenset(Resource(r) for r in self.have))
        if self.great_altar and self.kind != "priest":
            raise ValueError("Building B2 only changes the Priest action")

    def __str__(self) -> str:
        return self.name


def priest_action(*, great_altar: bool = False, have: Iterable[Resource] | None = None, rule: str = PRIEST) -> Grant:
    """Possible Actions: Priest - up to 4 steps, one different resource per step; with B2 one resource less."""
    name = "Priest action" + (" with B2 (Great Altar)" if great_altar else "")
    return Grant(name, rule, "priest", 4, 0, TEMPLES, great_altar, None if have is None else frozenset(have))


def free_advance(
    steps: int, temples: Temple | Iterable[Temple] = TEMPLES, *, name: str | None = None, rule: str = FREE
) -> Grant:
    """Immediate Effects: advance for free, 1 step per symbol, by the Priest action's movement rules."""
    ts = (Temple(temples),) if isinstance(temples, (str, Temple)) else tuple(temples)
    where = ts[0].value if len(ts) == 1 else "any temple"
    return Grant(name or f"free advance of {steps} in {where}", rule, "free", steps, steps, ts)


def gift_gg7(have: Iterable[Resource] | None = None) -> Grant:
    """Gifts of the Gods GG7 - 1, 2 or 3 steps in one temple for 0, 1 or 2 different resources."""
    return Grant(
        "Gift GG7", "Gifts of the Gods: GG7", "paid", 3, 1, TEMPLES, False, None if have is None else frozenset(have)
    )


#: The advances the Temple buildings give (Building Card List: Temples); G4 and G5 give several, one after
#: the other (G5: in two different temples - the caller chooses them).
BUILDING_ADVANCES: dict[str, tuple[Grant, ...]] = {
    "G1": (free_advance(2, Temple.AMUN, name="Building G1 (Temple of Amun)", rule="Building G1"),),
    "G2": (free_advance(2, Temple.RA, name="Building G2 (Temple of Ra)", rule="Building G2"),),
    "G3": (free_advance(2, Temple.PTAH, name="Building G3 (Temple of Ptah)", rule="Building G3 (Example 9)"),),
    "G4": tuple(
        free_advance(1, t, name=f"Building G4 (Temple of Horus): 1 step in {t.value}", rule="Building G4")
        for t in TEMPLES
    ),
    "G5": tuple(
        free_advance(1, TEMPLES, name=f"Building G5 (Temple of Isis): {k} of 2 different temples", rule="Building G5")
        for k in ("first", "second")
    ),
}
SPHINX_6B = priest_action(rule="Sphinx Effects 6B")


def effect_grant(effect: Effect) -> Grant:
    """The grant of an ``advance`` effect (a Priest card or other component)."""
    if effect.kind != "advance":
        raise ValueError(f"{effect} does not advance a priest")
    return free_advance(effect.amount, effect.temple, name=f"effect: {effect}")
