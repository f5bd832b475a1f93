"""The End of the Game, steps 1-6, as explained events and a final outcome with a per-category breakdown.

Rulebook: End of the Game, steps 1-6 (Examples 22-26); Priest Cards; Mini Expansion "The Gifts of the Gods"
(cards kept until the end count in step 5).

:func:`game_end` starts from the players after the last Season's end (their ``score`` is what they have
gathered so far); :func:`finish_game` runs the third Season's end first and then the end of the game, and keeps
the season-end points as their own categories.  The :class:`GameOutcome` draws itself as a table in Jupyter;
``tameri_kit.render.scores.outcome_figure`` draws it as a stacked bar chart.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Mapping, Sequence

from .offering import Stock
from .scoring import (
    SCORING_DEFAULT,
    MAJORITY_POINTS,
    MAJORITY_TIE_POINTS,
    Category,
    SET_POINTS,
    PlayerSituation,
    ScoringEvent,
    ScoringReadings,
    best_sets,
    hand_glyph_points,
    highest_card,
    leftover_items,
    leftover_points,
    majority_points,
    name_list,
)
from .season_end_scoring import SEASON_CATEGORIES, check_players, season_end

STEP = "End of the Game, step {}"
EARLIER = Category.DURING_GAME
#: The categories of the end of the game, in order (:class:`~tameri_kit.rules.scoring.Category` values, each equal
#: to its name: ``Category.LEFTOVERS == "leftovers"``).
GAME_CATEGORIES = (
    Category.OFFERING_TOTAL,
    Category.BUILDING_SETS,
    Category.PRIEST_CARDS,
    Category.HAND_GLYPHS,
    Category.LEFTOVERS,
)


@dataclass(frozen=True, repr=False)
class GameOutcome:
    """Each player's final total, its breakdown by category, the winner(s) and the events that led there."""

    names: tuple[str, ...]
    categories: tuple[str, ...]
    breakdown: Mapping[str, Mapping[str, int]]  # player -> category -> points (categories in order)
    winners: tuple[str, ...]
    tiebreak: str  # how the winner was found ("" when one player had most points)
    events: tuple[ScoringEvent, ...]
    end: tuple[PlayerSituation, ...]
    sets: Mapping[str, tuple[tuple[str, ...], ...]]

    @property
    def totals(self) -> dict[str, int]:
        """Each player's final total (the sum of the categories)."""
        return {n: sum(self.breakdown[n].values()) for n in self.names}

    def total(self, name: str) -> int:
        """The final total of the player called ``name``."""
        return sum(self.breakdown[name].values())

    def points(self, name: str, category: str) -> int:
        """The points the player called ``name`` scored in ``category``."""
        return self.breakdown[name][category]

    def ranking(self) -> list[tuple[str, int]]:
        """``(name, total)`` from the highest total down (equal totals in the players' order; ``winners`` and
        ``tiebreak`` say who won)."""
        t = self.totals
        return sorted(t.items(), key=lambda kv: (-kv[1], self.names.index(kv[0])))

    def log(self) -> str:
        """The scoring events as text, one a line."""
        return "\n".join(str(e) for e in self.events)

    def table_text(self) -> str:
        """A plain-text table (players down, categories across) - the same numbers as the HTML table."""
        w = max(len(n) for n in self.names)
        head = " | ".join([" " * w] + list(self.categories) + ["total"])
        rows = [head]
        for n in self.names:
            cells = [n.ljust(w)] + [str(self.breakdown[n][c]).rjust(len(c)) for c in self.categories]
            cells.append(str(self.total(n)).rjust(5))
            rows.append(" | ".join(cells) + ("  <- winner" if n in self.winners else ""))
        return "\n".join(rows)

    def __repr__(self) -> str:
        return f"GameOutcome(winners={self.winners!r})\n{self.table_text()}"

    def _repr_html_(self) -> str:
        from ..render.scores import outcome_table_html

        return outcome_table_html(self)


def _card(number) -> str:
    if number is None:
        return "no card"
    return "\u221e" if number == float("inf") else str(number)


def set_text(sets: Sequence[Sequence[str]]) -> str:
    """A player's Building sets and their points in words (End of the Game, step 2: ``ABCDE (11) + AB (2) = 13``,
    Example 23)."""
    if not sets:
        return "no Buildings -> 0"
    parts = [f"{''.join(s)} ({SET_POINTS[len(s)]})" for s in sets]
    return " + ".join(parts) + f" = {sum(SET_POINTS[len(s)] for s in sets)}"


