"""Lesson 02 (the weather pyramid): predict what a weather phase leaves on a ramp, and what a field then yields.

Every answer is computed by :func:`~tameri_kit.rules.weather.run_phase` when the learner presses Check.
"""

from __future__ import annotations

from html import escape

from ..rules.fields import field_status
from ..rules.pyramid import SETUP
from ..rules.weather import run_phase
from ..widgets.after_check import OpensAfter, markdown_list
from ..widgets.question import Question
from .answers import read_ramp, show_ramp

QUESTIONS = ("example_2b_north", "north_after_water_and_sun", "east_after_four_spheres", "east_flax_harvest")
# asked before the text or widget that answers them (the others are answered nowhere in the lesson)
ASKED_BEFORE = ("example_2b_north",)

_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
_RAMP_HOW = "Write the spheres from the bottom of the ramp up (S Sun, W Water, L Silt), or - for an empty ramp."


def _ramp_question(prompt: str, landings: str, ramp: str, **kwargs) -> Question:
    return Question(
        f"{prompt} {_RAMP_HOW}",
        lambda: run_phase(SETUP, landings).end.ramp(ramp),
        kind="text",
        parse=read_ramp,
        show=show_ramp,
        placeholder="letters S, W, L from the bottom up, or a dash",
        label=f"{_NAMES[ramp]} ramp",
        **kwargs,
    )


def example_2b_worked(_answer=None) -> str:
    """Example 2b as the kit runs it: each event and the North ramp after it (the question's fold)."""
    left = "style='text-align:left;padding:2px 12px 2px 0'"  # a notebook right-aligns table cells by default
    phase = run_phase(SETUP, "L@N W@N W@N")
    steps = "".join(
        f"<tr><td>{k}</td><td {left}>{escape(event.text)}</td><td {left}><code>{event.after.ramp('N') or '-'}</code>"
        f"</td><td {left}>{escape(event.step)}</td></tr>"
        for k, event in enumerate(phase.events, 1)
    )
    return (
        f"<p><b>Example 2b worked by the kit</b>: each event, and what the North ramp holds after it.</p><table><tr>"
        f"<th>step</th><th {left}>event</th><th {left}>North ramp after it</th><th {left}>rule</th></tr>{steps}</table>"
    )


def example_2b_north() -> Question:
    """Example 2b, asked before the lesson works it out."""
    return _ramp_question(
        "From the set-up (two Suns on every ramp), a Silt and then two Waters land on North: `L@N W@N W@N`. "
        "What is left on the North ramp when the phase is over?",
        "L@N W@N W@N",
        "N",
        explain="The ramp reads S S L W W. Step 5 sends the Silt to the North river first, so the two Waters slide "
        "down onto the Suns: S S W W. Step 6 removes the Sun and Water that touch in the middle, which brings "
        "the last Sun and Water together, and they leave too (Phase 1: Weather, steps 5 and 6).",
        hint="Do step 5 (every Silt leaves for the river) before step 6 (a Sun and a Water that touch leave together), "
        "and keep removing pairs while any touch.",
        wrong={
            "SSWW": "That is the ramp after step 5; step 6 still removes every Sun and Water that touch.",
            "SW": "Keep going: step 6 repeats while any Sun and Water touch.",
            "SSLWW": "The Silt does not stay: step 5 sends every Silt on a ramp to its river.",
            "SS": "The Waters do not just vanish: each leaves together with a Sun it touches.",
        },
        forms=("ends empty", "the ramp is empty", "nothing is left", "nothing stays", "is left empty"),
        fold=example_2b_worked,
    )


def north_after_water_and_sun() -> Question:
    return _ramp_question(
        "From the set-up, a Water lands on North, then a Sun: `W@N S@N`. What is left on the North ramp?",
        "W@N S@N",
        "N",
        explain="The ramp reads S S W S: the Water touches a Sun below and a Sun above. Step 6 removes one touching "
        "pair, the Water with one Sun; the two Suns left are alike, so nothing more leaves.",
        hint="One Water can leave with only one Sun.",
        wrong={
            "SSWS": "A Sun and a Water that touch leave the ramp together (step 6).",
            "": "Too much removed: how many Suns can one Water take with it?",
            "S": "Too much removed: how many Suns can one Water take with it?",
        },
        forms=("two Suns stay", "the two Suns stay", "two Suns are left", "2 Suns stay"),
    )


def east_after_four_spheres() -> Question:
    return _ramp_question(
        "From the set-up, four spheres land on East: `L@E W@E S@E W@E` (a Silt, then a Water, a Sun and a Water). "
        "What stays on the East ramp?",
        "L@E W@E S@E W@E",
        "E",
        explain="The ramp reads S S L W S W. Step 5: the Silt leaves for the East river, leaving S S W S W. Step 6: "
        "the lowest touching pair (the second Sun and the first Water) leaves, giving S S W; then that Sun "
        "and Water leave too, and one Sun stays.",
        hint="Take the Silt out first (step 5), then remove touching Sun-Water pairs, the lowest first, until none "
        "touch.",
        wrong={
            "SSW": "Look again: does a Sun still touch a Water?",
            "": "Count the Suns and the Waters left after step 5: is there a Water for every Sun?",
            "SW": "A Sun and a Water that touch never stay: step 6 removes them.",
        },
        forms=(
            "one Sun stays",
            "a single Sun",
            "one Sun is left",
            "1 Sun stays",
            "leaves one Sun",
            "left with one Sun",
        ),
    )


def _east_flax() -> int:
    end = run_phase(SETUP, "L@E W@E S@E W@E").end
    return next(s.yield_ for s in field_status(end) if str(s.field) == "E-flax")


def east_flax_harvest() -> Question:
    return Question(
        "After that same phase (`L@E W@E S@E W@E` from the set-up), how much does a Farmer on the East Flax field "
        "harvest? Type 0 if the field is not productive.",
        _east_flax,
        kind="number",
        label="Flax harvest",
        explain="Flax is productive with at most one sphere in view, and what stays on East is within that. The Silt went to "
        "the East river, which now holds 3 Silt; the farthest lies on the space marked 2, so a Farmer "
        "harvests 2 (Productive Fields and Harvests; Harvest).",
        hint="First what stays on East (Flax takes at most 1 sphere), then how many Silt the East river holds.",
        wrong={
            0: "Flax takes at most one sphere, any colour: count again what stays on East.",
            1: "The Silt that landed on East went to the East river (step 5): count the river's Silt again.",
            3: "A river yields its most only when all four of its Silt spaces are full: count the East river's Silt.",
        },
        about=("harvest", "harvests", "Flax", "yield", "yields"),
    )


SUMMARY = """
- A pyramid is four ramps (read from the bottom, next to the river) and four rivers; the kit writes it as text such
  as `N:SS E:SS S:SS W:SS rivers:2222`.
- A phase: take spheres (tile, season), drop them (random ramps), then on every ramp: five alike lose their lowest,
  Silt goes to the river, touching Sun and Water vanish in pairs — and hidden Silt that comes into view goes too.
- What stays in view decides the two fields beside each river: Barley ≤ 2 spheres, Flax ≤ 1, Fruit ≤ 3 Sun and no
  Water, Papyrus ≤ 3 Water and no Sun; the farthest Silt sets the harvest (1, 1, 2, 3).
- Where the rulebook is open, the kit's choice is written down and can be switched with `Readings(...)`.
"""


def summary(*asked: Question) -> OpensAfter:
    """The lesson's summary: it restates answers, so it opens once the questions ``asked`` are checked."""
    return OpensAfter(asked, lambda: markdown_list(SUMMARY))
