"""Reads a ruleset's declarative data from <package>/rulesets/<id>.toml (Foebook's own in
desktop/rulesets/<package>/, a plug-in's in its own package)."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.engine.board import Shape
from desktop.engine.limits import INT_MAX, MAX_ID_LENGTH, MAX_LIST_ITEMS, MAX_NAME_LENGTH
from desktop.engine.ruleset import (
    COLOUR,
    RESTRICTIONS,
    ActionEffects,
    AiTypeSpec,
    DefeatedSpec,
    RulesetData,
    StatSpec,
    StatusSpec,
)
from desktop.engine.unit_fields import (
    CHOICES,
    KINDS,
    NUMBER,
    ONE_OF,
    TEXT,
    UNIT,
    UnitFieldSpec,
    check_unit_fields,
)
from desktop.engine.unit_types import UnitTypesSpec, unit_types_spec
from desktop.engine.units import UNIT_RECORD_KEYS
from desktop.package_files import package_folder

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

REQUIRED = ("id", "name", "description", "board_shape", "distance_unit", "ai_types", "actions")
KNOWN = {
    *REQUIRED,
    "stats",
    "statuses",
    "phases",
    "steps",
    "action_effects",
    "defeated",
    "unit_fields",
    "hp_floor",
    "unit_types",
}
EFFECTS = ("shooting", "brawling")
SHAPES = tuple(shape.value for shape in Shape)


class RulesetDataError(ValueError):
    """A ruleset data file that is missing or lacks what every ruleset needs."""


def load_ruleset_data(ruleset_id: str, package: str) -> RulesetData:
    """The data file of the package (imported if it is not yet: a ruleset's `build` passes
    its own)."""
    try:
        folder = package_folder(package)
    except ModuleNotFoundError as error:
        raise RulesetDataError(f"{package}/rulesets/{ruleset_id}.toml: {error}") from None
    return read_ruleset_data(ruleset_id, folder, package)


def read_ruleset_data(ruleset_id: str, folder: Traversable | Path, package: str) -> RulesetData:
    """The data file in a package's folder (`package` names it in messages)."""
    where = f"{package}/rulesets/{ruleset_id}.toml"
    try:
        text = folder.joinpath("rulesets", f"{ruleset_id}.toml").read_text(encoding="utf-8")
        raw = tomllib.loads(text)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise RulesetDataError(f"{where}: {error}") from None
    return ruleset_data_from(raw, ruleset_id, where)


def ruleset_data_from(raw: dict[str, Any], ruleset_id: str, where: str) -> RulesetData:
    """The data of a ruleset from its TOML table (a data file's, or a rule pack's)."""
    missing = [key for key in REQUIRED if key not in raw]
    if missing:
        raise RulesetDataError(f"{where}: missing {', '.join(missing)}")
    if raw["id"] != ruleset_id:
        raise RulesetDataError(f"{where}: id is '{raw['id']}', not '{ruleset_id}'")
    stats = {
        name: StatSpec(
            name,
            spec.get("description", ""),
            spec.get("default"),
            spec.get("applies_to", "all"),
            spec.get("per_round", False),
            spec.get("whole", False),
        )
        for name, spec in raw.get("stats", {}).items()
    }
    statuses = _statuses(raw, where)
    ai_types = {
        aid: AiTypeSpec(
            aid,
            spec["name"],
            spec["summary"],
            tuple(spec.get("steps", ())),
            tuple((row["roll"], row["behaviour"]) for row in spec.get("table", ())),
        )
        for aid, spec in raw["ai_types"].items()
    }
    if raw["board_shape"] not in SHAPES:
        raise RulesetDataError(
            f"{where}: board_shape is {raw['board_shape']!r}; expected {' or '.join(SHAPES)}"
        )
    steps = raw.get("steps", {})
    if not all(isinstance(v, str) for v in steps.values()):
        raise RulesetDataError(f"{where}: every [steps] entry must be a title (text)")
    return RulesetData(
        id=raw["id"],
        name=raw["name"],
        description=raw["description"],
        board_shape=raw["board_shape"],
        distance_unit=raw["distance_unit"],
        stats=stats,
        statuses=statuses,
        ai_types=ai_types,
        actions=dict(raw["actions"]),
        phases=tuple(raw.get("phases", ())),
        extra={k: v for k, v in raw.items() if k not in KNOWN},
        steps=dict(steps),
        action_effects=_action_effects(raw, where),
        defeated=_defeated(raw, where),
        unit_fields=_unit_fields(raw, where),
        hp_floor=_hp_floor(raw, where),
        unit_types=_unit_types(raw, where, stats),
    )


