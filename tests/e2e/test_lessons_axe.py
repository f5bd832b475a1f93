"""Every lesson passes the axe-core accessibility audit in Voila: no serious or critical violation (WCAG 2.0/2.1 A
and AA rules and axe's best practices; see ``axe_support.py`` for the few exclusions of Voila's and ipywidgets' own
markup, each with its reason, and ``docs/accessibility.md`` for the minor and moderate findings left).

The audit runs in ``e2e_support.open_lesson`` the first time a lesson is opened in a session, so a lesson whose own
browser test ran already (these tests run after them) is not rendered again; here a lesson is opened only if no
test has opened it yet (e.g. when this file runs alone).  A failure names each rule, its impact, and the first
offending elements.
"""

import pytest
from axe_support import describe
from e2e_support import AXE_CHECKED, NOTEBOOKS, open_lesson_once

LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_lesson_has_no_serious_accessibility_violation(browser, voila_url, lesson):
    if lesson.stem not in AXE_CHECKED:
        open_lesson_once(browser, voila_url, lesson, ready_selector="#rendered_cells").close()
    if isinstance(AXE_CHECKED[lesson.stem], str):
        pytest.skip(AXE_CHECKED[lesson.stem])
    assert AXE_CHECKED[lesson.stem] == [], f"{lesson.name}, axe-core:\n" + describe(AXE_CHECKED[lesson.stem])
