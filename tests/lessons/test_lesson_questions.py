"""Every predict-then-check question of lessons 00-07, 10 and 12, driven in plain pytest: a common wrong answer
(and the reason the feedback gives), Hint, Reveal only after a try, the right answer; and no lesson (00-12) gives
the answers away (in stored outputs, comments or pre-filled cells). The questions asked about a position of a game
(lessons 05, 08, 09) or a sweep (lesson 11) are driven in tests/lessons/test_questions_in_positions.py; lesson 12's Nile
question is driven here on a Nile of its own. For the search those questions are built by running the lesson's own
cells, so the search is for the very answers a learner would have to find.

The right answers below are worked out by hand from the rules, not read from the kit:

00 (Game Setup): the pyramid has a ramp on each of its four faces; each ramp drains into a river with a field on
   each bank: 4 x 2 = 8 fields.
01 (Game Rounds; Possible Actions; Glyphs, Actions, and Unrevealed Cards)
- 12 rounds divided into 3 Seasons (Season 0 is the draft, no round): 3 x 4 = 12.
- "4 of them require you to place (or move) your Worker": Farmer, Merchant, Builder, Priest.
- a face-down card has all 4 glyphs on its right, so any later card with a glyph on its left completes it; card 89
  shows Night on its left (illustrative data, actions.toml: left = ["night"]): both actions, whatever the board.

02 (Phase 1: Weather, steps 3-6; Productive Fields and Harvests)
- L@N W@N W@N from the set-up: S S L W W; step 5 takes the Silt out -> S S W W; step 6 removes the touching middle
  pair -> S W, which touch too -> empty.
- W@N S@N: S S W S; one pair leaves (the Water with one Sun) -> S S, alike, so they stay.
- L@E W@E S@E W@E: S S L W S W; the Silt leaves (East river 2 -> 3) -> S S W S W; pairs from the lowest: S S W
  -> S.  One sphere is within Flax's limit (at most 1); 3 Silt: the farthest on the space marked 2 -> harvest 2.
03 (the chance model of lesson 03: each sphere lands on each ramp with 1/4, in a random order)
- four Suns on North, a Sun and a Silt: both on North 1/16, and only Silt-then-Sun keeps five (Sun-then-Silt is
  Example 2a, where step 4 removes one): 1/16 x 1/2 = 1/32.
- one Water from the set-up: Flax (East) grows only when the Water lands on East and takes one Sun away: 1/4.
- p^2 - p + 1 has its minimum where 2p - 1 = 0: p = 1/2, value 1/4 - 1/2 + 1 = 3/4.
04 (Phase 3: The Turn Order; Example 4)
- Example 5a: 2 < 14 < 21 < 59 -> George, Ringo, Paul, John.
- 2 [7] 45 [97]: the 97 is the second face-down card this Season -> 2 Deben.
- promo 0 (Paul) first, then face-down cards by their real numbers (John 44, Ringo 65), then revealed 2 (George).
06 (Possible Actions: Priest; End of the Season, step 1)
- Ptah Yellow 8, Green 7, Blue 6, Red 3: +1 -> 4 and +2 -> 5 are empty; +3 and +4 land on Blue or Green and push
  Yellow past the top space 8: only +1 and +2.
- the puzzle: Red entering Amun +3 lands on Blue (3) who lands on Green (4); Red's Ptah priest +4 from 1 lands on
  Yellow (5) who lands on Blue (6).  Red entering Ra +2 lands on Blue (2) who moves to the empty 3: one push.
- Example 18: one card kept per priest; John has a priest in each of the three temples: 3.
05 (Game Setup 3b; Offering to the Pharaoh, Example 14; Phase 3)
- 8 Workers, 4 of them on the Locked Worker spaces: 4 available.
- barley papyrus flax: 3 different + 1 = 4 points.
- the third face-down card of a Season: face-down cards so far including it = 3 Deben.
  (Lesson 05's questions in game positions are checked in tests/lessons/test_questions_in_positions.py.)
07 (Offering to the Pharaoh; End of the Season step 4; End of the Game)
- barley papyrus flax fruit=flax+barley@C5 +fruit@B3: counts as 4 different -> 5 points; placed 3 + 2 (C5) and
  1 more from the supply (B3) -> 6 resources.
- Example 21 with George's Fruit 4 > Ringo's 3: George scores Fruit; Ringo: Barley tie 1 + Papyrus 2 + Flax tie 1 = 4.
- A A A B B C: ABC + AB + A = 4 + 2 + 1 = 7 (AB + AB + AC = 6).
- the final table of lesson 07: Ringo 67, George 64 -> 3 behind; two 3-point Priest cards add 6 > 3 -> yes.
- 3 opponents uniform on 0..3: E(2) = 2 x (1/2)^3 + 1 x ((3/4)^3 - (1/2)^3) = 16/64 + 19/64 = 35/64;
  E(3) = 2 x (3/4)^3 + 1 x (1 - (3/4)^3) = 54/64 + 37/64 = 91/64; the third resource adds 56/64 = 7/8.
10 (Ra: Scoring: Pharaohs; Draw and place one tile. Tekhenu: Time of Seth, Key Concepts; Tameri Phase 1)
- Ra 4, 4, 1: both tied for the most gain the full 5: Anna +5.
- Ra 3, 3, 1, 1: +5 +5 -2 -2 = 6.
- the bag of 180 with 30 Ra, 20 drawn of which 4 Ra: 26 Ra among 160 tiles: 26/160 = 13/80.
- two Waters, each on North with 1/4 independently: 1 - (3/4)^2 = 7/16.
- two red Seth dice (2, 3, 3, 4, 4, 5): the higher is 5 unless both are below 5: 1 - (5/6)^2 = 11/36.
12 (+1 Player Mode: Ghost Player step 3d and Example 30; Phase 4 a-c)
- Example 30: Barley at the bottom (S-barley), Flax at the bottom (E-flax), S-barley again: a Ghost Farmer is there,
  so the first available field clockwise, the Papyrus field (the text's own answer; S-papyrus in reading X1's ring).
- Ghost Farmers on S-barley, S-papyrus, W-flax, the card shows N-fruit (room, no Ghost Farmer): going back round the
  ring from N-fruit, N-barley then W-flax: the W-flax Farmer moves clockwise (S-barley is the first going forwards).
- Season 2 with cards 12, 40, 77 left: the middle value, 40 (77 is Season 3's choice, 12 Season 1's).
- The Ghost's Priest cards from the drafts: End of the Season step 1 deals one card per Priest in the Temples; the
  Ghost has one in each of the 3 Temples from its set-up (step 3a) and keeps them: 3 x 3 Seasons = 9 (3 is one Season).
- The Ghost's richest source in the stored study (docs/ghost_study/easy.jsonl, 200 games): its Sphinx actions; the
  means are pinned by hand-checked sums in tests/explore/test_ghost_study.py.
"""

