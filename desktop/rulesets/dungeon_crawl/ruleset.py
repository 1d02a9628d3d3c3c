"""dungeon-crawl: each enemy works down its card of tactics — spell, shooting, then fighting.

Reading (docs/rulesets/dungeon-crawl.md):
- Squares, 8-way: every step (diagonal too) costs one square. Counting squares
  between figures is king moves, ignoring everything in between.
- Figures block: an enemy never enters or passes a square covered by another
  figure. Figures at 0 wounds or less are out of play (they neither block nor
  can be targeted). Clear sight: the centre-to-centre line crosses no wall
  (engine `sight` rule, answered by the faster `visibility.sees`), and figures
  never block it.
- Phases: spell when it carries a `spell` weapon, shooting when it carries a
  `ranged` one, fighting always (a figure with no melee weapon fights with
  what it has). Spell and shooting use the card's `shoot-*` tactics, fighting
  its `fight-*` ones; a card with no priorities reads as the ruleset's
  `default_priorities`. Within a phase the first tactic that finds a hero is
  used; one that finds nobody passes to the next; a phase whose tactics all
  find nobody passes to the next phase. Ties are alternatives, never broken.
  Random tactics roll through the dice (one face per candidate, numbered in
  roster order). Weapon ranges are not read: the text gives shooting no range.
- Tactics: shoot nearest/furthest by king moves from the figure; gang =
  `state.previous_target` when alive; new = heroes not in
  `state.shot_this_round`; fight closest/furthest by squares it must move to be
  able to fight the hero (heroes it cannot reach at all are left out); gang =
  the most other enemies adjacent (none adjacent anywhere: nobody); individual
  = heroes with no other enemy adjacent.
- Moving for clear sight: among the squares it can stop on this turn (its own
  included) with clear sight of the target, it takes the one farthest from
  the target; equally far: staying put, then backwards, left, right, forwards
  (the direction of the move against the direction to the hero: within 45° of
  straight away is backwards, within 45° of straight at it is forwards,
  exactly 45° counts as sideways); then the move closest to that pure
  direction; then fewer squares moved; then the players choose. No such
  square: it fights instead (the shooting phase is over).
- Moving to fight (size 1, reach 1): the square next to the hero on the side
  it comes from, i.e. among the hero's adjacent squares the one with the
  shortest route (an occupied square counts as one step past its nearest
  free neighbour), ties going to the square facing it (diagonal only when it
  stands exactly diagonal); if that square cannot be stood on, the next one
  clockwise, then anticlockwise, alternating outward. When another enemy
  already stands next to the hero, the square opposite that enemy is
  preferred (the nearest such, ties are alternatives); if none is free, the
  normal rule applies. It moves up to `move` along a shortest route; arriving,
  it fights, else the action is `move`.
- Doorways (size 1, reach 1): when the route passes a door square and would
  end beyond it next to 3 or more heroes, it looks (within this turn's move)
  for a square beyond that doorway next to its hero and to only 1 or 2 heroes;
  else it stops in the doorway if a hero is next to a door square there
  (fighting its hero if adjacent, else any adjacent hero as alternatives); else
  it steps to a free square beside the doorway on its own side (`move`).
- Large figures, size N > 1: the figure covers the N x N block whose top-left
  square is its `at`; that anchor is the front square its moves are counted
  by (the block moves rigidly, so every square moves the same number of king
  steps). Only the anchor needs passable ground, moving or standing: the rest
  of the block may overhang walls, which is how the figure squeezes along
  passages narrower than itself at normal speed (and may stop in one), but the
  block never overlaps another figure or leaves the board. The squares of the
  block on passable ground are its body: they are what fights, sees and is
  adjacent. A doorway (a run of door squares) lets it through when it is at
  most one square narrower than its size (width >= size - 1).
  It fights all round: a hero is within reach when the king-move distance from
  the nearest square of its body is at most `reach` and that square has clear
  sight of the hero. Across a doorway (the line passes a door square with the
  figure and the hero on opposite sides of its wall), only heroes in the
  doorway's fan — one or two squares beyond the wall, from one square before
  to one square after the door — can be fought, whatever its reach. Moving to
  fight, it takes the shortest route to any square from which it can fight
  the hero (equally near squares are alternatives); the clockwise, flanking
  and doorway-stopping rules are for ordinary figures and are not applied.
  The same reach rule applies to any figure with `reach` above 1.
- Activation: the figure whose lowest square (bottom row of its block, then
  leftmost column) is lowest on the board goes first, left to right within a
  row; there are no ties.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property, partial
from typing import Any, cast

from desktop.engine.board import Board, Cell
from desktop.engine.capabilities import Capabilities
from desktop.engine.chain import Chain, joined, plural
from desktop.engine.context import Context
from desktop.engine.decision import APPLIED, SKIPPED, Outcome, Result, summarised
from desktop.engine.destinations import MemoField, closest_cells, stops_toward_any
from desktop.engine.dice import Dice
from desktop.engine.doorways import Doorway, cells_crossed, doorway_at, doorways
from desktop.engine.encounter import Encounter
from desktop.engine.footprint import blocked_anchors, body, footprint, lowest_square
from desktop.engine.geometry import Metric, Neighbourhood
from desktop.engine.movement import DistanceField
from desktop.engine.movement_rules import MovementRules
from desktop.engine.reach import cells_within
from desktop.engine.rings import (
    DIRECTION_NAMES,
    opposite,
    ring,
    ring_index,
    search_order,
    sector_index,
)
from desktop.engine.ruleset import ActivationOrder, Ruleset, RulesetData
from desktop.engine.square_geometry import chebyshev
from desktop.engine.units import Unit
from desktop.engine.visibility import SEEN_NEAR, seen_among, sees
from desktop.rulesets.data_loader import load_ruleset_data

MOVEMENT = MovementRules(Neighbourhood.EIGHT_WAY)  # a diagonal step is one square too
SHOOT_TACTICS = ("shoot-nearest", "shoot-furthest", "shoot-gang", "shoot-new", "shoot-random")
FIGHT_TACTICS = (
    "fight-closest",
    "fight-furthest",
    "fight-gang",
    "fight-individual",
    "fight-random",
)
RANGED_KINDS = ("spell", "ranged")  # weapons it casts or shoots with, before it fights
# Heroes tied (fight-individual often ties every hero) from which the routes to all of them
# share one pass over the movement field (destinations.stops_toward_any's `many`): on a
# 200x200 board the pass costs about what a dozen route searches do.
MANY_ROUTES = 12
# Figures whose setup (fields included) is kept: every enemy of a usual encounter, so
# going through them on the roster, or back to the one shown, floods no field again. A
# whole-board field of a 200x200 board is about 1 MB.
KEPT_SETUPS = 16
DIRECTION_RANK = {"stays": 0, "backwards": 1, "left": 2, "right": 3, "forwards": 4}


def cell_text(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"


def squares(count: int) -> str:
    return plural(count, "square")


def size_of(unit: Unit) -> int:
    return max(1, int(unit.stat("size", 1)))


def reach_of(unit: Unit) -> int:
    return max(1, int(unit.stat("reach", 1)))


def covered(unit: Unit) -> tuple[Cell, ...]:
    """Every square of the figure's block (what other figures may not enter)."""
    return footprint(unit.at, size_of(unit))


