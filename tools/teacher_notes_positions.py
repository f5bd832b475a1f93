"""The lessons' questions built in the very positions the learner meets them, for the teacher notes.

A question about a seeded game, a table position or a stored study (lessons 05, 08, 09, 11, 12) is built by the
lesson itself, from the game it replays or the sweep it runs.  :func:`asked_in` runs a lesson's code cells in
order, as a kernel would, showing nothing (the same way ``tests/lessons/test_lessons_leak_nothing.py`` reads a
lesson), and keeps each question it builds under the name of the ``questions_NN`` function that built it, with
that function's arguments and local values (the position: ``state``, ``player``, the field chosen ...).
"""

from __future__ import annotations

import ast
import contextlib
import inspect
import io
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Asked:
    """A question as the lesson builds it, and what its ``questions_NN`` function saw (arguments and locals)."""

    question: object
    where: dict


def _code_of(cell: dict) -> str:
    lines = "".join(cell["source"]).splitlines()
    return "\n".join(line for line in lines if not line.lstrip().startswith(("%", "!")))


def asked_in(number: int) -> dict[str, Asked]:
    """Run lesson ``number``'s code cells (showing nothing); the questions it builds, by their function's name."""
    import IPython.core.display_functions
    import IPython.display
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from tameri_kit.widgets.question import Question

    (path,) = (ROOT / "notebooks").glob(f"{number:02d}_*.ipynb")
    built: dict[str, Asked] = {}
    original_init = Question.__init__

    def registering_init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        name, where = "", {}
        for frame in inspect.stack(context=0)[1:8]:  # the outermost function of a questions_NN module names it
            if frame.frame.f_globals.get("__name__", "").startswith(f"tameri_kit.lessons.questions_{number:02d}"):
                name, where = frame.function, dict(frame.frame.f_locals)
        if name:
            built.setdefault(name, Asked(self, where))

    def showing(*_objects, **_kwargs):
        return None

    saved = (
        Question.__init__,
        IPython.display.display,
        IPython.core.display_functions.display,
        plt.show,
        Path.cwd(),
    )
    Question.__init__ = registering_init
    IPython.display.display = showing
    IPython.core.display_functions.display = showing
    plt.show = lambda *a, **k: None
    os.chdir(path.parent)
    try:
        namespace: dict = {"__name__": "__main__", "display": showing}
        for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if cell["cell_type"] != "code":
                continue
            tree = ast.parse(_code_of(cell))
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(tree, f"<{path.name}, cell {index}>", "exec"), namespace)
            plt.close("all")
    finally:
        (
            Question.__init__,
            IPython.display.display,
            IPython.core.display_functions.display,
            plt.show,
            cwd,
        ) = saved
        os.chdir(cwd)
    return built


# ---- the working, by hand, for the questions asked about a position -------------------------------------------
# Each function gets the question as the lesson built it (``Asked``) and returns (the value worked out by hand from
# the rule, one line of working).  The rules are applied here from the rulebook's own tables (not by calling the
# engine), and tools/teacher_notes.py stops if a value differs from the engine's answer: the notes and the lesson
# cannot disagree.

#: Productive Fields and Harvests: Silt in the river -> resources a productive field gives
SILT_GIVES = {0: 0, 1: 1, 2: 1, 3: 2, 4: 3}


def productive(crop: str, ramp: str) -> tuple[bool, str]:
    """Productive Fields and Harvests, by the rulebook's table; ``ramp`` in the pyramid notation (Silt ignored)."""
    sun, water = ramp.count("S"), ramp.count("W")
    total = sun + water
    limits = {
        "barley": (total <= 2, "Barley grows with 0-2 spheres"),
        "flax": (total <= 1, "Flax grows with 0-1 sphere"),
        "fruit": (water == 0 and sun <= 3, "Fruit grows with 0-3 Suns and no Water"),
        "papyrus": (sun == 0 and water <= 3, "Papyrus grows with 0-3 Waters and no Sun"),
    }
    return limits[crop]


