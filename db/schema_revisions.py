"""What marks a database as Foebook's and its schema as this version's, known without
SQLAlchemy or Alembic (the first read at start, db/first_read.py, checks them too)."""

from __future__ import annotations

# Marks a database as Foebook's; a file without it is someone else's and is left alone.
APPLICATION_ID = "foebook"

# Every schema revision this Foebook knows, oldest first; a test checks it against the
# Alembic scripts. Knowing them without loading Alembic keeps a normal start fast: Alembic
# is imported only when a database really needs upgrading.
SCHEMA_REVISIONS: tuple[str, ...] = ("0001", "0002", "0003", "0004", "0005", "0006")
