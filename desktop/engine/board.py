"""The board: its shape, the terrain of every cell and the legend of the encounter format."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from functools import cached_property
from typing import Any

Cell = tuple[int, int]  # (column, row), 0-based, (0, 0) is the top-left cell


class Shape(StrEnum):
    SQUARE = "square"
    HEX = "hex"


class Terrain(Enum):
    OPEN = "."
    WALL = "#"
    HAZARD = "~"
    DIFFICULT = ","
    COVER = "c"
    DOOR = "+"
    OBJECTIVE = "O"
    # A window or hole in a wall: figures may climb through it (each ruleset sets the
    # cost) and it does not block sight, since it is an opening.
    WINDOW = "="
    # Gloomhaven-family terrain (monster-focus); other rulesets refuse boards with it.
    OBSTACLE = "x"
    TRAP = "^"
    HAZARDOUS = "%"
    ICY = "*"

    @property
    def passable(self) -> bool:
        return self not in (Terrain.WALL, Terrain.HAZARD)

    @property
    def blocks_sight(self) -> bool:
        return self is Terrain.WALL

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    Terrain.OPEN: "open ground",
    Terrain.WALL: "wall",
    Terrain.HAZARD: "impassable hazard",
    Terrain.DIFFICULT: "difficult ground",
    Terrain.COVER: "cover",
    Terrain.DOOR: "door",
    Terrain.OBJECTIVE: "objective",
    Terrain.WINDOW: "window or hole",
    Terrain.OBSTACLE: "obstacle",
    Terrain.TRAP: "trap",
    Terrain.HAZARDOUS: "hazardous terrain",
    Terrain.ICY: "icy terrain",
}
# Terrain that only the rulesets listing it under `terrain` in their data may use.
OPTIONAL_TERRAIN = frozenset({Terrain.OBSTACLE, Terrain.TRAP, Terrain.HAZARDOUS, Terrain.ICY})
LEGEND = {t.value: t for t in Terrain}
_KNOWN = frozenset(LEGEND)


class BoardError(ValueError):
    """A board text that does not follow the legend; `row`/`column` locate the problem."""

    def __init__(
        self,
        message: str,
        row: int | None = None,
        column: int | None = None,
        text_line: int | None = None,
    ) -> None:
        super().__init__(message)
        self.row = row
        self.column = column
        self.text_line = text_line  # 0-based line of the text that was parsed


@dataclass(frozen=True)
class Board:
    """An immutable board. `rows` holds one legend string per row, top row first.
    `thin_walls`: walls on the side shared by two neighbouring cells, each a frozenset of
    the two cells (one of them may lie off the board: a wall on the board's edge)."""

    shape: Shape
    rows: tuple[str, ...]
    heights: tuple[tuple[int, ...], ...] | None = field(default=None, compare=True)
    thin_walls: frozenset[frozenset[Cell]] = frozenset()

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    @property
    def height(self) -> int:
        return len(self.rows)

    @classmethod
    def from_text(cls, shape: Shape | str, text: str) -> Board:
        """Parse the `cells` text of an encounter file (whitespace inside lines ignored)."""
        shape = Shape(shape)
        lines = text.split("\n")
        # Blank lines around the rows are trimmed by index: popping them one by one from
        # the front is quadratic, and took minutes for a file of blank lines.
        filled = [i for i, line in enumerate(lines) if line.strip()]
        if not filled:
            raise BoardError("the board has no rows")
        leading = filled[0]
        lines = lines[leading : filled[-1] + 1]
        rows: list[str] = []
        for row_index, line in enumerate(lines):
            cells = "".join(line.split())
            if not cells:
                raise BoardError(
                    "blank line inside the board", row=row_index, text_line=leading + row_index
                )
            # One set test per row; the unknown character is looked for only when there is one.
            unknown = "" if _KNOWN.issuperset(cells) else cells
            for col_index, char in enumerate(unknown):
                if char not in LEGEND:
                    known = " ".join(f"'{c}'" for c in LEGEND)
                    raise BoardError(
                        f"unknown terrain character '{char}' (known: {known})",
                        row=row_index,
                        column=_raw_column(line, col_index),
                        text_line=leading + row_index,
                    )
            if rows and len(cells) != len(rows[0]):
                raise BoardError(
                    f"row has {len(cells)} cells but the first row has {len(rows[0])}",
                    row=row_index,
                    text_line=leading + row_index,
                )
            rows.append(cells)
        return cls(shape, tuple(rows))

    @classmethod
    def blank(cls, shape: Shape | str, width: int, height: int) -> Board:
        return cls(Shape(shape), tuple("." * width for _ in range(height)))

    def to_text(self) -> str:
        return "\n".join(self.rows) + "\n"

    def in_bounds(self, cell: Cell) -> bool:
        col, row = cell
        return 0 <= row < len(self.rows) and 0 <= col < len(self.rows[0])

    def terrain(self, cell: Cell) -> Terrain:
        col, row = cell
        return LEGEND[self.rows[row][col]]

    def height_at(self, cell: Cell) -> int:
        if self.heights is None:
            return 0
        col, row = cell
        return self.heights[row][col]

    def passable(self, cell: Cell) -> bool:
        return self.in_bounds(cell) and self.terrain(cell).passable

    def cells(self) -> Iterator[Cell]:
        for row in range(self.height):
            for col in range(self.width):
                yield (col, row)

    def cells_of(self, terrain: Terrain) -> frozenset[Cell]:
        found = self._cells_by_terrain.get(terrain)
        if found is None:
            # Found with str.find, row by row: rules ask for walls or doors, a few cells of a
            # 200x200 board, and never pay for the open ground around them.
            char = terrain.value
            cells = []
            for row, line in enumerate(self.rows):
                col = line.find(char)
                while col >= 0:
                    cells.append((col, row))
                    col = line.find(char, col + 1)
            found = self._cells_by_terrain[terrain] = frozenset(cells)
        return found

    @cached_property
    def _cells_by_terrain(self) -> dict[Terrain, frozenset[Cell]]:
        return {}

    @cached_property
    def derived(self) -> dict[object, Any]:
        """Storage of desktop.engine.board_cache: read and fill it only through a BoardCache,
        which keys it by the cache object and knows the type of what it holds."""
        return {}

    def with_terrain(self, cell: Cell, terrain: Terrain) -> Board:
        col, row = cell
        line = self.rows[row]
        new_line = line[:col] + terrain.value + line[col + 1 :]
        return Board(
            self.shape,
            (*self.rows[:row], new_line, *self.rows[row + 1 :]),
            self.heights,
            self.thin_walls,
        )

    def resized(self, width: int, height: int) -> Board:
        """A copy cut or padded with open ground to width x height."""
        rows = [(line[:width]).ljust(width, ".") for line in self.rows[:height]]
        rows += ["." * width] * (height - len(rows))
        heights = None
        if self.heights is not None:
            hs = [list(r[:width]) + [0] * (width - len(r[:width])) for r in self.heights[:height]]
            hs += [[0] * width for _ in range(height - len(hs))]
            heights = tuple(tuple(r) for r in hs)
        inside = frozenset(
            w for w in self.thin_walls if any(c[0] < width and c[1] < height for c in w)
        )
        return Board(self.shape, tuple(rows), heights, inside)


def _raw_column(line: str, cell_index: int) -> int:
    """0-based character column in `line` of the cell_index-th non-space character."""
    seen = -1
    for column, char in enumerate(line):
        if not char.isspace():
            seen += 1
            if seen == cell_index:
                return column
    return len(line)
