"""Reads a ruleset's declarative data from <package>/rulesets/<id>.toml (Foebook's own:
resources/rulesets/<id>.toml; a plug-in ships its file in its own package)."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from desktop.engine.ruleset import (
    ActionEffects,
    AiTypeSpec,
    DefeatedSpec,
    RulesetData,
    StatSpec,
    StatusSpec,
)

REQUIRED = ("id", "name", "description", "board_shape", "distance_unit", "ai_types", "actions")
KNOWN = {*REQUIRED, "stats", "statuses", "phases", "steps", "action_effects", "defeated"}
EFFECTS = ("shooting", "brawling")


class RulesetDataError(ValueError):
    """A ruleset data file that is missing or lacks what every ruleset needs."""


def load_ruleset_data(ruleset_id: str, package: str = "resources") -> RulesetData:
    where = f"{package}/rulesets/{ruleset_id}.toml"
    try:
        text = resources.files(package).joinpath("rulesets", f"{ruleset_id}.toml").read_text(
            encoding="utf-8")
        raw = tomllib.loads(text)
    except (OSError, ModuleNotFoundError, tomllib.TOMLDecodeError) as error:
        raise RulesetDataError(f"{where}: {error}") from None
    missing = [key for key in REQUIRED if key not in raw]
    if missing:
        raise RulesetDataError(f"{where}: missing {', '.join(missing)}")
    if raw["id"] != ruleset_id:
        raise RulesetDataError(f"{where}: id is '{raw['id']}', not '{ruleset_id}'")
    stats = {
        name: StatSpec(name, spec.get("description", ""), spec.get("default"),
                       spec.get("applies_to", "all"))
        for name, spec in raw.get("stats", {}).items()
    }
    statuses = {
        sid: StatusSpec(sid, spec["name"], spec["reminder"], spec.get("expires", "never"),
                        spec.get("derived", False), spec.get("icon", sid))
        for sid, spec in raw.get("statuses", {}).items()
    }
    ai_types = {
        aid: AiTypeSpec(
            aid, spec["name"], spec["summary"], tuple(spec.get("steps", ())),
            tuple((row["roll"], row["behaviour"]) for row in spec.get("table", ())),
        )
        for aid, spec in raw["ai_types"].items()
    }
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
    )


def _action_effects(raw: dict[str, Any], where: str) -> ActionEffects:
    table = raw.get("action_effects", {})
    unknown = [key for key in table if key not in EFFECTS]
    if unknown:
        raise RulesetDataError(f"{where}: [action_effects] has no '{unknown[0]}' "
                               f"(known: {', '.join(EFFECTS)})")
    found: dict[str, frozenset[str]] = {}
    for key in EFFECTS:
        actions = table.get(key, [])
        strange = [a for a in actions if a not in raw["actions"]]
        if strange:
            raise RulesetDataError(f"{where}: [action_effects] {key}: '{strange[0]}' is not "
                                   "one of its [actions]")
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
        raise RulesetDataError(f"{where}: [defeated] action '{spec.action}' must be one of its "
                               "[actions], and [steps] must title the 'defeated' step")
    return spec
