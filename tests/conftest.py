"""Settings shared by every test.

Hypothesis: no per-example deadline.  The default 200 ms deadline made property tests fail on a busy machine (two
cores shared by a whole test run, or a CI runner) although nothing was wrong; speed is measured in ``bench/``,
never by tests (GUIDE rule 4).  Each property test still bounds its own work with ``max_examples``.
"""

from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
E2E = ROOT / "tests" / "e2e"

settings.register_profile("tameri", deadline=None, print_blob=True)
settings.load_profile("tameri")

# The leak test's fixture notebooks leak on purpose and are read by that test only: nbval must not run them.
collect_ignore_glob = ["lessons/fixtures/*"]


# ----------------------------------------------------------------------------------------------------------------
# Which tests run in the same process (make test: pytest -n auto --dist loadfile)
# ----------------------------------------------------------------------------------------------------------------
FIT_CHECKS = "tests/e2e/test_lessons_fit.py"


def lesson_test_file(nodeid: str) -> str:
    """The file of tests a test is run with: its own, as ``--dist loadfile`` does (a notebook's cells one after the
    other, a browser test file's pages and server shared), but a lesson's fit and accessibility checks
    (``tests/e2e/test_lessons_fit.py::...[NN_lesson]``) go with that lesson's own browser tests, which have rendered
    the lesson already: in another process it would be rendered again only for them (a minute of a 2-core run)."""
    path, _, rest = nodeid.partition("::")
    if path == FIT_CHECKS and "[" in rest:
        number = rest.split("[", 1)[1][:2]
        own = sorted(E2E.glob(f"test_lesson_{number}_*.py"))
        if own:
            return str(own[0].relative_to(ROOT))
    return path


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` with the lessons' fit checks beside their own tests (:func:`lesson_test_file`)."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class LessonFileScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return lesson_test_file(nodeid)

    return LessonFileScheduling(config, log)
