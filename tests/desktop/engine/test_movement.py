"""Which search a distance field runs: chosen by size alone, and a small decide stays light."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from desktop.engine.board import Board, Shape
from desktop.engine.geometry import Neighbourhood
from desktop.engine.movement import DistanceField, MovementRules, search_backend, shared_field

ROOT = Path(__file__).resolve().parents[3]
ORTHOGONAL = MovementRules(Neighbourhood.ORTHOGONAL)
EIGHT_WAY = MovementRules(Neighbourhood.EIGHT_WAY)


def test_a_small_board_is_searched_in_python_whole_or_bounded():
    board = Board.blank(Shape.SQUARE, 24, 24)  # 576 cells x 4 neighbours
    assert search_backend(board, ORTHOGONAL, ((3, 3),), None) == "python"
    assert search_backend(board, ORTHOGONAL, ((3, 3),), 4) == "python"


def test_a_large_board_uses_tcod_except_for_short_bounded_moves():
    board = Board.blank(Shape.SQUARE, 64, 64)
    assert search_backend(board, EIGHT_WAY, ((30, 30),), None) == "tcod"
    assert search_backend(board, EIGHT_WAY, ((30, 30),), 2) == "python"  # a 7x7 window
    assert search_backend(board, EIGHT_WAY, ((30, 30),), 10) == "tcod"


def test_the_choice_does_not_depend_on_what_was_searched_before():
    small = Board.blank(Shape.SQUARE, 16, 16)  # 256 cells x 8 neighbours
    before = search_backend(small, EIGHT_WAY, ((1, 1),), None)
    DistanceField(Board.blank(Shape.SQUARE, 64, 64), EIGHT_WAY, [(0, 0)])  # loads tcod
    assert search_backend(small, EIGHT_WAY, ((1, 1),), None) == before == "python"


def test_a_shared_field_is_kept_per_board_and_question():
    board = Board.blank(Shape.SQUARE, 10, 10)
    first = shared_field(board, ORTHOGONAL, [(2, 2)])
    assert shared_field(board, ORTHOGONAL, [(2, 2)]) is first
    assert shared_field(board, ORTHOGONAL, [(2, 2)], reverse=True) is not first
    same_terrain = Board.blank(Shape.SQUARE, 10, 10)  # a board loaded again starts cold
    assert shared_field(same_terrain, ORTHOGONAL, [(2, 2)]) is not first


@pytest.mark.slow
def test_a_small_decide_never_imports_numpy_or_tcod():
    sample = ROOT / "resources" / "encounters" / "card-flip-goblin-ambush.toml"
    code = (
        "import sys; from desktop.cli import main; "
        f"status = main(['decide', {str(sample)!r}, '--unit', 'goblin', '--json']); "
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('numpy', 'tcod')); "
        "print('STATUS', status, 'HEAVY', heavy)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert "STATUS 0 HEAVY []" in result.stdout, result.stdout + result.stderr
