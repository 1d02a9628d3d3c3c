"""How an elite standee stands out from its type's normal ones: a gold ring on its token and a
star after its name in the roster (Gloomhaven-family standees are gold for elites)."""

from __future__ import annotations

from PySide6.QtGui import QColor

from desktop.engine.units import Unit

ELITE = "elite"
ELITE_RING = QColor("#e0b000")
ELITE_MARK = " ★"


def is_elite(unit: Unit) -> bool:
    return unit.standee is not None and unit.standee.rank == ELITE


def standee_words(unit: Unit) -> list[str]:
    """Its rank, and the shield and retaliate it has this round (what players look
    up before they attack it): for tooltips."""
    standee = unit.standee
    if standee is None:
        return []
    words = [f"{standee.rank.capitalize()} standee"]
    guard = [
        f"{stat} {int(unit.stat(stat))}" for stat in ("shield", "retaliate") if unit.stat(stat)
    ]
    if guard:
        words.append(", ".join(guard).capitalize())
    return words
