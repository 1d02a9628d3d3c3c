"""When the database file is deleted or replaced under the running app: the user is told
once (the command runner refuses every edit from then on), and the open session can be
saved to a new file, where play goes on."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from desktop import APP_NAME
from desktop.errors import FoebookError
from ui.command_runner import CommandRunner
from ui.session_actions import SessionActions

SAVE_TEXT = "Save session to a new &file…"


class FileRescue:
    def __init__(
        self, window: QMainWindow, runner: CommandRunner, sessions: SessionActions
    ) -> None:
        self.window, self.runner, self.sessions = window, runner, sessions
        self.action = QAction(SAVE_TEXT, window)
        self.action.setToolTip("The database file is gone: save the open session elsewhere")
        self.action.setEnabled(False)  # only once the file is gone
        self.action.triggered.connect(self.save)
        runner.file_replaced = self._replaced

    def _replaced(self) -> None:
        self.action.setEnabled(True)
        # After the refused action has finished: not in the middle of its key or click.
        QTimer.singleShot(0, self._offer)

    def _offer(self) -> None:
        from PySide6.QtWidgets import QMessageBox  # where it opens (ui/__init__.py)

        box = QMessageBox(
            QMessageBox.Icon.Warning,
            APP_NAME,
            self.runner.replaced or "",
            QMessageBox.StandardButton.NoButton,
            self.window,
        )
        box.setObjectName("fileReplaced")
        save = box.addButton("Save session to a new file…", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Not now", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(save)
        box.exec()
        if box.clickedButton() is save:
            self.save()

    def _proposed(self) -> Path:
        """Where the file was, when nothing is there now; else a new name beside it."""
        old = self.sessions.database.sqlite_path
        if not old.exists():
            return old
        candidate, n = old.with_name(f"{old.stem}-saved{old.suffix}"), 2
        while candidate.exists():
            candidate, n = old.with_name(f"{old.stem}-saved-{n}{old.suffix}"), n + 1
        return candidate

    def save(self) -> None:
        from PySide6.QtWidgets import QFileDialog, QMessageBox  # where they open (ui/__init__.py)

        from db.engine import open_database
        from db.rescue import save_elsewhere
        from desktop.storage_url import sqlite_url

        session = self.runner.session
        database = self.sessions.database
        if session is None or database is None or database.sqlite_path is None:
            return
        chosen, _ = QFileDialog.getSaveFileName(
            self.window,
            "Save session to a new file",
            str(self._proposed()),
            "Foebook database (*.sqlite3)",
            options=QFileDialog.Option.DontConfirmOverwrite,
        )
        if not chosen:
            return
        target = Path(chosen)
        try:
            with_history = save_elsewhere(database, session.name, session.state, target)
            saved = open_database(sqlite_url(target))
        except FoebookError as error:
            self.runner.report(str(error), dialog=True)
            return
        self.sessions.database = saved
        self.sessions.open_session(session.name)
        self.action.setEnabled(False)
        said = f"Saved “{session.name}” to {target}"
        if not with_history:
            said += " (its current state: its history could not be read back)"
        said += "; play goes on there."
        if target != database.sqlite_path:
            said += f" To open that file next time, start Foebook with --db {target}"
        self.window.statusBar().showMessage(said, 12000)
        QMessageBox.information(self.window, APP_NAME, said)
