"""Roster cell painting: HP as a coloured bar with "hp / max", markers as icon chips."""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QHelpEvent, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
    QWidget,
)

from ui import palette
from ui.roster.hp_input import HELP as HP_HELP
from ui.roster.hp_input import HpEntry
from ui.roster.kept_editors import fill_once
from ui.roster.roster_model import (
    DEFEATED_ROLE,
    HP_ROLE,
    SIDE_ICON,
    STATUSES_ROLE,
    MarkerInfo,
)
from ui.roster.status_icons import ICON_SIZE, paint_status_icon

BAR_MARGIN = 4
_TYPED_FOR_STANDING = "foebookTypedForStanding"
CHIP_GAP = 3
Index = QModelIndex | QPersistentModelIndex


def _luminance(colour: QColor) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


@cache
def _text_on(rgb: int) -> QColor:
    lum = _luminance(QColor.fromRgb(rgb))
    return QColor("#000000") if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else QColor("#FFFFFF")


def text_on(colour: QColor) -> QColor:
    """Black or white, whichever reads better on `colour` (WCAG contrast)."""
    return _text_on(colour.rgb())


def _background(
    painter: QPainter, option: QStyleOptionViewItem, index: Index, delegate: QStyledItemDelegate
) -> tuple[QStyleOptionViewItem, bool]:
    """The selection background, and the cell's font; with whether the cell is selected.

    Only the panel is drawn (no initStyleOption, which asks the model for every role):
    these cells paint their own contents, and painting speed matters with 200 units.
    The panel is what the style draws for an item view's cell (QCommonStyle, which Fusion
    keeps), drawn here: asking the style, or reading the option's state, would make PySide
    build QStyle's ~570 enums before the window's first paint (~3% of a start).
    """
    opt = QStyleOptionViewItem(option)
    font = index.data(Qt.ItemDataRole.FontRole)
    if font is not None:
        opt.font = font
    view = opt.widget
    if not isinstance(view, QAbstractItemView):
        return opt, False
    selection = view.selectionModel()
    if selection is None or not selection.isSelected(index):
        return opt, False
    group = QPalette.ColorGroup.Normal
    if not view.isEnabled():
        group = QPalette.ColorGroup.Disabled
    elif not view.isActiveWindow():
        group = QPalette.ColorGroup.Inactive
    painter.save()  # not fillRect: PySide, matching its overloads, makes QGradient's enums
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(opt.palette.brush(group, QPalette.ColorRole.Highlight))
    painter.drawRect(opt.rect)
    painter.restore()
    return opt, True


def _text_colour(opt: QStyleOptionViewItem, selected: bool, defeated: bool) -> QColor:
    if selected:
        return opt.palette.color(QPalette.ColorRole.HighlightedText)
    return palette.DEFEATED if defeated else opt.palette.color(QPalette.ColorRole.Text)


class HpDelegate(QStyledItemDelegate):
    """HP bar: the filled part is the fraction left, coloured good/hurt/low; the text is
    drawn over it in the row's text colour."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.pending_text = ""  # put into the next editor (a key that opened it, e.g. "=")

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        opt, selected = _background(painter, option, index, self)
        value = index.data(HP_ROLE)
        if value is None:
            return
        hp, max_hp = value
        defeated = bool(index.data(DEFEATED_ROLE))
        fm = opt.fontMetrics if opt.font == option.font else QFontMetrics(opt.font)
        height = min(opt.rect.height() - 2 * 3, fm.height() + 6)
        bar = QRectF(
            opt.rect.left() + BAR_MARGIN,
            opt.rect.top() + (opt.rect.height() - height) / 2,
            max(0, opt.rect.width() - 2 * BAR_MARGIN),
            height,
        )
        fraction = max(0.0, min(1.0, hp / max_hp)) if max_hp else 0.0
        fill = QRectF(bar.left(), bar.top(), bar.width() * fraction, bar.height())
        colour = palette.DEFEATED if defeated else palette.hp_colour(hp, max_hp)
        track = QColor(opt.palette.color(QPalette.ColorRole.Text))
        track.setAlpha(36)

        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(track)
        painter.drawRoundedRect(bar, 3, 3)
        if fill.width() > 0:
            painter.setBrush(colour)
            painter.drawRoundedRect(fill, 3, 3)
        painter.setFont(opt.font)
        text = f"{hp} / {max_hp}"
        align = Qt.AlignmentFlag.AlignCenter
        # One colour for the whole number: a number that changes colour where the fill
        # ends reads as two numbers. The row's text colour contrasts with fill and track.
        painter.setPen(_text_colour(opt, selected, defeated))
        painter.drawText(bar, align, text)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        fm = QFontMetrics(option.font)
        value = index.data(HP_ROLE) or (0, 0)
        text = f"{value[0]} / {value[1]}"
        width = max(fm.horizontalAdvance("000 / 000"), fm.horizontalAdvance(text))
        return QSize(width + 2 * BAR_MARGIN + 12, fm.height() + 12)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        editor = QLineEdit(parent)
        editor.setPlaceholderText("-3  +2  =7")
        editor.setToolTip(HP_HELP[0].upper() + HP_HELP[1:] + ".")
        editor.setAccessibleName("HP change")
        editor.setAccessibleDescription(HP_HELP)
        # Whether the unit stood when the cell opened: what is typed for a standing unit is
        # not applied to one another window defeated meanwhile.
        editor.setProperty(_TYPED_FOR_STANDING, not index.data(DEFEATED_ROLE))
        return editor

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        assert isinstance(editor, QLineEdit)
        if fill_once(editor):  # a refresh of the cell never touches what is typed
            editor.setText(self.pending_text)
            self.pending_text = ""

    def setModelData(self, editor: QWidget, model, index: Index) -> None:
        assert isinstance(editor, QLineEdit)
        if editor.text().strip():  # an empty editor is a change of mind, not an error
            entry = HpEntry(editor.text(), bool(editor.property(_TYPED_FOR_STANDING)))
            model.setData(index, entry, Qt.ItemDataRole.EditRole)


class SideDelegate(QStyledItemDelegate):
    """The side as its shape-and-colour icon, centred in a narrow column."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        opt, _selected = _background(painter, option, index, self)
        icon = index.data(Qt.ItemDataRole.DecorationRole)
        if icon is None:
            return
        side = min(SIDE_ICON, opt.rect.height() - 4)
        target = QRect(0, 0, side, side)
        target.moveCenter(opt.rect.center())
        icon.paint(painter, target)


