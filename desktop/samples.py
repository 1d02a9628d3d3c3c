"""The sample encounters (tutorials) of each rule system, Foebook's own as a plug-in's."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Sample:
    """A sample encounter shipped with a rule system."""

    file_name: str
    title: str
    ruleset: str
    path: Path


# What sample_path and scenario_path give for a file name no rule system offers.
NOWHERE = Path("(no tutorial)")


def list_samples() -> list[Sample]:
    """Titles and rule systems only: read straight from the TOML, so that listing the
    tutorials at start-up loads no ruleset (the file is validated when it is opened).
    Foebook's own first, by file name (those its rule system packages bring, rule packs
    included); then the plug-ins' and the user's rule packs'. A rule system's folder
    (`encounters/` in the package holding its factory, the folder named after a pack's id
    beside it) offers tutorials for that rule system only."""
    from desktop.rulesets.registry import sample_folders, shipped_ids

    out: list[Sample] = []
    taken: set[str] = set()
    for ruleset_id, folder in sample_folders():
        for path in sorted(folder.glob("*.toml")):
            try:
                sample = _sample(path)
            except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
                continue  # not an encounter file: not offered
            if sample.ruleset == ruleset_id and sample.file_name not in taken:
                taken.add(sample.file_name)
                out.append(sample)
    shipped = set(shipped_ids())
    own = sorted((s for s in out if s.ruleset in shipped), key=lambda s: s.file_name)
    return own + [s for s in out if s.ruleset not in shipped]


def list_scenarios() -> list[Sample]:
    """The scenarios played from a monster book (a rule system package's `scenarios/`: not
    among the plain samples, since their rounds start with the monsters' cards), listed like
    the samples: the start page offers them with their rule system's tutorials."""
    from desktop.rulesets.registry import package_data_folders

    found = [
        _sample(path) for _, f in package_data_folders("scenarios") for path in f.glob("*.toml")
    ]
    return sorted(found, key=lambda s: s.file_name)


def _sample(path: Path) -> Sample:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return Sample(path.name, data.get("name") or path.stem, data.get("ruleset", "?"), path)


@dataclass(frozen=True)
class RuleSystem:
    """A rule system's name and one-line description, for the start page."""

    id: str
    name: str
    description: str


def rule_system(ruleset_id: str) -> RuleSystem:
    """A rule system's name and one-line description, from the registry (for Foebook's own
    straight from its data file: no ruleset code is loaded); the id alone when it cannot be
    had (the reason is given where the ruleset itself is needed)."""
    from desktop.engine.errors import RulesError
    from desktop.rulesets.registry import ruleset_data

    try:
        data = ruleset_data(ruleset_id)
    except RulesError:
        return RuleSystem(ruleset_id, ruleset_id, "")
    return RuleSystem(ruleset_id, data.name, data.description)


def sample_path(file_name: str) -> Path:
    """The tutorial of that file name: a sample or a scenario, Foebook's own or one a plug-in
    or pack brings (a path that does not exist when there is none)."""
    found = [s.path for s in [*list_samples(), *list_scenarios()] if s.file_name == file_name]
    return found[0] if found else NOWHERE / file_name


def scenario_path(file_name: str) -> Path:
    """The scenario of that file name (a path that does not exist when there is none)."""
    found = [s.path for s in list_scenarios() if s.file_name == file_name]
    return found[0] if found else NOWHERE / file_name
