"""Issue budget for the roster: with 200 units, an HP change is on screen within 30 ms
(the command through the session, the model's dataChanged, the table repainted)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from desktop.engine.board import Board, Shape
from desktop.engine.encounter import Encounter
from desktop.engine.units import Weapon, make_unit
from desktop.rulesets.registry import get_ruleset
from desktop.tracker.commands import AddStatus, Damage, Heal
from desktop.tracker.session import Session
from tests.benchmarks.harness import Benchmark, Budget

UNITS = 200
RULESET = get_ruleset("grimdark-solo")
_state: dict = {}


def _encounter() -> Encounter:
    board = Board.blank(Shape.SQUARE, 40, 40)
    units = []
    for n in range(UNITS):
        enemy = n % 4 != 3
        units.append(
            make_unit(
                f"u{n}",
                "enemy" if enemy else "player",
                (n % 40, n // 40 * 2),
                10 + n % 7,
                16,
                name=f"{'Ork' if enemy else 'Marine'} {n}",
                ai=("tactical", "berserk", "erratic", "skittish")[n % 4] if enemy else None,
                stats={"move": 6, "toughness": 4, "power": 2},
                weapons=(Weapon("Choppa", "melee", 1, 4),),
            )
        )
    return Encounter("grimdark-solo", board, tuple(units), name="Roster benchmark")


def _panel(session: Session, sort_by_hp: bool):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from ui.roster.roster_model import COL_HP
    from ui.roster.roster_panel import RosterPanel

    app = QApplication.instance() or QApplication([])
    for n in range(0, UNITS, 5):  # markers to draw on some rows
        session.execute(AddStatus(f"u{n}", ("advanced", "fought", "denied")[n % 3]))
    panel = RosterPanel(session)
    panel.resize(420, 700)
    panel.show()
    if sort_by_hp:
        panel.view.sortByColumn(COL_HP, Qt.SortOrder.DescendingOrder)
    app.processEvents()
    panel.select_unit(panel.proxy.unit_id(4))
    app.processEvents()
    return app, panel


def _setup(key: str, sort_by_hp: bool = False, database: bool = False) -> None:
    if key in _state:
        return
    if database:
        from db.engine import open_database
        from db.repository import new_session

        folder = tempfile.mkdtemp(prefix="foebook-bench-")
        db = open_database(f"sqlite:///{Path(folder) / 'bench.db'}", backup=False)
        session = new_session(db, "bench", _encounter())
    else:
        session = Session.in_memory(_encounter(), RULESET, "bench")
    app, panel = _panel(session, sort_by_hp)
    target = panel.proxy.unit_id(4)  # a unit on screen, whatever the sort order
    _state[key] = {
        "app": app,
        "panel": panel,
        "session": session,
        "hurt": False,
        "target": target,
        "sorted": sort_by_hp,
    }


def _hp_change(key: str, whole_table: bool = False) -> None:
    """One HP change on a visible unit, alternating damage and healing so HP stays put.

    The event loop then paints what changed, as on screen: the one HP cell, or every
    visible row when sorting by HP moved them. `whole_table` repaints the whole viewport
    instead (the worst case: a full frame of 200-unit roster)."""
    s = _state[key]
    session, panel = s["session"], s["panel"]
    if s["sorted"]:  # the unit on row 4 takes a hit and drops out of sight: rows move up
        command = Damage(panel.proxy.unit_id(4), 1)
    else:
        target = s["target"]
        command = Heal(target, 1) if s["hurt"] else Damage(target, 1)
    session.execute(command)
    s["hurt"] = not s["hurt"]
    if whole_table:
        panel.view.viewport().repaint()
    # Twice: a re-sort lays the view out on a zero timer, and the paint follows that.
    s["app"].processEvents()
    s["app"].processEvents()


BENCHMARKS = [
    Benchmark(
        "roster: 200 units, HP change on screen (in-memory session, cell repainted)",
        lambda: _hp_change("memory"),
        budget=Budget.cpu(0.030),
        rounds=60,
        setup=lambda: _setup("memory"),
    ),
    Benchmark(
        "roster: 200 units, HP change committed to SQLite and on screen",
        lambda: _hp_change("sqlite"),
        budget=Budget.cpu(0.030),
        rounds=60,
        setup=lambda: _setup("sqlite", database=True),
        clock="wall",  # a commit waits for the disk (harness.py)
    ),
    Benchmark(
        "roster: 200 units sorted by HP, HP change re-sorted and on screen",
        lambda: _hp_change("sorted"),
        budget=Budget.cpu(0.030),
        rounds=60,
        setup=lambda: _setup("sorted", sort_by_hp=True),
    ),
    Benchmark(
        "roster: 200 units, HP change with the whole visible table repainted",
        lambda: _hp_change("full", whole_table=True),
        budget=Budget.cpu(0.030),
        rounds=60,
        setup=lambda: _setup("full"),
    ),
]
