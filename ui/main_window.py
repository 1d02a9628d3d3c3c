"""The main window: roster (left), board (centre), decision panel (right), log (bottom)."""

from __future__ import annotations

import logging

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QLabel,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from desktop import APP_NAME, __version__

log = logging.getLogger(__name__)


def _placeholder(text: str) -> QLabel:
    label = QLabel(text)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    label.setWordWrap(True)
    label.setEnabled(False)  # drawn greyed: a hint, not content
    label.setMargin(12)
    return label


class MainWindow(QMainWindow):
    """Top-level window; later parts fill the docks with the real views."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(APP_NAME)
        self.setObjectName("MainWindow")
        self.setCentralWidget(_placeholder("No session open.\nFile → New session to begin."))
        self.roster_dock = self._add_dock(
            "Roster", "rosterDock", Qt.DockWidgetArea.LeftDockWidgetArea,
            "Enemies and players of the session appear here.",
        )
        self.decision_dock = self._add_dock(
            "Decision", "decisionDock", Qt.DockWidgetArea.RightDockWidgetArea,
            "Select an enemy to see what it does and why.",
        )
        self.log_dock = self._add_dock(
            "Log", "logDock", Qt.DockWidgetArea.BottomDockWidgetArea,
            "Every change of the session is listed here.",
        )
        self._build_menus()
        self.statusBar().showMessage("Ready")
        self.resize(1280, 800)
        self._restore_state()

    def _add_dock(self, title: str, name: str, area: Qt.DockWidgetArea, hint: str) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(_placeholder(hint))
        self.addDockWidget(area, dock)
        return dock

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("&File")
        quit_action = QAction("&Quit", self)
        quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        self.file_menu.addAction(quit_action)
        self.edit_menu = bar.addMenu("&Edit")
        self.view_menu = bar.addMenu("&View")
        for dock in (self.roster_dock, self.decision_dock, self.log_dock):
            self.view_menu.addAction(dock.toggleViewAction())
        self.session_menu = bar.addMenu("&Session")
        self.help_menu = bar.addMenu("&Help")
        about = QAction("&About Foebook", self)
        about.triggered.connect(self._show_about)
        self.help_menu.addAction(about)

    def _show_about(self) -> None:
        QMessageBox.about(
            self,
            f"About {APP_NAME}",
            f"<b>{APP_NAME}</b> {__version__}<br>"
            "Runs the enemies of solo and co-op tabletop games.",
        )

    def _restore_state(self) -> None:
        settings = QSettings()
        geometry = settings.value("mainWindow/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = settings.value("mainWindow/state")
        if state is not None:
            self.restoreState(state)

    def closeEvent(self, event: QCloseEvent) -> None:
        settings = QSettings()
        settings.setValue("mainWindow/geometry", self.saveGeometry())
        settings.setValue("mainWindow/state", self.saveState())
        log.debug("main window state saved")
        super().closeEvent(event)
