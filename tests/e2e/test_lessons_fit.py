"""Every lesson fits a small screen: at a 1024 x 768 window in Voila, no output area scrolls sideways and no widget
or picture sticks out of its output area (``scrollWidth <= clientWidth``; for pictures, their right edge).  A
screenshot of each lesson is saved as ``screenshots/fit_<lesson>.png`` for the test report.

The check itself is ``e2e_support.check_fit``: it runs the first time a lesson is opened in a session, so a lesson
whose own browser test ran already is not rendered again (``make test`` runs each lesson's two checks here in the
process that runs its own browser tests, after them: ``tests/conftest.py``).  Here each lesson is opened only if no
test has opened it yet (e.g. when this file runs alone).  A failure names the lesson and each
offending element: its tag and class, a few words of its text, and how many pixels it is too wide.

Every lesson also passes the axe-core accessibility audit in Voila: no serious or critical violation (WCAG 2.0/2.1 A
and AA rules and axe's best practices; see ``axe_support.py`` for the few exclusions of Voila's and ipywidgets' own
markup, each with its reason, and ``docs/accessibility.md`` for the minor and moderate findings left).  The audit
runs in ``e2e_support.open_lesson`` on the same first rendering; the two checks live in this one file so that, with
the tests spread over several processes, the lessons one process opens for the fit serve the audit too.
"""

import pytest
from axe_support import describe
from e2e_support import AXE_CHECKED, FIT_CHECKED, NOTEBOOKS, open_lesson_once

LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_lesson_fits_1024(browser, voila_url, lesson):
    if lesson.stem not in FIT_CHECKED:
        open_lesson_once(browser, voila_url, lesson, ready_selector="#rendered_cells").close()
    problems = FIT_CHECKED[lesson.stem]
    assert problems == [], f"{lesson.name} at 1024 x 768:\n" + "\n".join(problems)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.stem)
def test_lesson_has_no_serious_accessibility_violation(browser, voila_url, lesson):
    if lesson.stem not in AXE_CHECKED:
        open_lesson_once(browser, voila_url, lesson, ready_selector="#rendered_cells").close()
    if isinstance(AXE_CHECKED[lesson.stem], str):
        pytest.skip(AXE_CHECKED[lesson.stem])
    assert AXE_CHECKED[lesson.stem] == [], f"{lesson.name}, axe-core:\n" + describe(AXE_CHECKED[lesson.stem])


def test_every_lesson_has_browser_tests_of_its_own():
    """The checks above go with the lesson's own file of browser tests (tests/conftest.py), found by its number."""
    here = NOTEBOOKS.parent / "tests" / "e2e"
    missing = [lesson.name for lesson in LESSONS if not list(here.glob(f"test_lesson_{lesson.name[:2]}_*.py"))]
    assert missing == []
