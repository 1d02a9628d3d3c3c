"""Crashes are never silent: a segfault leaves its trace in the log, the next start says so
and where the details are; an unexpected error in a slot is logged and shown once."""

from __future__ import annotations

import logging
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox, QPushButton

import desktop.app as app_module

ROOT = Path(__file__).resolve().parents[2]


def _run_app(mode: str, data: Path, *extra: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, FOEBOOK_DATA_DIR=str(data), XDG_CONFIG_HOME=str(data / "config"))
    env.pop("FOEBOOK_QUIT_WHEN_SHOWN", None)
    return subprocess.run(
        [sys.executable, "-m", "tests.desktop.app_child", mode, *extra],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.slow
def test_a_segfault_is_logged_and_the_next_start_says_where(tmp_path):
    crashed = _run_app("segfault", tmp_path)
    assert crashed.returncode == -signal.SIGSEGV
    log = (tmp_path / "foebook.log").read_text(encoding="utf-8")
    assert "Fatal Python error: Segmentation fault" in log
    assert "in segfault" in log  # the Python stack of the crash, down to the function
    assert list(tmp_path.glob("foebook.running.*"))  # the dead run's marker

    again = _run_app("report", tmp_path)
    assert again.returncode == 0, again.stderr
    assert (
        f"non-modal: Foebook crashed the last time it ran. The crash report is in "
        f"{tmp_path / 'foebook.log'}. The database passed a full check: every change was "
        "saved as it happened." in again.stdout
    )
    assert not list(tmp_path.glob("foebook.running*"))  # this run ended cleanly

    third = _run_app("report", tmp_path)
    assert third.returncode == 0 and "non-modal" not in third.stdout  # said once


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_ends_foebook_cleanly(tmp_path, stop):
    """A desktop logging out (SIGTERM) or Ctrl+C in a terminal (SIGINT) is a clean exit:
    no crash notice at the next start."""
    env = dict(os.environ, FOEBOOK_DATA_DIR=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "c"))
    with subprocess.Popen(
        [sys.executable, "-m", "tests.desktop.app_child", "wait"],
        cwd=ROOT,
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as child:
        try:
            assert child.stdout.readline() == "ready\n"
            child.send_signal(stop)
            assert child.wait(timeout=30) == 0, child.stderr.read()
        finally:
            child.kill()
    assert not list(tmp_path.glob("foebook.running*"))
    again = _run_app("report", tmp_path)
    assert again.returncode == 0 and "non-modal" not in again.stdout


def _other_foebook(data: Path, then: str) -> subprocess.Popen:
    """Another Foebook process that marks itself running, then `then` ("kill": dies at
    once without a clean exit; "wait": keeps running until told)."""
    code = (
        "import os, signal, sys; from desktop import crash_watch; crash_watch.start(); "
        "print('running', flush=True); "
        + ("os.kill(os.getpid(), signal.SIGKILL)" if then == "kill" else "sys.stdin.read()")
    )
    env = dict(os.environ, FOEBOOK_DATA_DIR=str(data))
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert child.stdout.readline() == "running\n"
    return child


def test_a_killed_run_is_reported_without_claiming_a_crash(tmp_path, monkeypatch):
    from desktop import crash_watch

    monkeypatch.setenv("FOEBOOK_DATA_DIR", str(tmp_path))
    (tmp_path / "foebook.log").write_text("INFO all well\n", encoding="utf-8")
    with _other_foebook(tmp_path, "kill") as killed:
        killed.wait(timeout=30)
    message = crash_watch.start()
    assert message is not None and "did not close properly" in message
    assert str(tmp_path / "foebook.log") in message
    crash_watch.clean_exit()
    assert crash_watch.start() is None
    crash_watch.clean_exit()


def test_another_foebook_still_running_is_not_taken_for_a_crash(tmp_path, monkeypatch):
    """Two Foebooks on one data directory (a shared table) are normal: neither claims the
    other crashed, and one closing does not hide the other's crash."""
    from desktop import crash_watch

    monkeypatch.setenv("FOEBOOK_DATA_DIR", str(tmp_path))
    with _other_foebook(tmp_path, "wait") as other:
        try:
            assert crash_watch.start() is None
            crash_watch.clean_exit()
            assert crash_watch.start() is None
        finally:
            other.kill()
            other.wait(timeout=30)
    crash_watch.clean_exit()
    message = crash_watch.start()  # the other one was killed: now it is reported
    assert message is not None and "did not close properly" in message
    crash_watch.clean_exit()


@pytest.mark.qt_no_exception_capture
def test_an_error_in_a_slot_is_logged_every_time_and_shown_once(qtbot, monkeypatch, caplog):
    from PySide6.QtCore import Qt

    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda *args: shown.append(args[2]))
    monkeypatch.setattr(app_module, "_reported", [])
    monkeypatch.setattr(sys, "excepthook", app_module._report_unexpected)
    button = QPushButton("Roll")
    qtbot.addWidget(button)
    button.show()

    def broken() -> None:
        raise ZeroDivisionError("no dice")

    button.clicked.connect(broken)
    with caplog.at_level(logging.ERROR):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    errors = [r for r in caplog.records if r.message == "unexpected error"]
    assert len(errors) == 2 and errors[0].exc_info[0] is ZeroDivisionError
    assert len(shown) == 1
    assert "Something went wrong: no dice" in shown[0] and "foebook.log" in shown[0]


