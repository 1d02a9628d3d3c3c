"""Test-wide set-up: keep every test away from the real user profile."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

_SANDBOX = Path(tempfile.mkdtemp(prefix="foebook-tests-"))


def pytest_configure(config) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # Set before any QApplication or platformdirs call reads them.
    os.environ["FOEBOOK_DATA_DIR"] = str(_SANDBOX / "data")
    os.environ["XDG_CONFIG_HOME"] = str(_SANDBOX / "config")
    os.environ["XDG_DATA_HOME"] = str(_SANDBOX / "share")