def _unit_types(
    raw: dict[str, Any], where: str, stats: dict[str, StatSpec]
) -> UnitTypesSpec | None:
    """`[unit_types]`: levels, ranks (and which acts first), the stats a stat line sets (stats
    of the ruleset) and the tags it may give."""
    table = raw.get("unit_types")
    if table is None:
        return None
    if not isinstance(table, dict):
        raise RulesetDataError(f"{where}: [unit_types] must be a table")
    try:
        spec = unit_types_spec(table)
    except ValueError as error:
        raise RulesetDataError(f"{where}: [unit_types] {error}") from None
    strange = [s for s in spec.stats if s not in stats]
    if strange:
        raise RulesetDataError(
            f"{where}: [unit_types] stats: '{strange[0]}' is not one of its [stats]"
        )
    return spec


def _statuses(raw: dict[str, Any], where: str) -> dict[str, StatusSpec]:
    """`[statuses.<id>]`; another spelling (`same_as`) restricts as its status does unless it
    says otherwise."""
    statuses: dict[str, StatusSpec] = {}
    for sid, spec in raw.get("statuses", {}).items():
        restricts = spec.get("restricts", [])
        if not isinstance(restricts, list):
            raise RulesetDataError(f"{where}: [statuses.{sid}] restricts must be a list")
        restricts = tuple(restricts)
        unknown = [r for r in restricts if r not in RESTRICTIONS]
        if unknown:
            raise RulesetDataError(
                f"{where}: [statuses.{sid}] restricts '{unknown[0]}' is not a restriction "
                f"(known: {', '.join(RESTRICTIONS)})"
            )
        amounts = {}
        for key in ("turn_start_damage", "turn_start_heal", "turn_end_damage"):
            amount = spec.get(key, 0)
            if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
                raise RulesetDataError(
                    f"{where}: [statuses.{sid}] {key} must be a whole number, 0 or more"
                )
            amounts[key] = amount
        change = spec.get("damage_change", "")
        if change not in ("", "double", "half"):
            raise RulesetDataError(f'{where}: [statuses.{sid}] damage_change is "double" or "half"')
        only_when = spec.get("only_when", {})
        options = raw.get("rules", {})
        if not isinstance(only_when, dict) or any(
            key not in options
            or not isinstance(values, list)
            or set(values) - set(options[key]["values"])
            for key, values in only_when.items()
        ):
            raise RulesetDataError(
                f"{where}: [statuses.{sid}] only_when names rule options and their values"
            )
        colour = spec.get("colour", "")
        if colour and not COLOUR.fullmatch(str(colour)):
            raise RulesetDataError(
                f"{where}: [statuses.{sid}] colour '{colour}' is not written #RRGGBB"
            )
        statuses[sid] = StatusSpec(
            sid,
            spec["name"],
            spec["reminder"],
            spec.get("expires", "never"),
            spec.get("derived", False),
            spec.get("icon", sid),
            spec.get("stops_healing", False),
            spec.get("same_as", ""),
            colour=colour,
            adjective=spec.get("adjective", ""),
            restricts=restricts,
            damage_change=change,
            only_when=tuple((k, tuple(v)) for k, v in only_when.items()),
            **amounts,
        )
    for spec in statuses.values():
        target = statuses.get(spec.same_as)
        if spec.same_as and (target is None or target.same_as):
            raise RulesetDataError(
                f"{where}: [statuses.{spec.id}] same_as '{spec.same_as}' is not a status of its own"
            )
        if target is not None and not spec.restricts:
            statuses[spec.id] = replace(spec, restricts=target.restricts)
    return statuses


