"""grimdark-solo: shared geometry, goals and targeting used by every phase.

Reading (docs/rulesets/grimdark-solo.md): one cell is one inch, distances are
straight lines between cell centres, movement is 8-way (1" straight, 1.5"
diagonal, +0.5" difficult ground, +1" door). A unit is engaged when a player
unit stands in one of the 8 cells around it. Destroyed units (HP 0 or less)
are ignored by everyone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from desktop.engine.approach import Approach, approach
from desktop.engine.board import Cell, Terrain
from desktop.engine.chain import Chain, joined, plural
from desktop.engine.context import Context
from desktop.engine.decision import Outcome, Result
from desktop.engine.geometry import Neighbourhood
from desktop.engine.movement import DistanceField
from desktop.engine.movement_rules import MovementRules
from desktop.engine.ruleset import RulesetData
from desktop.engine.sight import has_line_of_sight
from desktop.engine.square_geometry import chebyshev, inches
from desktop.engine.targeting import TieBreaker
from desktop.engine.units import Unit, Weapon

MOVEMENT = MovementRules(
    Neighbourhood.EIGHT_WAY,
    straight_cost=2,
    diagonal_cost=3,
    extra_cost={Terrain.DIFFICULT: 1, Terrain.DOOR: 2, Terrain.WINDOW: 2},
    scale=2,
)

PSYKER = "psyker"
CHARACTER = "character"
COMMAND_TAG = "command-ability"  # the unit has a command-phase ability for a friendly unit
ADVANCED = "advanced"
FOUGHT = "fought"
DENIED = "denied"


def distance(a: Cell, b: Cell) -> float:
    return inches(a, b)


def inch_text(value: float) -> str:
    shown = int(value) if float(value).is_integer() else round(value, 1)
    return f'{shown}"'


def alive(unit: Unit) -> bool:
    return unit.hp > 0


def adjacent(a: Cell, b: Cell) -> bool:
    return chebyshev(a, b) == 1


def names(units: list[Unit]) -> str:
    shown = [u.name for u in units]
    if not shown:
        return "nobody"
    return joined(shown)


CHARGE_REACH = 12.0  # inches: the longest charge a 2D6 roll gives


@dataclass(frozen=True)
class Numbers:
    """The ruleset's tunable distances, read from its TOML data."""

    command_range: float
    deny_range: float
    threat_range: float
    objective_range: float
    pile_in: float

    @classmethod
    def from_data(cls, data: RulesetData) -> Numbers:
        extra = data.extra
        return cls(
            float(extra.get("command_range", 6)),
            float(extra.get("deny_range", 24)),
            float(extra.get("threat_range", 12)),
            float(extra.get("objective_range", 3)),
            float(extra.get("pile_in", 3)),
        )


@dataclass
class GrimdarkContext(Context):
    """One unit's view of the encounter, with the ruleset's defaults for missing stats."""

    data: RulesetData
    numbers: Numbers
    players: list[Unit] = field(init=False)
    friends: list[Unit] = field(init=False)
    _occupied: set[Cell] | None = None
    _zone: set[Cell] | None = None

    def __post_init__(self) -> None:
        self.players = [p for p in self.encounter.players() if alive(p)]
        self.friends = [e for e in self.encounter.enemies() if alive(e) and e.id != self.unit.id]

    def stat(self, unit: Unit, name: str) -> float:
        default = self.data.stat_default(name)
        value: float = unit.stat(name, default if default is not None else 0)
        return value

    def engaged_with(self, cell: Cell | None = None) -> list[Unit]:
        at = self.unit.at if cell is None else cell
        return [p for p in self.players if adjacent(at, p.at)]

    def occupied(self) -> set[Cell]:
        """Cells other living units stand on (computed once per decision)."""
        if self._occupied is None:
            self._occupied = {
                u.at for u in self.encounter.units if u.id != self.unit.id and alive(u)
            }
        return self._occupied

    def player_cells(self) -> set[Cell]:
        return {p.at for p in self.players}

    def engagement_zone(self) -> set[Cell]:
        """Player units' cells and the cells next to them: a normal move never enters them
        (computed once per decision)."""
        if self._zone is None:
            self._zone = {
                (p.at[0] + dx, p.at[1] + dy)
                for p in self.players
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
            }
        return self._zone

    def nearest_player(self, cell: Cell | None = None) -> list[Unit]:
        at = self.unit.at if cell is None else cell
        if not self.players:
            return []
        best = min(distance(at, p.at) for p in self.players)
        return [p for p in self.players if distance(at, p.at) == best]


# -- goals --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Goal:
    label: str  # "objective at [4, 2]", "Aria", "cover at [3, 3]"
    cell: Cell
    at_goal: bool  # the unit already stands on its goal


GOAL_WORDS = {
    "tactical": "the nearest objective marker",
    "berserk": "the nearest player unit",
    "erratic": "the nearest cover",
    "skittish": "the nearest cover",
}


def goals(ctx: GrimdarkContext) -> tuple[list[Goal], str]:
    """The temperament's goal: the nearest ones (ties all kept) and a sentence for the chain."""
    temperament = ctx.unit.ai or ctx.data.default_ai()
    at = ctx.unit.at
    board = ctx.board
    if temperament == "tactical":
        cells = sorted(board.cells_of(Terrain.OBJECTIVE), key=lambda c: (c[1], c[0]))
        found = [(c, f"objective at {list(c)}") for c in cells]
        missing = "there is no objective marker on the board"
    elif temperament == "berserk":
        found = [(p.at, p.name) for p in ctx.players]
        missing = "no player unit is left on the board"
    else:
        taken = ctx.occupied()
        cells = sorted(
            (c for c in board.cells_of(Terrain.COVER) if c not in taken), key=lambda c: (c[1], c[0])
        )
        found = [(c, f"cover at {list(c)}") for c in cells]
        missing = "there is no free cover cell on the board"
    if not found:
        return [], f"{temperament}: heads for {GOAL_WORDS[temperament]}, but {missing}"
    best = min(distance(at, c) for c, _ in found)
    nearest = [Goal(label, c, c == at) for c, label in found if distance(at, c) == best]
    text = (
        f"{temperament}: heads for {GOAL_WORDS[temperament]}: "
        + " or ".join(g.label for g in nearest)
        + f" ({inch_text(best)} away)"
    )
    if len(nearest) > 1:
        text += "; equally near, so the players choose"
    return nearest, text


