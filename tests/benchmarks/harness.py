"""Benchmark harness: times callables and reports one JSON object per benchmark.

Budgets are absolute seconds on the reference machine (2 cores). Every run
also measures a fixed pure-Python workload (a breadth-first flood over a
64x64 grid) so figures can be compared across machines as ratios.
"""

from __future__ import annotations

import json
import statistics
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Benchmark:
    name: str
    run: Callable[[], object]
    budget_s: float
    rounds: int = 30
    setup: Callable[[], object] | None = None
    # A benchmark that measures whole processes returns its own timing.
    self_timed: bool = False


def measure(bench: Benchmark, rounds: int | None = None) -> dict:
    if bench.setup is not None:
        bench.setup()
    count = rounds or bench.rounds
    samples: list[float] = []
    for _ in range(count):
        start = time.perf_counter()
        result = bench.run()
        elapsed = time.perf_counter() - start
        samples.append(float(result) if bench.self_timed else elapsed)
    median = statistics.median(samples)
    return {
        "name": bench.name,
        "median_s": round(median, 6),
        "min_s": round(min(samples), 6),
        "max_s": round(max(samples), 6),
        "rounds": count,
        "budget_s": bench.budget_s,
        "within_budget": median <= bench.budget_s,
    }


def reference_flood(size: int = 64) -> int:
    """A plain Python BFS over an open size x size grid: the machine-speed yardstick."""
    seen = {(0, 0)}
    queue = deque([(0, 0)])
    while queue:
        x, y = queue.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < size and 0 <= ny < size and (nx, ny) not in seen:
                seen.add((nx, ny))
                queue.append((nx, ny))
    return len(seen)


REFERENCE = Benchmark("reference: python BFS flood 64x64", reference_flood, budget_s=1.0, rounds=50)


def emit(result: dict) -> None:
    print(json.dumps(result), flush=True)
