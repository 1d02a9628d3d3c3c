"""dungeon-crawl, enemies working down their tactics: laid out as a plug-in package is."""

from desktop.rulesets.dungeon_crawl.ruleset import build

__all__ = ["build"]
