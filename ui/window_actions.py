"""The main window's actions: text, shortcut, tip and what each one does."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from desktop.engine.board import Terrain
from ui.board.legend import terrain_icon
from ui.other_windows import print_cards, show_about, show_shortcuts, show_table_display
from ui.setting_flags import PHYSICAL_DICE, setting_flag

if TYPE_CHECKING:  # the window imports this module
    from ui.main_window import MainWindow


def _action(
    window: MainWindow,
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


def build_actions(w: MainWindow) -> None:
    """The window's actions as `w.act_*` (menus, toolbar and keys share them), the board's
    overlay switches and terrain brushes."""

    def a(*args, **kwargs) -> QAction:
        return _action(w, *args, **kwargs)

    w.act_new = a(
        "&New session…",
        w.sessions.new_session,
        QKeySequence.StandardKey.New,
        "Start an empty session for a rule system",
    )
    w.act_open = a(
        "&Open session…",
        w.sessions.choose_session,
        QKeySequence.StandardKey.Open,
        "Open a saved session",
    )
    w.act_import = a(
        "&Import encounter file…",
        w.sessions.import_encounter,
        "Ctrl+I",
        "Start a session from an encounter TOML file",
    )
    w.act_export = a(
        "&Export encounter file…",
        w.sessions.export_encounter,
        "Ctrl+Shift+E",
        "Save the current state as an encounter file",
    )
    w.act_cards = a(
        "&Print cards…",
        lambda: print_cards(w),
        QKeySequence.StandardKey.Print,
        "Print or export enemy reference cards",
    )
    w.act_quit = a("&Quit", w.close, QKeySequence.StandardKey.Quit)
    w.act_home = a(
        "&Home",
        w.go_home,
        "Alt+Home",
        "Back to the start page: tutorials, saved sessions, a new session",
    )
    w.act_reset_layout = a(
        "Reset &layout",
        w.reset_layout,
        None,
        "Put the panels back where they start, sized for this screen",
    )
    w.act_resize = a(
        "Resi&ze board…",
        lambda: w.resize_board(),
        None,
        "Cut or extend the board (new cells are open ground)",
    )
    w.act_undo = a("&Undo", w.runner.undo, QKeySequence.StandardKey.Undo)
    w.act_redo = a("&Redo", w.runner.redo, "Ctrl+Shift+Z")
    # Ctrl+Y too: what players coming from Windows programs press first.
    w.act_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    w.act_apply = a(
        "&Apply decision",
        w.scenario.enter,
        Qt.Key.Key_Return,
        "Play the activation in progress, whatever is selected: carry out the acting "
        "enemy's decision, or pass a character's turn on",
    )
    w.act_apply.setShortcuts([QKeySequence(Qt.Key.Key_Return), QKeySequence(Qt.Key.Key_Enter)])
    w.act_next = a(
        "&Next activation",
        w.next_activation,
        Qt.Key.Key_Space,
        "The active unit is done; the next one activates",
    )
    w.act_round = a("Next &round", w.next_round, "Ctrl+Shift+N")
    w.act_auto = a(
        "A&uto-apply enemy turn",
        lambda on: w.auto_apply.toggle(on),
        "Ctrl+Return",
        "Apply every remaining enemy's decision, one by one",
        checkable=True,
    )
    w.act_reroll = a(
        "Roll &again",
        w.play.reroll,
        "Ctrl+R",
        "Set the shown dice aside and roll fresh ones (logged)",
    )
    w.act_physical = a(
        "I roll &physical dice",
        lambda on: w.decisions.set_physical(on),
        None,
        "Foebook asks for the dice you rolled before it shows what an enemy does",
        checkable=True,
    )
    w.act_physical.setChecked(setting_flag(PHYSICAL_DICE, False))
    w.act_note = a("Add &note…", w.add_note, "Ctrl+M")
    w.act_deck = a(
        "Edit stratagem &deck…",
        lambda: w.edit_deck(),
        None,
        "The enemy's army-wide stratagems, in your own words",
    )
    w.act_player_turn = a(
        "&Players' turn (enemy reactions)",
        lambda on: w.play.set_player_turn(on),
        "Ctrl+T",
        "Show how enemies react during the players' turn "
        "(deny the witch, heroic intervention, fighting back)",
        checkable=True,
    )
    w.act_fit = a("&Fit board", w.board_view.fit_board, "Ctrl+0")
    w.act_zoom_in = a(
        "Zoom &in", lambda: w.board_view.zoom_by(1.25), QKeySequence.StandardKey.ZoomIn
    )
    w.act_zoom_out = a(
        "Zoom &out", lambda: w.board_view.zoom_by(0.8), QKeySequence.StandardKey.ZoomOut
    )
    w.act_table = a(
        "&Table display",
        lambda: show_table_display(w),
        "F10",
        "A second window with only the board, for a screen the players see",
    )
    w.overlay_actions = {}
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
        w.overlay_actions[name] = action
    w.brush_group = QActionGroup(w)
    w.brush_actions = {}
    none = a("&No brush (select and move)", lambda: w.set_brush(None), "Esc", checkable=True)
    none.setChecked(True)
    w.brush_group.addAction(none)
    w.brush_actions[None] = none
    for terrain in Terrain:
        action = a(
            f"Paint {terrain.label}", lambda _=False, t=terrain: w.set_brush(t), checkable=True
        )
        action.setIcon(terrain_icon(terrain))
        w.brush_group.addAction(action)
        w.brush_actions[terrain] = action
    w.act_shortcuts = a(
        "&Keyboard shortcuts", lambda: show_shortcuts(w), QKeySequence.StandardKey.HelpContents
    )
    w.act_about = a("&About Foebook", lambda: show_about(w))
