"""Lesson 11 (exploring the rules with many games): balance questions whose answers come from a sweep's table.

Each answer is read off the games (:mod:`tameri_kit.explore.stats`) when the learner presses Check, so it is never
stored in the lesson; an honest answer can be "the games cannot tell", when the interval holds both possibilities.
"""

from __future__ import annotations

from ..explore.stats import per_seat, win_rates
from ..widgets.question import Question

QUESTIONS = ("first_seat", "games_to_halve", "building_owners", "greedy_against_random", "ghost_levels")
# asked before the sweep or the formula that answers them
ASKED_BEFORE = ("first_seat", "games_to_halve", "building_owners", "greedy_against_random", "ghost_levels")

NO_CLEAR_SEAT = "no seat clearly: the intervals overlap"
SEATS = ("seat 1 (the first player)", "seat 2", "seat 3", "seat 4")


def best_seat(table, confidence: float = 0.95) -> str:
    """The seat whose whole interval lies above every other seat's interval, or :data:`NO_CLEAR_SEAT`."""
    rates = win_rates(table, "seat", confidence)
    for seat, row in rates.iterrows():
        others = rates.drop(index=seat)
        if (row["low"] > others["high"]).all():
            return SEATS[int(seat)]
    return NO_CLEAR_SEAT


def first_seat(table) -> Question:
    """Does a seat win more often than the others, with four random bots?"""
    return Question(
        "Four random bots play the same seeds. Which seat wins most often - clearly, beyond what luck explains?",
        lambda: best_seat(table),
        kind="choice",
        options=list(SEATS) + [NO_CLEAR_SEAT],
        explain="Read the intervals, not the bars: a seat wins clearly more only when its whole 95% interval lies "
        "above every other seat's. The order of play changes every round (Phase 3: the lowest card number "
        "goes first), so sitting first decides little in Tameri.",
        hint="Four equal players would each win 1 game in 4. How wide is each interval?",
        wrong=lambda given: (
            "One seat's whole interval lies above every other seat's: more than luck explains."
            if given == NO_CLEAR_SEAT
            else "The games do not show that seat clearly ahead: its interval does not lie above every other "
            "seat's, so luck can explain the gap between the bars."
        ),
    )


def games_to_halve(games: int) -> Question:
    """How many games halve an interval's width?"""
    return Question(
        f"An interval from {games} games is too wide. How many games in all make it half as wide?",
        4 * games,
        kind="number",
        explain=f"The width of the interval shrinks like 1/sqrt(n): twice as narrow needs four times the games, "
        f"{4 * games}. Each extra digit of precision costs a hundred times the games.",
        hint="The width is proportional to 1/sqrt(number of games).",
        wrong={
            2 * games: "Twice the games narrows the interval only by a factor sqrt(2), about 1.41.",
            3 * games: "Three times the games narrows the interval by sqrt(3), about 1.73, not 2.",
        },
    )


OWNERS = ("yes: owners clearly score more", "no: owners clearly score less", "the games cannot tell")


def owners_difference(table, seed: int = 0) -> tuple[float, float, float]:
    """Mean final total of players owning at least one Building minus that of the others, with a bootstrap
    interval over the seats: ``(difference, low, high)``."""
    import numpy as np

    seats = per_seat(table)
    owners = seats[seats["buildings"] > 0]["total"].to_numpy(dtype=float)
    others = seats[seats["buildings"] == 0]["total"].to_numpy(dtype=float)
    rng = np.random.default_rng(seed)
    draws = [rng.choice(owners, owners.size).mean() - rng.choice(others, others.size).mean() for _ in range(2000)]
    return float(owners.mean() - others.mean()), float(np.quantile(draws, 0.025)), float(np.quantile(draws, 0.975))