def _read_only_data_folder_after_a_crash(scratch: Path) -> Path:
    """The data folder of a run that died (its marker and log are left), made read-only."""
    data = scratch / "data"
    data.mkdir()
    (data / "foebook.log").write_text("INFO all well\n", encoding="utf-8")
    (data / "foebook.running.99999").write_text("0\n", encoding="utf-8")
    data.chmod(0o555)
    return data


SMOKE = {"QT_QPA_PLATFORM": "offscreen", "FOEBOOK_QUIT_WHEN_SHOWN": "1"}


def test_a_crash_marker_that_cannot_be_removed_does_not_stop_the_start(scratch):
    from tests.as_nobody import foebook_as_nobody

    data = _read_only_data_folder_after_a_crash(scratch)
    elsewhere = scratch / "games"
    elsewhere.mkdir(mode=0o777)
    elsewhere.chmod(0o777)
    result = foebook_as_nobody(
        scratch, "--db", str(elsewhere / "foebook.sqlite3"), XDG_CONFIG_HOME=str(scratch), **SMOKE
    )
    assert result.returncode == 0, result.stderr
    assert "main window shown" in result.stdout and "session ready" in result.stdout
    assert result.stderr == ""
    assert (data / "foebook.running.99999").exists()  # left as it was: it cannot be removed


def test_a_read_only_data_folder_holding_the_database_is_one_message(scratch):
    from tests.as_nobody import foebook_as_nobody

    data = _read_only_data_folder_after_a_crash(scratch)
    result = foebook_as_nobody(scratch, XDG_CONFIG_HOME=str(scratch), **SMOKE)
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert f"foebook: error: the folder {data} is read-only" in result.stderr
    assert "bug" not in result.stderr


def _database_with_friday(data: Path, last: bool) -> Path:
    """The data folder's database, holding the session 'friday' (the one played last, when
    `last`: the settings say so)."""
    from db.engine import open_database
    from db.repository import new_session
    from desktop.encounter_file import load_encounter
    from desktop.storage_url import sqlite_url
    from tests.desktop.tracker.tiny_ruleset import rulesets, tiny_encounter

    path = data / "foebook.sqlite3"
    database = open_database(sqlite_url(path))
    if last:
        sample = ROOT / "desktop/rulesets/card_flip_rpg/encounters/card-flip-goblin-ambush.toml"
        new_session(database, "friday", load_encounter(sample))
        settings = data / "config" / "Foebook" / "Foebook.conf"
        settings.parent.mkdir(parents=True)
        settings.write_text("[session]\nlast=friday\n", encoding="utf-8")
    else:  # for the writer that tests.db.replaced_child runs
        new_session(database, "friday", tiny_encounter(), rulesets)
    database.close()
    return path


