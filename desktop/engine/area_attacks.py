"""An area attack read from plain data ({kind, hexes}): the one check the encounter file, the
tracker's unit commands and the unit editor share."""

from __future__ import annotations

from typing import Any

from desktop.engine.limits import MAX_BOARD_SIDE, MAX_LIST_ITEMS
from desktop.engine.units import AreaAttack

AOE_KINDS = ("melee", "ranged")
AREA_ATTACK_FORM = 'expected { kind = "melee" or "ranged", hexes = [[dq, dr], ...] }'


def _offset(value: Any) -> tuple[int, int] | None:
    whole = isinstance(value, list | tuple) and len(value) == 2
    if whole and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        return (value[0], value[1])
    return None


def area_attack_from(raw: Any) -> AreaAttack:
    """The area attack `raw` describes; ValueError saying what is wrong otherwise."""
    hexes = raw.get("hexes") if isinstance(raw, dict) else None
    kind = raw.get("kind") if isinstance(raw, dict) else None
    found = [_offset(h) for h in hexes] if isinstance(hexes, list | tuple) else [None]
    cells = [c for c in found if c is not None]
    if (
        kind not in AOE_KINDS
        or not cells
        or len(cells) != len(found)
        or set(raw) - {"kind", "hexes"}
    ):
        raise ValueError(AREA_ATTACK_FORM)
    # An area is a few hexes around its reference: anything wider than a board is a mistake.
    if len(cells) > MAX_LIST_ITEMS or any(abs(c) > MAX_BOARD_SIDE for cell in cells for c in cell):
        raise ValueError(f"at most {MAX_LIST_ITEMS} hexes, each offset within ±{MAX_BOARD_SIDE}")
    return AreaAttack(kind, tuple(cells))
