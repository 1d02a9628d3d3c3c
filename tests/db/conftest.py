"""Databases for the storage tests: a SQLite file per test, and a real PostgreSQL server.

The PostgreSQL cluster is started once per test run by scripts/pg-test-server.sh
(initdb + pg_ctl on a free loopback port, as the postgres user when run as
root) for tests marked `postgres`, and each such test gets its own database.
If the server cannot start, those tests fail with the script's output: they
never skip.
"""

from __future__ import annotations

import subprocess
import uuid
from pathlib import Path

import psycopg
import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "pg-test-server.sh"


@pytest.fixture(scope="session")
def pg_server():
    result = subprocess.run([str(SCRIPT), "start"], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        pytest.fail(
            f"could not start the throwaway PostgreSQL server:\n{result.stderr}", pytrace=False
        )
    lines = result.stdout.split("\n")
    url = lines[0].strip()
    directory = next(line[4:] for line in lines if line.startswith("dir="))
    try:
        yield url
    finally:
        subprocess.run([str(SCRIPT), "stop", directory], capture_output=True, timeout=120)


def _admin(url: str):
    return psycopg.connect(url.replace("+psycopg", ""), autocommit=True)


@pytest.fixture
def pg_url(pg_server):
    """A fresh, empty database on the test server."""
    name = f"foebook_{uuid.uuid4().hex[:12]}"
    with _admin(pg_server) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = pg_server.rpartition("/")
    yield f"{base}/{name}"
    with _admin(pg_server) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'foebook.sqlite3'}"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request):
    """Run a test against both supported backends."""
    if request.param == "sqlite":
        return request.getfixturevalue("sqlite_url")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def database(db_url):
    from db.engine import open_database

    opened = open_database(db_url)
    yield opened
    opened.close()


@pytest.fixture
def reopen(database):
    """Open a session again through a new engine, as a restarted Foebook would (the tiny
    test rulesets); the engines close at the end."""
    from db import repository
    from db.engine import open_database
    from tests.desktop.tracker.tiny_ruleset import rulesets

    opened = []

    def _reopen(name):
        opened.append(open_database(database.url))
        return repository.open_session(opened[-1], name, rulesets)

    yield _reopen
    for again in opened:
        again.close()
