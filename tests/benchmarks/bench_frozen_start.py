"""Frozen app start: the PyInstaller bundle's process start to main window shown.

Measured only when the bundle exists (`make package` builds dist/foebook/);
otherwise this file contributes no benchmark and prints nothing.
"""

from __future__ import annotations

from pathlib import Path

from tests.benchmarks.bench_app_start import _time_until_shown
from tests.benchmarks.harness import Benchmark, Budget

FROZEN = Path(__file__).resolve().parents[2] / "dist" / "foebook" / "foebook"

BENCHMARKS = (
    [
        Benchmark(
            "app start: frozen bundle, process start to main window shown",
            lambda: _time_until_shown([str(FROZEN)]),
            budget=Budget.app(1.0),
            rounds=5,
            self_timed=True,
        )
    ]
    if FROZEN.is_file()
    else []
)
