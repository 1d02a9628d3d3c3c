"""The legend names the overlays the board draws for the session open, and no others; each
swatch looks as the overlay does on the board (the movement range's tint over the ground,
the attack range's hatching)."""

from __future__ import annotations

from desktop.engine.board import Terrain
from tests.ui.board.test_legend_contrast import _board_colour, _swatch_colour, contrast
from tests.ui.real_input import click, settle, start_tutorial

AMBUSH = "card-flip-goblin-ambush.toml"
ICE_CAVE = "monster-focus-ice-cave.toml"
RANGES = ["movement range", "attack range", "path", "target, numbered", "sight line"]


def _open_legend(qtbot, window):
    legend = window.legend
    if not legend.key.isVisible():
        click(qtbot, legend.toggle)
    qtbot.waitUntil(legend.key.isVisible)
    settle(qtbot, window)
    return legend


def test_a_square_board_without_area_attacks_names_no_area_attack_nor_thin_wall(window, qtbot):
    start_tutorial(qtbot, window, AMBUSH)
    entries = _open_legend(qtbot, window).entries()
    for name in RANGES:
        assert name in entries
    assert "thin wall (on a hex side)" not in entries
    assert "area attack" not in entries


def test_the_ice_cave_names_its_thin_walls_and_area_attacks(window, qtbot):
    start_tutorial(qtbot, window, ICE_CAVE)
    entries = _open_legend(qtbot, window).entries()
    for name in [*RANGES, "thin wall (on a hex side)", "area attack"]:
        assert name in entries


def test_the_movement_range_swatch_is_the_tint_the_board_shows(window, qtbot):
    start_tutorial(qtbot, window, AMBUSH)
    legend = _open_legend(qtbot, window)
    board = window.session.encounter.board
    groups = window.scene.highlights.groups
    covered = {u.at for u in window.session.encounter.units}
    covered |= groups["attack"].cells | set(window.scene.highlights.path_cells)
    tinted = next(
        c
        for c in sorted(groups["move"].cells)
        if c not in covered and board.terrain(c) is Terrain.OPEN
    )
    on_board = _board_colour(window, tinted)
    in_key = _swatch_colour(legend, "movement range")
    assert contrast(on_board, in_key) < 1.1, (on_board.name(), in_key.name())


def test_the_attack_range_swatch_is_hatched_like_the_board(window, qtbot):
    start_tutorial(qtbot, window, AMBUSH)
    legend = _open_legend(qtbot, window)
    label = next(
        legend.colours.itemAt(i).widget()
        for i in range(legend.colours.count())
        if legend.colours.itemAt(i).widget().accessibleName() == "attack range"
    )
    image = label.grab().toImage()
    ratio = image.devicePixelRatio()
    row = round(label.height() / 2 * ratio)
    across = {image.pixelColor(round(x * ratio), row).name() for x in range(3, 12)}
    assert len(across) >= 2  # stripes and the ground between them, not one flat colour
