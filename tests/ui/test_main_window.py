"""The main window opens with its layout, remembers its geometry and quits cleanly."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QWidget

from tests.ui.real_input import choose
from tests.ui.showing import show_active
from ui.main_window import MainWindow


def test_window_has_title_docks_menus_and_status_bar(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert window.windowTitle() == "Foebook"
    assert window.dockWidgetArea(window.roster_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert window.dockWidgetArea(window.decision_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert window.dockWidgetArea(window.log_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles == ["File", "Edit", "View", "Session", "Help"]
    assert window.statusBar().currentMessage() == "Ready"


def test_geometry_is_restored_on_next_start(qtbot):
    QSettings().remove("mainWindow")
    first = MainWindow()
    qtbot.addWidget(first)
    first.show()
    # Stay inside the smallest test screen (offscreen's, 800x600) and above the window's minimum.
    width, height = first.minimumSizeHint().width() + 10, 580
    first.resize(width, height)
    first.move(5, 5)
    qtbot.wait(10)
    first.close()

    second = MainWindow()
    qtbot.addWidget(second)
    second.show()
    assert second.size().width() == width
    assert second.size().height() == height


def test_view_menu_toggles_docks(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    show_active(qtbot, window)
    assert not window.log_dock.isVisible()  # the welcome page has the window to itself
    toggles = {a.text(): a for a in window.menus.view_menu.actions()}
    choose(qtbot, window, toggles["Log"])  # View > Log
    assert window.log_dock.isVisible()
    choose(qtbot, window, toggles["Log"])
    assert not window.log_dock.isVisible()


def test_theme_choice_switches_the_palette_and_is_remembered(qtbot, qapp):
    from PySide6.QtGui import QPalette

    from ui.theme import apply_theme, saved_theme

    window = MainWindow()
    qtbot.addWidget(window)
    show_active(qtbot, window)
    qapp.setStyle("Fusion")
    choose(qtbot, window, window.menus.theme_actions["dark"])  # View > Theme > Dark
    dark = qapp.palette().color(QPalette.ColorRole.Window).lightness()
    choose(qtbot, window, window.menus.theme_actions["light"])
    light = qapp.palette().color(QPalette.ColorRole.Window).lightness()
    assert dark < 100 < light
    assert saved_theme() == "light"
    apply_theme("system")
    assert saved_theme() == "system"


def test_app_icon_is_the_bundled_svg(qapp):
    from desktop.app import app_icon

    icon = app_icon()
    assert not icon.isNull()
    assert not icon.pixmap(64, 64).isNull()


def test_no_shortcut_of_a_panel_clashes_with_a_window_shortcut(window):
    """Two enabled actions on one key make Qt refuse both ("ambiguous shortcut")."""
    window.start_tutorial("skirmish-ai-hedgerow.toml")
    own = set(window.actions())
    window_keys = {seq.toString() for action in own for seq in action.shortcuts()}
    clashes = [
        f"{action.text()} ({seq.toString()})"
        for widget in window.findChildren(QWidget)
        for action in widget.actions()
        if action not in own
        for seq in action.shortcuts()
        if seq.toString() in window_keys
    ]
    assert not clashes


def test_ctrl_e_on_the_roster_table_edits_the_unit(window, qtbot):
    window.start_tutorial("skirmish-ai-hedgerow.toml")
    view = window.roster.view
    index = view.model().index(0, 0)
    qtbot.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(index).center()
    )
    qtbot.keyClick(view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    editor = window.roster.editor
    assert editor is not None and editor.isVisible()
    assert editor.id_edit.text() == window.roster.selected_unit()
    qtbot.keyClick(editor, Qt.Key.Key_Escape)
