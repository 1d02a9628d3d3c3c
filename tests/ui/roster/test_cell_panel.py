"""The roster's own cells (HP, markers, side) draw the selection exactly as the style draws
it for the plain cells beside them: selected, in an inactive window, in a disabled view."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QItemSelectionModel, QRect
from PySide6.QtGui import (
    QColor,
    QImage,
    QPainter,
    QPalette,
    QStandardItem,
    QStandardItemModel,
)
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTableView

from ui.roster.hp_delegate import _background

CELL = QRect(0, 0, 60, 22)


def _view(selected: bool, enabled: bool) -> QTableView:
    model = QStandardItemModel(2, 2)
    for row in range(2):
        for column in range(2):
            model.setItem(row, column, QStandardItem(f"{row}:{column}"))
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
    if selected:
        view.selectionModel().select(
            model.index(0, 0),
            QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows,
        )
    view.setEnabled(enabled)
    palette = view.palette()  # a highlight of its own in each state, to tell them apart
    for group, colour in (
        (QPalette.ColorGroup.Active, "#2266AA"),
        (QPalette.ColorGroup.Inactive, "#99AACC"),
        (QPalette.ColorGroup.Disabled, "#AAAAAA"),
    ):
        palette.setColor(group, QPalette.ColorRole.Highlight, QColor(colour))
    view.setPalette(palette)
    return view


def _painted(draw) -> QImage:
    image = QImage(CELL.size(), QImage.Format.Format_ARGB32)
    image.fill(QColor("#123456"))
    painter = QPainter(image)
    draw(painter)
    painter.end()
    return image


@pytest.mark.parametrize(
    ("selected", "enabled", "active"),
    [(True, True, True), (True, True, False), (True, False, False), (False, True, True)],
)
def test_a_roster_cell_panel_is_the_styles(qapp, qtbot, selected, enabled, active):
    view = _view(selected, enabled)
    qtbot.addWidget(view)
    if active:
        view.show()
        view.activateWindow()
        qtbot.waitUntil(view.isActiveWindow)
    index = view.model().index(0, 1)
    option = QStyleOptionViewItem()
    option.initFrom(view)  # the state a view hands its delegates: enabled, active
    option.rect = CELL
    option.widget = view
    if selected:
        option.state |= QStyle.StateFlag.State_Selected

    def ours(painter: QPainter) -> None:
        _opt, seen_selected = _background(painter, option, index, QStyledItemDelegate())
        assert seen_selected == selected

    def styles(painter: QPainter) -> None:
        view.style().drawPrimitive(
            QStyle.PrimitiveElement.PE_PanelItemViewItem, option, painter, view
        )

    assert _painted(ours) == _painted(styles)
    assert (_painted(ours).pixelColor(5, 5) != QColor("#123456")) == selected
