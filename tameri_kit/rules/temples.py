"""The Temples: Priest moves, pushes up the tracks, and the Priest card draft at the end of a Season.

Rulebook: Possible Actions: Priest (and Example 10); Builder, Example 9 (Building G3's free advance); Game
Effects: Immediate Effects ("Advance in the indicated Temple", Priest card, Temple card, unlock); Building Card
List: B2 (Great Altar) and G1-G5; Sphinx Effects 6B; Gifts of the Gods GG7; End of the Season, step 1 (and
Example 18); Priest Cards (Example 34).

Everything here is pure.  A :class:`TempleState` says where every priest stands; a :class:`Move` says who
advances where, how far, and what they pay; a :class:`Grant` says what the action or effect behind the move allows
(a Priest action, Building G3's two free steps in Ptah, GG7 ...).  :func:`legal_moves` is the single source of
legality; :func:`apply` checks the move is one of them (or raises :class:`~tameri_kit.errors.IllegalActionError`
saying which rule forbids it) and returns a :class:`MoveResult`: the events, step by step, and every effect
gained, as values for a game engine to apply.  :func:`draft` runs the Priest card draft; its cards are either
given or drawn from a seeded ``random.Random``.

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

import random
import re
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Callable, Iterable, Literal, Mapping, Sequence

from .components import TEMPLES, Effect, PriestCard, Temple, TempleBoard, TempleSpace, TempleTrack
from .sources import default
from ..errors import IllegalActionError, NotationError, StateError
from .._fast import direct_init, from_fields
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
    if not isinstance(name, str) or not _NAME.fullmatch(name) or name.lower() in _RESERVED:
        raise StateError(f"player names are one word starting with a letter, and not Amun, Ra, Ptah, enters, pay "
                         f"or free; got {name!r}")
    return name


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
            raise ValueError(f"TempleReadings.free_steps must be 'up_to' or 'exact', not {self.free_steps!r}")
        if not isinstance(self.free_entry, bool):
            raise ValueError(f"TempleReadings.free_entry must be True or False, not {self.free_entry!r}")

    def but(self, **changes) -> "TempleReadings":
        return replace(self, **changes)


DEFAULT_READINGS = TempleReadings()


# ----------------------------------------------------------------------------------------------------------------
# The state
# ----------------------------------------------------------------------------------------------------------------
Priests = tuple[tuple[str, int], ...]   # (player, space), top first


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
            row = tuple((check_player(p), s if type(s) is int else count_value(s, f"{p}'s space in {temple.value}"))
                        for p, s in row)
            n = self.board.length(temple)
            players, spaces = [p for p, _ in row], [s for _, s in row]
            for p, s in row:
                if not 1 <= s <= n:
                    raise StateError(f"{p}'s priest is on space {s} of {temple.value}, which has spaces 1 to {n}")
            if len(set(spaces)) < len(spaces):
                raise StateError(f"two priests share a space in {temple.value}: never more than 1 priest on a "
                                 f"space ({PUSH})")
            if len(set(players)) < len(players):
                raise StateError(f"a player has two priests in {temple.value}: never more than 1 per temple ({PRIEST})")
            canon.append(tuple(sorted(row, key=lambda x: -x[1])))
        object.__setattr__(self, "priests", tuple(canon))

    # --- construction -------------------------------------------------------------------------------------------
    @classmethod
    def empty(cls, board: TempleBoard | None = None) -> "TempleState":
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
            for tok in re.finditer(r"\S+", part[m.end():]):
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
        return " | ".join(f"{t.value} " + (" ".join(f"{p}:{s}" for p, s in row) or "-")
                          for t, row in zip(TEMPLES, self.priests))

    # --- queries ------------------------------------------------------------------------------------------------
    def in_temple(self, temple: Temple) -> Priests:
        """The priests in a temple, top first."""
        return self.priests[temple.index if temple.__class__ is Temple else Temple(temple).index]

    def space_of(self, player: str, temple: Temple) -> int | None:
        return next((s for p, s in self.in_temple(temple) if p == player), None)

    def occupant(self, temple: Temple, space: int) -> str | None:
        return next((p for p, s in self.in_temple(temple) if s == space), None)

    @property
    def players(self) -> tuple[str, ...]:
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
            raise NotationError(text, 0, "a move is written PLAYER [enters] TEMPLE +STEPS pay R1,R2 (or free), "
                                         "e.g. 'Red enters Ptah +3 pay barley,fruit,flax'")
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


def priest_action(*, great_altar: bool = False, have: Iterable[Resource] | None = None,
                  rule: str = PRIEST) -> Grant:
    """Possible Actions: Priest - up to 4 steps, one different resource per step; with B2 one resource less."""
    name = "Priest action" + (" with B2 (Great Altar)" if great_altar else "")
    return Grant(name, rule, "priest", 4, 0, TEMPLES, great_altar, None if have is None else frozenset(have))


def free_advance(steps: int, temples: Temple | Iterable[Temple] = TEMPLES, *, name: str | None = None,
                 rule: str = FREE) -> Grant:
    """Immediate Effects: advance for free, 1 step per symbol, by the Priest action's movement rules."""
    ts = (Temple(temples),) if isinstance(temples, (str, Temple)) else tuple(temples)
    where = ts[0].value if len(ts) == 1 else "any temple"
    return Grant(name or f"free advance of {steps} in {where}", rule, "free", steps, steps, ts)


