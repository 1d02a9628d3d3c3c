"""The board's legend: terrain and highlight colours behind a one-line toggle."""

from __future__ import annotations

from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

from desktop.engine.board import Terrain
from ui import palette
from ui.setting_flags import setting_flag

SETTING = "board/legendShown"


def swatch(colour: QColor, size: int = 14) -> QPixmap:
    pixmap = QPixmap(QSize(size, size))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setPen(QPen(QColor("#555555")))
    painter.setBrush(QBrush(colour))
    painter.drawRect(0, 0, size - 1, size - 1)
    painter.end()
    return pixmap


def terrain_icon(terrain: Terrain) -> QIcon:
    return QIcon(swatch(palette.TERRAIN_FILL[terrain], 16))


class Legend(QWidget):
    """One line under the board: a Legend toggle and the hovered cell. The colour key opens
    beside the toggle (wrapping in a narrow window) and the choice is remembered."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        entries = [
            (QColor("#F0E442") if t is Terrain.OBJECTIVE else palette.TERRAIN_FILL[t], t.label)
            for t in Terrain
            if t is not Terrain.OPEN
        ]
        entries += [
            (palette.ENEMY, "enemy&nbsp;(round)"),
            (palette.PLAYER, "player&nbsp;(square)"),
            (palette.TARGET, "target,&nbsp;numbered"),
            (palette.PATH, "path"),
            (palette.SIGHT, "sight line"),
            (palette.AREA, "area attack"),
            (palette.THIN_WALL, "thin wall (on a hex side)"),
        ]
        html = "&nbsp;&nbsp; ".join(
            f'<span style="color:{c.name()}; font-size:large">■</span>&nbsp;'
            f"{text.replace(' ', '&nbsp;')}"
            for c, text in entries
        )
        self.toggle = QToolButton()
        self.toggle.setText("Legend")
        self.toggle.setCheckable(True)
        self.toggle.setAutoRaise(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setToolTip("Show or hide what the colours on the board mean")
        self.text = QLabel(html)
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setAccessibleName("Legend")
        self.coordinates = QLabel()
        self.coordinates.setMinimumWidth(70)
        self.coordinates.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 8, 0)
        layout.addWidget(self.toggle, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.text, 1)
        layout.addStretch(0)
        layout.addWidget(self.coordinates, 0, Qt.AlignmentFlag.AlignTop)
        self.toggle.toggled.connect(self._show_key)
        self.toggle.setChecked(setting_flag(SETTING, False))
        self._show_key(self.toggle.isChecked())

    def _show_key(self, on: bool) -> None:
        self.text.setVisible(on)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        QSettings().setValue(SETTING, on)

    def show_cell(self, col: int, row: int) -> None:
        self.coordinates.setText("" if col < 0 else f"[{col}, {row}]")
