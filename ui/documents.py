"""Where file dialogs start: the folder the user last saved into, else their documents
folder (home where there is none)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

SAVE_FOLDER = "files/saveFolder"  # QSettings: the folder an export last went to


def documents_dir() -> str:
    """The documents folder (QStandardPaths) where it exists: a dialog told to start in a
    missing folder opens in the working folder instead. Else home."""
    location = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return location if location and Path(location).is_dir() else str(Path.home())


def save_folder() -> str:
    """Where a save dialog (encounter file, PDF cards) starts: where the last export went,
    while that folder is there, else the documents folder."""
    last = QSettings().value(SAVE_FOLDER)
    return str(last) if last and Path(str(last)).is_dir() else documents_dir()


def remember_save_folder(path: str | Path) -> None:
    """An export was written to `path`: the next save dialog starts beside it."""
    QSettings().setValue(SAVE_FOLDER, str(Path(path).parent))
