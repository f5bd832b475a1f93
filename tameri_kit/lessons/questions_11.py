"""Lesson 11 (exploring the rules with many games): balance questions whose answers come from a sweep's table.

Each answer is computed from the games (:mod:`tameri_kit.explore.stats`) when the learner presses Check, so it is
never stored in the lesson; what works an answer out (the test, the intervals, a chart) sits in a fold under the
question that opens only once the learner has it right or presses Reveal (``Question(fold=...)``).  An honest answer can
be "the games cannot tell", when the interval of the difference holds 0.
"""

from __future__ import annotations


from ..explore.stats import StatsError, differences, format_p, per_seat, seat_test, win_rates
from ..explore.summary import summary_lines
from ..widgets.after_check import OpensAfter, markdown_list
from ..widgets.question import Question, figure_html
from .charts_11 import rate_chart, width_chart
from .folds_11 import games_answer, pre_lines
from .questions_11_search import (  # noqa: F401  (the lesson asks them from this module)
    FOUR_PLAYERS,
    FOUR_PLAYERS_COMMAND,
    SEARCH,
    EXPERT,
    SEAT_EDGE,
    expert_against_strong,
    expert_seat_order,
    expert_sweep,
    four_player_sweep,
    search_against_strong,
    search_rate,
    search_sweeps,
    seat_edge_answer,
    seat_order_sweeps,
    seat_three,
)

QUESTIONS = (
    "first_seat",
    "p_value_and_interval",
    "seat_three_against_two",
    "games_to_halve",
    "building_owners",
    "greedy_against_random",
    "ghost_levels",
    "search_against_strong",
    "expert_against_strong",
    "expert_seat_order",
)
# asked before the sweep or the formula that answers them
ASKED_BEFORE = QUESTIONS


def _overall(table) -> str:
    try:
        return str(seat_test(table))
    except StatsError as error:
        return f"no overall test ({error})"


def seat_rates(table):
    """:func:`~tameri_kit.explore.stats.win_rates` by seat, labelled "seat 1 (first)", "seat 2" ..."""
    rates = win_rates(table, "seat")
    rates.index = [f"seat {seat}" + (" (first)" if seat == 1 else "") for seat in rates.index]
    return rates


def _pair_lines(frame) -> list[str]:
    lines = []
    for row in frame.itertuples(index=False):
        lines.append(
            f"seat {row.a} - seat {row.b}: win rate {row.difference:+.1%} [{row.low:+.1%}, {row.high:+.1%}], "
            f"points {row.points:+.1f} [{row.points_low:+.1f}, {row.points_high:+.1f}], {format_p(row.p)}, "
            f"Holm-adjusted {format_p(row.p_adjusted)[2:]}"
        )
    return lines


# -- 1. does the seat matter? -------------------------------------------------------------------------------------
SEAT_MATTERS = (
    "yes: some seats win more often than others, by more than luck explains",
    "no: the games cannot tell the seats apart",
)


def seat_answer(table, level: float = 0.05) -> str:
    """Yes when the overall test of equal seat win rates (:func:`~tameri_kit.explore.stats.seat_test`) gives a
    p-value below ``level``."""
    return SEAT_MATTERS[0] if seat_test(table).pvalue < level else SEAT_MATTERS[1]


