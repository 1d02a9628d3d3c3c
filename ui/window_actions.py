"""The main window's actions: text, shortcut, tip and what each one does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QWidget

from desktop.engine.board import Terrain
from desktop.tracker.decision_controller import DecisionController
from ui.action_set import ActionSet
from ui.auto_apply import AutoApply
from ui.board.board_scene import BoardScene
from ui.board.board_view import BoardView
from ui.board.legend import terrain_icon
from ui.command_runner import CommandRunner
from ui.decision_actions import DecisionActions
from ui.other_windows import (
    CardsHost,
    TableHost,
    print_cards,
    show_about,
    show_shortcuts,
    show_table_display,
)
from ui.scenario.scenario_actions import ScenarioActions
from ui.session_actions import SessionActions
from ui.setting_flags import PHYSICAL_DICE, setting_flag
from ui.welcome_page import WelcomePage
from ui.window_menus import WindowMenus


class ActionSlots(TableHost, CardsHost, Protocol):
    """What the actions call (read when they are triggered: the window may make some of
    these after its actions)."""

    sessions: SessionActions
    runner: CommandRunner
    scenario: ScenarioActions
    play: DecisionController
    decisions: DecisionActions
    auto_apply: AutoApply
    board_view: BoardView
    scene: BoardScene
    welcome: WelcomePage
    menus: WindowMenus

    def close(self) -> bool: ...
    def go_home(self) -> None: ...
    def reset_layout(self) -> None: ...
    def resize_board(self, size: tuple[int, int] | None = None) -> None: ...
    def next_activation(self) -> None: ...
    def next_round(self) -> None: ...
    def add_note(self) -> None: ...
    def edit_deck(self) -> bool: ...
    def set_brush(self, terrain: Terrain | None) -> None: ...


def _action(
    window: QWidget,
    text: str,
    slot: Callable,
    shortcut=None,
    tip: str = "",
    checkable: bool = False,
) -> QAction:
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    action.setCheckable(checkable)
    action.triggered.connect(slot)
    window.addAction(action)
    return action


def build_actions(into: ActionSet, w: ActionSlots) -> None:
    """The window's actions as `into.act_*` (menus, toolbar and keys share them), the
    board's overlay switches and terrain brushes; they belong to the window of `w`, whose
    slots they call."""
    window = w.window()

    def a(*args, **kwargs) -> QAction:
        return _action(window, *args, **kwargs)

    into.act_new = a(
        "&New session…",
        w.sessions.new_session,
        QKeySequence.StandardKey.New,
        "Start an empty session for a rule system",
    )
    into.act_open = a(
        "&Open session…",
        w.sessions.choose_session,
        QKeySequence.StandardKey.Open,
        "Open a saved session",
    )
    into.act_import = a(
        "&Import encounter file…",
        w.sessions.import_encounter,
        "Ctrl+I",
        "Start a session from an encounter TOML file",
    )
    into.act_export = a(
        "&Export encounter file…",
        w.sessions.export_encounter,
        "Ctrl+Shift+E",
        "Save the current state as an encounter file",
    )
    into.act_cards = a(
        "&Print cards…",
        lambda: print_cards(w),
        QKeySequence.StandardKey.Print,
        "Print or export enemy reference cards",
    )
    into.act_quit = a("&Quit", w.close, QKeySequence.StandardKey.Quit)
    into.act_home = a(
        "&Home",
        w.go_home,
        "Alt+Home",
        "Back to the start page: tutorials, saved sessions, a new session",
    )
    into.act_reset_layout = a(
        "Reset &layout",
        w.reset_layout,
        None,
        "Put the panels back where they start, sized for this screen",
    )
    into.act_resize = a(
        "Resi&ze board…",
        lambda: w.resize_board(),
        None,
        "Cut or extend the board (new cells are open ground)",
    )
    into.act_undo = a("&Undo", w.runner.undo, QKeySequence.StandardKey.Undo)
    into.act_redo = a("&Redo", w.runner.redo, "Ctrl+Shift+Z")
    # Ctrl+Y too: what players coming from Windows programs press first.
    into.act_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    into.act_apply = a(
        "&Apply decision",
        w.scenario.enter,
        Qt.Key.Key_Return,
        "Play the activation in progress, whatever is selected: carry out the acting "
        "enemy's decision, or pass a character's turn on",
    )
    into.act_apply.setShortcuts([QKeySequence(Qt.Key.Key_Return), QKeySequence(Qt.Key.Key_Enter)])
    into.act_next = a(
        "&Next activation",
        w.next_activation,
        Qt.Key.Key_Space,
        "The active unit is done; the next one activates",
    )
    into.act_round = a("Next &round", w.next_round, "Ctrl+Shift+N")
    into.act_auto = a(
        "A&uto-apply enemy turn",
        lambda on: w.auto_apply.toggle(on),
        "Ctrl+Return",
        "Apply every remaining enemy's decision, one by one",
        checkable=True,
    )
    into.act_reroll = a(
        "Roll &again",
        w.play.reroll,
        "Ctrl+R",
        "Set the shown dice aside and roll fresh ones (logged)",
    )
    into.act_physical = a(
        "I roll &physical dice",
        lambda on: w.decisions.set_physical(on),
        None,
        "Foebook asks for the dice you rolled before it shows what an enemy does",
        checkable=True,
    )
    into.act_physical.setChecked(setting_flag(PHYSICAL_DICE, False))
    into.act_note = a("Add &note…", w.add_note, "Ctrl+M")
    into.act_deck = a(
        "Edit stratagem &deck…",
        lambda: w.edit_deck(),
        None,
        "The enemy's army-wide stratagems, in your own words",
    )
    into.act_player_turn = a(
        "&Players' turn (enemy reactions)",
        lambda on: w.play.set_player_turn(on),
        "Ctrl+T",
        "Show how enemies react during the players' turn "
        "(deny the witch, heroic intervention, fighting back)",
        checkable=True,
    )
    into.act_fit = a("&Fit board", w.board_view.fit_board, "Ctrl+0")
    into.act_zoom_in = a(
        "Zoom &in", lambda: w.board_view.zoom_by(1.25), QKeySequence.StandardKey.ZoomIn
    )
    into.act_zoom_out = a(
        "Zoom &out", lambda: w.board_view.zoom_by(0.8), QKeySequence.StandardKey.ZoomOut
    )
    into.act_table = a(
        "&Table display",
        lambda: show_table_display(w),
        "F10",
        "A second window with only the board, for a screen the players see",
    )
    into.overlay_actions = {}
    for key, (name, text) in enumerate(
        (("move", "&Movement range"), ("attack", "&Attack range"), ("sight", "&Sight line")),
        start=1,
    ):
        action = a(
            text,
            lambda on, n=name: w.scene.set_overlay_visible(n, on),
            f"Ctrl+{key}",
            checkable=True,
        )
        action.setChecked(True)
        into.overlay_actions[name] = action
    into.brush_group = QActionGroup(window)
    into.brush_actions = {}
    none = a("&No brush (select and move)", lambda: w.set_brush(None), "Esc", checkable=True)
    none.setChecked(True)
    into.brush_group.addAction(none)
    into.brush_actions[None] = none
    for terrain in Terrain:
        action = a(
            f"Paint {terrain.label}", lambda _=False, t=terrain: w.set_brush(t), checkable=True
        )
        action.setIcon(terrain_icon(terrain))
        into.brush_group.addAction(action)
        into.brush_actions[terrain] = action
    into.act_shortcuts = a(
        "&Keyboard shortcuts",
        lambda: show_shortcuts(window, w.menus.menus(), w.welcome),
        QKeySequence.StandardKey.HelpContents,
    )
    into.act_about = a("&About Foebook", lambda: show_about(window))
