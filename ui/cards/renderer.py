"""Paints laid-out cards with QPainter: to a PDF (headless) or to a printer / print preview."""

from __future__ import annotations

import logging
import zlib
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QLineF, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QPolygonF,
    QTransform,
)

from desktop.atomic_write import OutputFileError, write_atomically
from desktop.engine.board import Shape
from desktop.engine.chain import plural
from desktop.errors import FoebookError
from ui.board.cell_shapes import cell_polygon
from ui.cards.content import CardContent
from ui.cards.fonts import card_font
from ui.cards.layout import UNITS_PER_MM, Box, CardLayout, CardLayouter
from ui.cards.sheet import CardSize, PagePlan, Paper, SheetLayout, plan_pages, sheet_layout

log = logging.getLogger(__name__)

INK = QColor("#111111")
FRAME = QColor("#333333")
MUTED = QColor("#444444")
HEADING_FILL = QColor("#dedede")
CELL_FILL = QColor("#f1f1f1")
CROP = QColor("#000000")
AREA_FILL = QColor("#9a9a9a")  # attacked hexes of an area diagram
# Light title-band tints, one per ruleset, so mixed decks sort at a glance.
TINTS = ("#dbe7f3", "#e6efd9", "#f3e3d3", "#e9dff0", "#f3efcf", "#d9efec", "#f2dbe0")


def tint(ruleset_name: str) -> QColor:
    return QColor(TINTS[zlib.crc32(ruleset_name.encode()) % len(TINTS)])


@dataclass
class RenderResult:
    cards: list[CardLayout]  # every physical card, "(cont.)" cards included, in print order
    pages: int
    sheet: SheetLayout


def layout_deck(contents: list[CardContent], size: CardSize) -> list[CardLayout]:
    layouter = CardLayouter(size)
    cards: list[CardLayout] = []
    for content in contents:
        cards += layouter.layout(content)
    return cards


def page_layout(sheet: SheetLayout) -> QPageLayout:
    page_id = QPageSize.PageSizeId.A4 if sheet.paper.key == "a4" else QPageSize.PageSizeId.Letter
    orientation = (
        QPageLayout.Orientation.Landscape if sheet.landscape else QPageLayout.Orientation.Portrait
    )
    return QPageLayout(
        QPageSize(page_id), orientation, QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter
    )


def _pen(color: QColor, width_mm: float) -> QPen:
    pen = QPen(color)
    pen.setWidthF(width_mm * UNITS_PER_MM)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    return pen


def _hex_in(rect: QRectF) -> QPolygonF:
    """The board's hex outline, stretched onto the box the layout gave it."""
    shape = cell_polygon(Shape.HEX, (0, 0))
    source = shape.boundingRect()
    fit = QTransform()
    fit.translate(rect.x(), rect.y())
    fit.scale(rect.width() / source.width(), rect.height() / source.height())
    fit.translate(-source.x(), -source.y())
    return fit.map(shape)


def paint_box(painter: QPainter, box: Box, band: QColor) -> None:
    rect = QRectF(box.x, box.y, box.w, box.h)
    kind = box.kind
    if box.text:
        painter.setFont(card_font(box.size, bold=box.style == "bold", italic=box.style == "italic"))
        painter.setPen(MUTED if kind in ("footer", "subtitle", "back-text", "stat-label") else INK)
        painter.drawText(QPointF(box.x, box.baseline), box.text)
    elif kind == "frame":
        painter.setPen(_pen(FRAME, 0.3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        radius = 2.2 * UNITS_PER_MM
        painter.drawRoundedRect(rect, radius, radius)
    elif kind == "band":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(band))
        radius = 2.2 * UNITS_PER_MM
        painter.drawRoundedRect(rect.adjusted(0, 0, 0, radius), radius, radius)
        painter.drawRect(QRectF(rect.x(), rect.bottom() - 0.1, rect.width(), 0.1))
    elif kind == "heading":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(HEADING_FILL))
        painter.drawRect(rect)
    elif kind == "table-cell":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(CELL_FILL))
        painter.drawRect(rect)
    elif kind in ("cell", "hp-box"):
        painter.setPen(_pen(FRAME, 0.2 if kind == "cell" else 0.25))
        painter.setBrush(QBrush(QColor("#ffffff")) if kind == "hp-box" else QBrush(CELL_FILL))
        painter.drawRect(rect)
    elif kind in ("rule", "hp-axis", "hp-tick"):
        painter.setPen(_pen(MUTED if kind == "rule" else FRAME, 0.15 if kind == "rule" else 0.25))
        painter.drawLine(QLineF(box.x, box.y, box.right, box.bottom))
    elif kind in ("area-hex", "area-own"):
        painter.setPen(_pen(FRAME, 0.2))
        painter.setBrush(QBrush(AREA_FILL if kind == "area-hex" else QColor("#ffffff")))
        painter.drawPolygon(_hex_in(rect))
        if kind == "area-own":  # the attacker stands here
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(INK))
            radius = box.w * 0.22
            painter.drawEllipse(rect.center(), radius, radius)
    elif kind == "back-panel":
        painter.setPen(_pen(FRAME, 0.25))
        painter.setBrush(QBrush(QColor("#ffffff")))
        painter.drawRect(rect)