from __future__ import annotations

import html
import importlib
import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = {
    "00": "00_start_here.ipynb",
    "02": "02_weather_pyramid.ipynb",
    "03": "03_probability_on_the_ramps.ipynb",
    "04": "04_glyph_chains.ipynb",
    "06": "06_priest_pushes.ipynb",
    "07": "07_majority_scoring.ipynb",
    "10": "10_other_egyptian_games.ipynb",
    "01": "01_what_is_tameri.ipynb",
    "05": "05_workers_and_actions.ipynb",
    "08": "08_full_game_walkthrough.ipynb",
    "09": "09_play_a_game.ipynb",
    "11": "11_exploring_the_rules.ipynb",
    "12": "12_solo_against_the_ghost.ipynb",
}

# (lesson, question, a right answer as typed, a common wrong answer, words of the reason the feedback gives)
CASES = [
    ("00", "ramps", "4", "3", "a square"),
    ("00", "fields", "8", "4", "one field per river"),
    ("01", "rounds_in_a_game", "12", "3", "counted Seasons"),
    ("01", "worker_actions", "4", "8", "needs a Worker"),
    (
        "01",
        "card_89_after_face_down",
        "both of its actions, top then bottom",
        "only one of its two actions, his choice",
        "all four glyphs",
    ),
    ("02", "example_2b_north", "-", "SSWW", "after step 5"),
    ("02", "north_after_water_and_sun", "SS", "SSWS", "leave the ramp together"),
    ("02", "east_after_four_spheres", "s", "SSW", "still touch"),
    ("02", "east_flax_harvest", "2", "0", "count again what stays"),
    ("03", "five_suns_stay", "1/32", "1/16", "both land on North"),
    ("03", "flax_east_one_water", "0.25", "3/4", "wrong cases"),
    ("03", "fruit_north_worst_tilt", "1/2", "1/4", "fair pyramid"),
    ("03", "fruit_north_lowest_chance", "75%", "13/16", "p = 1/4"),
    ("04", "example_5a_order", "George, Ringo, Paul, John", "John Paul Ringo George", "highest first"),
    ("04", "second_face_down_cost", "2", "1", "The price grows"),
    ("04", "promo_and_face_down_order", "paul john ringo george", "Paul, George, John, Ringo", "among the revealed"),
    ("05", "workers_at_start", "4", "8", "Locked Worker"),
    ("05", "offering_points", "4", "3", "only part of it"),
    ("05", "third_face_down", "3", "1", "first one costs"),
    ("06", "steps_below_the_top", "+1 and +2", "+1, +2 and +3", "push chain"),
    (
        "06",
        "push_two_priests",
        "Red enters Amun +3 pay barley,flax,fruit",
        "Red enters Ra +2 pay barley,flax",
        "pushes only Blue",
    ),
    ("06", "example_18_john_keeps", "3", "1", "by priest"),
    ("07", "paul_offering_points", "5", "6", "Offering Tray"),
    ("07", "paul_offering_screen", "6", "5", "Buildings puts"),
    ("07", "fruit_majority_with_four", "George", "Ringo", "no longer the most"),
    ("07", "ringo_majority_points", "4", "6", "Fruit counts"),
    ("07", "best_split_points", "7", "6", "a set of three"),
    ("07", "george_gap_to_winner", "3", "10", ""),
    ("07", "george_with_two_more_cards", "yes", "no", ""),
    ("07", "third_resource_worth", "7/8", "1", "Less than a whole point"),
    ("10", "ra_tie_for_most", "5", "1", "Tameri's tie rule"),
    ("10", "pharaoh_total", "6", "3", "rule for a tie"),
    ("10", "bag_after_twenty", "13/80", "1/6", "the bag has changed"),
    ("10", "two_waters_north", "7/16", "1/2", "counts the case 'both on North' twice"),
    ("10", "two_red_dice_high_five", "11/36", "1/3", "counts 'both are 5' twice"),
    ("12", "example_30_third_farmer", "S-papyrus", "S-barley", "never has two Farmers on one field"),
    ("12", "ghost_farmer_moves", "W-flax", "S-barley", "closest Ghost Farmer going anticlockwise"),
    ("12", "season_2_nile_card", "40", "77", "choice in Season 3"),
    ("12", "ghost_top_source", "its Sphinx actions", "the Priest cards it reveals at the end", "another source"),
    ("12", "ghost_draft_cards", "9", "3", "one draft only"),
]


