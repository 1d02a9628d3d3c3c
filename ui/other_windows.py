"""Windows the main window opens: the table display, card printing, keyboard shortcuts and
About."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMessageBox

from desktop import APP_NAME, __version__
from ui.roster.roster_panel import SHORTCUTS as ROSTER_SHORTCUTS
from ui.shortcuts_dialog import ShortcutsDialog

if TYPE_CHECKING:  # the window imports this module
    from ui.main_window import MainWindow


def roster_shortcut_rows() -> list[tuple[str, str, str]]:
    return [("Roster (table focused)", text, keys) for keys, text in ROSTER_SHORTCUTS]


def start_page_shortcut_rows(window: MainWindow) -> list[tuple[str, str, str]]:
    """The saved sessions' own keys (on the start page's list)."""
    page = window.welcome
    return [
        (
            "Start page (saved sessions)",
            f"{action.text().replace('&', '').rstrip('…')} session",
            action.shortcut().toString(QKeySequence.SequenceFormat.NativeText),
        )
        for action in (page.rename_action, page.delete_action)
    ]


def show_table_display(window: MainWindow) -> None:
    """The board alone in a second window, following the session (see main_window); F10
    again closes it."""
    from ui.table_display import TableDisplay

    if window.table_display is not None and window.table_display.isVisible():
        window.table_display.close()
        return
    if window.table_display is None:
        window.table_display = TableDisplay(window)
    session = window.session
    if session is not None:
        window.table_display.follow(session.encounter, session.current_unit, window.defeated())
    window.table_display.show()
    window.table_display.raise_()


def print_cards(window: MainWindow) -> None:
    if window.session is None:
        return
    try:
        from ui.cards.print_dialog import PrintCardsDialog
    except ImportError:
        window.report("Card printing is not available in this build.")
        return
    selected = [window.selected] if window.selected else []
    dialog = PrintCardsDialog(
        window.session.encounter, selected, source=window.session.name, parent=window
    )
    dialog.exec()


def show_shortcuts(window: MainWindow) -> None:
    menus = [
        window.file_menu,
        window.edit_menu,
        window.view_menu,
        window.session_menu,
        window.help_menu,
    ]
    extra = roster_shortcut_rows() + start_page_shortcut_rows(window)
    ShortcutsDialog(menus, window, extra).exec()


def show_about(window: MainWindow) -> None:
    QMessageBox.about(
        window,
        f"About {APP_NAME}",
        f"<b>{APP_NAME}</b> {__version__}<br>Runs the enemies of solo and co-op tabletop games.",
    )
