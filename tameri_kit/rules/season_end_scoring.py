"""The End of the Season, steps 1-4, as a sequence of explained events.

Rulebook: End of the Season, steps 1-4 (Examples 19, 20, 21); Buildings, "End of Season points".

Steps 1 (the Priest card draft) and 2 (the glyph bonus) are worked out elsewhere in the kit; their results can
be passed in (``priest_draft``, ``glyph_bonus``) so that the whole season end reads as one story.  Steps 5 and 6
(clearing the Nile, refreshing the Buildings and tiles) do not score and are not here.

>>> from tameri_kit.rules.offering import Stock
>>> players = [PlayerSituation("A", screen=Stock(barley=2)), PlayerSituation("B", screen=Stock(barley=1))]
>>> r = season_end(players, 1)
>>> [e.text for e in r.events]
['no Building scores at the end of this Season',
'Barley: A offered the most (2) - 2 points; A discards their Barley; B keeps 1 behind the screen',
'Papyrus: nobody offered any - nobody scores', 'Flax: nobody offered any - nobody scores',
'Fruit: nobody offered any - nobody scores']
>>> str(r.player("A").screen), str(r.player("B").screen), r.player("A").score
('nothing', '1 barley', 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from ..errors import IllegalActionError, StateError
from .common import RESOURCES, Resource
from .glyphs import SEASON_END_POINTS
from .scoring import (
    MAJORITY_POINTS,
    MAJORITY_TIE_POINTS,
    SCORING_DEFAULT,
    SEASON_SCORERS,
    Category,
    PlayerSituation,
    ScoringEvent,
    ScoringReadings,
    building_season_points,
    building_tables,
    d4_choice,
    spend_on_d4,
    majority_points,
    name_list,
)

STEP = "End of the Season, step {}"
#: The categories of points a season end gives, in order (keys of :attr:`SeasonEndResult.points`).
SEASON_CATEGORIES = (Category.GLYPH_BONUS, Category.BUILDINGS, Category.MAJORITIES)


@dataclass(frozen=True)
class SeasonEndResult:
    """The End of the Season worked out: the players before and after, every explained event, and each player's
    points by category (:data:`SEASON_CATEGORIES`)."""

    season: int | None  # None: asked without a season (no A2 to score)
    start: tuple[PlayerSituation, ...]
    events: tuple[ScoringEvent, ...]
    end: tuple[PlayerSituation, ...]
    points: Mapping[str, Mapping[str, int]]  # player -> category -> points

    def player(self, name: str) -> PlayerSituation:
        """The player ``name`` at the end of the Season's scoring."""
        return next(p for p in self.end if p.name == name)

    def total(self, name: str) -> int:
        """The points ``name`` scored at this Season's end, every category together."""
        return sum(self.points[name].values())

    def log(self) -> str:
        """Every event as a line of text, with its rulebook step."""
        return "\n".join(str(e) for e in self.events)


def check_players(players: Sequence[PlayerSituation]) -> tuple[PlayerSituation, ...]:
    """The players as a tuple, refused (:class:`StateError`) when there are none or two share a name."""
    ps = tuple(players)
    if not ps:
        raise StateError("scoring needs at least one player")
    names = [p.name for p in ps]
    if len(set(names)) != len(names):
        raise StateError(f"player names must be different: {names}")
    return ps


