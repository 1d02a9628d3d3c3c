"""Where file dialogs start: the user's documents folder."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths


def documents_dir() -> str:
    """The documents folder (QStandardPaths), or home where the platform has none."""
    location = QStandardPaths.StandardLocation.DocumentsLocation
    return QStandardPaths.writableLocation(location) or str(Path.home())
