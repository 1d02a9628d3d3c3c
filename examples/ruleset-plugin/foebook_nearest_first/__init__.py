"""nearest-first: an example Foebook rule system shipped as a plug-in package.

Every enemy attacks the nearest living player within its reach; when nobody is in
reach it walks toward the nearest player along a shortest route; with nothing to do
it holds. Squares are counted without diagonals; a reach above 1 is a shot and needs a
clear line past walls. Built only from Foebook's engine primitives.
"""

from __future__ import annotations

from desktop.engine.board import Cell
from desktop.engine.chain import Chain, plural
from desktop.engine.context import Context
from desktop.engine.decision import Outcome, Result
from desktop.engine.encounter import Encounter
from desktop.engine.geometry import Metric, Neighbourhood, neighbours
from desktop.engine.movement import DistanceField, MovementRules, shared_field
from desktop.engine.ruleset import ActivationOrder, Ruleset
from desktop.engine.sight import has_line_of_sight
from desktop.engine.square_geometry import manhattan
from desktop.engine.targeting import TieBreaker, select
from desktop.engine.units import Unit
from desktop.rulesets.data_loader import load_ruleset_data

MOVEMENT = MovementRules(Neighbourhood.ORTHOGONAL)


class NearestFirst(Ruleset):
    movement = MOVEMENT  # also drives the board's movement and attack overlays
    range_metric = Metric.MANHATTAN

    def evaluate(self, ctx: Context, chain: Chain) -> Result:
        """Foebook has already checked that the unit is an enemy and not defeated (the
        [defeated] table answers for a defeated one); each step considered goes into `chain`,
        titled from the [steps] table."""
        encounter, unit = ctx.encounter, ctx.unit
        players = [p for p in encounter.players() if p.hp > 0]
        if not players:
            chain.skipped("attack", "no living player on the board")
            chain.skipped("move", "no living player on the board")
            chain.applied("hold", "nothing to do")
            return Result([Outcome("hold")], "Hold")

        reach = int(unit.stat("range", self.data.stat_default("range") or 1))
        in_reach = [p for p in players if self._can_hit(encounter, unit, p, reach)]
        if in_reach:
            chosen, why = self._nearest(unit, in_reach)
            chain.applied("attack", f"reach {reach}; {why}")
            outcomes = [Outcome("attack", (p.id,)) for p in chosen]
            return Result(outcomes, f"Attack {chosen[0].name}")
        chain.skipped("attack", f"reach {reach}; nobody in reach: " + _squares(unit, players))

        chosen, why = self._nearest(unit, players)
        outcomes = self._walks(encounter, unit, chosen[0], players)
        if outcomes:
            steps = len(outcomes[0].path)
            detail = f"{why}; walks {plural(steps, 'square')}"
            if len(outcomes) > 1:
                detail += f"; {len(outcomes)} end squares are as good: the players choose"
            chain.applied("move", detail)
            return Result(outcomes, f"Move {plural(steps, 'square')} toward {chosen[0].name}")
        chain.skipped("move", f"{why}; no square within its move brings it nearer")
        chain.applied("hold", "nothing else applies")
        return Result([Outcome("hold")], "Hold")

    def _can_hit(self, encounter: Encounter, unit: Unit, player: Unit, reach: int) -> bool:
        distance = manhattan(unit.at, player.at)
        if distance > reach:
            return False
        return distance <= 1 or has_line_of_sight(encounter.board, unit.at, player.at)

    def _nearest(self, unit: Unit, players: list[Unit]) -> tuple[list[Unit], str]:
        """The nearest players (more than one: a tie the players settle) and why."""
        selection = select(
            players,
            [
                TieBreaker(
                    "nearest",
                    lambda p: manhattan(unit.at, p.at),
                    lambda p: f"{p.name} {plural(manhattan(unit.at, p.at), 'square')}",
                ),
                TieBreaker("fewest HP", lambda p: p.hp, lambda p: f"{p.name} HP {p.hp}"),
            ],
        )
        names = " or ".join(p.name for p in selection.chosen)
        reasons = selection.explain() or _squares(unit, players)
        return selection.chosen, f"{reasons} → {names}"

    def _walks(
        self, encounter: Encounter, unit: Unit, target: Unit, players: list[Unit]
    ) -> list[Outcome]:
        """Moves ending where the rest of the way to a square beside `target` is shortest
        (fewest squares walked among those); [] when no move gets it nearer."""
        board = encounter.board
        move = int(unit.stat("move", self.data.stat_default("move") or 0))
        if move <= 0:
            return []
        occupied = encounter.occupied(exclude=[unit.id])
        # Units are never walked through; the rest of the way is over terrain alone.
        walk = DistanceField(board, MOVEMENT, [unit.at], blocked=occupied, max_cost=move)
        goals = [
            c
            for c in neighbours(board, target.at, Neighbourhood.ORTHOGONAL)
            if board.passable(c) and c not in occupied
        ]
        rest = shared_field(board, MOVEMENT, goals, [p.at for p in players], reverse=True)
        here = rest.raw(unit.at)
        if here is None:
            return []
        scored: dict[Cell, tuple[int, int]] = {}
        for cell, spent in walk.reachable().items():
            left = rest.raw(cell)
            if cell != unit.at and left is not None and left < here:
                scored[cell] = (left, int(spent))
        if not scored:
            return []
        best = min(scored.values())
        ends = sorted(c for c, score in scored.items() if score == best)
        # `goal`: whom the move heads for; the board rings that player.
        return [Outcome("move", (), c, tuple(walk.path_to(c)), goal=target.id) for c in ends]

    def order(self, encounter: Encounter) -> ActivationOrder:
        enemies = tuple(u.id for u in encounter.enemies() if u.hp > 0)
        return ActivationOrder(enemies, (), ("Enemies act in roster order.",))


def _squares(unit: Unit, players: list[Unit]) -> str:
    return ", ".join(f"{p.name} {plural(manhattan(unit.at, p.at), 'square')}" for p in players)


def build() -> NearestFirst:
    """The entry point's factory: Foebook calls it once, the first time the id is used."""
    return NearestFirst(load_ruleset_data("nearest-first", package=__name__))
