"""Schema 2: each session keeps its own dice (seed and draws used), so rolls replay.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

from __future__ import annotations

import random

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

SEED_LIMIT = 1 << 31  # as desktop.tracker.session_dice: fits a signed 32-bit integer


def upgrade() -> None:
    # ADD COLUMN keeps the existing rows in place (no table rebuild, so no cascade risk).
    op.add_column(
        "sessions", sa.Column("dice", sa.JSON, nullable=False, server_default=sa.text("'{}'"))
    )
    sessions = sa.table("sessions", sa.column("id", sa.Integer), sa.column("dice", sa.JSON))
    conn = op.get_bind()
    rng = random.SystemRandom()
    # Sessions started before now get dice of their own, seeded once and kept from here on.
    for (pk,) in conn.execute(sa.select(sessions.c.id)).all():
        conn.execute(
            sa.update(sessions)
            .where(sessions.c.id == pk)
            .values(dice={"seed": rng.randrange(SEED_LIMIT), "used": 0})
        )
    info = sa.table("foebook_info", sa.column("key", sa.String), sa.column("value", sa.String))
    conn.execute(sa.update(info).where(info.c.key == "schema").values(value="2"))


def downgrade() -> None:
    op.drop_column("sessions", "dice")  # SQLite 3.35+ drops in place, no table rebuild
    info = sa.table("foebook_info", sa.column("key", sa.String), sa.column("value", sa.String))
    op.get_bind().execute(sa.update(info).where(info.c.key == "schema").values(value="1"))
