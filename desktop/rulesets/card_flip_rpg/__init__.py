"""card-flip-rpg, a rule pack (pack.toml beside this file): laid out as a plug-in package is."""

from desktop.engine.ruleset import Ruleset
from desktop.rulesets.registry import pack_in_package


def build() -> Ruleset:
    return pack_in_package(__name__)
