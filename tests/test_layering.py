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
        capture_output=True,
        text=True,
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": ""},
    )


def test_contracts_hold_for_the_project():
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def _lint_with_module(tmp_path: Path, module: str, source: str) -> subprocess.CompletedProcess[str]:
    """Lints a copy of the project with one extra module that breaks the layering on purpose."""
    for package in ("desktop", "ui", "db", "resources"):
        shutil.copytree(
            ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / module).write_text(f'"""Breaks the layering on purpose."""\n{source}  # noqa\n')
    return _lint(tmp_path)


def test_engine_importing_qt_breaks_the_contract(tmp_path):
    result = _lint_with_module(tmp_path, "desktop/engine/sneaky.py", "import PySide6.QtCore")
    assert result.returncode != 0
    assert "desktop.engine is not allowed to import PySide6" in result.stdout
    assert "desktop.engine.sneaky -> PySide6" in result.stdout


def test_gui_importing_a_cli_command_breaks_the_app_layers(tmp_path):
    # The cycle the app layers removed: the decision panel borrowing the CLI's formatting.
    result = _lint_with_module(tmp_path, "ui/decision/sneaky.py", "import desktop.commands.decide")
    assert result.returncode != 0
    assert "ui is not allowed to import desktop.commands" in result.stdout
    assert "ui.decision.sneaky -> desktop.commands.decide" in result.stdout


def test_domain_core_importing_storage_paths_breaks_the_app_layers(tmp_path):
    result = _lint_with_module(tmp_path, "desktop/tracker/sneaky.py", "import desktop.paths")
    assert result.returncode != 0
    assert "desktop.tracker is not allowed to import desktop.paths" in result.stdout
