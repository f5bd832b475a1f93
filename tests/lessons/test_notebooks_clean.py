"""The committed lessons are whole walkthroughs: run top to bottom, with outputs, no errors, a lesson's shape.

(nbval, run by `make test`, then re-executes each one and compares the outputs.)
"""

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def test_there_are_lessons():
    numbers = [p.name[:2] for p in NOTEBOOKS]
    assert numbers[:1] == ["00"] and len(numbers) >= 7
    assert len(set(numbers)) == len(numbers), "two lessons share a number"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_executed_top_to_bottom_without_errors(path):
    nb = json.loads(path.read_text())
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    code = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    counts = [c["execution_count"] for c in code]
    assert None not in counts, "a code cell was never executed"
    assert counts == list(range(1, len(code) + 1)), "not run top to bottom from a fresh kernel"
    errors = [o for c in code for o in c.get("outputs", []) if o["output_type"] == "error"]
    assert errors == []
    assert "widgets" not in nb["metadata"], "widget state stored: run tools/run_notebooks.py to execute lessons"


@pytest.mark.parametrize("path", [p for p in NOTEBOOKS if not p.name.startswith("00")], ids=lambda p: p.name)
def test_a_lesson_has_goals_a_check_and_a_summary(path):
    nb = json.loads(path.read_text())
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown").lower()
    assert "learning goals" in text or "by the end you can" in text
    assert "predict" in text
    assert "## summary" in text
