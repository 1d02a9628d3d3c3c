"""Start-up: process start to main window shown, and to a 50-unit session ready to play,
against a bare PySide6 QMainWindow process measured in the same run as the floor.

"Interactive" is the app's "session shown" marker: the window on screen with the session's
roster, board and decision painted (a forced repaint before the marker), its keys and
clicks taken from then on (an edit made before the database has opened opens it at once:
tests/ui/test_first_read_start.py plays it). The database opens after that, SQLAlchemy loading
a module per turn of the event loop meanwhile ("session ready")."""

from __future__ import annotations

import os
import sys
import tempfile
from functools import cache

from tests.benchmarks.harness import Benchmark, Budget, process_seconds

SESSION = "bench-50"


@cache
def _profile() -> str:
    """A data directory whose database already holds a 50-unit session (a returning user)."""
    scratch = tempfile.mkdtemp(prefix="foebook-start-")
    from db.engine import open_database
    from db.repository import new_session
    from desktop.storage_url import sqlite_url
    from tests.benchmarks.scenarios import random_encounter

    database = open_database(sqlite_url(os.path.join(scratch, "foebook.sqlite3")))
    new_session(database, SESSION, random_encounter("card-flip-rpg", 24, 24, enemies=44, players=6))
    database.close()
    return scratch


def _time_until(
    argv: list[str], marker: str = "main window shown", data_dir: str | None = None
) -> float:
    with tempfile.TemporaryDirectory() as scratch:
        data = data_dir or scratch
        env = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            FOEBOOK_QUIT_WHEN_SHOWN="1",
            FOEBOOK_DATA_DIR=data,
            XDG_CONFIG_HOME=os.path.join(scratch, "config"),
        )
        return process_seconds(argv, marker, env)


def _time_until_shown(argv: list[str]) -> float:
    return _time_until(argv, data_dir=_profile())


APP = [sys.executable, "-m", "desktop"]
BENCHMARKS = [
    Benchmark(
        "app start: process start to main window shown",
        lambda: _time_until_shown(APP),
        budget=Budget.app(1.0),
        rounds=5,
        self_timed=True,
    ),
    Benchmark(
        "app start: to an interactive window with a 50-unit session open",
        lambda: _time_until([*APP, "--session", SESSION], "session shown", _profile()),
        budget=Budget.windows(2.5),
        rounds=7,
        self_timed=True,
    ),
    # Not an issue budget: the very first start also creates the database (Alembic).
    Benchmark(
        "app start: first start ever, database created, window ready",
        lambda: _time_until(APP, "session ready"),
        budget=Budget.app(2.0),
        rounds=3,
        self_timed=True,
    ),
]
