"""Composition root: builds the Qt application, storage and main window, then runs the GUI."""

from __future__ import annotations

import argparse
import logging
import os
import sys

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from desktop import APP_ID, APP_NAME, ORG_DOMAIN, ORG_NAME, __version__
from desktop.logging_setup import configure_logging
from ui.main_window import MainWindow
from ui.qt_logging import install_qt_message_handler

log = logging.getLogger(__name__)

# Set by the start-up benchmark and the packaging smoke test: print a marker
# once the window is on screen, then quit, so a harness can time a real start.
SMOKE_ENV = "FOEBOOK_QUIT_WHEN_SHOWN"


def configure_application_identity() -> None:
    """Names that decide where QSettings and the data directory land."""
    QCoreApplication.setOrganizationName(ORG_NAME)
    QCoreApplication.setOrganizationDomain(ORG_DOMAIN)
    QCoreApplication.setApplicationName(APP_NAME)
    QCoreApplication.setApplicationVersion(__version__)
    QGuiApplication.setDesktopFileName(APP_ID)


def run_gui(args: argparse.Namespace) -> int:
    configure_logging()
    install_qt_message_handler()
    configure_application_identity()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow()
    window.show()
    log.info("Foebook %s started", __version__)
    if os.environ.get(SMOKE_ENV):
        def _report_and_quit() -> None:
            print("foebook: main window shown", flush=True)
            window.close()
            app.quit()

        QTimer.singleShot(0, _report_and_quit)
    return app.exec()
