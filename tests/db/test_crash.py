"""Crash safety: a writer killed with SIGKILL at a random moment loses no reported command."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from db.engine import open_database
from db.repository import new_session, open_session
from desktop.tracker import Session
from tests.db.crash_child import command_for
from tests.desktop.tracker.tiny_ruleset import TINY, rulesets, tiny_encounter

ROOT = Path(__file__).resolve().parents[2]


def run_and_kill(url: str, name: str, rng: random.Random) -> list[int]:
    """Start the child, kill it after a random number of commits or a random delay."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.db.crash_child", url, name],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )
    assert child.stdout is not None
    reported: list[int] = []
    after_lines = rng.randint(1, 80)
    # Whichever comes first once it is writing: a random number of commits, or a random
    # moment (most likely in the middle of a transaction).
    timer = threading.Timer(rng.uniform(0.0, 0.3), child.send_signal, [signal.SIGKILL])
    try:
        for line in child.stdout:
            reported.append(int(line.split()[1]))
            if len(reported) == 1:
                timer.start()
            if len(reported) >= after_lines:
                child.send_signal(signal.SIGKILL)
                break
    finally:
        timer.cancel()
        child.kill()
        child.wait(timeout=30)
        child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    return reported


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_reported_command_survives_sigkill(tmp_path, seed):
    rng = random.Random(seed)
    url = f"sqlite:///{tmp_path / 'crash.sqlite3'}"
    database = open_database(url)
    new_session(database, "crash", tiny_encounter(), rulesets)
    database.close()
    all_reported: list[int] = []
    for _ in range(3):  # kill, reopen and carry on, three times
        all_reported += run_and_kill(url, "crash", rng)
        raw = sqlite3.connect(tmp_path / "crash.sqlite3")
        assert raw.execute("PRAGMA quick_check").fetchone() == ("ok",)
        raw.close()
        database = open_database(url)
        try:
            session = open_session(database, "crash", rulesets)
            seqs = [h.seq for h in session.history]
            assert seqs == list(range(1, len(seqs) + 1))
            assert set(all_reported) <= set(seqs)
            # The stored state is exactly what the logged commands produce.
            reference = Session.in_memory(tiny_encounter(), TINY, dice_seed=session.state.dice.seed)
            for index in range(len(seqs)):
                reference.execute(command_for(index))
            assert session.state == reference.state
        finally:
            database.close()
    assert all_reported
