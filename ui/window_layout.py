"""Where the main window's panels sit: first placement sized for the screen, saved and
restored per screen size, reset on demand."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QWidget

from desktop.tracker.display_names import display_names
from desktop.tracker.session import Session
from ui.roster.roster_panel import RosterPanel
from ui.turn_tracker import TurnTracker
from ui.window_menus import WindowMenus
from ui.window_pages import WindowPages


class Panels(Protocol):
    """The window's parts this places and sizes (read when used: made after the layout)."""

    roster_dock: QDockWidget
    turn_dock: QDockWidget
    decision_dock: QDockWidget
    log_dock: QDockWidget
    roster: RosterPanel
    turns: TurnTracker
    pages: WindowPages
    menus: WindowMenus  # its toolbar

    @property
    def session(self) -> Session | None: ...


class WindowLayout:
    """Works on the window's docks (roster, turn order, decision, log), roster and toolbar."""

    def __init__(self, window: QMainWindow, panels: Panels) -> None:
        self.window = window
        self.panels = panels
        self.restored = False  # a saved layout was put back (else defaults fit the screen)
        # Qt lays hidden docks out again when they are shown, losing the sizes a saved
        # state gave them: the state is put back once more when a session first shows them.
        self._pending: QByteArray | None = None
        self._with_docks: QByteArray | None = None  # the layout as it was with docks shown
        # Without a saved layout the default sizes are made for the docks as a session shows
        # them (made while they are hidden, Qt lays them out again when they show).
        self._defaults_due = True
        self.arranging = False  # sizes queued for the docks just shown are still to be made

    def add_dock(
        self, title: str, name: str, area: Qt.DockWidgetArea, widget: QWidget
    ) -> QDockWidget:
        """A panel docked to the window in `area`; `name` keys it in the saved layout."""
        dock = QDockWidget(title, self.window)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.window.addDockWidget(area, dock)
        return dock

    def docks(self) -> tuple:
        p = self.panels
        return p.roster_dock, p.turn_dock, p.decision_dock, p.log_dock

    def show_docks(self, visible: bool) -> None:
        w = self.window
        if not visible and w.isVisible() and self.panels.roster_dock.isVisible():
            self._with_docks = w.saveState()  # the start page hides them: keep their sizes
        for dock in self.docks():
            dock.setVisible(visible)
        if visible and self._pending is not None:
            state, self._pending = self._pending, None
            self._arrange(lambda: w.restoreState(state))
        elif visible and self._defaults_due:
            self._defaults_due = False
            self._arrange(self.default_dock_sizes)  # once the session fills them

    def _arrange(self, sizes: Callable[[], object]) -> None:
        """Give the docks their sizes once the event loop has laid out what just showed."""
        self.arranging = True

        def arrange() -> None:
            self.arranging = False
            sizes()

        QTimer.singleShot(0, self.window, arrange)

    # The layout is kept per screen size: a layout made on a big monitor squeezes the board
    # on a laptop, so each available screen geometry gets its own saved state.
    def _key(self) -> str:
        screen = self.window.screen() or QApplication.primaryScreen()
        geo = screen.availableGeometry()
        return f"mainWindow/{geo.width()}x{geo.height()}"

    def first_size(self) -> None:
        """Before any saved geometry: the board wants room, so the window takes a laptop's
        whole screen and most of a bigger one."""
        screen = self.window.screen() or QApplication.primaryScreen()
        available = screen.availableGeometry()
        share = 1.0 if available.width() <= 1440 else 0.9
        self.window.resize(int(available.width() * share), int(available.height() * share))

    def fit_screen(self) -> None:
        """Never taller or wider than the screen's free area, and on it: a window that grew
        past the screen must not be saved so (the status bar and the docks' tabs would open
        off the screen)."""
        w = self.window
        if w.isMaximized() or w.isFullScreen():
            return
        available = (w.screen() or QApplication.primaryScreen()).availableGeometry()
        frame = w.frameGeometry()  # the title bar and borders count too, once shown
        border_w, border_h = frame.width() - w.width(), frame.height() - w.height()
        width = min(w.width(), available.width() - border_w)
        height = min(w.height(), available.height() - border_h)
        if (width, height) != (w.width(), w.height()):
            w.resize(width, height)
        frame = w.frameGeometry()
        x = max(available.left(), min(frame.x(), available.right() + 1 - frame.width()))
        y = max(available.top(), min(frame.y(), available.bottom() + 1 - frame.height()))
        if (x, y) != (frame.x(), frame.y()):
            w.move(x, y)

    def restore(self) -> bool:
        settings = QSettings()
        key = self._key()
        geometry = settings.value(f"{key}/geometry")
        if geometry is not None:
            self.window.restoreGeometry(geometry)  # Qt fits it to the screen
        state = settings.value(f"{key}/state")
        self.restored = state is not None and self.window.restoreState(state)
        self._pending = state if self.restored else None
        self._defaults_due = not self.restored  # a returning user's sizes are kept
        return self.restored

    def save(self) -> None:
        """Geometry, and the docks as they were last shown (closing on the start page,
        where they are hidden, keeps the sizes they had beside the board)."""
        w = self.window
        self.fit_screen()  # what is saved opens on this screen next time
        settings = QSettings()
        key = self._key()
        settings.setValue(f"{key}/geometry", w.saveGeometry())
        shown = self.panels.roster_dock.isVisible()
        state = w.saveState() if shown else (self._with_docks or self._pending)
        settings.setValue(f"{key}/state", state if state is not None else w.saveState())

    def place_docks(self) -> None:
        """Roster over turn order (the log a tab behind it) on the left, the decision the
        whole height of the right: the board in the middle gets the rest of the window."""
        w, p = self.window, self.panels
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        for dock, area in (
            (p.roster_dock, left),
            (p.turn_dock, left),
            (p.decision_dock, right),
            (p.log_dock, left),
        ):
            dock.setFloating(False)
            w.addDockWidget(area, dock)
        w.splitDockWidget(p.roster_dock, p.turn_dock, Qt.Orientation.Vertical)
        w.tabifyDockWidget(p.turn_dock, p.log_dock)
        p.turn_dock.raise_()

    def reset(self, on_board: bool) -> None:
        w = self.window
        settings = QSettings()
        key = self._key()
        settings.remove(f"{key}/state")
        settings.remove(f"{key}/geometry")
        self.restored = False
        self._pending = self._with_docks = None
        self._defaults_due = not on_board  # on the start page: when a session shows them
        view = self.panels.roster.view
        for column in range(view.model().columnCount()):
            view.setColumnHidden(column, False)
        self.place_docks()
        self.show_docks(on_board)
        w.addToolBar(self.panels.menus.toolbar)
        self.panels.menus.toolbar.show()
        self.default_dock_sizes()

    def default_dock_sizes(self) -> None:
        """Narrow side panels, so a 24-column board fits a 1366-pixel screen with tokens
        of 28 pixels; the roster drops the columns its names would otherwise lose room to.
        Down the left, the turn order gets the room its whole activation order wants (at
        least 45% of the column, at most 60%), the roster the rest."""
        w, p = self.window, self.panels
        width = w.width()
        left = max(276, min(420, int(width * 0.205)))
        right = max(264, min(400, int(width * 0.195)))
        w.resizeDocks([p.roster_dock, p.decision_dock], [left, right], Qt.Orientation.Horizontal)
        # The docks' column: as tall as the board's page between the toolbar and the status
        # bar, less the log's tab under the turn order.
        column = p.pages.height() - p.turn_dock.fontMetrics().height() - 16
        title = p.turn_dock.height() - p.turns.height() if p.turn_dock.isVisible() else 24
        turn = min(max(p.turns.room_wanted() + title, int(column * 0.45)), int(column * 0.6))
        w.resizeDocks([p.roster_dock, p.turn_dock], [column - turn, turn], Qt.Orientation.Vertical)
        self.fit_roster_columns(left - 12)

    def fit_roster_to_view(self) -> None:
        self.fit_roster_columns(self.panels.roster.view.viewport().width())

    def fit_roster_columns(self, width: int) -> None:
        """Hide position, side, then AI columns until every unit's name fits in full
        (right-click the roster's header to show them again)."""
        from ui.roster.roster_model import COL_AI, COL_NAME, COL_POSITION, COL_SIDE

        view = self.panels.roster.view
        session = self.panels.session
        units = session.encounter.units if session is not None else ()
        fm = view.fontMetrics()
        longest = max(
            (fm.horizontalAdvance(n) for n in display_names(units).values()),
            default=fm.horizontalAdvance("Skeleton Archer 2"),
        )
        scroll = view.verticalScrollBar().sizeHint().width()
        for column in (COL_POSITION, COL_SIDE, COL_AI):
            others = sum(
                view.columnWidth(c)
                for c in range(view.model().columnCount())
                if c != COL_NAME and not view.isColumnHidden(c)
            )
            if width - scroll - others >= longest + 16:
                return
            view.setColumnHidden(column, True)
