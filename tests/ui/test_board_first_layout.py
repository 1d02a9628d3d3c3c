"""The board gets the room: default layout at 1366x768, Home, tutorials reusable, naming."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMessageBox, QToolButton

from desktop.samples import list_samples, sample_path
from tests.ui.modal import click_button, when_up
from tests.ui.real_input import choose, docks_settled, open_saved_session, press
from tests.ui.showing import show_active
from ui.roster.roster_model import COL_SIDE

SAMPLES = [s.file_name for s in list_samples()]


@pytest.fixture
def laptop(qtbot, database):
    """A window the size of a 1366x768 laptop screen, on its first start."""
    from ui.main_window import MainWindow

    QSettings().clear()
    win = MainWindow(database)
    qtbot.addWidget(win)
    win.resize(1366, 768)
    show_active(qtbot, win)
    qtbot.wait(20)  # the default dock sizes are applied once the window is shown
    yield win
    win.close()


def _area(widget) -> int:
    return widget.width() * widget.height()


@pytest.mark.parametrize("seed", [0, 4, 6])
@pytest.mark.parametrize("sample", SAMPLES)
def test_at_1366x768_the_board_is_biggest_and_the_decision_needs_no_scrolling(
    laptop, qtbot, monkeypatch, sample, seed
):
    # Dice are random per session and the decision's text depends on them: try a few.
    monkeypatch.setattr("desktop.tracker.session.new_seed", lambda: seed)
    laptop.start_tutorial(sample)
    qtbot.wait(20)
    board = _area(laptop.board_view)
    for dock in (laptop.roster_dock, laptop.turn_dock, laptop.decision_dock):
        assert dock.isVisible()
        assert board > _area(dock), dock.windowTitle()
    assert laptop.log_dock in laptop.tabifiedDockWidgets(laptop.turn_dock)
    # Once the panel has settled (folding reasons follows the final size of the panel).
    qtbot.waitUntil(lambda: not laptop.panel.steps.verticalScrollBar().isVisible())
    # The whole board shows: no scroll bars on the view, and tokens stay readable.
    assert not laptop.board_view.horizontalScrollBar().isVisible()
    assert not laptop.board_view.verticalScrollBar().isVisible()
    assert laptop.board_view.token_pixels() >= 28
    # Every name in the roster is shown in full.
    view = laptop.roster.view
    from ui.roster.roster_model import COL_NAME

    for row in range(view.model().rowCount()):
        name = view.model().index(row, COL_NAME).data()
        assert view.fontMetrics().horizontalAdvance(name) + 8 <= view.columnWidth(COL_NAME)


def test_home_button_and_shortcut_return_to_the_start_page_and_tutorials_restart(laptop, qtbot):
    first = laptop.welcome.cards[0].buttons[0]
    qtbot.mouseClick(first, Qt.MouseButton.LeftButton)
    assert laptop.pages.currentIndex() == 1
    name = laptop.session.name
    home = laptop.menus.toolbar.widgetForAction(laptop.act_home)
    assert isinstance(home, QToolButton)
    assert laptop.windowTitle().startswith(f"{name} — ")
    qtbot.mouseClick(home, Qt.MouseButton.LeftButton)
    assert laptop.pages.currentIndex() == 0
    assert laptop.windowTitle() == "Foebook"  # no session is in view on the start page
    assert not laptop.roster_dock.isVisible()
    assert not laptop.act_fit.isEnabled()  # no board to fit on the start page
    assert not laptop.act_next.isEnabled()  # Space does not move the hidden session on
    # The same tutorial again: it starts over in its own place, no "(2)" beside it.
    when_up(qtbot, QMessageBox, click_button(qtbot, "Start over"))
    qtbot.mouseClick(laptop.welcome.cards[0].buttons[0], Qt.MouseButton.LeftButton)
    assert laptop.pages.currentIndex() == 1
    assert laptop.session.name == name and not laptop.session.history
    assert laptop.session_names() == [name]
    QTest.keyClick(laptop, Qt.Key.Key_Home, Qt.KeyboardModifier.AltModifier)
    assert laptop.pages.currentIndex() == 0
    sessions = [laptop.welcome.recent.item(i).text() for i in range(laptop.welcome.recent.count())]
    assert any(text.startswith(name) and "last played today" in text for text in sessions)


def test_welcome_cards_show_each_rule_system_with_its_board(laptop, qtbot):
    cards = laptop.welcome.cards
    assert len(cards) == len({s.ruleset for s in list_samples()})
    qtbot.waitUntil(lambda: all(not c.picture.pixmap().isNull() for c in cards))
    image = cards[0].picture.pixmap().toImage()
    colours = {
        image.pixel(x, y) for x in range(0, image.width(), 7) for y in range(0, image.height(), 7)
    }
    assert len(colours) > 3  # a drawn board, not a blank


def test_units_sharing_a_name_are_numbered_in_roster_turn_order_and_tokens(laptop):
    laptop.start_tutorial("hex-quest-crypt-gate.toml")
    names = [
        laptop.roster.view.model().index(r, 0).data()
        for r in range(laptop.roster.view.model().rowCount())
    ]
    assert {"Skeleton Archer 1", "Skeleton Archer 2"} <= set(names)
    order = [laptop.turns.order.item(i).text() for i in range(laptop.turns.order.count())]
    assert any("Skeleton Archer 1" in t for t in order)
    assert any("Skeleton Archer 2" in t for t in order)
    badges = sorted(t.number for t in laptop.scene.tokens.values() if t.number)
    assert badges == ["1", "2"]


def _import(qtbot, window, monkeypatch, path) -> None:
    """Ctrl+I and the file chosen in the file dialog (replaced: it is the system's own)."""
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), ""))
    press(qtbot, window.act_import)


