"""A stored session's rows as the tracker's sections: one reading shared by the store's load
(SQLAlchemy) and the first read at start (the standard library's sqlite3)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from desktop.tracker.state import Sections

# The session row's columns behind the sections kept as they are stored.
SESSION_SCALARS = {
    "name": "encounter_name",
    "round": "round",
    "phase": "phase",
    "pointer": "pointer",
    "order": "activation_order",
    "ties": "ties",
    "memory": "memory",
    "cards": "cards",
    "dice": "dice",
    "rules": "rules",
    "held": "held",
    "book": "book",
    "scenario": "scenario",
}


def sections_from_rows(
    session: Mapping[Any, Any],
    terrain: Sequence[Sequence[Any]],
    units: Sequence[Mapping[Any, Any]],
    statuses: Sequence[Sequence[Any]],
) -> Sections:
    """The sections of a session from its row, its terrain rows (cells, heights) in order,
    its unit rows in roster order and its status rows (unit row id, marker, counter) in
    order; JSON columns already decoded."""
    by_unit: dict[int, list[tuple[str, int | None]]] = {}
    for unit_pk, status, counter in statuses:
        by_unit.setdefault(unit_pk, []).append((status, counter))
    # Heights are written for every row or for none (the store's write): when any row has
    # them, every row does.
    has_heights = any(h is not None for _, h in terrain)
    sections: Sections = {
        "board": {
            "shape": session["board_shape"],
            "rows": [c for c, _ in terrain],
            "heights": [[int(x) for x in cast(str, h)] for _, h in terrain]
            if has_heights
            else None,
            "thin_walls": session["thin_walls"],
        },
        "units": {
            u["unit_id"]: {
                "id": u["unit_id"],
                "name": u["name"],
                "side": u["side"],
                "at": [u["col"], u["row"]],
                "hp": u["hp"],
                "max_hp": u["max_hp"],
                "ai": u["ai"],
                "stats": u["stats"],
                "tags": u["tags"],
                "weapons": u["weapons"],
                "aoe": u["aoe"],
                "standee": u["standee"],
                **u["fields"],
                "statuses": [s for s, _ in by_unit.get(u["id"], [])],
                "counters": {s: c for s, c in by_unit.get(u["id"], []) if c is not None},
            }
            for u in units
        },
        "roster": [u["unit_id"] for u in units],
    }
    for key, column in SESSION_SCALARS.items():
        sections[key] = session[column]
    return sections
