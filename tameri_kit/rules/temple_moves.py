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

Modules
-------
This module is the Temples' public API: the legality (:func:`why_illegal`, :func:`legal_moves`) and :func:`apply`;
it re-exports the values, moves, grants, readings and notation (:mod:`.temple_state`) and the Priest card draft
(:mod:`.priest_draft`), so ``from tameri_kit.rules.temple_moves import X`` works for every name."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Literal, Mapping, Sequence

from .components import TEMPLES, Effect, PriestCard, Temple, TempleBoard, TempleSpace, TempleTrack
from .sources import default
from ..errors import IllegalActionError, NotationError, StateError
from .._fast import direct_init, from_fields
from .common import RESOURCES, Resource, count_value, require_text, whole_number
from .temple_state import (
    BUILDING_ADVANCES,
    DEFAULT_READINGS,
    DRAFT,
    FREE,
    GAIN,
    GREAT_ALTAR,
    PRIEST,
    PUSH,
    SPHINX_6B,
    TOP,
    Grant,
    Move,
    Priests,
    TempleReadings,
    TempleState,
    check_player,
    effect_grant,
    free_advance,
    gift_gg7,
    priest_action,
)
from .priest_draft import (
    DraftEvent,
    DraftResult,
    Policy,
    draft,
    draft_order,
    keep_most_points,
    random_choice,
    shuffled_pile,
)


__all__ = [
    # the values and their notation (temple_state)
    "BUILDING_ADVANCES",
    "DEFAULT_READINGS",
    "DRAFT",
    "FREE",
    "GAIN",
    "GREAT_ALTAR",
    "PRIEST",
    "PUSH",
    "SPHINX_6B",
    "TOP",
    "Grant",
    "Move",
    "Priests",
    "TempleReadings",
    "TempleState",
    "check_player",
    "effect_grant",
    "free_advance",
    "gift_gg7",
    "priest_action",
    # legality and apply (this module)
    "is_blocked",
    "last_empty",
    "why_illegal",
    "candidate_moves",
    "legal_moves",
    "why_steps_illegal",
    "can_advance",
    "temple_board",
    "Gain",
    "TempleEvent",
    "MoveResult",
    "apply",
    "explain_steps",
    # the Priest card draft (priest_draft)
    "DraftEvent",
    "DraftResult",
    "Policy",
    "draft",
    "draft_order",
    "keep_most_points",
    "random_choice",
    "shuffled_pile",
    # the component types and helpers this module always offered
    "TEMPLES",
    "Effect",
    "PriestCard",
    "Temple",
    "TempleBoard",
    "TempleSpace",
    "TempleTrack",
    "default",
    "IllegalActionError",
    "NotationError",
    "StateError",
    "RESOURCES",
    "Resource",
    "count_value",
    "require_text",
    "whole_number",
]


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


