"""The main window: roster and turn order (left), board (centre), decision panel (right),
log (bottom). It composes the session (desktop.tracker), the decision controller and the
views, and holds the menus; views refresh from the session's change notifications, only
for the sections a change touches, never by poking each other."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QInputDialog,
    QMainWindow,
    QMenu,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop import APP_NAME
from desktop.engine.board import Terrain
from desktop.engine.decision import Decision
from desktop.engine.dice import Deck
from desktop.tracker import commands as cmd
from desktop.tracker.decision_controller import DecisionController
from desktop.tracker.session import Change, Session
from ui.auto_apply import AutoApply
from ui.board.board_scene import BoardScene
from ui.board.board_view import BoardView
from ui.board.legend import Legend
from ui.board.unit_menu import unit_menu
from ui.command_runner import CommandRunner
from ui.database_wait import keep_responsive
from ui.decision.decision_panel import DecisionPanel
from ui.decision_actions import DecisionActions
from ui.file_rescue import FileRescue
from ui.log_panel import LogPanel
from ui.player_turn_banner import PlayerTurnBanner
from ui.plugin_decisions import PluginDecisions
from ui.roster.roster_panel import RosterPanel
from ui.rule_packs import RulePacks
from ui.ruleset_actions import RulesetActions
from ui.scenario.scenario_actions import ScenarioActions
from ui.session_actions import LAST_SESSION, SessionActions
from ui.setting_flags import PHYSICAL_DICE, setting_flag
from ui.theme import THEMES, apply_theme, saved_theme
from ui.turn_tracker import TurnTracker
from ui.view_refresh import refresh_views
from ui.welcome_page import WelcomePage
from ui.window_actions import build_actions
from ui.window_layout import WindowLayout

if TYPE_CHECKING:  # imported when first shown (other_windows)
    from ui.table_display import TableDisplay


class MainWindow(QMainWindow, RulesetActions):
    """`database` is a db.engine.Database (or None: sessions then live in memory only)."""

    # Made by window_actions.build_actions; menus, toolbar and keys share them.
    act_new: QAction
    act_open: QAction
    act_import: QAction
    act_export: QAction
    act_cards: QAction
    act_quit: QAction
    act_home: QAction
    act_reset_layout: QAction
    act_resize: QAction
    act_undo: QAction
    act_redo: QAction
    act_apply: QAction
    act_next: QAction
    act_round: QAction
    act_auto: QAction
    act_reroll: QAction
    act_physical: QAction
    act_note: QAction
    act_deck: QAction
    act_player_turn: QAction
    act_fit: QAction
    act_zoom_in: QAction
    act_zoom_out: QAction
    act_table: QAction
    act_shortcuts: QAction
    act_about: QAction
    overlay_actions: dict[str, QAction]
    brush_group: QActionGroup
    brush_actions: dict[Terrain | None, QAction]

    def __init__(
        self, database=None, parent: QWidget | None = None, *, start_page: bool = True
    ) -> None:
        """`start_page`: fill the start page now (not when a session shows at once: going
        home fills it)."""
        super().__init__(parent)
        self.setObjectName("MainWindow")
        self.table_display: TableDisplay | None = None
        self.deck = Deck.playing_cards(seed=random.randrange(1 << 30))
        self.runner = CommandRunner(self)
        self.connection_label = self.runner.connection_label
        self.plugin_decisions = PluginDecisions(self)
        self.play = DecisionController(
            self.runner.run, self.runner.report, self.plugin_decisions.decide
        )
        self.placement = WindowLayout(self)
        self._build_views()
        keep_responsive(database)
        self.sessions = SessionActions(
            self, database, self.runner, self.welcome, self.set_session, self.close_session
        )
        self.rescue = FileRescue(self, self.runner, self.sessions)
        self.packs = RulePacks(
            self,
            lambda: self.session,
            self.report,
            self._ruleset_replaced,
            self.sessions.refresh_welcome,
        )
        self.decisions = DecisionActions(
            self.play, self.panel, self.scene, self.roster, self.statusBar(), self._update_actions
        )
        self.scenario = ScenarioActions(self)
        build_actions(self)
        self.auto_apply = AutoApply(self, self.act_auto, self.play, self.select_unit)
        self._build_menus()
        self.placement.place_docks()
        self.statusBar().showMessage("Ready")
        self.placement.first_size()
        self._sized = self.placement.restore()
        self.placement.show_docks(False)  # the welcome page has the window to itself
        self._update_title()
        self._update_actions()
        if start_page:
            self.refresh_welcome()

    # -- what tests, the app and the ruleset actions read ------------------------------------
    @property
    def session(self) -> Session | None:
        return self.play.session

    @property
    def selected(self) -> str | None:
        return self.play.selected

    @property
    def decision(self) -> Decision | None:
        return self.play.decision

    @property
    def player_turn(self) -> bool:
        return self.play.player_turn

    @property
    def database(self):
        return self.sessions.database

    @property
    def offline(self) -> bool:
        return self.runner.offline

    def run_command(self, command: cmd.Command) -> bool:
        return self.runner.run(command)

    def report(self, message: str, *, dialog: bool = False) -> None:
        self.runner.report(message, dialog=dialog)

    def set_database(self, database, *, refresh: bool = True) -> None:
        keep_responsive(database)
        self.sessions.database = database
        if refresh:  # skipped when a session opens straight away: nobody sees the page
            self.refresh_welcome()

    def session_names(self) -> list[str]:
        return self.sessions.session_names()

    def refresh_welcome(self) -> None:
        self.sessions.refresh_welcome()

    def import_encounter(self, path: str | None = None) -> None:
        self.sessions.import_encounter(path)

    def open_session(self, name: str) -> None:
        self.sessions.open_session(name)

    def start_tutorial(self, file_name: str) -> None:
        self.sessions.start_tutorial(file_name)

    def select_unit(self, unit_id: str | None) -> None:
        self.play.select(unit_id)

    # -- construction ----------------------------------------------------------------------
    def _build_views(self) -> None:
        self.welcome = WelcomePage()
        self.scene = BoardScene(self)
        self.board_view = BoardView(self.scene)
        self.legend = Legend()
        self.scene.cellHovered.connect(self.legend.show_cell)
        self.scene.unitClicked.connect(self.select_unit)
        self.scene.unitMoveRequested.connect(
            lambda uid, c, r: self.run_command(cmd.MoveUnit(uid, (c, r)))
        )
        self.scene.terrainStrokeRequested.connect(
            lambda cells, t: self.run_command(cmd.PaintTerrain(cells, t))
        )
        self.scene.unitContextMenuRequested.connect(self._unit_menu)
        self.scene.cellContextMenuRequested.connect(self._cell_menu)
        board_page = QWidget()
        board_layout = self.board_layout = QVBoxLayout(board_page)
        board_layout.setContentsMargins(0, 0, 0, 0)
        board_layout.setSpacing(0)
        self.player_banner = PlayerTurnBanner()
        self.player_banner.setVisible(False)
        self.player_banner.endRequested.connect(lambda: self.act_player_turn.trigger())
        board_layout.addWidget(self.player_banner)
        board_layout.addWidget(self.board_view, 1)
        board_layout.addWidget(self.legend)
        self.pages = QStackedWidget()
        # Scrolls rather than forcing the whole window wider on a small screen.
        welcome_scroll = QScrollArea()
        welcome_scroll.setWidgetResizable(True)
        welcome_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        welcome_scroll.setWidget(self.welcome)
        self.pages.addWidget(welcome_scroll)
        self.pages.addWidget(board_page)
        self.setCentralWidget(self.pages)

        left = Qt.DockWidgetArea.LeftDockWidgetArea
        self.roster = RosterPanel(runner=self.runner.attempt)
        self.runner.dropped_notes = self.roster.drop_notes
        self.roster.unitSelected.connect(self.select_unit)
        self.roster_dock = self._add_dock("Roster", "rosterDock", left, self.roster)
        self.turns = TurnTracker()
        self.turns.nextRequested.connect(self.next_activation)
        self.turns.nextRoundRequested.connect(self.next_round)
        self.turns.orderSettled.connect(lambda order: self.run_command(cmd.SettleOrder(order)))
        self.turns.unitChosen.connect(self.select_unit)
        self.turns.phaseChosen.connect(self._set_phase)
        self.turns.cardFlipRequested.connect(self.flip_card)
        self.turns.stratagemRequested.connect(self.draw_stratagem)
        self.turn_dock = self._add_dock("Turn order", "turnDock", left, self.turns)
        self.panel = DecisionPanel()
        self.decision_dock = self._add_dock(
            "Decision", "decisionDock", Qt.DockWidgetArea.RightDockWidgetArea, self.panel
        )

    def _add_dock(
        self, title: str, name: str, area: Qt.DockWidgetArea, widget: QWidget
    ) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _build_menus(self) -> None:
        self._build_log_dock()
        bar = self.menuBar()
        self.file_menu = bar.addMenu("&File")
        self.file_menu.addAction(self.act_home)
        self.file_menu.addSeparator()
        for action in (self.act_new, self.act_open, self.act_import, self.act_export):
            self.file_menu.addAction(action)
        self.file_menu.addAction(self.rescue.action)
        self.file_menu.addAction(self.packs.action)
        self.recent_menu = self.file_menu.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(lambda: self.sessions.fill_recent(self.recent_menu))
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.act_cards)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.act_quit)
        self.edit_menu = bar.addMenu("&Edit")
        self.edit_menu.addAction(self.act_undo)
        self.edit_menu.addAction(self.act_redo)
        self.edit_menu.addSeparator()
        brushes = self.edit_menu.addMenu("Terrain &brush")
        for action in self.brush_actions.values():
            brushes.addAction(action)
        self.edit_menu.addAction(self.act_resize)
        self.view_menu = bar.addMenu("&View")
        for dock in (self.roster_dock, self.turn_dock, self.decision_dock, self.log_dock):
            self.view_menu.addAction(dock.toggleViewAction())
        self.view_menu.addSeparator()
        for action in self.overlay_actions.values():
            self.view_menu.addAction(action)
        self.view_menu.addSeparator()
        for action in (self.act_fit, self.act_zoom_in, self.act_zoom_out, self.act_table):
            self.view_menu.addAction(action)
        self.view_menu.addAction(self.act_reset_layout)
        self.view_menu.addSeparator()
        themes = self.view_menu.addMenu("T&heme")
        group = QActionGroup(self)
        self.theme_actions: dict[str, QAction] = {}
        current = saved_theme()
        for name, label in THEMES.items():
            action = themes.addAction(
                label, cast("Callable[[], object]", lambda n=name: apply_theme(n))
            )
            action.setCheckable(True)
            action.setChecked(name == current)
            group.addAction(action)
            self.theme_actions[name] = action
        self.session_menu = bar.addMenu("&Session")
        for entry in (
            self.act_apply,
            self.act_next,
            self.act_round,
            self.act_auto,
            self.act_reroll,
            self.act_physical,
            self.act_note,
            None,
            self.act_player_turn,
            self.act_deck,
        ):
            if entry is None:
                self.session_menu.addSeparator()
            else:
                self.session_menu.addAction(entry)
        self.scenario.add_to_menu(self.session_menu)
        self.help_menu = bar.addMenu("&Help")
        self.help_menu.addAction(self.act_shortcuts)
        self.help_menu.addAction(self.act_about)
        toolbar = self.toolbar = self.addToolBar("Main")
        toolbar.setObjectName("mainToolbar")
        for entry in (
            self.act_home,
            None,
            self.act_undo,
            self.act_redo,
            None,
            self.act_apply,
            self.act_next,
            self.act_auto,
            None,
            self.act_fit,
        ):
            if entry is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(entry)

    def _build_log_dock(self) -> None:
        self.log_panel = LogPanel(self.act_undo, self.act_redo)
        self.log_dock = self._add_dock(
            "Log", "logDock", Qt.DockWidgetArea.BottomDockWidgetArea, self.log_panel
        )

    # -- sessions ----------------------------------------------------------------------------
    def go_home(self) -> None:
        """The start page, at any time; the open session stays saved as it is."""
        if self.act_auto.isChecked():
            self.auto_apply.toggle(False)
        self.refresh_welcome()
        self.pages.setCurrentIndex(0)
        self.placement.show_docks(False)
        self._update_actions()
        self._update_title()

    def close_session(self) -> None:
        """The open session leaves the window (before it is deleted): the start page shows
        and no view holds on to it."""
        if self.session is None:
            return
        self.go_home()
        self.runner.detach()
        self.play.close_session()
        self.roster.set_session(None)
        self.log_panel.show_entries([])
        if self.table_display is not None:
            self.table_display.close()
        self._update_actions()

    def set_session(self, session: Session) -> None:
        # A session opens in the enemies' own turn. Turned off before the new session is
        # shown, while the board still holds the old one that decision is drawn on.
        if self.act_player_turn.isChecked():
            self.act_player_turn.setChecked(False)
            self.play.set_player_turn(False)
        self.runner.attach(session, self._session_changed)
        self.play.set_session(session)
        self.roster.set_session(session)
        QSettings().setValue(LAST_SESSION, session.name)
        self.pages.setCurrentIndex(1)
        self.placement.show_docks(True)
        # Also with a restored layout (the columns are not part of it): a narrow roster must
        # not push the HP column out of view behind a long name. Once the docks are laid out.
        QTimer.singleShot(0, self, self.placement.fit_roster_to_view)
        self.scene.encounter = None  # a new board: rebuild the terrain
        self._refresh_views()
        self.board_view.fit_board()
        self.play.show_first()
        self._update_title()
        self.scenario.opened()

    def _session_changed(self, change: Change) -> None:
        moved = self.play.turn_moved()
        self._refresh_views(change)
        self.play.follow(change, moved)
        self.scenario.follow(change)

    def _ruleset_replaced(self) -> None:
        self._refresh_views()
        self.play.ruleset_changed()

    def defeated(self) -> set[str]:
        session = self.session
        assert session is not None  # asked only while a session is open
        ruleset = session.ruleset
        return {u.id for u in session.encounter.units if ruleset.is_defeated(u)}

    def _refresh_views(self, change: Change | None = None) -> None:
        refresh_views(self, change)
        self._update_actions()

    def _update_title(self) -> None:
        if self.session is None or self.pages.currentIndex() == 0:  # the start page
            self.setWindowTitle(APP_NAME)
        else:
            self.setWindowTitle(f"{self.session.name} — {APP_NAME}")

    def _update_actions(self) -> None:
        # On the start page the open session waits: its keys (Space, Enter) do nothing.
        session = self.session if self.pages.currentIndex() == 1 else None
        has = session is not None
        for action in (
            self.act_export,
            self.act_next,
            self.act_round,
            self.act_auto,
            self.act_note,
            self.act_reroll,
            self.act_cards,
            self.act_resize,
        ):
            action.setEnabled(has)
        self.act_apply.setEnabled(has and (self.play.enter_acts or self.scenario.cards_wanted()))
        self.scenario.update_actions()
        self.act_fit.setEnabled(has)
        self.update_ruleset_actions(has)
        player_turn = self.act_player_turn
        self.player_banner.setVisible(player_turn.isEnabled() and player_turn.isChecked())
        # The open session's own dice (undo may change them); without one, what a new
        # session gets: the choice made last.
        self.act_physical.setChecked(
            self.play.physical if self.session is not None else setting_flag(PHYSICAL_DICE, False)
        )
        self.act_undo.setEnabled(session is not None and session.can_undo)
        self.act_redo.setEnabled(session is not None and session.can_redo)
        if session is not None:
            undo, redo = session.undo_text(), session.redo_text()
            self.act_undo.setToolTip(f"Undo: {undo}" if undo else "Nothing to undo")
            self.act_redo.setToolTip(f"Redo: {redo}" if redo else "Nothing to redo")

    # -- commands from the menus, the turn tracker and the board -----------------------------
    def next_activation(self) -> None:
        self.run_command(cmd.NextActivation())

    def next_round(self) -> None:
        if not self.scenario.start_round():  # a scenario's round starts with its cards
            self.run_command(cmd.NextRound())

    def resize_board(self, size: tuple[int, int] | None = None) -> None:
        if self.session is None:
            return
        if size is None:
            from ui.resize_dialog import ResizeBoardDialog

            dialog = ResizeBoardDialog(self.session.encounter.board, self)
            if not dialog.exec():
                return
            size = dialog.size_chosen()
        if self.run_command(cmd.ResizeBoard(*size)):
            self.board_view.fit_board()

    def add_note(self) -> None:
        text, ok = QInputDialog.getText(self, "Add note", "Note for the log:")
        if ok:
            self.run_command(cmd.Note(text))

    def _set_phase(self, phase: str) -> None:
        if self.session is not None and phase != self.session.encounter.phase:
            self.run_command(cmd.SetPhase(phase))

    def set_brush(self, terrain: Terrain | None) -> None:
        self.scene.brush = terrain
        self.brush_actions[terrain].setChecked(True)
        if terrain is not None:
            self.statusBar().showMessage(
                f"Painting {terrain.label}: click or drag on the board; Esc to stop", 8000
            )

    def _unit_menu(self, unit_id: str, screen_pos) -> None:
        menu = self.unit_menu(unit_id)
        if menu is not None:
            menu.popup(QPoint(int(screen_pos.x()), int(screen_pos.y())))

    def _cell_menu(self, column: int, row: int, screen_pos) -> None:
        """An empty cell's right-click menu: a new unit added where the user clicked."""
        if self.session is None:
            return
        self._context_menu = menu = QMenu(self)  # kept: not collected while shown
        add = menu.addAction(
            f"Add unit at [{column}, {row}]…", lambda: self.roster.add_unit_at((column, row))
        )
        if not self.session.encounter.board.passable((column, row)):
            add.setEnabled(False)
            add.setText(f"[{column}, {row}]: no unit can stand here")
        menu.popup(QPoint(int(screen_pos.x()), int(screen_pos.y())))

    def unit_menu(self, unit_id: str) -> QMenu | None:
        if self.session is None:
            return None
        self._context_menu = unit_menu(
            self, self.session, unit_id, self.select_unit, self.run_command
        )  # kept: not collected while shown
        return self._context_menu

    # -- window events -----------------------------------------------------------------------
    def reset_layout(self) -> None:
        self.placement.reset(self.pages.currentIndex() == 1)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._sized:
            self._sized = True
            QTimer.singleShot(0, self.placement.default_dock_sizes)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.auto_apply.timer.stop()
        self.placement.save()
        self.runner.close()
        if self.table_display is not None:
            self.table_display.close()
        super().closeEvent(event)
