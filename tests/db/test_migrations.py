"""Schema migrations: every earlier version upgrades to head; models and migrations agree."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text

from db import migrate
from db.engine import normalise_url, open_database
from db.models import Base


def test_a_new_database_is_created_at_the_head_revision(db_url):
    database = open_database(db_url)
    try:
        with database.engine.connect() as conn:
            assert (
                MigrationContext.configure(conn).get_current_revision() == migrate.head_revision()
            )
            info = dict(conn.execute(text("SELECT key, value FROM foebook_info")).all())
        assert info["application"] == "foebook"
    finally:
        database.close()


def test_migrations_build_exactly_the_models(db_url):
    database = open_database(db_url)
    try:
        with database.engine.connect() as conn:
            differences = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert differences == []
    finally:
        database.close()


@pytest.mark.parametrize("start", [None, *migrate.known_revisions()[:-1]])
def test_upgrade_from_every_earlier_schema_version(db_url, start):
    engine = create_engine(normalise_url(db_url))
    try:
        if start is not None:
            migrate.upgrade_to(engine, start)
        migrate.upgrade(engine, "test database")
        with engine.connect() as conn:
            assert (
                MigrationContext.configure(conn).get_current_revision() == migrate.head_revision()
            )
            assert {"sessions", "units", "statuses", "terrain", "log_entries"} <= set(
                inspect(conn).get_table_names()
            )
    finally:
        engine.dispose()
    assert migrate.known_revisions()[-1] == migrate.head_revision()


def test_the_known_revisions_match_the_shipped_alembic_scripts():
    # migrate.SCHEMA_REVISIONS lets a normal start skip importing Alembic; it must list
    # exactly the scripts in db/migrations, in order, or upgrades would be skipped.
    assert migrate.script_revisions() == migrate.known_revisions()
    assert migrate.known_revisions()[-1] == migrate._script().get_current_head()
