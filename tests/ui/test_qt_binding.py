"""Guards against a Qt binding that leaks references: a game night makes millions of calls."""

from __future__ import annotations

import sys

from PySide6.QtCore import QPointF
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPen


def test_void_qt_calls_do_not_drop_references_to_none(qapp):
    image = QImage(32, 32, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    before = sys.getrefcount(None)
    for _ in range(20_000):
        painter.setPen(QPen(QColor("white")))
        painter.setBrush(QBrush(QColor("red")))
        painter.drawEllipse(QPointF(8, 8), 4.0, 4.0)
    after = sys.getrefcount(None)
    painter.end()
    # PySide6 6.12.0 loses one reference per call here (60,000) and soon crashes.
    assert abs(after - before) < 1_000
