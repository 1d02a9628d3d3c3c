"""A small picture of a tutorial's board for the start page, drawn with the board scene."""

from __future__ import annotations

import logging
from functools import cache

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap

from desktop.errors import FoebookError
from ui.board.board_scene import BoardScene

log = logging.getLogger(__name__)
SIZE = (176, 120)


@cache
def _render(file_name: str, dark: bool) -> QPixmap:
    from desktop.encounter_file import load_encounter
    from desktop.samples import sample_path

    pixmap = QPixmap(*SIZE)
    pixmap.fill(Qt.GlobalColor.transparent)
    try:
        encounter = load_encounter(sample_path(file_name))
    except FoebookError as error:  # a broken sample shows no picture, not a crash
        log.warning("no thumbnail for %s: %s", file_name, error)
        return pixmap
    scene = BoardScene(show_hp=False)
    scene.set_encounter(encounter)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(
        painter, QRectF(0, 0, *SIZE), scene.itemsBoundingRect(), Qt.AspectRatioMode.KeepAspectRatio
    )
    painter.end()
    return pixmap


def board_thumbnail(file_name: str) -> QPixmap:
    """Drawn once per tutorial and theme; later calls are a dictionary look-up."""
    from ui import palette

    return _render(file_name, palette.dark())
