"""The board under a real pointer: hover every token, tooltips, click to select, drag to
move (and undo), right-click for the unit menu, wheel zoom — on the real main window."""

from __future__ import annotations

import pytest
import pytestqt.exceptions
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QApplication, QToolTip

from desktop.engine.footprint import footprint
from desktop.samples import list_samples
from tests.ui.real_input import (
    cell_point,
    free_cell_near,
    open_unit_menu,
    settle,
    token_point,
    wheel,
)
from ui.board.cell_shapes import cell_at
from ui.board.token_item import TokenItem

SAMPLES = [s.file_name for s in list_samples()]
LEFT, RIGHT = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton


def _hover(qtbot, window, point: QPoint) -> None:
    """Move the pointer there as a hand does: from a neighbouring pixel, then onto it.

    On X, QTest moves the server's pointer and the motion event comes back asynchronously:
    wait until the board has seen it (the legend names the cell under the pointer)."""
    viewport = window.board_view.viewport()
    col, row = cell_at(window.session.encounter.board, window.board_view.mapToScene(point))

    # On a loaded machine X may fold a motion into the next one; a hand that sees nothing
    # happen moves again. Five tries, then the hover really was not seen.
    def seen() -> bool:
        return window.legend.coordinates.text() == f"[{col}, {row}]"

    for _attempt in range(4):
        qtbot.mouseMove(viewport, point + QPoint(-3, -2))
        qtbot.mouseMove(viewport, point)
        try:
            qtbot.waitUntil(seen, timeout=2000)  # a short look, then move again
            return
        except pytestqt.exceptions.TimeoutError:
            continue
    qtbot.mouseMove(viewport, point)
    qtbot.waitUntil(seen)


@pytest.mark.parametrize("sample", SAMPLES)
def test_the_pointer_visits_every_token(window, qtbot, sample):
    window.start_tutorial(sample)
    scene = window.scene
    settle(qtbot, window)
    for unit in window.session.encounter.units:
        token = scene.tokens[unit.id]
        _hover(qtbot, window, token_point(window, unit.id))
        assert token.isUnderMouse(), unit.name
        # A large figure covers several cells: the pointer is on one of them.
        cells = footprint(unit.at, token.size)
        assert window.legend.coordinates.text() in {f"[{c}, {r}]" for c, r in cells}
        assert isinstance(token.shape(), QPainterPath)
        under = [i for i in scene.items(token.pos()) if isinstance(i, TokenItem)]
        assert token in under


def test_hovering_a_token_shows_its_tooltip(window, qtbot):
    window.start_tutorial("skirmish-ai-hedgerow.toml")
    settle(qtbot, window)
    unit = window.session.encounter.units[0]
    _hover(qtbot, window, token_point(window, unit.id))
    qtbot.waitUntil(QToolTip.isVisible)
    assert f"<b>{unit.name}</b>" in QToolTip.text()
    assert f"HP {unit.hp} / {unit.max_hp}" in QToolTip.text()
    QToolTip.hideText()


def test_clicking_a_token_selects_its_unit_and_the_decision_follows(window, qtbot):
    window.start_tutorial("grimdark-solo-close-quarters.toml")
    settle(qtbot, window)
    enemies = window.session.encounter.enemies()
    viewport = window.board_view.viewport()
    for unit in reversed(enemies[:3]):
        qtbot.mouseClick(viewport, LEFT, pos=token_point(window, unit.id))
        assert window.selected == unit.id
        assert unit.name in window.panel.title.text()
        assert window.roster.selected_unit() == unit.id
    player = next(u for u in window.session.encounter.units if not u.is_enemy)
    qtbot.mouseClick(viewport, LEFT, pos=token_point(window, player.id))
    assert window.selected == player.id == window.roster.selected_unit()
    # Nothing to decide for it: the panel shows the unit acting now, which Enter plays.
    assert window.panel.note.text().startswith(
        f"{player.name} is a player unit: the players decide. Shown here: "
    )
    assert window.decision.unit == window.session.current_unit


def test_dragging_a_token_moves_the_unit_and_undo_puts_it_back(window, qtbot):
    window.start_tutorial("skirmish-ai-hedgerow.toml")
    settle(qtbot, window)
    session = window.session
    unit = session.encounter.enemies()[0]
    target = free_cell_near(session.encounter, (unit.at[0] + 2, unit.at[1]))
    viewport = window.board_view.viewport()
    start, end = token_point(window, unit.id), cell_point(window, target)
    qtbot.mousePress(viewport, LEFT, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(viewport, start + (end - start) * step / 5)
    qtbot.mouseRelease(viewport, LEFT, pos=end)
    assert session.encounter.unit(unit.id).at == target
    assert cell_point(window, target) == token_point(window, unit.id)  # where it was dropped
    assert session.history[-1].kind == "move-unit"
    qtbot.keyClick(window.board_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert session.encounter.unit(unit.id).at == unit.at


def test_right_click_opens_the_unit_menu_and_damage_1_by_keyboard(window, qtbot):
    window.start_tutorial("skirmish-ai-hedgerow.toml")
    session = window.session
    unit = session.encounter.enemies()[0]
    menu = open_unit_menu(qtbot, window, unit.id)
    assert menu.actions()[0].text() == f"Select {unit.name}"
    for _ in range(len(menu.actions())):
        if menu.activeAction() is not None and menu.activeAction().text() == "Damage 1":
            break
        qtbot.keyClick(menu, Qt.Key.Key_Down)
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)
    assert session.encounter.unit(unit.id).hp == unit.hp - 1


def test_right_click_menu_choice_by_pointer(window, qtbot):
    window.start_tutorial("hex-quest-crypt-gate.toml")
    session = window.session
    unit = session.encounter.enemies()[0]
    menu = open_unit_menu(qtbot, window, unit.id)
    damage = next(a for a in menu.actions() if a.text() == "Damage 5")
    qtbot.mouseClick(menu, LEFT, pos=menu.actionGeometry(damage).center())
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)
    assert session.encounter.unit(unit.id).hp == max(0, unit.hp - 5)


def test_the_wheel_zooms_in_and_out_around_the_pointer(window, qtbot):
    window.start_tutorial("dungeon-crawl-guard-room.toml")
    settle(qtbot, window)
    view = window.board_view
    unit = window.session.encounter.units[0]
    point = token_point(window, unit.id)
    _hover(qtbot, window, point)
    before = view.zoom()
    wheel(view.viewport(), point, 2)
    assert view.zoom() == pytest.approx(before * 1.15**2)
    assert not view.auto_fit  # the user zoomed: resizing no longer refits
    # The board under the pointer stays under it.
    assert (
        window.scene.tokens[unit.id].isUnderMouse()
        or (token_point(window, unit.id) - point).manhattanLength() <= 2
    )
    wheel(view.viewport(), point, -4)
    assert view.zoom() == pytest.approx(before * 1.15**-2)
