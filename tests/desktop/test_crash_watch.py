"""Crashes are never silent: a segfault leaves its trace in the log, the next start says so
and where the details are; an unexpected error in a slot is logged and shown once."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox, QPushButton

import desktop.app as app_module

ROOT = Path(__file__).resolve().parents[2]


def _run_app(mode: str, data: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, FOEBOOK_DATA_DIR=str(data), XDG_CONFIG_HOME=str(data / "config"))
    env.pop("FOEBOOK_QUIT_WHEN_SHOWN", None)
    return subprocess.run(
        [sys.executable, "-m", "tests.desktop.app_child", mode],
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
    notice = "non-modal: Foebook crashed the last time it ran. Your sessions are safe"
    assert notice in again.stdout
    assert f"The crash report is in {tmp_path / 'foebook.log'}." in again.stdout
    assert not list(tmp_path.glob("foebook.running*"))  # this run ended cleanly

    third = _run_app("report", tmp_path)
    assert third.returncode == 0 and third.stdout == ""  # said once, not every start


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
    assert again.returncode == 0 and again.stdout == ""


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