def _hp_floor(raw: dict[str, Any], where: str) -> int | None:
    floor = raw.get("hp_floor")
    if floor is not None and (not isinstance(floor, int) or isinstance(floor, bool)):
        raise RulesetDataError(f"{where}: hp_floor must be a whole number")
    return floor


def _action_effects(raw: dict[str, Any], where: str) -> ActionEffects:
    table = raw.get("action_effects", {})
    unknown = [key for key in table if key not in EFFECTS]
    if unknown:
        raise RulesetDataError(
            f"{where}: [action_effects] has no '{unknown[0]}' (known: {', '.join(EFFECTS)})"
        )
    found: dict[str, frozenset[str]] = {}
    for key in EFFECTS:
        actions = table.get(key, [])
        strange = [a for a in actions if a not in raw["actions"]]
        if strange:
            raise RulesetDataError(
                f"{where}: [action_effects] {key}: '{strange[0]}' is not one of its [actions]"
            )
        found[key] = frozenset(actions)
    return ActionEffects(**found)


def _defeated(raw: dict[str, Any], where: str) -> DefeatedSpec | None:
    table = raw.get("defeated")
    if table is None:
        return None
    try:
        spec = DefeatedSpec(table["action"], table["summary"], table["detail"])
    except KeyError as missing:
        raise RulesetDataError(f"{where}: [defeated] needs {missing}") from None
    if spec.action not in raw["actions"] or "defeated" not in raw.get("steps", {}):
        raise RulesetDataError(
            f"{where}: [defeated] action '{spec.action}' must be one of its "
            "[actions], and [steps] must title the 'defeated' step"
        )
    return spec


# Names a declared unit field cannot take: a unit's own keys, and `fields` (their column).
RESERVED_UNIT_KEYS = UNIT_RECORD_KEYS | {"fields"}
FIELD_KEYS = {
    "kind",
    "label",
    "help",
    "applies_to",
    "choices",
    "choices_from",
    "item",
    "most",
    "longest",
    "itself",
    "named_by",
    "default",
    "least",
}


def _unit_fields(raw: dict[str, Any], where: str) -> dict[str, UnitFieldSpec]:
    """`[unit_fields.<name>]`: kind ("unit", "choices", "text"), label, help, the side it
    applies to, and its limits; a CHOICES field lists its `choices` or names the ruleset key
    that does (`choices_from = "tactics"`)."""
    found: dict[str, UnitFieldSpec] = {}
    for name, table in raw.get("unit_fields", {}).items():
        here = f"{where}: [unit_fields.{name}]"
        if name in RESERVED_UNIT_KEYS or not isinstance(table, dict):
            raise RulesetDataError(f"{here}: not a field a ruleset can declare")
        unknown = sorted(set(table) - FIELD_KEYS)
        if unknown:
            raise RulesetDataError(f"{here}: unknown key '{unknown[0]}'")
        kind = table.get("kind")
        if kind not in KINDS:
            raise RulesetDataError(f"{here}: kind must be one of {', '.join(KINDS)}")
        choices = table.get("choices")
        if "choices_from" in table:
            choices = raw.get(table["choices_from"])
        if kind in (CHOICES, ONE_OF) and not (isinstance(choices, list) and choices):
            raise RulesetDataError(f"{here}: a {kind} field needs its choices")
        spec = UnitFieldSpec(
            name,
            kind,
            table.get("label", name.replace("_", " ").capitalize()),
            table.get("help", ""),
            table.get("applies_to", "all"),
            tuple(choices or ()),
            table.get("item", "value"),
            table.get("most", INT_MAX if kind == NUMBER else MAX_LIST_ITEMS),
            table.get("longest", MAX_NAME_LENGTH if kind == TEXT else MAX_ID_LENGTH),
            least=table.get("least", 0),
            default=table.get("default"),
        )
        if kind in (ONE_OF, NUMBER) and spec.default is not None:
            wrong = check_unit_fields({name: spec}, {name: spec.default}, "", raw["id"])
            if wrong:
                raise RulesetDataError(f"{here}: default {wrong[0].message}")
        if kind == UNIT:
            spec = replace(spec, **{k: table[k] for k in ("itself", "named_by") if k in table})
        found[name] = spec
    return found