def first_seat(table) -> Question:
    """Four random bots: does the seat matter?  Answered by the overall test (counting games, not seats)."""

    def explain(right: str) -> str:
        test = seat_test(table)
        rates = win_rates(table, "seat")
        best = rates["rate"].idxmax()
        row = rates.loc[best]
        return (
            f"{test} (one winner per game). If every seat won 1 game in 4, wins spread at least this unevenly "
            f"would turn up {test.pvalue:.1%} of the time. Seat {best} won {row['rate']:.1%} "
            f"[{row['low']:.1%}, {row['high']:.1%}]. Yet the seats' intervals overlap: overlapping intervals are "
            "not a test of a difference (section 3 shows why)."
        )

    return Question(
        f"Four random bots played {len(table)} seeded games. Does the seat a bot sits in change how often it "
        "wins - by more than luck explains?",
        lambda: seat_answer(table),
        kind="choice",
        options=list(SEAT_MATTERS),
        explain=explain,
        hint="Four equal seats would each win 1 game in 4. How uneven can the winners' seats of many games be "
        "by luck alone? That is what a test asks.",
        wrong=lambda given: (
            "Overlapping intervals do not show that the seats are equal: ask the test of all the seats together."
            if given == SEAT_MATTERS[1]
            else "A gap between the bars is not enough: the test of all the seats together decides."
        ),
        fold=games_answer(
            lambda: figure_html(
                rate_chart(
                    seat_rates(table), list(seat_rates(table).index), f"Four random bots, {len(table)} games", 0.25
                )
            ),
            lambda: pre_lines(
                [str(seat_test(table)), "every pair of seats (intervals and p-values corrected for the 6 pairs):"]
                + _pair_lines(differences(table, "seat"))
            ),
            lambda: (
                "<p>The command line prints the same (<code>python -m tameri_kit explore --players 4 --bots random "
                f"--games {len(table)} --out sweeps/seat_order.jsonl</code>):</p>"
                + pre_lines(summary_lines(table, ghost=False, rotate=False))
            ),
        ),
        fold_title="The games' answer",
    )


# -- 2. deciding from a p-value and an interval -----------------------------------------------------------------
DECISIONS = (
    "it changes the points and who wins",
    "it changes the points; the games cannot tell whether it changes who wins",
    "it changes neither: the win-rate interval holds 0",
    "nothing can be said: the win-rate interval is too wide",
)


def p_value_and_interval() -> Question:
    """Decide from two results of one sweep (given in the prompt)."""
    return Question(
        "A rules explorer plays 300 seeds twice, under two readings of an ambiguous rule (the same seeds: paired). "
        "The first player's final points change by +1.4 points, 95% interval [+0.5, +2.3], p = 0.003. The first "
        "player's win rate changes by +2.0%, 95% interval [-3.1%, +7.1%], p = 0.44. What do the games say about "
        "the reading?",
        DECISIONS[1],
        kind="choice",
        options=list(DECISIONS),
        explain="The points' interval lies wholly above 0 and p is far below 0.05: the reading changes the points. "
        "The win rate's interval holds 0 (and p = 0.44): a change of 0 is not ruled out, but neither is +7%. "
        "'Cannot tell' is not 'no change'.",
        hint="For each result: does its interval hold 0? Is its p-value below 0.05? The two always agree here.",
        wrong={
            DECISIONS[0]: "Look again at the win rate's interval: what does it hold?",
            DECISIONS[2]: "An interval holding 0 does not show 'no change'; and read the points' interval too.",
            DECISIONS[3]: "One wide interval does not spoil the other result: read each interval on its own.",
        },
    )


# -- 3. a pair asked beforehand, on new games: seats rotated, the strong bot --------------------------------------
def _pair_slip(given: str, right: str, options: tuple[str, str, str], who: str) -> str:
    """The slip behind a wrong answer to a question of a difference between two {who}, named without saying which
    answer is right: ``options`` are (the first clearly ahead, the second clearly ahead, the games cannot tell)."""
    if given == options[2]:
        return (
            f"'Cannot tell' fits a difference whose interval holds 0; look again at where this interval's two ends "
            f"lie before deciding about the two {who}."
        )
    if right == options[2]:
        return (
            f"One of the two {who} is clearly ahead only when the whole interval of the difference lies on one side "
            "of 0; look again at its two ends."
        )
    return "Look at the sign: which is subtracted from which, and on which side of 0 does the interval lie?"


PAIR = ("yes: seat 3 clearly wins more often", "no: seat 2 clearly wins more often", "the games cannot tell")


def pair_row(table, a: int = 3, b: int = 2):
    """Seat ``a`` minus seat ``b``: one row of :func:`~tameri_kit.explore.stats.differences` (one pair asked
    beforehand, so a plain 95% interval)."""
    return differences(table, "seat", pairs=[(a, b)]).iloc[0]


def pair_answer(table) -> str:
    row = pair_row(table)
    return PAIR[0] if row["low"] > 0 else PAIR[1] if row["high"] < 0 else PAIR[2]


