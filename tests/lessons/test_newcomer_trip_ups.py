"""A newcomer's trip-ups (issue 37), each pinned: what JupyterLab shows before the lesson runs, and texts that read
wrongly (a raw dict, an interval of zero width, a comment that miscounts)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from tameri_kit.errors import IllegalActionError
from tameri_kit.explore.summary import rates_lines
from tameri_kit.lessons import RUN_ALL_FIRST, run_all_first
from tameri_kit.rules import SETUP
from tameri_kit.rules.weather import weather_phase

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name[:2])
def test_a_lesson_opened_in_jupyterlab_says_to_run_it_first(path):
    """The questions are widgets: before the lesson runs JupyterLab shows "Loading widget..." for each.  The cell
    right under the title stores the line that says to run the lesson first (Run All Cells)."""
    cells = json.loads(path.read_text())["cells"]
    assert cells[0]["cell_type"] == "markdown" and "".join(cells[0]["source"]).startswith("# ")
    second = cells[1]
    assert "run_all_first()" in "".join(second["source"])
    stored = "".join("".join(o.get("data", {}).get("text/html", "")) for o in second["outputs"])
    assert "tameri-run-all" in stored and "Run All Cells" in stored


def test_the_run_all_line_stays_out_of_voila(monkeypatch):
    monkeypatch.delenv("SERVER_SOFTWARE", raising=False)
    assert RUN_ALL_FIRST in run_all_first().data
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")  # what Voila tells the kernels it starts
    assert run_all_first() is None


def test_landings_that_do_not_fit_are_named_in_words():
    """17 Waters typed into lesson 02's widget: the reason reads as words, never as a Python dict."""
    with pytest.raises(IllegalActionError) as caught:
        weather_phase(SETUP, "WWWWWWWWWWWWWWWWW", landings=" ".join(["W@N"] * 17))
    message = str(caught.value)
    assert "17 Water" in message and "{" not in message and "'" not in message


def test_a_rate_every_seed_gives_alike_reads_as_exact():
    """Four random bots hold every seat: each seed gives them exactly a quarter of its seats, an 'interval' of zero
    width, which lesson 11 printed as [25.0%, 25.0%]."""
    rates = pd.DataFrame(
        [
            {"bot": "random", "games": 1600, "wins": 400.0, "rate": 0.25, "low": 0.25, "high": 0.25, "interval": "x"},
            {"bot": "greedy", "games": 100, "wins": 30.0, "rate": 0.3, "low": 0.22, "high": 0.4, "interval": "Wilson"},
        ]
    ).set_index("bot")
    lines = rates_lines("win rate by bot", rates, "seats")
    assert "25.0%, 25.0%" not in "\n".join(lines)
    assert "exactly" in lines[1] and "400 wins in 1600 seats" in lines[1]
    assert "[ 22.0%,  40.0%]" in lines[2]


def test_lesson_07_counts_the_priest_cards_it_adds_rightly():
    """John's Priest cards 3 3 2 1 1 (10) become 3 3 3 3 1 1 (14): one more card, and the 2 made a 3."""
    source = (ROOT / "notebooks" / "07_majority_scoring.ipynb").read_text()
    assert "two more cards: 10 -> 14" not in source
    assert "one more 3-point card, and the 2 made a 3: 10 -> 14" in source
