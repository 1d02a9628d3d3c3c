"""Every rule system's board draws the selected enemy's movement range (blue) and attack range
(orange hatching), by its own rules, and the View menu's toggles hide and show them (hex-quest,
dungeon-crawl, skirmish-ai and grimdark-solo drew neither)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QImage

from desktop.engine.board import Cell
from desktop.engine.geometry import Metric
from desktop.engine.reach import cells_within
from desktop.rulesets.grimdark_solo.common import CHARGE_REACH, reach_cells
from tests.ui.real_input import (
    cell_point,
    choose,
    pick_in_combo,
    select_on_board,
    settle,
    start_tutorial,
)

# (tutorial, an enemy other than the one that acts first, so that the click selects it)
TUTORIAL_ENEMIES = [
    ("hex-quest-crypt-gate.toml", "archer-b"),
    ("dungeon-crawl-guard-room.toml", "goblin-b"),
    ("skirmish-ai-hedgerow.toml", "scout"),
    ("skirmish-ai-outpost-raid.toml", "stalker"),
    ("grimdark-solo-hold-the-relay.toml", "gretchin"),
]
SAMPLE = 6  # half the side of the square of pixels compared around a cell's centre


def _spot(window, cells: frozenset[Cell], other: frozenset[Cell]) -> Cell:
    """A cell of an overlay (`cells`) with no token on it, and, where there is one, with
    nothing else drawn on or next to it (no token, path, ghost, or the `other` overlay), so
    that what changes there is this overlay."""
    busy = {u.at for u in window.session.encounter.units} | set(window.scene.highlights.path_cells)

    def crowded(cell: Cell) -> tuple[bool, bool, Cell]:
        near = any(abs(cell[0] - b[0]) <= 1 and abs(cell[1] - b[1]) <= 1 for b in busy)
        return cell in other, near, (cell[1], cell[0])

    return min((c for c in cells if c not in busy), key=crowded)


def _pixels(window, cell: Cell) -> list[int]:
    """The colours drawn in a small square around the cell's centre."""
    image = (
        window.board_view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    )
    ratio = image.devicePixelRatio()
    centre = cell_point(window, cell)
    box = QRect(
        round((centre.x() - SAMPLE) * ratio),
        round((centre.y() - SAMPLE) * ratio),
        round(2 * SAMPLE * ratio),
        round(2 * SAMPLE * ratio),
    )
    return [
        image.pixel(x, y)
        for y in range(box.top(), box.bottom())
        for x in range(box.left(), box.right())
    ]


@pytest.mark.parametrize(("tutorial", "enemy"), TUTORIAL_ENEMIES)
def test_a_clicked_enemy_shows_its_ranges_and_the_view_menu_hides_them(
    window, qtbot, tutorial, enemy
):
    start_tutorial(qtbot, window, tutorial)
    select_on_board(qtbot, window, enemy)
    session = window.session
    rules, encounter = session.ruleset, session.encounter
    expected = {
        "move": rules.movement_range(encounter, enemy),
        "attack": rules.attack_range(encounter, enemy),
    }
    assert expected["move"] and expected["attack"]
    groups = window.scene.highlights.groups
    qtbot.waitUntil(
        lambda: (
            "move" in groups
            and groups["move"].cells == expected["move"]
            and groups["attack"].cells == expected["attack"]
        )
    )
    spots = {}
    for name, other in (("move", "attack"), ("attack", "move")):
        overlay = groups[name]
        assert overlay.scene() is window.scene and overlay.isVisible()
        spots[name] = _spot(window, overlay.cells, groups[other].cells)
    drawn = {name: _pixels(window, spot) for name, spot in spots.items()}

    # View → Movement range, then View → Attack range, chosen by keyboard: each hides its
    # overlay, and what is drawn there changes...
    for name, spot in spots.items():
        before = _pixels(window, spot)
        choose(qtbot, window, window.overlay_actions[name])
        assert not window.overlay_actions[name].isChecked()
        assert not groups[name].isVisible()
        qtbot.waitUntil(lambda s=spot, b=before: _pixels(window, s) != b)
    # ... and chosen again, each comes back as it was.
    for name in spots:
        choose(qtbot, window, window.overlay_actions[name])
        assert groups[name].isVisible()
    for name, spot in spots.items():
        qtbot.waitUntil(lambda n=name, s=spot: _pixels(window, s) == drawn[n])


def test_grimdark_ranges_follow_the_phase_shown(window, qtbot):
    # Close quarters opens in the command phase; each phase picked in the panel's Phase
    # drop-down (a preview) draws that phase's move and attacks, not the movement phase's.
    start_tutorial(qtbot, window, "grimdark-solo-close-quarters.toml")
    select_on_board(qtbot, window, "captain")
    session, groups = window.session, window.scene.highlights.groups
    phases = session.ruleset.data.phases
    captain = session.encounter.unit("captain")
    board = session.encounter.board
    around = cells_within(board, [captain.at], 1, Metric.CHEBYSHEV, sight=False)
    longest = max(w.range for w in captain.weapons if w.kind == "ranged")
    fire = cells_within(board, [captain.at], longest, Metric.INCHES)
    seen = {}
    for row, phase in enumerate(phases):
        pick_in_combo(qtbot, window.panel.phases, row)
        qtbot.waitUntil(lambda p=phase: window.decision is not None and window.decision.phase == p)
        settle(qtbot, window)
        seen[phase] = (frozenset(groups["move"].cells), frozenset(groups["attack"].cells))
    context = session.ruleset.context(session.encounter, captain, None)
    assert seen["command"] == (frozenset(), frozenset())
    assert seen["movement"][0] and seen["movement"][1] == fire | around
    assert seen["shooting"] == (frozenset(), fire)
    assert seen["charge"] == (reach_cells(context, CHARGE_REACH), around)
    assert seen["fight"] == (reach_cells(context, context.numbers.pile_in), around)
    assert seen["charge"][0] > seen["fight"][0]  # 12" reaches farther than a 3" pile-in
