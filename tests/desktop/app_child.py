"""Child process for the crash tests: the real GUI start-up (logging, crash traces, the
running marker, the main window), then either a segfault or a look at what the user is told.

Run as `python -m tests.desktop.app_child segfault|report|wait` with FOEBOOK_DATA_DIR set
("wait": says "ready" once started, then runs until it is stopped).
"""

from __future__ import annotations

import argparse
import faulthandler
import sys

import desktop.app as app


def segfault(_app, _window, _args, _smoke) -> None:
    faulthandler._sigsegv()


def report(qapp, _window, _args, _smoke) -> None:
    """Print the texts of the message boxes on screen once start-up is done, then quit."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QMessageBox

    def look() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QMessageBox) and widget.isVisible():
                print(
                    f"{'modal' if widget.isModal() else 'non-modal'}: {widget.text()}", flush=True
                )
        qapp.quit()

    QTimer.singleShot(200, look)


def wait(_app, _window, _args, _smoke) -> None:
    print("ready", flush=True)


if __name__ == "__main__":
    app._finish_start = {"segfault": segfault, "report": report, "wait": wait}[sys.argv[1]]
    sys.exit(app.run_gui(argparse.Namespace(db=None, file=None, session=None)))
