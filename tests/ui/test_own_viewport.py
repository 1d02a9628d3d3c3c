"""A viewport of our own is set up as the one Qt makes: the window looks and behaves alike."""

from __future__ import annotations

import pytest
import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QScrollArea, QTableView

from ui.board.board_view import BoardView
from ui.decision.step_list import StepList
from ui.own_viewport import own_viewport
from ui.roster.roster_panel import RosterView


def _setup(area) -> tuple:
    """How `area`'s viewport is set up, once shown."""
    viewport = area.viewport()
    return (
        viewport.objectName(),
        viewport.backgroundRole(),
        viewport.autoFillBackground(),
        viewport.focusPolicy(),
        viewport.focusProxy() is area,
        viewport.hasMouseTracking(),
        viewport.acceptDrops(),
        viewport.geometry(),
        viewport.isVisible(),
        [a.name for a in Qt.WidgetAttribute if viewport.testAttribute(a)],
    )


@pytest.fixture
def scene(qapp):
    # Kept while the test runs: a view whose scene is deleted sets its viewport up again.
    return QGraphicsScene()


@pytest.mark.parametrize(
    "make",
    [QGraphicsView, lambda _scene: QScrollArea(), lambda _scene: QTableView()],
    ids=["graphics view", "scroll area", "item view"],
)
def test_a_viewport_of_our_own_is_set_up_as_qts(qtbot, scene, make):
    theirs, ours = make(scene), make(scene)
    made = own_viewport(ours)
    for area in (theirs, ours):
        qtbot.addWidget(area)
        area.resize(200, 150)
        area.show()
    qtbot.waitExposed(ours)
    assert ours.viewport() is made
    assert _setup(ours) == _setup(theirs)


@pytest.mark.parametrize(
    "make", [BoardView, lambda _scene: StepList(), lambda _scene: RosterView()]
)
def test_the_views_handed_over_at_start_have_a_viewport_made_in_python(qtbot, scene, make):
    # One PySide already knows: handing it over builds no widget classes (test_start_up_work).
    view = make(scene)
    qtbot.addWidget(view)
    assert shiboken6.createdByPython(view.viewport()) and view.viewport().parent() is view
