"""The board scene: terrain, unit tokens and decision highlights for one encounter state."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping

from PySide6.QtCore import QEvent, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene, QGraphicsSceneMouseEvent

from desktop.engine.board import Cell, Terrain
from desktop.engine.decision import Outcome
from desktop.engine.encounter import Encounter
from desktop.engine.errors import RulesError
from desktop.engine.ruleset import StatusSpec
from desktop.engine.units import Unit
from desktop.rulesets.registry import capabilities_of, ruleset_data
from desktop.tracker.display_names import display_names
from ui import palette
from ui.board.cell_shapes import board_rect, cell_at, cell_centre, cell_polygon
from ui.board.highlights import Highlights
from ui.board.terrain_item import TerrainItem, ThinWallsItem
from ui.board.token_item import TokenItem, one_cell, token_centre
from ui.marker_looks import MarkerLook, marker_looks

MARGIN = 26.0  # scene units left and above the board, under the rulers


class BoardScene(QGraphicsScene):
    unitClicked = Signal(str)
    unitMoveRequested = Signal(str, int, int)
    unitContextMenuRequested = Signal(str, QPointF)  # unit id, screen position
    cellContextMenuRequested = Signal(int, int, QPointF)  # an empty cell, screen position
    cellHovered = Signal(int, int)  # (-1, -1) off the board
    # One brush stroke, sent when the button is released: [[column, row], ...], legend char.
    terrainStrokeRequested = Signal(list, str)

    def __init__(self, parent=None, *, show_hp: bool = True) -> None:
        super().__init__(parent)
        self.show_hp = show_hp
        self.encounter: Encounter | None = None
        self.size_of: Callable[[Unit], int] = one_cell  # the figure size of the encounter's ruleset
        self.statuses: Mapping[str, StatusSpec] = {}  # the ruleset's markers
        self.looks: dict[str, MarkerLook] = {}  # and how each looks
        self.tokens: dict[str, TokenItem] = {}
        self.ghost: TokenItem | None = None
        self.terrain_item: TerrainItem | None = None
        self.walls_item: ThinWallsItem | None = None
        self.highlights = Highlights(self)
        self.brush: Terrain | None = None  # set while painting terrain
        self._dragging: str | None = None
        self._stroke: list[Cell] | None = None  # cells of the brush stroke under way
        self._stroke_item: QGraphicsPathItem | None = None
        self.setBackgroundBrush(palette.board_background())

    # -- content ---------------------------------------------------------------------------
    def set_encounter(
        self, encounter: Encounter, active: str | None = None, defeated: Collection[str] = ()
    ) -> None:
        board_changed = self.encounter is None or self.encounter.board != encounter.board
        ruleset_changed = self.encounter is None or self.encounter.ruleset != encounter.ruleset
        if ruleset_changed:
            self.size_of = capabilities_of(encounter.ruleset).figure_size
            self.statuses = _statuses(encounter.ruleset)
            self.looks = marker_looks(self.statuses)
        self.encounter = encounter
        if board_changed:
            for item in (self.terrain_item, self.walls_item):
                if item is not None:
                    self.removeItem(item)
            self.terrain_item = TerrainItem(encounter.board)
            self.addItem(self.terrain_item)
            self.walls_item = ThinWallsItem(encounter.board)
            self.addItem(self.walls_item)
            rect = board_rect(encounter.board)
            # Room around the board for the view's row and column rulers.
            self.setSceneRect(rect.adjusted(-MARGIN, -MARGIN, 4, 4))
        # A token is made again only when what it shows changed: after one command most of
        # a 500-unit board is as it was, and is neither rebuilt nor repainted.
        old = self.tokens
        if board_changed or ruleset_changed:  # another session: none of its tokens is kept
            for stale in old.values():
                self.removeItem(stale)
            old = {}
        self.tokens = {}
        names = display_names(encounter.units)
        for unit in encounter.units:
            token = old.pop(unit.id, None)
            shows = (unit, unit.id == active, names[unit.id], unit.id in defeated)
            if token is not None and token.shows == shows:
                self.tokens[unit.id] = token
                continue
            if token is not None:
                self.removeItem(token)
            token = TokenItem(
                unit,
                encounter.board.shape,
                show_hp=self.show_hp,
                active=shows[1],
                name=shows[2],
                defeated=shows[3],
                size_of=self.size_of,
                looks=self.looks,
            )
            self.addItem(token)
            self.tokens[unit.id] = token
        for token in old.values():  # units removed
            self.removeItem(token)

    def show_outcome(
        self,
        unit_id: str,
        outcome: Outcome | None,
        move_cells: Collection[Cell] = frozenset(),
        attack_cells: Collection[Cell] = frozenset(),
    ) -> None:
        """Highlight what `unit_id` does: targets in order, path, destination, ranges."""
        self.clear_outcome()
        if self.encounter is None or outcome is None:
            return
        unit = self.encounter.unit(unit_id)
        shape = self.encounter.board.shape
        hit = [self.tokens[t] for t in outcome.targets if t in self.tokens]
        # A move's goal is ringed after its targets, with no sight line (it is not attacked).
        goal = self.tokens.get(outcome.goal or "")
        ringed = hit + ([goal] if goal is not None and goal not in hit else [])
        self.highlights.show(
            shape,
            unit.at,
            [t.unit.at for t in hit],
            outcome.destination,
            outcome.path,
            set(move_cells),
            set(attack_cells),
            [(t.pos(), t.radius) for t in ringed],
            token_centre(shape, unit, self.size_of) - cell_centre(shape, unit.at),
            outcome.area,
            outcome.costs,
        )
        if outcome.destination is not None and outcome.destination != unit.at:
            self.ghost = TokenItem(
                unit.evolve(at=outcome.destination), shape, ghost=True, size_of=self.size_of
            )
            self.addItem(self.ghost)

    def clear_outcome(self) -> None:
        self.highlights.clear()
        if self.ghost is not None:
            self.removeItem(self.ghost)
            self.ghost = None

    def set_overlay_visible(self, name: str, visible: bool) -> None:
        self.highlights.set_visible(name, visible)

    def event(self, event) -> bool:
        if event.type() in (QEvent.Type.ApplicationPaletteChange, QEvent.Type.PaletteChange):
            self.restyle()
        return super().event(event)

    def restyle(self) -> None:
        """Light or dark board, following the application's palette."""
        self.setBackgroundBrush(palette.board_background())
        if self.terrain_item is not None:
            self.terrain_item.update()  # drops its cached pixmap
        if self.walls_item is not None:
            self.walls_item.update()

    # -- interaction -----------------------------------------------------------------------
    def _cell(self, point: QPointF) -> Cell | None:
        return None if self.encounter is None else cell_at(self.encounter.board, point)

    def _token_at(self, point: QPointF) -> TokenItem | None:
        for item in self.items(point):
            if isinstance(item, TokenItem) and not item.ghost:
                return item
        return None

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        point = event.scenePos()
        if self.brush is not None and event.button() == Qt.MouseButton.LeftButton:
            self._stroke = []
            self._paint(point)
            event.accept()
            return
        token = self._token_at(point)
        cell = self._cell(point)
        if token is None and cell is not None and event.button() == Qt.MouseButton.RightButton:
            self.cellContextMenuRequested.emit(*cell, QPointF(event.screenPos()))
            event.accept()
            return
        if token is None:
            super().mousePressEvent(event)
            return
        if event.button().name == "RightButton":
            self.unitContextMenuRequested.emit(token.unit.id, QPointF(event.screenPos()))
        else:
            self.unitClicked.emit(token.unit.id)
            self._dragging = token.unit.id
        event.accept()

    def mouseMoveEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        point = event.scenePos()
        cell = self._cell(point)
        self.cellHovered.emit(*(cell if cell is not None else (-1, -1)))
        if self._stroke is not None:
            self._paint(point)
        elif self._dragging is not None:
            token = self.tokens.get(self._dragging)
            if token is not None:
                token.setPos(point)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        stroke, self._stroke = self._stroke, None
        if stroke is not None:
            self._show_stroke([])
            if stroke and self.brush is not None:
                self.terrainStrokeRequested.emit([list(c) for c in stroke], self.brush.value)
            event.accept()
            return
        unit_id, self._dragging = self._dragging, None
        if unit_id is not None and self.encounter is not None:
            cell = self._cell(event.scenePos())
            unit = self.encounter.unit(unit_id)
            token = self.tokens.get(unit_id)
            if token is not None:
                token.setPos(token_centre(self.encounter.board.shape, unit, self.size_of))
            if cell is not None and cell != unit.at:
                self.unitMoveRequested.emit(unit_id, *cell)
        super().mouseReleaseEvent(event)

    def _paint(self, point: QPointF) -> None:
        cell = self._cell(point)
        if cell is None or self._stroke is None or cell in self._stroke or self.brush is None:
            return
        if self.encounter is not None and self.encounter.board.terrain(cell) is not self.brush:
            self._stroke.append(cell)
            self._show_stroke(self._stroke)

    def _show_stroke(self, cells: list[Cell]) -> None:
        """The stroke so far, drawn over the terrain until it is committed as one command."""
        if self._stroke_item is not None:
            self.removeItem(self._stroke_item)
            self._stroke_item = None
        if not cells or self.encounter is None or self.brush is None:
            return
        path = QPainterPath()
        for cell in cells:
            path.addPolygon(cell_polygon(self.encounter.board.shape, cell))
            path.closeSubpath()
        fill = QColor(palette.terrain_fill(self.brush))
        fill.setAlpha(200)
        self._stroke_item = QGraphicsPathItem(path)
        self._stroke_item.setBrush(fill)
        self._stroke_item.setPen(QPen(fill.darker(160), 1.5, Qt.PenStyle.DashLine))
        self._stroke_item.setZValue(5)  # over terrain and range overlays, under the tokens
        self.addItem(self._stroke_item)


def _statuses(ruleset_id: str) -> Mapping[str, StatusSpec]:
    """Its markers; none known when the ruleset cannot be had (that is reported where the
    ruleset itself is needed)."""
    try:
        return ruleset_data(ruleset_id).statuses
    except RulesError:
        return {}
