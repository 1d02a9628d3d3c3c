"""skirmish-ai, seven enemy AI types with D6 tables: laid out as a plug-in package is."""

from desktop.rulesets.skirmish_ai.ruleset import build

__all__ = ["build"]
