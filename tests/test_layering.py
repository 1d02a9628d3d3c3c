"""The import-linter contracts hold, and they really catch a Qt import in the engine."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", str(root / "pyproject.toml")],
        capture_output=True, text=True, cwd=root, env={"PYTHONPATH": str(root), "PATH": ""},
    )


def test_contracts_hold_for_the_project():
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_importing_qt_breaks_the_contract(tmp_path):
    for package in ("desktop", "ui", "db", "resources"):
        shutil.copytree(ROOT / package, tmp_path / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "desktop" / "engine" / "sneaky.py").write_text(
        '"""Breaks the layering on purpose."""\nimport PySide6.QtCore  # noqa\n'
    )
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "desktop.engine is not allowed to import PySide6" in result.stdout
    assert "desktop.engine.sneaky -> PySide6" in result.stdout
