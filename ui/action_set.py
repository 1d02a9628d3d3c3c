"""The main window's actions, declared apart from the window so the modules that make them
(window_actions), show them (window_menus) and switch them (action_states) need not import
the window."""

from __future__ import annotations

from PySide6.QtGui import QAction, QActionGroup

from desktop.engine.board import Terrain


class ActionSet:
    """Made by window_actions.build_actions; menus, toolbar and keys share them."""

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