def seat_three_against_two(table) -> Question:
    """One strong bot and three greedy ones, rotated: does seat 3 win more often than seat 2?"""
    seeds = table["seed"].nunique()

    def explain(right: str) -> str:
        row = pair_row(table)
        return (
            f"Seat 3 minus seat 2: {row['difference']:+.1%} in win rate, 95% interval [{row['low']:+.1%}, "
            f"{row['high']:+.1%}] over the {seeds} seeds ({format_p(row['p'])}); in points {row['points']:+.1f} "
            f"[{row['points_low']:+.1f}, {row['points_high']:+.1f}]. The overall test: {_overall(table)}. One pair asked "
            "before looking at these games needs no correction for many questions."
        )

    return Question(
        f"Now one strong bot and three greedy bots, {seeds} seeds, each played four times with the bots "
        "rotated round the table (every bot in every seat, on the same cards). Does seat 3 win more often than seat 2 in these new games?",
        lambda: pair_answer(table),
        kind="choice",
        options=list(PAIR),
        explain=explain,
        hint="Look at the interval of the difference, seat 3 minus seat 2: does it hold 0?",
        wrong=lambda given: _pair_slip(given, pair_answer(table), PAIR, "seats"),
        fold=games_answer(
            lambda: figure_html(
                rate_chart(
                    seat_rates(table),
                    list(seat_rates(table).index),
                    f"One strong and three greedy bots, rotated, {len(table)} games",
                    0.25,
                    top=0.6,
                )
            ),
            lambda: pre_lines([_overall(table)] + _pair_lines(differences(table, "seat", pairs=[(3, 2)]))),
        ),
        fold_title="The games' answer",
    )


# -- 4. how many games? -----------------------------------------------------------------------------------------
def games_to_halve(games: int) -> Question:
    """How many games halve an interval's width?  The fold shows the width as the games grow."""
    return _games_to_halve(
        games,
        fold=games_answer(
            lambda: (
                "<p>For large n the half-width is close to z sqrt(p(1-p)/n): it shrinks like 1/sqrt(n).</p>"
                + figure_html(width_chart())
            )
        ),
        fold_title="The width of an interval as the games grow",
    )


def _games_to_halve(games: int, *, fold=None, fold_title: str | None = None) -> Question:
    return Question(
        f"An interval from {games} games is too wide. How many games in all make it half as wide?",
        4 * games,
        kind="number",
        explain=f"The width of the interval shrinks like 1/sqrt(n): twice as narrow needs four times the games, "
        f"{4 * games}. Each extra digit of precision costs a hundred times the games.",
        hint="The width is proportional to 1/sqrt(number of games).",
        wrong={
            2 * games: "Too few: the width does not shrink in proportion to the games.",
            3 * games: "Still too few: the width does not shrink in proportion to the games.",
        },
        fold=fold,
        fold_title=fold_title,
    )


# -- 5. a link is not a cause -----------------------------------------------------------------------------------
OWNERS = ("yes: owners clearly score more", "no: owners clearly score less", "the games cannot tell")


def owners_difference(table, seed: int = 0) -> tuple[float, float, float]:
    """Mean final total of players owning at least one Building minus that of the others, with a bootstrap
    interval over the **games** (the seats of one game share its luck): ``(difference, low, high)``."""
    import numpy as np

    seats = per_seat(table)
    owner = seats["buildings"] > 0
    seats["owner_points"] = seats["total"].where(owner, 0)
    seats["owners"] = owner.astype(float)
    seats["other_points"] = seats["total"].where(~owner, 0)
    seats["others"] = (~owner).astype(float)
    columns = ["owner_points", "owners", "other_points", "others"]
    parts = seats.groupby("seed")[columns].sum().to_numpy(dtype=float)  # per game (seed)

    def gap(rows: np.ndarray) -> float:
        totals = rows.sum(axis=0)
        return totals[0] / totals[1] - totals[2] / totals[3]

    rng = np.random.default_rng(seed)
    draws = [gap(parts[rng.integers(0, len(parts), len(parts))]) for _ in range(2000)]
    return float(gap(parts)), float(np.quantile(draws, 0.025)), float(np.quantile(draws, 0.975))


