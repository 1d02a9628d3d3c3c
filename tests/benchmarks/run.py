"""`make bench`: runs every tests/benchmarks/bench_*.py and prints one JSON object per line.

The first line is the reference workload (this machine's speed); each benchmark's line
gives its time, the ratio to its floor and the budget as the same ratio (harness.py).
Options: --only SUBSTRING (run matching benchmarks), --rounds N (override rounds).
Exit status 1 when a benchmark misses its budget.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from tests.benchmarks.harness import emit, measure, measure_reference  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--only", default="")
    parser.add_argument("--rounds", type=int)
    args = parser.parse_args(argv)
    emit(measure_reference(args.rounds))
    ok = True
    for path in sorted(HERE.glob("bench_*.py")):
        module = importlib.import_module(f"tests.benchmarks.{path.stem}")
        for row in getattr(module, "SKIPPED", []):
            if args.only in row["name"]:
                emit(row)
        for bench in module.BENCHMARKS:
            if args.only and args.only not in bench.name:
                continue
            result = measure(bench, args.rounds)
            ok = ok and result["within_budget"]
            emit(result)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
