"""Growth-rate checks: where a test's point is that work does not blow up with its input
(a quadratic loop, a block of squares built for nothing), it compares the CPU time of the
same work on an input and on one twice (or more) as large, measured in the same test.

A ratio, not a wall-clock limit: it holds on a slow or busy machine, where any fixed number
of seconds is tripped. CPU time of this process only, the best of a few runs, so another
process on the machine does not count.
"""

from __future__ import annotations

import time
from collections.abc import Callable


def best_cpu_seconds(work: Callable[[], object], runs: int = 3) -> float:
    best = float("inf")
    for _ in range(runs):
        started = time.process_time()
        work()
        best = min(best, time.process_time() - started)
    return best


def assert_grows_at_most(
    work: Callable[[int], object], small: int, large: int, factor: float, runs: int = 3
) -> None:
    """`work(large)` costs at most `factor` times `work(small)` (with a floor of 10 ms, so
    that work too small to time is never called slow)."""
    floor = 0.01
    small_seconds = best_cpu_seconds(lambda: work(small), runs)
    large_seconds = best_cpu_seconds(lambda: work(large), runs)
    assert large_seconds <= factor * max(small_seconds, floor), (
        f"{large:,} took {large_seconds:.3f} s of CPU, {small:,} took {small_seconds:.3f} s: "
        f"more than {factor}x for {large / small:g}x the input"
    )
