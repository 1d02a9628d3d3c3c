"""Run by bench_limits.py in a process of its own: the app's main window opens a session at
the documented limits, Enter is pressed a few times, and the times and the process's peak
memory are printed as one JSON object.

Usage: python limits_child.py DATABASE SESSION ENTERS
"""

from __future__ import annotations

import importlib
import json
import os
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication


def _settled(app: QApplication) -> None:
    """What the last input set off is done and painted: posted events, zero timers, the
    paint they ask for (twice: a relayout posts its paint)."""
    for _ in range(2):
        app.processEvents()


def _peak_megabytes() -> float:
    """This process's peak resident memory. Not getrusage's ru_maxrss: Linux keeps it across
    exec, so a child of the (large) benchmark runner would report the runner's size."""
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # not Linux


def main(database_path: str, name: str, enters: int) -> None:
    app = QApplication(["foebook-bench"])
    from db.engine import open_database
    from desktop.storage_url import sqlite_url
    from desktop.tracker.first_action import FIRST_ACTION_MODULES
    from ui.main_window import MainWindow

    database = open_database(sqlite_url(database_path), backup=False)
    window = MainWindow(database)
    window.resize(1400, 900)
    window.show()
    # A session opened from the app's menus, as a user does: by then its start has loaded
    # what the players' first action needs (desktop/app.py, the same modules), which this
    # process, built without the app's start, would otherwise load at the first Enter.
    for module in FIRST_ACTION_MODULES:
        importlib.import_module(module)
    _settled(app)
    # Each figure on both clocks: the benchmark judges CPU time (harness.py), the wall
    # time is there to read beside it.
    start, cpu = time.perf_counter(), time.process_time()
    window.open_session(name)
    _settled(app)
    opened, opened_cpu = time.perf_counter() - start, time.process_time() - cpu
    assert window.session is not None and window.decision is not None
    enter_s, enter_cpu_s = [], []
    for _ in range(enters):
        before = window.session.history[-1].seq if window.session.history else 0
        start, cpu = time.perf_counter(), time.process_time()
        QTest.keyClick(window, Qt.Key.Key_Return)
        _settled(app)
        enter_s.append(time.perf_counter() - start)
        enter_cpu_s.append(time.process_time() - cpu)
        assert window.session.history[-1].seq > before, "Enter applied nothing"
    peak_mb = _peak_megabytes()
    figures = {
        "open_s": opened,
        "open_cpu_s": opened_cpu,
        "enter_s": enter_s,
        "enter_cpu_s": enter_cpu_s,
        "rss_mb": peak_mb,
    }
    print(json.dumps(figures), flush=True)
    window.close()
    database.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
