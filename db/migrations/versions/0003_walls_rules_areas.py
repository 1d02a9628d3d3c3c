"""Schema 3: sessions keep their board's thin walls and the encounter's [rules]; units keep an
area attack (the monster-focus additions to encounter files).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # ADD COLUMN keeps the existing rows in place (no table rebuild, so no cascade risk);
    # sessions stored before had no thin walls, no rules and no area attacks.
    op.add_column(
        "sessions", sa.Column("thin_walls", sa.JSON, nullable=False, server_default=sa.text("'[]'"))
    )
    op.add_column(
        "sessions", sa.Column("rules", sa.JSON, nullable=False, server_default=sa.text("'{}'"))
    )
    op.add_column("units", sa.Column("aoe", sa.JSON, nullable=True))
    _set_schema("3")


def downgrade() -> None:
    op.drop_column("units", "aoe")  # SQLite 3.35+ drops in place, no table rebuild
    op.drop_column("sessions", "rules")
    op.drop_column("sessions", "thin_walls")
    _set_schema("2")


def _set_schema(number: str) -> None:
    info = sa.table("foebook_info", sa.column("key", sa.String), sa.column("value", sa.String))
    op.get_bind().execute(sa.update(info).where(info.c.key == "schema").values(value=number))
