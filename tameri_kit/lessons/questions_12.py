"""Lesson 12 (solo against the Ghost): where the third Ghost Farmer of Example 30 goes, which Ghost Farmer a Farmer
action moves, which Nile card the Ghost takes in Season 2, and, from the stored study of many solo games, where the
Ghost's points come from and how many Priest cards it is dealt.

Every answer comes from the Ghost's rules or the stored games at Check: Example 30 is played through the engine
(Ghost Player step 3d, reading X1), the Farmer by :func:`tameri_kit.game.rules_of_play.ghost.actions.nearest_farmer_anticlockwise`
(Ghost Farmer action b, reading X1), the Nile card by :func:`tameri_kit.game.rules_of_play.ghost.turn.nile_pick` (Phase 4 a-c,
reading X4); the sources of points and the Priest cards by :mod:`tameri_kit.explore.ghost_stats` from the study's
files (docs/ghost_study.md).
"""

from __future__ import annotations

from ..explore.ghost_stats import sources_table, stored_study
from ..game import Settings, chance_outcomes, new_game, step
from ..game.core.catalog import FIELDS
from ..game.rules_of_play.ghost import GHOST_CARDS
from ..game.rules_of_play.ghost.actions import nearest_farmer_anticlockwise
from ..game.rules_of_play.ghost.turn import nile_pick
from ..widgets.after_check import OpensAfter, markdown_list
from ..widgets.question import Question

QUESTIONS = (
    "example_30_third_farmer",
    "ghost_farmer_moves",
    "season_2_nile_card",
    "ghost_top_source",
    "ghost_draft_cards",
)
# asked before the text or widget that answers them
ASKED_BEFORE = QUESTIONS


#: Example 30's three Ghost cards in the kit's (illustrative) Ghost deck: the Barley field at the bottom, the Flax
#: field at the bottom, the Barley field at the bottom again (tests/game/test_ghost_rules.py::test_example_30_...)
EXAMPLE_30_CARDS = (5, 4, 9)
#: a Nile for the question outside the lesson (the lesson passes its seeded game's Nile)
DEFAULT_NILE = (12, 40, 77)


def example_30_state():
    """A solo game (easy) after Example 30's three set-up draws: the engine places the Ghost's three Farmers."""
    state = new_game(Settings.for_players(1, ghost="easy"))
    while state.top.kind != "draw_ghost":  # the set-up's Buildings and Sphinx tiles: any outcome will do
        state = step(state, chance_outcomes(state)[0][0])
    for card in EXAMPLE_30_CARDS:
        state = step(state, f"chance: ghost card {card}")
    return state


def _fields() -> tuple[str, str, str]:
    return tuple(GHOST_CARDS[card].field for card in EXAMPLE_30_CARDS)


def _third_farmer() -> str:
    first, second, _ = _fields()
    ghost = example_30_state().players[-1]
    placed = [field for field in ghost.farmers if field not in (first, second)]
    return placed[0]


def _ring_from(field: str) -> list[str]:
    k = FIELDS.index(field)
    return [FIELDS[(k + d) % len(FIELDS)] for d in range(1, len(FIELDS))]


def _why_not_farmer(given: str) -> str:
    first, second, third = _fields()
    if given in (first, second):
        return (
            f"A Ghost Farmer already stands on {given}, and the Ghost never has two Farmers on one field (Ghost "
            "Farmer action, d)"
        )
    if given in reversed(_ring_from(third)[-3:]):
        return f"That is going anticlockwise from {third}; the rule says clockwise: follow the ring forwards"
    return f"Count along the ring from {third}: the Farmer stops at the first field with room and no Ghost Farmer"


def example_30_third_farmer(*, fold=None, fold_title: str | None = None) -> Question:
    """Example 30, asked before the engine plays it."""
    first, second, third = _fields()
    return Question(
        f"Example 30: the Ghost's first set-up card shows {first}, the second {second}, and the third {third} "
        "again. Where does the Ghost's third Farmer go?",
        _third_farmer,
        kind="choice",
        options=list(FIELDS),
        explain=lambda right: (
            f"Ghost Player step 3d: a Ghost Farmer already stands on {third}, so the new Farmer goes on to the first "
            f"available field going clockwise. In the kit's ring (reading X1) the first field after {third} with an "
            f"empty space and no Ghost Farmer is {right}. The rulebook says the same: the Papyrus field, the first "
            "one in clockwise order."
        ),
        hint="The Ghost never puts two Farmers on one field. Go round the ring in its order, starting after the "
        "field the card shows.",
        wrong=_why_not_farmer,
        fold=fold,
        fold_title=fold_title,
    )


def _nile_card(nile: tuple[int, ...]):
    def pick() -> int:
        return nile_pick(tuple((number, None) for number in nile), 2)

    return pick


