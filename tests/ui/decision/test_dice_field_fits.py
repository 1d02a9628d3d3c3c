"""The decision panel's dice field reads whole in a 1366 x 768 window (it read "Type the…":
the field shared its row with two buttons in the side panel's width)."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QStyle, QStyleOptionFrame

from tests.ui.real_input import click, settle

LINE_EDIT_MARGIN = 2  # Qt's own inner margin on each side of a line edit's text


def room_for_text(edit: QLineEdit) -> int:
    """The width a line edit gives its text (and its placeholder)."""
    option = QStyleOptionFrame()
    edit.initStyleOption(option)
    contents = edit.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, edit)
    margins = edit.textMargins()
    return contents.width() - margins.left() - margins.right() - 2 * LINE_EDIT_MARGIN


def test_the_dice_hint_fits_its_field_at_1366_pixels(window, qtbot):
    window.showNormal()
    window.resize(1366, 768)
    card = next(c for c in window.welcome.cards if "skirmish" in c.accessibleName().lower())
    click(qtbot, card.buttons[0])
    qtbot.waitUntil(lambda: window.session is not None)
    settle(qtbot, window)
    assert window.width() == 1366
    typed = window.panel.typed
    assert typed.isVisible()
    hint = typed.placeholderText()
    assert hint.startswith("Type the dice you rolled")
    needed = typed.fontMetrics().horizontalAdvance(hint)
    assert needed <= room_for_text(typed), (needed, room_for_text(typed), typed.width())
    # The buttons beside it still show their words whole.
    for button in (window.panel.use_button, window.panel.roll_button):
        assert button.fontMetrics().horizontalAdvance(button.text()) < button.width()