def paint_back_pattern(painter: QPainter, card: CardLayout, band: QColor) -> None:
    """A light diagonal lattice inside the frame, so backs look alike and hide the face."""
    inset = 3.2 * UNITS_PER_MM
    area = QRectF(inset, inset, card.width - 2 * inset, card.height - 2 * inset)
    painter.save()
    painter.setClipRect(area)  # the pattern only; card text is never clipped
    painter.fillRect(area, band)
    painter.setPen(_pen(band.darker(118), 0.35))
    step = 4.0 * UNITS_PER_MM
    span = area.width() + area.height()
    x = -area.height()
    while x < span:
        painter.drawLine(
            QLineF(area.left() + x, area.top(), area.left() + x + area.height(), area.bottom())
        )
        painter.drawLine(
            QLineF(area.left() + x, area.bottom(), area.left() + x + area.height(), area.top())
        )
        x += step
    painter.restore()


def paint_card(painter: QPainter, card: CardLayout, back: bool = False) -> None:
    band = tint(card.content.ruleset_name)
    if back:
        paint_back_pattern(painter, card, band)
    for box in card.boxes:
        paint_box(painter, box, band)


def paint_pages(
    device: QPagedPaintDevice,
    painter: QPainter,
    cards: list[CardLayout],
    sheet: SheetLayout,
    backs: bool,
    layouter: CardLayouter | None = None,
) -> list[PagePlan]:
    """Paints every page on an active painter; the device gets a new page between pages."""
    plans = plan_pages(sheet, len(cards), backs)
    scale = device.logicalDpiX() / 25.4 / UNITS_PER_MM
    scale_y = device.logicalDpiY() / 25.4 / UNITS_PER_MM
    layouter = layouter or CardLayouter(sheet.size)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
    for number, plan in enumerate(plans):
        if number:
            device.newPage()
        painter.resetTransform()
        painter.scale(scale, scale_y)
        for index, slot in plan.cards:
            card = cards[index]
            painter.save()
            painter.translate(slot.x_mm * UNITS_PER_MM, slot.y_mm * UNITS_PER_MM)
            if plan.back:
                paint_card(painter, layouter.back(card.content, card.part, card.parts), back=True)
            else:
                paint_card(painter, card)
            painter.restore()
        painter.setPen(_pen(CROP, 0.2))
        for x1, y1, x2, y2 in sheet.crop_marks():
            painter.drawLine(
                QLineF(x1 * UNITS_PER_MM, y1 * UNITS_PER_MM, x2 * UNITS_PER_MM, y2 * UNITS_PER_MM)
            )
    return plans


def render_pdf_bytes(
    contents: list[CardContent],
    size: CardSize | str,
    paper: Paper | str,
    backs: bool = False,
    title: str = "Foebook cards",
) -> tuple[bytes, RenderResult]:
    sheet = sheet_layout(size, paper)
    cards = layout_deck(contents, sheet.size)
    if not cards:
        raise FoebookError("there are no cards to print (no enemies in the selection)")
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(1200)
    writer.setTitle(title)
    writer.setCreator("Foebook")
    writer.setPageLayout(page_layout(sheet))
    painter = QPainter()
    if not painter.begin(writer):
        raise FoebookError("could not start the PDF")
    try:
        plans = paint_pages(writer, painter, cards, sheet, backs)
    finally:
        painter.end()
    buffer.close()
    return bytes(data.data()), RenderResult(cards, len(plans), sheet)


def write_pdf(
    path: str | Path,
    contents: list[CardContent],
    size: CardSize | str,
    paper: Paper | str,
    backs: bool = False,
    title: str = "Foebook cards",
) -> RenderResult:
    """Renders the deck and writes it to `path`; an unwritable path is a FoebookError."""
    target = Path(path)
    if target.is_dir():
        raise FoebookError(f"cannot write the PDF to {target}: it is a folder")
    pdf, result = render_pdf_bytes(contents, size, paper, backs, title)
    try:
        write_atomically(target, pdf)
    except OutputFileError as error:
        raise FoebookError(f"cannot write the PDF to {target}: {error.reason}") from None
    cards, pages = plural(len(result.cards), "card"), plural(result.pages, "page")
    log.info("wrote %s on %s to %s", cards, pages, target)
    return result
