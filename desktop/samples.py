"""The sample encounters bundled with Foebook (tutorials), found through importlib.resources."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path


@dataclass(frozen=True)
class Sample:
    file_name: str
    title: str
    ruleset: str
    path: Path


def sample_dir() -> Path:
    # The resources package is installed as plain files (wheel, editable or frozen bundle).
    return Path(str(resources.files("resources") / "encounters"))


def list_samples() -> list[Sample]:
    """Titles and rule systems only: read straight from the TOML, so that listing the
    tutorials at start-up loads no ruleset (the file is validated when it is opened)."""
    return _listed(sample_dir())


def list_scenarios() -> list[Sample]:
    """The scenarios played from a monster book, listed like the samples (the start page
    offers them with their rule system's tutorials)."""
    return _listed(_scenario_dir())


def _listed(folder: Path) -> list[Sample]:
    out = []
    for path in sorted(folder.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        out.append(Sample(path.name, data.get("name") or path.stem, data.get("ruleset", "?"), path))
    return out


@dataclass(frozen=True)
class RuleSystem:
    id: str
    name: str
    description: str


def rule_system(ruleset_id: str) -> RuleSystem:
    """A rule system's name and one-line description, straight from its data file (cheap:
    no ruleset code is loaded); the id alone if there is no such file."""
    path = Path(str(resources.files("resources") / "rulesets")) / f"{ruleset_id}.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return RuleSystem(ruleset_id, ruleset_id, "")
    return RuleSystem(ruleset_id, data.get("name", ruleset_id), data.get("description", ""))


def sample_path(file_name: str) -> Path:
    """A tutorial's file: a sample encounter or, failing that, a scenario."""
    path = sample_dir() / file_name
    return path if path.exists() else scenario_path(file_name)


def _scenario_dir() -> Path:
    return Path(str(resources.files("resources") / "scenarios"))


def scenario_path(file_name: str) -> Path:
    """A scenario played from a monster book (resources/scenarios/: not among the plain
    samples, since its rounds start with the monsters' cards)."""
    return _scenario_dir() / file_name
