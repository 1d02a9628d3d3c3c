"""Rule packs in the app: those installed in the data folder are known from the start,
File → Open rule pack… installs one, and an installed pack edited and saved on disk is read
again at once (the open session re-decides; a broken save is reported with its line and
the last good version kept)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow

from desktop.engine.errors import RulesError
from desktop.errors import FoebookError
from desktop.pack_file import FOLDER, install_pack, register_installed, register_pack_file
from desktop.paths import data_dir
from desktop.rulesets.registry import get_ruleset
from desktop.tracker.session import Session

log = logging.getLogger(__name__)
OPEN_TEXT = "Open r&ule pack…"
SAVED_SETTLE_MS = 150  # an editor's save may come as several writes (or a rename)


class RulePacks:
    """`session()`: the open session, or None; `report(message)`: a refusal for the user;
    `changed()`: the open session's ruleset was replaced (re-decide, redraw); `listed()`: the
    rule systems known changed (the start page's lists)."""

    def __init__(
        self,
        window: QMainWindow,
        session: Callable[[], Session | None],
        report: Callable[[str], None],
        changed: Callable[[], None],
        listed: Callable[[], None],
    ) -> None:
        self.window = window
        self._session, self._report, self._changed, self._listed = session, report, changed, listed
        self.action = QAction(OPEN_TEXT, window)
        self.action.setToolTip("Install a rule pack (a game's enemy AI in one TOML file)")
        self.action.triggered.connect(self.choose)
        self.watcher = QFileSystemWatcher(window)
        self.watcher.fileChanged.connect(self._saved)
        self.watcher.directoryChanged.connect(lambda _folder: self._watch())
        self._pending: set[str] = set()
        try:
            self.folder: Path | None = data_dir() / FOLDER
            for problem in register_installed(data_dir()):
                log.warning("rule pack not loaded: %s", problem)
        except FoebookError as error:  # no data folder: no installed packs
            log.warning("rule packs not loaded: %s", error)
            self.folder = None
        self._watch()

    def _watch(self) -> None:
        """Watch the packs folder and each pack in it (once there is a folder: it is made
        when the first pack is installed, never at start, which a read-only disk refuses)."""
        if self.folder is None or not self.folder.is_dir():
            return
        if str(self.folder) not in self.watcher.directories():
            self.watcher.addPath(str(self.folder))
        files = [str(p) for p in self.folder.glob("*.toml")]
        missing = [f for f in files if f not in self.watcher.files()]
        if missing:
            self.watcher.addPaths(missing)

    def choose(self) -> None:
        from PySide6.QtWidgets import QFileDialog  # where it opens (ui/__init__.py)

        path, _ = QFileDialog.getOpenFileName(
            self.window, "Open rule pack", "", "Rule packs (*.toml);;All files (*)"
        )
        if path:
            self.install(path)

    def install(self, path: str) -> None:
        if self.folder is None:
            self._report("Foebook has no data folder to install rule packs into")
            return
        try:
            pack_id, _target = install_pack(path, self.folder.parent)
        except FoebookError as error:
            self._report(error.message)
            return
        self._watch()
        self.window.statusBar().showMessage(
            f"Rule pack '{pack_id}' installed: New session offers it", 8000
        )
        self._listed()
        self._reload(pack_id)

    def _saved(self, path: str) -> None:
        # Gathered for a moment: one save may be several writes; a save by rename takes the
        # file off the watch list, so it is put back.
        self._pending.add(path)
        QTimer.singleShot(SAVED_SETTLE_MS, self._read_saved)

    def _read_saved(self) -> None:
        pending, self._pending = self._pending, set()
        self._watch()
        for path in sorted(pending):
            if not Path(path).is_file():
                continue
            try:
                pack_id = register_pack_file(path)
            except FoebookError as error:
                self._report(f"{error.message}; the last good version is kept")
                continue
            self._reload(pack_id)

    def _reload(self, pack_id: str) -> None:
        """The open session of that pack takes the pack as saved now, or keeps its last good
        version (the problem reported, with its line)."""
        session = self._session()
        if session is None or session.ruleset.id != pack_id:
            return
        try:
            fresh = get_ruleset(pack_id)
        except RulesError as error:
            self._report(f"{error.message}; the last good version is kept")
            return
        session.ruleset = fresh
        self._changed()
