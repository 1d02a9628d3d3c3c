"""Colours used across the app, chosen from the Okabe–Ito palette so that sides,
highlights and overlays stay distinguishable for colour-blind players."""

from __future__ import annotations

from PySide6.QtGui import QColor, QGuiApplication, QPalette

from desktop.engine.board import Terrain

ENEMY = QColor("#D55E00")  # vermilion
PLAYER = QColor("#0072B2")  # blue
DEFEATED = QColor("#9A9A9A")
TARGET = QColor("#E69F00")  # orange
PATH = QColor("#009E73")  # bluish green
SIGHT = QColor("#CC79A7")  # reddish purple
MOVE_RANGE = QColor(86, 180, 233, 75)  # sky blue, translucent fill
ATTACK_RANGE = QColor(230, 159, 0, 150)  # orange hatching: never mistaken for terrain
AREA = QColor(204, 121, 167, 130)  # reddish purple, translucent: the hexes an area attack hits
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
    Terrain.OBSTACLE: QColor("#8C7B6B"),  # rubble brown-grey: solid, but not a wall
    Terrain.TRAP: QColor("#D55E00"),  # vermilion: danger underfoot
    Terrain.HAZARDOUS: QColor("#E69F00"),  # orange: a milder danger
    Terrain.ICY: QColor("#CFE8F3"),  # pale ice blue
}
GRID_LINE = QColor("#C9C3B6")
THIN_WALL = QColor("#26262B")  # near-black: a wall on a hex side, darker than any fill
BOARD_BACKGROUND = QColor("#E3DED3")
# The dark board: a map under dim light, the same hues so the legend still matches.
TERRAIN_FILL_DARK = {
    Terrain.OPEN: QColor("#3B3E44"),
    Terrain.WALL: QColor("#8A8F98"),  # lit stone: darker walls vanish on dim ground
    Terrain.HAZARD: QColor("#1F5378"),
    Terrain.DIFFICULT: QColor("#6B5D40"),
    Terrain.COVER: QColor("#3F6237"),
    Terrain.DOOR: QColor("#8E5F33"),
    Terrain.OBJECTIVE: QColor("#3B3E44"),
    Terrain.WINDOW: QColor("#4D6B80"),
    Terrain.OBSTACLE: QColor("#5E5248"),
    Terrain.TRAP: QColor("#8F3F00"),
    Terrain.HAZARDOUS: QColor("#9A6A00"),
    Terrain.ICY: QColor("#5F7A86"),
}
GRID_LINE_DARK = QColor("#575B62")
THIN_WALL_DARK = QColor("#E8E2D0")  # pale on the dark board, where dark walls would vanish
BOARD_BACKGROUND_DARK = QColor("#1E1F22")
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


def dark() -> bool:
    """Whether the application's palette is dark (the board follows it)."""
    window = QGuiApplication.palette().color(QPalette.ColorRole.Window)
    return window.lightness() < 128


def terrain_fill(terrain: Terrain) -> QColor:
    return (TERRAIN_FILL_DARK if dark() else TERRAIN_FILL)[terrain]


def grid_line() -> QColor:
    return GRID_LINE_DARK if dark() else GRID_LINE


def thin_wall() -> QColor:
    return THIN_WALL_DARK if dark() else THIN_WALL


def board_background() -> QColor:
    return BOARD_BACKGROUND_DARK if dark() else BOARD_BACKGROUND
