"""monster-focus, the Gloomhaven family's monster turn: laid out as a plug-in package is."""

from desktop.rulesets.monster_focus.ruleset import build

__all__ = ["build"]