def gift_gg7(have: Iterable[Resource] | None = None) -> Grant:
    """Gifts of the Gods GG7 - 1, 2 or 3 steps in one temple for 0, 1 or 2 different resources."""
    return Grant("Gift GG7", "Gifts of the Gods: GG7", "paid", 3, 1, TEMPLES, False,
                 None if have is None else frozenset(have))


#: The advances the Temple buildings give (Building Card List: Temples); G4 and G5 give several, one after
#: the other (G5: in two different temples - the caller chooses them).
BUILDING_ADVANCES: dict[str, tuple[Grant, ...]] = {
    "G1": (free_advance(2, Temple.AMUN, name="Building G1 (Temple of Amun)", rule="Building G1"),),
    "G2": (free_advance(2, Temple.RA, name="Building G2 (Temple of Ra)", rule="Building G2"),),
    "G3": (free_advance(2, Temple.PTAH, name="Building G3 (Temple of Ptah)", rule="Building G3 (Example 9)"),),
    "G4": tuple(free_advance(1, t, name=f"Building G4 (Temple of Horus): 1 step in {t.value}", rule="Building G4")
                for t in TEMPLES),
    "G5": tuple(free_advance(1, TEMPLES, name=f"Building G5 (Temple of Isis): {k} of 2 different temples",
                             rule="Building G5") for k in ("first", "second")),
}
SPHINX_6B = priest_action(rule="Sphinx Effects 6B")


def effect_grant(effect: Effect) -> Grant:
    """The grant of an ``advance`` effect (a Priest card or other component)."""
    if effect.kind != "advance":
        raise ValueError(f"{effect} does not advance a priest")
    return free_advance(effect.amount, effect.temple, name=f"effect: {effect}")


# ----------------------------------------------------------------------------------------------------------------
# Where a move lands, and why it may not
# ----------------------------------------------------------------------------------------------------------------
def _chain(state: TempleState, temple: Temple, space: int) -> list[tuple[str, int]]:
    """The priests a landing on ``space`` pushes: the unbroken run of occupied spaces from ``space`` up."""
    out, s = [], space
    while (p := state.occupant(temple, s)) is not None:
        out.append((p, s))
        s += 1
    return out


def _blocked(state: TempleState, temple: Temple, target: int) -> bool:
    """Would landing on ``target`` push someone past the top (or is ``target`` past the top)?"""
    n = state.board.length(temple)
    if target > n:
        return True
    run = _chain(state, temple, target)
    return bool(run) and run[-1][1] >= n


def is_blocked(state: TempleState, temple: Temple, target: int) -> bool:
    """Would a priest landing on ``target`` of ``temple`` push someone past the top (or is ``target`` past the top)?
    (Possible Actions: Priest; the whole-game engine asks it to know whether any Priest move exists.)"""
    return _blocked(state, temple, target)


def last_empty(state: TempleState, temple: Temple) -> int:
    """The highest empty space of a temple (0 when all are held): the furthest any priest may land."""
    n = state.board.length(temple)
    return next((s for s in range(n, 0, -1) if state.occupant(temple, s) is None), 0)


