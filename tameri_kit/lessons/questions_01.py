"""Lesson 01 (what is Tameri?): the shape of a game, the actions that need a Worker, and a card after a face-down one.

Every answer comes from the kit at Check: a whole game played by the engine, the eight actions of
:mod:`tameri_kit.rules.action_cards`, and :func:`~tameri_kit.rules.glyphs.card_play`.
"""

from __future__ import annotations

from ..data.board import SEASON_NAMES
from ..game import Settings, random_playout
from ..game.core.catalog import CARDS
from ..rules.action_cards import Action, Glyph
from ..rules.glyphs import Played, card_play
from ..widgets.after_check import OpensAfter, markdown_list
from ..widgets.question import Question

QUESTIONS = ("rounds_in_a_game", "worker_actions", "card_89_after_face_down")
# asked before the text or widget that answers them (the others are answered nowhere in the lesson)
ASKED_BEFORE = ("rounds_in_a_game", "worker_actions")


def _rounds() -> int:
    _entries, end = random_playout(Settings.for_players(3), 0)
    return end.round


def game_shape(rounds: int = 12) -> str:
    """The shape of a game, Seasons and rounds (the question's fold)."""
    seasons = ", ".join(f"<i>{name}</i>" for _number, name in sorted(SEASON_NAMES.items()))
    return (
        f"<p>After Season 0 come <b>three Seasons</b> ({seasons}) of <b>four rounds</b> each: {rounds} rounds. After a "
        "Season's fourth round comes the End of the Season; after the third Season, the End of the Game.</p>"
    )


def rounds_in_a_game() -> Question:
    """Asked before the text on a game's shape (Season 0, then three Seasons)."""
    return Question(
        "Not counting Season 0, how many rounds does a whole game have?",
        _rounds,
        kind="number",
        label="Rounds",
        explain="A game has three Seasons (Akhet, Peret, Shemu) of four rounds each, and a player board holds one "
        "card per round of a Season (Game Rounds). Season 0 is the draft before round 1 and has no rounds.",
        hint="How many Seasons are there, and how many cards does a player lay on the board in one Season?",
        wrong={
            3: "You counted Seasons; the question counts rounds.",
            4: "Count the rounds of every Season, not of one.",
            13: "Season 0 is not a round: it is the draft before round 1.",
        },
        forms=(
            "three Seasons of four rounds",
            "3 Seasons of 4 rounds",
            "of four rounds each",
            "of 4 rounds each",
            "four rounds each",
            "4 rounds each",
        ),
        about=("rounds", "round"),
        fold=game_shape,
    )


def actions_table(_answer=None) -> str:
    """The eight actions, with whether each places a Worker (the worked answer, opened after Check)."""
    rows = "".join(
        f"<tr><td style='text-align:left'><b>{action.label}</b></td>"
        f"<td style='text-align:left'>{'yes' if action.places_worker else 'no'}</td></tr>"
        for action in Action
    )
    return (
        "<table><tr><th style='text-align:left'>action</th><th style='text-align:left'>places a Worker</th></tr>"
        f"{rows}</table>"
    )


def worker_actions() -> Question:
    """Asked before the table of the eight actions."""
    return Question(
        "Of the eight actions, how many place (or move) one of your Workers on the board?",
        lambda: sum(1 for action in Action if action.places_worker),
        kind="number",
        label="Actions",
        explain="Farmer (in a field), Merchant (in the Market), Builder (beside the Buildings) and Priest (in a "
        "Temple) place a Worker; Harvest, Sphinx, Decoration and Offering to the Pharaoh need none "
        "(Possible Actions).",
        hint="A Worker can stand in a field, in the Market, beside the Buildings or in a Temple.",
        wrong={
            8: "Not every action needs a Worker: Harvest, for one, uses the Farmers already in the fields.",
            3: "Too few: go through the places on the board where a Worker can stand.",
            5: "Too many: one of the actions you counted uses Workers already on the board.",
        },
        about=("place", "places", "need", "needs"),
        fold=actions_table,
    )


BOTH = "both of its actions, top then bottom"
ONE = "only one of its two actions, his choice"
ANY = "any one of the eight actions"


def _after_face_down() -> str:
    row = (Played(CARDS[5], True), Played(CARDS[89], False))
    return BOTH if card_play(row, 2, Glyph.SUNRISE).completes else ONE


def card_89_after_face_down() -> Question:
    return Question(
        "John's board shows Sunrise. He played his first card of the Season face down; now he plays card 89 (drawn "
        "above) and reveals it. What may he do with card 89?",
        _after_face_down,
        kind="choice",
        options=[BOTH, ONE, ANY],
        explain="A card gives both its actions when a glyph on its left matches the glyph before it. A face-down "
        "card counts as showing all four glyphs on its right, so any card with at least one glyph on its "
        "left completes it (Glyphs, Actions, and Unrevealed Cards) - whatever the board's glyph.",
        hint="What does the back of a face-down card show on its right side?",
        wrong={
            ONE: "Card 89's left glyph does not need to match the board here: it follows a face-down card, "
            "which shows all four glyphs on its right.",
            ANY: "Any one of the eight actions is what the face-down card itself gave; a revealed card gives its "
            "own two actions.",
        },
    )


def round_at_a_glance(rounds: Question) -> OpensAfter:
    """The round-at-a-glance picture: it counts a game's rounds, so it opens once ``rounds`` is checked."""
    from ..render.round_svg import round_svg

    return OpensAfter([rounds], round_svg, title="The round at a glance")


SUMMARY = """
- Win with the most **Victory Points**: scored during the game (offerings, Temples, Sphinxes, Buildings), at the
  end of each Season (glyph bonus, Buildings, offering majorities) and at the end (sets of Buildings, Priest
  cards, glyphs in hand, leftovers).
- The board: pyramid and ramps, rivers and eight fields, Market, Buildings, Nile, three Temples, Avenue of the
  Sphinxes; each player a board, a screen and a supply.
- A game: Season 0 (a draft, one Farmer), then three Seasons of four rounds, each round in **5 phases**: Weather,
  Choosing, Turn order, Turns, End of round.
- Eight actions: Farmer, Merchant, Builder and Priest place a Worker; Harvest, Sphinx, Decoration and Offering do
  not. A card gives both of its actions when its left glyph matches.
"""


def summary(*asked: Question) -> OpensAfter:
    """The lesson's summary: it restates the answers, so it opens once the questions ``asked`` are checked."""
    return OpensAfter(asked, lambda: markdown_list(SUMMARY))
