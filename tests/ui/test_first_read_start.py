"""The session a start opens shows from the first read, before SQLAlchemy has loaded and the
database has opened: keys typed on it meanwhile are applied (the edit opens the database at
once) and kept, and the next start shows them."""

from __future__ import annotations

import argparse

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication

import desktop.app as app
from db.engine import open_database
from db.first_read import FirstReadStore, read_first
from db.repository import new_session, open_session
from desktop.encounter_file import load_encounter
from desktop.samples import sample_path
from desktop.storage_url import sqlite_url
from desktop.tracker.commands import Damage
from tests.ui.real_input import click_roster_row
from tests.ui.showing import show_active
from ui.main_window import MainWindow
from ui.roster.roster_model import COL_HP

AMBUSH = "card-flip-goblin-ambush.toml"


@pytest.fixture
def saved(tmp_path, monkeypatch):
    """A database holding Friday's session, the one the start opens."""
    path = tmp_path / "foebook.sqlite3"
    database = open_database(sqlite_url(path))
    new_session(database, "friday", load_encounter(sample_path(AMBUSH)))
    database.close()
    monkeypatch.setenv("FOEBOOK_DB", str(path))
    QSettings().clear()
    return path


@pytest.fixture
def started(qtbot, qapp, saved):
    """The app's start up to its first paint, in run_gui's order: the window shows the
    session read first; the rest of the start (`start`) has not run yet."""
    args = argparse.Namespace(db=None, file=None, session="friday")
    first = app._first_read(args, None)
    assert first is not None
    start = app._DeferredStart(qapp, args, False, None)
    window = start.window = MainWindow(start_page=False)
    app._show_first_read(window, first, start.finish)
    qtbot.addWidget(window)
    window.resize(1300, 800)
    show_active(qtbot, window)
    yield window, start
    window.close()
    if window.database is not None:
        window.database.close()


def _hp_shown(window, unit_id: str) -> str:
    roster = window.roster
    return str(roster.proxy.index(roster.proxy.proxy_row(unit_id), COL_HP).data())


def _type_damage(qtbot, window, unit_id: str, typed: str) -> None:
    click_roster_row(qtbot, window, unit_id)
    for char in typed:
        qtbot.keyClicks(QApplication.focusWidget(), char)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.roster.view.state() != QAbstractItemView.State.EditingState)


def test_damage_typed_before_the_database_opens_is_kept(qtbot, saved, started):
    window, _start = started
    assert window.database is None and isinstance(window.session.store, FirstReadStore)
    assert window.windowTitle().startswith("friday")
    _type_damage(qtbot, window, "goblin", "-3")  # 5 of 8 HP
    assert window.database is not None  # the edit opened it, with every check
    assert window.session.encounter.unit("goblin").hp == 2
    assert [e.kind for e in window.session.history] == ["damage"]
    window.close()
    window.database.close()
    again = read_first(saved, "friday")  # the next start
    assert again is not None and again.loaded.state.encounter.unit("goblin").hp == 2
    assert [e.text for e in again.loaded.history] == [e.text for e in window.session.history]


def test_damage_typed_while_the_storage_code_loads_is_kept(qtbot, saved, started):
    window, start = started
    start.after_first_paint()  # as the event loop runs it after the first paint
    _type_damage(qtbot, window, "goblin", "-3")
    _type_damage(qtbot, window, "brute", "-2")
    qtbot.waitUntil(lambda: window.database is not None)
    assert window.session.encounter.unit("goblin").hp == 2
    assert [e.kind for e in window.session.history] == ["damage", "damage"]
    window.close()
    window.database.close()
    again = read_first(saved, "friday")
    assert again is not None
    assert again.loaded.state == window.session.state


def test_a_change_made_elsewhere_before_the_database_opens_shows(qtbot, saved, started):
    window, start = started
    other = open_database(sqlite_url(saved))  # another Foebook on the same file
    try:
        open_session(other, "friday").execute(Damage("goblin", 1))
    finally:
        other.close()
    assert _hp_shown(window, "goblin").startswith("5")  # the first read's
    start.finish()  # the rest of the start: the file is read again, at once
    assert _hp_shown(window, "goblin").startswith("4")
    _type_damage(qtbot, window, "goblin", "-3")
    assert window.session.encounter.unit("goblin").hp == 1
    assert [e.kind for e in window.session.history] == ["damage", "damage"]