def building_owners(table) -> Question:
    """Do players who bought a Building end with more points?"""

    def answer() -> str:
        _, low, high = owners_difference(table)
        return OWNERS[0] if low > 0 else OWNERS[1] if high < 0 else OWNERS[2]

    def explain(right: str) -> str:
        difference, low, high = owners_difference(table)
        seats = per_seat(table)
        return (
            f"{int((seats['buildings'] > 0).sum())} of {len(seats)} players bought a Building; their mean total "
            f"minus the others': {difference:+.1f} points (95% interval over the games {low:+.1f} to {high:+.1f}). "
            "A Building scores during the game and in sets at the end (End of the Game, step 2). But this compares "
            "players, not decisions: a player who could afford a Building was probably doing well already. A "
            "sweep shows a link; only an experiment (the same seeds, one bot told to buy and one told not to) "
            "shows a cause."
        )

    return Question(
        "Do the players who bought at least one Building end the game with more points than those who did not?",
        answer,
        kind="choice",
        options=list(OWNERS),
        explain=explain,
        hint="Look at the interval of the difference: does it hold 0?",
        wrong=lambda given: _pair_slip(given, answer(), OWNERS, "groups"),
    )


# -- 6. comparing bots fairly -----------------------------------------------------------------------------------
GREEDY = ("yes: clearly more than 1 in 4", "about 1 in 4: the games cannot tell", "no: clearly less than 1 in 4")


def greedy_against_random(table) -> Question:
    """How often does one greedy bot win against three random ones?"""

    def answer() -> str:
        row = win_rates(table, "bot").loc["greedy"]
        return GREEDY[0] if row["low"] > 0.25 else GREEDY[2] if row["high"] < 0.25 else GREEDY[1]

    def why_not(given: str) -> str:
        if answer() == GREEDY[1]:
            return "The greedy bot's interval holds 1/4: the games cannot tell it from a bot as good as the others."
        if given == GREEDY[1]:
            return "The greedy bot's whole interval lies on one side of 1/4: the games do tell."
        return "Look again at which side of 1/4 the greedy bot's whole interval lies."

    def explain(right: str) -> str:
        row = win_rates(table, "bot").loc["greedy"]
        return (
            f"The greedy bot won {row['rate']:.0%} of its games, 95% interval {row['low']:.1%} to "
            f"{row['high']:.1%} ({row['interval']}: the four rotations of a seed share its cards). It tries every "
            "decision on its own view and keeps the best (tameri_kit.game.play.bots); random bots waste their actions. "
            "To learn something about the rules, pit bots of similar strength against each other."
        )

    return Question(
        "One greedy bot sits with three random bots (every seat in turn, on the same seeds). A bot no better "
        "than the others would win 1 game in 4. Does the greedy bot win more often?",
        answer,
        kind="choice",
        options=list(GREEDY),
        explain=explain,
        hint="Compare the greedy bot's whole interval with 0.25.",
        wrong=why_not,
        fold=games_answer(
            lambda: figure_html(
                rate_chart(
                    win_rates(table, "bot"),
                    list(win_rates(table, "bot").index),
                    f"One greedy bot, three random bots, {len(table)} games",
                    0.25,
                )
            )
        ),
        fold_title="The games' answer",
    )


# -- 7. the Ghost's levels ----------------------------------------------------------------------------------------
GHOST_STEPS = (
    "yes: each step clearly lowers it",
    "only easy against hard: the single steps cannot be told apart",
    "no: the games cannot tell the levels apart by wins",
)
GHOST_LEVEL_NAMES = ("easy", "intermediate", "hard")


def level_win_step(table, easier: str, harder: str) -> tuple[float, float, float]:
    """How much more often the humans beat the Ghost at ``easier`` than at ``harder``, on the same seeds (paired):
    the mean of (beaten at easier - beaten at harder) with a bootstrap interval over the seeds."""
    from ..explore.ghost_stats import ghost_seats
    from ..explore.stats import paired_difference

    seats = ghost_seats(table)
    keys = ["seed", "rotation", "seat"]
    pairs = seats[seats["ghost"] == easier][keys + ["beat"]].merge(
        seats[seats["ghost"] == harder][keys + ["beat"]], on=keys, suffixes=("_easier", "_harder")
    )
    return paired_difference(pairs["beat_easier"].astype(float), pairs["beat_harder"].astype(float))