def _die_without_a_clean_exit(data: Path) -> None:
    with _other_foebook(data, "kill") as killed:
        killed.wait(timeout=30)


@pytest.mark.slow
def test_after_an_unclean_stop_the_last_session_is_offered_not_reopened(tmp_path):
    """A session that made Foebook hang or crash must not be reopened on every start."""
    _database_with_friday(tmp_path, last=True)
    clean = _run_app("report", tmp_path)
    assert clean.returncode == 0, clean.stderr
    assert clean.stdout == "page: session friday\n"  # after a clean stop: reopened at once

    _die_without_a_clean_exit(tmp_path)
    after_crash = _run_app("report", tmp_path)
    assert after_crash.returncode == 0, after_crash.stderr
    lines = after_crash.stdout.splitlines()
    assert lines[0].startswith("non-modal: Foebook did not close properly the last time it ran")
    assert lines[0].endswith(
        "The database passed a full check: every change was saved as it happened."
    )
    assert lines[1] == "buttons: OK | Open “friday”"
    assert lines[2] == "page: welcome"

    _die_without_a_clean_exit(tmp_path)
    reopened = _run_app("report", tmp_path, "Open “friday”")
    assert reopened.returncode == 0, reopened.stderr
    assert reopened.stdout.splitlines()[-2:] == ["clicked: Open “friday”", "page: session friday"]

    _die_without_a_clean_exit(tmp_path)
    dismissed = _run_app("report", tmp_path, "Esc")  # Esc closes the notice: nothing opens
    assert dismissed.returncode == 0, dismissed.stderr
    assert dismissed.stdout.splitlines()[-3:] == ["pressed: Esc", "boxes left: 0", "page: welcome"]


def test_after_an_unclean_stop_a_damaged_database_is_refused(tmp_path):
    """Damage the quick check misses (index rows): found by the full check that a start
    after an unclean stop runs, and refused as an empty file is, naming the newest backup."""
    import shutil
    from datetime import date

    from db.backup import daily_backup
    from db.engine import open_database
    from desktop.storage_url import sqlite_url
    from tests.db.replaced_child import delete_then_kill

    path = _database_with_friday(tmp_path, last=False)
    daily_backup(path, today=date(2030, 1, 2))
    fresh = tmp_path / "fresh" / "foebook.sqlite3"
    open_database(sqlite_url(fresh)).close()
    # The damage an older Foebook did: the journal of a deleted file applied to a new one.
    delete_then_kill(path, "friday")
    shutil.copyfile(fresh, path)
    raw = sqlite3.connect(path)
    assert raw.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    raw.close()

    _die_without_a_clean_exit(tmp_path)
    env = dict(
        os.environ,
        FOEBOOK_DATA_DIR=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        FOEBOOK_QUIT_WHEN_SHOWN="1",
    )
    foebook = Path(sys.executable).with_name("foebook")
    refused = subprocess.run([str(foebook)], capture_output=True, text=True, env=env, timeout=60)
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.count("\n") == 1
    assert f"foebook: error: {path} is damaged (SQLite's check found " in refused.stderr
    assert "The newest backup is from 2030-01-02" in refused.stderr
    assert "Your sessions are safe" not in refused.stdout + refused.stderr
    # After a clean stop the quick check runs, which lets this damage through.
    quick = subprocess.run([str(foebook)], capture_output=True, text=True, env=env, timeout=60)
    assert quick.returncode == 0 and "session ready" in quick.stdout, quick.stderr
