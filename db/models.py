"""Typed SQLAlchemy 2 models: sessions, their units and status markers, terrain and the log."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class UtcDateTime(TypeDecorator):
    """Timezone-aware UTC timestamps on every backend (SQLite keeps none)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value, dialect):
        if value is not None and value.tzinfo is None:
            raise ValueError("naive datetime; use UTC")
        return value.astimezone(UTC) if value is not None else None

    def process_result_value(self, value, dialect):
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


class Base(DeclarativeBase):
    type_annotation_map: ClassVar = {dict[str, Any]: JSON, list[Any]: JSON}


class DatabaseInfo(Base):
    """Key/value facts about the database itself: application id, schema number."""

    __tablename__ = "foebook_info"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class SessionRow(Base):
    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    ruleset: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    updated_at: Mapped[datetime] = mapped_column(UtcDateTime())
    # Bumped by every write; writers check it (optimistic concurrency) and readers poll it.
    version: Mapped[int] = mapped_column(Integer, default=0)
    encounter_name: Mapped[str] = mapped_column(String(200), default="")
    board_shape: Mapped[str] = mapped_column(String(16))
    round: Mapped[int] = mapped_column(Integer, default=1)
    phase: Mapped[str | None] = mapped_column(String(64))
    pointer: Mapped[int] = mapped_column(Integer, default=0)
    activation_order: Mapped[list[Any]] = mapped_column(JSON, default=list)
    ties: Mapped[list[Any]] = mapped_column(JSON, default=list)
    memory: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    cards: Mapped[list[Any]] = mapped_column(JSON, default=list)
    # The session's dice: {"seed": n, "used": draws} (desktop.tracker.session_dice).
    dice: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, server_default=text("'{}'"))
    # Walls on the sides between cells (or on the board's edge): [[[col, row], [col, row]], ...].
    thin_walls: Mapped[list[Any]] = mapped_column(JSON, default=list, server_default=text("'[]'"))
    # The encounter's [rules] table (the rule options its ruleset declares, e.g. a variant).
    rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, server_default=text("'{}'"))
    # Markers the active unit gained in its own turn that outlast it: {"unit", "statuses"},
    # and the units whose turn has begun this round: {"started"}.
    held: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict, server_default=text("'{}'"))
    # The monster book the session carries (types and ability decks), or NULL.
    book: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # The scenario level and what play from the book keeps: ability decks, this round's
    # cards, the attack modifier deck, elements (desktop.tracker.scenario_play).
    scenario: Mapped[dict[str, Any]] = mapped_column(
        JSON, default=dict, server_default=text("'{}'")
    )

    units: Mapped[list[UnitRow]] = relationship(
        back_populates="session",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="UnitRow.position",
    )
    terrain: Mapped[list[TerrainRow]] = relationship(
        cascade="all, delete-orphan", passive_deletes=True, order_by="TerrainRow.row"
    )


class UnitRow(Base):
    __tablename__ = "units"
    __table_args__ = (UniqueConstraint("session_id", "unit_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"))
    unit_id: Mapped[str] = mapped_column(String(64))
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(200))
    side: Mapped[str] = mapped_column(String(16))
    col: Mapped[int] = mapped_column(Integer)
    row: Mapped[int] = mapped_column(Integer)
    hp: Mapped[int] = mapped_column(Integer)
    max_hp: Mapped[int] = mapped_column(Integer)
    ai: Mapped[str | None] = mapped_column(String(64))
    stats: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    tags: Mapped[list[Any]] = mapped_column(JSON, default=list)
    weapons: Mapped[list[Any]] = mapped_column(JSON, default=list)
    # The ruleset's declared unit fields ({"guards": "boss"}, {"priorities": [...]}).
    fields: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    # An area attack: {"kind": "melee" | "ranged", "hexes": [[dq, dr], ...]}, or NULL.
    aoe: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # One standee of a unit type: {"type", "rank", "number"}, or NULL.
    standee: Mapped[dict[str, Any] | None] = mapped_column(JSON)

    session: Mapped[SessionRow] = relationship(back_populates="units")
    statuses: Mapped[list[StatusRow]] = relationship(
        cascade="all, delete-orphan", passive_deletes=True, order_by="StatusRow.position"
    )


class StatusRow(Base):
    __tablename__ = "statuses"
    __table_args__ = (UniqueConstraint("unit_pk", "status"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    unit_pk: Mapped[int] = mapped_column(ForeignKey("units.id", ondelete="CASCADE"))
    status: Mapped[str] = mapped_column(String(64))
    position: Mapped[int] = mapped_column(Integer)
    counter: Mapped[int | None] = mapped_column(Integer)


class TerrainRow(Base):
    """One board row as legend text (and its heights, one digit per cell, if any)."""

    __tablename__ = "terrain"

    session_id: Mapped[int] = mapped_column(
        ForeignKey("sessions.id", ondelete="CASCADE"), primary_key=True
    )
    row: Mapped[int] = mapped_column(Integer, primary_key=True)
    cells: Mapped[str] = mapped_column(Text)
    heights: Mapped[str | None] = mapped_column(Text)


class LogRow(Base):
    """One command: what was asked (payload) and the sections it changed (before/after)."""

    __tablename__ = "log_entries"
    __table_args__ = (UniqueConstraint("session_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("sessions.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    kind: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16))
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)
    before: Mapped[dict[str, Any]] = mapped_column(JSON)
    after: Mapped[dict[str, Any]] = mapped_column(JSON)