def majority_step(
    players: Sequence[PlayerSituation], *, first: int = MAJORITY_POINTS, tie: int = MAJORITY_TIE_POINTS
) -> list[ScoringEvent]:
    """End of the Season, step 4: reveal the screens and score each type in turn (Barley, Papyrus, Flax, Fruit).

    For each type the most offered scores ``first`` (2, ``MAJORITY_POINTS``), a tie ``tie`` (1,
    ``MAJORITY_TIE_POINTS``) each; every scorer discards all their resources of that type, everyone else puts theirs
    back behind the screen.  Nobody scores a type that nobody offered (register S4).  Returns one event per type,
    each with the players right after it.
    """
    ps = list(check_players(players))
    events = []
    for r in RESOURCES:
        counts = {p.name: p.screen[r] for p in ps}
        won = majority_points(counts, first=first, tie=tie)
        winners = [p.name for p in ps if p.name in won]
        kept = tuple((p.name, p.screen[r]) for p in ps if p.name not in won and p.screen[r] > 0)
        ps = [p.but(score=p.score + won[p.name], screen=p.screen.without(r)) if p.name in won else p for p in ps]
        if not winners:
            text = f"{r.label}: nobody offered any - nobody scores"
        elif len(winners) == 1:
            text = (
                f"{r.label}: {winners[0]} offered the most ({counts[winners[0]]}) - {first} points; "
                f"{winners[0]} discards their {r.label}"
            )
        else:
            text = (
                f"{r.label}: {name_list(winners)} tie on {counts[winners[0]]} - {tie} point each; "
                f"they discard their {r.label}"
            )
        if kept:
            text += "; " + ", ".join(f"{n} keeps {c}" for n, c in kept) + " behind the screen"
        events.append(
            ScoringEvent(
                STEP.format(4),
                "majority",
                text,
                tuple((n, won[n]) for n in winners),
                tuple(ps),
                resource=r,
                discarded=tuple(winners),
                kept=kept,
            )
        )
    return events


