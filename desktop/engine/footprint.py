"""Figures that cover more than one square: which cells they occupy and where they may stand.

A figure of size N covers the N x N block of squares whose top-left square is
its `at` cell (its anchor); size 1 is the one square `at`. The anchor is the
square its moves are counted by: the block moves rigidly, so every square of it
moves the same number of king steps. Helpers here answer: the cells a figure
covers, the anchor cells a figure of some size cannot pass (its block would
leave the board or overlap another figure), whether it can stop on a cell (its
whole block on passable, free ground), and king-move distance from a block.
"""

from __future__ import annotations

from collections.abc import Iterable

from desktop.engine.board import Board, Cell
from desktop.engine.board_cache import BoardCache, empty_dict

# figure size -> anchors whose block would stick out of the board
_EDGE_ANCHORS: BoardCache[dict[int, frozenset[Cell]]] = BoardCache("edge anchors", empty_dict)


def footprint(anchor: Cell, size: int) -> tuple[Cell, ...]:
    col, row = anchor
    return tuple((col + dx, row + dy) for dy in range(size) for dx in range(size))


def lowest_square(anchor: Cell, size: int) -> Cell:
    """The bottom-left square of the block: lowest row, leftmost column."""
    return anchor[0], anchor[1] + size - 1


def blocked_anchors(board: Board, size: int, occupied: Iterable[Cell]) -> set[Cell]:
    """Anchor cells a figure of `size` may not pass: its block would overlap `occupied`
    or stick out of the board. Walls under the rest of the block do not block here:
    a large figure squeezes through passages narrower than itself."""
    blocked: set[Cell] = set()
    for col, row in occupied:
        for dy in range(size):
            for dx in range(size):
                blocked.add((col - dx, row - dy))
    if size > 1:
        by_size = _EDGE_ANCHORS(board)
        edge = by_size.get(size)
        if edge is None:
            edge = by_size[size] = frozenset(
                (col, row)
                for row in range(board.height)
                for col in range(board.width)
                if col > board.width - size or row > board.height - size
            )
        blocked |= edge
    return blocked


def can_stand(
    board: Board, anchor: Cell, size: int, occupied: set[Cell], squeeze: bool = False
) -> bool:
    """Whether a figure of `size` can end its move with its anchor on `anchor`.

    Normally its whole block must be on passable, free cells. With `squeeze`
    only the anchor needs passable ground: the rest of the block may overhang
    walls (a wide figure standing in a narrow passage), though it must still be
    on the board and clear of `occupied`."""
    if squeeze:
        return board.passable(anchor) and all(
            board.in_bounds(c) and c not in occupied for c in footprint(anchor, size)
        )
    return all(board.passable(c) and c not in occupied for c in footprint(anchor, size))


def body(board: Board, anchor: Cell, size: int) -> tuple[Cell, ...]:
    """The block's cells on passable ground: the part of a squeezed figure that can act."""
    return tuple(c for c in footprint(anchor, size) if board.passable(c))


def block_distance(anchor: Cell, size: int, cell: Cell) -> int:
    """King moves from the nearest square of the block to `cell`."""
    col, row = cell
    dx = max(anchor[0] - col, 0, col - (anchor[0] + size - 1))
    dy = max(anchor[1] - row, 0, row - (anchor[1] + size - 1))
    return max(dx, dy)
