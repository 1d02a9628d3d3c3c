"""Child process for the crash tests: the real GUI start-up (logging, crash traces, the
running marker, the main window), then either a segfault or a look at what the user is told.

Run as `python -m tests.desktop.app_child segfault|report|wait` with FOEBOOK_DATA_DIR set
("report": starts as the app does and prints what is on screen; "wait": says "ready" once
started, then runs until it is stopped).
"""

from __future__ import annotations

import argparse
import faulthandler
import sys

import desktop.app as app

_real_finish_start = app._finish_start


def segfault(*_args) -> None:
    faulthandler._sigsegv()


def report(qapp, window, *args) -> None:
    """Start as the app does, then print the texts of the message boxes on screen (and
    their buttons) and what the window shows, and quit. With a button's text as the second
    argument, that button of the box on screen is clicked first (a real click); with "Esc",
    Esc is pressed on it."""
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QMessageBox

    click = sys.argv[2] if len(sys.argv) > 2 else None

    def boxes() -> list[QMessageBox]:
        return [
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QMessageBox) and w.isVisible()
        ]

    def look() -> None:
        for widget in boxes():
            kind = "modal" if widget.isModal() else "non-modal"
            print(f"{kind}: {widget.text()}", flush=True)
            print(f"buttons: {' | '.join(b.text() for b in widget.buttons())}", flush=True)
        if click == "Esc":
            QTest.keyClick(boxes()[0], Qt.Key.Key_Escape)
            print("pressed: Esc", flush=True)
            print(f"boxes left: {len(boxes())}", flush=True)
        elif click is not None:
            button = next(b for w in boxes() for b in w.buttons() if b.text() == click)
            QTest.mouseClick(button, Qt.MouseButton.LeftButton)
            print(f"clicked: {click}", flush=True)
        opened = window.session.name if window.session is not None else None
        print(f"page: {'session ' + opened if opened else 'welcome'}", flush=True)
        qapp.quit()

    QTimer.singleShot(300, look)  # set first: the start may wait in a dialog
    _real_finish_start(qapp, window, *args)


def wait(*_args) -> None:
    print("ready", flush=True)


if __name__ == "__main__":
    app._finish_start = {"segfault": segfault, "report": report, "wait": wait}[sys.argv[1]]
    sys.exit(app.run_gui(argparse.Namespace(db=None, file=None, session=None)))