def season_end(
    players: Sequence[PlayerSituation],
    season: int | None = None,
    *,
    glyph_bonus: Iterable[str] | None = None,
    priest_draft: Mapping[str, Sequence[int]] | None = None,
    tables: Mapping[str, Mapping] | None = None,
    d4_spend: Mapping[str, Resource | str | None] | None = None,
    readings: ScoringReadings = SCORING_DEFAULT,
    flat_buildings: Iterable[str] = (),
) -> SeasonEndResult:
    """End of the Season, steps 1-4, as explained events.

    ``season`` (1 Akhet, 2 Peret, 3 Shemu) is needed only when a player owns A2, which scores by Season; without
    it the other steps, and the majorities (also alone: :func:`majority_step`), are worked out as usual.

    - ``priest_draft``: player -> points of the Priest cards they kept in step 1 (worked out elsewhere).
    - ``glyph_bonus``: the players whose last card matched their board glyph (step 2, worked out elsewhere).
    - ``tables``: the parameters of A2 and A3 (see :func:`~tameri_kit.rules.scoring.building_tables`).
    - ``d4_spend``: player -> the resource D4 spends, or ``None`` to decline; a player left out lets the kit
      choose (:func:`~tameri_kit.rules.scoring.d4_choice`).
    - ``flat_buildings``: players who score 1 point per Building in step 3, whatever the cards say (the Ghost of
      the +1 Player Mode: Ghost End of Season, step 3).
    """
    flat = set(flat_buildings)
    if season is not None and season not in (1, 2, 3) or isinstance(season, bool):
        raise StateError(f"season must be 1 (Akhet), 2 (Peret) or 3 (Shemu), not {season!r}")
    start = check_players(players)
    names = [p.name for p in start]
    for label, given in (
        ("priest_draft", priest_draft or {}),
        ("glyph_bonus", glyph_bonus or ()),
        ("d4_spend", d4_spend or {}),
    ):
        unknown = sorted(set(given) - set(names))
        if unknown:
            raise StateError(f"{label} names unknown players: {unknown}")
    need_tables = any(b in ("A2", "A3") for p in start for b in p.buildings)
    tabs = building_tables(tables) if need_tables else dict(tables or {})
    spend = {}
    for p in start:
        if "D4" in p.buildings and p.name not in flat:
            choice = (d4_spend or {}).get(p.name, "auto")
            if choice == "auto":
                choice = d4_choice(p)
            elif choice is not None:
                choice = Resource.parse(choice) if isinstance(choice, str) else Resource(choice)
                if p.reserve[choice] == 0:
                    raise IllegalActionError(f"{p.name} has no {choice.value} for D4 to spend", rule="Buildings: D4")
            spend[p.name] = choice

    points = {n: {c: 0 for c in SEASON_CATEGORIES} for n in names}
    ps = list(start)
    events: list[ScoringEvent] = []
    idx = {n: i for i, n in enumerate(names)}

    # Step 1 - the Priest draft's result
    if priest_draft:
        for n in names:
            cards = tuple(priest_draft.get(n, ()))
            if not cards:
                continue
            p = ps[idx[n]]
            ps[idx[n]] = p.but(priest_cards=p.priest_cards + cards)
            events.append(
                ScoringEvent(
                    STEP.format(1), "priests", f"{n} keeps {len(cards)} Priest card(s) from the draft", (), tuple(ps)
                )
            )

    # Step 2 - the glyph bonus
    if glyph_bonus is not None:
        bonus = [n for n in names if n in set(glyph_bonus)]
        for n in bonus:
            ps[idx[n]] = ps[idx[n]].gain(SEASON_END_POINTS)
            points[n]["glyph bonus"] += SEASON_END_POINTS
        others = [n for n in names if n not in bonus]
        text = (
            f"{name_list(bonus)} matched the glyph on their board with their last card: {SEASON_END_POINTS} points each"
            if bonus
            else "nobody matched the glyph on their board with their last card"
        )
        if bonus and others:
            text += f"; {name_list(others)} did not"
        events.append(
            ScoringEvent(STEP.format(2), "glyph", text, tuple((n, SEASON_END_POINTS) for n in bonus), tuple(ps))
        )

    # Step 3 - Buildings
    for n in names:
        p = ps[idx[n]]
        if n in flat:  # the Ghost: 1 point per Building card, regardless of the cards' effects
            total = len(p.buildings)
            ps[idx[n]] = p.gain(total)
            points[n]["buildings"] += total
            events.append(
                ScoringEvent(
                    STEP.format(3),
                    "building",
                    f"{n} scores 1 point for each of its {total} Building card(s) (Ghost End of Season, step 3)",
                    ((n, total),),
                    tuple(ps),
                )
            )
            continue
        order = sorted(p.buildings)
        if readings.d4_last and "D4" in order:
            order = [b for b in order if b != "D4"] + ["D4"]
        parts, total = [], 0
        for b in order:
            if b == "D4":
                r = spend.get(n)
                if r is None:
                    pts, why = (
                        0,
                        (
                            "D4: declined to spend a resource -> 0"
                            if p.reserve.total
                            else "D4: no resource to spend -> 0"
                        ),
                    )
                elif p.reserve[r] == 0:
                    pts, why = 0, f"D4: no {r.value} left to spend -> 0"
                else:
                    reserve, pts = spend_on_d4(p.reserve, r)
                    p = p.but(reserve=reserve)
                    why = f"D4: spends 1 {r.label} -> {pts}"
            else:
                pts, why = building_season_points(b, p, season, tables=tabs)
            if b in SEASON_SCORERS:
                parts.append(why)
            total += pts
        p = p.gain(total)
        ps[idx[n]] = p
        points[n]["buildings"] += total
        if parts:
            events.append(
                ScoringEvent(
                    STEP.format(3),
                    "building",
                    f"{n} scores {total} for Buildings: " + "; ".join(parts),
                    ((n, total),),
                    tuple(ps),
                )
            )
    if not any(e.kind == "building" for e in events):
        events.append(
            ScoringEvent(STEP.format(3), "building", "no Building scores at the end of this Season", (), tuple(ps))
        )

    # Step 4 - majorities
    maj = majority_step(ps)
    for e in maj:
        for n, pts in e.points:
            points[n]["majorities"] += pts
    events += maj
    end = maj[-1].after
    return SeasonEndResult(season, start, tuple(events), end, points)