# choices between players' names: the names are all over the lesson (and the options show them all)
NAMES_EVERYWHERE = {("07", "fruit_majority_with_four")}
# choices between fields: lesson 12 prints the whole ring of fields the learner needs to go round
NAMES_EVERYWHERE |= {("12", "example_30_third_farmer"), ("12", "ghost_farmer_moves")}


def _module(lesson: str):
    return importlib.import_module(f"tameri_kit.lessons.questions_{lesson}")


def _question(lesson: str, name: str):
    return getattr(_module(lesson), name)()


# questions built in a game position the lesson passes: driven in tests/lessons/test_questions_in_positions.py
IN_POSITIONS = {("05", name) for name in ("harvest_yield", "trade_gain", "builder_cost", "nile_warehouse_limit")} | {
    (lesson, name)
    for lesson in ("08", "09", "11")
    for name in importlib.import_module(f"tameri_kit.lessons.questions_{lesson}").QUESTIONS
}


def test_every_question_of_every_lesson_is_driven_here():
    listed = {(lesson, name) for lesson, name, *_ in CASES} | IN_POSITIONS
    for lesson in LESSONS:
        module = _module(lesson)
        assert len(module.QUESTIONS) >= 2, f"lesson {lesson} needs at least two questions"
        assert set(module.ASKED_BEFORE) <= set(module.QUESTIONS) and module.ASKED_BEFORE, (
            f"lesson {lesson}: at least one question asked before what answers it"
        )
        assert {(lesson, name) for name in module.QUESTIONS} <= listed


