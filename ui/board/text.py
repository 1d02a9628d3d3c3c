"""Centred text in a rectangle, drawn without PySide's (rect, flags, text) overload.

That overload hands back its bounding rectangle through PySide and was seen to
corrupt None's reference count after many thousands of calls (a crash in long
runs); the (rect, text, option) overload returns nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QPainter, QTextOption

_CENTRED = QTextOption(Qt.AlignmentFlag.AlignCenter)


def draw_centred(painter: QPainter, rect: QRectF, text: str) -> None:
    painter.drawText(rect, text, _CENTRED)
