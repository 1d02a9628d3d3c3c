"""The benchmark harness itself runs and prints the JSON shape `make bench` promises."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

RUN = Path(__file__).with_name("run.py")
KEYS = {"name", "median_s", "min_s", "max_s", "rounds", "budget_s", "within_budget"}


def test_harness_prints_reference_and_selected_benchmark():
    result = subprocess.run(
        [sys.executable, str(RUN), "--only", "bare PySide6", "--rounds", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert next(row["name"] for row in rows).startswith("reference")
    assert any("bare PySide6" in row["name"] for row in rows)
    for row in rows:
        assert set(row) == KEYS
        assert row["min_s"] <= row["median_s"] <= row["max_s"]
