"""Settings shared by every test.

Hypothesis: no per-example deadline.  The default 200 ms deadline made property tests fail on a busy machine (two
cores shared by a whole test run, or a CI runner) although nothing was wrong; speed is measured in ``bench/``,
never by tests (GUIDE rule 4).  Each property test still bounds its own work with ``max_examples``.
"""

from hypothesis import settings

settings.register_profile("tameri", deadline=None, print_blob=True)
settings.load_profile("tameri")

# The leak test's fixture notebooks leak on purpose and are read by that test only: nbval must not run them.
collect_ignore_glob = ["lessons/fixtures/*"]


def pytest_collection_modifyitems(config, items):
    """The browser tests first, the file that opens every lesson first of all, then the rest in their order.  With
    the tests spread over the cores a file at a time (``make test``: ``--dist loadfile``), the long files start at
    once and the many short ones fill the cores at the end, so no core idles while the other ends a long file."""

    def rank(item) -> int:
        path = item.path.as_posix()
        if path.endswith("/tests/e2e/test_lessons_fit.py"):
            return 0
        return 1 if "/tests/e2e/" in path else 2

    items.sort(key=rank)  # stable: each group keeps the order it was collected in
