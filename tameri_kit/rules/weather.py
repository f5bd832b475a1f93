"""Phase 1: Weather - dropping spheres into the Great Pyramid and resolving the ramps.

Rulebook: Phase 1: Weather, steps 1-6 and the note on Silt that comes into view; Game Setup 1b.

Everything here is pure: a function takes a :class:`~tameri_kit.rules.pyramid.Pyramid` and returns a new one
with the list of events that led there.  Chance is explicit: a phase runs from a list of
:class:`Landing` values, which you either give by hand or draw with :func:`sample_landings` from a seeded
``random.Random``; :func:`drop_outcomes` lists the outcomes of one drop with their probabilities.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from ..errors import IllegalActionError, NotationError
from .._fast import direct_init, from_fields
from .common import RAMPS, Ramp, Sphere, count_value, require_text
from .pyramid import RIVER_SPACES, Pyramid
from .readings import DEFAULT, Readings

_SPHERES = tuple(Sphere)

STEP3 = "Phase 1: Weather, step 3"
STEP4 = "Phase 1: Weather, step 4"
STEP5 = "Phase 1: Weather, step 5"
STEP6 = "Phase 1: Weather, step 6"
NOTE = "Phase 1: Weather, note after step 6"

_NAMES = {"S": "Sun", "W": "Water", "L": "Silt"}
_PLURALS = {"S": "Suns", "W": "Waters", "L": "Silt spheres"}


# ----------------------------------------------------------------------------------------------------------------
# Chance: landings
# ----------------------------------------------------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Landing:
    """One dropped sphere and the ramp it lands on.  Text form ``"W@E"`` (Water lands on the East ramp)."""

    sphere: Sphere
    ramp: Ramp

    def __str__(self) -> str:
        return f"{self.sphere.value}@{self.ramp.value}"

    def describe(self) -> str:
        """The landing in words (``Sun lands on ramp ...``)."""
        return f"{self.sphere.label} lands on ramp {self.ramp.label}"

    @classmethod
    def parse(cls, text: str) -> "Landing":
        """>>> Landing.parse("w@e")
        Landing(sphere=<Sphere.WATER: 'W'>, ramp=<Ramp.EAST: 'E'>)
        """
        m = re.fullmatch(r"\s*([A-Za-z])\s*@\s*([A-Za-z])\s*", require_text(text, "Landing.parse"))
        if not m:
            raise NotationError(text, 0, "a landing is written SPHERE@RAMP, e.g. 'W@E'")
        try:
            sphere = Sphere.parse(m.group(1))
        except ValueError as e:
            raise NotationError(text, m.start(1), str(e)) from None
        try:
            ramp = Ramp.parse(m.group(2))
        except ValueError as e:
            raise NotationError(text, m.start(2), str(e)) from None
        return cls(sphere, ramp)


def parse_landings(text: str) -> tuple[Landing, ...]:
    """``"S@N W@E"`` -> two landings, in the order they fall.  Errors point at the bad character."""
    out = []
    for m in re.finditer(r"\S+", require_text(text, "parse_landings")):
        try:
            out.append(Landing.parse(m.group()))
        except NotationError as e:
            raise NotationError(text, m.start() + e.position, e.reason) from None
    return tuple(out)


def format_landings(landings: Iterable[Landing]) -> str:
    """Landings as the notation writes them, separated by spaces (Phase 1, step 3)."""
    return " ".join(str(x) for x in landings)


def _weights(weights: Sequence | None) -> tuple:
    if weights is None:
        return (1, 1, 1, 1)
    w = tuple(weights)
    if len(w) != 4:
        raise ValueError(f"landing weights need one number per ramp (N, E, S, W), got {len(w)}")
    if any(x < 0 for x in w) or sum(w) <= 0:
        raise ValueError(f"landing weights must be non-negative and not all zero, got {w}")
    return w


def drop_outcomes(sphere: Sphere, weights: Sequence | None = None) -> list[tuple[Landing, Fraction]]:
    """The chance outcomes of dropping one sphere: each ramp with its probability (uniform by default).

    >>> [(str(l), str(p)) for l, p in drop_outcomes(Sphere.SUN)]
    [('S@N', '1/4'), ('S@E', '1/4'), ('S@S', '1/4'), ('S@W', '1/4')]
    """
    w = [Fraction(x) for x in _weights(weights)]
    total = sum(w)
    return [(Landing(sphere, r), x / total) for r, x in zip(RAMPS, w)]


def sample_landings(
    spheres: Counter | str | Iterable[Sphere], rng: random.Random, weights: Sequence | None = None
) -> tuple[Landing, ...]:
    """Drop a multiset of spheres: shuffle them, then send each to a ramp drawn with ``weights``.

    Uses only ``rng`` (a ``random.Random``), so the same seed gives the same landings on any machine.
    """
    if not isinstance(rng, random.Random):
        raise TypeError(
            "sample_landings needs a random.Random, e.g. random.Random(7); the kit never uses the global RNG"
        )
    bag = _as_list(spheres)
    rng.shuffle(bag)
    w = [float(x) for x in _weights(weights)]
    total = sum(w)
    cum, acc = [], 0.0
    for x in w:
        acc += x / total
        cum.append(acc)
    out = []
    for sphere in bag:
        u = rng.random()
        idx = next((i for i, c in enumerate(cum) if u < c), 3)
        while w[idx] == 0:  # guard against float round-off landing on a zero-weight ramp
            idx -= 1
        out.append(Landing(sphere, RAMPS[idx]))
    return tuple(out)


def _as_list(spheres) -> list[Sphere]:
    if isinstance(spheres, str):
        out = []
        for i, ch in enumerate(spheres):
            if not ch.isspace():
                try:
                    out.append(Sphere.parse(ch))
                except ValueError as e:
                    raise NotationError(spheres, i, str(e)) from None
        return out
    if isinstance(spheres, Counter) or isinstance(spheres, dict):
        out = []
        for s in Sphere:  # a fixed order, whatever order the mapping has
            out += [s] * count_value(spheres.get(s, 0), f"the number of {s.label} spheres")
        return out
    return [Sphere.parse(s) for s in spheres]


# ----------------------------------------------------------------------------------------------------------------
# Events
# ----------------------------------------------------------------------------------------------------------------
@direct_init
@dataclass(frozen=True)
class WeatherEvent:
    """One thing that happened, with the rule behind it and the pyramid right after it."""

    step: str  # the rulebook section, e.g. "Phase 1: Weather, step 4"
    kind: str  # land | not_enough | five | silt_to_river | silt_to_supply | pair | tile | season
    ramp: Ramp | None
    text: str
    after: Pyramid

    def __str__(self) -> str:
        return f"{self.text}  [{self.step}]"


@direct_init
@dataclass(frozen=True)
class PhaseResult:
    start: Pyramid
    landings: tuple[Landing, ...]
    events: tuple[WeatherEvent, ...]
    end: Pyramid

    def log(self) -> str:
        """The phase's events as text, one a line."""
        return "\n".join(str(e) for e in self.events)

    def _repr_html_(self) -> str:
        """Jupyter shows a phase as its event log and final picture (rendering is imported lazily)."""
        from ..render.pyramid_svg import phase_html

        return phase_html(self)


