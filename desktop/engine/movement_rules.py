"""How a ruleset's figures step across a board: neighbourhood and integer step costs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from desktop.engine.board import Board, Cell, Terrain
from desktop.engine.geometry import Neighbourhood


@dataclass(frozen=True)
class MovementRules:
    """How a ruleset moves: neighbourhood and integer step costs in 1/scale units.

    `extra_cost` is added for each cell *entered* of that terrain (difficult
    ground, doors). Walls and hazards are never entered.
    """

    neighbourhood: Neighbourhood
    straight_cost: int = 1
    diagonal_cost: int = 1
    extra_cost: Mapping[Terrain, int] = field(default_factory=dict)
    scale: int = 1

    def step_cost(self, board: Board, start: Cell, end: Cell) -> int:
        diagonal = (
            self.neighbourhood is Neighbourhood.EIGHT_WAY
            and start[0] != end[0]
            and start[1] != end[1]
        )
        base = self.diagonal_cost if diagonal else self.straight_cost
        return base + self.extra_cost.get(board.terrain(end), 0)

    def cache_key(self) -> tuple[object, ...]:
        return (
            self.neighbourhood,
            self.straight_cost,
            self.diagonal_cost,
            tuple(sorted((t.value, c) for t, c in self.extra_cost.items())),
        )
