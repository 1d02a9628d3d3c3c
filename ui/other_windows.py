"""Windows the main window opens: the table display, card printing, keyboard shortcuts and
About."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

from desktop import APP_NAME, __version__
from desktop.tracker.session import Session
from ui.roster.roster_panel import SHORTCUTS as ROSTER_SHORTCUTS
from ui.welcome_page import WelcomePage

if TYPE_CHECKING:  # imported when first shown
    from ui.table_display import TableDisplay


class TableHost(Protocol):
    """What the table display needs of the window that opens it."""

    table_display: TableDisplay | None

    @property
    def session(self) -> Session | None: ...
    def defeated(self) -> set[str]: ...
    def window(self) -> QWidget: ...  # QWidget.window(): the display's parent


class CardsHost(Protocol):
    """What card printing needs of the window that asks for it."""

    @property
    def session(self) -> Session | None: ...
    @property
    def selected(self) -> str | None: ...
    def report(self, message: str, *, dialog: bool = False) -> None: ...
    def window(self) -> QWidget: ...  # QWidget.window(): the dialog's parent


def roster_shortcut_rows() -> list[tuple[str, str, str]]:
    return [("Roster (table focused)", text, keys) for keys, text in ROSTER_SHORTCUTS]


def start_page_shortcut_rows(page: WelcomePage) -> list[tuple[str, str, str]]:
    """The saved sessions' own keys (on the start page's list)."""
    return [
        (
            "Start page (saved sessions)",
            f"{action.text().replace('&', '').rstrip('…')} session",
            action.shortcut().toString(QKeySequence.SequenceFormat.NativeText),
        )
        for action in (page.rename_action, page.delete_action)
    ]


def show_table_display(host: TableHost) -> None:
    """The board alone in a second window, following the session (see view_refresh); F10
    again closes it."""
    from ui.table_display import TableDisplay

    if host.table_display is not None and host.table_display.isVisible():
        host.table_display.close()
        return
    if host.table_display is None:
        host.table_display = TableDisplay(host.window())
    session = host.session
    if session is not None:
        host.table_display.follow(session.encounter, session.current_unit, host.defeated())
    host.table_display.show()
    host.table_display.raise_()


def print_cards(host: CardsHost) -> None:
    session = host.session
    if session is None:
        return
    try:
        from ui.cards.print_dialog import PrintCardsDialog
    except ImportError:
        host.report("Card printing is not available in this build.")
        return
    selected = [host.selected] if host.selected else []
    dialog = PrintCardsDialog(
        session.encounter, selected, source=session.name, parent=host.window()
    )
    dialog.exec()


def show_shortcuts(parent: QWidget, menus: Sequence[QMenu], page: WelcomePage) -> None:
    """Every menu's keys, the roster's and those of the start page's list."""
    from ui.shortcuts_dialog import ShortcutsDialog  # where it opens (ui/__init__.py)

    extra = roster_shortcut_rows() + start_page_shortcut_rows(page)
    ShortcutsDialog(list(menus), parent, extra).exec()


def show_about(parent: QWidget) -> None:
    from PySide6.QtWidgets import QMessageBox  # where it opens (ui/__init__.py)

    QMessageBox.about(
        parent,
        f"About {APP_NAME}",
        f"<b>{APP_NAME}</b> {__version__}<br>Runs the enemies of solo and co-op tabletop games.",
    )