def season_2_nile_card(nile: tuple[int, ...] = DEFAULT_NILE, *, fold=None, fold_title: str | None = None) -> Question:
    """Asked before the log of the Ghost's turn shows the card it took."""
    low, high = min(nile), max(nile)
    return Question(
        f"It is Season 2. John has taken his card; cards {', '.join(str(n) for n in sorted(nile))} are left in the "
        "Nile. Which card does the Ghost take?",
        _nile_card(tuple(nile)),
        kind="choice",
        options=[(str(number), number) for number in sorted(nile)],
        explain="+1 Player Mode, Phase 4: the Ghost never chooses; it takes the card with the lowest value in Season "
        "1, the middle value in Season 2 and the highest in Season 3, whatever its actions or resource.",
        hint="The Season decides, not the cards' actions.",
        wrong={
            low: "The lowest card is the Ghost's choice in Season 1; in Season 2 it takes another",
            high: "The highest card is the Ghost's choice in Season 3; in Season 2 it takes another",
        },
        fold=fold,
        fold_title=fold_title,
    )


#: the Ghost's Farmers and a Ghost card's field for the Farmer question outside the lesson
DEFAULT_FARMERS, DEFAULT_FIELD = ("S-barley", "S-papyrus", "W-flax"), "N-fruit"


def _first_clockwise(farmers: tuple[str, ...], field: str) -> str | None:
    return next((f for f in _ring_from(field) if f in farmers), None)


def ghost_farmer_moves(
    farmers: tuple[str, ...] = DEFAULT_FARMERS, field: str = DEFAULT_FIELD, *, fold=None, fold_title: str | None = None
) -> Question:
    """Ghost Farmer action b, asked before the log of the Ghost's turn shows which Farmer moved."""
    wrong_way = _first_clockwise(farmers, field)
    return Question(
        f"The Ghost's Farmers stand on {', '.join(farmers)}. Its Farmer action draws a Ghost card showing {field}, "
        "which has an empty space. Which Ghost Farmer moves there?",
        lambda: nearest_farmer_anticlockwise(tuple(farmers), field),
        kind="choice",
        options=list(farmers),
        explain=lambda right: (
            f"Ghost Farmer action b: the Ghost has no Farmer on {field} and it has room, so the closest Ghost Farmer "
            f"moves there in a clockwise direction: the one on {right}, which reaches {field} in the fewest steps "
            "going clockwise round the ring (reading X1)."
        ),
        hint=f"The Farmer moves clockwise: which Ghost Farmer gets to {field} first that way?",
        wrong=lambda given: (
            f"{given} is the closest Ghost Farmer going anticlockwise from {field}, and it would have to move "
            "anticlockwise to get there; the rule moves the Farmer that gets there soonest moving clockwise"
            if given == wrong_way
            else f"Another Ghost Farmer reaches {field} in fewer clockwise steps than the one on {given}"
        ),
        fold=fold,
        fold_title=fold_title,
    )


# --- why the Ghost wins: the stored study (docs/ghost_study.md) ---------------------------------------------------
#: the study the lesson reads: 200 solo games of the strong bot against an easy Ghost
STUDY = "easy"
#: the sources a learner chooses among (a label each; the label names no number) -> the study's source
SOURCE_OPTIONS = (
    ("the points it starts with", "start"),
    ("its Offerings to the Pharaoh", "Offering"),
    ("its Sphinx actions", "Sphinx"),
    ("its Decorations", "Decoration"),
    ("the Priest cards it reveals at the end", "Priest cards"),
    ("the majorities at the Season ends", "majorities"),
    ("Nile cards completing a glyph", "left glyphs"),
)


def _top_source(study: str) -> str:
    means = sources_table(stored_study(study), "ghost")
    return max((source for _, source in SOURCE_OPTIONS), key=lambda source: means.get(source, 0.0))


def _source_explanation(study: str):
    def explain(right: str) -> str:
        means = sources_table(stored_study(study), "ghost")
        ranked = sorted(((means.get(source, 0.0), label) for label, source in SOURCE_OPTIONS), reverse=True)
        listed = "; ".join(f"{label} {value:.1f}" for value, label in ranked)
        low, high = ranked[3][0], ranked[0][0]
        return (
            f"Mean points per game over the stored games: {listed}. The Sphinx action is the Ghost's richest "
            "action: 2 points for each Ghost Sphinx in play, so once its three Sphinxes stand every Sphinx action "
            "scores 6 (reading X9 of the kit: the rulebook's summary does not say whether the points stop once all "
            "three are built). No single source wins the game for the Ghost: four sources give it between "
            f"{low:.0f} and {high:.0f} points each."
        )

    return explain


