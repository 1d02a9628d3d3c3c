"""The SQLite file deleted, or replaced by another Foebook database (moved or copied over it)
while a Foebook writes to it: the next write is refused, and every one after it, and neither
file is damaged, also once that Foebook has ended; a journal left without its database is
never applied to a new file. Real processes, real files."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from db.backup import daily_backup
from db.engine import open_database
from db.errors import MissingDatabaseError
from db.repository import list_sessions, new_session, session_log
from desktop.storage_url import sqlite_url
from tests.db.replaced_child import delete_then_kill
from tests.desktop.tracker.tiny_ruleset import rulesets, tiny_encounter

ROOT = Path(__file__).resolve().parents[2]


def database_with(path: Path, name: str) -> None:
    database = open_database(sqlite_url(path))
    new_session(database, name, tiny_encounter(), rulesets)
    database.close()


def full_check(path: Path) -> list[tuple[str]]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA integrity_check").fetchall()
    finally:
        conn.close()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_while(path: Path, name: str, disaster) -> list[str]:
    """A Foebook writes to `name` in `path`; `disaster()` happens between its commands."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.db.replaced_child", str(path), name],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline() == "ready\n", child.stderr.read()
        disaster()
        out, err = child.communicate("go\n", timeout=60)
    finally:
        child.kill()
    assert child.returncode == 0, err
    return out.splitlines()


def test_deleted_while_writing(tmp_path):
    path = tmp_path / "foebook.sqlite3"
    database_with(path, "friday")
    daily_backup(path, today=date(2030, 1, 2))
    lines = write_while(path, "friday", path.unlink)
    assert len(lines) == 3 and all(line.startswith("refused ") for line in lines)
    assert lines[0] == (
        f"refused {path} was deleted while Foebook had it open: this change was not saved, "
        "and no further change can be. Save the open session to a new file "
        "(File → Save session to a new file…)"
    )
    assert not path.exists()
    # The next start does not make a new empty file in its place without a word.
    with pytest.raises(MissingDatabaseError) as refused:
        open_database(sqlite_url(path))
    assert f"{path} is missing: it was deleted or moved away" in str(refused.value)
    assert "The newest backup is from 2030-01-02" in str(refused.value)
    assert not path.exists()


@pytest.mark.parametrize("how", ["mv", "cp"])
def test_replaced_by_another_foebook_database(tmp_path, how):
    path = tmp_path / "foebook.sqlite3"
    database_with(path, "friday")
    other = tmp_path / "elsewhere" / "other.sqlite3"
    other.parent.mkdir()
    database_with(other, "saturday")
    original = digest(other)
    spare = other.with_name("spare.sqlite3")
    shutil.copyfile(other, spare)

    def replace() -> None:
        if how == "mv":
            os.replace(spare, path)
        else:  # cp writes into the same file (the same inode)
            shutil.copyfile(other, path)

    lines = write_while(path, "friday", replace)
    what = "replaced by another file" if how == "mv" else "overwritten with another file's contents"
    assert (
        lines
        == [
            f"refused {path} was {what} while Foebook had it open: this change was not saved, and "
            "no further change can be. Save the open session to a new file "
            "(File → Save session to a new file…)"
        ]
        * 3
    )
    # The other database, now at the path, is exactly as it was, once that Foebook has ended.
    assert digest(path) == original
    assert full_check(path) == [("ok",)]
    assert not path.with_name(path.name + "-wal").exists()
    reopened = open_database(sqlite_url(path))
    try:
        assert [s.name for s in list_sessions(reopened)] == ["saturday"]
        assert session_log(reopened, "saturday") == []
    finally:
        reopened.close()


def test_deleted_then_killed_its_journal_is_never_applied_to_a_new_file(tmp_path):
    path = tmp_path / "foebook.sqlite3"
    database_with(path, "friday")
    backup = daily_backup(path, today=date(2030, 1, 2))
    delete_then_kill(path, "friday")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "backups",
        "foebook.sqlite3-shm",
        "foebook.sqlite3-wal",
    ]
    with pytest.raises(MissingDatabaseError) as refused:
        open_database(sqlite_url(path))
    message = str(refused.value)
    assert message.startswith(f"{path} is missing: it was deleted or moved away; what was left")
    assert "foebook.sqlite3-wal.orphaned-" in message and "never applied" in message
    assert f"The newest backup is from 2030-01-02: to restore it, copy {backup} to {path}" in (
        message
    )
    assert not path.exists()
    assert sorted(p.name.split(".orphaned-")[0] for p in tmp_path.glob("*.orphaned-*")) == [
        "foebook.sqlite3-shm",
        "foebook.sqlite3-wal",
    ]
    # Asked for, a new empty database: whole, with nothing of the old journal in it.
    fresh = open_database(sqlite_url(path), start_over=True)
    try:
        assert list_sessions(fresh) == []
    finally:
        fresh.close()
    assert full_check(path) == [("ok",)]
