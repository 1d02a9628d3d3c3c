"""Schema 4: a unit's ruleset-declared fields in one JSON column `fields`, in place of the
`guards` and `priorities` columns (their values move into it).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def _units(*columns: sa.ColumnClause) -> sa.TableClause:
    return sa.table("units", sa.column("id", sa.Integer), *columns)


def _schema(value: str) -> None:
    info = sa.table("foebook_info", sa.column("key", sa.String), sa.column("value", sa.String))
    op.get_bind().execute(sa.update(info).where(info.c.key == "schema").values(value=value))


def upgrade() -> None:
    # ADD and DROP COLUMN keep the rows in place (no table rebuild, so no cascade risk).
    op.add_column(
        "units", sa.Column("fields", sa.JSON, nullable=False, server_default=sa.text("'{}'"))
    )
    units = _units(
        sa.column("guards", sa.String),
        sa.column("priorities", sa.JSON),
        sa.column("fields", sa.JSON),
    )
    conn = op.get_bind()
    rows = conn.execute(sa.select(units.c.id, units.c.guards, units.c.priorities)).all()
    for pk, guards, priorities in rows:
        fields = {}
        if guards:
            fields["guards"] = guards
        if priorities:
            fields["priorities"] = list(priorities)
        if fields:
            conn.execute(sa.update(units).where(units.c.id == pk).values(fields=fields))
    op.drop_column("units", "guards")
    op.drop_column("units", "priorities")
    _schema("4")


def downgrade() -> None:
    op.add_column("units", sa.Column("guards", sa.String(64), nullable=True))
    op.add_column(
        "units", sa.Column("priorities", sa.JSON, nullable=False, server_default=sa.text("'[]'"))
    )
    units = _units(
        sa.column("guards", sa.String),
        sa.column("priorities", sa.JSON),
        sa.column("fields", sa.JSON),
    )
    conn = op.get_bind()
    for pk, fields in conn.execute(sa.select(units.c.id, units.c.fields)).all():
        if fields:
            conn.execute(
                sa.update(units)
                .where(units.c.id == pk)
                .values(
                    guards=fields.get("guards"), priorities=list(fields.get("priorities") or [])
                )
            )
    op.drop_column("units", "fields")
    _schema("3")
