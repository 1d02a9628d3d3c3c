"""Start-up with an unusable database: the dialog offers the newest backup, and clicking it
restores that backup (keeping the unusable file) and opens it."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QTimer

from db.backup import daily_backup
from db.engine import open_database
from db.repository import list_sessions, new_session
from desktop.app import open_storage
from desktop.storage_url import sqlite_url
from tests.desktop.tracker.tiny_ruleset import rulesets, tiny_encounter
from tests.ui.real_input import click_when_shown


def test_a_truncated_database_offers_its_newest_backup(qtbot, qapp, tmp_path):
    path = tmp_path / "foebook.sqlite3"
    database = open_database(sqlite_url(path))
    new_session(database, "friday", tiny_encounter(), rulesets)
    database.close()
    daily_backup(path, today=date(2030, 1, 2))
    path.write_bytes(b"")  # the disaster

    seen: list[str] = []
    QTimer.singleShot(0, lambda: click_when_shown(qtbot, "Restore backup from 2030-01-02", seen))
    restored = open_storage(sqlite_url(path), ask=True)
    try:
        assert f"{path} is empty" in seen[0]
        assert "Choose another file…" in seen
        assert [s.name for s in list_sessions(restored)] == ["friday"]
    finally:
        restored.close()
    [aside] = tmp_path.glob("foebook.sqlite3.unusable-*[0-9]")  # its -wal/-shm went along
    assert aside.read_bytes() == b""


def test_without_a_backup_the_dialog_offers_another_file_or_quitting(qtbot, qapp, tmp_path):
    path = tmp_path / "foebook.sqlite3"
    path.write_text("my notes\n" * 40)
    seen: list[str] = []
    QTimer.singleShot(0, lambda: click_when_shown(qtbot, "Close", seen))
    assert open_storage(sqlite_url(path), ask=True) is None
    assert "is not a SQLite database" in seen[0] and "There is no backup" not in seen[0]
    assert not any(text.startswith("Restore backup") for text in seen)
    assert path.read_text() == "my notes\n" * 40


def deleted_database_with_backup(tmp_path):
    path = tmp_path / "foebook.sqlite3"
    database = open_database(sqlite_url(path))
    new_session(database, "friday", tiny_encounter(), rulesets)
    database.close()
    daily_backup(path, today=date(2030, 1, 2))
    path.unlink()  # deleted (or moved away) between two starts
    return path


def test_a_missing_database_offers_its_backup_or_a_new_empty_one(qtbot, qapp, tmp_path):
    path = deleted_database_with_backup(tmp_path)
    seen: list[str] = []
    QTimer.singleShot(0, lambda: click_when_shown(qtbot, "Start a new empty database", seen))
    fresh = open_storage(sqlite_url(path), ask=True)
    try:
        assert seen[0].startswith(f"{path} is missing: it was deleted or moved away.")
        assert "The newest backup is from 2030-01-02" in seen[0]
        assert seen[0].endswith(
            "Restore the newest backup, start a new empty database, or choose another file?"
        )
        assert {"Restore backup from 2030-01-02", "Choose another file…", "Close"} <= set(seen)
        assert list_sessions(fresh) == []
    finally:
        fresh.close()
    assert path.exists()


def test_a_missing_database_restored_from_its_backup(qtbot, qapp, tmp_path):
    path = deleted_database_with_backup(tmp_path)
    seen: list[str] = []
    QTimer.singleShot(0, lambda: click_when_shown(qtbot, "Restore backup from 2030-01-02", seen))
    restored = open_storage(sqlite_url(path), ask=True)
    try:
        assert [s.name for s in list_sessions(restored)] == ["friday"]
    finally:
        restored.close()