@pytest.mark.parametrize("lesson, name, right, wrong, reason", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_check_hint_and_reveal(lesson, name, right, wrong, reason):
    q = _question(lesson, name)
    q.reveal_button.click()
    assert not q.revealed and "Try an answer first" in q.feedback_text
    if q.hint:
        q.hint_button.click()
        assert q.feedback_text.startswith("Hint: ")
        assert not any(_mentions(q.hint, text) for text in q.answer_texts()), "the hint gives the answer away"
    assert q.check(wrong) is False
    assert q.feedback_text.startswith("Not quite") and reason in q.feedback_text
    assert not q.reveal_button.disabled
    assert q.check(right) is True and q.feedback_text.startswith("Right: ")
    assert len(q.feedback_text) > 40 or not q._explain, "the feedback explains the rule"
    q.reveal_button.click()
    assert q.revealed and q.feedback_text.startswith("The answer: ")


def test_the_puzzle_accepts_every_move_that_pushes_two():
    q = _question("06", "push_two_priests")
    assert q.check("Red Ptah +4 pay barley,papyrus,flax,fruit")  # the other kind of answer
    assert not q.check("Red Ptah +1 pay flax") and "pushes nobody" in q.feedback_text
    assert not q.check("Blue Amun +1 pay flax") and "Red's" in q.feedback_text


def test_example_30_says_why_a_field_is_wrong():
    q = _question("12", "example_30_third_farmer")
    assert not q.check("E-papyrus") and "anticlockwise" in q.feedback_text
    assert not q.check("E-flax") and "already stands on E-flax" in q.feedback_text
    assert not q.check("W-flax") and "Count along the ring from S-barley" in q.feedback_text


def test_the_ghost_nile_card_follows_the_lessons_nile():
    q = _module("12").season_2_nile_card((95, 64, 90))
    assert q.check("90") and not q.check("64") and "Season 1" in q.feedback_text


# ---- the lessons do not give the answers away ------------------------------------------------------------------
def _cell_text(cell) -> str:
    """What a reader sees of a cell: its source and its stored text outputs (pictures are not searched)."""
    parts = ["".join(cell["source"])]
    for output in cell.get("outputs", []):
        if output["output_type"] == "stream":
            parts.append("".join(output["text"]))
        for mime in ("text/plain", "text/html", "text/markdown", "text/latex"):
            parts.append("".join(output.get("data", {}).get(mime, "")))
    return "\n".join(parts)


def _mentions(text: str, answer: str) -> bool:
    return re.search(rf"(?<![\w./+-]){re.escape(answer)}(?!\w|/\d|\.\d)", text) is not None


def _distinctive(answer: str) -> bool:
    return len(answer) >= 5 and not re.fullmatch(r"[\d./%]+", answer)


def _asked(lesson: str):
    cells = json.loads((NOTEBOOKS / LESSONS[lesson]).read_text())["cells"]
    module = _module(lesson)
    for name in module.QUESTIONS:
        at = [i for i, c in enumerate(cells) if c["cell_type"] == "code" and f".{name}(" in "".join(c["source"])]
        assert len(at) == 1, f"lesson {lesson} asks {name} in one cell ({len(at)} found)"
        yield name, cells, at[0]


# lessons that pass a game position or a sweep to their questions: the questions are built by running the lesson
BUILT_IN_THE_LESSON = ("05", "08", "09", "11", "12")


def _built_in_the_lesson(lesson: str, monkeypatch) -> dict:
    """Run the lesson's code cells, up to its last question, as a kernel would (without showing anything), and
    keep each question it builds: the very questions a learner meets, in the lesson's own positions."""
    module = _module(lesson)
    built = {}

    def keeping(name, build):
        def keep(*args, **kwargs):
            built[name] = build(*args, **kwargs)
            return built[name]

        return keep

    for name in module.QUESTIONS:
        monkeypatch.setattr(module, name, keeping(name, getattr(module, name)))
    monkeypatch.chdir(NOTEBOOKS)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    asked = list(_asked(lesson))
    cells, last = asked[0][1], max(at for *_, at in asked)
    namespace: dict = {}
    for i, cell in enumerate(cells[: last + 1]):
        if cell["cell_type"] == "code":
            lines = "".join(cell["source"]).splitlines()
            source = "\n".join(line for line in lines if not line.lstrip().startswith(("%", "!")))
            exec(compile(source, f"<lesson {lesson}, cell {i}>", "exec"), namespace)
    return built


def _lesson_questions(lesson: str, monkeypatch) -> dict:
    if lesson in BUILT_IN_THE_LESSON:
        return _built_in_the_lesson(lesson, monkeypatch)
    module = _module(lesson)
    return {name: getattr(module, name)() for name in module.QUESTIONS}


@pytest.mark.parametrize("lesson", LESSONS)
def test_no_lesson_gives_its_answers_away(lesson, monkeypatch):
    module = _module(lesson)
    questions = _lesson_questions(lesson, monkeypatch)
    found = []
    for name, cells, at in _asked(lesson):
        q = questions[name]
        start = max(i for i in range(at + 1) if cells[i]["cell_type"] == "markdown")
        end = (
            at + 1
            if name in module.ASKED_BEFORE
            else next((i for i in range(at + 1, len(cells)) if cells[i]["cell_type"] == "markdown"), len(cells))
        )
        near = "\n".join(_cell_text(c) for c in cells[start:end]).replace(q.prompt, "")
        everywhere = range(len(cells)) if name not in module.ASKED_BEFORE else range(at + 1)
        far = "\n".join(_cell_text(cells[i]) for i in everywhere).replace(q.prompt, "")
        for answer in q.answer_texts():
            if (lesson, name) in NAMES_EVERYWHERE:
                continue
            if _mentions(near, answer) or (_distinctive(answer) and _mentions(far, answer)):
                found.append(f"{name}: {answer!r}")
    assert found == [], f"lesson {lesson} shows the answers of its questions: {found}"


@pytest.mark.parametrize("lesson", LESSONS)
def test_each_question_cell_shows_only_the_question(lesson):
    for name, cells, at in _asked(lesson):
        outputs = cells[at]["outputs"]
        assert len(outputs) == 1 and outputs[0]["output_type"] in ("execute_result", "display_data"), name
        assert "".join(outputs[0]["data"]["text/plain"]).startswith("Question: "), name


def test_the_values_lessons_02_and_03_used_to_assert():
    """Pinned here, not asserted in the lessons (a learner must not see `assert` give an answer away):

    - lesson 03, four Suns on North, one Sun and one Silt, each on North with 1/4: neither there 9/16, only the Sun
      3/16 (five Suns lose one: SSSS, river 0), only the Silt 3/16 (SSSS, 1 Silt), both 1/16 split by order: Sun
      first is Example 2a (SSSS, 1), Silt first keeps five (SSSSS, 1).  SSSS/0: 9/16 + 3/16 = 3/4; SSSS/1:
      3/16 + 1/32 = 7/32; SSSSS/1: 1/32.
    - lesson 03, tilted pyramid, one Sun and one Water on empty ramps: Fruit on North dies only with the Water on North
      and the Sun elsewhere: 1 - p(1 - p) = p^2 - p + 1.
    - lesson 02, reading W3: SSSS + W S S on North: no five alike before step 6; the pair W-S leaves and five Suns
      stay (SSSSS) unless step 4 is repeated (then SSSS).
    """
    from fractions import Fraction

    import sympy

    from tameri_kit.probability.exact import field_probabilities, ramp_distribution, tilt
    from tameri_kit.rules import Pyramid, Readings, run_phase

    assert ramp_distribution("N:SSSS E:- S:- W:- rivers:0000", "N", "SL") == {
        ("SSSS", 0): Fraction(3, 4),
        ("SSSS", 1): Fraction(7, 32),
        ("SSSSS", 1): Fraction(1, 32),
    }
    p = sympy.Symbol("p")
    fruit = next(
        chance
        for field, chance in field_probabilities("N:- E:- S:- W:- rivers:2222", "SW", weights=tilt("N", p)).items()
        if str(field) == "N-fruit"
    )
    assert sympy.expand(fruit - (p**2 - p + 1)) == 0
    start = Pyramid.parse("N:SSSS E:SS S:SS W:SS rivers:2222")
    assert run_phase(start, "W@N S@N S@N").end.ramp("N") == "SSSSS"
    assert run_phase(start, "W@N S@N S@N", readings=Readings(repeat_five_check=True)).end.ramp("N") == "SSSS"


# ---- lessons 05-10: the worked answers a question opens (Question(fold=...)), worked out by hand ---------------------------
# (lesson, question, its fold's parts, a wrong answer, the right one, what the opened fold must say)
FOLDS_05_TO_10 = [
    # Possible Actions: Priest (the topmost space): +1 -> 4 and +2 -> 5 are empty; +3 and +4 push Yellow past 8
    ("06", "steps_below_the_top", ("steps_worked",), "+1 only", "+1 and +2", ("+1: allowed", "+2: allowed", "+3: not")),
    # Example 18: Amun top to bottom (John, George), then Ra (George, Ringo, John), then Ptah (Paul, Ringo, John)
    (
        "06",
        "example_18_john_keeps",
        ("draft_worked",),
        "1",
        "3",
        ("John -> George -> George -> Ringo -> John -> Paul -> Ringo -> John",),
    ),
    # C5 places Flax + Barley as a Fruit: Barley, Papyrus, Flax, Fruit are 4 different -> 5 points
    ("07", "paul_offering_points", (("paul_offering_worked", "points"),), "4", "5", ("4 different, so 5 points",)),
    # 3 placed + 2 for the Fruit (C5) + 1 from the supply (B3) = 6: 2 Barley, 1 Papyrus, 2 Flax, 1 Fruit
    ("07", "paul_offering_screen", (("paul_offering_worked", "screen"),), "5", "6", ("(6 resources)",)),
    # E(2) = 35/64 and E(3) = 91/64 (see the docstring above); the other tie rules' columns beside them
    ("07", "third_resource_worth", ("tie_rules_worked",), "1", "7/8", ("35/64", "91/64")),
    # Ra, Scoring: Pharaohs: 4, 4, 1 -> +5 / +5 / -2
    ("10", "ra_tie_for_most", ("four_rules_worked",), "1", "5", ("+5 / +5 / -2",)),
]


@pytest.mark.parametrize(
    "lesson, name, parts, wrong, right, shows", FOLDS_05_TO_10, ids=[f"{c[0]}-{c[1]}" for c in FOLDS_05_TO_10]
)
def test_lessons_05_to_10_worked_answers_open_only_after_a_right_answer(lesson, name, parts, wrong, right, shows):
    module = _module(lesson)
    built = [
        getattr(module, part[0])(*part[1:]) if isinstance(part, tuple) else getattr(module, part) for part in parts
    ]
    question = getattr(module, name)(
        fold=tuple(lambda _right, part=part: part() for part in built), fold_title="The worked answer"
    )
    assert question.fold_box.children == () and question.fold_box.layout.display == "none"
    assert "The worked answer: opens here once you have checked" in question.fold_note.value
    assert not question.check(wrong) and question.fold_html == "", "a wrong answer does not open the worked answer"
    assert question.fold_box.layout.display == "none"
    assert question.check(right) and question.fold_box.layout.display != "none"
    assert question.fold_note.value == ""  # the note gives way to the worked answer
    opened = html.unescape(question.fold_html)
    for text in shows:
        assert text in opened, text


def test_lessons_05_to_10_hold_no_assert_and_no_value_placeholder():
    """No assert in a lesson's code (the values are pinned in these tests), and no placeholder of lessons 05-10's
    questions holds a digit (a placeholder says the form of the answer)."""
    for lesson in ("05", "06", "07", "08", "09", "10"):
        cells = json.loads((NOTEBOOKS / LESSONS[lesson]).read_text())["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        assert not re.search(r"^\s*assert\b", code, re.M), f"lesson {lesson} has an assert"
    for lesson, name, *_ in CASES:
        if lesson in ("05", "06", "07", "10"):
            placeholder = getattr(_question(lesson, name).answer_input, "placeholder", "")
            assert not re.search(r"\d", placeholder), f"{lesson} {name}: {placeholder!r}"
