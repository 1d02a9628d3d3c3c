"""Schema checks and Alembic upgrades, run every time a database is opened.

Order matters for safety: first decide whether the database is Foebook's and
not from a newer version (reading only), and only then let Alembic write.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib import resources
from typing import cast

from sqlalchemy import Connection, Engine, inspect, text

from db.errors import ForeignDatabaseError, NewerDatabaseError
from db.schema_revisions import APPLICATION_ID, SCHEMA_REVISIONS

log = logging.getLogger(__name__)


# PostgreSQL advisory lock key held while the schema is created or upgraded ("foeb").
SCHEMA_LOCK_KEY = 0x666F6562


def alembic_config():
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(resources.files("db").joinpath("migrations")))
    return config


@cache
def _script():
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config())


def script_revisions() -> list[str]:
    """The revisions of the Alembic scripts shipped in db/migrations, oldest first."""
    return [r.revision for r in reversed(list(_script().walk_revisions()))]


def head_revision() -> str:
    return SCHEMA_REVISIONS[-1]


def known_revisions() -> list[str]:
    """Every schema revision this Foebook knows, oldest first."""
    return list(SCHEMA_REVISIONS)


def inspect_schema(conn: Connection, where: str) -> str | None:
    """The database's schema revision (None when empty); raises when it is not ours to touch."""
    tables = set(inspect(conn).get_table_names())
    if not tables:
        return None
    if "foebook_info" not in tables:
        raise ForeignDatabaseError(
            f"{where} is a database, but not a Foebook one (its tables: "
            f"{', '.join(sorted(tables)[:6])}); it was left untouched. "
            "Choose another file with --db or FOEBOOK_DB"
        )
    info: dict[str, str] = dict(conn.execute(text("SELECT key, value FROM foebook_info")).all())
    if info.get("application") != APPLICATION_ID:
        raise ForeignDatabaseError(f"{where} was not made by Foebook; it was left untouched")
    revision = None
    if "alembic_version" in tables:
        revision = conn.execute(text("SELECT version_num FROM alembic_version")).scalar()
    if revision not in known_revisions():
        raise NewerDatabaseError(
            f"{where} was written by a newer Foebook (schema {info.get('schema', '?')}, "
            f"revision {revision}); this version knows schema revisions up to "
            f"{head_revision()}. Update Foebook to open it; the database was left untouched"
        )
    return revision


def upgrade(engine: Engine, where: str) -> None:
    """Bring the schema to this Foebook's head revision (creating it when the database is empty).

    Several Foebooks may open an old database at once: the upgrade runs under a lock,
    and whoever gets it second finds the work done and goes on.
    """
    with engine.connect() as conn:
        revision = inspect_schema(conn, where)
    if revision == head_revision():
        return
    with schema_lock(engine) as conn:
        revision = inspect_schema(conn, where)
        if revision == head_revision():
            return
        log.info("upgrading %s from schema %s to %s", where, revision, head_revision())
        _run_alembic(conn, "head")


def upgrade_to(engine: Engine, target: str) -> None:
    with schema_lock(engine) as conn:
        _run_alembic(conn, target)


@contextmanager
def schema_lock(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction that no other Foebook can be changing the schema in.

    SQLite: BEGIN IMMEDIATE takes the write lock up front (the driver would begin only
    before the first INSERT, leaving the CREATE TABLEs outside any transaction).
    PostgreSQL: a transaction-scoped advisory lock; its DDL is transactional anyway.
    """
    with engine.connect() as conn:
        if engine.dialect.name != "sqlite":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK_KEY})
            yield conn
            conn.commit()
            return
        # SQLAlchemy types the driver connection as Any | None; under sqlite+pysqlite it is
        # always the open sqlite3 connection.
        raw = cast(sqlite3.Connection, conn.connection.driver_connection)
        saved = raw.isolation_level
        raw.isolation_level = None  # the driver leaves transactions to us
        try:
            conn.exec_driver_sql("BEGIN IMMEDIATE")
            yield conn
            conn.commit()
        finally:
            conn.rollback()
            raw.isolation_level = saved


def _run_alembic(conn: Connection, target: str) -> None:
    from alembic import command

    config = alembic_config()
    config.attributes["connection"] = conn
    command.upgrade(config, target)
