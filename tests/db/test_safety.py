"""Corrupt, foreign and newer databases are refused clearly and left byte-for-byte untouched."""

from __future__ import annotations

import hashlib
import re
import sqlite3
from datetime import date

import pytest
from sqlalchemy import text

from db.backup import backups, daily_backup
from db.engine import open_database
from db.errors import CorruptDatabaseError, ForeignDatabaseError, NewerDatabaseError


def fingerprint(folder):
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.iterdir())
        if p.is_file()
    }


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
    test_newer_postgres_database_is_refused
)


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
    assert copy.execute("SELECT value FROM foebook_info WHERE key='application'").fetchone() == (
        "foebook",
    )
    copy.close()


def used_database_with_backup(tmp_path, day="2030-01-02"):
    """A database with one session, and a backup of it dated `day`."""
    from db.repository import new_session
    from tests.desktop.tracker.tiny_ruleset import rulesets, tiny_encounter

    path = tmp_path / "foebook.sqlite3"
    database = open_database(f"sqlite:///{path}")
    new_session(database, "friday", tiny_encounter(), rulesets)
    database.close()
    backup = daily_backup(path, today=date.fromisoformat(day))
    return path, backup


def test_a_truncated_database_is_never_initialised_over(tmp_path, capsys):
    from desktop.cli import main

    path, backup = used_database_with_backup(tmp_path)
    path.write_bytes(b"")  # truncated to 0 bytes
    before = fingerprint(tmp_path)
    assert main(["sessions", "list", "--db", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "No sessions" not in err
    assert err.count("\n") == 1
    assert f"{path} is empty" in err and "left untouched" in err
    assert (
        f"The newest backup is from 2030-01-02: to restore it, move {path.name} aside "
        f"and copy {backup} in its place" in err
    )
    assert fingerprint(tmp_path) == before and path.stat().st_size == 0


def test_a_foreign_file_names_the_newest_backup(tmp_path):
    path, _ = used_database_with_backup(tmp_path, "2030-01-01")
    _, newest = used_database_with_backup(tmp_path / "x", "2030-01-05")
    newest.replace(tmp_path / "backups" / newest.name)
    path.write_text("not a database\n" * 100)
    refused(
        path,
        CorruptDatabaseError,
        r"not a SQLite database .* newest backup is from "
        r"2030-01-05",
    )


def test_damaged_pages_are_one_line_and_the_details_go_to_the_log(tmp_path, caplog):
    path = tmp_path / "foebook.sqlite3"
    open_database(f"sqlite:///{path}").close()
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE filler (x TEXT)")
    conn.execute("CREATE INDEX filler_x ON filler (x)")
    conn.executemany("INSERT INTO filler VALUES (?)", [(f"row {i} " * 5,) for i in range(3000)])
    conn.commit()
    conn.close()
    data = bytearray(path.read_bytes())
    for page in (6, 21, 41):  # scribble inside some b-tree pages: SQLite still opens it
        data[4096 * page + 100 : 4096 * page + 140] = b"\x07" * 40
    path.write_bytes(bytes(data))
    with pytest.raises(CorruptDatabaseError) as caught:
        open_database(f"sqlite:///{path}")
    message = str(caught.value)
    assert "\n" not in message
    assert re.search(
        r"is damaged \(SQLite's check found \d+ problems; the details are in "
        r"the log\); it was left untouched",
        message,
    )
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "out of order" in logged


def test_restoring_the_newest_backup_keeps_the_damaged_file(tmp_path):
    from db.backup import restore_backup
    from db.repository import list_sessions

    path, backup = used_database_with_backup(tmp_path)
    path.write_bytes(b"")
    aside = restore_backup(path, backup)
    assert aside.parent == tmp_path and aside.read_bytes() == b""
    database = open_database(f"sqlite:///{path}")
    try:
        assert [s.name for s in list_sessions(database)] == ["friday"]
    finally:
        database.close()


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgresql://u:p@host:abc/db", "the port must be a number"),
        ("postgres ql://u:secret@host/db", "is not a database URL"),
        ("mysql://u:secret@host/db", "no database driver"),
        ("postgresql://u:se/cr@et@host:x/db", "the port must be a number"),
    ],
)
def test_a_bad_url_is_one_line_without_the_password(url, expected, capsys):
    from desktop.cli import main

    assert main(["sessions", "list", "--db", url]) == 2
    err = capsys.readouterr().err
    assert expected in err and err.count("\n") == 1
    assert "secret" not in err and ":p@" not in err and "cr@et" not in err


def test_connection_refused_is_one_line(capsys):
    import socket

    from desktop.cli import main

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert main(["sessions", "list", "--db", f"postgresql://u:secret@127.0.0.1:{port}/db"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Connection refused" in err
    assert "secret" not in err and "cannot connect to" in err