def _ramp_words(ramp: str) -> str:
    shown = ramp.replace("L", "")
    return f"`{shown}`" if shown else "no sphere"


def field_yield(pyramid, field: str) -> tuple[int, str]:
    """What a Farmer on ``field`` ("N-fruit") harvests, and why."""
    from tameri_kit.rules.common import Ramp

    river, crop = field.split("-")
    ramp = pyramid.ramp(river)
    grows, limit = productive(crop, ramp)
    silt = pyramid.river(Ramp(river))
    if not grows:
        return 0, f"{field}: ramp {river} holds {_ramp_words(ramp)}, not productive ({limit}): 0"
    return SILT_GIVES[silt], (
        f"{field}: ramp {river} holds {_ramp_words(ramp)}, productive ({limit}); river {river} holds {silt} Silt: "
        f"{SILT_GIVES[silt]}"
    )


def harvest_yield(asked: Asked) -> tuple[int, str]:
    value, why = field_yield(asked.where["ready"].pyramid, asked.where["field"])
    return value, f"{why} (Harvest; Productive Fields and Harvests: 1-2 Silt give 1, 3 give 2, 4 give 3)."


def trade_gain(asked: Asked) -> tuple[int, str]:
    trade = asked.where["trade"]
    return 1, (
        f"`{trade}` puts 1 resource into the Market's warehouse, then the 2 stalls beside the Merchant give 1 each "
        "(Possible Actions: Merchant): -1 + 2 = 1."
    )


def builder_cost(asked: Asked) -> tuple[int, str]:
    where = asked.where
    now, printed = where["now"], where["printed"]
    standing = 1 if now is None else now + 1
    short = max(0, 3 - standing)
    before = (
        "no Builder in play: step 1 places it on space 1"
        if now is None
        else f"Builder on {now}: step 1 moves it to {standing}"
    )
    return printed + short, (
        f"{before}; space 3 is {short} step(s) away, 1 Papyrus each: printed cost {printed} + {short} = "
        f"{printed + short} (Possible Actions: Builder, Example 9)."
    )


def nile_warehouse_limit(asked: Asked) -> tuple[int, str]:
    held, resource = asked.where["held"], asked.where["resource"]
    return min(held + 1, 4), (
        f"{held} + 1 = {held + 1} {resource.label} after the Nile card; Restore warehouse (Phase 4, step 4) keeps "
        f"at most 4: {min(held + 1, 4)}."
    )


def turn_order(asked: Asked) -> tuple[str, str]:
    played, player = asked.where["played"], asked.where["player"]

    def key(name: str):
        card = played[name]
        number = card.card.number
        if number == 0 and not card.face_down:
            return (0, 0)  # the promo card 0 plays first
        return (1, number) if card.face_down else (2, number)  # face down counts as 1, real numbers between them

    order = sorted(played, key=key)
    shown = ", ".join(f"{n} ({'face down' if played[n].face_down else played[n].card.number})" for n in order)
    place = ("1st", "2nd", "3rd", "4th")[order.index(player)]
    return place, f"Phase 3, lowest first, a face-down card counting as 1: {shown}; {player} plays {place}."


def harvest_total(asked: Asked) -> tuple[int, str]:
    before, player = asked.where["before"], asked.where["player"]
    me = before.player(player)
    if me.buildings:
        raise SystemExit(f"harvest_total: {player} owns Buildings {me.buildings}; work the yield out by hand")
    parts = [field_yield(before.pyramid, field) for field in me.farmers]
    total = sum(value for value, _ in parts)
    sums = " + ".join(str(value) for value, _ in parts)
    return total, f"{player}'s Farmers: " + "; ".join(why for _, why in parts) + f". In all {sums} = {total} (Harvest)."


def leftover_points(asked: Asked) -> tuple[int, str]:
    me = asked.where["final"].player(asked.where["player"])
    things = me.reserve.total + me.deben + me.silt
    return things // 3, (
        f"{me.reserve.total} resources + {me.deben} Deben + {me.silt} Silt = {things}; {things} // 3 = "
        f"{things // 3} (End of the Game, step 5: every full 3 is 1 point)."
    )


