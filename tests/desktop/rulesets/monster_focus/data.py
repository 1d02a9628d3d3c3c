"""Where the monster-focus acceptance data lives: ../shared/monster-focus beside the
repository (a worktree may sit one level deeper), and its scorer loaded from there."""

from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parents[4]


def acceptance_dir() -> Path:
    for folder in REPO.parents:
        candidate = folder / "shared" / "monster-focus"
        if (candidate / "check.py").is_file():
            return candidate
    raise AssertionError(f"no shared/monster-focus beside {REPO} or its parent folders")


def scorer():
    """The acceptance folder's check.py as a module (load_cases, score)."""
    path = acceptance_dir() / "check.py"
    spec = importlib.util.spec_from_file_location("monster_focus_check", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
