"""Small formatting helpers shared by the headless subcommands."""

from __future__ import annotations

from collections.abc import Iterable


def format_cells(cells: Iterable[tuple[int, int]]) -> str:
    return " → ".join(f"[{c}, {r}]" for c, r in cells)