class MarkersDelegate(QStyledItemDelegate):
    """Each marker as a 16px icon chip (with its count when it has one); "+n" when the
    column is too narrow; hovering a chip shows that marker's name and reminder."""

    def _small_font(self, font: QFont) -> QFont:
        small = QFont(font)
        small.setBold(True)
        small.setPointSizeF(max(6.0, font.pointSizeF() * 0.8))
        return small

    def _layout(
        self, rect: QRect, markers: tuple[MarkerInfo, ...], font: QFont, limit: bool = True
    ) -> tuple[list[tuple[QRectF, QRectF | None, MarkerInfo]], int]:
        """(icon rect, count rect, marker) for the chips that fit, and how many did not."""
        small = QFontMetrics(self._small_font(font))
        widths = []
        for marker in markers:
            count = str(marker.count) if marker.count is not None else ""
            widths.append(ICON_SIZE + (small.horizontalAdvance(count) + 2 if count else 0))
        room = rect.width() - 2 * BAR_MARGIN
        shown = len(markers)
        if limit and sum(widths) + CHIP_GAP * (len(widths) - 1) > room:
            # Not all fit: as many as leave room for "+n" after them.
            room -= QFontMetrics(font).horizontalAdvance(f"+{len(markers)}") + CHIP_GAP
            shown, used = 0, 0
            while shown < len(markers) and used + widths[shown] <= room:
                used += widths[shown] + CHIP_GAP
                shown += 1
        x = rect.left() + BAR_MARGIN
        top = rect.top() + (rect.height() - ICON_SIZE) / 2
        chips = []
        for marker, width in zip(markers[:shown], widths[:shown], strict=True):
            icon = QRectF(x, top, ICON_SIZE, ICON_SIZE)
            count_rect = (
                QRectF(x + ICON_SIZE + 1, top, width - ICON_SIZE - 1, ICON_SIZE)
                if width > ICON_SIZE
                else None
            )
            chips.append((icon, count_rect, marker))
            x += width + CHIP_GAP
        return chips, len(markers) - shown

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        opt, selected = _background(painter, option, index, self)
        markers = index.data(STATUSES_ROLE) or ()
        if not markers:
            return
        defeated = bool(index.data(DEFEATED_ROLE))
        chips, hidden = self._layout(opt.rect, markers, opt.font)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if defeated:
            painter.setOpacity(0.5)
        colour = _text_colour(opt, selected, defeated)
        painter.setFont(self._small_font(opt.font))
        for icon, count_rect, marker in chips:
            paint_status_icon(painter, icon, marker.look)
            if count_rect is not None:
                painter.setPen(colour)
                painter.drawText(
                    count_rect,
                    Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                    str(marker.count),
                )
        if hidden:
            x = (
                chips[-1][1].right()
                if chips and chips[-1][1] is not None
                else (chips[-1][0].right() if chips else opt.rect.left() + BAR_MARGIN - CHIP_GAP)
            )
            more = QRectF(
                x + CHIP_GAP, opt.rect.top(), opt.rect.right() - x - CHIP_GAP, opt.rect.height()
            )
            painter.setFont(opt.font)
            painter.setPen(colour)
            painter.drawText(
                more, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, f"+{hidden}"
            )
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        markers = index.data(STATUSES_ROLE) or ()
        big = QRect(0, 0, 10_000, ICON_SIZE)
        chips, _ = self._layout(big, markers, option.font, limit=False)
        if not chips:
            return QSize(ICON_SIZE + 2 * BAR_MARGIN, ICON_SIZE + 8)
        icon, count_rect, _ = chips[-1]
        right = count_rect.right() if count_rect is not None else icon.right()
        return QSize(int(right) + BAR_MARGIN + 1, ICON_SIZE + 8)

    def helpEvent(
        self, event: QHelpEvent, view: QAbstractItemView, option: QStyleOptionViewItem, index: Index
    ) -> bool:
        if event is not None and index.isValid():
            markers = index.data(STATUSES_ROLE) or ()
            chips, _ = self._layout(option.rect, markers, option.font)
            for icon, count_rect, marker in chips:
                area = icon if count_rect is None else icon.united(count_rect)
                if area.adjusted(-1, -2, 1, 2).contains(event.pos()):
                    text = f"{marker.label}: {marker.reminder}" if marker.reminder else marker.label
                    QToolTip.showText(event.globalPos(), text, view.viewport())
                    return True
        return super().helpEvent(event, view, option, index)