def ghost_top_source(study: str = STUDY) -> Question:
    """Asked before the chart of the Ghost's points by source."""
    return Question(
        "The strong bot played 200 solo games against an easy Ghost (the same bot, one seed per game). Over those "
        "games, which of these sources gave the Ghost the most points per game?",
        lambda: _top_source(study),
        kind="choice",
        options=[(label, source) for label, source in SOURCE_OPTIONS],
        explain=_source_explanation(study),
        hint="Think of how often each one scores in a game and how much it scores each time: the Ghost performs "
        "both actions of each of its 12 cards.",
        wrong={
            "start": "An easy Ghost starts with only a few points (Ghost Player step 4); the others keep scoring all "
            "game",
            "Priest cards": "Close, but not the most: a Priest card is worth 1 to 3 points, and another source scores "
            "more per game",
            "Offering": "Close, but not the most: an Offering scores a fixed 5, and the Ghost performs it only when a "
            "card it takes shows it",
            "majorities": "Close, but not the most: there are only three Season ends to score majorities at",
            "Decoration": "A Decoration scores a fixed 3: another action scores more each time",
            "left glyphs": "A completed glyph scores 2, and not every card completes one",
        },
    )


def _draft_cards(study: str) -> int:
    counts = {row["ghost_priest_cards"]["draft cards"] for row in stored_study(study)}
    if len(counts) != 1:  # the rule gives the same number in every game; the stored games say so
        raise ValueError(f"the stored games disagree on the Ghost's draft cards: {sorted(counts)}")
    return counts.pop()


def _draft_explanation(study: str):
    def explain(right: int) -> str:
        rows = stored_study(study)
        ghost = sum(row["ghost_priest_cards"]["draft points"] for row in rows) / len(rows)
        bot = sum(row["human_priest_cards"]["draft cards"] for row in rows) / len(rows)
        return (
            "The Ghost starts with a Priest in each of the three Temples (Ghost Player step 3a) and never takes one "
            "away, so it is dealt 3 cards at each of the 3 Season ends - in every one of the stored games. At 1 to 3 "
            f"points a card they give it {ghost:.1f} points a game on average (the kit's Priest cards are "
            f"illustrative). The strong bot places few Priests and is dealt only {bot:.1f} cards a game; a person "
            "who puts Priests into the Temples early is dealt cards the same way."
        )

    return explain


def ghost_draft_cards(study: str = STUDY) -> Question:
    """Asked before the explanation of the Ghost's Priest cards."""
    return Question(
        "At the End of each Season the Priest cards are drafted: one card for each Priest in the Temples (End of "
        "the Season, step 1), and the Ghost is given a random one whenever its turn comes. How many Priest cards is "
        "the Ghost dealt in these drafts over a whole game?",
        lambda: _draft_cards(study),
        kind="number",
        placeholder="a whole number",
        explain=_draft_explanation(study),
        hint="Count the Ghost's Priests in the Temples at the start, and how many Season ends a game has.",
        wrong={
            3: "That counts one draft only",
            1: "The draft deals one card per Priest in the Temples, not one per player",
        },
    )


SUMMARY = """
- The **Ghost** is an extra player that never decides: it always plays last, takes the lowest, middle or highest
  Nile card in Seasons 1, 2 and 3, and performs both of the card's actions top to bottom.
- A **Ghost card** (at most one per turn) tells it where a Farmer goes, how far its Priests climb and where a Sphinx
  is built; a Farmer that would land on a field with a Ghost Farmer goes on clockwise (Example 30).
- The **difficulty** is where its Priests start: space 1, 2 or 3 of each Temple (3, 8 or 10 points).
- What it gains goes behind its screen and counts only in the majorities; it never pays and never uses a Building's
  effect.
- In the kit a Ghost game is recorded and replayed like any other: `Settings.for_players(1, ghost="hard")`, and
  `ghost_result(final)` says by how much you beat it.
- The Ghost **beats the strong bot in every game and the expert bot in about two games of three** because every one
  of its actions scores and it is dealt 9 Priest cards a game; the study `docs/ghost_study.md` shows where its
  points come from and how little reading X9 and the invented cards change that (`docs/bots.md`: the expert bot's
  games).
"""


def summary(*asked: Question) -> OpensAfter:
    """The lesson's summary: it restates answers, so it opens once the questions ``asked`` are checked."""
    return OpensAfter(asked, lambda: markdown_list(SUMMARY))


POINTS_BY_SOURCE = """
The Ghost's lead is spread over many rules. It scores with every action it performs (it performs both actions
of each of its 12 cards and never pays), it is dealt a Priest card for each of its three Priests at every Season
end, and it holds most of the majorities, since everything it gains goes behind its screen. The bot scores well
with its own Offerings, but it places few Priests (so it is dealt few Priest cards) and scores little with
Sphinxes.
"""


def points_by_source(rows, *asked: Question) -> OpensAfter:
    """The chart of where the points come from (the Ghost's beside the strong bot's) and what it shows: its tallest
    bar answers ``ghost_top_source`` and its words ``ghost_draft_cards``, so it opens once ``asked`` are checked."""
    from ..explore.ghost_stats import breakdown_figure
    from ..widgets.question import figure_html

    def content() -> str:
        chart = figure_html(breakdown_figure(rows, "Where the points come from: 200 solo games, easy Ghost"))
        return chart + f"<p>{' '.join(POINTS_BY_SOURCE.split())}</p>"

    return OpensAfter(asked, content, title="Where the points come from")
