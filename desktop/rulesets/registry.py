"""The built-in rule systems by id; each module is imported only when first used."""

from __future__ import annotations

import importlib
from functools import cache

from desktop.engine.errors import RulesError
from desktop.engine.ruleset import Ruleset

# id -> module under desktop.rulesets defining RULESET_CLASS
BUILT_IN: dict[str, str] = {
    "card-flip-rpg": "card_flip_rpg",
    "skirmish-ai": "skirmish_ai",
    "grimdark-solo": "grimdark_solo",
    "hex-quest": "hex_quest",
    "dungeon-crawl": "dungeon_crawl",
}


class UnknownRuleset(RulesError):
    pass


def ruleset_ids() -> list[str]:
    return list(BUILT_IN)


@cache
def get_ruleset(ruleset_id: str) -> Ruleset:
    module_name = BUILT_IN.get(ruleset_id)
    if module_name is None:
        raise UnknownRuleset(
            f"unknown ruleset '{ruleset_id}' (built-in: {', '.join(BUILT_IN)})"
        )
    module = importlib.import_module(f"desktop.rulesets.{module_name}")
    return module.build()