# ----------------------------------------------------------------------------------------------------------------
# One ramp.  Each step returns the entries of its log: (kind, what, spheres after, river after).
# ----------------------------------------------------------------------------------------------------------------
_FIVE = re.compile(r"S{5}|W{5}|L{5}")  # five of one colour in a row (step 4); the lowest run is found first
_PAIR = re.compile(r"SW|WS")  # a Sun touching a Water (step 6); the lowest pair is found first


_ALL = 1 << 30


def _end(readings: Readings) -> int:
    """Where the visible part of a ramp ends (reading W1); string searches stop there."""
    return _ALL if readings.visible is None else readings.visible


def _to_river(river: int) -> tuple[int, bool]:
    """A Silt leaving a ramp takes the free river space nearest the pyramid; with none free it goes to the supply."""
    return (river + 1, True) if river < RIVER_SPACES else (river, False)


def _first_visible_silt(seq: str, readings: Readings) -> int:
    return seq.find("L", 0, _end(readings))


def ramp_step4(seq: str, river: int, readings: Readings = DEFAULT) -> list[tuple]:
    """Phase 1: Weather, step 4 - five spheres of one colour in a row: remove the lowest, and repeat."""
    log = []
    while True:
        m = _FIVE.search(seq, 0, _end(readings))
        if m is None:
            return log
        start = m.start()
        ch = seq[start]
        seq = seq[:start] + seq[start + 1 :]
        if ch == "L" and readings.five_silt_to == "river":
            river, placed = _to_river(river)
            log.append(("five", (ch, river if placed else None), seq, river))
        else:
            log.append(("five", (ch, None), seq, river))


def _silt_out(seq: str, river: int, readings: Readings, kind_when_placed: str) -> list[tuple]:
    log = []
    while (i := _first_visible_silt(seq, readings)) >= 0:
        seq = seq[:i] + seq[i + 1 :]
        river, placed = _to_river(river)
        log.append((kind_when_placed if placed else "silt_to_supply", river if placed else None, seq, river))
    return log


