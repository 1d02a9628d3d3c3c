"""Two Foebook windows on one shared PostgreSQL session, as two players at a table have them:
each window on its own database handle, both driven by real input."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QLineEdit, QWidget

from db.engine import open_database
from tests.ui.real_input import click, press
from tests.ui.showing import show_active
from ui.roster.roster_model import COL_HP, COL_INITIATIVE, COL_MARKERS, COL_NAME, HP_ROLE

# A monster-focus table with one big monster: HP, markers and initiative all in play.
OGRE_TABLE = """\
format = 1
ruleset = "monster-focus"
name = "Ogre den"

[rules]
variant = "gloomhaven"

[board]
shape = "hex"
cells = \"\"\"
#########
#.......#
#.......#
#.......#
#.......#
#########
\"\"\"

[[units]]
id = "ogre"
name = "Ogre"
side = "enemy"
at = [4, 1]
hp = 400
max_hp = 1000
stats = { move = 2, range = 0, targets = 1, initiative = 50 }

[[units]]
id = "imp"
name = "Imp"
side = "enemy"
at = [6, 2]
hp = 4
max_hp = 4
stats = { move = 2, range = 3, targets = 1, initiative = 25 }

[[units]]
id = "brute"
name = "Brute"
side = "player"
at = [2, 4]
hp = 10
max_hp = 10
stats = { initiative = 40 }
"""


class Table:
    """Windows `a` and `b` on one session; `a` is the active window, where the keyboard is."""

    def __init__(self, qtbot, url: str, folder: Path) -> None:
        from ui.main_window import MainWindow

        QSettings().clear()
        self.qtbot = qtbot
        self.databases = [open_database(url), open_database(url)]
        self.a, self.b = (MainWindow(db) for db in self.databases)
        for offset, window in enumerate((self.b, self.a)):
            qtbot.addWidget(window)
            window.resize(1100, 720)
            window.move(40 * offset, 30 * offset)
            show_active(qtbot, window)
        path = folder / "ogre-den.toml"
        path.write_text(OGRE_TABLE, encoding="utf-8")
        self.a.import_encounter(str(path))
        assert self.a.session is not None
        self.b.open_session(self.a.session.name)
        assert self.b.session is not None
        self._url = url
        self._other = None

    def close(self) -> None:
        for window in (self.a, self.b):
            window.close()
        for database in self.databases:
            database.close()

    def other_player(self):
        """A third Foebook on the session, without a window: for changes that real input in
        window `b` cannot make while `a` shows a popup (Qt closes a popup at any click, in
        any window of the process; at a real table the other player is another computer)."""
        if self._other is None:
            from db.repository import open_session

            database = open_database(self._url)
            self.databases.append(database)
            self._other = open_session(database, self.a.session.name)
        self._other.refresh()
        return self._other

    # -- what each window shows --------------------------------------------------------------
    @staticmethod
    def shown_hp(window, unit_id: str) -> tuple[int, int]:
        roster = window.roster
        index = roster.proxy.index(roster.proxy.proxy_row(unit_id), COL_HP)
        return index.data(HP_ROLE)

    @staticmethod
    def shown_initiative(window, unit_id: str) -> str:
        roster = window.roster
        return roster.proxy.index(roster.proxy.proxy_row(unit_id), COL_INITIATIVE).data()

    @staticmethod
    def shown_markers(window, unit_id: str) -> str:
        roster = window.roster
        return roster.proxy.index(roster.proxy.proxy_row(unit_id), COL_MARKERS).data()

    def caught_up(self, *windows) -> None:
        """Wait until every window shows what the database holds (the poll has run)."""
        windows = windows or (self.a, self.b)
        newest = max(w.session.store.version() for w in windows)
        self.qtbot.waitUntil(lambda: all(w.session.version == newest for w in windows))

    # -- real input ----------------------------------------------------------------------------
    def select_row(self, window, unit_id: str) -> None:
        """Click the unit's name in that window's roster (it need not be the active one)."""
        roster = window.roster
        index = roster.proxy.index(roster.proxy.proxy_row(unit_id), COL_NAME)
        click(self.qtbot, roster.view.viewport(), roster.view.visualRect(index).center())
        self.qtbot.waitUntil(lambda: roster.selected_unit() == unit_id)

    def open_hp(self, window, unit_id: str, sign: str, *, select: bool = True) -> QLineEdit:
        """Select the row (unless it is selected already: a click would close a popup open
        in the other window) and type the sign on the table: the HP cell opens with it."""
        if select:
            self.select_row(window, unit_id)
        roster = window.roster
        assert roster.selected_unit() == unit_id
        self.qtbot.keyClicks(roster.view, sign)
        index = roster.proxy.index(roster.proxy.proxy_row(unit_id), COL_HP)
        self.qtbot.waitUntil(lambda: isinstance(roster.view.indexWidget(index), QLineEdit))
        return roster.view.indexWidget(index)

    def open_initiative(self, window, unit_id: str) -> QLineEdit:
        """In the active window: click the unit's row, then I opens its Init cell."""
        self.select_row(window, unit_id)
        roster = window.roster
        press(self.qtbot, roster.initiative_action)
        index = roster.proxy.index(roster.proxy.proxy_row(unit_id), COL_INITIATIVE)
        self.qtbot.waitUntil(lambda: isinstance(roster.view.indexWidget(index), QLineEdit))
        return roster.view.indexWidget(index)

    def type_initiative(self, window, unit_id: str, text: str) -> None:
        """Double-click the unit's Init cell, type over the number, Enter (any window)."""
        roster = window.roster
        index = roster.proxy.index(roster.proxy.proxy_row(unit_id), COL_INITIATIVE)
        spot = roster.view.visualRect(index).center()
        click(self.qtbot, roster.view.viewport(), spot)
        self.qtbot.mouseDClick(roster.view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
        self.qtbot.waitUntil(lambda: isinstance(roster.view.indexWidget(index), QLineEdit))
        editor = roster.view.indexWidget(index)
        editor.selectAll()
        self.qtbot.keyClicks(editor, text)
        self.commit(window, editor)

    def open_markers(self, window, unit_id: str):
        """Click the unit's row, then the Markers… button: the popup, with the keyboard."""
        self.select_row(window, unit_id)
        click(self.qtbot, window.roster.markers_button)
        self.qtbot.waitUntil(lambda: window.roster.popup is not None)
        popup = window.roster.popup
        self.qtbot.waitUntil(lambda: QApplication.focusWidget() is popup.list)
        return popup

    def toggle_marker(self, popup, status: str) -> None:
        """Arrow keys to the marker's row in the popup, then Space."""
        target = popup.item(status)
        self.qtbot.keyClick(popup.list, Qt.Key.Key_Home)
        for _ in range(popup.list.count()):
            if popup.list.currentItem() is target:
                break
            self.qtbot.keyClick(popup.list, Qt.Key.Key_Down)
        assert popup.list.currentItem() is target
        self.qtbot.keyClick(popup.list, Qt.Key.Key_Space)

    def open_unit_editor(self, window, unit_id: str):
        """Click the unit's row, then Edit…: the unit editor, typing in the name."""
        self.select_row(window, unit_id)
        click(self.qtbot, window.roster.edit_button)
        self.qtbot.waitUntil(lambda: window.roster.editor is not None)
        dialog = window.roster.editor
        self.qtbot.waitUntil(dialog.isVisible)
        return dialog

    def retype(self, field: QWidget, text: str) -> None:
        """Select everything in a line or spin box (Ctrl+A) and type over it."""
        self.qtbot.keyClick(field, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        self.qtbot.keyClicks(field, text)

    def commit(self, window, editor: QWidget) -> None:
        """Enter in an open roster cell; Qt commits it a moment later."""
        self.qtbot.keyClick(editor, Qt.Key.Key_Return)
        view = window.roster.view
        self.qtbot.waitUntil(lambda: view.state() != QAbstractItemView.State.EditingState)

    def type_hp(self, window, unit_id: str, text: str, *, select: bool = True) -> None:
        """A whole HP entry in that window's roster: sign, digits, Enter."""
        editor = self.open_hp(window, unit_id, text[0], select=select)
        self.qtbot.keyClicks(editor, text[1:])
        self.commit(window, editor)


def editor_index(window, unit_id: str):
    roster = window.roster
    return roster.proxy.index(roster.proxy.proxy_row(unit_id), COL_HP)


def focused() -> object:
    return QApplication.focusWidget()
