"""The board's legend: terrain and highlight colours, and the ruleset's markers, behind a
one-line toggle."""

from __future__ import annotations

import base64
from collections.abc import Iterable, Mapping, Sequence

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QEvent,
    QIODevice,
    QPointF,
    QRectF,
    QSettings,
    QSize,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPalette, QPen, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from desktop.engine.board import Terrain
from desktop.engine.encounter import Encounter
from desktop.engine.ruleset import StatusSpec
from ui import palette
from ui.flow_layout import FlowLayout
from ui.marker_looks import MarkerLook, look_of
from ui.rich_text import escape
from ui.roster.status_icons import status_pixmap
from ui.setting_flags import setting_flag

SETTING = "board/legendShown"
SWATCH = 14  # pixels, as the text's line is tall
OBJECTIVE_MARK = QColor("#F0E442")  # the objective's yellow disc (its cell is open ground)


def swatch(
    colour: QColor,
    size: int = SWATCH,
    edge: QColor | None = None,
    style: Qt.BrushStyle = Qt.BrushStyle.SolidPattern,
    ground: QColor | None = None,
) -> QPixmap:
    """A key's square of `colour` (drawn with `style`, over `ground` when the board shows it
    over its ground: a translucent tint or a hatching)."""
    pixmap = QPixmap(QSize(size, size))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    width = max(1, size // 14)  # one pixel at the key's size, whatever the scale
    painter.setPen(QPen(edge if edge is not None else QColor("#555555"), width))
    square = QRectF(width / 2, width / 2, size - width, size - width)
    if ground is not None:
        painter.fillRect(square, ground)
    if style == Qt.BrushStyle.BDiagPattern:
        # Qt's hatching is one device pixel every eight: shrunk into the key it would blur
        # into a flat tint, so the stripes are drawn to the swatch's scale.
        painter.save()
        painter.setClipRect(square)
        painter.setPen(QPen(colour, 2 * width))
        step = size / 3
        for n in range(-3, 4):
            start = n * step
            painter.drawLine(QPointF(start, size), QPointF(start + size, 0))
        painter.restore()
        painter.setBrush(Qt.BrushStyle.NoBrush)
    else:
        painter.setBrush(QBrush(colour, style))
    painter.drawRect(square)
    painter.end()
    return pixmap


def terrain_icon(terrain: Terrain) -> QIcon:
    return QIcon(swatch(palette.TERRAIN_FILL[terrain], 16))


def image_html(pixmap: QPixmap, size: int) -> str:
    """The pixmap inline in rich text (a data URL), shown `size` pixels square."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    pixmap.save(buffer, "PNG")
    encoded = base64.b64encode(bytes(data.data())).decode("ascii")
    return (
        f'<img src="data:image/png;base64,{encoded}" width="{size}" height="{size}" '
        'style="vertical-align:middle">'
    )


def entry_html(image: str, text: str) -> str:
    return f"{image}&nbsp;{escape(text)}"


def marker_entries(markers: Iterable[tuple[MarkerLook, str]], size: int) -> list[tuple[str, str]]:
    """Each marker's icon (as the roster and the tokens draw it) and name, for `fill_key`."""
    return [(image_html(status_pixmap(look, size, 2.0), size), name) for look, name in markers]


# The overlays the board draws over cells and tokens: id -> words, colour, brush style. The
# ranges and the area are tints over the ground, the attack range a hatching (highlights.py).
OVERLAYS: dict[str, tuple[str, QColor, Qt.BrushStyle]] = {
    "target": ("target, numbered", palette.TARGET, Qt.BrushStyle.SolidPattern),
    "path": ("path", palette.PATH, Qt.BrushStyle.SolidPattern),
    "move": ("movement range", palette.MOVE_RANGE, Qt.BrushStyle.SolidPattern),
    "attack": ("attack range", palette.ATTACK_RANGE, Qt.BrushStyle.BDiagPattern),
    "sight": ("sight line", palette.SIGHT, Qt.BrushStyle.SolidPattern),
    "area": ("area attack", palette.AREA, Qt.BrushStyle.SolidPattern),
}
EVERY_DECISION = ("target", "path", "move", "attack", "sight")  # drawn in every rule system


def overlays_of(encounter: Encounter) -> tuple[str, ...]:
    """The overlays the board can draw for this encounter: the ones every decision has,
    area attacks where a unit has one, thin walls where the board has them."""
    found = list(EVERY_DECISION)
    if any(u.aoe is not None for u in encounter.units):
        found.append("area")
    if encounter.board.thin_walls:
        found.append("thin-wall")
    return tuple(found)


def colour_entries(
    overlays: Iterable[str] = (*EVERY_DECISION, "area", "thin-wall"),
    terrain: Sequence[tuple[Terrain, str]] | None = None,
) -> list[tuple[QColor, str, Qt.BrushStyle, bool]]:
    """What the board's colours mean, as the board draws them in the current theme: each
    entry's colour, words, brush, and whether it is drawn over the ground. `terrain`: the
    terrain the game plays with, with its names (None: every terrain)."""
    solid = Qt.BrushStyle.SolidPattern
    shown = terrain if terrain is not None else [(t, t.label) for t in Terrain]
    entries = [
        (OBJECTIVE_MARK if t is Terrain.OBJECTIVE else palette.terrain_fill(t), label)
        for t, label in shown
        if t is not Terrain.OPEN
    ]
    entries += [(palette.ENEMY, "enemy (round)"), (palette.PLAYER, "player (square)")]
    drawn = [(colour, words, solid, False) for colour, words in entries]
    for overlay in overlays:
        if overlay == "thin-wall":
            drawn.append((palette.thin_wall(), "thin wall (on a hex side)", solid, False))
        else:
            words, colour, style = OVERLAYS[overlay]
            drawn.append((colour, words, style, colour.alpha() < 255 or style != solid))
    return drawn


class Legend(QWidget):
    """One line under the board: a Legend toggle and the hovered cell. The key opens beside
    the toggle (wrapping in a narrow window, never between a swatch and its words) and the
    choice is remembered."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.markers: list[tuple[MarkerLook, str]] = []
        self.overlays: tuple[str, ...] = (*EVERY_DECISION, "area", "thin-wall")
        self.terrain: list[tuple[Terrain, str]] | None = None  # None: every terrain
        self._stale = True  # the key is filled when it shows: each fill draws its images
        self.toggle = QToolButton()
        self.toggle.setText("Legend")
        self.toggle.setCheckable(True)
        self.toggle.setAutoRaise(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setToolTip("Show or hide what the colours and marker icons on the board mean")
        self.key = QWidget()
        self.key.setAccessibleName("Legend")
        self.colours = FlowLayout()
        self.marker_row = FlowLayout()
        rows = QVBoxLayout(self.key)
        rows.setContentsMargins(0, 3, 0, 3)
        rows.setSpacing(4)
        rows.addLayout(self.colours)
        rows.addLayout(self.marker_row)
        self.coordinates = QLabel()
        self.coordinates.setMinimumWidth(70)
        self.coordinates.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 8, 0)
        layout.addWidget(self.toggle, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.key, 1)
        layout.addWidget(self.coordinates, 0, Qt.AlignmentFlag.AlignTop)
        self.toggle.setChecked(setting_flag(SETTING, False))
        self._show_key(self.toggle.isChecked())
        # Remembered when the user toggles it: writing back what was just read would cost
        # the start a settings file written to disk.
        self.toggle.toggled.connect(self._remember_key)
        self._write()

    def show_markers(
        self, statuses: Mapping[str, StatusSpec], looks: Mapping[str, MarkerLook]
    ) -> None:
        """The ruleset's markers (each once: other spellings of one are left out)."""
        self.markers = [
            (look_of(looks, spec.id), spec.name) for spec in statuses.values() if not spec.same_as
        ]
        self._write()

    def show_overlays(self, overlays: tuple[str, ...]) -> None:
        """Name only the overlays the board draws for this encounter (see `overlays_of`)."""
        if overlays != self.overlays:
            self.overlays = overlays
            self._write()

    def show_terrain(self, terrain: Sequence[tuple[Terrain, str]]) -> None:
        """Only the terrain the session's game plays with, named as it names it."""
        self.terrain = list(terrain)
        self._write()

    def entries(self) -> list[str]:
        """The key's words, in order (colours, then markers)."""
        if self._stale:
            self._fill()
        return [
            label.accessibleName()
            for row in (self.colours, self.marker_row)
            for label in _labels(row)
            if label.accessibleName()
        ]

    def swatch_edge(self) -> QColor:
        """The swatches' outline: the text's colour, softened, so that a swatch as dark (or
        as pale) as the panel behind it still shows its square."""
        edge = QColor(self.palette().color(QPalette.ColorRole.WindowText))
        edge.setAlpha(150)
        return edge

    def _write(self) -> None:
        """The key anew: now if it shows, else when it is next shown (a start with the key
        folded, as it is at first, draws none of its images)."""
        self._stale = True
        if self.toggle.isChecked():
            self._fill()

    def _fill(self) -> None:
        self._stale = False
        edge = self.swatch_edge()
        ground = palette.terrain_fill(Terrain.OPEN)
        fill_key(
            self.colours,
            [
                (
                    image_html(
                        swatch(colour, SWATCH * 2, edge, style, ground if over else None), SWATCH
                    ),
                    text,
                )
                for colour, text, style, over in colour_entries(self.overlays, self.terrain)
            ],
        )
        markers = marker_entries(self.markers, SWATCH)
        fill_key(self.marker_row, [("", "Markers:"), *markers] if markers else [])

    def changeEvent(self, event: QEvent) -> None:
        # The theme changed: the board's colours (and the panel behind the key) with it.
        if event.type() == QEvent.Type.PaletteChange:
            self._write()
        super().changeEvent(event)

    def _show_key(self, on: bool) -> None:
        if on and self._stale:
            self._fill()
        self.key.setVisible(on)
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)

    def _remember_key(self, on: bool) -> None:
        self._show_key(on)
        QSettings().setValue(SETTING, on)

    def show_cell(self, col: int, row: int) -> None:
        self.coordinates.setText("" if col < 0 else f"[{col}, {row}]")


def _labels(row: FlowLayout) -> list[QLabel]:
    found = []
    for index in range(row.count()):
        item = row.itemAt(index)
        widget = item.widget() if item is not None else None
        if isinstance(widget, QLabel):
            found.append(widget)
    return found


def fill_key(row: FlowLayout, entries: list[tuple[str, str]]) -> None:
    """One label per (image, words) entry, so that a line wraps between entries only; an
    entry without an image is a heading."""
    while row.count():
        item = row.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.deleteLater()
    for image, text in entries:
        label = QLabel(entry_html(image, text) if image else escape(text))
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setAccessibleName(text if image else "")
        row.addWidget(label)
