"""Roster cell editors a refresh leaves alone: filled once, when they open.

Qt fills an open editor again whenever the model reports its cell changed, so a change
another window made to the unit would empty or rewrite what the user is typing.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex
from PySide6.QtWidgets import QLineEdit, QStyledItemDelegate, QWidget

Index = QModelIndex | QPersistentModelIndex
_FILLED = "foebookFilled"
_OPENED_WITH = "foebookOpenedWith"


def fill_once(editor: QWidget) -> bool:
    """True the first time an editor is to be filled (fill it then); False on every later
    call, which only a change of the model under the open editor makes."""
    if editor.property(_FILLED):
        return False
    editor.setProperty(_FILLED, True)
    return True


class CellDelegate(QStyledItemDelegate):
    """The roster's plain text cells (name, initiative): filled once, and a text committed as
    it opened is no edit, even when the cell changed in another window meanwhile (an
    untouched editor must not put the old value back)."""

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        if fill_once(editor):
            super().setEditorData(editor, index)
            if isinstance(editor, QLineEdit):
                editor.setProperty(_OPENED_WITH, editor.text())

    def setModelData(self, editor: QWidget, model: QAbstractItemModel, index: Index) -> None:
        if isinstance(editor, QLineEdit) and editor.text() == editor.property(_OPENED_WITH):
            return
        super().setModelData(editor, model, index)
