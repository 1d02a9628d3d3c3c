"""Runs every command, undo and redo of the main window, and reports a refusal one way: in
the status bar (a dialog only where asked); it also watches the database connection."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QMainWindow

from desktop import APP_NAME
from desktop.errors import FoebookError
from desktop.tracker.session import Change, MeantFor, Session
from ui.session_signals import SessionSignals

if TYPE_CHECKING:  # commands load when first made, not to show a session at start
    from desktop.tracker.commands import Command

log = logging.getLogger(__name__)
REPORT_MS = 12000
OFFLINE = (
    "The connection to the database is lost; edits are refused until it is back "
    "(Foebook reconnects by itself)."
)
NOT_ANSWERING = (
    "The database is not answering; edits are refused until it answers "
    "(Foebook carries on by itself)."
)


class CommandRunner:
    def __init__(self, window: QMainWindow) -> None:
        self.window = window
        self.session: Session | None = None
        self.signals: SessionSignals | None = None
        # Why edits are refused for good: the database file was deleted or replaced.
        self.replaced: str | None = None
        self.file_replaced: Callable[[], None] | None = None  # told once when it happens
        self.connection_label = QLabel()  # shown while the database server is out of reach
        self.connection_label.setObjectName("connectionLost")
        self.connection_label.setVisible(False)
        window.statusBar().addPermanentWidget(self.connection_label)
        self._refusal = OFFLINE  # what a refused edit is told while the database is away
        # What the roster was told about the connection, handed to `dropped_notes` once the
        # connection is back: a note of trouble that is over goes.
        self.connection_notes: list[str] = []
        self.dropped_notes: Callable[[list[str]], None] | None = None

    def attach(self, session: Session, changed: Callable[[Change], None]) -> None:
        """Run commands on `session` from now on; `changed` hears each of its changes."""
        self.close()
        self.session = session
        self.signals = SessionSignals(session, self.window)
        self.signals.changed.connect(changed)
        self.signals.connectionLost.connect(self._connection_lost)
        self.signals.connectionBack.connect(self._connection_back)
        self.connection_label.setVisible(False)  # it opened, so the database answers
        self.replaced = None

    def close(self) -> None:
        if self.signals is not None:
            self.signals.close()
            # A child of the window: deleted, or it would keep the session it watched (its
            # state, the board's caches) for as long as the window is open.
            self.signals.deleteLater()
            self.signals = None

    def detach(self) -> None:
        """No session from now on (the open one is being deleted)."""
        self.close()
        self.session = self.signals = None

    # -- running -----------------------------------------------------------------------------
    def run(self, command: Command) -> bool:
        return self._attempt(lambda session: session.execute(command))

    def attempt(self, command: Command, meant_for: MeantFor | None = None) -> str | None:
        """Run it where the caller reports the outcome itself (the roster's message line,
        the unit editor): the reason it was refused, nothing changed; None when done.
        `meant_for` checks the state it is applied to (see Session.execute)."""
        if self.session is None:
            return "No session is open."
        if self.replaced:
            return self.replaced
        if self.offline:
            self.connection_notes.append(self._refusal)
            return self._refusal
        try:
            self.session.execute(command, meant_for)
        except FoebookError as error:
            if self._note_lost(error):
                self.connection_notes.append(str(error))
            return str(error)
        return None

    def undo(self) -> bool:
        return (
            self.session is not None
            and self.session.can_undo
            and self._attempt(lambda session: session.undo())
        )

    def redo(self) -> bool:
        return (
            self.session is not None
            and self.session.can_redo
            and self._attempt(lambda session: session.redo())
        )

    def _attempt(self, action: Callable[[Session], object]) -> bool:
        session = self.session
        if session is None or self._refuse_while_offline():
            return False
        try:
            action(session)
        except FoebookError as error:
            self._storage_failed(error)
            return False
        return True

    # -- reporting ---------------------------------------------------------------------------
    def report(self, message: str, *, dialog: bool = False) -> None:
        """Tell the user what went wrong, in one sentence; nothing was changed."""
        log.info("refused: %s", message)
        self.window.statusBar().showMessage(message, REPORT_MS)
        if dialog:
            from PySide6.QtWidgets import QMessageBox  # where it opens (ui/__init__.py)

            QMessageBox.warning(self.window, APP_NAME, message)

    def _storage_failed(self, error: FoebookError) -> None:
        self._note_lost(error)
        self.report(str(error))

    def _note_lost(self, error: FoebookError) -> bool:
        """Whether the error is the database going away (the window then turns offline); a
        database file deleted or replaced under the window refuses every later edit."""
        from db.errors import DatabaseReplacedError, DatabaseUnreachableError

        if isinstance(error, DatabaseReplacedError) and self.replaced is None:
            self.replaced = str(error)
            if self.file_replaced is not None:
                self.file_replaced()
        if not isinstance(error, DatabaseUnreachableError):
            return False
        if self.signals is not None:
            self.signals.mark_lost(error)
        return True

    # -- the database connection -------------------------------------------------------------
    @property
    def offline(self) -> bool:
        return not self.connection_label.isHidden()

    def _refuse_while_offline(self) -> bool:
        """Nothing that was not saved may look saved: no edits until the server is back, nor
        once the database file is gone."""
        if self.replaced:
            self.report(self.replaced)
            return True
        if self.offline:
            self.report(self._refusal)
        return self.offline

    def _connection_lost(self, error: Exception) -> None:
        from db.errors import DatabaseNotAnsweringError

        if isinstance(error, DatabaseNotAnsweringError):
            self._refusal = NOT_ANSWERING
            self.connection_label.setText(
                "The database is not answering: edits are refused until it answers "
                "(Foebook carries on by itself)"
            )
        else:
            self._refusal = OFFLINE
            self.connection_label.setText(
                "Connection to the database lost: edits are refused "
                "until it is back (Foebook reconnects by itself)"
            )
        self.connection_label.setToolTip(str(error))
        self.connection_label.setVisible(True)

    def _connection_back(self) -> None:
        self.connection_label.setVisible(False)
        self.window.statusBar().showMessage("Connection to the database is back", 8000)
        notes, self.connection_notes = self.connection_notes, []
        if self.dropped_notes is not None:
            self.dropped_notes(notes)