def move_toward(
    ctx: GrimdarkContext,
    start: Cell,
    goal: Goal,
    budget: float,
    blocked: set[Cell],
    field: DistanceField | None = None,
    reached: dict[Cell, float] | None = None,
) -> Approach:
    return approach(
        ctx.board,
        MOVEMENT,
        start,
        goal.cell,
        budget,
        blocked=blocked,
        occupied=ctx.occupied(),
        field=field,
        reached=reached,
    )


# -- targeting ----------------------------------------------------------------------------------


def best_melee(unit: Unit) -> tuple[Weapon | None, list[Weapon]]:
    """The melee profile with the highest strength; the others that equal it."""
    melee = [w for w in unit.weapons if w.kind == "melee"]
    if not melee:
        return None, []
    top = max((w.strength or 0) for w in melee)
    best = [w for w in melee if (w.strength or 0) == top]
    return best[0], best[1:]


def attack_breakers(ctx: GrimdarkContext, strength: int | None) -> list[TieBreaker[Unit]]:
    """Toughness closest to the attack's strength, then highest power, then fewest wounds."""
    breakers: list[TieBreaker[Unit]] = []
    if strength is not None:
        breakers.append(
            TieBreaker(
                f"toughness closest to strength {strength}",
                lambda p: abs(ctx.stat(p, "toughness") - strength),
                lambda p: f"{p.name} T{_num(ctx.stat(p, 'toughness'))}",
            )
        )
    breakers += [
        TieBreaker(
            "highest Power Level",
            lambda p: -ctx.stat(p, "power"),
            lambda p: f"{p.name} PL {_num(ctx.stat(p, 'power'))}",
        ),
        TieBreaker(
            "fewest wounds left", lambda p: p.hp, lambda p: f"{p.name} {plural(p.hp, 'wound')}"
        ),
    ]
    return breakers


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def can_fire(ctx: GrimdarkContext, cell: Cell, weapon: Weapon, target: Unit) -> bool:
    return distance(cell, target.at) <= weapon.range and has_line_of_sight(
        ctx.board, cell, target.at
    )


def ranged(unit: Unit) -> list[Weapon]:
    return [w for w in unit.weapons if w.kind == "ranged"]


# -- engaging as many player units as possible --------------------------------------------------


@dataclass(frozen=True)
class Engagement:
    cells: tuple[Cell, ...]  # equally good end cells
    paths: tuple[tuple[Cell, ...], ...]
    engaged: int  # player units engaged from those cells
    spent: float


def reach_cells(ctx: GrimdarkContext, budget: float) -> set[Cell]:
    """The cells a move of up to `budget` inches through no player unit can end on (a
    charge's, a pile-in's), its own included."""
    field = DistanceField(
        ctx.board, MOVEMENT, [ctx.unit.at], blocked=ctx.player_cells(), max_cost=budget
    )
    taken = ctx.occupied()
    return {c for c in field.reachable(budget) if c not in taken}


def engage_most(
    ctx: GrimdarkContext,
    budget: float,
    only_near: Unit | None = None,
    field: DistanceField | None = None,
) -> Engagement | None:
    """Reachable end cells (within `budget`, through no player unit) engaging the most player
    units; fewer inches moved wins ties; None when no reachable cell engages anybody (or,
    with `only_near`, nobody engages that unit). A `field` from the unit through no player
    unit, reaching at least `budget`, may be passed in."""
    if field is None:
        field = DistanceField(
            ctx.board, MOVEMENT, [ctx.unit.at], blocked=ctx.player_cells(), max_cost=budget
        )
    taken = ctx.occupied()
    best_key = None
    best: list[Cell] = []
    limit = round(budget * MOVEMENT.scale)
    # Only cells beside a player unit can engage one: look at those, not the whole reach.
    for cell in ctx.engagement_zone():
        if cell in taken or not ctx.board.in_bounds(cell):
            continue
        raw = field.raw(cell)
        if raw is None or raw > limit:
            continue
        spent = raw / MOVEMENT.scale
        engaged = ctx.engaged_with(cell)
        if not engaged or (only_near is not None and only_near not in engaged):
            continue
        key = (-len(engaged), spent)
        if best_key is None or key < best_key:
            best_key, best = key, [cell]
        elif key == best_key:
            best.append(cell)
    if best_key is None:
        return None
    best.sort(key=lambda c: (c[1], c[0]))
    return Engagement(
        tuple(best), tuple(tuple(field.path_to(c)) for c in best), -best_key[0], best_key[1]
    )


# -- building results ---------------------------------------------------------------------------


class Idle(NamedTuple):
    """Why a unit has nothing to do in a phase whatever the dice: the trace's words, the
    decision's summary, and the short reason the log gives when the unit is passed."""

    detail: str
    summary: str
    reason: str


def holder(chain: Chain, phase: str | None, step: str) -> Callable[[str, str], Result]:
    """`hold(detail, summary)`: the unit holds because `step` does not apply, and says why."""

    def hold(detail: str, summary: str) -> Result:
        chain.skipped(step, detail)
        return Result([Outcome("hold")], summary, phase=phase)

    return hold