def ramp_step5(seq: str, river: int, readings: Readings = DEFAULT) -> list[tuple]:
    """Phase 1: Weather, step 5 - every visible Silt goes to its river, nearest space first (full: to the supply).

    Silt that slides into view as the ones below leave goes too (reading W1: only visible spheres are handled).
    """
    return _silt_out(seq, river, readings, "silt_to_river")


def _touching_pair(seq: str, readings: Readings) -> int:
    m = _PAIR.search(seq, 0, _end(readings))
    return -1 if m is None else m.start()


def ramp_step6(seq: str, river: int, readings: Readings = DEFAULT) -> list[tuple]:
    """Phase 1: Weather, step 6 and its note - a Sun and a Water that touch are both removed, lowest pair first,
    cascading; Silt that comes into view meanwhile goes to the river as in step 5."""
    log = []
    while (i := _touching_pair(seq, readings)) >= 0:
        pair = seq[i : i + 2]
        seq = seq[:i] + seq[i + 2 :]
        log.append(("pair", pair, seq, river))
        more = _silt_out(seq, river, readings, "silt_into_view")
        if more:
            log += more
            seq, river = more[-1][2], more[-1][3]
    return log


_STEPS = ((STEP4, ramp_step4), (STEP5, ramp_step5), (STEP6, ramp_step6))


def resolve_ramp(seq: str, river: int, readings: Readings = DEFAULT) -> tuple[str, int]:
    """Steps 4-6 on one ramp alone: the ramp's spheres and its river's Silt afterwards.

    >>> resolve_ramp("SSSSSL", 0)      # Example 2a: five Suns, a Silt above them
    ('SSSS', 1)
    """
    while True:
        before = (seq, river)
        for _step, fn in _STEPS:
            log = fn(seq, river, readings)
            if log:
                seq, river = log[-1][2], log[-1][3]
        if not readings.repeat_five_check or (seq, river) == before:
            return seq, river


# ----------------------------------------------------------------------------------------------------------------
# The whole pyramid
# ----------------------------------------------------------------------------------------------------------------
def _describe(kind: str, what, ramp: Ramp) -> str:
    r = ramp.label
    if kind == "five":
        ch, space = what
        where = f"goes to the {r} river, space {space}" if space is not None else "goes back to the supply"
        return f"Five {_PLURALS[ch]} in a row on {r}: the lowest is removed and {where}"
    if kind == "silt_to_river":
        return f"Silt leaves ramp {r} for the {r} river, space {what}"
    if kind == "silt_into_view":
        return f"Silt comes into view on {r} and goes to the {r} river, space {what}"
    if kind == "silt_to_supply":
        return f"Silt leaves ramp {r}, but the {r} river is full: it goes back to the supply"
    if kind == "pair":
        return f"Sun and Water touch on {r}: both removed"
    raise AssertionError(kind)


_STEP_OF = {"five": STEP4, "silt_to_river": STEP5, "silt_to_supply": STEP5, "silt_into_view": NOTE, "pair": STEP6}


def apply_ramp_step(pyramid: Pyramid, fn, readings: Readings, events: list) -> Pyramid:
    """One step of Phase 1 (``fn``: step 5 or 6 for one ramp) on every ramp in turn; its events go to ``events``."""
    for ramp in RAMPS:
        for kind, what, seq, river in fn(pyramid.ramp(ramp), pyramid.river(ramp), readings):
            k = ramp.index
            ramps, rivers = list(pyramid.ramps), list(pyramid.rivers)
            ramps[k], rivers[k] = seq, river
            # seq and river come from the step rules applied to a valid pyramid: spheres only leave, Silt moves
            # to a river with room or back to the supply
            fields = {"ramps": tuple(ramps), "rivers": tuple(rivers), "held_silt": pyramid.held_silt}
            pyramid = from_fields(Pyramid, fields)  # (tameri_kit._fast: checked in tests/rules/test_weather.py)
            step = _STEP_OF[kind]
            if kind == "silt_to_supply" and fn is ramp_step6:
                step = NOTE
            text = _describe(kind, what, ramp)  # WeatherEvent(step, kind, ramp, text, pyramid), from its fields:
            event = {"step": step, "kind": kind, "ramp": ramp, "text": text, "after": pyramid}  # (tameri_kit._fast)
            events.append(from_fields(WeatherEvent, event))
    return pyramid


def resolve(pyramid: Pyramid, readings: Readings = DEFAULT) -> tuple[Pyramid, list[WeatherEvent]]:
    """Steps 4, 5 and 6 over all four ramps, in the rulebook's order (each step on every ramp, N E S W)."""
    events: list[WeatherEvent] = []
    while True:
        before = pyramid
        for _step, fn in _STEPS:
            pyramid = apply_ramp_step(pyramid, fn, readings, events)
        if not readings.repeat_five_check or pyramid == before:
            return pyramid, events


