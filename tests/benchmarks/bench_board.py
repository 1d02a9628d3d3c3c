"""Board view budgets: a full repaint of a big board, and selecting an enemy until its
decision is highlighted (evaluation + panel + highlights + repaint)."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication

from desktop.engine.board import Shape
from tests.benchmarks.harness import Benchmark, Budget
from tests.benchmarks.scenarios import random_encounter

_state: dict = {}


def _app() -> QApplication:
    return QApplication.instance() or QApplication(["bench"])


def _window(encounter):
    from db.engine import open_database
    from db.repository import new_session
    from desktop.storage_url import sqlite_url
    from ui.main_window import MainWindow

    scratch = tempfile.mkdtemp(prefix="foebook-bench-")
    database = open_database(sqlite_url(os.path.join(scratch, "bench.sqlite3")))
    window = MainWindow(database)
    window.resize(1400, 900)
    window.show()
    window.set_session(new_session(database, "bench", encounter))
    _app().processEvents()
    return window


def _setup(key: str, ruleset: str, shape: Shape, width: int, height: int, units: int):
    def setup() -> None:
        _app()
        stats = {"move": 4, "range": 1}
        encounter = random_encounter(
            ruleset,
            width,
            height,
            enemies=units - 6,
            players=6,
            shape=shape,
            seed=5,
            enemy_stats=stats,
            player_stats={"level": 2},
        )
        window = _window(encounter)
        _state[key] = (window, [u.id for u in encounter.enemies()])

    return setup


def _repaint(key: str):
    def run() -> None:
        window, _ = _state[key]
        view = window.board_view
        # The whole viewport, painted now, through the same path as on screen.
        view.viewport().repaint()

    return run


def _select(key: str):
    turn = iter(range(10**9))

    def run() -> None:
        window, enemies = _state[key]
        window.select_unit(enemies[next(turn) % len(enemies)])
        window.board_view.viewport().repaint()

    return run


BENCHMARKS = []
for key, ruleset, shape, (w, h) in (
    ("square", "card-flip-rpg", Shape.SQUARE, (64, 64)),
    ("hex", "hex-quest", Shape.HEX, (29, 25)),
):
    units = 100
    size = f"{w}x{h} {shape.value}, {units} units"
    BENCHMARKS += [
        Benchmark(
            f"board: full repaint, {size}",
            _repaint(key),
            budget=Budget.cpu(0.016),
            rounds=30,
            setup=_setup(key, ruleset, shape, w, h, units),
        ),
        Benchmark(
            f"board: select an enemy until highlighted, {size}",
            _select(key),
            budget=Budget.cpu(0.050),
            rounds=30,
        ),
    ]
