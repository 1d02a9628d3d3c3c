"""The main window: roster and turn order (left), board (centre), decision panel (right),
log (bottom). It wires the session (desktop.tracker) to the views; views refresh from the
session's change notifications, never by poking each other."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType

from PySide6.QtCore import QPoint, QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QInputDialog,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop import APP_NAME, __version__
from desktop.engine.board import Terrain
from desktop.engine.decide import decide
from desktop.engine.decision import Decision
from desktop.engine.dice import Deck, Dice
from desktop.errors import FoebookError
from desktop.tracker import commands as cmd
from desktop.tracker.session import Session
from ui.board.board_scene import BoardScene
from ui.board.board_view import BoardView
from ui.board.legend import Legend, terrain_icon
from ui.decision.decision_panel import DecisionPanel
from ui.log_panel import LogPanel
from ui.roster.roster_panel import SHORTCUTS as ROSTER_SHORTCUTS
from ui.roster.roster_panel import RosterPanel
from ui.session_signals import SessionSignals
from ui.shortcuts_dialog import ShortcutsDialog
from ui.theme import THEMES, apply_theme, saved_theme
from ui.turn_tracker import TurnTracker
from ui.welcome_page import WelcomePage

log = logging.getLogger(__name__)
AUTO_STEP_MS = 900  # pause between enemies during auto-apply, so players can follow


def roster_shortcut_rows() -> list[tuple[str, str, str]]:
    return [("Roster (table focused)", text, keys) for keys, text in ROSTER_SHORTCUTS]


class MainWindow(QMainWindow):
    """`database` is a db.engine.Database (or None: sessions then live in memory only)."""

    def __init__(self, database=None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.database = database
        self.session: Session | None = None
        self.signals: SessionSignals | None = None
        self.selected: str | None = None
        self.decision: Decision | None = None
        self.typed_rolls: list[int] = []
        self.seed: int | None = None
        self.phase_override: str | None = None
        self.player_turn = False  # previewing the enemies' reactions in the players' turn
        self.table_display = None
        self.deck = Deck.playing_cards(seed=random.randrange(1 << 30))
        self._auto_timer = QTimer(self)
        self._auto_timer.setInterval(AUTO_STEP_MS)
        self._auto_timer.timeout.connect(self._auto_step)
        self.setObjectName("MainWindow")
        self._build_views()
        self._build_actions()
        self._build_menus()
        self.statusBar().showMessage("Ready")
        self.resize(1280, 800)
        self._restored = self._restore_state()
        self._show_docks(False)  # the welcome page has the window to itself
        self._update_title()
        self._update_actions()
        self.refresh_welcome()

    # -- construction ----------------------------------------------------------------------
    def _build_views(self) -> None:
        self.welcome = WelcomePage()
        self.welcome.newRequested.connect(self.new_session)
        self.welcome.importRequested.connect(self.import_encounter)
        self.welcome.openRequested.connect(self.open_session)
        self.welcome.tutorialRequested.connect(self.start_tutorial)
        self.scene = BoardScene(self)
        self.board_view = BoardView(self.scene)
        self.legend = Legend()
        self.scene.cellHovered.connect(self.legend.show_cell)
        self.scene.unitClicked.connect(self.select_unit)
        self.scene.unitMoveRequested.connect(
            lambda uid, c, r: self.run_command(cmd.MoveUnit(uid, (c, r))))
        self.scene.terrainPaintRequested.connect(
            lambda c, r, t: self.run_command(cmd.EditTerrain((c, r), t)))
        self.scene.unitContextMenuRequested.connect(self._unit_menu)
        board_page = QWidget()
        board_layout = QVBoxLayout(board_page)
        board_layout.setContentsMargins(0, 0, 0, 0)
        board_layout.setSpacing(0)
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

        self.roster = self._make_roster()
        self.roster_dock = self._add_dock("Roster", "rosterDock",
                                          Qt.DockWidgetArea.LeftDockWidgetArea, self.roster)
        self.turns = TurnTracker()
        self.turns.nextRequested.connect(self.next_activation)
        self.turns.nextRoundRequested.connect(self.next_round)
        self.turns.orderSettled.connect(lambda order: self.run_command(cmd.SettleOrder(order)))
        self.turns.unitChosen.connect(self.select_unit)
        self.turns.phaseChosen.connect(self._set_phase)
        self.turns.cardFlipRequested.connect(self.flip_card)
        self.turns.stratagemRequested.connect(self.draw_stratagem)
        self.turn_dock = self._add_dock("Turn order", "turnDock",
                                        Qt.DockWidgetArea.LeftDockWidgetArea, self.turns)
        self.panel = DecisionPanel()
        self.panel.applyRequested.connect(self.apply_decision)
        self.panel.choiceChanged.connect(lambda _row: self._highlight())
        self.panel.rollsEntered.connect(self._use_rolls)
        self.panel.rerollRequested.connect(self.reroll)
        self.panel.phaseChosen.connect(self._preview_phase)
        self.decision_dock = self._add_dock("Decision", "decisionDock",
                                            Qt.DockWidgetArea.RightDockWidgetArea, self.panel)

    def _make_roster(self) -> QWidget:
        panel = RosterPanel()
        panel.unitSelected.connect(self.select_unit)
        return panel

    def _add_dock(self, title: str, name: str, area: Qt.DockWidgetArea,
                  widget: QWidget) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _action(self, text: str, slot: Callable, shortcut=None, tip: str = "",
                checkable: bool = False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.setCheckable(checkable)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        a = self._action
        self.act_new = a("&New session…", self.new_session, QKeySequence.StandardKey.New,
                         "Start an empty session for a rule system")
        self.act_open = a("&Open session…", self.choose_session, QKeySequence.StandardKey.Open,
                          "Open a saved session")
        self.act_import = a("&Import encounter file…", self.import_encounter, "Ctrl+I",
                            "Start a session from an encounter TOML file")
        self.act_export = a("&Export encounter file…", self.export_encounter, "Ctrl+Shift+E",
                            "Save the current state as an encounter file")
        self.act_cards = a("&Print cards…", self.print_cards, QKeySequence.StandardKey.Print,
                           "Print or export enemy reference cards")
        self.act_quit = a("&Quit", self.close, QKeySequence.StandardKey.Quit)
        self.act_resize = a("Resi&ze board…", lambda: self.resize_board(), None,
                            "Cut or extend the board (new cells are open ground)")
        self.act_undo = a("&Undo", self.undo, QKeySequence.StandardKey.Undo)
        self.act_redo = a("&Redo", self.redo, "Ctrl+Shift+Z")
        self.act_apply = a("&Apply decision", self.apply_current, Qt.Key.Key_Return,
                           "Carry out the shown decision and move on to the next enemy")
        self.act_apply.setShortcuts([QKeySequence(Qt.Key.Key_Return),
                                     QKeySequence(Qt.Key.Key_Enter)])
        self.act_next = a("&Next activation", self.next_activation, Qt.Key.Key_Space,
                          "The active unit is done; the next one activates")
        self.act_round = a("Next &round", self.next_round, "Ctrl+Shift+N")
        self.act_auto = a("A&uto-apply enemy turn", self.toggle_auto, "Ctrl+Return",
                          "Apply every remaining enemy's decision, one by one", checkable=True)
        self.act_reroll = a("Roll &again", self.reroll, "Ctrl+R",
                            "Evaluate again with fresh random dice")
        self.act_note = a("Add &note…", self.add_note, "Ctrl+M")
        self.act_deck = a("Edit stratagem &deck…", lambda: self.edit_deck(), None,
                          "The enemy's army-wide stratagems, in your own words")
        self.act_player_turn = a("&Players' turn (enemy reactions)",
                                 lambda on: self._set_player_turn(on), "Ctrl+T",
                                 "Show how enemies react during the players' turn "
                                 "(deny the witch, heroic intervention, fighting back)",
                                 checkable=True)
        self.act_fit = a("&Fit board", self.board_view.fit_board, "Ctrl+0")
        self.act_zoom_in = a("Zoom &in", lambda: self.board_view.zoom_by(1.25),
                             QKeySequence.StandardKey.ZoomIn)
        self.act_zoom_out = a("Zoom &out", lambda: self.board_view.zoom_by(0.8),
                              QKeySequence.StandardKey.ZoomOut)
        self.act_table = a("&Table display", self.show_table_display, "F10",
                           "A second window with only the board, for a screen the players see")
        self.overlay_actions = {}
        for key, (name, text) in enumerate((("move", "&Movement range"),
                                            ("attack", "&Attack range"),
                                            ("sight", "&Sight line")), start=1):
            action = a(text, lambda on, n=name: self.scene.set_overlay_visible(n, on),
                       f"Ctrl+{key}", checkable=True)
            action.setChecked(True)
            self.overlay_actions[name] = action
        self.brush_group = QActionGroup(self)
        self.brush_actions = {}
        none = a("&No brush (select and move)", lambda: self._set_brush(None), "Esc",
                 checkable=True)
        none.setChecked(True)
        self.brush_group.addAction(none)
        self.brush_actions[None] = none
        for terrain in Terrain:
            action = a(f"Paint {terrain.label}", lambda _=False, t=terrain: self._set_brush(t),
                       checkable=True)
            action.setIcon(terrain_icon(terrain))
            self.brush_group.addAction(action)
            self.brush_actions[terrain] = action
        self.act_shortcuts = a("&Keyboard shortcuts", self.show_shortcuts,
                               QKeySequence.StandardKey.HelpContents)
        self.act_about = a("&About Foebook", self._show_about)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.file_menu = bar.addMenu("&File")
        for action in (self.act_new, self.act_open, self.act_import, self.act_export):
            self.file_menu.addAction(action)
        self.recent_menu = self.file_menu.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
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
        for dock in (self.roster_dock, self.turn_dock, self.decision_dock, self.log_dock_lazy()):
            self.view_menu.addAction(dock.toggleViewAction())
        self.view_menu.addSeparator()
        for action in self.overlay_actions.values():
            self.view_menu.addAction(action)
        self.view_menu.addSeparator()
        for action in (self.act_fit, self.act_zoom_in, self.act_zoom_out, self.act_table):
            self.view_menu.addAction(action)
        self.view_menu.addSeparator()
        themes = self.view_menu.addMenu("T&heme")
        group = QActionGroup(self)
        self.theme_actions = {}
        current = saved_theme()
        for name, label in THEMES.items():
            action = themes.addAction(label, lambda n=name: apply_theme(n))
            action.setCheckable(True)
            action.setChecked(name == current)
            group.addAction(action)
            self.theme_actions[name] = action
        self.session_menu = bar.addMenu("&Session")
        for action in (self.act_apply, self.act_next, self.act_round, self.act_auto,
                       self.act_reroll, self.act_note, None, self.act_player_turn,
                       self.act_deck):
            if action is None:
                self.session_menu.addSeparator()
            else:
                self.session_menu.addAction(action)
        self.help_menu = bar.addMenu("&Help")
        self.help_menu.addAction(self.act_shortcuts)
        self.help_menu.addAction(self.act_about)
        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("mainToolbar")
        for action in (self.act_undo, self.act_redo, None, self.act_apply, self.act_next,
                       self.act_auto, None, self.act_fit):
            if action is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(action)

    def _show_docks(self, visible: bool) -> None:
        for dock in (self.roster_dock, self.turn_dock, self.decision_dock, self.log_dock):
            dock.setVisible(visible)

    def log_dock_lazy(self) -> QDockWidget:
        if not hasattr(self, "log_dock"):
            self.log_panel = LogPanel(self.act_undo, self.act_redo)
            self.log_dock = self._add_dock("Log", "logDock",
                                           Qt.DockWidgetArea.BottomDockWidgetArea, self.log_panel)
        return self.log_dock

    # -- sessions ----------------------------------------------------------------------------
    def set_database(self, database, *, refresh: bool = True) -> None:
        self.database = database
        if refresh:  # skipped when a session opens straight away: nobody sees the page
            self.refresh_welcome()

    def _require_database(self) -> bool:
        if self.database is None:
            self.report("No database is open; sessions cannot be saved.")
            return False
        return True

    def session_names(self) -> list[str]:
        if self.database is None:
            return []
        from db.repository import list_sessions

        infos = sorted(list_sessions(self.database), key=lambda i: i.updated_at, reverse=True)
        return [i.name for i in infos]

    def refresh_welcome(self) -> None:
        sessions = []
        if self.database is not None:
            from db.repository import list_sessions

            infos = sorted(list_sessions(self.database), key=lambda i: i.updated_at,
                           reverse=True)
            sessions = [(i.name, f"{i.ruleset}, round {i.round}, {i.units} units")
                        for i in infos]
        self.welcome.set_sessions(sessions)
        from desktop.samples import list_samples

        self.welcome.set_tutorials([(s.file_name, f"{s.title} — {s.ruleset}")
                                    for s in list_samples()])

    def _unique_name(self, wanted: str) -> str:
        taken = set(self.session_names())
        name, n = wanted, 2
        while name in taken:
            name = f"{wanted} ({n})"
            n += 1
        return name

    def new_session(self) -> None:
        if not self._require_database():
            return
        from ui.new_session_dialog import NewSessionDialog

        dialog = NewSessionDialog(set(self.session_names()), self)
        if dialog.exec():
            self._create_session(dialog.name.text().strip(), dialog.encounter())

    def _create_session(self, name: str, encounter) -> None:
        from db.repository import new_session

        try:
            session = new_session(self.database, name, encounter)
        except FoebookError as error:
            self.report(str(error))
            return
        self.set_session(session)

    def import_encounter(self, path: str | None = None) -> None:
        if not self._require_database():
            return
        if not path:
            path, _ = QFileDialog.getOpenFileName(self, "Import encounter file", "",
                                                  "Encounter files (*.toml);;All files (*)")
            if not path:
                return
        from desktop.encounter_file import load_encounter

        try:
            encounter = load_encounter(path)
        except FoebookError as error:
            self.report(str(error), dialog=True)
            return
        stem = Path(path).name.removesuffix(".toml").removesuffix(".foebook")
        self._create_session(self._unique_name(stem), encounter)

    def start_tutorial(self, file_name: str) -> None:
        from desktop.samples import sample_path

        if not self._require_database():
            return
        from desktop.encounter_file import load_encounter

        encounter = load_encounter(sample_path(file_name))
        title = encounter.name or file_name
        self._create_session(self._unique_name(f"Tutorial: {title}"), encounter)

    def choose_session(self) -> None:
        names = self.session_names()
        if not names:
            self.report("There are no saved sessions yet: start a new one or import a file.")
            return
        name, ok = QInputDialog.getItem(self, "Open session", "Session:", names, 0, False)
        if ok and name:
            self.open_session(name)

    def open_session(self, name: str) -> None:
        if not self._require_database():
            return
        from db.repository import open_session

        try:
            session = open_session(self.database, name)
        except FoebookError as error:
            self.report(str(error), dialog=True)
            return
        self.set_session(session)

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for name in self.session_names()[:10]:
            self.recent_menu.addAction(name, lambda n=name: self.open_session(n))
        if self.recent_menu.isEmpty():
            self.recent_menu.addAction("No sessions yet").setEnabled(False)

    def export_encounter(self) -> None:
        if self.session is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, "Export encounter file",
                                              f"{self.session.name}.toml",
                                              "Encounter files (*.toml)")
        if path:
            self.export_to(path)

    def export_to(self, path: str) -> None:
        from desktop.encounter_file import save_encounter

        try:
            save_encounter(self.session.encounter, path)
        except FoebookError as error:
            self.report(str(error), dialog=True)
            return
        self.statusBar().showMessage(f"Saved {path}", 5000)

    def set_session(self, session: Session) -> None:
        if self.signals is not None:
            self.signals.close()
        self.session = session
        self.signals = SessionSignals(session, self)
        self.signals.changed.connect(self._session_changed)
        self.roster.set_session(session)
        QSettings().setValue("session/last", session.name)
        self.pages.setCurrentIndex(1)
        self._show_docks(True)
        self.phase_override = None
        self.selected = None
        self.scene.encounter = None  # a new board: rebuild the terrain
        self._refresh_views()
        self.board_view.fit_board()
        current = session.current_unit
        enemies = [u.id for u in session.encounter.enemies()]
        self.select_unit(current if current in enemies else (enemies[0] if enemies else None))
        self._update_title()

    # -- reacting to the session -------------------------------------------------------------
    def _session_changed(self, change) -> None:
        self._refresh_views()
        if self.selected is not None and not self.session.encounter.has_unit(self.selected):
            self.selected = None
        self.evaluate()

    def _refresh_views(self) -> None:
        session = self.session
        if session is None:
            return
        state = session.state
        self.scene.set_encounter(session.encounter, session.current_unit)
        ruleset = session.ruleset
        last_card = next((c.card for c in reversed(state.cards) if c.deck == "cards"), "")
        stratagem = next((c.card for c in reversed(state.cards)
                          if c.deck == "stratagems" and c.round == state.round), "")
        self.turns.show_state(state, ruleset.data.phases, ruleset.helpers(session.encounter),
                              ruleset.id == "card-flip-rpg", last_card,
                              hasattr(ruleset, "draw_stratagem"), stratagem)
        self.panel.set_phases(ruleset.data.phases, self.phase_override or
                              session.encounter.phase)
        self.log_panel.show_entries(session.history)
        if self.table_display is not None:
            self.table_display.follow(session.encounter, session.current_unit)
        self._update_actions()

    def _update_title(self) -> None:
        if self.session is None:
            self.setWindowTitle(APP_NAME)
        else:
            self.setWindowTitle(f"{self.session.name} — {APP_NAME}")

    def _update_actions(self) -> None:
        has = self.session is not None
        for action in (self.act_export, self.act_next, self.act_round, self.act_auto,
                       self.act_note, self.act_reroll, self.act_cards, self.act_resize):
            action.setEnabled(has)
        self.act_apply.setEnabled(has and self.decision is not None)
        self.act_deck.setEnabled(has and hasattr(self.session.ruleset, "deck"))
        self.act_player_turn.setEnabled(has and bool(self.session.ruleset.data.phases))
        self.act_undo.setEnabled(has and self.session.can_undo)
        self.act_redo.setEnabled(has and self.session.can_redo)
        if has:
            undo, redo = self.session.undo_text(), self.session.redo_text()
            self.act_undo.setToolTip(f"Undo: {undo}" if undo else "Nothing to undo")
            self.act_redo.setToolTip(f"Redo: {redo}" if redo else "Nothing to redo")

    # -- commands ----------------------------------------------------------------------------
    def run_command(self, command) -> bool:
        if self.session is None:
            return False
        try:
            self.session.execute(command)
        except FoebookError as error:
            self.report(str(error))
            return False
        return True

    def report(self, message: str, *, dialog: bool = False) -> None:
        """Tell the user what went wrong, in one sentence; nothing was changed."""
        log.info("refused: %s", message)
        self.statusBar().showMessage(message, 12000)
        if dialog:
            QMessageBox.warning(self, APP_NAME, message)

    def undo(self) -> None:
        if self.session is not None and self.session.can_undo:
            try:
                self.session.undo()
            except FoebookError as error:
                self.report(str(error))

    def redo(self) -> None:
        if self.session is not None and self.session.can_redo:
            try:
                self.session.redo()
            except FoebookError as error:
                self.report(str(error))

    def next_activation(self) -> None:
        self.phase_override = None
        if self.run_command(cmd.NextActivation()):
            self._select_current()

    def next_round(self) -> None:
        self.phase_override = None
        if self.run_command(cmd.NextRound()):
            self._select_current()

    def _select_current(self) -> None:
        current = self.session.current_unit if self.session else None
        if current is not None:
            self.select_unit(current)

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

    def flip_card(self) -> None:
        from desktop.rulesets.card_flip_rpg import flip_meaning

        card = self.deck.draw()
        if self.run_command(cmd.DrawCard("cards", card)):
            meaning = flip_meaning(card)
            self.statusBar().showMessage(f"Flipped {card}" + (f": {meaning}" if meaning else ""),
                                         10000)

    def draw_stratagem(self) -> None:
        """This turn's enemy stratagem; cards that would do nothing are noted and redrawn."""
        session = self.session
        if session is None or not hasattr(session.ruleset, "draw_stratagem"):
            return
        deck = self.current_deck()
        if deck is None:
            return
        draw = session.ruleset.draw_stratagem(session.encounter,
                                               Dice(seed=random.randrange(1 << 30)), deck)
        for card in draw.set_aside:
            self.run_command(cmd.Note(f"Stratagem {card.name} would do nothing now: redrawn"))
        if draw.stratagem is None:
            self.run_command(cmd.Note("No enemy stratagem this turn: " + draw.trace[-1].detail))
            return
        if self.run_command(cmd.DrawCard("stratagems", draw.stratagem.name)):
            self.statusBar().showMessage(f"Enemy stratagem: {draw.stratagem.name} — "
                                         f"{draw.stratagem.effect}", 15000)

    def current_deck(self):
        """The players' own stratagem deck if they edited one, else the ruleset's."""
        from desktop.rulesets.grimdark_command import parse_deck
        from desktop.user_decks import load_user_deck

        ruleset = self.session.ruleset
        try:
            entries = load_user_deck(ruleset.id)
            return ruleset.deck if entries is None else parse_deck(entries, "your deck")
        except FoebookError as error:
            self.report(str(error), dialog=True)
            return None

    def edit_deck(self) -> bool:
        from desktop.user_decks import save_user_deck
        from ui.deck_dialog import DeckDialog

        if self.session is None or not hasattr(self.session.ruleset, "deck"):
            return False
        deck = self.current_deck()
        if deck is None:
            return False
        dialog = DeckDialog(deck, self.session.ruleset.deck, self)
        if not dialog.exec() or dialog.result_deck is None:
            return False
        try:
            path = save_user_deck(self.session.ruleset.id,
                                  [card.to_dict() for card in dialog.result_deck])
        except FoebookError as error:
            self.report(str(error), dialog=True)
            return False
        self.statusBar().showMessage(f"Stratagem deck saved ({len(dialog.result_deck)} cards, "
                                     f"{path})", 8000)
        return True

    def _set_player_turn(self, on: bool) -> None:
        self.player_turn = bool(on)
        self.evaluate()

    def _set_phase(self, phase: str) -> None:
        if self.session is not None and phase != self.session.encounter.phase:
            self.phase_override = None
            self.run_command(cmd.SetPhase(phase))

    def _preview_phase(self, phase: str) -> None:
        self.phase_override = phase if self.session and phase != self.session.encounter.phase \
            else None
        self.evaluate()

    def _set_brush(self, terrain: Terrain | None) -> None:
        self.scene.brush = terrain
        self.brush_actions[terrain].setChecked(True)
        if terrain is not None:
            self.statusBar().showMessage(f"Painting {terrain.label}: click or drag on the "
                                         "board; Esc to stop", 8000)

    def _unit_menu(self, unit_id: str, screen_pos) -> None:
        menu = self.unit_menu(unit_id)
        if menu is not None:
            menu.popup(QPoint(int(screen_pos.x()), int(screen_pos.y())))

    def unit_menu(self, unit_id: str) -> QMenu | None:
        """Right-click menu of a unit on the board: select, damage, heal, markers."""
        if self.session is None:
            return None
        unit = self.session.encounter.unit(unit_id)
        menu = QMenu(self)
        menu.addAction(f"Select {unit.name}", lambda: self.select_unit(unit_id))
        menu.addSeparator()
        for amount in (1, 5):
            menu.addAction(f"Damage {amount}", lambda a=amount: self.run_command(
                cmd.Damage(unit_id, a)))
        menu.addAction("Heal 1", lambda: self.run_command(cmd.Heal(unit_id, 1)))
        markers = menu.addMenu("Markers")
        for spec in self.session.ruleset.data.statuses.values():
            if spec.derived:
                continue
            has = unit.has(spec.id)
            action = markers.addAction(spec.name, lambda s=spec.id, h=has: self.run_command(
                cmd.RemoveStatus(unit_id, s) if h else cmd.AddStatus(unit_id, s)))
            action.setCheckable(True)
            action.setChecked(has)
        self._context_menu = menu  # kept so it is not collected while shown
        return menu

    # -- decisions ---------------------------------------------------------------------------
    def select_unit(self, unit_id: str | None) -> None:
        if unit_id != self.selected:
            self.typed_rolls = []
            self.seed = None
        self.selected = unit_id
        if unit_id:
            self.roster.select_unit(unit_id)
        self.evaluate()

    def evaluate(self) -> None:
        """Decide for the selected enemy on the current state and show it."""
        self.decision = None
        session = self.session
        if session is None or self.selected is None:
            self.panel.show_message("Select an enemy to see what it does and why.")
            self.scene.clear_outcome()
            self._update_actions()
            return
        unit = session.encounter.unit(self.selected)
        if not unit.is_enemy:
            self.panel.show_message(f"{unit.name} is a player unit: the players decide.")
            self.scene.clear_outcome()
            self._update_actions()
            return
        encounter = session.encounter
        if self.phase_override:
            encounter = encounter.evolve(phase=self.phase_override)
        if self.player_turn and session.ruleset.data.phases:
            encounter = encounter.evolve(extra_state=MappingProxyType(
                {**encounter.extra_state, "turn": "player"}))
        dice = Dice(self.typed_rolls, seed=self.seed)
        try:
            self.decision = decide(encounter, unit.id, session.ruleset, dice)
        except FoebookError as error:
            self.panel.show_message(str(error))
            self.scene.clear_outcome()
            self._update_actions()
            return
        except ValueError as error:  # typed dice out of range for the die asked
            self.panel.show_error(str(error))
            return
        names = {u.id: u.name for u in session.encounter.units}
        self.panel.show_decision(self.decision, unit.name, names)
        self._highlight()
        self._update_actions()

    def _highlight(self) -> None:
        if self.session is None or self.decision is None:
            return
        outcome = self.panel.chosen_outcome()
        ruleset, encounter = self.session.ruleset, self.session.encounter
        self.scene.show_outcome(self.decision.unit, outcome,
                                ruleset.movement_range(encounter, self.decision.unit),
                                ruleset.attack_range(encounter, self.decision.unit))

    def _use_rolls(self, values: list[int]) -> None:
        self.typed_rolls = list(values)
        self.evaluate()

    def reroll(self) -> None:
        self.typed_rolls = []
        self.seed = random.randrange(1 << 30)
        self.evaluate()

    def apply_current(self) -> None:
        focus = QApplication.focusWidget()
        if isinstance(focus, QLineEdit):
            if focus is self.panel.typed:
                self.panel._use_typed()
            return
        self.apply_decision(self.panel.chosen())

    def apply_decision(self, choice: int = 0) -> bool:
        """Record the decision as one command, then move on if it was this unit's turn."""
        if self.session is None or self.decision is None:
            return False
        unit_id = self.decision.unit
        if not self.run_command(cmd.ApplyDecision.of(self.decision, choice)):
            return False
        if self.session.current_unit == unit_id:
            self.next_activation()
        return True

    def toggle_auto(self, on: bool | None = None) -> None:
        on = self.act_auto.isChecked() if on is None else on
        self.act_auto.setChecked(on)
        if on:
            self.statusBar().showMessage("Auto-applying the enemy turn (Ctrl+Return to stop)")
            self._auto_step()
            self._auto_timer.start()
        else:
            self._auto_timer.stop()
            self.statusBar().showMessage("Auto-apply stopped", 4000)

    def _auto_step(self) -> None:
        session = self.session
        if session is None or session.current_unit is None:
            self.toggle_auto(False)
            return
        current = session.current_unit
        self.select_unit(current)
        unit = session.encounter.unit(current)
        if not unit.is_enemy or self.decision is None or not self.apply_decision(0):
            self.toggle_auto(False)
        elif session.current_unit is None:
            self.toggle_auto(False)  # that was the last activation of the round

    # -- other windows -----------------------------------------------------------------------
    def show_table_display(self) -> None:
        from ui.table_display import TableDisplay

        if self.table_display is None:
            self.table_display = TableDisplay(self)
        if self.session is not None:
            self.table_display.follow(self.session.encounter, self.session.current_unit)
        self.table_display.show()
        self.table_display.raise_()

    def print_cards(self) -> None:
        if self.session is None:
            return
        try:
            from ui.cards.print_dialog import PrintCardsDialog
        except ImportError:
            self.report("Card printing is not available in this build.")
            return
        selected = [self.selected] if self.selected else []
        dialog = PrintCardsDialog(self.session.encounter, selected, source=self.session.name,
                                  parent=self)
        dialog.exec()

    def show_shortcuts(self) -> None:
        menus = [self.file_menu, self.edit_menu, self.view_menu, self.session_menu,
                 self.help_menu]
        ShortcutsDialog(menus, self, roster_shortcut_rows()).exec()

    def _show_about(self) -> None:
        QMessageBox.about(
            self,
            f"About {APP_NAME}",
            f"<b>{APP_NAME}</b> {__version__}<br>"
            "Runs the enemies of solo and co-op tabletop games.",
        )

    # -- window state ------------------------------------------------------------------------
    def _restore_state(self) -> bool:
        settings = QSettings()
        geometry = settings.value("mainWindow/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = settings.value("mainWindow/state")
        return state is not None and self.restoreState(state)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._restored:
            # First start: give the board the room, the log a few lines.
            self._restored = True
            QTimer.singleShot(0, self._default_dock_sizes)

    def _default_dock_sizes(self) -> None:
        self.resizeDocks([self.log_dock], [140], Qt.Orientation.Vertical)
        self.resizeDocks([self.roster_dock, self.decision_dock], [400, 370],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([self.roster_dock, self.turn_dock], [420, 300],
                         Qt.Orientation.Vertical)

    def closeEvent(self, event: QCloseEvent) -> None:
        self._auto_timer.stop()
        settings = QSettings()
        settings.setValue("mainWindow/geometry", self.saveGeometry())
        settings.setValue("mainWindow/state", self.saveState())
        if self.signals is not None:
            self.signals.close()
        if self.table_display is not None:
            self.table_display.close()
        super().closeEvent(event)