def _target(state: TempleState, move: Move) -> int:
    start = state.space_of(move.player, move.temple)
    return move.steps if start is None else start + move.steps


def _exact_steps(state: TempleState, player: str, temple: Temple, steps: int) -> int | None:
    """Reading T2 'exact': n steps, or as far as the last empty space allows; None when no step is possible."""
    start = state.space_of(player, temple) or 0
    if not _blocked(state, temple, start + steps):
        return steps
    top = last_empty(state, temple)
    return top - start if top > start else None


def why_illegal(state: TempleState, move: Move, grant: Grant | None = None,
                readings: TempleReadings = DEFAULT_READINGS) -> tuple[str, str] | None:
    """Why ``move`` may not be made under ``grant`` - ``(reason, rule)`` - or ``None`` when it may.

    The checks, in order: the player's priests (Possible Actions: Priest - at most 1 per temple, a priest never
    leaves its temple), the grant's temples and step limit, the payment (a different resource per step; B2 one
    less; free advances cost nothing), and the top of the track.
    """
    grant = grant or priest_action()
    p, t, k = move.player, move.temple, move.steps
    here = state.space_of(p, t)
    if move.enter and here is not None:
        return (f"{p} already has a priest in {t.value} (space {here}): a player never has more than 1 priest "
                f"per temple, so the action advances that one ('{p} {t.value} +{k} ...')", PRIEST)
    if not move.enter and here is None:
        return (f"{p} has no priest in {t.value} yet: entering places one on the lowest space, written "
                f"'{p} enters {t.value} +{k} ...'", PRIEST)
    if t not in grant.temples:
        return f"{grant.name} advances only in {', '.join(x.value for x in grant.temples)}", grant.rule
    if k < 1:
        return "a move is at least 1 step", PRIEST
    if k > grant.max_steps:
        if grant.kind == "priest":
            why = "a Priest action advances at most 4 steps, one different resource each"
            return (why + ("; B2 lowers the price, not the limit: never a fifth step" if grant.great_altar else ""),
                    GREAT_ALTAR if grant.great_altar else PRIEST)
        return f"{grant.name} allows at most {grant.max_steps} step(s), not {k}", grant.rule
    if grant.kind == "free" and readings.free_steps == "exact":
        exact = _exact_steps(state, p, t, grant.max_steps)
        if exact is not None and k != exact:
            return (f"{grant.name} moves exactly {grant.max_steps} step(s), cut short only where the top is held: "
                    f"here {exact} (reading T2: exact)", grant.rule)
    if move.enter and grant.kind != "priest" and not readings.free_entry:
        return (f"{p} has no priest in {t.value}, and {grant.name} only advances a priest already there "
                "(reading T3)", grant.rule)
    dup = sorted({r.value for r in move.pay if move.pay.count(r) > 1})
    if dup:
        return (f"each step is paid with a different resource, but {', '.join(dup)} is paid twice", PRIEST)
    need = max(0, k - grant.free_steps)
    pay = len(move.pay)
    if grant.kind == "free" and pay:
        return f"{grant.name} is free: nothing is paid", grant.rule
    allowed = {need} | ({need - 1} if grant.great_altar and need >= 1 else set())
    if pay not in allowed:
        if grant.great_altar:
            return (f"+{k} costs {need} different resources, or {need - 1} with B2; {pay} given", GREAT_ALTAR)
        if grant.kind == "paid":
            return (f"with {grant.name} +{k} costs {need} different resource(s); {pay} given", grant.rule)
        return f"+{k} costs {need} different resource(s), one per step; {pay} given", PRIEST
    if grant.have is not None:
        lacking = [r.value for r in move.pay if r not in grant.have]
        if lacking:
            return f"{p} has no {', '.join(lacking)} to spend", PRIEST
    n = state.board.length(t)
    target = _target(state, move)
    if target > n:
        top = last_empty(state, t)
        start = here or 0
        tail = (f"the furthest {p} may go is space {top}" if top > start else f"{p} cannot advance at all")
        return f"{t.value} has {n} spaces: space {target} is past the top; {tail}", TOP
    if _blocked(state, t, target):
        run = _chain(state, t, target)
        names = ", ".join(q for q, _ in run)
        top = last_empty(state, t)
        start = here or 0
        tail = (f"the furthest {p} may go is space {top}, the last empty one" if top > start
                else f"no empty space is left above {p}")
        return (f"landing on {target} would push {names} past the top space {n}, which nobody may do; {tail}", TOP)
    return None