def cards_giving_both_actions(asked: Asked) -> tuple[int, str]:
    from tameri_kit.game.core.catalog import CARDS
    from tameri_kit.rules.action_cards import Glyph

    me = asked.where["me"]
    if any(building.startswith("D") for building in me.buildings):
        raise SystemExit(f"cards_giving_both_actions: {me.name} owns an observatory; work it out by hand")
    if not me.row:
        before, what = {me.glyph}, f"the board's {me.glyph.label}"
    elif me.row[-1].face_down:
        before, what = set(Glyph), "a face-down card (every glyph)"
    else:
        before, what = set(me.row[-1].card.right), f"card {me.row[-1].card.number}'s right side"
    matching = [n for n in me.hand if set(CARDS[n].left) & before]
    lefts = ", ".join(f"{n} ({'/'.join(g.label for g in CARDS[n].left) or 'none'})" for n in me.hand)
    return len(matching), (
        f"Left glyphs: {lefts}; they must match {what}: {', '.join(map(str, matching)) or 'none'} - "
        f"{len(matching)} card(s) (Glyphs, Actions, and Unrevealed Cards)."
    )


def face_down_price(asked: Asked) -> tuple[int, str]:
    before = asked.where["face_down_so_far"]
    return before + 1, f"{before} card(s) face down this Season so far + this one = {before + 1} Deben (Phase 3)."


def george_gap_to_winner(asked: Asked) -> tuple[int, str]:
    from tameri_kit.rules.game_end import finish_game
    from tameri_kit.widgets.scoring_widgets import BEATLES_GLYPH_BONUS, beatles_last_season

    final = finish_game(beatles_last_season(), glyph_bonus=BEATLES_GLYPH_BONUS)
    winner = final.winners[0]
    gap = final.total(winner) - final.total("George")
    return gap, (
        f"The lesson's final table: {winner} {final.total(winner)} - George {final.total('George')} = {gap} "
        "(End of the Game, step 6)."
    )


def season_2_nile_card(asked: Asked) -> tuple[int, str]:
    left = sorted(asked.where["nile"])
    middle = left[len(left) // 2]
    return middle, (
        f"+1 Player Mode, Phase 4: in Season 2 the Ghost takes the middle value of the cards left, "
        f"{', '.join(map(str, left))}: {middle} (the lowest in Season 1, the highest in Season 3)."
    )


def from_the_games(asked: Asked) -> tuple[None, str]:
    """A question about the lesson's sweep or stored study: the value is the games' own, and the working is the
    explanation the question gives after Check, with the lesson's numbers: its first two sentences holding a number
    (the rest discusses the result)."""
    question = asked.question
    explanation = question._explanation(question.right_answer())
    sentences = re.split(r"(?<=[.)])\s+(?=[A-Z])", explanation)
    with_numbers = [sentence for sentence in sentences if re.search(r"\d", sentence)]
    return None, " ".join(with_numbers[:2] or sentences[:1])


WORKED = {
    (5, "harvest_yield"): harvest_yield,
    (5, "trade_gain"): trade_gain,
    (5, "builder_cost"): builder_cost,
    (5, "nile_warehouse_limit"): nile_warehouse_limit,
    (7, "george_gap_to_winner"): george_gap_to_winner,
    (8, "turn_order"): turn_order,
    (8, "harvest_total"): harvest_total,
    (8, "leftover_points"): leftover_points,
    (9, "cards_giving_both_actions"): cards_giving_both_actions,
    (9, "face_down_price"): face_down_price,
    (11, "first_seat"): from_the_games,
    (11, "seat_three_against_two"): from_the_games,
    (11, "building_owners"): from_the_games,
    (11, "greedy_against_random"): from_the_games,
    (11, "ghost_levels"): from_the_games,
    (11, "search_against_strong"): from_the_games,
    (11, "expert_against_strong"): from_the_games,
    (11, "expert_seat_order"): from_the_games,
    (12, "season_2_nile_card"): season_2_nile_card,
    (12, "ghost_top_source"): from_the_games,
}
