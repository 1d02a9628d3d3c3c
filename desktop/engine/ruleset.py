"""What every rule system provides: its data (names, stats, markers, AI types, step titles,
action effects, card text), its behaviour (the evaluation behind `decide`, activation order,
helpers) and its declared capabilities."""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from desktop.engine.board import OPTIONAL_TERRAIN, Cell, Terrain
from desktop.engine.capabilities import Capabilities
from desktop.engine.chain import Chain
from desktop.engine.context import Context
from desktop.engine.decision import Decision, Outcome, Result
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.errors import PluginOrigin, RulesError
from desktop.engine.unit_fields import UnitFieldSpec
from desktop.engine.unit_types import UnitTypesSpec
from desktop.engine.units import Unit

if TYPE_CHECKING:
    from desktop.engine.geometry import Metric
    from desktop.engine.movement_rules import MovementRules


@dataclass(frozen=True)
class StatSpec:
    """A stat a ruleset's units carry: its name, meaning and default."""

    name: str
    description: str
    default: float | None = None
    applies_to: str = "all"  # "enemy", "player" or "all"
    per_round: bool = False  # typed in afresh each round (initiative): cards leave it out
    whole: bool = False  # counted in whole numbers only (`whole = true`)


COLOUR = re.compile(r"#[0-9A-Fa-f]{6}")  # how a status's colour is written
# What a status may stop a figure doing, as `restricts` lists it in the ruleset data: each
# restriction the ruleset's decisions honour (and a test shows through `decide`).
RESTRICTIONS: dict[str, str] = {
    "no-action": "takes no action at all in its turn",
    "no-move": "does not move",
    "no-attack": "makes no attack",
    "no-shoot": "does not shoot",
    "no-charge": "does not charge",
    "move-or-attack": "moves or attacks, not both",
    "forced": "does what the status dictates instead of its usual plan, and makes no attack",
    "no-deny": "makes no further attempt to deny a power",
    "disadvantage": "attacks with disadvantage, which changes where it chooses to stand",
    "untargetable": "is never chosen as a target by its enemies",
}


@dataclass(frozen=True)
class StatusSpec:
    """A status marker: its reminder, when it expires and what it stops a unit doing."""

    id: str
    name: str
    reminder: str  # one line for cards and tooltips
    expires: str = "never"  # "after-activation", "on-activation", "when-healed", "never", ...
    derived: bool = False  # set by the tracker from HP, not toggled by hand
    icon: str = ""
    stops_healing: bool = False  # a heal removes it instead of restoring HP (poison)
    same_as: str = ""  # another spelling of that status: files may use it, it is read as that
    colour: str = ""  # "#RRGGBB" (COLOUR) of its marker; none: its icon's own (ui/marker_looks.py)
    adjective: str = ""  # how a sentence says a unit has it: "is stunned" (default: the name)
    restricts: tuple[str, ...] = ()  # what it stops the figure doing (keys of RESTRICTIONS)
    turn_start_damage: int = 0  # damage the tracker deals when the figure's turn starts
    turn_start_heal: int = 0  # healing the tracker gives when the figure's turn starts
    # Damage the tracker deals when the marker ends with the figure's turn (it must expire
    # "after-next-activation").
    turn_end_damage: int = 0
    # What the marker does to the next damage the figure suffers: "double" or "half"
    # (rounded down); it should expire "when-hit".
    damage_change: str = ""
    # The rule options under which the marker exists ((("variant", ("frosthaven",)),));
    # empty: always.
    only_when: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def available(self, rules: Mapping[str, Any]) -> bool:
        """Whether the marker exists under an encounter's rule options."""
        return all(rules.get(key) in values for key, values in self.only_when)

    @property
    def said(self) -> str:
        """The status in a sentence: "Bandit Archer is {said}" (stunned, immobilized...)."""
        return self.adjective or self.name.lower()


@dataclass(frozen=True)
class AiTypeSpec:
    """An AI type's behaviour as players read it: steps or a D6 table."""

    id: str
    name: str
    summary: str
    steps: tuple[str, ...] = ()  # the behaviour as numbered steps, for cards and help
    table: tuple[tuple[str, str], ...] = ()  # D6 table rows: (roll, behaviour)


@dataclass(frozen=True)
class ActionEffects:
    """What applying a decision's action does besides moving the unit, read by the tracker
    (the `[action_effects]` table of the ruleset's TOML)."""

    # Its targets count as shot at this round (memory.shot_this_round).
    shooting: frozenset[str] = frozenset()
    # The unit and its targets are in a brawl: "when-brawls" markers expire.
    brawling: frozenset[str] = frozenset()


@dataclass(frozen=True)
class DefeatedSpec:
    """What a unit out of action does (the `[defeated]` table; its trace step is the `defeated`
    entry of `[steps]`). `{name}` and `{hp}` are filled in."""

    action: str
    summary: str
    detail: str