def ghost_steps_answer(table) -> str:
    """Which steps of difficulty clearly lower how often the humans beat the Ghost: a step is clear when the
    interval of the paired difference (easier minus harder, the same seeds) lies wholly above 0."""

    def clear(easier: str, harder: str) -> bool:
        return level_win_step(table, easier, harder)[1] > 0

    easy, intermediate, hard = GHOST_LEVEL_NAMES
    if clear(easy, intermediate) and clear(intermediate, hard):
        return GHOST_STEPS[0]
    return GHOST_STEPS[1] if clear(easy, hard) else GHOST_STEPS[2]


def ghost_levels(table) -> Question:
    """Does each level of the Ghost make it clearly harder to beat (one strong bot, the same seeds)?"""
    from ..explore.ghost_stats import ghost_rates

    games = int(ghost_rates(table)["games"].min())

    def explain(right: str) -> str:
        rates = ghost_rates(table)
        beaten = ", ".join(f"{level} {int(row['beaten'])} of {int(row['games'])}" for level, row in rates.iterrows())
        text = (
            f"Games won against the Ghost: {beaten}. Each level starts the Ghost one space further along in every "
            "Temple and with more points (Ghost Player steps 3a and 4: the first, second or third space; 3, 8 or 10 "
            "points). A step is clear only when the interval of the difference between two levels, on the same "
            "seeds, lies wholly above 0."
        )
        if right == GHOST_STEPS[2]:
            text += (
                " Here the strong bot hardly ever beats the Ghost at any level: the win rate is pressed against 0, "
                "so wins cannot show the steps. Few or no wins in n games is not a zero chance (the interval still "
                "reaches about 4/n). A measure with room to move - the margin, the bot's points minus the Ghost's, "
                "on the same seeds - shows the levels below."
            )
        return text

    def why_not(given: str) -> str:
        right = ghost_steps_answer(table)
        if right == GHOST_STEPS[2]:
            return "Every difference between two levels holds 0: the wins alone cannot tell the levels apart."
        if given == GHOST_STEPS[2]:
            return "The difference between two levels lies wholly above 0: the games do tell."
        return "Compare each pair of neighbouring levels: does the interval of their difference lie above 0?"

    return Question(
        f"One strong bot plays alone against the Ghost, {games} seeded games at each level (the same seeds). "
        "Does each step of difficulty - easy to intermediate, intermediate to hard - clearly lower how often "
        "the bot beats the Ghost?",
        lambda: ghost_steps_answer(table),
        kind="choice",
        options=list(GHOST_STEPS),
        explain=explain,
        hint="A step is clear when the difference between two levels, seed by seed, lies wholly above 0.",
        wrong=why_not,
        fold=games_answer(
            lambda: figure_html(
                rate_chart(
                    ghost_rates(table),
                    list(ghost_rates(table).index),
                    f"One strong bot alone against the Ghost, {games} games per level",
                    top=0.1,
                )
            )
        ),
        fold_title="The games' answer",
    )


SUMMARY = """
- A sweep is a list of seeds; the same seeds give the same table on any machine, in any order.
- "Does the seat matter?" is answered by a **test** over **games** (a game has one winner) and its **p-value**,
  not by comparing the seats' intervals by eye.
- **Overlapping intervals are not a test**: read the interval of the **difference**; when it holds 0 the games
  *cannot tell* - which is not "no difference".
- Ask a question found in one sweep of **new games**; rotate the seats and pair the seeds to compare fairly.
- Twice the precision costs **four times** the games; a link in the games is not a cause.
- A win rate pressed against 0 cannot show a difference: measure something with room to move, such as the margin.
- Many questions of one sweep need corrected p-values (Holm, Benjamini-Hochberg) and wider intervals.
- A general search algorithm is judged like any bot: on the same seeds, seats rotated, with a rating table and
  its intervals - and with a label that says whether it saw the hidden cards.
- A search is as good as what it sees at its leaves: the expert bot, whose playouts are played and valued with what
  the kit knows of Tameri, is judged by the same paired, rotated sweeps, and so is the question whether its seat
  matters.
- A seat's edge found with one kind of bot is asked again with better play in every seat (the same bot in all
  four): only an edge that holds there belongs to the seat rather than to a bot's habits.
"""


def summary(*asked: Question) -> OpensAfter:
    """The lesson's summary: it restates answers, so it opens once the questions ``asked`` are checked."""
    return OpensAfter(asked, lambda: markdown_list(SUMMARY))
