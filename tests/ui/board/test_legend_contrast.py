"""Walls and thin walls stand out in the legend and on the board in either theme (in the dark
theme both were nearly invisible: dark swatches on a dark panel, dark walls on dim ground)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from desktop.engine.board import Terrain
from tests.ui.real_input import choose, click, settle
from ui import palette
from ui.board.cell_shapes import cell_centre
from ui.theme import apply_theme

LEAST_CONTRAST = 3.0  # WCAG's least for graphics a user must make out


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours, 1 (the same) to 21 (black on white)."""

    def luminance(c: QColor) -> float:
        def linear(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

        return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF())

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.fixture
def themed_window(window):
    yield window
    apply_theme("system", remember=False)  # the next test starts from the platform's own


def _swatch_colour(legend, text: str) -> QColor:
    """The colour in the middle of the entry's swatch, as the legend shows it."""
    label = next(
        legend.colours.itemAt(i).widget()
        for i in range(legend.colours.count())
        if legend.colours.itemAt(i).widget().accessibleName() == text
    )
    image = label.grab().toImage()
    ratio = image.devicePixelRatio()
    # The swatch starts the label: 14 pixels square, centred on the line.
    return image.pixelColor(round(7 * ratio), round(label.height() / 2 * ratio))


def _board_colour(window, cell) -> QColor:
    view = window.board_view
    image = view.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    # A little off the centre: clear of any mark drawn in the middle of a cell.
    centre = cell_centre(window.session.encounter.board.shape, cell) + QPointF(0, 12)
    point = view.mapFromScene(centre)
    return image.pixelColor(round(point.x() * ratio), round(point.y() * ratio))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_walls_stand_out_in_the_legend_and_on_the_board(themed_window, qtbot, theme):
    window = themed_window
    card = next(c for c in window.welcome.cards if c.accessibleName() == "Monster focus tutorial")
    click(qtbot, next(b for b in card.buttons if "Ice cave" in b.text()))
    qtbot.waitUntil(lambda: window.session is not None)
    settle(qtbot, window)
    choose(qtbot, window, window.menus.theme_actions[theme])
    qtbot.waitUntil(lambda: palette.dark() == (theme == "dark"))
    legend = window.legend
    click(qtbot, legend.toggle)
    qtbot.waitUntil(legend.key.isVisible)
    QApplication.processEvents()
    background = legend.palette().color(QPalette.ColorRole.Window)
    wall = _swatch_colour(legend, Terrain.WALL.label)
    thin = _swatch_colour(legend, "thin wall (on a hex side)")
    assert contrast(wall, background) >= LEAST_CONTRAST, (wall.name(), background.name())
    assert contrast(thin, background) >= LEAST_CONTRAST, (thin.name(), background.name())
    # The legend shows the colours the board draws in this theme.
    assert wall == palette.terrain_fill(Terrain.WALL)
    assert thin == palette.thin_wall()

    # On the board, a wall hex stands out from the open ground beside it.
    board = window.session.encounter.board
    cells = list(board.cells())
    wall_cell = next(c for c in cells if board.terrain(c) is Terrain.WALL)
    groups = window.scene.highlights.groups
    covered = {u.at for u in window.session.encounter.units}
    covered |= groups["move"].cells | groups["attack"].cells  # tinted by a range
    covered |= set(window.scene.highlights.path_cells)
    open_cell = next(c for c in cells if board.terrain(c) is Terrain.OPEN and c not in covered)
    settle(qtbot, window)
    on_wall, on_open = _board_colour(window, wall_cell), _board_colour(window, open_cell)
    assert contrast(on_wall, on_open) >= LEAST_CONTRAST, (on_wall.name(), on_open.name())
