"""Composition root: builds the Qt application, storage and main window, then runs the GUI."""

from __future__ import annotations

import argparse
import gc
import importlib
import logging
import os
import sys
from pathlib import Path
from typing import cast

# First: dataclasses' method code kept from the last start and Qt's enums made the quick way
# (desktop/start_speedups.py), and Qt's import hook tamed (ui/__init__.py), so that no module
# below is compiled or read for them, and no Qt class's enums made the slow way.
import desktop.start_speedups  # noqa: F401
import ui  # noqa: F401

# isort: split
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QIcon
from PySide6.QtWidgets import QApplication, QStyleFactory

from db.first_read import FirstRead, FirstReadStore, read_first, sqlite_file
from desktop import (
    APP_ID,
    APP_NAME,
    ORG_DOMAIN,
    ORG_NAME,
    __version__,
    crash_watch,
    dataclass_code,
)
from desktop.display_text import terminal_safe
from desktop.errors import FoebookError
from desktop.logging_setup import configure_logging, send_crash_traces_to_log
from desktop.qt_environment import release_display_probe, require_display, use_utf8_locale
from desktop.storage_url import resolve_database_url, sqlite_url
from desktop.tracker.first_action import FIRST_ACTION_MODULES
from desktop.tracker.session import Session
from ui.main_window import MainWindow
from ui.qt_logging import install_qt_message_handler
from ui.session_actions import LAST_SESSION
from ui.stop_signals import StopSignals
from ui.theme import apply_theme, saved_theme

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


def open_storage(url: str, ask: bool, thorough: bool = False):
    """Open the database; when it is unusable, say why and offer its newest backup or another
    file (never overwrite the problem file); a missing one that left traces, also a new empty
    file. Returns None when the user declines. `thorough`: check the file in full (after a
    run that did not end cleanly)."""
    from db.engine import open_database

    start_over = False
    while True:
        try:
            return open_database(url, thorough=thorough, start_over=start_over)
        except FoebookError as error:
            log.warning("database refused: %s", error)
            if not ask:
                raise
            choice = _ask_after_refusal(error)
            if choice is None:
                return None
            if choice == "restore":
                continue  # the backup is in place now: open it
            if choice == "new":
                start_over = True
                continue
            start_over = False
            from PySide6.QtWidgets import QFileDialog  # where it opens (ui/__init__.py)

            from ui.documents import documents_dir

            path, _ = QFileDialog.getSaveFileName(
                None,
                "New Foebook database",
                str(Path(documents_dir()) / "foebook.sqlite3"),
                "Foebook database (*.sqlite3)",
            )
            if not path:
                return None
            url = sqlite_url(path)


def _ask_after_refusal(error: FoebookError) -> str | None:
    """ "restore" (done here), "new" (a new empty file in place of a missing one), "other"
    (choose another file) or None (quit)."""
    from PySide6.QtWidgets import QMessageBox  # where it opens (ui/__init__.py)

    from db.backup import backup_day, backups, restore_backup
    from db.errors import MissingDatabaseError

    path: Path | None = getattr(error, "path", None)
    newest = backups(path)[-1] if path is not None and backups(path) else None
    missing = isinstance(error, MissingDatabaseError)
    if missing:
        question = (
            "Restore the newest backup, start a new empty database, or choose another file?"
            if newest
            else "Start a new empty database, or choose another file?"
        )
    elif newest:
        question = (
            "The file was left untouched. Restore the newest backup (the unusable file is "
            "kept beside it, renamed), or choose another database file?"
        )
    else:
        question = "The file was left untouched. Choose another database file to continue?"
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        APP_NAME,
        f"{error}\n\n{question}",
        QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Close,
    )
    box.button(QMessageBox.StandardButton.Open).setText("Choose another file…")
    start_over = (
        box.addButton("Start a new empty database", QMessageBox.ButtonRole.AcceptRole)
        if missing
        else None
    )
    restore = None
    if newest is not None:
        restore = box.addButton(
            f"Restore backup from {backup_day(newest)}", QMessageBox.ButtonRole.AcceptRole
        )
        box.setDefaultButton(restore)
    box.exec()
    clicked = box.clickedButton()
    if start_over is not None and clicked is start_over:
        return "new"
    if restore is not None and clicked is restore:
        assert path is not None and newest is not None  # the button is offered only with both
        try:
            restore_backup(path, newest)
        except FoebookError as failure:
            QMessageBox.warning(None, APP_NAME, str(failure))
            return None
        return "restore"
    if clicked is box.button(QMessageBox.StandardButton.Open):
        return "other"
    return None


def app_icon() -> QIcon:
    """The app's icon (SVG, crisp at any size), from the installed resources."""
    from desktop.package_files import package_folder

    return QIcon(str(package_folder("resources").joinpath("icons", "app", "foebook.svg")))


_reported: list[BaseException] = []  # the unexpected error the user was told about


