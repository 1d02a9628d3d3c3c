"""The `farthest-along` move policy of rule packs: end on the free cell farthest along a
shortest route to a square beside the target, one choice per cell (docs/rule-packs.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from desktop.engine.board import Board, Cell
from desktop.engine.chain import joined, plural
from desktop.engine.decision import Outcome
from desktop.engine.destinations import MemoField
from desktop.engine.geometry import neighbours
from desktop.engine.movement import DistanceField, shared_field
from desktop.engine.movement_rules import MovementRules
from desktop.engine.targeting import Selection
from desktop.engine.units import Unit


@dataclass(frozen=True)
class Walk:
    """Where a mover can go this activation: `field` (never through `blocked`) and the
    cells of it it may end on (`stoppable`: free, not where it stands)."""

    start: Cell
    field: DistanceField | MemoField
    stoppable: frozenset[Cell]
    squares: int


def toward_cells(
    board: Board,
    movement: MovementRules,
    walk: Walk,
    target: Unit,
    blocked: frozenset[Cell],
    distance: Callable[[Cell, Cell], float],
) -> tuple[list[Cell], int] | None:
    """End cells on shortest routes toward `target`, the farthest along within the walk, and
    the squares left to go; when no square beside it can be reached, the cells straight
    nearest to it (fewest squares walked among them). None when no cell gets nearer."""
    goals = [
        c
        for c in neighbours(board, target.at, movement.neighbourhood)
        if board.passable(c) and c not in blocked
    ]
    # Shared by every mover heading for the same figure over the same obstacles.
    to_goal = shared_field(board, movement, goals, blocked, reverse=True)
    total = to_goal.raw(walk.start)
    reached = walk.field
    if total is not None:
        # Each cell it may end on with its steps from the start, read in one pass of the walk.
        stoppable = walk.stoppable
        usable = {
            c: steps
            for c, steps in reached.raw_within()
            if c in stoppable and (rest := to_goal.raw(c)) is not None and steps + rest == total
        }
        if not usable:
            return None
        best = max(usable.values())
        return sorted(c for c, steps in usable.items() if steps == best), total - best
    here = distance(walk.start, target.at)
    scored = {c: distance(c, target.at) for c in walk.stoppable}
    if not scored or min(scored.values()) >= here:
        return None
    nearest = min(scored.values())
    near = [c for c, v in scored.items() if v == nearest]
    fewest = min(cast(int, reached.raw(c)) for c in near)
    return sorted(c for c in near if reached.raw(c) == fewest), int(nearest) - 1


def farthest_along(
    board: Board,
    movement: MovementRules,
    walk: Walk,
    says: str,
    selection: Selection[Unit],
    blocked: frozenset[Cell],
    distance: Callable[[Cell, Cell], float],
) -> tuple[list[Outcome], str] | None:
    """A move toward each chosen target (ties: each one's cells are choices) and the
    reasoning; None when no cell brings it nearer any of them."""
    outcomes: list[Outcome] = []
    details: list[str] = []
    for target in selection.chosen:
        found = toward_cells(board, movement, walk, target, blocked, distance)
        if found is None:
            continue
        cells, remaining = found
        for cell in cells:
            path = tuple(walk.field.path_to(cell))
            toward = f"{says.capitalize()} {plural(len(path), 'square')} toward {target.name}"
            outcomes.append(Outcome(says, (), cell, path, summary=toward))
        details.append(
            f"afterwards {plural(remaining, 'more square')} to reach {target.name}"
            if remaining
            else f"it ends beside {target.name}"
        )
    if not outcomes:
        return None
    chosen = selection.chosen
    detail = f"moving up to {plural(walk.squares, 'square')}; "
    if len(chosen) == 1:
        detail += f"heads for {chosen[0].name}"
    else:
        detail += f"players choose which of {joined([u.name for u in chosen])} it heads for"
    if selection.reasons:
        detail += " (" + selection.explain() + ")"
    distinct = {o.destination for o in outcomes}
    if len(distinct) > 1:
        detail += f"; {len(distinct)} squares are equally far along: the players choose"
    return outcomes, detail + "; " + "; ".join(details)
