"""The shared table feels live: another Foebook's change shows in a window within 200 ms.

Two sessions on one PostgreSQL session (the throwaway server scripts/pg-test-server.sh
starts, as the postgres-marked tests have it): a main window, and another Foebook that
changes a unit's HP. Timed from the other's command until the window's roster shows the new
HP (its commit, the notice, the window's reload and refresh).
"""

from __future__ import annotations

import atexit
import itertools
import os
import subprocess
import time
import uuid
from pathlib import Path

from tests.benchmarks.harness import Benchmark, Budget

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "pg-test-server.sh"
SESSION = "shared"
UNIT = "e0"
WAIT_S = 10.0  # a change not shown by then is a failure, not a slow figure
_state: dict = {}


def _server() -> str:
    """A fresh database on a throwaway server, stopped when the run ends."""
    result = subprocess.run([str(SCRIPT), "start"], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"could not start the throwaway PostgreSQL server:\n{result.stderr}")
    lines = result.stdout.split("\n")
    url = lines[0].strip()
    directory = next(line[4:] for line in lines if line.startswith("dir="))
    atexit.register(
        lambda: subprocess.run([str(SCRIPT), "stop", directory], capture_output=True, timeout=120)
    )
    import psycopg

    name = f"foebook_bench_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(url.replace("+psycopg", ""), autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    return f"{url.rpartition('/')[0]}/{name}"


def _setup() -> None:
    if _state:
        return
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from db.engine import open_database
    from db.repository import new_session, open_session
    from desktop.tracker.commands import Damage, Heal
    from tests.benchmarks.scenarios import random_encounter
    from ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([])
    url = _server()
    mine, theirs = open_database(url), open_database(url)
    encounter = random_encounter("card-flip-rpg", 24, 24, enemies=44, players=6)
    new_session(mine, SESSION, encounter)
    window = MainWindow(mine)
    window.resize(1100, 720)
    window.show()
    window.open_session(SESSION)
    other = open_session(theirs, SESSION)
    signals = window.runner.signals
    assert signals is not None
    deadline = time.monotonic() + WAIT_S
    while not signals.listening and time.monotonic() < deadline:
        app.processEvents()
        time.sleep(0.001)
    _state.update(
        app=app,
        window=window,
        other=other,
        commands=itertools.cycle([Damage(UNIT, 1), Heal(UNIT, 1)]),
    )


def _shown_hp() -> int:
    from ui.roster.roster_model import COL_HP, HP_ROLE

    roster = _state["window"].roster
    return roster.proxy.index(roster.proxy.proxy_row(UNIT), COL_HP).data(HP_ROLE)[0]


def _change_shown() -> float:
    app, other = _state["app"], _state["other"]
    start = time.perf_counter()
    other.execute(next(_state["commands"]))
    wanted = other.state.encounter.unit(UNIT).hp
    while _shown_hp() != wanted:
        if time.perf_counter() - start > WAIT_S:
            raise RuntimeError("another Foebook's change never showed")
        app.processEvents()
        time.sleep(0.0005)
    return time.perf_counter() - start


BENCHMARKS = [
    Benchmark(
        "shared table: another Foebook's HP change shown in a window (PostgreSQL, 50 units)",
        _change_shown,
        budget=Budget.cpu(0.200),
        rounds=20,
        setup=_setup,
        self_timed=True,
    ),
]
