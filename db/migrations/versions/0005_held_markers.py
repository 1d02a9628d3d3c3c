"""Schema 5: the markers the active unit gained during its own turn, which last until the end
of its next one (`sessions.held`).

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _schema(value: str) -> None:
    info = sa.table("foebook_info", sa.column("key", sa.String), sa.column("value", sa.String))
    op.get_bind().execute(sa.update(info).where(info.c.key == "schema").values(value=value))


def upgrade() -> None:
    # An older session held nothing: every marker it has expires as before.
    op.add_column(
        "sessions", sa.Column("held", sa.JSON, nullable=False, server_default=sa.text("'{}'"))
    )
    _schema("5")


def downgrade() -> None:
    op.drop_column("sessions", "held")
    _schema("4")
