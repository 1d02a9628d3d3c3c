"""Foebook's built-in rule systems that are rule packs (resources/packs/): the factories
the registry's BUILT_IN table and pyproject.toml name, one per pack."""

from __future__ import annotations

from desktop.engine.ruleset import Ruleset
from desktop.rulesets.registry import shipped_pack


def card_flip_rpg() -> Ruleset:
    return shipped_pack("card-flip-rpg")


def hex_quest() -> Ruleset:
    return shipped_pack("hex-quest")
