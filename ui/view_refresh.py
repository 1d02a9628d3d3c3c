"""Which view shows which sections of the session: after a change only the views showing a
section it touched are redrawn (the roster follows the session by itself)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QAction

from desktop.engine.board import Terrain
from desktop.engine.ruleset import RulesetData
from desktop.tracker.decision_controller import DecisionController
from desktop.tracker.session import Change, Session
from ui.board.board_scene import BoardScene
from ui.board.legend import Legend, overlays_of
from ui.decision.decision_panel import DecisionPanel
from ui.log_panel import LogPanel

# A section missing here would leave a view stale; one too many only costs a redraw.
BOARD_SECTIONS = ("board", "units", "roster", "order", "pointer")  # tokens, terrain, active
TURN_SECTIONS = (
    "units",
    "roster",
    "round",
    "phase",
    "memory",
    "order",
    "ties",
    "pointer",
    "cards",
)  # order list, phase, helpers, drawn cards, what Next does

PHASE_SECTIONS = ("round", "phase", "order", "pointer")  # the panel's phase (previews end)


if TYPE_CHECKING:  # imported when first shown (other_windows)
    from ui.table_display import TableDisplay


class RefreshedViews(Protocol):
    """The views of the window that follow the session, and what they are drawn from."""

    scene: BoardScene
    legend: Legend
    panel: DecisionPanel
    log_panel: LogPanel
    play: DecisionController
    brush_actions: dict[Terrain | None, QAction]

    @property
    def session(self) -> Session | None: ...
    @property
    def table_display(self) -> TableDisplay | None: ...
    def defeated(self) -> set[str]: ...
    def show_turn_state(self) -> None: ...
    def set_brush(self, terrain: Terrain | None) -> None: ...


def refresh_views(window: RefreshedViews, change: Change | None = None) -> None:
    """Redraw the views of `window` that show what `change` touched; every view when there
    is no change to go by (a session just opened)."""
    session = window.session
    if session is None:
        return
    if change is None or change.touches(*BOARD_SECTIONS):
        defeated = window.defeated()
        window.scene.set_encounter(session.encounter, session.current_unit, defeated)
        if window.table_display is not None:
            window.table_display.follow(session.encounter, session.current_unit, defeated)
        window.legend.show_overlays(overlays_of(session.encounter))
    if change is None:  # a session opened: the legend names its ruleset's markers
        shown = session.ruleset.data.statuses_for(session.encounter.rules)
        window.legend.show_markers(shown, window.scene.looks)
        show_known_terrain(window, session.ruleset.data)
    if change is None or change.touches(*TURN_SECTIONS):
        window.show_turn_state()
    if change is None or change.touches(*PHASE_SECTIONS):
        window.panel.set_phases(
            session.ruleset.data.phases, window.play.phase_override or session.encounter.phase
        )
    window.log_panel.show_entries(session.history)  # every change is in the log


def show_known_terrain(window: RefreshedViews, data: RulesetData) -> None:
    """The legend and the terrain brush offer the terrain the game plays with, by its names
    (a brush of terrain it refuses would paint nothing)."""
    known = data.known_terrain()
    window.legend.show_terrain([(t, data.terrain_label(t)) for t in known])
    for terrain, action in window.brush_actions.items():
        if terrain is not None:
            action.setVisible(terrain in known)
            action.setText(f"Paint {data.terrain_label(terrain)}")
    if window.scene.brush is not None and window.scene.brush not in known:
        window.set_brush(None)