def why_illegal(
    state: TempleState, move: Move, grant: Grant | None = None, readings: TempleReadings = DEFAULT_READINGS
) -> tuple[str, str] | None:
    """Why ``move`` may not be made under ``grant`` - ``(reason, rule)`` - or ``None`` when it may.

    The checks, in order: the player's priests (Possible Actions: Priest - at most 1 per temple, a priest never
    leaves its temple), the grant's temples and step limit, the payment (a different resource per step; B2 one
    less; free advances cost nothing), and the top of the track.
    """
    grant = grant or priest_action()
    p, t, k = move.player, move.temple, move.steps
    here = state.space_of(p, t)
    if move.enter and here is not None:
        return (
            f"{p} already has a priest in {t.value} (space {here}): a player never has more than 1 priest "
            f"per temple, so the action advances that one ('{p} {t.value} +{k} ...')",
            PRIEST,
        )
    if not move.enter and here is None:
        return (
            f"{p} has no priest in {t.value} yet: entering places one on the lowest space, written "
            f"'{p} enters {t.value} +{k} ...'",
            PRIEST,
        )
    if t not in grant.temples:
        return f"{grant.name} advances only in {', '.join(x.value for x in grant.temples)}", grant.rule
    if k < 1:
        return "a move is at least 1 step", PRIEST
    if k > grant.max_steps:
        if grant.kind == "priest":
            why = "a Priest action advances at most 4 steps, one different resource each"
            return (
                why + ("; B2 lowers the price, not the limit: never a fifth step" if grant.great_altar else ""),
                GREAT_ALTAR if grant.great_altar else PRIEST,
            )
        return f"{grant.name} allows at most {grant.max_steps} step(s), not {k}", grant.rule
    if grant.kind == "free" and readings.free_steps == "exact":
        exact = _exact_steps(state, p, t, grant.max_steps)
        if exact is not None and k != exact:
            return (
                f"{grant.name} moves exactly {grant.max_steps} step(s), cut short only where the top is held: "
                f"here {exact} (reading T2: exact)",
                grant.rule,
            )
    if move.enter and grant.kind != "priest" and not readings.free_entry:
        return (
            f"{p} has no priest in {t.value}, and {grant.name} only advances a priest already there (reading T3)",
            grant.rule,
        )
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
        tail = f"the furthest {p} may go is space {top}" if top > start else f"{p} cannot advance at all"
        return f"{t.value} has {n} spaces: space {target} is past the top; {tail}", TOP
    if _blocked(state, t, target):
        run = _chain(state, t, target)
        names = ", ".join(q for q, _ in run)
        top = last_empty(state, t)
        start = here or 0
        tail = (
            f"the furthest {p} may go is space {top}, the last empty one"
            if top > start
            else f"no empty space is left above {p}"
        )
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
            sizes = (
                ({need} | ({need - 1} if grant.great_altar and need >= 1 else set())) if grant.kind != "free" else {0}
            )
            group = [_move(player, t, k, pay, enter) for size in sorted(sizes) for pay in combinations(have, size)]
            if group:
                out.append(group)
    return out


def candidate_moves(state: TempleState, player: str, grant: Grant | None = None) -> list[Move]:
    """Every well-formed move for ``player`` under ``grant`` (legal or not): temples x steps x payments."""
    check_player(player)
    return [m for group in _candidate_groups(state, player, grant or priest_action()) for m in group]


def legal_moves(
    state: TempleState, player: str, grant: Grant | None = None, readings: TempleReadings = DEFAULT_READINGS
) -> tuple[Move, ...]:
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


def why_steps_illegal(
    state: TempleState,
    player: str,
    temple: Temple | str,
    steps: int,
    grant: Grant | None = None,
    readings: TempleReadings = DEFAULT_READINGS,
) -> tuple[str, str] | None:
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
    pay = tuple(have[:size]) if size <= len(have) else tuple(RESOURCES[: min(size, len(RESOURCES))])
    return why_illegal(state, _move(player, temple, steps, pay, enter), grant, readings)


def can_advance(
    state: TempleState,
    player: str,
    temple: Temple | str,
    steps: int,
    grant: Grant | None = None,
    readings: TempleReadings = DEFAULT_READINGS,
) -> bool:
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
        spaces = tuple(
            old.spaces[k]
            if k < old.length
            else TempleSpace(k + 1, old.spaces[-1].effect, "illustrative (temple_board: repeats the top space)")
            for k in range(want[t])
        )
        tracks.append(
            TempleTrack(
                t, spaces, old.source if want[t] == old.length else f"illustrative (temple_board: {want[t]} spaces)"
            )
        )
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
    kind: str  # pay | enter | start | pass | land | push | gain
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

    #: the same picture inline (shown as an ``<img>``, its title and description could not be read)
    _repr_html_ = _repr_svg_


