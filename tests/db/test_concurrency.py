"""Several Foebooks starting at once: the day's first backup, a new database made by many
imports together, and a database another process holds locked. Real processes, real files."""

from __future__ import annotations

import multiprocessing
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from db import engine as db_engine
from db.backup import backups
from db.engine import open_database
from db.repository import list_sessions
from desktop.cli import main

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "desktop/rulesets/card_flip_rpg/encounters/card-flip-goblin-ambush.toml"
FORK = multiprocessing.get_context("fork")  # the children share this process's imports


def _together(barrier, target, *args) -> None:
    barrier.wait(timeout=30)
    sys.exit(target(*args))


def run_together(target, argument_lists) -> list[int]:
    """Run target(*args) for each args in its own process, all released at the same moment."""
    barrier = FORK.Barrier(len(argument_lists))
    children = [
        FORK.Process(target=_together, args=(barrier, target, *args)) for args in argument_lists
    ]
    for child in children:
        child.start()
    for child in children:
        child.join(timeout=60)
    return [child.exitcode for child in children]


def _open_and_close(url: str) -> int:
    open_database(url).close()
    return 0


def test_two_first_opens_of_the_day_share_one_backup(tmp_path):
    for trial in range(6):
        path = tmp_path / f"t{trial}" / "foebook.sqlite3"
        path.parent.mkdir()
        open_database(f"sqlite:///{path}").close()  # made yesterday: no backup yet
        assert run_together(_open_and_close, [(f"sqlite:///{path}",)] * 2) == [0, 0]
        [copy] = backups(path)
        conn = sqlite3.connect(copy)
        assert conn.execute("PRAGMA quick_check").fetchone() == ("ok",)
        conn.close()
        assert sorted(p.name for p in copy.parent.iterdir()) == [copy.name]  # nothing stray


def _import(db: Path, name: str) -> int:
    return main(["sessions", "import", str(SAMPLE), "--name", name, "--db", str(db)])


def test_twenty_imports_into_a_fresh_database_all_land(tmp_path):
    db = tmp_path / "fresh.sqlite3"
    names = [f"game {i}" for i in range(20)]
    assert run_together(_import, [(db, name) for name in names]) == [0] * 20
    database = open_database(f"sqlite:///{db}")
    try:
        assert sorted(s.name for s in list_sessions(database)) == sorted(names)
    finally:
        database.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backups", "fresh.sqlite3"]


@pytest.mark.postgres
def test_parallel_first_opens_of_a_fresh_postgres_database(pg_url):
    assert run_together(_open_and_close, [(pg_url,)] * 6) == [0] * 6
    database = open_database(pg_url)
    try:
        assert list_sessions(database) == []
    finally:
        database.close()


HOLD_LOCK = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
print("locked", flush=True)
sys.stdin.read()
"""


def test_a_database_locked_by_another_process_is_one_line(tmp_path, monkeypatch, capsys):
    db = tmp_path / "busy.sqlite3"
    assert main(["sessions", "import", str(SAMPLE), "--name", "first", "--db", str(db)]) == 0
    capsys.readouterr()
    monkeypatch.setattr(db_engine, "BUSY_TIMEOUT_S", 0.3)  # the real wait is 10 s
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(db)],
        text=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    try:
        assert holder.stdout.readline() == "locked\n"
        status = main(["sessions", "import", str(SAMPLE), "--name", "second", "--db", str(db)])
        err = capsys.readouterr().err
    finally:
        holder.communicate("", timeout=30)
    assert status == 2 and err.count("\n") == 1
    assert f"{db} is in use: another Foebook (or another program) holds it" in err
    assert "Traceback" not in err and "INSERT" not in err
    # Once the other process lets go, the same command works.
    assert main(["sessions", "import", str(SAMPLE), "--name", "second", "--db", str(db)]) == 0