def distance_between(a: Sequence[Cell], b: Sequence[Cell]) -> int:
    """King moves between the nearest squares of two bodies."""
    if len(a) == 1 and len(b) == 1:
        return chebyshev(a[0], b[0])
    return min(chebyshev(x, y) for x in a for y in b)


def move_direction(start: Cell, end: Cell, toward: Cell) -> str:
    """Where a move from `start` to `end` goes, seen from `start` facing `toward`."""
    vx, vy = end[0] - start[0], end[1] - start[1]
    if vx == 0 and vy == 0:
        return "stays"
    fx, fy = toward[0] - start[0], toward[1] - start[1]
    dot = vx * fx + vy * fy
    cross = fx * vy - fy * vx  # rows grow downward: negative is to the left of facing
    if -dot > abs(cross):
        return "backwards"
    if dot > abs(cross):
        return "forwards"
    return "left" if cross < 0 else "right"


def deviation(start: Cell, end: Cell, toward: Cell, way: str) -> float:
    """How far (radians) a move strays from the pure direction it is classed as."""
    if way == "stays":
        return 0.0
    fx, fy = toward[0] - start[0], toward[1] - start[1]
    ideal = {"forwards": (fx, fy), "backwards": (-fx, -fy), "left": (fy, -fx), "right": (-fy, fx)}[
        way
    ]
    vx, vy = end[0] - start[0], end[1] - start[1]
    angle = abs(math.atan2(vy, vx) - math.atan2(ideal[1], ideal[0])) % (2 * math.pi)
    return round(min(angle, 2 * math.pi - angle), 9)


class MoveFields:
    """One figure's movement field in one encounter: flooded no further than its move (all
    that shooting, the movement overlay and a figure already in reach read) until something
    asks beyond, then over the whole board (fighting measures the way to every hero)."""

    def __init__(self, board: Board, start: Cell, blocked: set[Cell], move: int) -> None:
        self._board, self._start, self._blocked, self._move = board, start, blocked, move
        self._near: MemoField | None = None
        self._full: MemoField | None = None

    @property
    def full(self) -> MemoField:
        if self._full is None:
            # Read cell by cell: costs to squares around each hero, routes, never the order.
            search = DistanceField(
                self._board, MOVEMENT, [self._start], blocked=self._blocked, by_cell=True
            )
            self._full = MemoField(search)
        return self._full

    @property
    def near(self) -> MemoField:
        """For cells within its move only: they read the same as in the full field (a
        flood bounded at the move settles the same cells at the same costs, in the same
        order), so the full one serves once it exists."""
        if self._full is not None:
            return self._full
        if self._near is None:
            search = DistanceField(
                self._board, MOVEMENT, [self._start], blocked=self._blocked, max_cost=self._move
            )
            self._near = MemoField(search)
        return self._near


@dataclass(frozen=True)
class Setup:
    """What every question about one figure in one encounter starts from (its decision and
    both overlays): who is in play, the squares they cover, its movement fields."""

    unit: Unit
    move: int  # squares it may move this turn
    heroes: tuple[Unit, ...]
    others: tuple[Unit, ...]
    occupied: frozenset[Cell]
    fields: MoveFields


