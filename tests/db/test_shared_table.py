"""Two Foebook processes on one session: no lost update, and each sees the other's changes.

How soon a change shows in the other Foebook is a speed figure: tests/benchmarks measure it."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from db.engine import open_database
from db.repository import new_session, open_session
from db.shared_table import POLL_INTERVAL_S, SessionWatcher
from desktop.tracker.commands import Damage, Note
from tests.db.shared_child import COUNT
from tests.desktop.tracker.tiny_ruleset import rulesets, tiny_encounter

ROOT = Path(__file__).resolve().parents[2]


def _two_processes(url: str) -> None:
    database = open_database(url)
    try:
        session = new_session(database, "table", tiny_encounter(), rulesets)
        child = subprocess.Popen(
            [sys.executable, "-m", "tests.db.shared_child", url, "table"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=dict(os.environ),
        )
        try:
            assert child.stdout.readline().strip() == "ready"
            child.stdin.write("go\n")
            child.stdin.flush()
            for _ in range(COUNT):  # at the same time as the child
                session.execute(Damage("p1", 1))
            assert child.stdout.readline().strip() == "done"
            session.refresh()  # (already current if our last write had to reload)
            hp = session.state.unit("p1").hp
            damage = [h for h in session.history if h.kind == "damage"]
            assert (hp, len(damage)) == (10 - 2 * COUNT, 2 * COUNT)  # not one update lost
            assert [h.seq for h in session.history] == list(range(1, 2 * COUNT + 1))
            session.execute(Note("ping"))
            line = child.stdout.readline().strip()
            assert line == "seen", line  # within the child's deadline
        finally:
            child.stdin.close()
            child.wait(timeout=60)
            child.stdout.close()
        assert child.returncode == 0
    finally:
        database.close()


@pytest.mark.postgres
def test_two_processes_share_a_postgres_session(pg_url):
    _two_processes(pg_url)


def test_two_processes_share_a_sqlite_session(sqlite_url):
    _two_processes(sqlite_url)


def test_the_background_watcher_reports_changes(database):
    mine = new_session(database, "table", tiny_encounter(), rulesets)
    theirs = open_session(database, "table", rulesets)
    seen = threading.Event()
    watcher = SessionWatcher(mine, interval=0.05, on_change=seen.set)
    watcher.start()
    try:
        theirs.execute(Damage("e1", 1))
        assert seen.wait(30)  # as soon as it polls; 30 s only for a very busy machine
    finally:
        watcher.stop()
    assert mine.refresh() and mine.state == theirs.state
    assert POLL_INTERVAL_S < 2.0