@direct_init
@dataclass(frozen=True)
class MoveResult:
    start: TempleState
    move: Move
    grant: Grant
    events: tuple[TempleEvent, ...]
    end: TempleState
    gains: tuple[Gain, ...]
    pushed: tuple[tuple[str, int, int], ...]  # (player, from, to) in the order of the chain

    def log(self) -> str:
        """The move's events as text, one a line."""
        return "\n".join(str(e) for e in self.events)

    def gains_of(self, player: str) -> tuple[Effect, ...]:
        """The effects ``player`` gains from the move (the spaces passed, reached or pushed into)."""
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

    _repr_html_ = _repr_svg_  # inline, as TempleEvent's


def _gain_text(player: str, gains: Sequence[Gain]) -> str:
    return f"{player} gains: " + "; ".join(f"{g.effect} (space {g.space})" for g in gains)


def apply(
    state: TempleState, move: Move | str, grant: Grant | None = None, readings: TempleReadings = DEFAULT_READINGS
) -> MoveResult:
    """Possible Actions: Priest - make one move and report it event by event.

    The mover enters on space 1 (the first step) or starts from its space, passes other priests freely, and
    lands; landing exactly on an occupied space pushes that priest up one, which may push the next (each pushed
    priest gains the space it is pushed into).  The mover gains every space passed or landed on.  An illegal move
    raises :class:`IllegalActionError` (the reason and the rule that forbids it) and changes nothing.
    """
    grant = grant or priest_action()
    move = Move.parse(move) if isinstance(move, str) else move
    why = why_illegal(state, move, grant, readings)  # None exactly for the moves legal_moves lists
    if why is not None:
        raise IllegalActionError(f"{move}: {why[0]}", rule=why[1])
    p, t, k = move.player, move.temple, move.steps
    board = state.board
    events: list[TempleEvent] = []
    if move.pay:
        note = " (B2 pays for one step)" if len(move.pay) < max(0, k - grant.free_steps) else ""
        events.append(
            TempleEvent(
                GREAT_ALTAR if note else PRIEST,
                "pay",
                f"{p} pays {', '.join(r.label for r in move.pay)} for {k} step(s){note}",
                state,
            )
        )
    else:
        why = "B2 pays for the only step" if grant.great_altar and grant.kind == "priest" else grant.name
        events.append(TempleEvent(grant.rule, "pay", f"{p} advances {k} step(s) without paying ({why})", state))
    start = state.space_of(p, t)
    without = state.remove(p, t)
    if start is None:
        path = list(range(1, k + 1))
        events.append(
            TempleEvent(
                PRIEST,
                "enter",
                f"{p} enters {t.value} on space 1 (placing the priest is the first step)",
                without,
                ((p, t, 1),),
            )
        )
    else:
        path = list(range(start + 1, start + k + 1))
        events.append(
            TempleEvent(
                PRIEST, "start", f"{p} advances {k} step(s) in {t.value} from space {start}", without, ((p, t, start),)
            )
        )
    target = path[-1]
    for s in path[:-1]:
        if (q := state.occupant(t, s)) is not None:
            events.append(
                TempleEvent(PUSH, "pass", f"{p} passes {q} on space {s} (passing pushes nobody)", without, ((p, t, s),))
            )
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
            text = f"{p} lands on {s} and pushes {q} to {s + 1}" if i == 0 else f"{mover} pushes {q} to {s + 1}"
            pushed.append((q, s, s + 1))
            if i + 1 < len(run):  # the space above is held: q is in transit until it pushes the next one
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


def explain_steps(
    state: TempleState,
    player: str,
    temple: Temple,
    grant: Grant | None = None,
    readings: TempleReadings = DEFAULT_READINGS,
) -> list[tuple[int, str | None]]:
    """For each number of steps 1..max in one temple: ``None`` if some payment makes it legal, else why not."""
    grant = grant or priest_action()
    temple = Temple(temple)
    out = []
    for k in range(1, grant.max_steps + 1):
        moves = [m for m in candidate_moves(state, player, grant) if m.temple is temple and m.steps == k]
        reasons = [why_illegal(state, m, grant, readings) for m in moves]
        out.append((k, None if any(r is None for r in reasons) else (reasons[0][0] if reasons else "no payment fits")))
    return out
