"""Unit fields a ruleset declares (skirmish-ai's `guards`, dungeon-crawl's `priorities`):
their specs, and the one check of a unit's values against them, shared by the encounter
file reader, the tracker's commands and the unit editor."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from desktop.display_text import listed, shown
from desktop.engine.limits import MAX_ID_LENGTH, MAX_LIST_ITEMS
from desktop.engine.units import is_empty

UNIT = "unit"  # the id of another unit of the encounter
CHOICES = "choices"  # a list of ids, each one of the spec's choices, in the order given
TEXT = "text"  # a free text
ONE_OF = "one-of"  # one id among the spec's choices (a zombie's kind: "walker" or "runner")
NUMBER = "number"  # a whole number (a count, a range) between `least` and `most`
KINDS = (UNIT, CHOICES, TEXT, ONE_OF, NUMBER)


@dataclass(frozen=True)
class UnitFieldSpec:
    """One field units of a ruleset may carry (its `[unit_fields.<name>]` table)."""

    name: str
    kind: str
    label: str  # how the editor and the roster name it
    help: str  # one line for tooltips and the editor
    applies_to: str = "all"  # "enemy", "player" or "all": the side the editor offers it to
    choices: tuple[str, ...] = ()  # CHOICES, ONE_OF: the values allowed
    item: str = "value"  # CHOICES: what one value is called in messages ("tactic")
    most: int = MAX_LIST_ITEMS  # CHOICES: items in the list; NUMBER: the greatest value
    longest: int = MAX_ID_LENGTH  # characters of one id or text (the loader gives texts more)
    # UNIT: the refusal when a unit names itself, and the one when the unit it names is
    # removed ("{unit} is guarded by {others}").
    itself: str = "a unit cannot name itself"
    named_by: str = "{unit} is named by {others}"
    least: int = 0  # NUMBER: the smallest value
    # ONE_OF, NUMBER: the value a unit that does not give the field has (None: no value).
    default: Any = None

    def value_of(self, fields: Mapping[str, Any]) -> Any:
        """A unit's value of this field (its `fields`), else the default."""
        value = fields.get(self.name)
        return self.default if value is None else value


@dataclass(frozen=True)
class FieldProblem:
    """What is wrong with one of a unit's declared fields."""

    field: str
    message: str


def check_unit_fields(
    specs: Mapping[str, UnitFieldSpec],
    values: Mapping[str, Any],
    unit_id: str,
    ruleset_id: str,
    unit_ids: Collection[str] | None = None,
) -> list[FieldProblem]:
    """What is wrong with a unit's field `values` (at most one problem per field); empty
    when they fit. `unit_ids`: the units a reference may name (None: not checked yet)."""
    problems: list[FieldProblem] = []
    for name, value in values.items():
        if is_empty(value):
            continue
        spec = specs.get(name)
        if spec is None:
            known = f"known: {listed(specs)}" if specs else "it declares none"
            problems.append(
                FieldProblem(name, f"{ruleset_id} has no unit field {shown(name)} ({known})")
            )
            continue
        message = _problem(spec, value, unit_id, unit_ids)
        if message:
            problems.append(FieldProblem(name, message))
    return problems


def _problem(
    spec: UnitFieldSpec, value: Any, unit_id: str, unit_ids: Collection[str] | None
) -> str | None:
    if spec.kind == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"is {shown(value)}; expected a whole number"
        if not spec.least <= value <= spec.most:
            return f"is {value}; expected a whole number from {spec.least} to {spec.most}"
        return None
    if spec.kind == ONE_OF:
        if value not in spec.choices:
            return f"is {shown(value)}; expected one of {listed(spec.choices)}"
        return None
    if spec.kind == CHOICES:
        if not isinstance(value, list | tuple):
            return (
                f"is {shown(value)}; expected a list such as [{shown(spec.choices[0])}]"
                if spec.choices
                else f"is {shown(value)}; expected a list"
            )
        if len(value) > spec.most:
            return f"{len(value):,} items; at most {spec.most} are allowed"
        for item in value:
            wrong = _text_problem(item, spec.longest)
            if wrong:
                return wrong
            if item not in spec.choices:
                return f"unknown {spec.item} {shown(item)} (known: {listed(spec.choices)})"
        return None
    wrong = _text_problem(value, spec.longest)
    if wrong or spec.kind != UNIT:
        return wrong
    if value == unit_id:
        return spec.itself
    if unit_ids is not None and value not in unit_ids:
        return f"no unit {shown(value)} (units: {listed(unit_ids)})"
    return None


def _text_problem(value: Any, longest: int) -> str | None:
    if not isinstance(value, str):
        return f"is {shown(value)}; expected a text"
    if "\x00" in value:  # PostgreSQL cannot store it, and no table needs it
        return "contains a NUL character (\\x00); remove it"
    if len(value) > longest:
        return f"is {len(value):,} characters long; at most {longest} are allowed"
    return None


def naming(
    specs: Mapping[str, UnitFieldSpec], fields_of: Mapping[str, Mapping[str, Any]], unit_id: str
) -> list[tuple[UnitFieldSpec, list[str]]]:
    """For each unit-reference field, the units (by id) whose field names `unit_id`."""
    out = []
    for spec in specs.values():
        if spec.kind == UNIT:
            others = [uid for uid, fields in fields_of.items() if fields.get(spec.name) == unit_id]
            if others:
                out.append((spec, others))
    return out


def shown_fields(
    specs: Mapping[str, UnitFieldSpec], fields: Mapping[str, Any], is_enemy: bool
) -> list[tuple[str, str]]:
    """The one-of and number fields of a unit as the roster and cards show them, defaults
    included (a runner's card says "Kind: runner", a walker's "Kind: walker"): (label,
    value) pairs."""
    side = "enemy" if is_enemy else "player"
    out = []
    for spec in specs.values():
        if spec.kind not in (ONE_OF, NUMBER) or spec.applies_to not in ("all", side):
            continue
        value = spec.value_of(fields)
        if value is not None:
            out.append((spec.label, str(value)))
    return out