def _report_unexpected(kind, error, trace) -> None:
    """A bug in a slot must not vanish into a terminal nobody reads: log every one, tell the
    user about the first (a bug that repeats on every mouse move must not bury the window
    under dialogs)."""
    log.error("unexpected error", exc_info=(kind, error, trace))
    if _reported or QApplication.instance() is None or os.environ.get(SMOKE_ENV):
        return
    _reported.append(error)
    from PySide6.QtWidgets import QMessageBox  # where it opens (ui/__init__.py)

    from desktop.paths import log_file

    QMessageBox.critical(
        None,
        APP_NAME,
        f"Something went wrong: {error}\n\nNothing "
        f"was lost: every change is saved as it happens. The details are "
        f"in {log_file()}; further errors go there too.",
    )


def _tell_previous_crash(window: MainWindow, message: str, last: str | None) -> None:
    """Said once at start, without blocking: the user may just want to carry on. The last
    session is offered, not reopened: it may be what made the previous run hang or crash."""
    from PySide6.QtWidgets import QMessageBox  # where it opens (ui/__init__.py)

    message += " The database passed a full check: every change was saved as it happened."
    window.statusBar().showMessage(message, 30000)
    box = QMessageBox(
        QMessageBox.Icon.Information, APP_NAME, message, QMessageBox.StandardButton.Ok, window
    )
    if last is not None:
        box.setInformativeText(f"You were playing “{last}”.")
        reopen = box.addButton(f"Open “{last}”", QMessageBox.ButtonRole.AcceptRole)
        reopen.clicked.connect(lambda: window.open_session(last))
        # Two buttons leave a box without an Esc button, which then refuses to close (Esc,
        # its window's close button, the app quitting).
        box.setEscapeButton(QMessageBox.StandardButton.Ok)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setModal(False)
    box.show()


def run_gui(args: argparse.Namespace) -> int:
    require_display()  # before Qt, which would abort without one and say why only in the log
    use_utf8_locale()
    configure_logging()
    send_crash_traces_to_log()
    previous_crash = crash_watch.start()
    sys.excepthook = _report_unexpected
    install_qt_message_handler()
    configure_application_identity()
    # instance() is typed as the base QCoreApplication; the only one ever made here (and by
    # pytest-qt) is a QApplication.
    # Fusion follows the system's light or dark colour scheme on every platform. It is asked
    # for on Qt's command line rather than with setStyle, which returns the style: PySide
    # would build QStyle's ~570 enums to hand it over, before the first paint (~3% of a start).
    fusion = ["-style", "Fusion"] if "Fusion" in QStyleFactory.keys() else []  # noqa: SIM118
    existing = QApplication.instance()
    app = cast(QApplication, existing or QApplication(sys.argv[:1] + fusion))
    if existing is not None and fusion:
        app.setStyle("Fusion")
    release_display_probe()
    apply_theme(saved_theme(), remember=False)
    app.setWindowIcon(app_icon())
    smoke = bool(os.environ.get(SMOKE_ENV))
    # The window shows first, with the session it opens read by the standard library's
    # sqlite3 (db/first_read.py); SQLAlchemy (a large import) loads after the first paint,
    # and the database then opens with every check (_finish_start).
    first = _first_read(args, previous_crash)
    start = _DeferredStart(app, args, smoke, previous_crash)
    # Queued before the window is made: it runs right after the first paint, before what
    # the welcome page queues (drawing its tutorials' boards), which it skips once a
    # session opens.
    QTimer.singleShot(0, start.after_first_paint)
    window = start.window = MainWindow(start_page=first is None)
    window.starting = True  # until _DeferredStart.finish
    stop_signals = StopSignals(app)
    window.show()
    if smoke:
        print("foebook: main window shown", flush=True)
    if first is not None:
        # Before the event loop runs, so that the first paint has it. A slow plug-in's
        # decision waits in an event loop of its own, on the shown window: a stop, or the
        # window closed, meanwhile ends the start here.
        _show_first_read(window, first, start.finish)
    status = app.exec() if window.isVisible() else 0
    # Closing the window quits the app too, with status 0 (lastWindowClosed); a refused
    # start keeps its own.
    status = start.refused[0] if start.refused else status
    stop_signals.release()
    if window.database is not None:
        window.database.close()
    dataclass_code.save_cache()  # with the code of what was first made after the start
    crash_watch.clean_exit()
    return status


def _first_read(args: argparse.Namespace, previous_crash: str | None) -> FirstRead | None:
    """The session the start opens, read from a plain SQLite file without SQLAlchemy; None
    where the normal open decides: an import, a server database, no session to open, or
    after a run that did not end cleanly (the file is checked in full first)."""
    if previous_crash is not None or getattr(args, "file", None):
        return None
    path = sqlite_file(resolve_database_url(getattr(args, "db", None)))
    name = getattr(args, "session", None) or QSettings().value(LAST_SESSION)
    if path is None or not name:
        return None
    return read_first(path, str(name))


def _show_first_read(window: MainWindow, first: FirstRead, open_now) -> None:
    """Show the first read's session; its edits wait for the database (FirstReadStore)."""
    from desktop.rulesets.registry import get_ruleset

    try:
        ruleset = get_ruleset(first.ruleset)
    except FoebookError:  # the normal open says why
        return
    window.set_session(Session(ruleset, FirstReadStore(first, open_now), first.name))


