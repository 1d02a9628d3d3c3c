"""The sample encounters bundled with Foebook (tutorials), found through importlib.resources."""

from __future__ import annotations

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
    from desktop.encounter_file import load_encounter

    out = []
    for path in sorted(sample_dir().glob("*.toml")):
        encounter = load_encounter(path)
        out.append(Sample(path.name, encounter.name or path.stem, encounter.ruleset, path))
    return out


def sample_path(file_name: str) -> Path:
    return sample_dir() / file_name
