"""Reads a ruleset's declarative data from resources/rulesets/<id>.toml."""

from __future__ import annotations

import tomllib
from importlib import resources

from desktop.engine.ruleset import AiTypeSpec, RulesetData, StatSpec, StatusSpec


def load_ruleset_data(ruleset_id: str) -> RulesetData:
    text = resources.files("resources").joinpath("rulesets", f"{ruleset_id}.toml").read_text(
        encoding="utf-8"
    )
    raw = tomllib.loads(text)
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
    known = {"id", "name", "description", "board_shape", "distance_unit", "stats", "statuses",
             "ai_types", "actions", "phases"}
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
        extra={k: v for k, v in raw.items() if k not in known},
    )
