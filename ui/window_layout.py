"""Where the main window's panels sit: first placement sized for the screen, saved and
restored per screen size, reset on demand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication

from desktop.tracker.display_names import display_names

if TYPE_CHECKING:  # the window imports this module
    from ui.main_window import MainWindow


class WindowLayout:
    """Works on the window's docks (roster, turn order, decision, log), roster and toolbar."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.restored = False  # a saved layout was put back (else defaults fit the screen)
        # Qt lays hidden docks out again when they are shown, losing the sizes a saved
        # state gave them: the state is put back once more when a session first shows them.
        self._pending: QByteArray | None = None
        self._with_docks: QByteArray | None = None  # the layout as it was with docks shown

    def docks(self) -> tuple:
        w = self.window
        return w.roster_dock, w.turn_dock, w.decision_dock, w.log_dock

    def show_docks(self, visible: bool) -> None:
        w = self.window
        if not visible and w.isVisible() and w.roster_dock.isVisible():
            self._with_docks = w.saveState()  # the start page hides them: keep their sizes
        for dock in self.docks():
            dock.setVisible(visible)
        if visible and self._pending is not None:
            state, self._pending = self._pending, None
            QTimer.singleShot(0, w, lambda: w.restoreState(state))

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
        return self.restored

    def save(self) -> None:
        """Geometry, and the docks as they were last shown (closing on the start page,
        where they are hidden, keeps the sizes they had beside the board)."""
        w = self.window
        self.fit_screen()  # what is saved opens on this screen next time
        settings = QSettings()
        key = self._key()
        settings.setValue(f"{key}/geometry", w.saveGeometry())
        shown = w.roster_dock.isVisible()
        state = w.saveState() if shown else (self._with_docks or self._pending)
        settings.setValue(f"{key}/state", state if state is not None else w.saveState())

    def place_docks(self) -> None:
        """Roster over turn order (the log a tab behind it) on the left, the decision the
        whole height of the right: the board in the middle gets the rest of the window."""
        w = self.window
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        for dock, area in (
            (w.roster_dock, left),
            (w.turn_dock, left),
            (w.decision_dock, right),
            (w.log_dock, left),
        ):
            dock.setFloating(False)
            w.addDockWidget(area, dock)
        w.splitDockWidget(w.roster_dock, w.turn_dock, Qt.Orientation.Vertical)
        w.tabifyDockWidget(w.turn_dock, w.log_dock)
        w.turn_dock.raise_()

    def reset(self, on_board: bool) -> None:
        w = self.window
        settings = QSettings()
        key = self._key()
        settings.remove(f"{key}/state")
        settings.remove(f"{key}/geometry")
        self.restored = False
        self._pending = self._with_docks = None
        for column in range(w.roster.view.model().columnCount()):
            w.roster.view.setColumnHidden(column, False)
        self.place_docks()
        self.show_docks(on_board)
        w.addToolBar(w.toolbar)
        w.toolbar.show()
        self.default_dock_sizes()

    def default_dock_sizes(self) -> None:
        """Narrow side panels, so a 24-column board fits a 1366-pixel screen with tokens
        of 28 pixels; the roster drops the columns its names would otherwise lose room to."""
        w = self.window
        width, height = w.width(), w.height()
        left = max(276, min(420, int(width * 0.205)))
        right = max(264, min(400, int(width * 0.195)))
        w.resizeDocks([w.roster_dock, w.decision_dock], [left, right], Qt.Orientation.Horizontal)
        w.resizeDocks(
            [w.roster_dock, w.turn_dock],
            [int(height * 0.55), int(height * 0.45)],
            Qt.Orientation.Vertical,
        )
        self.fit_roster_columns(left - 12)

    def fit_roster_to_view(self) -> None:
        self.fit_roster_columns(self.window.roster.view.viewport().width())

    def fit_roster_columns(self, width: int) -> None:
        """Hide position, side, then AI columns until every unit's name fits in full
        (right-click the roster's header to show them again)."""
        from ui.roster.roster_model import COL_AI, COL_NAME, COL_POSITION, COL_SIDE

        view = self.window.roster.view
        session = self.window.session
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
