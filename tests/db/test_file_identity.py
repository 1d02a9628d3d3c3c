"""The check that the SQLite file at the path is still the one opened (db.file_identity)
must not mistake another Foebook's work on the same file for a different file. Real files,
and a real second process for the other Foebook."""

from __future__ import annotations

import subprocess
import sys

from db.engine import open_database
from db.repository import open_session, session_log
from desktop.storage_url import sqlite_url
from desktop.tracker.commands import Note
from tests.db.test_file_replaced import database_with
from tests.desktop.tracker.tiny_ruleset import rulesets

# The other Foebook, between two steps of a checkpoint: it has written the file's first page
# (whose header counts every page) but not yet the pages that make the file that long.
# Run as a process of its own: closing a file in this process would drop SQLite's locks.
HALF_CHECKPOINT = """
import os, sqlite3, sys
path = sys.argv[1]
sqlite3.connect(path).execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
size = os.path.getsize(path)
with open(path, "rb") as whole:
    whole.seek(size - 2 * 4096)
    tail = whole.read()
os.truncate(path, size - 2 * 4096)
print("half", flush=True)
sys.stdin.readline()
with open(path, "r+b") as whole:
    whole.seek(size - 2 * 4096)
    whole.write(tail)
print("whole", flush=True)
"""


def test_a_checkpoint_half_done_by_another_foebook_is_still_the_file_opened(tmp_path):
    path = tmp_path / "foebook.sqlite3"
    database_with(path, "friday")
    database = open_database(sqlite_url(path), backup=False)
    try:
        session = open_session(database, "friday", rulesets)
        for n in range(12):  # a file of several pages
            session.execute(Note(f"round {n}: " + "the ogre waits. " * 40))
        other = subprocess.Popen(
            [sys.executable, "-c", HALF_CHECKPOINT, str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert other.stdout.readline() == "half\n"
            assert database.identity is not None
            database.identity.check()  # what the next write asks first: not tripped
            other.stdin.write("go\n")
            other.stdin.flush()
            assert other.stdout.readline() == "whole\n"
        finally:
            other.communicate(timeout=60)
        session.execute(Note("the ogre charges"))  # saved, not refused
        assert not database.replaced
    finally:
        database.close()
    reopened = open_database(sqlite_url(path), backup=False)
    try:
        log = session_log(reopened, "friday")
        assert [(e.kind, e.text) for e in log[-2:]] == [
            ("note", "Note: round 11: " + "the ogre waits. " * 39 + "the ogre waits."),
            ("note", "Note: the ogre charges"),
        ]
    finally:
        reopened.close()
