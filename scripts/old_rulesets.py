"""What the differential scripts compare: a built-in ruleset's Python module and data file
as they were at a git commit (the modules are gone from the tree), and a rule pack file."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

from desktop.engine.ruleset import Ruleset
from desktop.rulesets.data_loader import ruleset_data_from
from desktop.rulesets.packs.pack_format import parse_pack
from desktop.rulesets.packs.pack_ruleset import PackRuleset

ROOT = Path(__file__).resolve().parent.parent


def git_show(commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{commit}:{path}"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout


def old_ruleset(commit: str, ruleset_id: str, folder: Path, class_name: str) -> Ruleset:
    """The ruleset `desktop/rulesets/<id>.py` built, as at `commit`, on its data file of
    that commit (`resources/rulesets/<id>.toml`); the module's copy is written in `folder`."""
    name = f"old_{ruleset_id.replace('-', '_')}"
    source = folder / f"{name}.py"
    source.write_text(
        git_show(commit, f"desktop/rulesets/{ruleset_id.replace('-', '_')}.py"), encoding="utf-8"
    )
    spec = importlib.util.spec_from_file_location(name, source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    where = f"resources/rulesets/{ruleset_id}.toml"
    data = ruleset_data_from(tomllib.loads(git_show(commit, where)), ruleset_id, where)
    ruleset: Ruleset = getattr(module, class_name)(data)
    return ruleset


def pack_ruleset(pack: Path) -> Ruleset:
    return PackRuleset(parse_pack(pack.read_text(encoding="utf-8"), str(pack)))
