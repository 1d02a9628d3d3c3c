"""The database file deleted, moved over or copied over while a group plays: the next edit
is refused with one message offering to save the session to a new file, every edit after it
is refused without another box, and once saved, play goes on in the new file. Real keys,
real menus, real files."""

from __future__ import annotations

import hashlib
import os
import shutil

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QFileDialog

from db.engine import open_database
from db.repository import new_session, session_log
from desktop.storage_url import sqlite_url
from tests.desktop.tracker.tiny_ruleset import rulesets, tiny_encounter
from tests.ui.real_input import choose, click_when_shown, press

RAID = "skirmish-ai-outpost-raid.toml"


def playing(qtbot, window) -> list[str]:
    """A tutorial session with two turns passed (Space); its log."""
    window.start_tutorial(RAID)
    for _ in range(2):
        press(qtbot, window.act_next)
    texts = [h.text for h in window.session.history]
    assert len(texts) == 2
    return texts


def another_database(tmp_path):
    other = tmp_path / "other" / "foebook.sqlite3"
    other.parent.mkdir()
    database = open_database(sqlite_url(other))
    new_session(database, "saturday", tiny_encounter(), rulesets)
    database.close()
    return other


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def saving_to(monkeypatch, target, proposed: list[str]) -> None:
    """The file dialog (the outside world) answers `target`; what it proposed goes into
    `proposed`."""

    def answer(_parent, _title, directory, *_args, **_kwargs):
        proposed.append(directory)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)


@pytest.mark.parametrize("how", ["deleted", "moved over"])
def test_the_file_gone_then_saved_to_a_new_one_with_its_history(
    qtbot, window, tmp_path, monkeypatch, how
):
    path = window.database.sqlite_path
    log_before = playing(qtbot, window)
    if how == "deleted":
        path.unlink()
    else:
        os.replace(another_database(tmp_path), path)
    expected = (
        f"{path} was {'deleted' if how == 'deleted' else 'replaced by another file'} while "
        "Foebook had it open: this change was not saved, and no further change can be. Save "
        "the open session to a new file (File → Save session to a new file…)"
    )
    seen: list[str] = []
    QTimer.singleShot(0, lambda: click_when_shown(qtbot, "Not now", seen))
    press(qtbot, window.act_next)
    qtbot.waitUntil(lambda: bool(seen))
    assert seen == [expected, "Save session to a new file…", "Not now"]
    assert [h.text for h in window.session.history] == log_before  # nothing looks saved
    # Every later edit: refused, said in the status bar, no other box.
    press(qtbot, window.act_next)
    qtbot.wait(50)
    assert window.statusBar().currentMessage() == expected
    assert [h.text for h in window.session.history] == log_before
    assert window.rescue.action.isEnabled()

    target = tmp_path / "saved" / "rescued.sqlite3"
    target.parent.mkdir()
    proposed: list[str] = []
    saving_to(monkeypatch, target, proposed)
    said: list[str] = []
    QTimer.singleShot(0, lambda: click_when_shown(qtbot, "OK", said))
    choose(qtbot, window, window.rescue.action)
    qtbot.waitUntil(lambda: bool(said))
    # Where the file was when nothing is there now; a new name beside it otherwise.
    assert proposed == [str(path if how == "deleted" else path.with_name("foebook-saved.sqlite3"))]
    assert said[0].startswith(f"Saved “{window.session.name}” to {target}; play goes on there.")
    assert window.database.sqlite_path == target
    assert [h.text for h in window.session.history] == log_before  # history came along
    press(qtbot, window.act_next)  # play goes on, in the new file
    assert len(window.session.history) == 3
    check = open_database(sqlite_url(target))
    try:
        assert len(session_log(check, window.session.name)) == 3
    finally:
        check.close()


def test_a_file_copied_over_is_left_as_it_is_and_the_state_is_saved(
    qtbot, window, tmp_path, monkeypatch
):
    path = window.database.sqlite_path
    playing(qtbot, window)
    state = window.session.state
    other = another_database(tmp_path)
    shutil.copyfile(other, path)  # the same file (inode) now holds the other database
    copied = digest(path)
    target = tmp_path / "rescued.sqlite3"
    proposed: list[str] = []
    saving_to(monkeypatch, target, proposed)
    seen: list[str] = []
    said: list[str] = []
    QTimer.singleShot(0, lambda: click_when_shown(qtbot, "Save session to a new file…", seen))
    QTimer.singleShot(0, lambda: click_when_shown(qtbot, "OK", said))
    press(qtbot, window.act_next)
    qtbot.waitUntil(lambda: bool(said))
    assert seen[0].startswith(f"{path} was overwritten with another file's contents while")
    assert proposed == [str(path.with_name("foebook-saved.sqlite3"))]
    assert "its current state: its history could not be read back" in said[0]
    assert window.database.sqlite_path == target
    assert window.session.state.encounter == state.encounter
    assert window.session.history == []
    # The other database was not written to (tests/db/test_file_replaced.py checks it is
    # still so once the process has ended).
    assert digest(path) == copied
    press(qtbot, window.act_next)  # play goes on, in the new file
    assert len(window.session.history) == 1 and digest(path) == copied