def drop(pyramid: Pyramid, landing: Landing) -> Pyramid:
    """Phase 1: Weather, step 3 - one sphere from the supply lands on a ramp and rolls down onto the others."""
    if pyramid.supply(landing.sphere) <= 0:
        raise IllegalActionError(f"no {landing.sphere.label} sphere is left in the supply to drop", rule=STEP3)
    ramps = list(pyramid.ramps)
    ramps[landing.ramp.index] += landing.sphere._value_  # one more sphere of a colour the supply still has
    return from_fields(Pyramid, {"ramps": tuple(ramps), "rivers": pyramid.rivers, "held_silt": pyramid.held_silt})


def run_phase(pyramid: Pyramid, landings: Iterable[Landing] | str, readings: Readings = DEFAULT) -> PhaseResult:
    """Drop the landings one at a time (step 3), then resolve steps 4-6.

    ``landings`` may be text (``"S@N W@E"``).  A landing whose sphere is not in the supply raises
    :class:`~tameri_kit.errors.IllegalActionError` naming it; nothing is changed.
    """
    landings = parse_landings(landings) if isinstance(landings, str) else tuple(landings)
    events: list[WeatherEvent] = []
    state = pyramid
    for k, landing in enumerate(landings, 1):
        try:
            state = drop(state, landing)
        except IllegalActionError as e:
            raise IllegalActionError(f"landing {k} ({landing}): {e}") from None
        event = {"step": STEP3, "kind": "land", "ramp": landing.ramp, "text": landing.describe(), "after": state}
        events.append(from_fields(WeatherEvent, event))  # WeatherEvent(STEP3, "land", ...), from its fields
    end, more = resolve(state, readings)
    return PhaseResult(pyramid, landings, tuple(events + more), end)


def available(pyramid: Pyramid, spheres: Counter | str | Iterable[Sphere]) -> tuple[Counter, list[str]]:
    """Phase 1: Weather, step 3 - only spheres still in the supply can be inserted.

    Returns the spheres that can be dropped and a sentence for each colour that falls short.
    """
    if isinstance(spheres, (dict, Mapping)):  # dict first: cheaper
        want = {s: max(0, int(spheres.get(s, 0))) for s in _SPHERES}
    else:
        want = Counter(_as_list(spheres))
    got, notes = Counter(), []
    for s in _SPHERES:
        w = want.get(s, 0)
        if not w:
            continue
        have = pyramid.supply(s)
        n = min(w, have)
        if n:
            got[s] = n
        if n < w:
            notes.append(f"Only {have} {s.label} left in the supply: {w - n} not dropped")
    return got, notes


def weather_phase(
    pyramid: Pyramid,
    spheres: Counter | str | Iterable[Sphere],
    *,
    rng: random.Random | None = None,
    landings: Iterable[Landing] | str | None = None,
    weights: Sequence | None = None,
    readings: Readings = DEFAULT,
    preamble: Sequence[str] = (),
) -> PhaseResult:
    """A whole weather phase for a multiset of spheres (steps 3-6): either drawn from ``rng`` or given as ``landings``.

    With ``rng``, spheres the supply lacks are left out (step 3) and reported.  With ``landings`` given by hand
    they must be exactly the spheres that can be dropped.  ``preamble`` lines (e.g. which tile was revealed) are
    reported first.
    """
    got, notes = available(pyramid, spheres)
    head = [WeatherEvent("Phase 1: Weather, steps 1-2", "tile", None, line, pyramid) for line in preamble]
    head += [WeatherEvent(STEP3, "not_enough", None, line, pyramid) for line in notes]
    if (rng is None) == (landings is None):
        raise TypeError("weather_phase needs exactly one of rng= (a seeded random.Random) or landings=")
    if landings is None:
        landings = sample_landings(got, rng, weights)
    else:
        landings = parse_landings(landings) if isinstance(landings, str) else tuple(landings)
        given = Counter(x.sphere for x in landings)
        if given != got:
            want = ", ".join(f"{n} {s.label}" for s, n in got.items()) or "nothing"
            raise IllegalActionError(
                f"the landings drop {', '.join(f'{n} {s.label}' for s, n in given.items()) or 'nothing'}, but this "
                f"phase drops {want}",
                rule=STEP3,
            )
    result = run_phase(pyramid, landings, readings)
    return PhaseResult(pyramid, result.landings, tuple(head) + result.events, result.end)