@dataclass(frozen=True)
class RulesetData:
    """The declarative part of a ruleset: stats, markers, AI types, phases and card text."""

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
    steps: dict[str, str] = field(default_factory=dict)  # step key -> title shown in traces
    action_effects: ActionEffects = ActionEffects()
    # None: the ruleset's own evaluation handles units out of action
    defeated: DefeatedSpec | None = None
    # Fields its units carry besides the common ones (`[unit_fields.<name>]`).
    unit_fields: dict[str, UnitFieldSpec] = field(default_factory=dict)
    # The lowest HP a unit can drop to (`hp_floor`); None: no floor.
    hp_floor: int | None = None
    # Unit types (`[unit_types]`): stat lines by level and rank that standees share; None:
    # its units have no types.
    unit_types: UnitTypesSpec | None = None
    # Legend characters of terrain no figure enters or stands on besides walls and hazards
    # (a rule pack's closed door), and of terrain that blocks sight besides walls.
    closed_terrain: frozenset[str] = frozenset()
    sight_terrain: frozenset[str] = frozenset()
    # The legend characters of the terrain it plays with (a rule pack's: open ground, walls
    # and the terrain it declares); None: the common terrain and the optional terrain
    # `terrain` lists in its data.
    terrain_used: tuple[str, ...] | None = None
    # How it names terrain whose meaning it sets ("closed door" for '+').
    terrain_names: dict[str, str] = field(default_factory=dict)

    def known_terrain(self) -> list[Terrain]:
        """The terrain its boards may hold, in the legend's order: what the terrain brush
        and the legend offer, and encounter files and the tracker accept."""
        if self.terrain_used is not None:
            return [t for t in Terrain if t.value in self.terrain_used]
        allowed = set(self.extra.get("terrain", ()))
        return [t for t in Terrain if t not in OPTIONAL_TERRAIN or t.value in allowed]

    def terrain_label(self, terrain: Terrain) -> str:
        return self.terrain_names.get(terrain.value, terrain.label)

    def closed(self, board_char: str) -> bool:
        """Whether no figure stands on terrain of that legend character (walls included)."""
        return board_char in self.closed_terrain or board_char in ("#", "~")

    def default_ai(self) -> str:
        return next(iter(self.ai_types))

    def statuses_for(self, rules: Mapping[str, Any]) -> dict[str, StatusSpec]:
        """The markers that exist under an encounter's rule options (a Frosthaven-only
        condition only when the variant is frosthaven)."""
        return {sid: spec for sid, spec in self.statuses.items() if spec.available(rules)}

    def hand_set(self, rules: Mapping[str, Any]) -> list[StatusSpec]:
        """The markers players put on and take off under those rule options: derived ones
        follow HP, another spelling of a marker is that marker."""
        return [s for s in self.statuses_for(rules).values() if not (s.derived or s.same_as)]

    def restrictions(self, statuses: Iterable[str]) -> dict[str, tuple[StatusSpec, ...]]:
        """What these markers stop a figure doing: each restriction, with the markers that
        impose it (another spelling of a status restricts as that status does)."""
        found: dict[str, list[StatusSpec]] = {}
        for status in statuses:
            spec = self.statuses.get(status)
            if spec is None:
                continue
            for restriction in spec.restricts:
                found.setdefault(restriction, []).append(spec)
        return {k: tuple(v) for k, v in found.items()}

    def stat_default(self, name: str) -> float | None:
        spec = self.stats.get(name)
        return spec.default if spec else None


@dataclass(frozen=True)
class ActivationOrder:
    """The order units activate in, the ties the players break, and why."""

    order: tuple[str, ...]
    ties: tuple[tuple[str, ...], ...] = ()
    explanation: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, list[Any]]:
        return {"order": list(self.order), "ties": [list(t) for t in self.ties]}


@dataclass(frozen=True)
class Helper:
    """A number the tracker shows beside the roster (average party level, attack bonus...)."""

    label: str
    value: str
    explanation: str = ""