def _move(player: str, temple: Temple, steps: int, pay: tuple[Resource, ...], enter: bool) -> Move:
    """A :class:`Move` from parts that are already checked (pay distinct and in majority order)."""
    return from_fields(Move, {"player": player, "temple": temple, "steps": steps, "pay": pay, "enter": enter})


def _candidate_groups(state: TempleState, player: str, grant: Grant) -> list[list[Move]]:
    """The candidates grouped by (temple, steps): a group's moves differ only in *which* different resources pay."""
    have = [r for r in RESOURCES if grant.have is None or r in grant.have]
    out = []
    for t in TEMPLES:
        enter = state.space_of(player, t) is None
        for k in range(1, max(grant.max_steps, 1) + 1):
            need = max(0, k - grant.free_steps)
            sizes = ({need} | ({need - 1} if grant.great_altar and need >= 1 else set())) if grant.kind != "free" else {0}
            group = [_move(player, t, k, pay, enter) for size in sorted(sizes) for pay in combinations(have, size)]
            if group:
                out.append(group)
    return out


def candidate_moves(state: TempleState, player: str, grant: Grant | None = None) -> list[Move]:
    """Every well-formed move for ``player`` under ``grant`` (legal or not): temples x steps x payments."""
    check_player(player)
    return [m for group in _candidate_groups(state, player, grant or priest_action()) for m in group]


def legal_moves(state: TempleState, player: str, grant: Grant | None = None,
                readings: TempleReadings = DEFAULT_READINGS) -> tuple[Move, ...]:
    """Every move ``player`` may make under ``grant`` (a Priest action by default), in a fixed order: temple
    (Amun, Ra, Ptah), steps, then payment.  The single source of legality: :func:`apply` accepts exactly these.

    The candidates are exactly those for which :func:`why_illegal` finds nothing wrong.  Within one (temple,
    steps) group the candidates pay with different, distinct resources that the player has, in a number the grant
    allows - so :func:`why_illegal` judges every member of a group alike, and one call per group suffices.
    """
    check_player(player)
    grant = grant or priest_action()
    out: list[Move] = []
    for group in _candidate_groups(state, player, grant):
        if why_illegal(state, group[0], grant, readings) is None:
            out.extend(group)
    return tuple(out)


def why_steps_illegal(state: TempleState, player: str, temple: Temple | str, steps: int, grant: Grant | None = None,
                      readings: TempleReadings = DEFAULT_READINGS) -> tuple[str, str] | None:
    """Is "+``steps`` in ``temple``" legal for ``player`` under ``grant``, whatever is paid?  ``None`` when some
    payment the grant allows (nothing, for a free advance) makes it legal; otherwise ``(reason, rule)`` as from
    :func:`why_illegal`.  Whether the priest enters follows from the state (a player without a priest there
    enters).

    >>> state = TempleState.parse("Amun George:1 | Ra - | Ptah -")
    >>> why_steps_illegal(state, "John", "Amun", 2) is None, why_steps_illegal(state, "John", "Amun", 5)[1]
    (True, 'Possible Actions: Priest')
    """
    check_player(player)
    temple = Temple.parse(temple)
    steps = count_value(steps, "the number of steps")
    grant = grant or priest_action()
    enter = state.space_of(player, temple) is None
    need = max(0, steps - grant.free_steps)
    size = 0 if grant.kind == "free" else (need - 1 if grant.great_altar and need >= 1 else need)
    have = [r for r in RESOURCES if grant.have is None or r in grant.have]
    pay = tuple(have[:size]) if size <= len(have) else tuple(RESOURCES[:min(size, len(RESOURCES))])
    return why_illegal(state, _move(player, temple, steps, pay, enter), grant, readings)


def can_advance(state: TempleState, player: str, temple: Temple | str, steps: int, grant: Grant | None = None,
                readings: TempleReadings = DEFAULT_READINGS) -> bool:
    """``True`` when "+``steps``" in ``temple`` is legal for ``player`` with some payment (see
    :func:`why_steps_illegal`, which says why not)."""
    return why_steps_illegal(state, player, temple, steps, grant, readings) is None