@dataclass
class DungeonContext(Context):
    """Everything one enemy's decision reads, computed once."""

    size: int
    reach: int
    move: int
    heroes: list[Unit]
    others: list[Unit]  # other enemies in play
    occupied: frozenset[Cell]
    fields: MoveFields
    _reach_cache: dict[Cell, int] | None = None
    _approach: dict[str, tuple[int | None, list[Cell]]] = dataclasses.field(default_factory=dict)
    _bodies: dict[tuple[Cell, int], tuple[Cell, ...]] = dataclasses.field(default_factory=dict)

    @property
    def standard(self) -> bool:
        return self.size == 1 and self.reach == 1

    @property
    def field(self) -> MemoField:
        return self.fields.full

    def within_move(self) -> dict[Cell, int]:
        """Anchors it can stop on this turn, with the squares moved (its own included)."""
        if self._reach_cache is None:
            # One bulk read of the search (cheap on square boards) beats asking cell by cell.
            near = self.fields.near.reachable(self.move)
            self._reach_cache = {c: int(v) for c, v in near.items()}
        return self._reach_cache

    def can_stop(self, anchor: Cell) -> bool:
        # The field never enters an anchor whose block would overlap a figure or
        # leave the board, so every reached anchor is a place it may stand.
        return self.field.raw(anchor) is not None

    def _body(self, anchor: Cell, size: int) -> tuple[Cell, ...]:
        if size == 1:
            return (anchor,)
        key = (anchor, size)
        found = self._bodies.get(key)
        if found is None:
            found = self._bodies[key] = body(self.board, anchor, size)
        return found

    def lower_bound(self, anchor: Cell) -> int:
        """No route to `anchor` is shorter than the straight king-move count."""
        col, row = self.unit.at
        return max(abs(anchor[0] - col), abs(anchor[1] - row))

    def body_at(self, anchor: Cell) -> tuple[Cell, ...]:
        return self._body(anchor, self.size)

    def hero_body(self, hero: Unit) -> tuple[Cell, ...]:
        return self._body(hero.at, size_of(hero))

    def fightable_from(self, anchor: Cell, hero: Unit) -> bool:
        own = self.body_at(anchor)
        return any(self._fights(f, h) for f in own for h in self.hero_body(hero))

    def _fights(self, f: Cell, h: Cell) -> bool:
        """Whether its body square `f` fights square `h`: within reach, in clear sight, and
        across a doorway only into the doorway's fan."""
        d = chebyshev(f, h)
        return (
            d <= self.reach
            and sees(self.board, f, h)
            and (d <= 1 or self._through_doorway_ok(f, h))
        )

    def attack_squares(self) -> set[Cell]:
        """The squares it could attack from where it stands: those it fights (reach, sight,
        doorways) and, carrying a spell or a missile weapon, every square in clear sight of
        its body (the text gives shooting no range)."""
        own = self.body_at(self.unit.at)
        near = cells_within(self.board, own, self.reach, Metric.CHEBYSHEV)
        squares = {h for h in near if any(self._fights(f, h) for f in own)}
        if any(w.kind in RANGED_KINDS for w in self.unit.weapons):
            whole_board = max(self.board.width, self.board.height)
            squares |= cells_within(self.board, own, whole_board, Metric.CHEBYSHEV)
        return squares

    def _through_doorway_ok(self, f: Cell, h: Cell) -> bool:
        if not doorways(self.board):
            return True
        for cell in cells_crossed(f, h):
            door = doorway_at(self.board, cell)
            if door is None:
                continue
            own_side, hero_side = door.side(f), door.side(h)
            if own_side and hero_side and own_side != hero_side and h not in door.fan(hero_side):
                return False
        return True

    def heroes_adjacent(self, anchor: Cell) -> list[Unit]:
        own = self.body_at(anchor)
        return [h for h in self.heroes if distance_between(own, self.hero_body(h)) <= 1]

    def enemies_adjacent_to(self, hero: Unit) -> list[Unit]:
        """The other enemies next to `hero` (a square of its block touches one of the
        hero's), in roster order: looked up around the hero, not measured to every enemy."""
        touching = {
            unit_id
            for x, y in self.hero_body(hero)
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            for unit_id in self._others_at.get((x + dx, y + dy), ())
        }
        if not touching:  # the usual answer: not worth a pass over every enemy
            return []
        return [e for e in self.others if e.id in touching]

    @cached_property
    def _others_at(self) -> dict[Cell, list[str]]:
        """Square -> the other enemies whose block covers it."""
        found: dict[Cell, list[str]] = {}
        for enemy in self.others:
            for cell in self._body(enemy.at, size_of(enemy)):
                found.setdefault(cell, []).append(enemy.id)
        return found

    def fighting_candidates(self, hero: Unit) -> list[Cell]:
        """Anchors that might let it fight `hero`: for an ordinary figure the hero's
        8 neighbours, else every anchor whose block could come within reach."""
        if self.standard:
            return [c for c in ring(hero.at) if self.board.in_bounds(c)]
        span = self.reach + self.size - 1
        col, row = hero.at
        # Bounded by the board, not only filtered by it: a reach from a file may be huge.
        board = self.board
        return [
            (c, r)
            for r in range(max(0, row - span), min(board.height, row + self.reach + 1))
            for c in range(max(0, col - span), min(board.width, col + self.reach + 1))
        ]

    def can_fight_from(self, anchor: Cell, hero: Unit) -> bool:
        if self.standard:
            return sees(self.board, anchor, hero.at)
        return self.fightable_from(anchor, hero)

    def approach(self, hero: Unit) -> tuple[int | None, list[Cell]]:
        """Squares it must move before it can fight `hero` (None: never), and where to.

        The reach test (sight, doorway fan) runs lazily, nearest anchors first."""
        found = self._approach.get(hero.id)
        if found is None:
            if self.fightable_from(self.unit.at, hero):
                found = (0, [self.unit.at])
            else:
                closest = closest_cells(
                    self.field,
                    self.fighting_candidates(hero),
                    accept=lambda a: self.can_fight_from(a, hero),
                    lower_bound=self.lower_bound,
                )
                found = (closest.cost, list(closest.cells))
            self._approach[hero.id] = found
        return found