class Ruleset(ABC):
    """A rule system: data from its rulesets/<id>.toml plus behaviour in code (built in, or
    from a plug-in: docs/writing-a-ruleset.md).

    The contract: `decide` is the same for every ruleset (the enemy check, the defeated
    check, building the `Context`, the evaluation, one decision builder); a ruleset
    implements `evaluate` (and `context` when its chain needs more than the encounter, the
    unit and the dice), walks its priority list with the `Chain` it is given, and declares
    what else it offers in `capabilities`.
    """

    # How its units move and how far they reach: what the default `movement_range` and
    # `attack_range` (the board's range overlays) go by; a ruleset whose rules these do not
    # express overrides those two methods instead.
    movement: MovementRules | None = None
    range_metric: Metric | None = None
    # What the app offers for it besides deciding (card flips, a deck, players'-turn...).
    capabilities: Capabilities = Capabilities()
    # Set by the registry on a plug-in's ruleset: its failures name it (None: built in).
    origin: PluginOrigin | None = None

    def __init__(self, data: RulesetData) -> None:
        self.data = data

    @property
    def id(self) -> str:
        return self.data.id

    # -- deciding: the template ------------------------------------------------------------
    def decide(self, encounter: Encounter, unit_id: str, dice: Dice, **shared: Any) -> Decision:
        """Evaluate the enemy's priority chain; never changes the encounter. `shared`: facts
        worked out once for several decisions (a roll group), passed on to `context`."""
        unit = encounter.unit(unit_id)
        if not unit.is_enemy:
            raise RulesError(f"'{unit_id}' is a player unit; only enemies are decided")
        first_roll = len(dice.rolls)  # rolls made before belong to earlier decisions
        chain = self.chain()
        defeated = self.data.defeated
        if defeated is not None and self.is_defeated(unit):
            chain.applied("defeated", defeated.detail.format(name=unit.name, hp=unit.hp))
            result = Result(
                [Outcome(defeated.action)], defeated.summary.format(name=unit.name, hp=unit.hp)
            )
        else:
            result = self.evaluate(self.context(encounter, unit, dice, **shared), chain)
        return self.decision(unit, result, chain, dice, first_roll)

    def chain(self) -> Chain:
        """A fresh walk of this ruleset's steps, titled from its data."""
        return Chain(self.data.steps, self.id)

    def context(self, encounter: Encounter, unit: Unit, dice: Dice, **shared: Any) -> Context:
        """What this decision reads, computed once; rulesets return their own Context."""
        return Context(encounter, unit, dice)

    @abstractmethod
    def evaluate(self, ctx: Context, chain: Chain) -> Result:
        """Walk the priority list for `ctx.unit` (not out of action), recording every step
        considered in `chain`; return what it does."""

    def decision(
        self, unit: Unit, result: Result, chain: Chain, dice: Dice, first_roll: int = 0
    ) -> Decision:
        """The one decision builder: the rolls made since `first_roll`, and the outcomes
        with any repeated one dropped (a repeat is no choice for the players)."""
        outcomes = list(dict.fromkeys(result.outcomes))
        return Decision(
            unit=unit.id,
            ruleset=self.id,
            ai=unit.ai or self.data.default_ai(),
            outcome=outcomes[0],
            summary=result.summary,
            rolls=tuple(dice.rolls[first_roll:]),
            statuses_gained=tuple(result.statuses_gained),
            alternatives=tuple(outcomes[1:]),
            trace=chain.steps(),
            phase=result.phase,
            notes=tuple(result.notes),
            shares_roll_with=tuple(result.shares_roll_with),
            shares_base_with=tuple(result.shares_base_with),
        )

    @abstractmethod
    def order(self, encounter: Encounter) -> ActivationOrder:
        """The enemies' activation order for the round, with the ties players settle."""

    def turn_order(self, encounter: Encounter) -> ActivationOrder:
        """Every turn of the round as the tracker steps through it: the enemies' order,
        unless the ruleset puts the players' turns between theirs (by initiative, say)."""
        return self.order(encounter)

    def validate(self, encounter: Encounter) -> list[str]:
        """Ruleset-specific problems with an encounter (empty when fine)."""
        return []

    def helpers(self, encounter: Encounter) -> list[Helper]:
        return []

    def prepare(self, encounter: Encounter) -> None:
        """Build ahead what this ruleset's decisions ask of `encounter`'s board (caches kept
        with the board): the app calls it once a session shows, so that the players' first
        Enter does not wait for it. Nothing by default."""
        return None

    def movement_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """Cells the unit could end a normal move on (for the movement overlay), its own
        included. By default: up to its `move` stat (or the stat's default) by `movement`,
        never through an opposing unit, never ending on another unit; none without
        `movement`."""
        if self.movement is None:
            return set()
        unit = encounter.unit(unit_id)
        allowance = unit.stat("move", self.data.stat_default("move") or 0)
        if allowance <= 0:
            return set()
        from desktop.engine.movement import DistanceField

        opponents = [u.at for u in encounter.units if u.side is not unit.side]
        field = DistanceField(
            encounter.board, self.movement, [unit.at], opponents, max_cost=allowance
        )
        occupied = encounter.occupied(exclude=[unit.id])
        return {c for c in field.reachable() if c not in occupied}

    def attack_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """Cells it could attack from where it stands (for the attack overlay). By default:
        within its `range` stat (or the stat's default) or its longest weapon's `range`,
        counted by `range_metric`, and in sight; none without `range_metric`."""
        if self.range_metric is None:
            return set()
        unit = encounter.unit(unit_id)
        reach = max(
            [
                unit.stat("range", self.data.stat_default("range") or 0),
                *(w.range for w in unit.weapons),
            ]
        )
        from desktop.engine.reach import cells_within

        return cells_within(encounter.board, [unit.at], reach, self.range_metric)

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

    def idle_reason(self, encounter: Encounter, unit_id: str) -> str | None:
        """Why the unit has nothing to do in the phase being played ("no command ability"),
        or None; the tracker passes such units as their turn comes, naming them once."""
        return None

    def activation_continues(self, phase: str | None, action: str) -> bool:
        """Whether a unit that just did `action` is decided again before its activation
        ends (grimdark-solo: a unit that fights then consolidates)."""
        return False
