"""A rule system plug-in whose `evaluate` raises or never ends, in the window: the failure
names the plug-in (file and line) every time, no earlier decision stays on screen to be
applied; a decision that takes long leaves the window answering, says so after a second
and can be cancelled. Real clicks on the real window; real plug-ins, found as installed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QProgressDialog, QPushButton

from db.repository import new_session
from desktop.encounter_file import load_encounter
from tests.plugin_examples import EXAMPLE, LOOPS, RAISES, RAISING_LINE, SAMPLE, install
from tests.ui.real_input import click, click_roster_row

ROOT = Path(__file__).resolve().parents[2]


def open_plugin_session(qtbot, window) -> None:
    new_session(window.database, "ford", load_encounter(SAMPLE))
    window.open_session("ford")
    qtbot.waitUntil(lambda: window.session is not None)


def test_a_plug_in_that_raises_is_named_each_time_and_nothing_stale_can_be_applied(
    qtbot, window, site, monkeypatch, tmp_path
):
    install(site, monkeypatch, "plugin_raises_in_window", RAISES)
    open_plugin_session(qtbot, window)
    expected = (
        "the rule system plug-in 'nearest-first' (plugin_raises_in_window:build, from "
        "broken-games) failed while deciding for 'wolf': ZeroDivisionError: integer division "
        f"or modulo by zero (at {tmp_path / 'plugin_raises_in_window.py'}, line {RAISING_LINE})"
    )
    for _ in range(2):  # every time, not only the first
        click_roster_row(qtbot, window, "archer")
        assert window.decision is not None and window.decision.unit == "archer"
        assert window.panel.apply_button.isEnabled() and window.act_apply.isEnabled()
        click_roster_row(qtbot, window, "wolf")
        assert window.panel.title.text() == expected
        assert window.decision is None  # the archer's decision is gone from the screen
        assert not window.panel.apply_button.isEnabled()
        assert not window.act_apply.isEnabled()
    assert not any(isinstance(w, QMessageBox) for w in QApplication.topLevelWidgets())


def cancel_when_noted(qtbot, seen: list[str], ready=lambda: True) -> None:
    """Once the "still deciding" note is up (and `ready()`), read it and click its Cancel."""
    note = next((w for w in QApplication.topLevelWidgets() if isinstance(w, QProgressDialog)), None)
    if note is None or not note.isVisible() or not ready():
        QTimer.singleShot(50, lambda: cancel_when_noted(qtbot, seen, ready))
        return
    seen.append(note.labelText())
    cancel = next(b for b in note.findChildren(QPushButton) if b.text() == "Cancel")
    click(qtbot, cancel)


def test_a_plug_in_stuck_in_a_loop_leaves_the_window_answering_and_can_be_cancelled(
    qtbot, window, site, monkeypatch
):
    install(site, monkeypatch, "plugin_loops_in_window", LOOPS)
    opening: list[str] = []
    cancel_when_noted(qtbot, opening)
    open_plugin_session(qtbot, window)  # the wolf, its first enemy, is shown: cancelled
    assert len(opening) == 1
    click_roster_row(qtbot, window, "archer")
    assert window.decision is not None and window.decision.unit == "archer"
    ticks: list[float] = []
    started = time.monotonic()
    ticker = QTimer(window)
    ticker.timeout.connect(lambda: ticks.append(time.monotonic() - started))
    ticker.start(100)
    seen: list[str] = []
    # Cancelled once the window's own timer has ticked five times while the plug-in decides:
    # a window that stopped answering never gets there (the test then times out).
    cancel_when_noted(qtbot, seen, lambda: len(ticks) >= 5)
    click_roster_row(qtbot, window, "wolf")  # returns once cancelled
    ticker.stop()
    assert seen == [
        "Still deciding for Grey Wolf… (the rule system plug-in 'nearest-first' "
        "(plugin_loops_in_window:build, from broken-games))"
    ]
    # The window's own timers ran all along while the plug-in was deciding: it kept
    # answering. (How soon is a speed figure: a looping plug-in thread shares the
    # interpreter with the window, so on a busy machine the ticks come late, but they come.)
    assert len(ticks) >= 5
    assert window.panel.title.text().startswith(
        "Deciding for Grey Wolf was cancelled: the rule system plug-in 'nearest-first'"
    )
    assert window.decision is None and not window.panel.apply_button.isEnabled()
    click_roster_row(qtbot, window, "archer")  # its other units still decide
    assert window.decision is not None and window.decision.unit == "archer"


@pytest.mark.slow
def test_a_window_stuck_on_a_plug_in_still_stops_when_asked(site, monkeypatch, tmp_path):
    """SIGTERM (a desktop logging out) ends Foebook cleanly while a plug-in never returns."""
    from db.engine import open_database
    from desktop.storage_url import sqlite_url

    install(site, monkeypatch, "plugin_loops_at_start", LOOPS)
    data = tmp_path / "data"
    database = open_database(sqlite_url(data / "foebook.sqlite3"))
    new_session(database, "ford", load_encounter(SAMPLE))
    database.close()
    settings = tmp_path / "config" / "Foebook" / "Foebook.conf"
    settings.parent.mkdir(parents=True)
    settings.write_text("[session]\nlast=ford\n", encoding="utf-8")
    env = dict(
        os.environ,
        FOEBOOK_DATA_DIR=str(data),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        PYTHONPATH=os.pathsep.join([str(tmp_path), str(EXAMPLE)]),
    )
    env.pop("FOEBOOK_QUIT_WHEN_SHOWN", None)
    foebook = Path(sys.executable).with_name("foebook")
    with subprocess.Popen(
        [str(foebook)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as child:
        try:
            deadline = time.monotonic() + 60
            log = data / "foebook.log"
            # The database open (its day's backup taken), then the last session, whose
            # first enemy (the wolf) is being decided.
            while "backed up" not in (log.read_text() if log.exists() else ""):
                assert time.monotonic() < deadline and child.poll() is None, child.stderr.read()
                time.sleep(0.1)
            time.sleep(3)
            child.send_signal(signal.SIGTERM)
            assert child.wait(timeout=30) == 0, child.stderr.read()
        finally:
            child.kill()
    assert not list(data.glob("foebook.running*"))  # a clean exit
    assert "was cancelled: the rule system plug-in 'nearest-first'" in log.read_text()