def building_owners(table) -> Question:
    """Do players who bought a Building end with more points?"""

    def answer() -> str:
        _, low, high = owners_difference(table)
        return OWNERS[0] if low > 0 else OWNERS[1] if high < 0 else OWNERS[2]

    return Question(
        "Do the players who bought at least one Building end the game with more points than those who did not?",
        answer,
        kind="choice",
        options=list(OWNERS),
        explain="A Building scores during the game and in sets at the end (End of the Game, step 2), so owners "
        "score more. But this compares players, not decisions: a player who could afford a Building was "
        "probably doing well already. A sweep shows a link; only an experiment (the same seeds, one bot "
        "told to buy and one told not to) shows a cause.",
        hint="Look at the interval of the difference: does it hold 0?",
        wrong=lambda given: (
            "The interval of the difference holds 0: the games cannot tell the two groups apart."
            if answer() == OWNERS[2]
            else "The whole interval of the difference lies on one side of 0: the games do tell."
            if given == OWNERS[2]
            else "Look at the sign: the whole interval of the difference lies on the other side of 0."
        ),
    )


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

    return Question(
        "One greedy bot sits with three random bots (every seat in turn, on the same seeds). A bot no better than "
        "the others would win 1 game in 4. Does the greedy bot win more often?",
        answer,
        kind="choice",
        options=list(GREEDY),
        explain="The greedy bot tries every decision on its own view and keeps the best (tameri_kit.game.bots); "
        "random bots waste their actions, so it wins nearly every game and its interval lies far above "
        "1/4. To learn something about the rules, pit bots of similar strength against each other.",
        hint="Compare the greedy bot's whole interval with 0.25.",
        wrong=why_not,
    )


GHOST_STEPS = (
    "yes: each step clearly lowers it",
    "only easy against hard: the single steps cannot be told apart",
    "no: the games cannot tell the levels apart by wins",
)
GHOST_LEVEL_NAMES = ("easy", "intermediate", "hard")


def ghost_steps_answer(table) -> str:
    """Which steps of difficulty clearly lower how often the humans beat the Ghost: a step is clear when the easier
    level's whole Wilson interval lies above the harder level's."""
    from ..explore.ghost_stats import ghost_rates

    rates = ghost_rates(table)

    def clear(easier: str, harder: str) -> bool:
        return bool(rates.loc[easier, "low"] > rates.loc[harder, "high"])

    easy, intermediate, hard = GHOST_LEVEL_NAMES
    if clear(easy, intermediate) and clear(intermediate, hard):
        return GHOST_STEPS[0]
    return GHOST_STEPS[1] if clear(easy, hard) else GHOST_STEPS[2]


def ghost_levels(table) -> Question:
    """Does each level of the Ghost make it clearly harder to beat (one strong bot, the same seeds)?"""
    from ..explore.ghost_stats import ghost_rates

    games = int(ghost_rates(table)["games"].min())

    def explain(right: str) -> str:
        text = (
            "Each level starts the Ghost one space further along in every Temple and with more points (Ghost Player "
            "steps 3a and 4: the first, second or third space; 3, 8 or 10 points). A step is clear only when the "
            "easier level's whole 95% interval lies above the harder one's."
        )
        if right == GHOST_STEPS[2]:
            text += (
                " Here the strong bot hardly ever beats the Ghost at any level: the win rate is pressed against 0, "
                "where the intervals overlap, so wins cannot show the steps. Few or no wins in n games is not a "
                "zero chance (the interval still reaches about 4/n). A measure with room to move - the margin, the "
                "bot's points minus the Ghost's, on the same seeds - shows the levels below."
            )
        return text

    def why_not(given: str) -> str:
        right = ghost_steps_answer(table)
        if right == GHOST_STEPS[2]:
            return "The levels' intervals overlap: the wins alone cannot tell the levels apart."
        if given == GHOST_STEPS[2]:
            return "One level's whole interval lies above a harder level's: the games do tell."
        return "Compare each pair of neighbouring levels: does the easier one's whole interval lie above the other's?"

    return Question(
        f"One strong bot plays alone against the Ghost, {games} seeded games at each level (the same seeds). Does "
        "each step of difficulty - easy to intermediate, intermediate to hard - clearly lower how often the bot "
        "beats the Ghost?",
        lambda: ghost_steps_answer(table),
        kind="choice",
        options=list(GHOST_STEPS),
        explain=explain,
        hint="A step is clear when the easier level's whole interval lies above the harder level's. Where can a "
        "win rate go when it is already near 0?",
        wrong=why_not,
    )