def temple_board(lengths: Mapping[Temple | str, int], base: TempleBoard | None = None) -> TempleBoard:
    """A temple board whose tracks have the given lengths (``{"Amun": 5, "Ra": 5, "Ptah": 4}``; a temple not named
    keeps its length), for exploring the rules on other boards.  Space ``n`` keeps the effect of space ``n`` of
    ``base`` (the kit's board by default); spaces above the base's top repeat its top space's effect.  Every
    track has at least 1 space.

    >>> board = temple_board({"Ptah": 3})
    >>> [board.length(t) for t in TEMPLES] == [default("temples").length(t) for t in TEMPLES[:2]] + [3]
    True
    """
    base = base or default("temples")
    if not isinstance(lengths, Mapping):
        raise StateError(f"temple_board takes {{temple: number of spaces}}, not {lengths!r}")
    want = {t: base.length(t) for t in TEMPLES}
    for t, n in lengths.items():
        want[Temple.parse(t)] = count_value(n, f"the length of {t}", low=1, high=99)
    tracks = []
    for t in TEMPLES:
        old = base.track(t)
        spaces = tuple(old.spaces[k] if k < old.length else
                       TempleSpace(k + 1, old.spaces[-1].effect, "illustrative (temple_board: repeats the top space)")
                       for k in range(want[t]))
        tracks.append(TempleTrack(t, spaces, old.source if want[t] == old.length else
                                  f"illustrative (temple_board: {want[t]} spaces)"))
    return TempleBoard(tuple(tracks))


# ----------------------------------------------------------------------------------------------------------------
# Resolving a move
# ----------------------------------------------------------------------------------------------------------------
@direct_init
@dataclass(frozen=True)
class Gain:
    """One effect a player gains from a temple space (a value for a game engine to apply)."""

    player: str
    effect: Effect
    temple: Temple
    space: int
    how: Literal["passed", "landed", "pushed"]

    def __str__(self) -> str:
        return f"{self.player} gains {self.effect} ({self.temple.value} space {self.space}, {self.how})"


@direct_init
@dataclass(frozen=True)
class TempleEvent:
    """One thing that happened, the rule behind it and the temples right after it.

    ``moving``: priests in transit - (player, temple, space) - drawn beside the track (they are not in ``after``
    while they move: two priests are never on one space).
    """

    step: str
    kind: str                 # pay | enter | start | pass | land | push | gain
    text: str
    after: TempleState
    moving: tuple[tuple[str, Temple, int], ...] = ()
    gains: tuple[Gain, ...] = ()

    def __str__(self) -> str:
        return f"{self.text}  [{self.step}]"

    def __repr__(self) -> str:
        return f"TempleEvent({self.kind!r}: {self.text!r}, after={str(self.after)!r})"

    def _repr_svg_(self) -> str:
        from ..render.temples_svg import temples_svg
        return temples_svg(self.after, moving=self.moving, caption=self.text)


@direct_init
@dataclass(frozen=True)
class MoveResult:
    start: TempleState
    move: Move
    grant: Grant
    events: tuple[TempleEvent, ...]
    end: TempleState
    gains: tuple[Gain, ...]
    pushed: tuple[tuple[str, int, int], ...]   # (player, from, to) in the order of the chain

    def log(self) -> str:
        return "\n".join(str(e) for e in self.events)

    def gains_of(self, player: str) -> tuple[Effect, ...]:
        return tuple(g.effect for g in self.gains if g.player == player)

    def by_player(self, *, spaces: bool = False) -> dict[str, tuple]:
        """Player -> effects gained, the mover first, then pushed priests in chain order.

        ``spaces=True``: player -> the :class:`Gain` values instead, each with its temple, space and how it was
        gained (passed, landed on, pushed onto)."""
        players = [self.move.player] + [p for p, _, _ in self.pushed]
        if spaces:
            return {p: tuple(g for g in self.gains if g.player == p) for p in players}
        return {p: self.gains_of(p) for p in players}

    def __repr__(self) -> str:
        return f"MoveResult({str(self.move)!r}: {self.start} -> {self.end})"

    def _repr_svg_(self) -> str:
        from ..render.temples_svg import temples_svg
        spaces = tuple(g.space for g in self.gains if g.player == self.move.player)
        return temples_svg(self.end, highlight=(self.move.temple, spaces), caption=str(self.move))


