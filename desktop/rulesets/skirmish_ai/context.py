"""skirmish-ai: what one enemy sees and can reach — distances, cover, sight, fire, brawl."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from desktop.engine.board import Cell
from desktop.engine.board_cache import BoardCache, empty_dict
from desktop.engine.chain import joined
from desktop.engine.climbing import InchField, InchMoves, glide_landings
from desktop.engine.context import Context
from desktop.engine.cover import cover_map
from desktop.engine.decision import Outcome
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.square_geometry import chebyshev, inches
from desktop.engine.targeting import TieBreaker, select
from desktop.engine.units import Unit, Weapon
from desktop.engine.visibility import sees

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

RANGED_KINDS = ("ranged", "pistol", "heavy")
DASH = 2.0  # a dash adds 2" and forbids a combat action
_FIELD_CACHE_LIMIT = 512
# (root, blocked cells, movement profile, window) -> field; cleared when it grows past the limit
FIELDS: BoardCache[dict[tuple[Any, ...], InchField]] = BoardCache("skirmish fields", empty_dict)


def inch_text(value: float) -> str:
    shown = int(value) if float(value).is_integer() else round(value, 1)
    return f'{shown}"'


def moves_for(unit: Unit) -> InchMoves:
    return InchMoves(
        climb_allowance=1 if "skulker" in unit.tags else 0, leap=4 if "swift" in unit.tags else 2
    )


def field_for(enc: Encounter, unit: Unit, window: int | None) -> InchField:
    """A movement field cached on the (immutable) board, keyed by everything it depends on."""
    blocked = frozenset(u.at for u in enc.units if u.id != unit.id and u.hp > 0)
    moves = moves_for(unit)
    cache = FIELDS(enc.board)
    key = (unit.at, blocked, moves, window)
    found = cache.get(key)
    if found is None:
        if len(cache) >= _FIELD_CACHE_LIMIT:
            cache.clear()
        found = cache[key] = InchField(enc.board, moves, unit.at, blocked, window)
    return found


@dataclass
class SkirmishContext(Context):
    move: float
    opponents: list[Unit]
    friends: list[Unit]
    default_move: float = 6.0  # the ruleset's, for figures without a move stat
    _local: InchField | None = None
    _whole: InchField | None = None
    _reach: dict[float, dict[Cell, float]] = field(default_factory=dict)
    _nearest: dict[Cell, float] = field(
        default_factory=dict
    )  # cell -> inches to the nearest opponent
    _glided: dict[Cell, int] = field(
        default_factory=dict
    )  # landings offered only by a glide -> drop
    # A roll group's members and base conditions, shared by the group's decisions.
    facts: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, enc: Encounter, unit: Unit, dice: Dice, default_move: float) -> SkirmishContext:
        move = float(unit.stat("move", default_move))
        alive = [u for u in enc.units if u.hp > 0 and u.id != unit.id]
        opponents = [u for u in alive if u.side is not unit.side]
        friends = [u for u in alive if u.side is unit.side]
        return cls(enc, unit, dice, move, opponents, friends, default_move)

    # -- basics ---------------------------------------------------------------------------
    @property
    def at(self) -> Cell:
        return self.unit.at

    @property
    def dash(self) -> float:
        return self.move + DASH

    def in_cover(self, cell: Cell) -> bool:
        return cell in self._covering

    @cached_property
    def _covering(self) -> Mapping[Cell, frozenset[int]]:
        return cover_map(self.board).covering

    def sees(self, a: Cell, b: Cell) -> bool:
        return sees(self.board, a, b)

    @cached_property
    def occupied(self) -> frozenset[Cell]:
        return frozenset(u.at for u in self.opponents) | {u.at for u in self.friends}

    # -- movement -------------------------------------------------------------------------
    @property
    def window(self) -> int:
        """Cells around it searched by its local field: every cost within it is exact."""
        return math.ceil(self.dash) + 1

    def field(self, whole: bool = False) -> InchField:
        if whole:
            if self._whole is None:
                self._whole = field_for(self.encounter, self.unit, None)
            return self._whole
        if self._local is None:
            self._local = field_for(self.encounter, self.unit, self.window)
        return self._local

    @property
    def swift(self) -> bool:
        return "swift" in self.unit.tags

    @cached_property
    def glides(self) -> dict[Cell, int]:
        """Landings a swift figure can glide down to (-> drop in inches); {} for others."""
        if not self.swift:
            return {}
        return glide_landings(self.board, self.at, self.occupied)

    def _near_field(self) -> InchField:
        """For questions within a dash: the whole-board field when it was already needed (it
        gives the same answers there), else the field of the window around the figure."""
        return self._whole if self._whole is not None else self.field()

    def reach(self, limit: float) -> dict[Cell, float]:
        """Free cells it can end on within `limit` inches (its own cell included, cost 0).

        For a normal move (at least its move, less than a dash) a swift figure may glide
        instead: landings it cannot walk to count as costing its whole move (gliding is
        its movement action, and never replaces a dash)."""
        found = self._reach.get(limit)
        if found is None:
            taken = self.occupied
            found = {c: v for c, v in self._near_field().reachable(limit).items() if c not in taken}
            if self.glides and self.move <= limit < self.dash:
                for cell, drop in self.glides.items():
                    if cell not in found:
                        found[cell] = self.move
                        self._glided[cell] = drop
            self._reach[limit] = found
        return found

    def glided_to(self, outcome: Outcome) -> int | None:
        """The drop of the glide `outcome` makes, or None when it walks (or stays)."""
        if outcome.destination is None or outcome.path != (outcome.destination,):
            return None
        return self._glided.get(outcome.destination)

    def special_moves(self, outcome: Outcome) -> list[tuple[str, str]]:
        """(step, detail) for each glide or leap the outcome's move makes, for the chain."""
        drop = self.glided_to(outcome)
        if drop is not None:
            land = outcome.destination
            assert land is not None  # a glide always has a landing
            return [
                (
                    "glide",
                    (
                        f"it glides from {list(self.at)} "
                        f'(height {self.board.height_at(self.at)}") down {drop}" to '
                        f"{list(land)}, {inch_text(inches(self.at, land))} away: a glide "
                        "lands no farther away than the height it loses, and is its whole movement "
                        "action (never a dash)"
                    ),
                )
            ]
        steps = []
        here = self.at
        limit = 'gaps up to 4" (swift)' if self.swift else 'gaps up to 2"'
        for cell in outcome.path:
            span = chebyshev(here, cell)
            if span > 1:
                width = (span - 1) * (1.5 if here[0] != cell[0] and here[1] != cell[1] else 1)
                steps.append(
                    (
                        "leap",
                        f"it leaps the {inch_text(width)} gap between "
                        f"{list(here)} and {list(cell)} as part of its move "
                        f"({limit})",
                    )
                )
            here = cell
        return steps

    def glide_brawl(self, target: Unit) -> list[Cell]:
        """Landings next to `target` that only a glide reaches (for a brawl this round)."""
        self.reach(self.move)
        return sorted(c for c in self._glided if chebyshev(c, target.at) == 1)

    def cost_field_for(self, goal_cost: float | None) -> InchField:
        if goal_cost is not None and goal_cost <= self.window:
            return self._near_field()
        return self.field(whole=True)

    def path(self, cell: Cell) -> tuple[Cell, ...]:
        if cell == self.at:
            return ()
        if cell in self._glided:  # placed at the landing: no cells in between are entered
            return (cell,)
        local = self._near_field()
        cost = local.cost(cell)
        if cost is not None and cost <= local.exact_up_to:
            return tuple(local.path_to(cell))
        return tuple(self.field(whole=True).path_to(cell))

    def adjacent_free(self, target: Unit) -> list[Cell]:
        taken = self.occupied
        x, y = target.at
        cells = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
        return [c for c in cells if self.board.passable(c) and (c not in taken or c == self.at)]

    def brawl_cost(
        self, target: Unit, within: float | None = None
    ) -> tuple[float, list[Cell]] | None:
        """Cheapest inches to stand next to `target`, and the cells that cost that.

        With `within`, only a cost up to that many inches matters: None then also means
        "dearer than that" (found without searching the whole board)."""
        if chebyshev(self.at, target.at) == 1:
            return 0.0, [self.at]
        # No step covers more ground than it costs in inches: a lower bound on the cost.
        least = chebyshev(self.at, target.at) - 1
        if within is not None and least > within:
            return None
        goals = self.adjacent_free(target)
        for whole in (True,) if least > self.window else (False, True):
            fld = self.field(whole)
            found = fld.cheapest(goals)
            if found is not None and found[0] <= fld.exact_up_to:
                return found[0], sorted(found[1])
            if fld.exact_up_to == float("inf") or (
                within is not None and within <= fld.exact_up_to
            ):
                return None
        return None

    # -- sight, fire, brawl ---------------------------------------------------------------
    @cached_property
    def ranged(self) -> list[Weapon]:
        return [w for w in self.unit.weapons if w.kind in RANGED_KINDS]

    @cached_property
    def reach_in(self) -> float:
        return max((w.range for w in self.ranged), default=0.0)

    def visible(self, cell: Cell) -> list[Unit]:
        return [o for o in self.opponents if self.sees(cell, o.at)]

    def can_fire(self, cell: Cell, target: Unit) -> bool:
        return (
            bool(self.ranged)
            and inches(cell, target.at) <= self.reach_in
            and self.sees(cell, target.at)
        )

    def fire_targets(self, cell: Cell) -> list[Unit]:
        return [o for o in self.opponents if self.can_fire(cell, o)]

    def shot_quality(self, cell: Cell) -> int:
        """0: a target in the open can be shot; 1: only targets in cover; 2: no shot."""
        best = 2
        for o in self.fire_targets(cell):
            if not self.in_cover(o.at):
                return 0
            best = 1
        return best

    def brawl_targets(self, cell: Cell) -> list[Unit]:
        return [o for o in self.opponents if chebyshev(cell, o.at) == 1]

    def nearest(self, cell: Cell | None = None) -> list[Unit]:
        """The nearest opponents by straight-line inches (several when tied)."""
        here = self.at if cell is None else cell
        if not self.opponents:
            return []
        low = min(inches(here, o.at) for o in self.opponents)
        return [o for o in self.opponents if math.isclose(inches(here, o.at), low)]

    def nearest_distance(self, cell: Cell) -> float:
        found = self._nearest.get(cell)
        if found is None:
            found = self._nearest[cell] = min(
                (inches(cell, o.at) for o in self.opponents), default=math.inf
            )
        return found

    # -- combat at the end of a move ------------------------------------------------------
    def combat(self, cell: Cell, prefer: Unit | None = None) -> tuple[str, list[list[str]], str]:
        """What it attacks from `cell`: ('brawl'|'fire'|'', tied target choices, explanation)."""
        adjacent = self.brawl_targets(cell)
        if adjacent:
            if prefer is not None and prefer in adjacent:
                return "brawl", [[prefer.id]], f"brawls {prefer.name}, who is next to it"
            chosen = select(
                adjacent, [TieBreaker("lowest HP", lambda o: o.hp, lambda o: f"{o.name} HP {o.hp}")]
            ).chosen
            names = _names(chosen)
            return "brawl", [[o.id] for o in chosen], f"brawls {names} next to it"
        targets = self.fire_targets(cell)
        if not targets:
            return "", [], self._no_target_text(cell)
        if prefer is not None and prefer in targets:
            return (
                "fire",
                [[prefer.id]],
                (
                    f"fires at {prefer.name} ({inch_text(inches(cell, prefer.at))} away, in sight, "
                    f"range {inch_text(self.reach_in)})"
                ),
            )
        selection = select(
            targets,
            [
                TieBreaker(
                    "in the open before in cover",
                    lambda o: 1 if self.in_cover(o.at) else 0,
                    lambda o: f"{o.name} {'in cover' if self.in_cover(o.at) else 'open'}",
                ),
                TieBreaker(
                    "closest",
                    lambda o: round(inches(cell, o.at), 6),
                    lambda o: f"{o.name} {inch_text(inches(cell, o.at))}",
                ),
            ],
        )
        text = f"fires at {_names(selection.chosen)}"
        if selection.reasons:
            text += f" ({selection.explain()})"
        if selection.tied:
            text += "; the players choose which"
        return "fire", [[o.id] for o in selection.chosen], text

    def _no_target_text(self, cell: Cell) -> str:
        if not self.ranged:
            return "no ranged weapon and nobody next to it"
        seen = self.visible(cell)
        if not seen:
            return "no opponent in sight"
        near = min(seen, key=lambda o: inches(cell, o.at))
        return (
            f"nearest opponent in sight, {near.name}, is "
            f"{inch_text(inches(cell, near.at))} away, beyond range {inch_text(self.reach_in)}"
        )

    def outcomes(
        self, cells: list[Cell], mode: str, prefer: Unit | None = None
    ) -> tuple[list[Outcome], str]:
        """Outcomes for equally good end cells. mode: 'move', 'retreat' (may attack after) or
        'dash' (no combat action)."""
        out: list[Outcome] = []
        texts: list[str] = []
        for cell in cells:
            dest = None if cell == self.at else cell
            path = self.path(cell)
            if mode == "dash":
                out.append(Outcome("dash", (), dest, path))
                continue
            action, choices, text = self.combat(cell, prefer)
            texts.append(text)
            if not choices:
                still = "hold" if dest is None else mode
                out.append(Outcome(still, (), dest, path))
            for ids in choices:
                out.append(Outcome(action, tuple(ids), dest, path))
        return out, (texts[0] if texts else "")


def _names(units: list[Unit]) -> str:
    names = [u.name for u in units]
    return joined(names, "or")


def best_cells(cells: Iterable[Cell], key: Callable[[Cell], SupportsRichComparison]) -> list[Cell]:
    """The cells with the lowest key (ties kept, in board order)."""
    cells = list(cells)
    if not cells:
        return []
    keys = {c: key(c) for c in cells}
    low = min(keys.values())
    return sorted((c for c in cells if keys[c] == low), key=lambda c: (c[1], c[0]))
