"""Where file dialogs start: the folder the user last saved into, else their documents
folder (home where there is none); and the file name they suggest."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QSettings

SAVE_FOLDER = "files/saveFolder"  # QSettings: the folder an export last went to

# What some system refuses in a file name (Windows the most): path separators become "-",
# the other reserved characters and control characters go.
_SEPARATORS = re.compile(r"[/\\]")
_REFUSED = re.compile(r'[:*?"<>|\x00-\x1f]')


def documents_dir() -> str:
    """The documents folder (QStandardPaths) where it exists: a dialog told to start in a
    missing folder opens in the working folder instead. Else home."""
    from PySide6.QtCore import QStandardPaths  # with the dialog (ui/__init__.py)

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


def file_stem(name: str, fallback: str = "Foebook") -> str:
    """A session's or encounter's name as the stem of a file name every system accepts
    ("Tutorial: Goblin ambush" → "Tutorial Goblin ambush"); `fallback` when nothing is
    left."""
    stem = _REFUSED.sub("", _SEPARATORS.sub("-", name))
    stem = " ".join(stem.split()).strip(" .")
    return stem or fallback