def game_end(
    players: Sequence[PlayerSituation],
    *,
    readings: ScoringReadings = SCORING_DEFAULT,
    earlier: Mapping[str, Mapping[str, int]] | None = None,
) -> GameOutcome:
    """End of the Game, steps 1-6.

    ``earlier`` (player -> category -> points) splits points already inside each ``score`` into categories
    (:func:`finish_game` passes the last Season's end); whatever is not covered is shown as "during the game".
    """
    start = check_players(players)
    names = tuple(p.name for p in start)
    earlier = earlier or {}
    cats_before = [c for c in SEASON_CATEGORIES if any(c in earlier.get(n, {}) for n in names)]
    breakdown = {}
    for p in start:
        e = earlier.get(p.name, {})
        inside = sum(e.get(c, 0) for c in cats_before)
        breakdown[p.name] = {
            EARLIER: p.score - inside,
            **{c: e.get(c, 0) for c in cats_before},
            **{c: 0 for c in GAME_CATEGORIES},
        }
    ps = list(start)
    idx = {n: i for i, n in enumerate(names)}
    events: list[ScoringEvent] = []

    def add(n: str, cat: str, pts: int) -> None:
        ps[idx[n]] = ps[idx[n]].gain(pts)
        breakdown[n][cat] += pts

    # Step 1 - total offering majority, then every screen is emptied
    totals = {p.name: p.screen.total for p in ps}
    won = majority_points(totals)
    for n, pts in won.items():
        add(n, "offering total", pts)
    winners = [n for n in names if n in won]
    left = ", ".join(f"{n} {totals[n]}" for n in names)
    if not winners:
        text = f"Nothing is left behind any screen ({left}): nobody scores"
    elif len(winners) == 1:
        text = f"Most resources left behind the screen: {winners[0]} ({left}) - {MAJORITY_POINTS} points"
    else:
        text = (
            f"Most resources left behind the screen: {name_list(winners)} tie ({left}) - "
            f"{MAJORITY_TIE_POINTS} point each"
        )
    events.append(
        ScoringEvent(STEP.format(1), "total", text, tuple((n, won[n]) for n in winners), tuple(ps), discarded=names)
    )
    ps = [p.but(screen=Stock()) for p in ps]
    events.append(
        ScoringEvent(
            STEP.format(1), "screens", "Everyone discards what was behind their screen", (), tuple(ps), discarded=names
        )
    )

    # Step 2 - Building sets
    sets = {}
    for p in start:
        s = best_sets(p.symbols)
        sets[p.name] = s
        pts = sum(SET_POINTS[len(x)] for x in s)
        add(p.name, "building sets", pts)
        events.append(
            ScoringEvent(
                STEP.format(2), "sets", f"{p.name}'s Building sets: {set_text(s)}", ((p.name, pts),), tuple(ps)
            )
        )

    # Step 3 - Priest cards
    for p in start:
        pts = sum(p.priest_cards)
        add(p.name, "priest cards", pts)
        cards = " + ".join(str(x) for x in p.priest_cards) if p.priest_cards else "none"
        events.append(
            ScoringEvent(
                STEP.format(3), "priest", f"{p.name}'s Priest cards: {cards} -> {pts}", ((p.name, pts),), tuple(ps)
            )
        )

    # Step 4 - glyphs in hand
    for p in start:
        pts, why = hand_glyph_points(p.hand, readings.hand_glyphs)
        add(p.name, "hand glyphs", pts)
        events.append(ScoringEvent(STEP.format(4), "hand", f"{p.name}'s hand: {why}", ((p.name, pts),), tuple(ps)))

    # Step 5 - leftovers
    for p in start:
        n = leftover_items(p, readings)
        pts = leftover_points(n)
        add(p.name, "leftovers", pts)
        gifts = f" + {p.gifts * readings.gift_items} for Gifts of the Gods cards" if p.gifts else ""
        events.append(
            ScoringEvent(
                STEP.format(5),
                "leftovers",
                f"{p.name} has {p.reserve.total} resource(s) + {p.deben} Deben + {p.silt} Silt{gifts} = {n} -> {pts}",
                ((p.name, pts),),
                tuple(ps),
            )
        )

    # Step 6 - the winner
    final = {n: sum(breakdown[n].values()) for n in names}
    best = max(final.values())
    top = [n for n in names if final[n] == best]
    tiebreak = ""
    if len(top) == 1:
        text = f"{top[0]} wins with {best} points"
    else:
        cards = {n: highest_card(ps[idx[n]]) for n in top}
        shown = ", ".join(f"{n} {_card(cards[n])}" for n in top)
        ranked = [c for c in cards.values() if c is not None]
        if ranked:
            hi = max(ranked)
            top = [n for n in top if cards[n] == hi]
        if len(top) == 1:
            tiebreak = f"tie on {best}; highest Action card in hand: {shown} -> {top[0]}"
            text = (
                f"{name_list(list(cards))} tie on {best} points; {top[0]} wins with the highest card in hand ({shown})"
            )
        else:
            tiebreak = f"tie on {best}; highest Action card in hand: {shown} -> still tied, shared victory"
            text = (
                f"{name_list(top)} tie on {best} points and on the highest card in hand ({shown}): they share "
                "the victory"
            )
    events.append(ScoringEvent(STEP.format(6), "winner", text, (), tuple(ps)))
    cats = (EARLIER, *cats_before, *GAME_CATEGORIES)
    return GameOutcome(
        names,
        cats,
        {n: {c: breakdown[n][c] for c in cats} for n in names},
        tuple(top),
        tiebreak,
        tuple(events),
        tuple(ps),
        sets,
    )


def finish_game(
    players: Sequence[PlayerSituation],
    *,
    glyph_bonus: Iterable[str] | None = None,
    priest_draft: Mapping[str, Sequence[int]] | None = None,
    tables: Mapping[str, Mapping] | None = None,
    d4_spend=None,
    readings: ScoringReadings = SCORING_DEFAULT,
    flat_buildings: Iterable[str] = (),
) -> GameOutcome:
    """The third Season's end (End of the Season steps 1-4) followed by the End of the Game (steps 1-6)."""
    se = season_end(
        players,
        3,
        glyph_bonus=glyph_bonus,
        priest_draft=priest_draft,
        tables=tables,
        d4_spend=d4_spend,
        readings=readings,
        flat_buildings=flat_buildings,
    )
    out = game_end(se.end, readings=readings, earlier=se.points)
    return replace(out, events=se.events + out.events)