def _gain_text(player: str, gains: Sequence[Gain]) -> str:
    return f"{player} gains: " + "; ".join(f"{g.effect} (space {g.space})" for g in gains)


def apply(state: TempleState, move: Move | str, grant: Grant | None = None,
          readings: TempleReadings = DEFAULT_READINGS) -> MoveResult:
    """Possible Actions: Priest - make one move and report it event by event.

    The mover enters on space 1 (the first step) or starts from its space, passes other priests freely, and
    lands; landing exactly on an occupied space pushes that priest up one, which may push the next (each pushed
    priest gains the space it is pushed into).  The mover gains every space passed or landed on.  An illegal move
    raises :class:`IllegalActionError` (the reason and the rule that forbids it) and changes nothing.
    """
    grant = grant or priest_action()
    move = Move.parse(move) if isinstance(move, str) else move
    why = why_illegal(state, move, grant, readings)   # None exactly for the moves legal_moves lists
    if why is not None:
        raise IllegalActionError(f"{move}: {why[0]}", rule=why[1])
    p, t, k = move.player, move.temple, move.steps
    board = state.board
    events: list[TempleEvent] = []
    if move.pay:
        note = " (B2 pays for one step)" if len(move.pay) < max(0, k - grant.free_steps) else ""
        events.append(TempleEvent(GREAT_ALTAR if note else PRIEST, "pay",
                                  f"{p} pays {', '.join(r.label for r in move.pay)} for {k} step(s){note}", state))
    else:
        why = "B2 pays for the only step" if grant.great_altar and grant.kind == "priest" else grant.name
        events.append(TempleEvent(grant.rule, "pay", f"{p} advances {k} step(s) without paying ({why})", state))
    start = state.space_of(p, t)
    without = state.remove(p, t)
    if start is None:
        path = list(range(1, k + 1))
        events.append(TempleEvent(PRIEST, "enter", f"{p} enters {t.value} on space 1 (placing the priest is the first "
                                                   "step)", without, ((p, t, 1),)))
    else:
        path = list(range(start + 1, start + k + 1))
        events.append(TempleEvent(PRIEST, "start", f"{p} advances {k} step(s) in {t.value} from space {start}",
                                  without, ((p, t, start),)))
    target = path[-1]
    for s in path[:-1]:
        if (q := state.occupant(t, s)) is not None:
            events.append(TempleEvent(PUSH, "pass", f"{p} passes {q} on space {s} (passing pushes nobody)",
                                      without, ((p, t, s),)))
    run = _chain(state, t, target)
    gains: list[Gain] = []
    pushed: list[tuple[str, int, int]] = []
    if not run:
        end = without.place(p, t, target)
        events.append(TempleEvent(PRIEST, "land", f"{p} lands on space {target}", end))
    else:
        # The chain resolves bottom up: each pushed priest is in transit until the one above has moved on.
        cur = without
        for i, (q, s) in enumerate(run):
            cur = cur.remove(q, t)
            mover = p if i == 0 else run[i - 1][0]
            cur = cur.place(mover, t, s)
            text = (f"{p} lands on {s} and pushes {q} to {s + 1}" if i == 0 else f"{mover} pushes {q} to {s + 1}")
            pushed.append((q, s, s + 1))
            if i + 1 < len(run):    # the space above is held: q is in transit until it pushes the next one
                events.append(TempleEvent(PUSH, "push", text, cur, ((q, t, s + 1),)))
            else:
                cur = cur.place(q, t, s + 1)
                events.append(TempleEvent(PUSH, "push", text, cur))
        end = cur
        for q, _s, s2 in pushed:
            g = Gain(q, board.effect(t, s2), t, s2, "pushed")
            gains.append(g)
            events.append(TempleEvent(PUSH, "gain", _gain_text(q, [g]), end, gains=(g,)))
    mine = [Gain(p, board.effect(t, s), t, s, "landed" if s == target else "passed") for s in path]
    events.append(TempleEvent(GAIN, "gain", _gain_text(p, mine), end, gains=tuple(mine)))
    gains = mine + gains
    return MoveResult(state, move, grant, tuple(events), end, tuple(gains), tuple(pushed))


