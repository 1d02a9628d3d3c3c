"""The AI column's editor: a combo of the ruleset's AI types, applied as soon as one is picked."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from desktop.engine.ruleset import Ruleset
from ui.roster.kept_editors import fill_once

Index = QModelIndex | QPersistentModelIndex


class AiDelegate(QStyledItemDelegate):
    def __init__(self, ruleset: Callable[[], Ruleset | None], parent=None) -> None:
        super().__init__(parent)
        self._ruleset = ruleset

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem, index: Index) -> QWidget:
        combo = QComboBox(parent)
        combo.setAccessibleName("AI type")
        ruleset = self._ruleset()
        if ruleset is not None:
            for spec in ruleset.data.ai_types.values():
                combo.addItem(spec.name, spec.id)
                combo.setItemData(combo.count() - 1, spec.summary, Qt.ItemDataRole.ToolTipRole)

        def picked(_row: int) -> None:
            self.commitData.emit(combo)
            self.closeEditor.emit(combo, QStyledItemDelegate.EndEditHint.NoHint)

        combo.activated.connect(picked)
        return combo

    def setEditorData(self, editor: QWidget, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        if fill_once(editor):  # a refresh of the cell never moves the choice being made
            found = editor.findData(index.data(Qt.ItemDataRole.EditRole))
            editor.setCurrentIndex(max(found, 0))

    def setModelData(self, editor: QWidget, model, index: Index) -> None:
        assert isinstance(editor, QComboBox)
        value = editor.currentData()
        if value is not None:
            model.setData(index, value, Qt.ItemDataRole.EditRole)
