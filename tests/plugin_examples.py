"""Plug-ins that fail, for the tests: the example plug-in's rule system (examples/), with an
`evaluate` that raises, or never ends, for the wolf of its sample encounter (the archer
still decides). Installed with the `site` fixture of tests/conftest.py, as `nearest-first`
from the distribution `broken-games`.

"Never" lasts until the test is over (the `site` fixture sets the module's `release`): a
thread left spinning would slow every later test of the run. Without the fixes, a loop
gives up after two minutes, far beyond any test's wait, so that such a run fails and goes on.
"""

from __future__ import annotations

from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "ruleset-plugin"
SAMPLE = EXAMPLE / "sample.toml"

_HEAD = """import threading
import time

from desktop.rulesets.data_loader import load_ruleset_data
from foebook_nearest_first import NearestFirst

release = threading.Event()
GIVE_UP_S = 120


class Broken(NearestFirst):
    def evaluate(self, ctx, chain):
        if ctx.unit.id == "wolf":
"""
_TAIL = """        return super().evaluate(ctx, chain)


def build():
    return Broken(load_ruleset_data("nearest-first", package="foebook_nearest_first"))
"""
RAISES = _HEAD + "            return ctx.unit.hp // (ctx.unit.hp - ctx.unit.hp)\n" + _TAIL
RAISING_LINE = 14  # the line of RAISES that divides by zero
LOOPS = (
    _HEAD
    + "            given_up = time.monotonic() + GIVE_UP_S\n"
    + "            while not release.is_set() and time.monotonic() < given_up:\n"
    + "                pass\n"
    + _TAIL
)


def install(site, monkeypatch, module: str, source: str) -> None:
    """Install the broken plug-in `module` (RAISES or LOOPS) with the `site` fixture."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    site("broken-games", {"nearest-first": f"{module}:build"}, {module: source})
