"""Colours used across the app, chosen from the Okabe–Ito palette so that sides,
highlights and overlays stay distinguishable for colour-blind players."""

from __future__ import annotations

from PySide6.QtGui import QColor

from desktop.engine.board import Terrain

ENEMY = QColor("#D55E00")  # vermilion
PLAYER = QColor("#0072B2")  # blue
DEFEATED = QColor("#9A9A9A")
TARGET = QColor("#E69F00")  # orange
PATH = QColor("#009E73")  # bluish green
SIGHT = QColor("#CC79A7")  # reddish purple
MOVE_RANGE = QColor(86, 180, 233, 75)  # sky blue, translucent fill
ATTACK_RANGE = QColor(230, 159, 0, 150)  # orange hatching: never mistaken for terrain
ACTIVE = QColor("#F0E442")  # yellow: the unit whose turn it is
SELECTED = QColor("#000000")

TERRAIN_FILL = {
    Terrain.OPEN: QColor("#F4F1EA"),
    Terrain.WALL: QColor("#4A4A52"),
    Terrain.HAZARD: QColor("#2F6F99"),
    Terrain.DIFFICULT: QColor("#D9C9A3"),
    Terrain.COVER: QColor("#A8C99A"),
    Terrain.DOOR: QColor("#B07A45"),
    Terrain.OBJECTIVE: QColor("#F4F1EA"),
    Terrain.WINDOW: QColor("#A9C6D8"),  # pale glass blue-grey, between wall and open ground
}
GRID_LINE = QColor("#C9C3B6")
HP_GOOD = QColor("#009E73")
HP_HURT = QColor("#E69F00")
HP_LOW = QColor("#D55E00")


def hp_colour(hp: int, max_hp: int) -> QColor:
    fraction = hp / max_hp if max_hp else 0
    if fraction > 0.5:
        return HP_GOOD
    if fraction > 0.25:
        return HP_HURT
    return HP_LOW
