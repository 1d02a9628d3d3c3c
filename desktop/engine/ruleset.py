"""What every rule system provides: its data (names, stats, markers, AI types, card text)
and its behaviour (decide, activation order, helpers)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from desktop.engine.board import Cell
from desktop.engine.decision import Decision
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.geometry import Metric, distance_function
from desktop.engine.movement import DistanceField, MovementRules
from desktop.engine.sight import has_line_of_sight
from desktop.engine.units import Unit


@dataclass(frozen=True)
class StatSpec:
    name: str
    description: str
    default: float | None = None
    applies_to: str = "all"  # "enemy", "player" or "all"


@dataclass(frozen=True)
class StatusSpec:
    id: str
    name: str
    reminder: str  # one line for cards and tooltips
    expires: str = "never"  # "after-activation", "on-activation", "when-healed", "never", ...
    derived: bool = False  # set by the tracker from HP, not toggled by hand
    icon: str = ""


@dataclass(frozen=True)
class AiTypeSpec:
    id: str
    name: str
    summary: str
    steps: tuple[str, ...] = ()  # the behaviour as numbered steps, for cards and help
    table: tuple[tuple[str, str], ...] = ()  # D6 table rows: (roll, behaviour)


@dataclass(frozen=True)
class RulesetData:
    id: str
    name: str
    description: str
    board_shape: str
    distance_unit: str  # "square", "hex", "inch"
    stats: dict[str, StatSpec]
    statuses: dict[str, StatusSpec]
    ai_types: dict[str, AiTypeSpec]
    actions: dict[str, str]
    phases: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)

    def default_ai(self) -> str:
        return next(iter(self.ai_types))

    def stat_default(self, name: str) -> float | None:
        spec = self.stats.get(name)
        return spec.default if spec else None


@dataclass(frozen=True)
class ActivationOrder:
    order: tuple[str, ...]
    ties: tuple[tuple[str, ...], ...] = ()
    explanation: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {"order": list(self.order), "ties": [list(t) for t in self.ties]}


@dataclass(frozen=True)
class Helper:
    """A number the tracker shows beside the roster (average party level, attack bonus...)."""

    label: str
    value: str
    explanation: str = ""


class Ruleset(ABC):
    """A rule system: data from its rulesets/<id>.toml plus behaviour in code (built in, or
    from a plug-in: docs/writing-a-ruleset.md)."""

    # How its units move and how far they reach; used for the board's range overlays.
    movement: MovementRules | None = None
    range_metric: Metric | None = None

    def __init__(self, data: RulesetData) -> None:
        self.data = data

    @property
    def id(self) -> str:
        return self.data.id

    @abstractmethod
    def decide(self, encounter: Encounter, unit_id: str, dice: Dice) -> Decision:
        """Evaluate the enemy's priority chain. Must not mutate the encounter."""

    @abstractmethod
    def order(self, encounter: Encounter) -> ActivationOrder:
        """The enemies' activation order for the round, with the ties players settle."""

    def validate(self, encounter: Encounter) -> list[str]:
        """Ruleset-specific problems with an encounter (empty when fine)."""
        return []

    def helpers(self, encounter: Encounter) -> list[Helper]:
        return []

    def movement_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """Cells the unit could end a normal move on (for the movement overlay)."""
        if self.movement is None:
            return set()
        unit = encounter.unit(unit_id)
        allowance = unit.stat("move", self.data.stat_default("move") or 0)
        if allowance <= 0:
            return set()
        opponents = [u.at for u in encounter.units if u.side is not unit.side]
        field = DistanceField(encounter.board, self.movement, [unit.at], opponents,
                              max_cost=allowance)
        occupied = encounter.occupied(exclude=[unit.id])
        return {c for c in field.reachable() if c not in occupied}

    def attack_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """Cells within the unit's longest reach and in sight (for the attack overlay)."""
        if self.range_metric is None:
            return set()
        unit = encounter.unit(unit_id)
        reach = max([unit.stat("range", self.data.stat_default("range") or 0),
                     *(w.range for w in unit.weapons)])
        if reach <= 0:
            return set()
        dist = distance_function(self.range_metric)
        board = encounter.board
        x, y = unit.at
        span = int(reach) + 1  # a bounding box that holds every cell within reach, any metric
        nearby = ((c, r) for r in range(max(0, y - span), min(board.height, y + span + 1))
                  for c in range(max(0, x - span), min(board.width, x + span + 1)))
        return {c for c in nearby if 0 < dist(unit.at, c) <= reach
                and board.passable(c) and has_line_of_sight(board, unit.at, c)}

    def derived_statuses(self, unit: Unit) -> set[str]:
        """Markers that follow from a unit's numbers (e.g. stunned at exactly 0 HP)."""
        return set()

    def is_defeated(self, unit: Unit) -> bool:
        """Out of action: below 0 HP, or at 0 HP unless the ruleset tells 0 apart from below 0
        (card-flip-rpg players are only stunned at exactly 0)."""
        if unit.hp > 0:
            return False
        if unit.hp < 0:
            return True
        return self.derived_statuses(unit) == self.derived_statuses(unit.evolve(hp=-1))

    def activation_continues(self, phase: str | None, action: str) -> bool:
        """Whether a unit that just did `action` is decided again before its activation
        ends (grimdark-solo: a unit that fights then consolidates)."""
        return False
