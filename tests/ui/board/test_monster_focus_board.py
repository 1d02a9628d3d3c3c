"""The board draws monster-focus boards: thin walls on hex sides (light and dark boards),
the hexes an area attack hits, and the movement points spent along the path."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from desktop.engine.board import Board, Shape
from desktop.engine.decision import Outcome
from desktop.engine.encounter import Encounter
from desktop.engine.units import Side, Unit
from ui import palette
from ui.board.board_scene import BoardScene
from ui.board.board_view import BoardView
from ui.board.cell_shapes import cell_centre, shared_edge

ROWS = ("......", ".x^%*.", "......", "......")
# One wall between two hexes, one on the board's top edge (its second hex is off the board).
WALLS = frozenset({frozenset({(1, 2), (2, 2)}), frozenset({(3, 0), (3, -1)})})


def _view(qtbot) -> BoardView:
    board = Board(Shape.HEX, ROWS, thin_walls=WALLS)
    units = (
        Unit(id="golem", name="Golem", side=Side.ENEMY, at=(0, 0), hp=5, max_hp=5),
        Unit(id="brute", name="Brute", side=Side.PLAYER, at=(3, 3), hp=9, max_hp=9),
    )
    scene = BoardScene()
    scene.set_encounter(Encounter("monster-focus", board, units))
    view = BoardView(scene)
    scene.setParent(view)
    qtbot.addWidget(view)
    view.resize(600, 420)
    view.show()
    qtbot.waitExposed(view)
    view.fit_board()
    return view


def _pixel(view: BoardView, scene_point) -> QColor:
    image = view.viewport().grab().toImage()
    point = view.mapFromScene(scene_point)
    ratio = image.devicePixelRatio()
    return image.pixelColor(round(point.x() * ratio), round(point.y() * ratio))


def _close(a: QColor, b: QColor, tolerance: int = 40) -> bool:
    return (
        max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue()))
        <= tolerance
    )


@pytest.fixture(params=["light", "dark"])
def themed(request, qapp):
    before = QGuiApplication.palette()
    if request.param == "dark":
        dark = QPalette(before)
        dark.setColor(QPalette.ColorRole.Window, QColor("#202124"))
        qapp.setPalette(dark)
    yield request.param
    qapp.setPalette(before)


def test_thin_walls_are_drawn_on_the_shared_side_in_either_theme(qtbot, themed):
    view = _view(qtbot)
    assert palette.dark() == (themed == "dark")
    for wall in WALLS:
        edge = shared_edge(Shape.HEX, wall)
        assert edge is not None
        assert _close(_pixel(view, edge.center()), palette.thin_wall()), wall
    # A side without a wall shows the grid, not a wall.
    plain = shared_edge(Shape.HEX, frozenset({(0, 3), (1, 3)}))
    assert not _close(_pixel(view, plain.center()), palette.thin_wall(), 60)


def test_new_terrain_has_its_own_fill_in_either_theme(qtbot, themed):
    view = _view(qtbot)
    board = view.scene().encounter.board
    fills = set()
    for cell in ((2, 1), (3, 1), (4, 1)):  # trap, hazardous, icy: away from the glyph centre
        centre = cell_centre(Shape.HEX, cell)
        centre.setY(centre.y() + 14)
        centre.setX(centre.x() + 9)
        seen = _pixel(view, centre)
        assert not _close(seen, palette.terrain_fill(board.terrain((0, 2))), 12), cell
        fills.add(seen.name())
    assert len(fills) == 3


def test_the_area_is_shaded_and_the_path_carries_its_movement_points(qtbot):
    view = _view(qtbot)
    scene: BoardScene = view.scene()
    outcome = Outcome(
        "attack",
        ("brute",),
        (2, 3),
        ((0, 1), (1, 2), (2, 3)),
        area=((3, 3), (3, 2)),
        costs=(1, 3, 4),
    )
    scene.show_outcome("golem", outcome)
    highlights = scene.highlights
    assert highlights.area_item is not None
    assert len(highlights.area_item.polygons) == 2
    assert [label.points for label in highlights.step_labels] == [1, 3, 4]
    # The area's tint shows on a hex of the area that no token covers.
    centre = cell_centre(Shape.HEX, (3, 2))
    assert _pixel(view, centre) != _pixel(view, cell_centre(Shape.HEX, (5, 2)))
    # Without costs the path keeps its plain step dots and no numbers.
    scene.show_outcome("golem", Outcome("move", (), (2, 3), ((0, 1), (1, 2), (2, 3))))
    assert highlights.step_labels == [] and highlights.area_item is None


def test_thin_walls_stay_whole_over_the_range_overlays(qtbot, themed):
    """Range is counted around walls: a hatched or tinted range must not break the wall."""
    view = _view(qtbot)
    scene: BoardScene = view.scene()
    wall = frozenset({(1, 2), (2, 2)})
    around = {(1, 2), (2, 2), (1, 1), (2, 1), (1, 3), (2, 3)}
    scene.show_outcome("golem", Outcome("hold"), around, around)
    edge = shared_edge(Shape.HEX, wall)
    assert edge is not None
    for t in (0.3, 0.5, 0.7):  # along the wall, not only its middle
        point = edge.pointAt(t)
        assert _close(_pixel(view, point), palette.thin_wall(), 30), t
