"""The table bench's re-timing (bench.table.slowest_stretches) works: it finds the slowest bots' turns of a whole
game and times them again on the same positions.  No speed is asserted (speed is measured in bench/, not tested)."""

from bench.table import slowest_stretches


def test_slowest_stretches_are_retimed_slowest_first():
    stretches = slowest_stretches(2, seed=1, count=2, repeats=1)
    assert len(stretches) == 2
    (first, fastest), (second, _) = stretches
    assert first >= second > 0 and fastest > 0  # measured once, slowest first; each re-timed
