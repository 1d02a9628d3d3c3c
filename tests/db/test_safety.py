"""Corrupt, foreign and newer databases are refused clearly and left byte-for-byte untouched."""

from __future__ import annotations

import hashlib
import sqlite3
from datetime import date

import pytest
from sqlalchemy import text

from db.backup import backups, daily_backup
from db.engine import open_database
from db.errors import CorruptDatabaseError, ForeignDatabaseError, NewerDatabaseError


def fingerprint(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.iterdir()) if p.is_file()}


def refused(path, error, match):
    before = fingerprint(path.parent)
    with pytest.raises(error, match=match):
        open_database(f"sqlite:///{path}")
    assert fingerprint(path.parent) == before  # nothing written, nothing added


def test_a_file_that_is_not_a_database(tmp_path):
    path = tmp_path / "notes.sqlite3"
    path.write_text("my shopping list\n" * 50)
    refused(path, CorruptDatabaseError, "is not a SQLite database .* left untouched")


def test_a_damaged_database(tmp_path):
    path = tmp_path / "foebook.sqlite3"
    database = open_database(f"sqlite:///{path}")
    database.close()
    data = bytearray(path.read_bytes())
    data[4096:8192] = b"\xff" * 4096  # trash the second page
    path.write_bytes(bytes(data))
    refused(path, CorruptDatabaseError, "is damaged")


def test_someone_elses_database(tmp_path):
    path = tmp_path / "photos.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE albums (id INTEGER PRIMARY KEY, title TEXT)")
    conn.commit()
    conn.close()
    refused(path, ForeignDatabaseError, r"not a Foebook one \(its tables: albums\)")


def test_a_database_from_a_newer_foebook(tmp_path):
    path = tmp_path / "foebook.sqlite3"
    database = open_database(f"sqlite:///{path}")
    with database.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
        conn.execute(text("UPDATE foebook_info SET value = '7' WHERE key = 'schema'"))
    database.close()
    refused(path, NewerDatabaseError, r"written by a newer Foebook \(schema 7, revision 9999\)")


def test_newer_postgres_database_is_refused(pg_url):
    database = open_database(pg_url)
    with database.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    database.close()
    with pytest.raises(NewerDatabaseError, match="newer Foebook"):
        open_database(pg_url)


test_newer_postgres_database_is_refused = pytest.mark.postgres(
    test_newer_postgres_database_is_refused)


def test_one_backup_per_day_of_use_rotating(tmp_path):
    path = tmp_path / "foebook.sqlite3"
    open_database(f"sqlite:///{path}").close()
    assert backups(path) == []  # a new empty database has nothing to back up yet...
    open_database(f"sqlite:///{path}").close()
    assert len(backups(path)) == 1  # ...the next opening that day copies it once
    open_database(f"sqlite:///{path}").close()
    assert len(backups(path)) == 1
    for day in range(1, 12):
        daily_backup(path, today=date(2030, 1, day), keep=7)
    names = [p.name for p in backups(path)]
    assert len(names) == 7
    assert names[-1] == "foebook-2030-01-11.sqlite3"
    copy = sqlite3.connect(backups(path)[-1])
    assert copy.execute("PRAGMA quick_check").fetchone() == ("ok",)
    assert copy.execute("SELECT value FROM foebook_info WHERE key='application'").fetchone() \
        == ("foebook",)
    copy.close()
