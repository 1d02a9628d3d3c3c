"""The documented limits are playable: per ruleset, a 200x200 board with 500 units
(scenarios.limits_encounter) opens in the app within 1.5 s, every Enter (the decision
applied and the next one shown, six in a row) takes at most 150 ms, a whole
`foebook decide` process at most 1 s, and the app's memory stays under 300 MB.

The app's figures come from limits_child.py, run in a process of its own per round (a
fresh window and database, as a user opening the session); its peak memory is the RSS
figure. Each ruleset's database and encounter file are made once per run. Times are CPU
seconds (harness.py: a busy machine's waits are not the app's); the Enter rounds read the
app processes the open rounds started, so every process gives both figures.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

from tests.benchmarks.bench_engine_card_flip import decide_process
from tests.benchmarks.harness import Benchmark, Budget
from tests.benchmarks.scenarios import LIMIT_RULESETS, limits_encounter

CHILD = Path(__file__).with_name("limits_child.py")
SESSION = "limits"
ENTERS = 6
_folder = tempfile.mkdtemp(prefix="foebook-limits-")


@cache
def _files(ruleset: str) -> tuple[Path, Path]:
    """(database holding the session, encounter file) for `ruleset`, made once."""
    from db.engine import open_database
    from db.repository import new_session
    from desktop.encounter_file import save_encounter
    from desktop.storage_url import sqlite_url

    encounter = limits_encounter(ruleset)
    database_path = Path(_folder) / f"{ruleset}.sqlite3"
    database = open_database(sqlite_url(str(database_path)), backup=False)
    new_session(database, SESSION, encounter)
    database.close()
    encounter_path = Path(_folder) / f"{ruleset}.toml"
    save_encounter(encounter, encounter_path)
    return database_path, encounter_path


_runs: dict[str, list[dict]] = {}


def _child(ruleset: str) -> dict:
    """One app process: open the session, press Enter ENTERS times."""
    database_path, _ = _files(ruleset)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=_folder)
    result = subprocess.run(
        [sys.executable, str(CHILD), str(database_path), SESSION, str(ENTERS)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=True,
    )
    run = json.loads(result.stdout.strip().splitlines()[-1])
    _runs.setdefault(ruleset, []).append(run)
    return run


def _open(ruleset: str):
    return lambda: _child(ruleset)["open_cpu_s"]


_entered: dict[str, int] = {}  # per ruleset, how many app processes the Enter rounds read


def _enter(ruleset: str):
    """The slowest Enter of an app process (each one is a player waiting): of the processes
    the open rounds ran, then of new ones."""

    def run() -> float:
        done = _entered.get(ruleset, 0)
        _entered[ruleset] = done + 1
        runs = _runs.get(ruleset, [])
        return max((runs[done] if done < len(runs) else _child(ruleset))["enter_cpu_s"])

    return run


def _peak_mb(ruleset: str) -> float:
    """The highest peak memory of every app process this run made for `ruleset`."""
    return max(run["rss_mb"] for run in _runs[ruleset])


def _decide(ruleset: str):
    def run() -> float:
        _, encounter_path = _files(ruleset)
        return decide_process(encounter_path, "e0")

    return run


BENCHMARKS = []
for _ruleset in LIMIT_RULESETS:
    _size = "200x200, 500 units"
    BENCHMARKS += [
        Benchmark(
            f"limits {_ruleset}: open the session in the app, {_size}",
            _open(_ruleset),
            budget=Budget.cpu(1.5),
            rounds=3,
            setup=lambda r=_ruleset: _files(r),
            self_timed=True,
            clock="cpu",
        ),
        Benchmark(
            f"limits {_ruleset}: Enter (apply, next decision shown), {_size}",
            _enter(_ruleset),
            budget=Budget.cpu(0.150),
            rounds=3,
            self_timed=True,
            clock="cpu",
        ),
        Benchmark(
            f"limits {_ruleset}: foebook decide, whole process, {_size}",
            _decide(_ruleset),
            budget=Budget.process(1.0),
            rounds=3,
            self_timed=True,
            clock="cpu",
        ),
        Benchmark(
            f"limits {_ruleset}: app's peak memory (MB), {_size}",
            lambda r=_ruleset: _peak_mb(r),
            budget=Budget.megabytes(300),
            rounds=1,
            self_timed=True,
        ),
    ]
