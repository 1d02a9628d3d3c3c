"""skirmish-ai tracker helpers: random movement and teleport mishaps, as pure functions.

Directions are rolled on a D8: 1 is north (up the board), then clockwise
(2 north-east ... 8 north-west). Random movement goes straight for the
figure's full move (1" per straight step, 1.5" per diagonal step); it stops
and is stunned on touching any terrain that is not open ground, and on
running into a figure, which is pushed 1" onward (when that cell is free open
ground) and stunned. The board edge stops it without a stun. A spatial shift
moves a figure 2D6 cells in a rolled direction.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from desktop.engine.board import Cell, Terrain
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.square_geometry import EIGHT_WAY

_OPEN = (Terrain.OPEN, Terrain.OBJECTIVE)
_SHIFT_LIMIT = 12  # repeated shifts before giving up (the rules never end otherwise)


def roll_direction(dice: Dice, purpose: str = "random direction") -> tuple[int, int]:
    """A D8 compass direction: 1 north, clockwise to 8 north-west."""
    return EIGHT_WAY[dice.roll(8, purpose) - 1]


@dataclass
class MishapResult:
    unit: str
    end: Cell | None  # None: removed as a casualty
    path: list[Cell] = field(default_factory=list)
    statuses: dict[str, list[str]] = field(default_factory=dict)  # unit id -> markers gained
    moved: dict[str, Cell] = field(default_factory=dict)  # other figures pushed
    casualty: bool = False
    steps: list[str] = field(default_factory=list)

    def mark(self, unit_id: str, status: str) -> None:
        got = self.statuses.setdefault(unit_id, [])
        if status not in got:  # one marker of a kind at most
            got.append(status)


def random_move(
    enc: Encounter, unit_id: str, dice: Dice, distance: float | None = None
) -> MishapResult:
    unit = enc.unit(unit_id)
    allowance = float(unit.stat("move", 6) if distance is None else distance)
    dx, dy = roll_direction(dice)
    step_cost = 1.5 if dx and dy else 1.0
    result = MishapResult(unit_id, unit.at)
    result.steps.append(f'direction ({dx}, {dy}), {allowance:g}" to go')
    here, spent = unit.at, 0.0
    board = enc.board
    while spent + step_cost <= allowance + 1e-9:
        nxt = (here[0] + dx, here[1] + dy)
        if not board.in_bounds(nxt):
            result.steps.append(f"stops at the board edge at {list(here)}")
            break
        other = enc.unit_at(nxt)
        if other is not None and other.hp > 0:
            result.mark(unit_id, "stunned")
            push = (nxt[0] + dx, nxt[1] + dy)
            if board.in_bounds(push) and board.terrain(push) in _OPEN and enc.unit_at(push) is None:
                result.moved[other.id] = push
            result.mark(other.id, "stunned")
            result.steps.append(
                f"runs into {other.name}: both stunned"
                + (f", {other.name} pushed to {list(push)}" if other.id in result.moved else "")
            )
            break
        if board.terrain(nxt) not in _OPEN:
            result.mark(unit_id, "stunned")
            result.steps.append(f"hits {board.terrain(nxt).label} at {list(nxt)}: stunned")
            break
        here = nxt
        spent += step_cost
        result.path.append(here)
    result.end = here
    return result


def teleport(enc: Encounter, unit_id: str, cell: Cell, dice: Dice) -> MishapResult:
    """Materialise `unit_id` at `cell`, with spatial shifts, stuns, shocks or loss."""
    unit = enc.unit(unit_id)
    result = MishapResult(unit_id, cell)
    board = enc.board
    shifts = 0
    while True:
        if board.in_bounds(cell) and board.terrain(cell) is Terrain.HAZARD:
            result.end, result.casualty = None, True
            result.steps.append(f"materialises over a hazard at {list(cell)}: casualty")
            return result
        occupant = enc.unit_at(cell) if board.in_bounds(cell) else None
        solid = not board.in_bounds(cell) or board.terrain(cell) is Terrain.WALL
        if occupant is not None and occupant.id != unit_id:
            result.mark(occupant.id, "stunned")
            result.steps.append(f"{occupant.name} stands at {list(cell)}: it is stunned")
        elif not solid:
            result.end = cell
            result.steps.append(f"materialises at {list(cell)}")
            return result
        else:
            result.steps.append(f"{list(cell)} is inside a solid object")
        if shifts >= _SHIFT_LIMIT:
            result.end = unit.at
            result.steps.append("no safe spot after repeated shifts: it stays where it was")
            return result
        shifts += 1
        if shifts == 1 and occupant is None:
            result.mark(unit_id, "stunned")
        elif shifts > 1 and solid:
            result.mark(unit_id, "shocked")
        if occupant is not None:
            result.mark(unit_id, "stunned")
        dx, dy = roll_direction(dice, "spatial shift direction")
        far = dice.roll_sum(2, 6, "spatial shift distance (2d6)")
        cell = (cell[0] + dx * far, cell[1] + dy * far)
        result.steps.append(f'spatial shift {far}" toward ({dx}, {dy}) to {list(cell)}')
