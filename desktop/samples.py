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
    tutorials at start-up loads no ruleset (the file is validated when it is opened). Then
    the tutorials plug-ins and rule packs bring (`encounters/` in a plug-in's package, the
    folder named after a pack's id beside it), each for its own rule system only."""
    out = [_sample(path) for path in sorted(sample_dir().glob("*.toml"))]
    from desktop.rulesets.registry import sample_folders

    taken = {s.file_name for s in out}
    for ruleset_id, folder in sample_folders():
        for path in sorted(folder.glob("*.toml")):
            try:
                sample = _sample(path)
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                continue  # not an encounter file: not offered
            if sample.ruleset == ruleset_id and sample.file_name not in taken:
                taken.add(sample.file_name)
                out.append(sample)
    return out


def list_scenarios() -> list[Sample]:
    """The scenarios played from a monster book, listed like the samples (the start page
    offers them with their rule system's tutorials)."""
    return [_sample(path) for path in sorted(_scenario_dir().glob("*.toml"))]


def _sample(path: Path) -> Sample:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return Sample(path.name, data.get("name") or path.stem, data.get("ruleset", "?"), path)


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
        return _other_rule_system(ruleset_id)
    return RuleSystem(ruleset_id, data.get("name", ruleset_id), data.get("description", ""))


def _other_rule_system(ruleset_id: str) -> RuleSystem:
    """A rule pack's or a plug-in's name, from the registry; the id alone when it cannot be
    had (the reason is given where the ruleset itself is needed)."""
    from desktop.engine.errors import RulesError
    from desktop.rulesets.registry import ruleset_data

    try:
        data = ruleset_data(ruleset_id)
    except RulesError:
        return RuleSystem(ruleset_id, ruleset_id, "")
    return RuleSystem(ruleset_id, data.name, data.description)


def sample_path(file_name: str) -> Path:
    """The tutorial of that file name: Foebook's own sample or scenario, or one a plug-in
    or pack brings."""
    path = sample_dir() / file_name
    if path.is_file():
        return path
    if scenario_path(file_name).is_file():
        return scenario_path(file_name)
    return next((s.path for s in list_samples() if s.file_name == file_name), path)


def _scenario_dir() -> Path:
    return Path(str(resources.files("resources") / "scenarios"))


def scenario_path(file_name: str) -> Path:
    """A scenario played from a monster book (resources/scenarios/: not among the plain
    samples, since its rounds start with the monsters' cards)."""
    return _scenario_dir() / file_name
