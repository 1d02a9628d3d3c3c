"""The main window: roster and turn order (left), board (centre), decision panel (right),
log (bottom). It composes the session (desktop.tracker), the decision controller and the
views, and holds the menus; views refresh from the session's change notifications, only
for the sections a change touches, never by poking each other."""

from __future__ import annotations

import gc
import random
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from desktop import APP_NAME
from desktop.engine.board import Terrain
from desktop.engine.decision import Decision
from desktop.engine.dice import Deck
from desktop.tracker.decision_controller import DecisionController
from desktop.tracker.session import Change, Session
from ui.action_set import ActionSet
from ui.action_states import show_action_states
from ui.auto_apply import AutoApply
from ui.board.board_scene import BoardScene
from ui.board.board_view import BoardView
from ui.board.cell_menu import cell_menu
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
from ui.turn_tracker import TurnTracker
from ui.view_refresh import refresh_views
from ui.welcome_page import WelcomePage
from ui.window_actions import build_actions
from ui.window_layout import WindowLayout
from ui.window_menus import WindowMenus
from ui.window_pages import WindowPages

if TYPE_CHECKING:  # imported when first shown (other_windows)
    from desktop.tracker import commands as cmd
    from ui.table_display import TableDisplay


def _keep_out_of_full_collections() -> None:
    """What the open session holds (a 500-unit board's units, caches, tokens) lives as long
    as it is open: the garbage collector leaves it out of its full collections, which walked
    all of it (~100 ms in the middle of an Enter at the documented limits). The garbage left
    so far (the session shown before) is collected first, once."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def _remember_last(name: str) -> None:
    """The session the next start opens."""
    settings = QSettings()
    if settings.value(LAST_SESSION) != name:  # reopened: nothing to write
        settings.setValue(LAST_SESSION, name)


class MainWindow(QMainWindow, RulesetActions, ActionSet):
    """`database` is a db.engine.Database (or None: sessions then live in memory only)."""

    def __init__(
        self, database=None, parent: QWidget | None = None, *, start_page: bool = True
    ) -> None:
        """`start_page`: fill the start page now (not when a session shows at once: going
        home fills it)."""
        super().__init__(parent)
        self.setObjectName("MainWindow")
        self.table_display: TableDisplay | None = None
        # Set by the app while its start still loads and opens the database (start_done).
        self.starting = False
        self._remember_when_started: str | None = None  # the session to open next time
        self.deck = Deck.playing_cards(seed=random.randrange(1 << 30))
        self.runner = CommandRunner(self)
        self.connection_label = self.runner.connection_label
        self.plugin_decisions = PluginDecisions(self)
        self.play = DecisionController(
            self.runner.run, self.runner.report, self.plugin_decisions.decide
        )
        # The Qt window whose docks it places, and the panels it sizes (read when used).
        self.placement: WindowLayout = WindowLayout(self, self)
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
        build_actions(self, self)  # into this window's act_*, calling its slots
        self.auto_apply = AutoApply(self, self.act_auto, self.play, self.select_unit)
        self._build_log_dock()
        self.menus = WindowMenus(
            self,
            self,
            (self.roster_dock, self.turn_dock, self.decision_dock, self.log_dock),
            (self.rescue.action, self.packs.action),
            self.sessions.fill_recent,
            self.scenario.add_to_menu,
        )
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
        self.scene.unitMoveRequested.connect(self._move_unit)
        self.scene.terrainStrokeRequested.connect(self._paint_terrain)
        self.scene.unitContextMenuRequested.connect(self._unit_menu)
        self.scene.cellContextMenuRequested.connect(self._cell_menu)
        self.player_banner = PlayerTurnBanner()
        self.player_banner.setVisible(False)
        self.player_banner.endRequested.connect(lambda: self.act_player_turn.trigger())
        self.pages = WindowPages(self.welcome, self.player_banner, self.board_view, self.legend)
        self.setCentralWidget(self.pages)
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        self.roster = RosterPanel(runner=self.runner.attempt)
        self.runner.dropped_notes = self.roster.drop_notes
        self.roster.unitSelected.connect(self.select_unit)
        self.roster_dock = self.placement.add_dock("Roster", "rosterDock", left, self.roster)
        self.turns = TurnTracker()
        self.turns.nextRequested.connect(self.next_activation)
        self.turns.nextRoundRequested.connect(self.next_round)
        self.turns.orderSettled.connect(self._settle_order)
        self.turns.unitChosen.connect(self.select_unit)
        self.turns.phaseChosen.connect(self._set_phase)
        self.turns.cardFlipRequested.connect(self.flip_card)
        self.turns.stratagemRequested.connect(self.draw_stratagem)
        self.turn_dock = self.placement.add_dock("Turn order", "turnDock", left, self.turns)
        self.panel = DecisionPanel()
        self.decision_dock = self.placement.add_dock(
            "Decision", "decisionDock", Qt.DockWidgetArea.RightDockWidgetArea, self.panel
        )

    def _build_log_dock(self) -> None:
        self.log_panel = LogPanel(self.act_undo, self.act_redo)
        self.log_dock = self.placement.add_dock(
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
        gc.unfreeze()  # what it left behind may be collected (set_session)
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
        if self.starting:
            # Remembered once the start is done: writing the settings file waits on the disk
            # (1-15 ms seen), and the window paints first.
            self._remember_when_started = session.name
        else:
            _remember_last(session.name)
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
        # After the paint this is shown in (the collection costs ~20 ms); at the start, once
        # everything it loads is loaded (start_done), which then lives as long as the app.
        if not self.starting:
            QTimer.singleShot(0, _keep_out_of_full_collections)
        # Then what the decisions ask of the board, built while the players read the first
        # one (their first Enter waited for it). Queued after the freeze where there is one
        # (a full collection set off while it is built then walks only what is new: ~50 ms
        # at the limits otherwise); during an app start the freeze waits for start_done.
        QTimer.singleShot(0, self, self.play.prepare)

    def start_done(self) -> None:
        """The app's start has loaded its modules and opened the database."""
        self.starting = False
        if self._remember_when_started is not None:
            _remember_last(self._remember_when_started)
            self._remember_when_started = None
        if self.session is not None:
            _keep_out_of_full_collections()

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
        shown = self.session if self.pages.currentIndex() == 1 else None
        enter = shown is not None and (self.play.enter_acts or self.scenario.cards_wanted())
        # The open session's own dice (undo may change them); without one, what a new
        # session gets: the choice made last.
        physical = self.play.physical if self.session else setting_flag(PHYSICAL_DICE, False)
        show_action_states(self, shown, enter, physical)
        self.scenario.update_actions()
        self.update_ruleset_actions(shown is not None)
        player_turn = self.act_player_turn
        self.player_banner.setVisible(player_turn.isEnabled() and player_turn.isChecked())

    # -- commands from the menus, the turn tracker and the board -----------------------------
    def _move_unit(self, unit_id: str, column: int, row: int) -> None:
        from desktop.tracker import commands as cmd

        self.run_command(cmd.MoveUnit(unit_id, (column, row)))

    def _paint_terrain(self, cells: list, terrain: str) -> None:
        from desktop.tracker import commands as cmd

        self.run_command(cmd.PaintTerrain(cells, terrain))

    def _settle_order(self, order: list) -> None:
        from desktop.tracker import commands as cmd

        self.run_command(cmd.SettleOrder(order))

    def next_activation(self) -> None:
        from desktop.tracker import commands as cmd

        self.run_command(cmd.NextActivation())

    def next_round(self) -> None:
        from desktop.tracker import commands as cmd

        if not self.scenario.start_round():  # a scenario's round starts with its cards
            self.run_command(cmd.NextRound())

    def resize_board(self, size: tuple[int, int] | None = None) -> None:
        from desktop.tracker import commands as cmd

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
        from PySide6.QtWidgets import QInputDialog  # where it opens (ui/__init__.py)

        from desktop.tracker import commands as cmd

        text, ok = QInputDialog.getText(self, "Add note", "Note for the log:")
        if ok:
            self.run_command(cmd.Note(text))

    def _set_phase(self, phase: str) -> None:
        from desktop.tracker import commands as cmd

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
        if self.session is None:
            return
        menu = cell_menu(self, self.session, (column, row), self.roster.add_unit_at)
        self._context_menu = menu  # kept: not collected while shown
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
