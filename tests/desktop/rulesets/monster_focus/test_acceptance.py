"""monster-focus against the acceptance data: all 456 turns (152 scenarios x 3 variants),
every valid outcome listed exactly once, in process and through `foebook decide`."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from desktop.encounter_file import load_encounter
from desktop.engine.decide import decide
from desktop.rulesets.registry import get_ruleset
from tests.desktop.rulesets.monster_focus.data import REPO, acceptance_dir, scorer


def test_every_acceptance_turn_gives_exactly_the_valid_outcomes_in_process():
    check = scorer()
    cases = check.load_cases(str(acceptance_dir()))
    assert len(cases) == 456
    ruleset = get_ruleset("monster-focus")
    failures = []
    for case in cases:
        decision = decide(load_encounter(case.path), "a1", ruleset)
        ok, why = check.score(case, decision.to_dict(), exact=True)
        if not ok:
            failures.append(f"{case.name}: {why}")
    assert failures == []


# 456 processes: about 40 s on a quiet 2-core machine, minutes beside another full run.
@pytest.mark.timeout(1800)
def test_check_py_scores_the_foebook_command_456_of_456():
    folder = acceptance_dir()
    started = time.perf_counter()
    result = subprocess.run(
        [
            sys.executable,
            str(folder / "check.py"),
            f"{sys.executable} -m desktop",
            "--exact",
            "--jobs",
            "4",
            "--dir",
            str(folder),
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=1700,
    )
    elapsed = time.perf_counter() - started
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "456/456 pass (exact)" in result.stdout
    print(f"check.py --exact over 456 processes: {elapsed:.1f} s")
