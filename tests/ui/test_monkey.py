"""The monkey test: thousands of seeded random real input events on the main window and
every dialog and menu it opens, for each tutorial and for a fresh empty session. Pass = no
crash, no uncaught exception, no Qt warning, and the session in the database is exactly the
one on screen. The seed is printed; FOEBOOK_MONKEY_SEED=<seed> replays it
(FOEBOOK_MONKEY_EVENTS=<n> changes how many events each run sends)."""

from __future__ import annotations

import os
import random
import time

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog

from desktop.samples import list_samples
from tests.ui.monkey import Monkey
from tests.ui.showing import show_active
from ui.main_window import MainWindow
from ui.theme import apply_theme

SEED = int(os.environ.get("FOEBOOK_MONKEY_SEED") or random.randrange(1 << 31))
EVENTS = int(os.environ.get("FOEBOOK_MONKEY_EVENTS") or 1000)
EMPTY = "empty session"
RUNS = [s.file_name for s in list_samples()] + [EMPTY]


@pytest.fixture
def non_native_file_dialogs(monkeypatch):
    """The platform's own file dialog (GTK, a desktop portal) is no QWidget: Escape cannot
    reach it and its exec() would block the monkey for ever. Qt's widget dialog is used
    instead, which the monkey cancels like any dialog that reaches outside the app."""
    for name in ("getOpenFileName", "getSaveFileName", "getExistingDirectory"):
        original = getattr(QFileDialog, name)

        def widget_dialog(*args, _original=original, **kwargs):
            kwargs["options"] = (
                kwargs.get("options", QFileDialog.Option(0))
                | QFileDialog.Option.DontUseNativeDialog
            )
            return _original(*args, **kwargs)

        monkeypatch.setattr(QFileDialog, name, widget_dialog)


@pytest.fixture
def private_profile(tmp_path, monkeypatch):
    """What the monkey saves outside the database (stratagem decks, window state, theme)
    stays with this test."""
    monkeypatch.setenv("FOEBOOK_DATA_DIR", str(tmp_path / "profile"))
    yield
    QSettings().clear()
    apply_theme("system", remember=False)


def _say(request, line: str) -> None:
    """Straight to the terminal, so the seed is there even if the process dies."""
    capture = request.config.pluginmanager.getplugin("capturemanager")
    with capture.global_and_fixture_disabled():
        request.config.pluginmanager.getplugin("terminalreporter").write_line(line)


def _start_empty_session(window) -> None:
    """File → New session (Ctrl+N), typed into the dialog as a user would."""

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        QTest.keyClicks(dialog.name, "Empty table")
        QTest.keyClick(dialog, Qt.Key.Key_Return)

    QTimer.singleShot(0, fill)
    QTest.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.session is not None and not window.session.encounter.units


@pytest.mark.slow
@pytest.mark.parametrize("run", RUNS)
def test_random_input_never_breaks_the_app_or_the_saved_session(
    window, qtbot, database, run, request, non_native_file_dialogs, private_profile
):
    from db.repository import open_session

    if run == EMPTY:
        _start_empty_session(window)
    else:
        window.start_tutorial(run)

    def restart() -> MainWindow:  # the monkey chose Quit: start the app again
        again = MainWindow(database)
        qtbot.addWidget(again)
        again.resize(1300, 800)
        show_active(qtbot, again)
        last = QSettings().value("session/last")  # as the app does: unless it was deleted
        if last in again.session_names():
            again.open_session(str(last))
        return again

    monkey = Monkey(window, SEED, EVENTS, restart)
    _say(request, f"monkey {run}: seed {SEED} (replay: FOEBOOK_MONKEY_SEED={SEED})")
    started = time.perf_counter()
    monkey.run()
    elapsed = time.perf_counter() - started
    report = (
        f"monkey {run}: seed {SEED}, {monkey.sent} events in {elapsed:.1f} s, "
        f"{monkey.restarts} restarts, dialogs and popups {monkey.dialogs}"
    )
    _say(request, report)
    assert not monkey.errors, f"{report}\n{monkey.errors[0]}"
    trail = "\n".join(monkey.trail)

    session = monkey.window.session
    if session is None:  # the monkey deleted the session it played (start page, Delete)
        assert monkey.window.pages.currentIndex() == 0, f"{report}\nlast events:\n{trail}"
        _say(request, "  ended on the start page, its session deleted")
        return
    _say(request, f"  ended in session '{session.name}' with {len(session.history)} commands")
    saved = open_session(database, session.name)
    assert saved.state == session.state, f"{report}\nlast events:\n{trail}"
    assert saved.history == session.history, f"{report}\nlast events:\n{trail}"
    assert (saved.round, saved.order, saved.pointer) == (
        session.round,
        session.order,
        session.pointer,
    )
