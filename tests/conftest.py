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