# What the rest of the start loads, one import per turn of the event loop: keys and clicks
# are taken between them (during one they wait, never lost). Python threads are not used:
# PySide's import hook is not safe against an import on another thread (a crash, seen).
STORAGE_MODULES = ("sqlalchemy", "sqlalchemy.orm", "db.engine", "db.repository")
# Then, once the database is open, FIRST_ACTION_MODULES: what the players' first action would
# load (~30 ms; desktop/tracker/first_action.py, which the limits benchmark loads too).


class _Painted(QObject):
    """Whether `window` is painted from now on (the first paint is usually made by the
    events the marker waits for: painting it a second time would only delay the marker)."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.seen = False
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        self.seen = self.seen or event.type() == QEvent.Type.Paint
        return False


class _DeferredStart:
    """The rest of the start, after the first paint: SQLAlchemy and the storage code load a
    module at a time, then the database opens with every check (_finish_start). An edit
    made before then opens it at once."""

    def __init__(
        self,
        app: QApplication,
        args: argparse.Namespace,
        smoke: bool,
        previous_crash: str | None,
    ) -> None:
        self.app, self.args, self.smoke, self.previous_crash = app, args, smoke, previous_crash
        self.window: MainWindow | None = None
        self.refused: list[int] = []  # the exit status of a start the database refused
        self._finished = False
        self._to_load = list(STORAGE_MODULES)

    def after_first_paint(self) -> None:
        window = self.window
        assert window is not None  # made before the event loop runs
        if self.smoke and window.session is not None:
            painted = _Painted(window)
            self.app.processEvents()
            if not painted.seen:  # painted, not only laid out, when the marker says so
                window.repaint()
            window.removeEventFilter(painted)
            print("foebook: session shown", flush=True)
        gc.enable()  # off since the start (cli.main)
        self._load_next()

    def _load_next(self) -> None:
        if self._to_load:
            importlib.import_module(self._to_load.pop(0))
            QTimer.singleShot(0, self._load_next)
        elif not self._finished:  # (an edit made meanwhile opens it at once, and loads the rest)
            self.finish()
            self._to_load = list(FIRST_ACTION_MODULES)
            QTimer.singleShot(0, self._load_next)

    def finish(self) -> None:
        """Open the database (once)."""
        if self._finished:
            return
        self._finished = True
        assert self.window is not None
        self.refused.extend(
            _finish_start(self.app, self.window, self.args, self.smoke, self.previous_crash)
        )
        self.window.start_done()
        dataclass_code.save_cache()  # for the next start (written only when it grew)


def _keep_first_read(window: MainWindow, database) -> bool:
    """Whether the session shown from the first read stays: its file is the database now
    open (the file is read again: what differs shows); else it is closed."""
    session = window.session
    store = session.store if session is not None else None
    if session is None or not isinstance(store, FirstReadStore):
        return False
    opened = database.sqlite_path
    if opened is not None and opened.resolve() == store.first.path.resolve():
        try:
            if store.attach(database):
                session.reload()
            return True
        except FoebookError as error:  # e.g. a backup restored in its place lacks it
            window.report(str(error))
    window.close_session()
    return False


def _finish_start(
    app: QApplication,
    window: MainWindow,
    args: argparse.Namespace,
    smoke: bool,
    previous_crash: str | None = None,
) -> tuple[int, ...]:
    """Open the database and the session asked for, or the last one; after a run that did
    not end cleanly, check the database in full and offer the last session instead. Gives
    the exit status when the start is refused, else nothing."""
    try:
        database = open_storage(
            resolve_database_url(getattr(args, "db", None)),
            ask=not smoke,
            thorough=previous_crash is not None,
        )
    except FoebookError as error:  # only when not asking: said as the command line says it
        print(f"foebook: error: {terminal_safe(error.message)}", file=sys.stderr, flush=True)
        app.exit(error.exit_status)
        window.close()
        return (error.exit_status,)
    if database is None:
        app.exit(1)
        window.close()
        return (1,)
    window.set_database(database, refresh=False)
    kept = _keep_first_read(window, database)
    remembered = QSettings().value(LAST_SESSION)
    # Listing the saved sessions is a query of its own: made only where the last one counts.
    asked = getattr(args, "file", None) or getattr(args, "session", None)
    wanted = remembered and not kept and (not asked or previous_crash is not None)
    last = str(remembered) if wanted and remembered in window.session_names() else None
    if kept:
        pass  # the first read's session, shown since the first paint
    elif getattr(args, "file", None):
        window.import_encounter(args.file)
    elif getattr(args, "session", None):
        window.open_session(args.session)
    elif last is not None and previous_crash is None:
        window.open_session(last)
    if window.session is None:
        window.refresh_welcome()
    if previous_crash is not None and not smoke:
        _tell_previous_crash(window, previous_crash, last if window.session is None else None)
    log.info("Foebook %s started on %s", __version__, database.describe())
    if smoke:
        app.processEvents()
        print("foebook: session ready", flush=True)
        window.close()
        app.quit()
    return ()
