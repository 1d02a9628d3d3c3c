"""GUI tests: the application identity is set before the first QApplication exists, and
each test gets a real SQLite database file of its own."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from desktop.app import configure_application_identity
from desktop.storage_url import sqlite_url
from tests.ui.showing import show_active


@pytest.fixture(scope="session")
def qapp_args():
    configure_application_identity()
    return ["foebook-tests"]


@pytest.fixture
def database(tmp_path):
    from db.engine import open_database

    db = open_database(sqlite_url(tmp_path / "foebook.sqlite3"))
    yield db
    db.close()


@pytest.fixture
def window(qtbot, database):
    from ui.main_window import MainWindow

    QSettings().clear()
    win = MainWindow(database)
    qtbot.addWidget(win)
    win.resize(1300, 800)
    show_active(qtbot, win)
    yield win
    win.close()
