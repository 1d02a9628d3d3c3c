"""Schema 1: sessions, units, statuses, terrain, log entries, and the Foebook marker.

Revision ID: 0001
Revises:
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from db.models import UtcDateTime

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    info = op.create_table(
        "foebook_info",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.String(200), nullable=False),
    )
    op.bulk_insert(
        info, [{"key": "application", "value": "foebook"}, {"key": "schema", "value": "1"}]
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("updated_at", UtcDateTime(), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("encounter_name", sa.String(200), nullable=False),
        sa.Column("board_shape", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("phase", sa.String(64), nullable=True),
        sa.Column("pointer", sa.Integer, nullable=False),
        sa.Column("activation_order", sa.JSON, nullable=False),
        sa.Column("ties", sa.JSON, nullable=False),
        sa.Column("memory", sa.JSON, nullable=False),
        sa.Column("cards", sa.JSON, nullable=False),
    )
    op.create_table(
        "units",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "session_id",
            sa.Integer,
            sa.ForeignKey("sessions.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("unit_id", sa.String(64), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("side", sa.String(16), nullable=False),
        sa.Column("col", sa.Integer, nullable=False),
        sa.Column("row", sa.Integer, nullable=False),
        sa.Column("hp", sa.Integer, nullable=False),
        sa.Column("max_hp", sa.Integer, nullable=False),
        sa.Column("ai", sa.String(64), nullable=True),
        sa.Column("guards", sa.String(64), nullable=True),
        sa.Column("stats", sa.JSON, nullable=False),
        sa.Column("tags", sa.JSON, nullable=False),
        sa.Column("weapons", sa.JSON, nullable=False),
        sa.Column("priorities", sa.JSON, nullable=False),
        sa.UniqueConstraint("session_id", "unit_id"),
    )
    op.create_table(
        "statuses",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "unit_pk", sa.Integer, sa.ForeignKey("units.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("status", sa.String(64), nullable=False),
        sa.Column("position", sa.Integer, nullable=False),
        sa.Column("counter", sa.Integer, nullable=True),
        sa.UniqueConstraint("unit_pk", "status"),
    )
    op.create_table(
        "terrain",
        sa.Column(
            "session_id",
            sa.Integer,
            sa.ForeignKey("sessions.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("row", sa.Integer, primary_key=True),
        sa.Column("cells", sa.Text, nullable=False),
        sa.Column("heights", sa.Text, nullable=True),
    )
    op.create_table(
        "log_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "session_id",
            sa.Integer,
            sa.ForeignKey("sessions.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("before", sa.JSON, nullable=False),
        sa.Column("after", sa.JSON, nullable=False),
        sa.UniqueConstraint("session_id", "seq"),
    )


def downgrade() -> None:
    for table in ("log_entries", "terrain", "statuses", "units", "sessions", "foebook_info"):
        op.drop_table(table)
