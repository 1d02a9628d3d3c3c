"""The example plug-in (examples/ruleset-plugin) installed next to Foebook in a fresh
virtual environment: `foebook rulesets` lists it and `foebook decide` runs it.

Both packages are built as wheels (the build backend comes from the package index `make
test` installs from) and installed from those wheels alone, without an index, so the
install step works offline. Foebook's own dependencies are left out: the headless
commands need none of them for a small board, and leaving them out keeps the test fast.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "ruleset-plugin"
# What building the foebook wheel reads (pyproject.toml names the packages and the readme).
PROJECT_FILES = ("pyproject.toml", "README.md", "desktop", "ui", "db", "resources")
JUNK = shutil.ignore_patterns("__pycache__", "*.pyc", "build", "*.egg-info")


def _run(*args: str | Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=EXAMPLE,
        check=False,
    )


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory) -> Path:
    """bin/ of a fresh environment holding only Foebook and the example plug-in."""
    scratch = tmp_path_factory.mktemp("plugin-env")
    # Built from copies: setuptools leaves build/ behind, whose stale files would reach
    # later wheels.
    sources = scratch / "foebook"
    sources.mkdir()
    for name in PROJECT_FILES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, sources / name, ignore=JUNK)
        else:
            shutil.copy2(ROOT / name, sources / name)
    plugin = shutil.copytree(EXAMPLE, scratch / "plugin", ignore=JUNK)
    wheels = scratch / "wheels"
    built = _run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "--quiet",
        "--wheel-dir",
        wheels,
        sources,
        plugin,
    )
    assert built.returncode == 0, built.stderr
    env = scratch / "env"
    venv.create(env, with_pip=False)  # the test's own pip installs into it (--python)
    installed = _run(
        sys.executable,
        "-m",
        "pip",
        "--python",
        env / "bin" / "python",
        "install",
        "--quiet",
        "--no-index",
        "--no-deps",
        "--find-links",
        wheels,
        "foebook",
        "foebook-nearest-first",
    )
    assert installed.returncode == 0, installed.stderr
    return env / "bin"


@pytest.mark.slow
def test_the_installed_plug_in_is_listed_beside_the_built_ins(plugin_env: Path):
    result = _run(plugin_env / "foebook", "rulesets", "--json")
    assert result.returncode == 0 and result.stderr == "", result.stderr
    ids = [r["id"] for r in json.loads(result.stdout)]
    assert ids == [
        "card-flip-rpg",
        "skirmish-ai",
        "grimdark-solo",
        "hex-quest",
        "dungeon-crawl",
        "monster-focus",
        "zombie-horde",  # Foebook's own sample rule pack (desktop/rulesets/zombie_horde/)
        "nearest-first",
    ]


@pytest.mark.slow
def test_the_installed_plug_in_decides_its_sample(plugin_env: Path):
    result = _run(plugin_env / "foebook", "decide", "sample.toml", "--unit", "archer", "--json")
    assert result.returncode == 0, result.stderr
    decision = json.loads(result.stdout)
    assert (decision["ruleset"], decision["action"], decision["targets"]) == (
        "nearest-first",
        "attack",
        ["ada"],
    )
    text = _run(plugin_env / "foebook", "decide", "sample.toml", "--unit", "wolf").stdout
    assert "Decision: Move 4 squares toward Finn" in text
