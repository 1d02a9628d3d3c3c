"""Answering a modal dialog by hand: its exec() runs an event loop of its own, so the hand
acts from a timer once the dialog is up."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QInputDialog, QMessageBox

TRIES = 1500  # 20 ms apart: a dialog that has not come up in 30 s never will


def shown_text(dialog: QDialog) -> str:
    """What the dialog says: a message box's text, an input dialog's question."""
    if isinstance(dialog, QMessageBox):
        return dialog.text()
    if isinstance(dialog, QInputDialog):
        return dialog.labelText()
    return dialog.windowTitle()


def when_up(qtbot, kind: type[QDialog], act: Callable[[QDialog], None]) -> list[str]:
    """Call `act(dialog)` once a modal dialog of `kind` is on screen; the list returned gets
    what the dialog said (stays empty if it never came up)."""
    seen: list[str] = []

    def attempt(left: int) -> None:
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, kind) and dialog.isVisible():
            seen.append(shown_text(dialog))
            act(dialog)
        elif left:
            QTimer.singleShot(20, lambda: attempt(left - 1))

    QTimer.singleShot(0, lambda: attempt(TRIES))
    return seen


def click_button(qtbot, label: str) -> Callable[[QDialog], None]:
    """What a hand does in a message box: click the button showing `label` (no '&')."""

    def act(box: QDialog) -> None:
        assert isinstance(box, QMessageBox)
        buttons = {b.text().replace("&", ""): b for b in box.buttons()}
        assert label in buttons, f"no {label!r} among {sorted(buttons)}"
        qtbot.mouseClick(buttons[label], Qt.MouseButton.LeftButton)

    return act


def type_over(qtbot, text: str) -> Callable[[QDialog], None]:
    """In a text input dialog: select what is there, type `text`, Enter."""

    def act(dialog: QDialog) -> None:
        assert isinstance(dialog, QInputDialog)
        field = dialog.focusWidget()
        qtbot.keyClick(field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(field, text)
        qtbot.keyClick(field, Qt.Key.Key_Return)

    return act
