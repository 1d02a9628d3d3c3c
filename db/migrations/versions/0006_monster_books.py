"""Schema 6: scenarios from a monster book: the book a session carries (`sessions.book`), the
scenario level and play state (`sessions.scenario`), and which standee of which type a unit
is (`units.standee`).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def _schema(value: str) -> None:
    info = sa.table("foebook_info", sa.column("key", sa.String), sa.column("value", sa.String))
    op.get_bind().execute(sa.update(info).where(info.c.key == "schema").values(value=value))


def upgrade() -> None:
    # An older session has no book, plays at level 0 and its units are no standees.
    op.add_column("sessions", sa.Column("book", sa.JSON, nullable=True))
    op.add_column(
        "sessions", sa.Column("scenario", sa.JSON, nullable=False, server_default=sa.text("'{}'"))
    )
    op.add_column("units", sa.Column("standee", sa.JSON, nullable=True))
    _schema("6")


def downgrade() -> None:
    op.drop_column("units", "standee")
    op.drop_column("sessions", "scenario")
    op.drop_column("sessions", "book")
    _schema("5")
