"""grimdark-solo, an enemy army played solo: laid out as a plug-in package is."""

from desktop.rulesets.grimdark_solo.ruleset import build

__all__ = ["build"]
