"""Foebook's own sample encounters and ruleset data files: each rule system package's in
desktop/rulesets/<package>/ (as a plug-in's), its rule packs' and zombie-horde's included."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = sorted(ROOT.glob("desktop/rulesets/*/encounters/*.toml"), key=lambda path: path.name)
RULESET_FILES = sorted(
    ROOT.glob("desktop/rulesets/*/rulesets/*.toml"),
    key=lambda path: path.name,
)
