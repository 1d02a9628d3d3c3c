"""The main window's menu bar and toolbar, made from its actions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu

from ui.action_set import ActionSet
from ui.theme import THEMES, apply_theme, saved_theme


class WindowMenus:
    """File, Edit, View, Session and Help, the theme choices, and the toolbar.

    `docks` get a show/hide entry in View; `file_extras` follow the file entries in File;
    `fill_recent(menu)` fills Open recent as it opens; `add_session_extras(menu)` ends the
    Session menu with the entries of what the session plays (a scenario's)."""

    def __init__(
        self,
        window: QMainWindow,
        a: ActionSet,
        docks: Sequence[QDockWidget],
        file_extras: Sequence[QAction],
        fill_recent: Callable[[QMenu], None],
        add_session_extras: Callable[[QMenu], None],
    ) -> None:
        bar = window.menuBar()
        self.file_menu = bar.addMenu("&File")
        self.file_menu.addAction(a.act_home)
        self.file_menu.addSeparator()
        for action in (a.act_new, a.act_open, a.act_import, a.act_export, *file_extras):
            self.file_menu.addAction(action)
        self.recent_menu = self.file_menu.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(lambda: fill_recent(self.recent_menu))
        self.file_menu.addSeparator()
        self.file_menu.addAction(a.act_cards)
        self.file_menu.addSeparator()
        self.file_menu.addAction(a.act_quit)
        self.edit_menu = bar.addMenu("&Edit")
        self.edit_menu.addAction(a.act_undo)
        self.edit_menu.addAction(a.act_redo)
        self.edit_menu.addSeparator()
        brushes = self.edit_menu.addMenu("Terrain &brush")
        for action in a.brush_actions.values():
            brushes.addAction(action)
        self.edit_menu.addAction(a.act_resize)
        self.view_menu = bar.addMenu("&View")
        for dock in docks:
            self.view_menu.addAction(dock.toggleViewAction())
        self.view_menu.addSeparator()
        for action in a.overlay_actions.values():
            self.view_menu.addAction(action)
        self.view_menu.addSeparator()
        for action in (a.act_fit, a.act_zoom_in, a.act_zoom_out, a.act_table):
            self.view_menu.addAction(action)
        self.view_menu.addAction(a.act_reset_layout)
        self.view_menu.addSeparator()
        self.theme_actions = self._add_themes(window, self.view_menu.addMenu("T&heme"))
        self.session_menu = bar.addMenu("&Session")
        for entry in (
            a.act_apply,
            a.act_next,
            a.act_round,
            a.act_auto,
            a.act_reroll,
            a.act_physical,
            a.act_note,
            None,
            a.act_player_turn,
            a.act_deck,
        ):
            if entry is None:
                self.session_menu.addSeparator()
            else:
                self.session_menu.addAction(entry)
        add_session_extras(self.session_menu)
        self.help_menu = bar.addMenu("&Help")
        self.help_menu.addAction(a.act_shortcuts)
        self.help_menu.addAction(a.act_about)
        toolbar = self.toolbar = window.addToolBar("Main")
        toolbar.setObjectName("mainToolbar")
        for entry in (
            a.act_home,
            None,
            a.act_undo,
            a.act_redo,
            None,
            a.act_apply,
            a.act_next,
            a.act_auto,
            None,
            a.act_fit,
        ):
            if entry is None:
                toolbar.addSeparator()
            else:
                toolbar.addAction(entry)

    @staticmethod
    def _add_themes(window: QMainWindow, themes: QMenu) -> dict[str, QAction]:
        """One checkable entry per theme, the saved one checked."""
        group = QActionGroup(window)
        actions: dict[str, QAction] = {}
        current = saved_theme()
        for name, label in THEMES.items():
            action = themes.addAction(
                label, cast("Callable[[], object]", lambda n=name: apply_theme(n))
            )
            action.setCheckable(True)
            action.setChecked(name == current)
            group.addAction(action)
            actions[name] = action
        return actions

    def menus(self) -> list[QMenu]:
        """The menu bar's menus, in its order (the shortcuts sheet lists their keys)."""
        return [self.file_menu, self.edit_menu, self.view_menu, self.session_menu, self.help_menu]
