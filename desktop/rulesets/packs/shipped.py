"""Foebook's built-in rule systems written as rule packs (resources/packs/<id>.toml): the
factories the registry's BUILT_IN table and pyproject.toml name."""

from __future__ import annotations

from importlib import resources

from desktop.rulesets.packs.pack_format import parse_pack
from desktop.rulesets.packs.pack_ruleset import PackRuleset


def shipped_pack_text(ruleset_id: str) -> str:
    return resources.files("resources").joinpath("packs", f"{ruleset_id}.toml").read_text("utf-8")


def shipped_pack(ruleset_id: str) -> PackRuleset:
    """The built-in ruleset of that id from its pack (a broken one is a bug: PackError)."""
    return PackRuleset(
        parse_pack(shipped_pack_text(ruleset_id), f"resources/packs/{ruleset_id}.toml")
    )


def hex_quest() -> PackRuleset:
    return shipped_pack("hex-quest")
