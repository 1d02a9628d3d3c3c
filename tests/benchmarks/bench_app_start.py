"""Start-up: process start to main window shown, against a bare PySide6 window as the floor."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

from tests.benchmarks.harness import Benchmark

_BARE = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv)
w = QMainWindow(); w.show()
QTimer.singleShot(0, lambda: (print("foebook: main window shown", flush=True), app.quit()))
app.exec()
"""


def _time_until_shown(argv: list[str]) -> float:
    with tempfile.TemporaryDirectory() as scratch:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", FOEBOOK_QUIT_WHEN_SHOWN="1",
                   FOEBOOK_DATA_DIR=scratch, XDG_CONFIG_HOME=scratch)
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True, env=env)
        assert proc.stdout is not None
        for line in proc.stdout:
            if "main window shown" in line:
                elapsed = time.perf_counter() - start
                break
        else:
            raise RuntimeError(f"{argv} never showed its window")
        proc.wait(timeout=30)
        return elapsed


BENCHMARKS = [
    Benchmark("app start: bare PySide6 QMainWindow (floor)",
              lambda: _time_until_shown([sys.executable, "-c", _BARE]),
              budget_s=1.0, rounds=5, self_timed=True),
    Benchmark("app start: process start to main window shown",
              lambda: _time_until_shown([sys.executable, "-m", "desktop"]),
              budget_s=1.0, rounds=5, self_timed=True),
]
