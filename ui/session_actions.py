"""Opening sessions: new, import, tutorial, saved or recent ones, the start page's lists,
renaming and deleting saved ones (a deleted session can be restored until Foebook closes),
and exporting the open one as an encounter file."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow, QMenu

from desktop.errors import FoebookError
from desktop.tracker.display_names import with_display_names
from desktop.tracker.session import Session, exported_encounter
from ui.board.thumbnail import board_thumbnail
from ui.command_runner import CommandRunner
from ui.documents import documents_dir, file_stem, remember_save_folder, save_folder
from ui.setting_flags import PHYSICAL_DICE, setting_flag
from ui.welcome_page import TutorialCard, WelcomePage

if TYPE_CHECKING:  # SQLAlchemy loads after the window shows (desktop.app)
    from PySide6.QtWidgets import QMessageBox

    from db.repository import DeletedSession, SessionInfo

LAST_SESSION = "session/last"  # QSettings: the session the app opens at start


def last_played(when: datetime) -> str:
    """ "today 14:05", "yesterday", "3 days ago" or the date."""
    if when.tzinfo is not None:
        when = when.astimezone().replace(tzinfo=None)
    days = (datetime.now().date() - when.date()).days
    if days <= 0:
        return f"today {when:%H:%M}"
    if days == 1:
        return "yesterday"
    return f"{days} days ago" if days < 7 else f"{when:%d %b %Y}"


class SessionActions:
    """`database` is a db.engine.Database (or None: nothing can be saved); `opened(session)`
    shows a session that was created or opened; `close_open()` lets go of the open session
    before it is deleted.

    A deleted session is gone from the database at once (after a crash it stays deleted, as
    its user confirmed); its rows are kept in memory, so the start page can restore it
    until Foebook closes."""

    def __init__(
        self,
        window: QMainWindow,
        database,
        runner: CommandRunner,
        welcome: WelcomePage,
        opened: Callable[[Session], None],
        close_open: Callable[[], None],
    ) -> None:
        self.window, self.database, self.runner = window, database, runner
        self.welcome, self.opened, self.close_open = welcome, opened, close_open
        self.deleted: list[DeletedSession] = []  # oldest first
        welcome.newRequested.connect(self.new_session)
        welcome.importRequested.connect(self.import_encounter)
        welcome.openRequested.connect(self.open_session)
        welcome.renameRequested.connect(self.rename_session)
        welcome.deleteRequested.connect(self.delete_session)
        welcome.restoreRequested.connect(self.restore_deleted)
        welcome.tutorialRequested.connect(self.start_tutorial)

    def _require_database(self) -> bool:
        if self.database is None:
            self.runner.report("No database is open; sessions cannot be saved.")
            return False
        return True

    def _saved(self) -> list[SessionInfo]:
        """The saved sessions, last played first; none (and the reason, in the status bar)
        when the database cannot list them now (a server away or not answering)."""
        if self.database is None:
            return []
        from db.repository import list_sessions

        try:
            infos = list_sessions(self.database)
        except FoebookError as error:
            self.runner.report(str(error))
            return []
        return sorted(infos, key=lambda i: i.updated_at, reverse=True)

    def session_names(self) -> list[str]:
        return [i.name for i in self._saved()]

    def refresh_welcome(self, selected: str | None = None) -> None:
        """The start page's lists; `selected` is the saved session to select."""
        # Loaded with the start page first filled: a session opened at start shows without.
        from desktop.samples import list_samples, list_scenarios, rule_system

        sessions = [
            (
                i.name,
                f"{rule_system(i.ruleset).name}, round {i.round} · "
                f"last played {last_played(i.updated_at)}",
            )
            for i in self._saved()
        ]
        self.welcome.set_sessions(sessions, selected)
        self.welcome.set_deleted([d.name for d in self.deleted])
        samples = list_samples() + list_scenarios()
        cards = []
        for ruleset in dict.fromkeys(s.ruleset for s in samples):
            system = rule_system(ruleset)
            cards.append(
                TutorialCard(
                    system.name,
                    system.description,
                    tuple((s.file_name, s.title) for s in samples if s.ruleset == ruleset),
                )
            )
        self.welcome.set_tutorials(cards, board_thumbnail)

    def _unique_name(self, wanted: str) -> str:
        taken = set(self.session_names())
        name, n = wanted, 2
        while name in taken:
            name = f"{wanted} ({n})"
            n += 1
        return name

    def new_session(self) -> None:
        if not self._require_database():
            return
        from ui.new_session_dialog import NewSessionDialog

        dialog = NewSessionDialog(set(self.session_names()), self.window)
        if dialog.exec():
            self._create_session(dialog.name.text().strip(), dialog.encounter())

    def _create_session(self, name: str, encounter) -> None:
        from db.repository import new_session

        try:
            session = new_session(
                self.database,
                name,
                with_display_names(encounter),
                physical_dice=setting_flag(PHYSICAL_DICE, False),  # as chosen last
            )
        except FoebookError as error:
            self.runner.report(str(error))
            return
        self.opened(session)

    def import_encounter(self, path: str | None = None) -> None:
        if not self._require_database():
            return
        if not path:
            from PySide6.QtWidgets import QFileDialog  # where it opens (ui/__init__.py)

            path, _ = QFileDialog.getOpenFileName(
                self.window,
                "Import encounter file",
                documents_dir(),
                "Encounter files (*.toml);;All files (*)",
            )
            if not path:
                return
        from desktop.encounter_file import load_encounter

        try:
            encounter = load_encounter(path)
        except FoebookError as error:
            self.runner.report(str(error), dialog=True)
            return
        stem = Path(path).name.removesuffix(".toml").removesuffix(".foebook")
        self._create_session(self._unique_name(encounter.name.strip() or stem), encounter)

    def start_tutorial(self, file_name: str) -> None:
        from PySide6.QtWidgets import QMessageBox  # where it opens (ui/__init__.py)

        from desktop.samples import sample_path

        if not self._require_database():
            return
        from desktop.encounter_file import load_encounter

        encounter = load_encounter(sample_path(file_name))
        name = f"Tutorial: {encounter.name or file_name}"
        if name in self.session_names():  # played before: carry on, or start over in its place
            again = self._ask(
                "Tutorial",
                f"You have played “{name}” before.\n"
                "Carry on where you left off, or start it over in its place?",
                ("&Carry on", QMessageBox.ButtonRole.AcceptRole),
                ("Start &over", QMessageBox.ButtonRole.DestructiveRole),
            )
            if again == 0:
                self.open_session(name)
                return
            if again != 1 or not self._delete(name):
                return
            self.window.statusBar().showMessage(
                f"“{name}” starts over; the old one can be restored from the start page "
                "until Foebook closes",
                8000,
            )
        self._create_session(name, encounter)

    def _ask(
        self, title: str, text: str, *choices: tuple[str, QMessageBox.ButtonRole]
    ) -> int | None:
        """A question with a button per choice (the first is the default) and Cancel: the
        index of the choice clicked, None for Cancel (or Esc)."""
        from PySide6.QtWidgets import QMessageBox  # where it opens (ui/__init__.py)

        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=self.window)
        buttons = [box.addButton(label, role) for label, role in choices]
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(buttons[0])
        box.exec()
        clicked = box.clickedButton()
        return next((i for i, b in enumerate(buttons) if b is clicked), None)

    # -- renaming and deleting saved sessions ------------------------------------------------
    def rename_session(self, name: str) -> None:
        if not self._require_database():
            return
        from PySide6.QtWidgets import QInputDialog  # where it opens (ui/__init__.py)

        new_name, ok = QInputDialog.getText(
            self.window, "Rename session", f"New name for “{name}”:", text=name
        )
        if not ok or new_name.strip() == name:
            return
        from db.repository import rename_session

        try:
            stored = rename_session(self.database, name, new_name)
        except FoebookError as error:
            self.runner.report(str(error), dialog=True)
            return
        session = self.runner.session
        if session is not None and session.name == name:
            session.name = stored
        settings = QSettings()
        if settings.value(LAST_SESSION) == name:
            settings.setValue(LAST_SESSION, stored)
        self.refresh_welcome(selected=stored)
        self.window.statusBar().showMessage(f"Renamed “{name}” to “{stored}”", 8000)

    def delete_session(self, name: str) -> None:
        """After a confirmation naming it; the open session is closed first."""
        from PySide6.QtWidgets import QMessageBox  # where it opens (ui/__init__.py)

        if not self._require_database():
            return
        answer = self._ask(
            "Delete session",
            f"Delete the session “{name}”, with its board, roster and log?\n"
            "Until Foebook closes, Restore on the start page brings it back.",
            ("&Delete", QMessageBox.ButtonRole.DestructiveRole),
        )
        if answer != 0 or not self._delete(name):
            return
        self.refresh_welcome()
        self.window.statusBar().showMessage(
            f"Deleted “{name}”; Restore on the start page brings it back until Foebook closes",
            8000,
        )

    def _delete(self, name: str) -> bool:
        from db.repository import take_session

        try:
            deleted = take_session(self.database, name)
        except FoebookError as error:
            self.runner.report(str(error), dialog=True)
            return False
        self.deleted.append(deleted)
        session = self.runner.session
        if session is not None and session.name == name:
            self.close_open()
        settings = QSettings()
        if settings.value(LAST_SESSION) == name:
            settings.remove(LAST_SESSION)
        return True

    def restore_deleted(self, index: int) -> None:
        """Put back a session deleted since Foebook started (under a new name if its own
        has been taken since)."""
        if not (0 <= index < len(self.deleted)) or not self._require_database():
            return
        from db.repository import restore_session

        deleted = self.deleted[index]
        try:
            name = restore_session(self.database, deleted, self._unique_name(deleted.name))
        except FoebookError as error:
            self.runner.report(str(error), dialog=True)
            return
        del self.deleted[index]
        self.refresh_welcome(selected=name)
        renamed = "" if name == deleted.name else f" as “{name}” (its name was taken)"
        self.window.statusBar().showMessage(f"Restored “{deleted.name}”{renamed}", 8000)

    def choose_session(self) -> None:
        names = self.session_names()
        if not names:
            self.runner.report("There are no saved sessions yet: start a new one or import a file.")
            return
        from PySide6.QtWidgets import QInputDialog  # where it opens (ui/__init__.py)

        name, ok = QInputDialog.getItem(self.window, "Open session", "Session:", names, 0, False)
        if ok and name:
            self.open_session(name)

    def open_session(self, name: str) -> None:
        if not self._require_database():
            return
        from db.repository import open_session

        try:
            session = open_session(self.database, name)
        except FoebookError as error:
            self.runner.report(str(error), dialog=True)
            return
        self.opened(session)

    def fill_recent(self, menu: QMenu) -> None:
        menu.clear()
        for name in self.session_names()[:10]:
            menu.addAction(name, cast("Callable[[], object]", lambda n=name: self.open_session(n)))
        if menu.isEmpty():
            menu.addAction("No sessions yet").setEnabled(False)

    def export_encounter(self) -> None:
        session = self.runner.session
        if session is None:
            return
        from PySide6.QtWidgets import QFileDialog  # where it opens (ui/__init__.py)

        path, _ = QFileDialog.getSaveFileName(
            self.window,
            "Export encounter file",
            str(Path(save_folder()) / f"{file_stem(session.name)}.toml"),
            "Encounter files (*.toml)",
        )
        if path:
            self.export_to(path)

    def export_to(self, path: str) -> None:
        from desktop.encounter_file import save_encounter

        session = self.runner.session
        assert session is not None  # only called with a session open
        try:
            save_encounter(exported_encounter(session.state), path)
        except FoebookError as error:
            self.runner.report(str(error), dialog=True)
            return
        remember_save_folder(path)
        acted = session.pointer
        where = f"round {session.round}" + (
            f", {acted} of {len(session.order)} units done" if acted else ""
        )
        self.window.statusBar().showMessage(
            f"Saved {path} ({where}: importing it goes on from there)", 8000
        )
