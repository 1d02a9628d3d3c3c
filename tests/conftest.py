"""Test-wide set-up: keep every test away from the real user profile, and run the GUI on a
real X server (pytest-xvfb starts a private Xvfb) so pointer, focus and window activation
behave as on a desktop; `offscreen` only where no X server can be had."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop import quick_enums

# As the app does at its start: Qt's enums made the quick way, before pytest-qt imports Qt, so
# that the GUI tests run on the enums the app runs on.
quick_enums.install()

_SANDBOX = Path(tempfile.mkdtemp(prefix="foebook-tests-"))


@pytest.hookimpl(trylast=True)  # after pytest-xvfb has started Xvfb and set DISPLAY
def pytest_configure(config) -> None:
    xvfb = config.pluginmanager.get_plugin("xvfb")
    if xvfb is not None and xvfb.xvfb_instance is not None:
        os.environ["QT_QPA_PLATFORM"] = "xcb"
    else:  # no Xvfb: the developer's own X server if there is one, else no screen at all
        os.environ.setdefault(
            "QT_QPA_PLATFORM", "xcb" if os.environ.get("DISPLAY") else "offscreen"
        )
    # Set before any QApplication or platformdirs call reads them.
    os.environ["FOEBOOK_DATA_DIR"] = str(_SANDBOX / "data")
    os.environ["XDG_CONFIG_HOME"] = str(_SANDBOX / "config")
    os.environ["XDG_DATA_HOME"] = str(_SANDBOX / "share")


# A wait ends as soon as its condition holds; its limit only says how long a wait that
# *fails* takes. pytest-qt's 5 s default is tripped by a busy 2-core machine (a window
# that takes 6 s to become active there is no bug), so every wait that names no limit of
# its own gets 30 s.
WAIT_MS = 30_000
for _name in (
    "waitUntil",
    "waitSignal",
    "waitSignals",
    "waitActive",
    "waitExposed",
    "waitCallback",
):
    setattr(QtBot, _name, functools.partialmethod(getattr(QtBot, _name), timeout=WAIT_MS))


class PausableServer:
    """A PostgreSQL server of one test's own, which the test stops and starts again."""

    SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "pg-test-server.sh"

    def __init__(self) -> None:
        result = self._run("start")
        lines = result.stdout.split("\n")
        self.url = lines[0].strip()
        self.directory = next(line[4:] for line in lines if line.startswith("dir="))

    def _run(self, *args: str):
        result = subprocess.run(
            [str(self.SCRIPT), *args], capture_output=True, text=True, timeout=120
        )
        if result.returncode != 0:
            pytest.fail(f"pg-test-server.sh {args[0]} failed:\n{result.stderr}", pytrace=False)
        return result

    def pause(self) -> None:
        self._run("pause", self.directory)

    def resume(self) -> None:
        self._run("resume", self.directory)

    def hang(self) -> None:
        """Freeze the server (SIGSTOP): connections are accepted and never answered."""
        self._run("hang", self.directory)

    def unhang(self) -> None:
        self._run("unhang", self.directory)

    def remove(self) -> None:
        self._run("unhang", self.directory)  # a stopped server would not stop
        self._run("stop", self.directory)


@pytest.fixture
def scratch():
    """A folder the `nobody` user can use (pytest's tmp_path is private to root), for the
    permission cases run as nobody (tests/as_nobody.py)."""
    folder = Path(tempfile.mkdtemp(prefix="foebook-access-"))
    folder.chmod(0o777)
    yield folder
    for path in [folder, *folder.rglob("*")]:
        if not path.is_symlink():
            path.chmod(0o777)
    shutil.rmtree(folder)


@pytest.fixture(autouse=True)
def _no_rule_packs_left():
    """A rule pack a test adds (a file, an installed one) is forgotten after it, and the
    packs it installed into the run's data folder are removed."""
    yield
    from desktop.rulesets import registry

    if registry._PACKS or registry._FINDERS:
        registry.forget_packs()
    installed = Path(os.environ["FOEBOOK_DATA_DIR"]) / "packs"
    if installed.is_dir():
        shutil.rmtree(installed)


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A folder on sys.path where installed distributions are faked: `add(dist, entries)`
    writes a .dist-info with entry points, as pip would, for the registry to discover."""
    from desktop.rulesets import registry
    from desktop.rulesets.registry import GROUP, get_ruleset

    monkeypatch.syspath_prepend(str(tmp_path))
    registry._discovered.cache_clear()
    get_ruleset.cache_clear()

    def add(dist: str, entries: dict[str, str], modules: dict[str, str] | None = None) -> None:
        info = tmp_path / f"{dist.replace('-', '_')}-1.0.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n")
        lines = [f"[{GROUP}]", *(f"{name} = {value}" for name, value in entries.items())]
        (info / "entry_points.txt").write_text("\n".join(lines) + "\n")
        for name, source in (modules or {}).items():
            (tmp_path / f"{name}.py").write_text(source)
        registry._discovered.cache_clear()

    yield add
    registry._discovered.cache_clear()
    get_ruleset.cache_clear()
    for name in [m for m in sys.modules if m.startswith(("plugin_", "foebook_nearest_first"))]:
        release = getattr(sys.modules.pop(name), "release", None)
        if release is not None:  # a plug-in made to loop: its thread ends with the test
            release.set()


@pytest.fixture
def pausable_pg():
    server = PausableServer()
    yield server
    server.remove()
