"""The default layout gives the turn order the room its activation order wants at common
screen sizes, also once the enemy's stratagem shows under it; the roster keeps every row; and
a returning user's own sizes are kept."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt

from tests.ui.real_input import click, docks_settled, open_saved_session, start_tutorial
from tests.ui.showing import show_active

SIZES = [(1366, 768), (1600, 1000), (1920, 1080)]


@pytest.fixture
def first_start(qtbot, database, request):
    """A window of the given size on its first start (no saved layout)."""
    from ui.main_window import MainWindow

    QSettings().clear()
    win = MainWindow(database)
    qtbot.addWidget(win)
    win.resize(*request.param)
    show_active(qtbot, win)
    yield win
    win.close()


def rows_shown(view) -> int:
    """How many of the list's or table's rows lie wholly inside its viewport."""
    height = view.viewport().height()
    model = view.model()
    shown = 0
    for row in range(model.rowCount()):
        rect = view.visualRect(model.index(row, 0))
        shown += rect.top() >= 0 and rect.bottom() < height
    return shown


@pytest.mark.parametrize("first_start", SIZES, indirect=True, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize(
    "sample", ["grimdark-solo-close-quarters.toml", "skirmish-ai-outpost-raid.toml"]
)
def test_the_whole_activation_order_and_roster_show_on_a_first_start(first_start, qtbot, sample):
    window = first_start
    start_tutorial(qtbot, window, sample)
    docks_settled(qtbot, window)
    order, roster = window.turns.order, window.roster.view
    assert rows_shown(order) == order.count()
    assert order.count() >= 5
    assert rows_shown(roster) == roster.model().rowCount()
    # No more than the 45 % of the column the turn order gets by default, at the most 60 %.
    column = window.roster_dock.height() + window.turn_dock.height()
    assert 0.4 <= window.turn_dock.height() / column <= 0.62
    if window.turns.stratagem_button.isVisible():
        width = window.turn_dock.width()
        click(qtbot, window.turns.stratagem_button)  # the drawn card shows under the order
        docks_settled(qtbot, window)
        assert window.turns.drawn_card.isVisible()
        assert rows_shown(order) == order.count()
        assert rows_shown(roster) == roster.model().rowCount()
        assert window.turn_dock.width() == width  # the board beside it keeps its room
        assert not window.board_view.horizontalScrollBar().isVisible()


@pytest.mark.parametrize("first_start", [SIZES[0]], indirect=True, ids=["1366x768"])
def test_a_returning_users_own_split_is_kept(first_start, qtbot, database):
    from ui.main_window import MainWindow

    window = first_start
    start_tutorial(qtbot, window, "grimdark-solo-close-quarters.toml")
    docks_settled(qtbot, window)
    before = window.turn_dock.height()
    # The user's own split: the turn order 60 px shorter. (QTest's presses do not start a
    # QMainWindow separator move on every platform plugin; how the split was made does not
    # matter here, that it is kept does.)
    column = window.roster_dock.height() + window.turn_dock.height()
    window.resizeDocks(
        [window.roster_dock, window.turn_dock],
        [column - before + 60, before - 60],
        Qt.Orientation.Vertical,
    )
    qtbot.waitUntil(lambda: window.turn_dock.height() < before - 40)
    heights = (window.roster_dock.height(), window.turn_dock.height())
    window.close()

    again = MainWindow(database)
    qtbot.addWidget(again)
    again.resize(1366, 768)
    show_active(qtbot, again)
    open_saved_session(qtbot, again, again.session_names()[0])
    qtbot.waitUntil(lambda: again.turn_dock.isVisible())
    docks_settled(qtbot, again)  # no default sizes are made over a saved layout
    assert abs(again.roster_dock.height() - heights[0]) <= 2, heights
    assert abs(again.turn_dock.height() - heights[1]) <= 2, heights
    again.close()
