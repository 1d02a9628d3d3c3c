"""Tracker commands: each validates its input, computes the new state and describes itself.

Commands are plain data (their fields are the log's JSON payload) and never
mutate anything: `run` returns the new state and the history text. Undo comes
from the recorded state change (see state.diff), not from code per command.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, ClassVar

from desktop.engine.area_attacks import area_attack_from
from desktop.engine.board import LEGEND, Cell, Terrain
from desktop.engine.chain import joined
from desktop.engine.decision import Decision, Outcome, choice_label, choice_words
from desktop.engine.dice import Roll
from desktop.engine.encounter import Memory
from desktop.engine.limits import ID_PATTERN
from desktop.engine.ruleset import Ruleset, StatusSpec
from desktop.engine.unit_fields import check_unit_fields, naming
from desktop.engine.units import Unit
from desktop.tracker.effects import expire, refresh_derived
from desktop.tracker.errors import TrackerError
from desktop.tracker.expiry import (
    AFTER_NEXT_ACTIVATION,
    WHEN_BRAWLS,
    WHEN_HEALED,
    WHEN_HIT,
    expiring,
)
from desktop.tracker.hit_points import floored, hp_text, hurt
from desktop.tracker.records import record_fields, unit_from_record, unit_to_record
from desktop.tracker.scenario_turns import after_turn, round_card, round_end_words, turn_numbers
from desktop.tracker.state import DrawnCard, TrackerState
from desktop.tracker.turn_start import (
    activates,
    ended_turn_words,
    start_turn,
    started_turns,
    turn_of,
)
from desktop.tracker.turns import (
    acting_span,
    advance,
    begin_activation,
    current_phase,
    drop_defeated,
    end_turn,
    enter_phase,
    join_order,
    mark_acted,
    next_round,
    one_draw_per_turn,
    phase_over,
    resorted_before_start,
    settle_order,
    without_units,
)

COMMANDS: dict[str, type[Command]] = {}


def _known(names: Iterable[str]) -> str:
    return ", ".join(sorted(names)) or "none"


def _unit(state: TrackerState, unit_id: str) -> Unit:
    if not state.encounter.has_unit(unit_id):
        raise TrackerError(
            f"no unit '{unit_id}' in the session "
            f"(units: {_known(u.id for u in state.encounter.units)})"
        )
    return state.encounter.unit(unit_id)


def _whole(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TrackerError(f"{what} must be a whole number, not {value!r}")
    return value


def _cell(value: Any) -> Cell:
    try:
        col, row = value
        return (_whole(col, "a column"), _whole(row, "a row"))
    except (TypeError, ValueError):
        raise TrackerError(f"a cell is [column, row], not {value!r}") from None


def _check_standable(
    state: TrackerState,
    cell: Cell,
    who: str,
    moving: str | None,
    closed: frozenset[str] = frozenset(),
) -> None:
    """`closed`: terrain the ruleset lets no figure stand on besides walls (a closed door)."""
    board = state.encounter.board
    if not board.in_bounds(cell):
        raise TrackerError(
            f"{who}: cell {list(cell)} is outside the {board.width}x{board.height} board"
        )
    terrain = board.terrain(cell)
    if not terrain.passable or terrain.value in closed:
        raise TrackerError(f"{who}: cell {list(cell)} is {terrain.label}; no unit can stand there")
    other = state.encounter.unit_at(cell)
    if other is not None and other.id != moving:
        raise TrackerError(f"{who}: cell {list(cell)} is taken by {other.name} ({other.id})")


def _replace(state: TrackerState, unit: Unit) -> TrackerState:
    return state.evolve(encounter=state.encounter.replace_unit(unit))


def _rolls(rolls: list[dict[str, Any]]) -> list[Roll]:
    try:
        return [Roll.from_dict(r) for r in rolls]
    except (KeyError, TypeError, ValueError):
        raise TrackerError(f"the decision's dice are not readable: {rolls!r}") from None


def _rolls_text(rolls: list[dict[str, Any]]) -> str:
    """What a decision rolled, for the log: 'd6 = 4 (table roll) — row 4: ...; 2d6 = 7 (...)'."""
    return "; ".join(r.describe() for r in _rolls(rolls))


def _group_roll_text(
    before: TrackerState, after: TrackerState, unit_id: str, rolls: list[Roll]
) -> str:
    """For the log: the group's roll this decision used (or that its group rolls none), or
    the members it now shares its roll (or its group's base conditions) with."""

    def name(unit: str) -> str:
        return after.unit(unit).name if after.encounter.has_unit(unit) else unit

    used = before.dice.group_rolls.get(unit_id)
    if used is not None and any(r.shared for r in rolls):
        return f"; it used the group's roll of {used.value} rolled by {name(used.by)}"
    based = before.dice.group_bases.get(unit_id)
    if based is not None:
        return f"; its group follows base conditions this round, as {name(based)} found: no roll"
    sharing = [name(m) for m in after.dice.group_rolls if m not in before.dice.group_rolls]
    if sharing:
        return (
            f"; {', '.join(sharing)} share{'s' if len(sharing) == 1 else ''} this roll "
            "for the rest of the round"
        )
    basing = [name(m) for m in after.dice.group_bases if m not in before.dice.group_bases]
    if basing:
        return (
            f"; {joined(basing)} follow{'s' if len(basing) == 1 else ''} base conditions "
            "too for the rest of the round, without a roll"
        )
    return ""


def _still_valid(before: TrackerState, after: TrackerState, ruleset: Ruleset) -> TrackerState:
    """`after`, unless the change breaks one of the ruleset's own rules for an encounter
    (those its files are checked against, such as a melee area needing range 0). Problems
    the encounter had before are not this change's."""
    known = set(ruleset.validate(before.encounter))
    new = [p for p in ruleset.validate(after.encounter) if p not in known]
    if new:
        raise TrackerError(new[0])
    return after


@dataclass(frozen=True)
class Command:
    """Base: subclasses set `kind` and implement `apply`."""

    kind: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.kind:
            COMMANDS[cls.kind] = cls

    def run(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        """Validate, apply and describe; derived statuses are brought up to date, the units
        this left defeated drop out of the activation order, a turn it starts begins with
        its start-of-turn effects (see turn_start) and a side's turn it ends loses the
        turn's markers (turns.end_turn), all in this one step. A unit whose turn it takes
        begins that turn first: put out of action then, it does nothing else."""
        start, before = state, turn_of(state)
        taker = self.turn_taken(state, ruleset)
        opening = ""
        if taker is not None:
            state, opening = start_turn(state, ruleset, taker)
        if opening and ruleset.is_defeated(state.unit(taker or "")):
            new_state, text = state, opening
        else:
            new_state, text = self.apply(state, ruleset)
            text = "; ".join(filter(None, (opening, text)))
        ended = ended_turn_words(state, new_state, ruleset)  # a bane's damage
        new_state = drop_defeated(refresh_derived(new_state, ruleset), ruleset)
        said = "; ".join(filter(None, [text, *ended]))
        new_state, text = started_turns(before, new_state, ruleset, said, taker is None)
        return end_turn(start, new_state, ruleset), text

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        raise NotImplementedError

    def turn_taken(self, state: TrackerState, ruleset: Ruleset) -> str | None:
        """The unit whose turn this command takes (its activation), if it takes one."""
        return None

    def payload(self) -> dict[str, Any]:
        return asdict(self)


def command_from_payload(kind: str, payload: dict[str, Any]) -> Command:
    # The scenario's commands register as their module loads: not before a command is
    # first made (start-up shows a session without loading any command).
    from desktop.tracker import scenario_commands  # noqa: F401

    cls = COMMANDS.get(kind)
    if cls is None:
        raise TrackerError(f"unknown command '{kind}' (known: {_known(COMMANDS)})")
    names = {f.name for f in fields(cls)}
    return cls(**{k: v for k, v in payload.items() if k in names})


def _checked_record(
    state: TrackerState,
    ruleset: Ruleset,
    raw: dict[str, Any],
    moving: str | None,
    kept_hp: int | None = None,
) -> tuple[dict[str, Any], Cell]:
    """A unit record checked against the ruleset and the board (shared by add and edit;
    `kept_hp`: the HP the edited unit has, accepted as it is)."""
    unit_id = raw["id"]
    side = raw.get("side")
    if side not in ("enemy", "player"):
        raise TrackerError(f'unit \'{unit_id}\': side must be "enemy" or "player", not {side!r}')
    max_hp = _whole(raw.get("max_hp"), f"unit '{unit_id}': max HP")
    if max_hp <= 0:
        raise TrackerError(f"unit '{unit_id}': max HP must be more than 0, not {max_hp}")
    raw.setdefault("hp", max_hp)
    hp = _whole(raw["hp"], f"unit '{unit_id}': HP")
    if hp < floored(ruleset, hp) and hp != kept_hp:
        raise TrackerError(
            f"unit '{unit_id}': HP {hp} is below {ruleset.data.hp_floor}, the lowest "
            f"HP in {ruleset.data.name}"
        )
    cell = _cell(raw.get("at"))
    _check_standable(state, cell, f"unit '{unit_id}'", moving, ruleset.data.closed_terrain)
    data = ruleset.data
    if side == "enemy":
        raw["ai"] = raw.get("ai") or data.default_ai()
        if raw["ai"] not in data.ai_types:
            raise TrackerError(
                f"unit '{unit_id}': unknown AI type '{raw['ai']}' for "
                f"{data.id} (known: {_known(data.ai_types)})"
            )
    elif raw.get("ai"):
        raise TrackerError(f"unit '{unit_id}': only enemies have an AI type")
    for status in raw.get("statuses") or ():
        if status not in data.statuses:
            raise TrackerError(
                f"unit '{unit_id}': unknown status '{status}' for {data.id} "
                f"(known: {_known(data.statuses)})"
            )
    for stat in raw.get("stats") or {}:
        if stat not in data.stats:
            raise TrackerError(
                f"unit '{unit_id}': unknown stat '{stat}' for {data.id} "
                f"(known: {_known(data.stats)})"
            )
    aoe = raw.get("aoe")
    if aoe is not None:
        if not data.extra.get("area_attacks"):
            raise TrackerError(f"unit '{unit_id}': {data.id} has no area attacks")
        try:
            raw["aoe"] = area_attack_from(aoe).to_dict()
        except ValueError as error:
            raise TrackerError(f"unit '{unit_id}', area attack: {error}") from None
    problems = check_unit_fields(
        data.unit_fields,
        record_fields(raw),
        unit_id,
        data.id,
        [u.id for u in state.encounter.units],
    )
    if problems:
        raise TrackerError(f"unit '{unit_id}', field '{problems[0].field}': {problems[0].message}")
    return raw, cell


# -- roster -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class AddUnit(Command):
    """A new unit; `unit` is a record (see records.unit_to_record; most keys optional)."""

    kind: ClassVar[str] = "add-unit"
    unit: dict[str, Any] = field(default_factory=dict)

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        raw = dict(self.unit)
        unit_id = raw.get("id")
        if not isinstance(unit_id, str) or not ID_PATTERN.match(unit_id):
            raise TrackerError(
                f"unit id {unit_id!r} must be lower-case letters, digits, '-' "
                "or '_', starting with a letter or digit"
            )
        if state.encounter.has_unit(unit_id):
            raise TrackerError(f"there is already a unit '{unit_id}'")
        raw, cell = _checked_record(state, ruleset, raw, moving=None)
        unit, counters = unit_from_record({**raw, "at": list(cell)})
        new_counters = {k: dict(v) for k, v in state.counters.items()}
        new_counters[unit.id] = counters
        added = _still_valid(
            state, state.with_units([*state.encounter.units, unit], new_counters), ruleset
        )
        return join_order(added, ruleset), f"Added {unit.name} ({unit.side.value}) at {list(cell)}"

    @classmethod
    def of(cls, unit: Unit) -> AddUnit:
        return cls(unit_to_record(unit))


@dataclass(frozen=True)
class UpdateUnit(Command):
    """Replaces a unit's details (the unit editor's OK): name, side, place, HP, AI, stats,
    weapons, tags, area attack and the ruleset's own fields (priorities, guard duty); a key
    left out keeps its value (`"aoe": None` clears the area attack). Its id, markers and
    their counters stay."""

    kind: ClassVar[str] = "update-unit"
    unit_id: str = ""
    unit: dict[str, Any] = field(default_factory=dict)

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        before = _unit(state, self.unit_id)
        old = unit_to_record(before)
        raw = {**old, **dict(self.unit), "id": before.id, "statuses": list(before.statuses)}
        raw.pop("counters", None)
        if raw.get("side") != before.side.value:
            raise TrackerError(
                f"{before.name} is a {before.side.value} unit; a unit cannot "
                "change sides (remove it and add a new one)"
            )
        raw, cell = _checked_record(state, ruleset, raw, moving=before.id, kept_hp=before.hp)
        unit, _ = unit_from_record({**raw, "at": list(cell)})
        if unit == before:
            raise TrackerError(f"{before.name}: nothing changed")
        edited = _still_valid(state, _replace(state, unit), ruleset)
        text = f"Edited {unit.name}: {', '.join(_edits(before, unit, ruleset))}"
        if unit.stats == before.stats:  # as for a drag, a new place leaves the order as it is
            return edited, text
        return _sorted_again(state, edited, ruleset, text)


def _edits(before: Unit, after: Unit, ruleset: Ruleset) -> list[str]:
    """What an edit changed, old value → new where one short value says it ("name Raider →
    Raider Boss", "move 2 → 3"), so the log alone tells what the unit was before."""
    shown: list[tuple[str, object, object]] = [
        ("name", before.name, after.name),
        ("at", list(before.at), list(after.at)),
        ("HP", before.hp, after.hp),
        ("max HP", before.max_hp, after.max_hp),
        ("AI", before.ai, after.ai),
    ]
    for stat in sorted(before.stats.keys() | after.stats.keys()):
        old, new = before.stats.get(stat), after.stats.get(stat)
        shown.append(
            (stat, "–" if old is None else _stat_text(old), "–" if new is None else _stat_text(new))
        )
    shown += [
        (k, before.fields.get(k, "–"), after.fields.get(k, "–")) for k in ruleset.data.unit_fields
    ]
    changes = [f"{what} {old} → {new}" for what, old, new in shown if old != new]
    changes += [
        what
        for what, old, new in (
            ("weapons", before.weapons, after.weapons),
            ("tags", before.tags, after.tags),
            ("area attack", before.aoe, after.aoe),
        )
        if old != new
    ]
    return changes


@dataclass(frozen=True)
class RemoveUnit(Command):
    kind: ClassVar[str] = "remove-unit"
    unit_id: str = ""

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        unit = _unit(state, self.unit_id)
        for spec, others in naming(
            ruleset.data.unit_fields, {u.id: u.fields for u in state.encounter.units}, unit.id
        ):
            raise TrackerError(
                spec.named_by.format(unit=unit.name, others=", ".join(others))
                + "; remove or reassign them first"
            )
        memory = state.encounter.memory
        memory = Memory(
            MappingProxyType(
                {k: v for k, v in memory.last_attacker.items() if unit.id not in (k, v)}
            ),
            tuple(u for u in memory.shot_this_round if u != unit.id),
            None if memory.previous_target == unit.id else memory.previous_target,
        )
        state = without_units(state, ruleset, [unit.id])
        state = state.with_units(
            [u for u in state.encounter.units if u.id != unit.id],
            {k: dict(v) for k, v in state.counters.items()},
        )
        state = state.evolve(encounter=state.encounter.evolve(memory=memory))
        return state, f"Removed {unit.name}"


@dataclass(frozen=True)
class RenameUnit(Command):
    kind: ClassVar[str] = "rename-unit"
    unit_id: str = ""
    name: str = ""

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        unit = _unit(state, self.unit_id)
        name = self.name.strip() if isinstance(self.name, str) else ""
        if not name:
            raise TrackerError(f"{unit.name}: the new name is empty")
        return _replace(state, unit.evolve(name=name)), f"Renamed {unit.name} to {name}"


@dataclass(frozen=True)
class SetStat(Command):
    """One stat of one unit set to a number (a character's initiative for the round, say);
    the stat must be one the ruleset gives units of that side."""

    kind: ClassVar[str] = "set-stat"
    unit_id: str = ""
    stat: str = ""
    value: float = 0

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        unit = _unit(state, self.unit_id)
        spec = ruleset.data.stats.get(self.stat)
        if spec is None:
            raise TrackerError(
                f"unknown stat '{self.stat}' for {ruleset.id} (known: {_known(ruleset.data.stats)})"
            )
        if spec.applies_to not in ("all", unit.side.value):
            raise TrackerError(
                f"{unit.name} is a {unit.side.value} unit; {self.stat} is only "
                f"for {spec.applies_to} units"
            )
        value = self.value
        if (
            isinstance(value, bool)
            or not isinstance(value, int | float)
            or value != value
            or abs(value) > 1_000_000
        ):
            raise TrackerError(f"{unit.name}: {self.stat} must be a number, not {value!r}")
        value = int(value) if float(value).is_integer() else float(value)
        before = unit.stats.get(self.stat, spec.default)
        if before == value:
            raise TrackerError(f"{unit.name}'s {self.stat} is already {_stat_text(value)}")
        stats = {**unit.stats, self.stat: value}
        text = (
            f"{unit.name}: {self.stat} {_stat_text(before)} → {_stat_text(value)}"
            if before is not None
            else f"{unit.name}: {self.stat} {_stat_text(value)}"
        )
        changed = _still_valid(
            state, _replace(state, unit.evolve(stats=MappingProxyType(stats))), ruleset
        )
        return _sorted_again(state, changed, ruleset, text)


def _sorted_again(
    before: TrackerState, after: TrackerState, ruleset: Ruleset, text: str
) -> tuple[TrackerState, str]:
    """After a unit's numbers changed (its initiative typed in, or edited): before anyone
    acts, the order the ruleset gives them (turns.resorted_before_start), said in the log."""
    resorted = resorted_before_start(before, after, ruleset)
    if resorted.order != after.order:
        text += "; the round's order is sorted again" + _begins(resorted, "")
    return resorted, text


def _stat_text(value: float | None) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


# -- hit points -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Damage(Command):
    """`amount` damage; `source` (optional) is who dealt it, remembered as last attacker."""

    kind: ClassVar[str] = "damage"
    unit_id: str = ""
    amount: int = 0
    source: str | None = None

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        unit = _unit(state, self.unit_id)
        amount = _whole(self.amount, "damage")
        if amount <= 0:
            raise TrackerError(f"damage must be 1 or more, not {amount}")
        suffered, why = _changed_damage(ruleset, unit, amount)
        changed, change = hurt(ruleset, unit, suffered)
        state = _replace(state, changed)
        text = f"{unit.name} takes {suffered} damage{why} ({change})"
        if self.source is not None:
            source = _unit(state, self.source)
            if source.id == unit.id:
                raise TrackerError(f"{unit.name} cannot be its own attacker")
            if unit.is_enemy and not source.is_enemy:  # memory keeps who hit each enemy
                state = _with_last_attacker(state, unit.id, source.id)
            text += f" from {source.name}"
        return expire(state, ruleset, [unit.id], WHEN_HIT), text


def _with_last_attacker(state: TrackerState, enemy: str, attacker: str | None) -> TrackerState:
    """`state` remembering `attacker` as the last to attack `enemy` (None: nobody)."""
    memory = state.encounter.memory
    last = {k: v for k, v in memory.last_attacker.items() if k != enemy}
    if attacker is not None:
        last[enemy] = attacker
    remembered = Memory(MappingProxyType(last), memory.shot_this_round, memory.previous_target)
    return state.evolve(encounter=state.encounter.evolve(memory=remembered))


@dataclass(frozen=True)
class SetLastAttacker(Command):
    """The players say which of them attacked the enemy `unit_id` last (`attacker` "":
    nobody), as an enemy that turns on its last attacker reads it."""

    kind: ClassVar[str] = "last-attacker"
    unit_id: str = ""
    attacker: str = ""

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        unit = _unit(state, self.unit_id)
        if not unit.is_enemy:
            raise TrackerError(f"{unit.name} is a player unit: only enemies remember attackers")
        now = state.encounter.memory.last_attacker.get(unit.id)
        if not self.attacker:
            if now is None:
                raise TrackerError(f"{unit.name} remembers no attacker already")
            return _with_last_attacker(state, unit.id, None), (
                f"{unit.name} remembers no attacker now"
            )
        source = _unit(state, self.attacker)
        if source.is_enemy:
            raise TrackerError(f"{source.name} is an enemy: only players attack {unit.name} here")
        if now == source.id:
            raise TrackerError(f"{source.name} is already the last to have attacked {unit.name}")
        return _with_last_attacker(state, unit.id, source.id), (
            f"{unit.name} was attacked last by {source.name}"
        )


def _changed_damage(ruleset: Ruleset, unit: Unit, amount: int) -> tuple[int, str]:
    """The damage its markers make of `amount` (brittle doubles it, ward halves it rounded
    down; both: neither), and why, for the log."""
    specs = [ruleset.data.statuses[s] for s in unit.statuses if s in ruleset.data.statuses]
    changes = {s.damage_change: s for s in specs if s.damage_change}
    if not changes:
        return amount, ""
    if len(changes) > 1:
        names = joined([s.name.lower() for s in changes.values()])
        return amount, f" ({amount} dealt: {names} cancel each other)"
    ((kind, spec),) = changes.items()
    suffered = amount * 2 if kind == "double" else amount // 2
    said = "doubled" if kind == "double" else "halved"
    return suffered, f" ({amount} dealt, {said}: {spec.adjective or spec.name.lower()})"


@dataclass(frozen=True)
class Heal(Command):
    """Heals `amount` HP, never above max HP."""

    kind: ClassVar[str] = "heal"
    unit_id: str = ""
    amount: int = 0

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        unit = _unit(state, self.unit_id)
        amount = _whole(self.amount, "healing")
        if amount <= 0:
            raise TrackerError(f"healing must be 1 or more, not {amount}")
        cured = expiring(ruleset.data, unit.statuses, WHEN_HEALED)
        specs = ruleset.data.statuses
        names = joined([specs[s].name for s in cured])
        if any(specs[s].stops_healing for s in cured):
            state = expire(state, ruleset, [unit.id], WHEN_HEALED)
            return state, f"{unit.name}: the heal removes {names} and restores no HP"
        if unit.hp >= unit.max_hp:
            if cured:  # nothing to restore, yet healing still ends these
                state = expire(state, ruleset, [unit.id], WHEN_HEALED)
                return state, f"{unit.name} is at full HP; the heal removes {names}"
            raise TrackerError(f"{unit.name} is already at full HP ({unit.hp} of {unit.max_hp})")
        healed = unit.evolve(hp=min(unit.max_hp, unit.hp + amount))
        state = expire(_replace(state, healed), ruleset, [unit.id], WHEN_HEALED)
        text = f"{unit.name} heals {healed.hp - unit.hp} ({hp_text(unit, healed)})"
        if cured:
            text += f"; no longer {joined([specs[s].said for s in cured])}"
        return state, text


@dataclass(frozen=True)
class SetHp(Command):
    """Sets HP (may be 0 or negative) and optionally max HP (more than 0)."""

    kind: ClassVar[str] = "set-hp"
    unit_id: str = ""
    hp: int = 0
    max_hp: int | None = None

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        unit = _unit(state, self.unit_id)
        hp = _whole(self.hp, f"{unit.name}: HP")
        max_hp = unit.max_hp if self.max_hp is None else _whole(self.max_hp, f"{unit.name}: max HP")
        if max_hp <= 0:
            raise TrackerError(f"{unit.name}: max HP must be more than 0, not {max_hp}")
        if hp > max_hp:
            raise TrackerError(f"{unit.name}: HP {hp} is above max HP {max_hp}")
        floor = floored(ruleset, hp)
        changed = unit.evolve(hp=floor, max_hp=max_hp)
        if changed == unit:
            raise TrackerError(f"{unit.name} already has HP {floor} of {max_hp}")
        state = _replace(state, changed)
        if floor > unit.hp:
            state = expire(state, ruleset, [unit.id], WHEN_HEALED)
        text = f"{unit.name}: {hp_text(unit, changed)}"
        if floor != hp:
            text += f" ({hp} asked; HP goes no lower than {floor})"
        return state, text


# -- markers and AI ---------------------------------------------------------------------------


def _status_spec(ruleset: Ruleset, unit: Unit, status: str) -> StatusSpec:
    spec = ruleset.data.statuses.get(status)
    if spec is None:
        raise TrackerError(
            f"unknown status '{status}' for {ruleset.id} (known: {_known(ruleset.data.statuses)})"
        )
    if spec.derived:
        raise TrackerError(f"'{spec.name}' follows from {unit.name}'s HP; change the HP instead")
    return spec


def _with_counter(
    state: TrackerState, unit: Unit, status: str, count: int | None, statuses: tuple[str, ...]
) -> TrackerState:
    counters = {k: dict(v) for k, v in state.counters.items()}
    mine = counters.setdefault(unit.id, {})
    if count is None:
        mine.pop(status, None)
    else:
        mine[status] = count
    units = [
        unit.evolve(statuses=statuses) if u.id == unit.id else u for u in state.encounter.units
    ]
    return state.with_units(units, counters)


def _immunities(state: TrackerState, unit: Unit) -> tuple[str, ...]:
    """The statuses a standee's stat card makes it immune to."""
    standee, book = unit.standee, state.encounter.book
    if standee is None or book is None:
        return ()
    unit_type = book.unit_type(standee.type)
    line = unit_type.line(state.encounter.level, standee.rank) if unit_type else None
    return line.immunities if line is not None else ()


@dataclass(frozen=True)
class AddStatus(Command):
    """Puts a marker on a unit; with `counter`, adds that many to the marker's count."""

    kind: ClassVar[str] = "add-status"
    unit_id: str = ""
    status: str = ""
    counter: int | None = None

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        unit = _unit(state, self.unit_id)
        spec = _status_spec(ruleset, unit, self.status)
        if spec.same_as:  # another spelling: the marker is its status
            return replace(self, status=spec.same_as).apply(state, ruleset)
        if not spec.available(state.encounter.rules):
            rules = ", ".join(f"{k} {'/'.join(v)}" for k, v in spec.only_when)
            raise TrackerError(f"{spec.name} is only played with {rules}")
        if spec.id in _immunities(state, unit):
            raise TrackerError(f"{unit.name} is immune to {spec.name.lower()} (its stat card)")
        if self.counter is not None and _whole(self.counter, "a marker count") <= 0:
            raise TrackerError(f"a marker count must be 1 or more, not {self.counter}")
        current = state.counter(unit.id, self.status)
        if unit.has(self.status):
            if self.counter is None:
                raise TrackerError(f"{unit.name} is already {spec.said}")
            total = (current or 1) + self.counter
            state = _with_counter(state, unit, self.status, total, unit.statuses)
            return state, f"{unit.name}: {spec.name} {current or 1} → {total}"
        state = _with_counter(state, unit, self.status, self.counter, (*unit.statuses, self.status))
        suffix = f" ({self.counter})" if self.counter is not None else ""
        if unit.id == state.current_unit and expiring(
            ruleset.data, [self.status], AFTER_NEXT_ACTIVATION
        ):
            # Gained during its own turn: it lasts until the end of its next one.
            held = (*state.held_through_activation(unit.id), self.status)
            state = state.evolve(held=(unit.id, held))
            suffix += " until the end of its next turn"
        return state, f"{unit.name} is {spec.said}{suffix}"


@dataclass(frozen=True)
class RemoveStatus(Command):
    """Takes a marker off; with `counter`, takes that many off its count (gone at 0)."""

    kind: ClassVar[str] = "remove-status"
    unit_id: str = ""
    status: str = ""
    counter: int | None = None

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        unit = _unit(state, self.unit_id)
        spec = _status_spec(ruleset, unit, self.status)
        if spec.same_as and not unit.has(self.status):  # another spelling of its status
            return replace(self, status=spec.same_as).apply(state, ruleset)
        if not unit.has(self.status):
            raise TrackerError(f"{unit.name} is not {spec.said}")
        current = state.counter(unit.id, self.status)
        if self.counter is not None:
            if _whole(self.counter, "a marker count") <= 0:
                raise TrackerError(f"a marker count must be 1 or more, not {self.counter}")
            left = (current or 1) - self.counter
            if left > 0:
                state = _with_counter(state, unit, self.status, left, unit.statuses)
                return state, f"{unit.name}: {spec.name} {current or 1} → {left}"
        statuses = tuple(s for s in unit.statuses if s != self.status)
        state = _with_counter(state, unit, self.status, None, statuses)
        held = state.held_through_activation(unit.id)
        if self.status in held:
            rest = tuple(s for s in held if s != self.status)
            state = state.evolve(held=(unit.id, rest) if rest else None)
        return state, f"{unit.name} is no longer {spec.said}"


@dataclass(frozen=True)
class SetAi(Command):
    kind: ClassVar[str] = "set-ai"
    unit_id: str = ""
    ai: str = ""

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        unit = _unit(state, self.unit_id)
        if not unit.is_enemy:
            raise TrackerError(f"{unit.name} is a player unit; only enemies have an AI type")
        types = ruleset.data.ai_types
        if self.ai not in types:
            raise TrackerError(
                f"unknown AI type '{self.ai}' for {ruleset.id} (known: {_known(types)})"
            )
        if unit.ai == self.ai:
            raise TrackerError(f"{unit.name} already has the {types[self.ai].name} AI")
        return (
            _replace(state, unit.evolve(ai=self.ai)),
            f"{unit.name} now uses the {types[self.ai].name} AI",
        )


# -- board ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class MoveUnit(Command):
    kind: ClassVar[str] = "move-unit"
    unit_id: str = ""
    to: tuple[int, int] | list[int] = (0, 0)

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        unit = _unit(state, self.unit_id)
        cell = _cell(self.to)
        if cell == unit.at:
            raise TrackerError(f"{unit.name} is already at {list(cell)}")
        _check_standable(state, cell, f"moving {unit.name}", unit.id, ruleset.data.closed_terrain)
        return (
            _replace(state, unit.evolve(at=cell)),
            f"{unit.name} moves {list(unit.at)} → {list(cell)}",
        )


def _terrain(value: Any, ruleset: Ruleset) -> Terrain:
    """The terrain a legend character names, if the ruleset plays with it."""
    known = ruleset.data.known_terrain()
    terrain = LEGEND.get(value) if isinstance(value, str) else None
    if terrain is not None and terrain not in known:
        raise TrackerError(
            f"{ruleset.data.name} has no {terrain.label} ('{value}'); its terrain: "
            + ", ".join(f"{ruleset.data.terrain_label(t)} ('{t.value}')" for t in known)
        )
    if terrain is None:
        raise TrackerError(f"unknown terrain '{value}' (known: {' '.join(t.value for t in known)})")
    return terrain


def _check_paintable(state: TrackerState, cell: Cell, terrain: Terrain) -> None:
    board = state.encounter.board
    if not board.in_bounds(cell):
        raise TrackerError(f"cell {list(cell)} is outside the {board.width}x{board.height} board")
    occupant = state.encounter.unit_at(cell)
    if occupant is not None and not terrain.passable:
        raise TrackerError(
            f"{occupant.name} stands on {list(cell)}; it cannot become {terrain.label}"
        )


def _painted(state: TrackerState, cells: list[Cell], terrain: Terrain) -> TrackerState:
    board = state.encounter.board
    for cell in cells:
        board = board.with_terrain(cell, terrain)
    return state.evolve(encounter=state.encounter.evolve(board=board))


@dataclass(frozen=True)
class EditTerrain(Command):
    kind: ClassVar[str] = "edit-terrain"
    cell: tuple[int, int] | list[int] = (0, 0)
    terrain: str = "."

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        cell = _cell(self.cell)
        terrain = _terrain(self.terrain, ruleset)
        _check_paintable(state, cell, terrain)
        old = state.encounter.board.terrain(cell)
        if old is terrain:
            raise TrackerError(f"cell {list(cell)} is already {terrain.label}")
        return _painted(state, [cell], terrain), f"{list(cell)}: {old.label} → {terrain.label}"


@dataclass(frozen=True)
class PaintTerrain(Command):
    """One stroke of the terrain brush: every cell in `cells` becomes `terrain`, as one
    undo step. Cells that already are that terrain are left as they are."""

    kind: ClassVar[str] = "paint-terrain"
    cells: Sequence[Sequence[int]] = ()  # [col, row] pairs, from a brush or a log record
    terrain: str = "."

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        terrain = _terrain(self.terrain, ruleset)
        if not isinstance(self.cells, list | tuple) or not self.cells:
            raise TrackerError("the brush stroke covers no cell")
        cells = list(dict.fromkeys(_cell(c) for c in self.cells))
        for cell in cells:
            _check_paintable(state, cell, terrain)
        board = state.encounter.board
        changed = [c for c in cells if board.terrain(c) is not terrain]
        if not changed:
            raise TrackerError(f"every cell of the stroke is already {terrain.label}")
        shown = ", ".join(str(list(c)) for c in changed[:6]) + (" …" if len(changed) > 6 else "")
        count = f"{len(changed)} cell" + ("s" if len(changed) > 1 else "")
        return _painted(state, changed, terrain), f"Painted {terrain.label} on {count}: {shown}"


@dataclass(frozen=True)
class ResizeBoard(Command):
    """Cuts or extends the board (new cells are open ground) to width x height."""

    kind: ClassVar[str] = "resize-board"
    width: int = 0
    height: int = 0

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        width = _whole(self.width, "the board width")
        height = _whole(self.height, "the board height")
        if not (1 <= width <= 200 and 1 <= height <= 200):
            raise TrackerError(f"a board is 1 to 200 cells each way, not {width}x{height}")
        board = state.encounter.board
        if (width, height) == (board.width, board.height):
            raise TrackerError(f"the board is already {width}x{height}")
        outside = [u for u in state.encounter.units if u.at[0] >= width or u.at[1] >= height]
        if outside:
            names = ", ".join(f"{u.name} at {list(u.at)}" for u in outside[:3])
            raise TrackerError(
                f"a {width}x{height} board would leave out {names}; move or remove them first"
            )
        enc = state.encounter.evolve(board=board.resized(width, height))
        return (
            state.evolve(encounter=enc),
            f"Board resized from {board.width}x{board.height} to {width}x{height}",
        )


# -- decisions, turns, cards, notes -----------------------------------------------------------


@dataclass(frozen=True)
class ApplyDecision(Command):
    """Carries out an engine decision (`decision` is Decision.to_dict() plus its summary).

    `choice` picks the outcome: 0 is the main one, n is alternatives[n - 1] (a tie the
    players broke). The unit moves to the destination and gains the statuses; targets,
    rolls and trace stay in the log; memory records the target and who was shot. A
    decision that rolled dice uses up one draw of the session's dice; one that rolled its
    group's roll (`shares_roll_with`) keeps it for the other members this round.

    A decision for the phase being played is the unit's activation: a unit that has acted
    is refused, and once applied the unit has acted (the active unit's turn passes to the
    next one, in this same command). A `reaction` (the players' turn) and a decision
    previewed for another phase move nothing in the order.
    """

    kind: ClassVar[str] = "apply-decision"
    decision: dict[str, Any] = field(default_factory=dict)
    choice: int = 0
    reaction: bool = False

    @classmethod
    def of(cls, decision: Decision, choice: int = 0, reaction: bool = False) -> ApplyDecision:
        """The command for outcome `choice` of `decision`; the log keeps each alternative's
        own summary and the reasoning as it reads for the outcome taken."""
        d = decision.to_dict()
        for alt, written in zip(decision.alternatives, d["alternatives"], strict=True):
            if alt.summary:
                written["summary"] = alt.summary
        if 0 < choice <= len(decision.alternatives):  # another choice is refused on apply
            d["trace"] = [t.to_dict() for t in decision.trace_of(choice)]
        return cls(d, choice, reaction)

    def _panel_words(self, state: TrackerState, d: dict[str, Any]) -> str:
        """The words the decision panel lists the outcome taken with (`choice_words`)."""
        options = [
            Outcome(
                o.get("action") or "",
                tuple(t for t in o.get("targets") or [] if state.encounter.has_unit(t)),
                None if o.get("destination") is None else _cell(o["destination"]),
                tuple(_cell(c) for c in o.get("path") or []),
            )
            for o in (d, *(d.get("alternatives") or []))
        ]
        names = {t: state.unit(t).name for o in options for t in o.targets}
        return choice_words(options, names)[self.choice]

    def outcome(self) -> dict[str, Any]:
        d = self.decision
        alternatives = d.get("alternatives") or []
        choice = _whole(self.choice, "the chosen outcome")
        if not 0 <= choice <= len(alternatives):
            raise TrackerError(
                f"outcome {choice} does not exist: this decision has the main "
                f"outcome (0) and {len(alternatives)} alternatives"
            )
        return d if choice == 0 else alternatives[choice - 1]

    def _activation(self, state: TrackerState, ruleset: Ruleset) -> bool:
        """Whether this is the unit's activation (not a reaction, nor a phase previewed)."""
        return not self.reaction and self.decision.get("phase") == current_phase(state, ruleset)

    def turn_taken(self, state: TrackerState, ruleset: Ruleset) -> str | None:
        unit_id = self.decision.get("unit")
        if (
            not isinstance(unit_id, str)
            or self.decision.get("ruleset") != ruleset.id
            or not state.encounter.has_unit(unit_id)
            or not self._activation(state, ruleset)
            or state.has_acted(unit_id)
        ):
            return None
        unit = state.unit(unit_id)
        return unit_id if unit.is_enemy and not ruleset.is_defeated(unit) else None

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        d = self.decision
        if d.get("ruleset") != ruleset.id:
            raise TrackerError(
                f"the decision was made under '{d.get('ruleset')}', but this "
                f"session plays {ruleset.id}"
            )
        unit = _unit(state, d.get("unit", ""))
        if not unit.is_enemy:
            raise TrackerError(f"{unit.name} is a player unit; only enemy decisions apply")
        if ruleset.is_defeated(unit):
            raise TrackerError(
                f"{unit.name} is out of action (HP {unit.hp}): it takes no turn, "
                "so there is nothing to apply"
            )
        outcome = self.outcome()
        phase = d.get("phase")
        activation = self._activation(state, ruleset)
        if activation and state.has_acted(unit.id):
            raise TrackerError(f"{unit.name} has acted {acting_span(state, ruleset)}")
        if activation:
            state = begin_activation(state, ruleset, unit.id)
            unit = state.unit(unit.id)
        # A standee of a monster book's type: its card and numbers go in the log.
        standee_turn = activation and unit.standee is not None and state.encounter.book is not None
        numbers = turn_numbers(unit, round_card(state, unit)) if standee_turn else ""
        targets = [_unit(state, t).id for t in outcome.get("targets") or []]
        changed = unit
        destination = outcome.get("destination")
        if destination is not None:
            cell = _cell(destination)
            if cell != unit.at:
                _check_standable(state, cell, f"{unit.name}'s destination", unit.id)
                changed = changed.evolve(at=cell)
        gained = []
        for status in d.get("statuses_gained") or []:
            spec = ruleset.data.statuses.get(status)
            if spec is None:
                raise TrackerError(f"the decision gives unknown status '{status}'")
            if status not in changed.statuses:
                gained.append(status)
        changed = changed.evolve(statuses=(*changed.statuses, *gained))
        state = _replace(state, changed)
        memory = state.encounter.memory
        action = outcome.get("action", "")
        shot = memory.shot_this_round
        effects = ruleset.data.action_effects  # what the ruleset's data says the action does
        if action in effects.shooting:
            shot = shot + tuple(t for t in targets if t not in shot)
        memory = Memory(
            memory.last_attacker, shot, targets[0] if targets else memory.previous_target
        )
        state = state.evolve(encounter=state.encounter.evolve(memory=memory))
        if action in effects.brawling:
            state = expire(state, ruleset, [unit.id, *targets], WHEN_BRAWLS)
        if activation and not ruleset.activation_continues(phase, action):
            state = mark_acted(state, ruleset, unit.id)
        summary = d.get("summary") or action
        if self.choice:  # the outcome taken in its own words (the panel's words for it when
            # the ruleset gave none, with the way it goes where two read the same), numbered
            # as the panel lists it
            summary = outcome.get("summary") or self._panel_words(state, d)
            summary += f" (players' {choice_label(self.choice).lower()})"
        rolls = _rolls(d.get("rolls") or [])
        shares = [_unit(state, m).id for m in d.get("shares_roll_with") or []]
        bases = [_unit(state, m).id for m in d.get("shares_base_with") or []]
        after = state.evolve(dice=state.dice.after_decision(unit.id, rolls, shares, bases))
        if rolls:
            summary += f". Dice: {'; '.join(r.describe() for r in rolls)}"
        summary += _group_roll_text(state, after, unit.id, rolls)
        if standee_turn:
            after, words = after_turn(after, ruleset, unit.id, targets)
            summary = "; ".join([summary, *words])
            return after, f"{unit.name} ({numbers}): {summary}"
        return after, f"{unit.name}: {summary}"


def _begins(state: TrackerState, what: str) -> str:
    first = state.current_unit
    return what + (f"; {activates(state.unit(first).name, True)}" if first is not None else "")


@dataclass(frozen=True)
class NextActivation(Command):
    """Next: the active unit is done and the next activates; once every unit has acted in
    a phase, the next phase begins (after the last phase, the next round)."""

    kind: ClassVar[str] = "next-activation"

    def turn_taken(self, state: TrackerState, ruleset: Ruleset) -> str | None:
        return None if phase_over(state, ruleset) else state.current_unit

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        before, phase, round_ = state.current_unit, state.encounter.phase, state.round
        state = advance(state, ruleset)
        if state.round != round_:
            return state, _begins(state, f"Round {state.round} begins")
        if state.encounter.phase != phase:
            return state, _begins(state, f"The {state.encounter.phase} phase begins")
        name = state.unit(before).name if before and state.encounter.has_unit(before) else before
        after = state.current_unit
        if after is None:
            now = current_phase(state, ruleset)
            span = f"in round {state.round}" if now is None else f"in the {now} phase"
            return state, f"{name} done; every unit has acted {span}"
        return state, f"{name} done; {activates(state.unit(after).name)}"


@dataclass(frozen=True)
class NextRound(Command):
    kind: ClassVar[str] = "next-round"

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        before = state.play
        state = next_round(state, ruleset)
        ended = round_end_words(before, state.play, state.encounter.book)
        return state, _begins(
            state, f"Round {state.round} begins" + (f" ({ended})" if ended else "")
        )


@dataclass(frozen=True)
class SettleOrder(Command):
    """The players break the ruleset's ties: the activation order they chose."""

    kind: ClassVar[str] = "settle-order"
    order: tuple[str, ...] | list[str] = ()

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        order = list(self.order)
        for unit_id in order:
            _unit(state, unit_id)
        state = settle_order(state, ruleset, order)
        names = ", ".join(state.unit(u).name for u in state.order)
        return state, f"Activation order: {names}"


@dataclass(frozen=True)
class SetPhase(Command):
    kind: ClassVar[str] = "set-phase"
    phase: str = ""

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        phases = ruleset.data.phases
        if not phases:
            raise TrackerError(f"{ruleset.id} has no phases")
        if self.phase not in phases:
            raise TrackerError(f"unknown phase '{self.phase}' (known: {', '.join(phases)})")
        if state.encounter.phase == self.phase:
            raise TrackerError(f"the phase is already {self.phase}")
        state = enter_phase(state, ruleset, self.phase)
        return state, _begins(state, f"Phase: {self.phase}")


@dataclass(frozen=True)
class DrawCard(Command):
    """A card drawn from a deck (playing cards, stratagems), as the players drew it; from
    the enemy's army-wide deck, once per turn."""

    kind: ClassVar[str] = "draw-card"
    deck: str = ""
    card: str = ""
    text: str = ""  # what the card says (a stratagem's effect); kept with the draw and logged

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        deck = self.deck.strip() if isinstance(self.deck, str) else ""
        card = self.card.strip() if isinstance(self.card, str) else ""
        text = self.text.strip() if isinstance(self.text, str) else ""
        if not deck:
            raise TrackerError('name the deck the card comes from (e.g. "stratagems")')
        if not card:
            raise TrackerError(f"which card was drawn from {deck}? The card is empty")
        refused = one_draw_per_turn(state, ruleset, deck)
        if refused is not None:
            raise TrackerError(refused)
        drawn = DrawnCard(deck, card, state.round, text)
        line = f"Drew {card} from {deck}" + (f": {text}" if text else "")
        return state.evolve(cards=(*state.cards, drawn)), line


@dataclass(frozen=True)
class Note(Command):
    kind: ClassVar[str] = "note"
    text: str = ""

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        text = self.text.strip() if isinstance(self.text, str) else ""
        if not text:
            raise TrackerError("the note is empty")
        return state, f"Note: {text}"


@dataclass(frozen=True)
class RollAgain(Command):
    """The players set a decision's dice aside and roll again: the session's next dice draw.

    `rolls` are the set-aside dice (Roll.to_dict()), kept in the log.
    """

    kind: ClassVar[str] = "roll-again"
    unit_id: str = ""
    rolls: list[dict[str, Any]] = field(default_factory=list)

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        unit = _unit(state, self.unit_id)
        if not self.rolls:
            raise TrackerError(
                f"{unit.name}'s decision rolls no dice; there is nothing to roll again"
            )
        state = state.evolve(dice=state.dice.advanced())
        return state, f"{unit.name}: dice rolled again, setting aside {_rolls_text(self.rolls)}"


@dataclass(frozen=True)
class UsePhysicalDice(Command):
    """The session's dice: `physical`, the players roll their own and type them in (each
    session keeps its own choice); otherwise Foebook rolls them."""

    kind: ClassVar[str] = "physical-dice"
    physical: bool = True

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        on = bool(self.physical)
        if state.dice.physical == on:
            raise TrackerError("that is how this session's dice are rolled already")
        text = (
            "The players roll their own dice from now on"
            if on
            else "Foebook rolls the dice from now on"
        )
        return state.evolve(dice=replace(state.dice, physical=on)), text