def _fight_summary(encounter: Encounter, outcome: Outcome) -> str:
    """ "Fight Elf", "Move 3 squares, then fight Elf", "Move 4 squares to [5, 2]"."""
    if outcome.action == "fight":
        hero = encounter.unit(outcome.targets[0])
        if outcome.path:
            return f"Move {squares(len(outcome.path))}, then fight {hero.name}"
        return f"Fight {hero.name}"
    if outcome.action == "move":
        return f"Move {squares(len(outcome.path))} to {cell_text(cast(Cell, outcome.destination))}"
    return "Hold"


class DungeonCrawl(Ruleset):
    capabilities = Capabilities(figure_size=size_of)

    def __init__(self, data: RulesetData) -> None:
        super().__init__(data)
        # (id of the encounter, unit id) -> (that encounter, the unit's setup). Encounters
        # and units are immutable snapshots, so what was worked out for one stays true: the
        # kept encounter is the very object asked about (held here, its id cannot be reused)
        # and the unit is that encounter's own.
        self._setups: dict[tuple[int, str], tuple[Encounter, Setup]] = {}

    # -- set-up ----------------------------------------------------------------------------
    def context(
        self, encounter: Encounter, unit: Unit, dice: Dice, **shared: Any
    ) -> DungeonContext:
        setup = self._setup(encounter, unit)
        return DungeonContext(
            encounter=encounter,
            unit=unit,
            dice=dice,
            size=size_of(unit),
            reach=reach_of(unit),
            move=setup.move,
            heroes=list(setup.heroes),
            others=list(setup.others),
            occupied=setup.occupied,
            fields=setup.fields,
        )

    def _setup(self, encounter: Encounter, unit: Unit) -> Setup:
        """Worked out once per encounter and unit: the decision, its attack overlay and its
        movement overlay all read the same (the field is a whole board's flood)."""
        key = (id(encounter), unit.id)
        setups = self._setups
        kept = setups.get(key)
        if kept is not None and kept[0] is encounter and kept[1].unit is unit:
            return kept[1]
        in_play = [u for u in encounter.units if u.hp > 0 and u.id != unit.id]
        occupied = frozenset(c for u in in_play for c in covered(u))
        size = size_of(unit)
        blocked = blocked_anchors(encounter.board, size, occupied)
        for door in doorways(encounter.board):
            if door.width < size - 1:
                blocked.update(door.cells)
        blocked.discard(unit.at)
        default_move = self.data.stat_default("move") or 0
        move = int(unit.stat("move", default_move))
        setup = Setup(
            unit=unit,
            move=move,
            heroes=tuple(u for u in encounter.players() if u.hp > 0),
            others=tuple(u for u in encounter.enemies() if u.hp > 0 and u.id != unit.id),
            occupied=occupied,
            fields=MoveFields(encounter.board, unit.at, blocked, move),
        )
        if len(setups) >= KEPT_SETUPS:  # the oldest first: those encounters are done with
            setups.pop(next(iter(setups)))
        setups[key] = (encounter, setup)
        return setup

    def movement_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """The squares its body could cover at the end of this turn's move (its own
        included): figures, doorways and its size as it moves."""
        world = self.context(encounter, encounter.unit(unit_id), Dice())
        if world.move <= 0:
            return set()
        return {c for anchor in world.within_move() for c in world.body_at(anchor)}

    def attack_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        return self.context(encounter, encounter.unit(unit_id), Dice()).attack_squares()

    def priorities(self, unit: Unit) -> tuple[str, ...]:
        return unit.choices("priorities") or tuple(self.data.extra.get("default_priorities", ()))

    # -- the turn --------------------------------------------------------------------------
    def evaluate(self, world: Context, chain: Chain) -> Result:
        assert isinstance(world, DungeonContext)  # built by self.context
        unit, dice = world.unit, world.dice
        card = self.priorities(unit)
        kinds = {w.kind for w in unit.weapons}
        result: Result | None = None
        for step, kind, action in (("spell", "spell", "cast"), ("shoot", "ranged", "shoot")):
            if kind not in kinds:
                what = "spell" if kind == "spell" else "missile weapon"
                chain.skipped(step, f"it carries no {what}")
                continue
            result, give_up = self._ranged_phase(world, card, step, action, dice, chain)
            if result is not None or give_up:
                break
        if result is None:
            result = self._fight_phase(world, card, dice, chain)
        return replace(result, notes=(f"Card: {', '.join(card)}",))

    # -- spell and shooting ----------------------------------------------------------------
    def _shoot_pick(
        self, world: DungeonContext, tactic: str, dice: Dice
    ) -> tuple[list[Unit] | None, str]:
        heroes = world.heroes
        if not heroes:
            return None, "no hero in play"
        memory = world.encounter.memory

        own = world.body_at(world.unit.at)

        def away(h: Unit) -> int:
            return distance_between(own, world.hero_body(h))

        listed = ", ".join(f"{h.name} {squares(away(h))}" for h in heroes)
        if tactic in ("shoot-nearest", "shoot-furthest"):
            pick = min if tactic == "shoot-nearest" else max
            best = pick(away(h) for h in heroes)
            chosen = [h for h in heroes if away(h) == best]
            return chosen, f"{listed} → {_names(chosen)}"
        if tactic == "shoot-gang":
            target = memory.previous_target
            hero = next((h for h in heroes if h.id == target), None)
            if hero is None:
                why = (
                    "no enemy has attacked yet this round"
                    if target is None
                    else f"the previous enemy's target '{target}' is not a hero in play"
                )
                return None, why
            return [hero], f"the previous enemy attacked {hero.name}"
        if tactic == "shoot-new":
            fresh = [h for h in heroes if h.id not in memory.shot_this_round]
            shot = [h.name for h in heroes if h.id in memory.shot_this_round]
            if not fresh:
                return None, "every hero has been shot at this round"
            detail = f"not yet shot at: {_names(fresh)}"
            if shot:
                detail += f" (already shot at: {', '.join(shot)})"
            return fresh, detail
        if tactic == "shoot-random":
            return self._random(heroes, "Shoot random", dice)
        return None, f"'{tactic}' is not a shooting tactic"

    def _random(self, heroes: list[Unit], label: str, dice: Dice) -> tuple[list[Unit], str]:
        faces = ", ".join(f"{i} {h.name}" for i, h in enumerate(heroes, 1))
        hero = dice.choose(heroes, f"{label}: {faces}")
        if len(heroes) == 1:
            return [hero], f"only {hero.name} can be picked"
        return [hero], f"rolled d{len(heroes)} = {heroes.index(hero) + 1} ({faces}) → {hero.name}"

    def _ranged_phase(
        self,
        world: DungeonContext,
        card: Sequence[str],
        step: str,
        action: str,
        dice: Dice,
        chain: Chain,
    ) -> tuple[Result | None, bool]:
        """(result, give up ranged attacks): give up when no clear sight can be had."""
        tactics = [t for t in card if t in SHOOT_TACTICS]
        if not tactics:
            chain.skipped(step, "its card lists no shooting tactic")
            return None, False
        chosen = chain.first_yielding(
            step, tactics, lambda t: self._shoot_pick(world, t, dice)
        ).chosen
        if chosen is None:
            chain.skipped(step, "no shooting tactic on its card finds a hero")
            return None, False
        outcomes: list[Outcome] = []
        details: list[str] = []
        blind: list[Unit] = []
        for hero in cast(list[Unit], chosen.result):  # the chosen tactic found heroes
            spots, detail = self._clear_sight(world, hero)
            details.append(detail)
            if not spots:
                blind.append(hero)
                continue
            for spot in spots:
                moved = spot != world.unit.at
                path = tuple(world.fields.near.path_to(spot)) if moved else ()
                outcomes.append(Outcome(action, (hero.id,), spot if moved else None, path))
        if not outcomes:
            chain.skipped("sight", "; ".join(details) + ": it fights instead")
            return None, True
        detail = "; ".join(details)
        if blind:
            detail += (
                f"; picking {_names(blind)} instead would leave no clear sight "
                "(it would fight instead)"
            )
        if len(outcomes) > 1:
            detail += f"; {len(outcomes)} equally good choices: the players pick"
        chain.applied("sight", detail)
        verb = "Cast at" if action == "cast" else "Shoot"

        def summary(o: Outcome) -> str:
            aim = f"{verb} {world.encounter.unit(o.targets[0]).name}"
            return f"Move {squares(len(o.path))}, then {aim[0].lower()}{aim[1:]}" if o.path else aim

        outcomes = summarised(outcomes, summary)
        return Result(outcomes, outcomes[0].summary), False

    def _clear_sight(self, world: DungeonContext, hero: Unit) -> tuple[list[Cell], str]:
        """Best squares to shoot `hero` from this turn (ties), and why."""
        spots = world.within_move()
        board = world.board
        start = world.unit.at

        target = world.hero_body(hero)
        in_sight: list[set[Cell]] | None = None
        if distance_between(world.body_at(start), target) > world.move + SEEN_NEAR:
            # A far hero. Sight is the same both ways: looked at from each of the hero's
            # squares, the walls near it hide most of the squares it could shoot from at
            # once (usually all of them), instead of a long line walked for each.
            bodies = {f for anchor in spots for f in world.body_at(anchor)}
            bodies.update(world.body_at(start))
            in_sight = [seen_among(board, h, bodies) for h in target]

        def clear_view(anchor: Cell) -> bool:
            if in_sight is None:  # near: asked square by square, the farthest first
                return any(sees(board, f, h) for f in world.body_at(anchor) for h in target)
            return any(f in view for f in world.body_at(anchor) for view in in_sight)

        def away(anchor: Cell) -> int:
            return distance_between(world.body_at(anchor), target)

        by_distance: dict[int, list[Cell]] = {}
        if world.size == 1 and len(target) == 1:
            hx, hy = target[0]
            for cell in spots:  # the common case, without the general body arithmetic
                d = max(abs(cell[0] - hx), abs(cell[1] - hy))
                by_distance.setdefault(d, []).append(cell)
        else:
            for cell in spots:
                by_distance.setdefault(away(cell), []).append(cell)
        for distance in sorted(by_distance, reverse=True):
            seen = [c for c in by_distance[distance] if clear_view(c)]
            if not seen:
                continue

            def preference(c: Cell) -> tuple[int, float, int]:
                way = move_direction(start, c, hero.at)
                return (DIRECTION_RANK[way], deviation(start, c, hero.at, way), spots[c])

            keys = {c: preference(c) for c in seen}
            top = min(seen, key=lambda c: (keys[c], c))
            best = sorted(c for c in seen if keys[c] == keys[top])
            way = move_direction(start, top, hero.at)
            where = (
                "stays where it is"
                if way == "stays"
                else f"moves {way} {squares(spots[top])} to "
                + " or ".join(cell_text(c) for c in best)
            )
            now = "has" if clear_view(start) else "lacks"
            return best, (
                f"{hero.name}: it {now} clear sight from {cell_text(start)} "
                f"({squares(away(start))} away); the farthest it can stand this "
                f"turn with clear sight is {squares(distance)} away: {where}"
            )
        return [], (
            f"{hero.name}: no square it can reach this turn ({squares(world.move)}) has clear sight"
        )

    # -- fighting --------------------------------------------------------------------------
    def _fight_pick(
        self, world: DungeonContext, tactic: str, dice: Dice
    ) -> tuple[list[Unit] | None, str]:
        if not world.heroes:
            return None, "no hero in play"
        costs = {h.id: world.approach(h)[0] for h in world.heroes}
        able = [h for h in world.heroes if costs[h.id] is not None]
        cannot = [h.name for h in world.heroes if costs[h.id] is None]
        tail = f" ({', '.join(cannot)}: no way to reach)" if cannot else ""
        if not able:
            return None, f"it cannot reach any hero{tail}"
        if tactic in ("fight-closest", "fight-furthest"):
            listed = ", ".join(f"{h.name} {squares(cast(int, costs[h.id]))} to reach" for h in able)
            pick = min if tactic == "fight-closest" else max
            best = pick(cast(int, costs[h.id]) for h in able)
            chosen = [h for h in able if costs[h.id] == best]
            return chosen, f"{listed}{tail} → {_names(chosen)}"
        counts = {h.id: len(world.enemies_adjacent_to(h)) for h in able}
        listed = (
            ", ".join(f"{h.name} {plural(counts[h.id], 'enemy')}" for h in able) + " next to them"
        )
        if tactic == "fight-gang":
            best = max(counts.values())
            if best == 0:
                return None, f"no hero has another enemy next to them ({listed}){tail}"
            chosen = [h for h in able if counts[h.id] == best]
            return chosen, f"{listed}{tail} → {_names(chosen)}"
        if tactic == "fight-individual":
            alone = [h for h in able if counts[h.id] == 0]
            if not alone:
                return None, f"every hero it can reach has an enemy next to them ({listed})"
            return alone, f"{listed}{tail} → {_names(alone)}"
        if tactic == "fight-random":
            return self._random(able, "Fight random", dice)
        return None, f"'{tactic}' is not a fighting tactic"

    def _fight_phase(
        self, world: DungeonContext, card: Sequence[str], dice: Dice, chain: Chain
    ) -> Result:
        tactics = [t for t in card if t in FIGHT_TACTICS]
        if not tactics:
            chain.skipped("fight", "its card lists no fighting tactic: it holds")
            return Result([Outcome("hold")], "Hold: nothing on its card applies")
        chosen = chain.first_yielding(
            "fight", tactics, lambda t: self._fight_pick(world, t, dice)
        ).chosen
        if chosen is None:
            chain.skipped("fight", "no fighting tactic on its card finds a hero: it holds")
            return Result([Outcome("hold")], "Hold: no hero to fight")
        outcomes: list[Outcome] = []
        heroes = cast(list[Unit], chosen.result)  # the chosen tactic found heroes
        many = len(heroes) >= MANY_ROUTES
        for hero in heroes:
            outcomes += self._move_to_fight(world, hero, chain, many)
        if not outcomes:
            return Result([Outcome("hold")], "Hold: it cannot get at its hero")
        # A move that serves several heroes comes once per hero (dozens of tied heroes give
        # hundreds): each is described once, the repeats dropped first as the decision would.
        outcomes = summarised(dict.fromkeys(outcomes), partial(_fight_summary, world.encounter))
        return Result(outcomes, outcomes[0].summary)

    def _move_to_fight(
        self, world: DungeonContext, hero: Unit, chain: Chain, many: bool = False
    ) -> list[Outcome]:
        cost, _ = world.approach(hero)
        if cost == 0:
            chain.skipped("to_fight", f"{hero.name} is already within reach {world.reach}: no move")
            return [Outcome("fight", (hero.id,))]
        if world.standard:
            goals, detail = self._ring_goal(world, hero)
        else:
            _, goals = world.approach(hero)
            detail = (
                f"shortest way to a square from which it can fight {hero.name} "
                f"(reach {world.reach}, size {world.size}): {squares(cast(int, cost))} to "
                + " or ".join(cell_text(g) for g in goals)
            )
        outcomes: list[Outcome] = []
        notes: list[str] = []
        total = world.field.raw(goals[0]) if goals else None
        if total is not None and total > world.move:
            # Short of every goal this turn: one walk finds where the routes end.
            stops = stops_toward_any(
                world.field, goals, world.move, world.can_stop, world.lower_bound, many=many
            )
            notes.append(
                f"{' or '.join(cell_text(g) for g in goals)} "
                f"{'is' if len(goals) == 1 else 'are'} {squares(total)} away; it moves "
                f"{squares(world.move)} to " + " or ".join(cell_text(s) for s in stops)
            )
            outcomes += [
                Outcome("move", (), s, tuple(world.field.path_to(s)))
                if s != world.unit.at
                else Outcome("hold")
                for s in stops
            ]
            goals = []
        for goal in goals:
            path = tuple(world.field.path_to(goal))
            door = self._door_crossed(world, path)
            crowd = world.heroes_adjacent(goal)
            if world.standard and door is not None and len(crowd) >= 3:
                outcomes += self._doorway(world, hero, goal, door, crowd, chain)
                continue
            notes.append(f"reaches {cell_text(goal)} ({squares(len(path))}) and fights")
            outcomes.append(Outcome("fight", (hero.id,), goal, path))
        outcomes = list(dict.fromkeys(outcomes))
        if notes:
            chain.applied(
                "to_fight",
                f"{detail}; "
                + "; ".join(notes)
                + ("; the players pick" if len(outcomes) > 1 else ""),
            )
        return outcomes

    def _ring_goal(self, world: DungeonContext, hero: Unit) -> tuple[list[Cell], str]:
        board, field_ = world.board, world.field
        around = ring(hero.at)

        def usable(i: int) -> bool:
            c = around[i]
            return board.in_bounds(c) and world.can_stop(c) and sees(board, c, hero.at)

        flank_from = sorted(
            {
                ring_index(hero.at, c)
                for e in world.enemies_adjacent_to(hero)
                for c in covered(e)
                if c in around
            }
        )
        if flank_from:
            opposite_free = [opposite(i) for i in flank_from if usable(opposite(i))]
            if opposite_free:
                cells = [around[i] for i in sorted(set(opposite_free))]
                closest = closest_cells(field_, lower_bound=world.lower_bound, candidates=cells)
                held = ", ".join(DIRECTION_NAMES[i] for i in flank_from)
                return list(closest.cells), (
                    f"another enemy already stands {held} of {hero.name}: it flanks from the "
                    f"opposite side, " + " or ".join(cell_text(c) for c in closest.cells)
                )
        routes: dict[int, int] = {}
        for i, c in enumerate(around):
            if not board.in_bounds(c) or not board.passable(c):
                continue
            raw = field_.raw(c)
            if raw is None and c in world.occupied:
                near_raw = [field_.raw(n) for n in ring(c) if board.in_bounds(n)]
                near = [v for v in near_raw if v is not None]
                raw = min(near) + 1 if near else None
            if raw is not None:
                routes[i] = raw
        sector = sector_index(hero.at, world.unit.at)
        if not routes:
            return [], f"no square next to {hero.name} can be reached"
        shortest = min(routes.values())
        nearest = [i for i, v in routes.items() if v == shortest]
        order = search_order(sector)
        preferred = min(nearest, key=order.index)
        tried: list[str] = []
        for i in search_order(preferred):
            if usable(i):
                detail = (
                    f"the square next to {hero.name} on its side is "
                    f"{DIRECTION_NAMES[preferred]} {cell_text(around[preferred])}"
                )
                if tried:
                    detail += (
                        f", but {', '.join(tried)} cannot be stood on; "
                        f"trying clockwise, then anticlockwise: "
                        f"{DIRECTION_NAMES[i]} {cell_text(around[i])}"
                    )
                return [around[i]], detail
            if i in routes or board.in_bounds(around[i]):
                tried.append(f"{DIRECTION_NAMES[i]} {cell_text(around[i])}")
        return [], f"no free square next to {hero.name}"

    def _door_crossed(self, world: DungeonContext, path: tuple[Cell, ...]) -> Doorway | None:
        crossed = None
        for cell in (world.unit.at, *path[:-1]):
            door = doorway_at(world.board, cell)
            if door is not None:
                crossed = door
        return crossed

    def _doorway(
        self,
        world: DungeonContext,
        hero: Unit,
        goal: Cell,
        door: Doorway,
        crowd: list[Unit],
        chain: Chain,
    ) -> list[Outcome]:
        spots = world.within_move()
        field_ = world.field
        beyond = door.side(goal)
        facing = (
            f"{cell_text(goal)} beyond the doorway would face {len(crowd)} heroes ({_names(crowd)})"
        )
        # 1. Further through, facing only 1 or 2 heroes.
        deeper = [
            c
            for c in spots
            if door.side(c) == beyond
            and doorway_at(world.board, c) is None
            and world.fightable_from(c, hero)
            and 1 <= len(world.heroes_adjacent(c)) <= 2
        ]
        if deeper:
            closest = closest_cells(field_, lower_bound=world.lower_bound, candidates=deeper)
            chain.add(
                "doorway",
                APPLIED,
                f"{facing}; it goes on to "
                + " or ".join(
                    f"{cell_text(c)} (facing {len(world.heroes_adjacent(c))})"
                    for c in closest.cells
                ),
                part="go further in",
            )
            return [
                Outcome("fight", (hero.id,), c, tuple(field_.path_to(c))) for c in closest.cells
            ]
        chain.add(
            "doorway",
            SKIPPED,
            f"{facing}; no square it can reach beyond it next to {hero.name} faces only 1 or 2",
            part="go further in",
        )
        # 2. Stop in the doorway and fight an adjacent hero.
        in_door = [
            c
            for c in door.cells
            if c in spots and any(world.fightable_from(c, h) for h in world.heroes)
        ]
        if in_door:
            closest = closest_cells(field_, lower_bound=world.lower_bound, candidates=in_door)
            outcomes = []
            for c in closest.cells:
                path = tuple(field_.path_to(c)) if c != world.unit.at else ()
                where = c if path else None
                if world.fightable_from(c, hero):
                    outcomes.append(Outcome("fight", (hero.id,), where, path))
                else:
                    outcomes += [
                        Outcome("fight", (h.id,), where, path)
                        for h in world.heroes
                        if world.fightable_from(c, h)
                    ]
            names = _names([world.encounter.unit(o.targets[0]) for o in outcomes])
            chain.add(
                "doorway",
                APPLIED,
                f"it stops in the doorway at {cell_text(closest.cells[0])} and fights {names}",
                part="fight from the doorway",
            )
            return outcomes
        chain.add(
            "doorway",
            SKIPPED,
            "no door square it can stop on has a hero next to it",
            part="fight from the doorway",
        )
        # 3. Step to the side of the doorway.
        near_side = door.side(world.unit.at) or -beyond
        aside = [
            c
            for c in door.beside()
            if c in spots
            and door.side(c) == near_side
            and doorway_at(world.board, c) is None
            and not door.in_front(c)
        ]
        if aside:
            closest = closest_cells(field_, lower_bound=world.lower_bound, candidates=aside)
            chain.add(
                "doorway",
                APPLIED,
                "it steps beside the doorway to "
                + " or ".join(cell_text(c) for c in closest.cells),
                part="step aside",
            )
            return [
                Outcome("move", (), c, tuple(field_.path_to(c)))
                if c != world.unit.at
                else Outcome("hold")
                for c in closest.cells
            ]
        chain.add(
            "doorway",
            SKIPPED,
            "no free square beside the doorway on its side: it holds",
            part="step aside",
        )
        return [Outcome("hold")]

    # -- order, checks, statuses ----------------------------------------------------------
    def order(self, encounter: Encounter) -> ActivationOrder:
        enemies = [u for u in encounter.enemies() if u.hp > 0]

        def key(u: Unit) -> tuple[int, int]:
            col, row = lowest_square(u.at, size_of(u))
            return -row, col

        ranked = sorted(enemies, key=key)
        return ActivationOrder(
            tuple(u.id for u in ranked),
            (),
            tuple(
                f"{u.name}: lowest square {cell_text(lowest_square(u.at, size_of(u)))}"
                for u in ranked
            ),
        )

    def validate(self, encounter: Encounter) -> list[str]:
        problems: list[str] = []
        board = encounter.board
        taken: dict[Cell, str] = {}
        for unit in encounter.units:
            for stat in ("size", "reach", "move"):
                value = unit.stats.get(stat)
                if value is not None and (
                    int(value) != value or value < (0 if stat == "move" else 1)
                ):
                    problems.append(
                        f"unit '{unit.id}', field 'stats': '{stat}' is {value}; "
                        f"expected a whole number of at least "
                        f"{0 if stat == 'move' else 1}"
                    )
            size, (col, row) = size_of(unit), unit.at
            if col + size > board.width or row + size > board.height:
                # The first square off the board, found without building the block: a
                # size from a file may be in the billions.
                off = (board.width, row) if col + size > board.width else (col, board.height)
                problems.append(
                    f"unit '{unit.id}', field 'at': size {size} "
                    f"covers {cell_text(off)}, which is off the "
                    f"{board.width}x{board.height} board"
                )
                continue
            for cell in covered(unit):
                if cell in taken:
                    problems.append(
                        f"unit '{unit.id}', field 'at': size {size_of(unit)} "
                        f"covers {cell_text(cell)}, already taken by "
                        f"'{taken[cell]}'"
                    )
                    break
                taken[cell] = unit.id
        return problems

    def derived_statuses(self, unit: Unit) -> set[str]:
        return {"dead"} if unit.hp <= 0 else set()


def _names(units: Sequence[Unit]) -> str:
    names = [u.name for u in units]
    if not names:
        return "nobody"
    return joined(names)


def build() -> DungeonCrawl:
    return DungeonCrawl(
        load_ruleset_data("dungeon-crawl", package="desktop.rulesets.dungeon_crawl")
    )
