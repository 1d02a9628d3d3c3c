"""Foebook's own sample encounters and ruleset data files, wherever they are kept: its rule
packs' in resources/, each rule system package's in desktop/rulesets/<id>/ (as a plug-in's)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted(
    [*ROOT.glob("resources/encounters/*.toml"), *ROOT.glob("desktop/rulesets/*/encounters/*.toml")],
    key=lambda path: path.name,
)
RULESET_FILES = sorted(
    [*ROOT.glob("resources/rulesets/*.toml"), *ROOT.glob("desktop/rulesets/*/rulesets/*.toml")],
    key=lambda path: path.name,
)
