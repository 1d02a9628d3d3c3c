"""The right-click menu of an empty cell on the board: a new unit added where it was clicked."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMenu, QWidget

from desktop.engine.board import Cell
from desktop.tracker.session import Session


def cell_menu(
    parent: QWidget, session: Session, cell: Cell, add_unit_at: Callable[[Cell], object]
) -> QMenu:
    """`add_unit_at(cell)` asks for the unit to add there (the entry says when none can)."""
    column, row = cell
    menu = QMenu(parent)
    add = menu.addAction(f"Add unit at [{column}, {row}]…", lambda: add_unit_at(cell))
    if not session.encounter.board.passable(cell):
        add.setEnabled(False)
        add.setText(f"[{column}, {row}]: no unit can stand here")
    return menu