def test_imported_sessions_are_named_after_the_encounter(laptop, qtbot, monkeypatch, tmp_path):
    source = sample_path("skirmish-ai-hedgerow.toml").read_text(encoding="utf-8")
    named = tmp_path / "my-file.toml"
    named.write_text(source, encoding="utf-8")
    _import(qtbot, laptop, monkeypatch, named)
    assert laptop.session.name == "Hedgerow"
    _import(qtbot, laptop, monkeypatch, named)
    assert laptop.session.name == "Hedgerow (2)"
    nameless = tmp_path / "night-raid.toml"
    nameless.write_text(source.replace('name = "Hedgerow"', 'name = ""', 1), encoding="utf-8")
    _import(qtbot, laptop, monkeypatch, nameless)
    assert laptop.session.name == "night-raid"


def test_reset_layout_puts_the_docks_back_and_the_layout_is_kept_per_screen(laptop, qtbot):
    laptop.start_tutorial(SAMPLES[0])
    laptop.roster_dock.setFloating(True)
    laptop.removeDockWidget(laptop.decision_dock)
    show_active(qtbot, laptop)  # the floating roster took the focus
    choose(qtbot, laptop, laptop.act_reset_layout)  # View > Reset layout
    qtbot.waitUntil(lambda: not laptop.roster_dock.isFloating())
    assert not laptop.roster_dock.isFloating()
    assert laptop.decision_dock.isVisible()
    assert laptop.dockWidgetArea(laptop.decision_dock) == Qt.DockWidgetArea.RightDockWidgetArea
    laptop.close()
    geometry = laptop.screen().availableGeometry()
    assert QSettings().value(f"mainWindow/{geometry.width()}x{geometry.height()}/state")


def test_a_returning_user_on_a_laptop_still_sees_hp_beside_every_name(laptop, qtbot, database):
    """The saved layout does not hold the roster's columns: on the next start the narrow
    roster again drops the optional ones, so HP is never pushed out of view by names."""
    from ui.main_window import MainWindow
    from ui.roster.roster_model import COL_HP

    laptop.start_tutorial("skirmish-ai-outpost-raid.toml")
    laptop.close()
    again = MainWindow(database)
    qtbot.addWidget(again)
    again.resize(1366, 768)
    show_active(qtbot, again)
    open_saved_session(qtbot, again, again.session_names()[0])
    view = again.roster.view
    qtbot.waitUntil(lambda: view.isColumnHidden(COL_SIDE))
    hp_right = view.columnViewportPosition(COL_HP) + view.columnWidth(COL_HP)
    assert not view.isColumnHidden(COL_HP)
    assert 0 < hp_right <= view.viewport().width()
    again.close()


@pytest.mark.parametrize("closed_on", ["board", "start page"])
def test_a_returning_user_gets_the_docks_as_they_were_left(laptop, qtbot, database, closed_on):
    """The roster and turn-order docks come back at the heights they had, also when the
    window was closed on the start page (where the docks are hidden)."""
    from ui.main_window import MainWindow

    laptop.start_tutorial("monster-focus-ice-cave.toml")
    docks_settled(qtbot, laptop)  # the default sizes are made once the docks show
    heights = (laptop.roster_dock.height(), laptop.turn_dock.height())
    if closed_on == "start page":
        QTest.keyClick(laptop, Qt.Key.Key_Home, Qt.KeyboardModifier.AltModifier)
    laptop.close()
    again = MainWindow(database)
    qtbot.addWidget(again)
    show_active(qtbot, again)
    open_saved_session(qtbot, again, again.session_names()[0])
    qtbot.waitUntil(lambda: again.turn_dock.isVisible())
    docks_settled(qtbot, again)
    assert abs(again.roster_dock.height() - heights[0]) <= 2, heights
    assert abs(again.turn_dock.height() - heights[1]) <= 2, heights
    again.close()