def explain_steps(state: TempleState, player: str, temple: Temple, grant: Grant | None = None,
                  readings: TempleReadings = DEFAULT_READINGS) -> list[tuple[int, str | None]]:
    """For each number of steps 1..max in one temple: ``None`` if some payment makes it legal, else why not."""
    grant = grant or priest_action()
    temple = Temple(temple)
    out = []
    for k in range(1, grant.max_steps + 1):
        moves = [m for m in candidate_moves(state, player, grant) if m.temple is temple and m.steps == k]
        reasons = [why_illegal(state, m, grant, readings) for m in moves]
        out.append((k, None if any(r is None for r in reasons) else (reasons[0][0] if reasons else "no payment fits")))
    return out


# ----------------------------------------------------------------------------------------------------------------
# End of the Season, step 1: the Priest card draft
# ----------------------------------------------------------------------------------------------------------------
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
    pile: tuple[PriestCard, ...]          # what is left of the draw pile
    events: tuple[DraftEvent, ...]

    def kept(self) -> dict[str, tuple[PriestCard, ...]]:
        out: dict[str, tuple[PriestCard, ...]] = {}
        for p, c in self.picks:
            out[p] = out.get(p, ()) + (c,)
        return out

    def points_by_player(self) -> dict[str, tuple[int, ...]]:
        """Player -> the points printed on the cards kept (the form ``season_end`` takes as ``priest_draft``)."""
        return {p: tuple(c.points for c in cs) for p, cs in self.kept().items()}

    def log(self) -> str:
        return "\n".join(str(e) for e in self.events)


def shuffled_pile(rng: random.Random, cards: Sequence[PriestCard] | None = None) -> tuple[PriestCard, ...]:
    """The Priest deck shuffled with ``rng`` (top card first)."""
    if not isinstance(rng, random.Random):
        raise TypeError("shuffled_pile needs a random.Random, e.g. random.Random(7); the kit never uses the global RNG")
    pile = list(cards if cards is not None else default("priests").cards)
    rng.shuffle(pile)
    return tuple(pile)


def draft(state: TempleState, *, pile: Sequence[PriestCard] | None = None, rng: random.Random | None = None,
          picks: Sequence[int] | None = None, policy: Policy | Mapping[str, Policy] = keep_most_points
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
        raise IllegalActionError(f"{n} cards are drafted, one per priest, so give {n} picks, not {len(picks)}",
                                 rule=DRAFT)
    out, events = [], []
    for i, (player, temple, space) in enumerate(order[:n]):
        if picks is not None:
            chosen = next((c for c in hand if c.id == picks[i]), None)
            if chosen is None:
                raise IllegalActionError(f"{player} (pick {i + 1}) cannot keep card {picks[i]}: the hand holds "
                                         f"{', '.join(str(c.id) for c in hand)}", rule=DRAFT)
        else:
            pol = policy.get(player, keep_most_points) if isinstance(policy, Mapping) else policy
            chosen = pol(player, hand)
            if chosen not in hand:
                raise IllegalActionError(f"the policy for {player} chose a card not in the hand", rule=DRAFT)
        k = hand.index(chosen)
        left = hand[:k] + hand[k + 1:]
        nxt = order[i + 1][0] if i + 1 < n else None
        verb = "draws" if i == 0 else "receives"
        tail = (f"passes {len(left)} to {nxt}" if nxt and left else "no cards are left")
        events.append(DraftEvent(DRAFT, f"{player} ({temple.value} space {space}) {verb} {len(hand)} card(s), keeps "
                                        f"card {chosen.id} ({chosen.points} pt) and {tail}", player, hand, chosen))
        out.append((player, chosen))
        hand = left
    for player, temple, space in order[n:]:
        events.append(DraftEvent(DRAFT, f"{player} ({temple.value} space {space}) gets no card: the Priest deck ran "
                                        "out (reading T6)", player, (), None))  # type: ignore[arg-type]
    return DraftResult(order, drawn, tuple(out), rest, tuple(events))
