"""card-flip-rpg: one five-rule chain for every enemy, orthogonal movement on squares.

Reading (docs/rulesets/card-flip-rpg.md): distances are orthogonal step counts;
"low" is hp * 4 < max_hp; enemies never enter or pass a player's square (they
may pass other enemies but never stop on an occupied square); ranged attacks
(range > 1) need a straight line not blocked by a wall.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from desktop.engine.board import Cell
from desktop.engine.capabilities import Capabilities, CardFlips
from desktop.engine.chain import Chain, joined, plural
from desktop.engine.context import Context
from desktop.engine.decision import Outcome, Result
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.geometry import Metric, Neighbourhood, neighbours
from desktop.engine.movement import DistanceField, shared_field
from desktop.engine.movement_rules import MovementRules
from desktop.engine.ruleset import ActivationOrder, Helper, Ruleset
from desktop.engine.sight import has_line_of_sight
from desktop.engine.square_geometry import manhattan
from desktop.engine.targeting import TieBreaker, select
from desktop.engine.units import Unit
from desktop.rulesets.data_loader import load_ruleset_data

MOVEMENT = MovementRules(Neighbourhood.ORTHOGONAL)


def is_low(unit: Unit) -> bool:
    return unit.hp * 4 < unit.max_hp


def average_party_level(players: list[Unit]) -> int:
    if not players:
        return 0
    return sum(int(p.stat("level", 1)) for p in players) // len(players)


def enemy_attack_bonus(average_level: int) -> int:
    return average_level // 5


def untrained_defence_increase(level: int) -> int:
    return max(1, 3 - level // 5)


FLIP_MEANINGS = {
    "A": "Ace: the attacked player may counter-attack.",
    "K": "King: the enemy deals double damage.",
}


def flip_meaning(card: str) -> str:
    """What a flipped card means for an enemy attack ('' for cards with no special meaning)."""
    rank = card.rstrip("♠♥♦♣").upper()
    return FLIP_MEANINGS.get(rank, "")


@dataclass
class CardFlipContext(Context):
    players: list[Unit]  # living players (HP 0 or more)
    field: DistanceField
    stoppable: set[Cell]  # reachable cells within move, free of other units
    move: int

    def dist(self, a: Cell, b: Cell) -> int:
        return manhattan(a, b)


def _target_breakers(
    ctx: CardFlipContext, with_last_attacker: str | None
) -> list[TieBreaker[Unit]]:
    at = ctx.unit.at
    breakers: list[TieBreaker[Unit]] = []
    if with_last_attacker is not None:
        breakers.append(
            TieBreaker(
                "attacked it last",
                lambda p: 0 if p.id == with_last_attacker else 1,
                lambda p: f"{p.name} {'yes' if p.id == with_last_attacker else 'no'}",
            )
        )
    breakers += [
        TieBreaker(
            "closest",
            lambda p: manhattan(at, p.at),
            lambda p: f"{p.name} {plural(manhattan(at, p.at), 'square')}",
        ),
        TieBreaker("lowest current HP", lambda p: p.hp, lambda p: f"{p.name} HP {p.hp}"),
        TieBreaker(
            "lowest Lift",
            lambda p: p.stat("lift", 0),
            lambda p: f"{p.name} Lift {p.stat('lift', 0)}",
        ),
    ]
    return breakers


class CardFlipRpg(Ruleset):
    movement = MOVEMENT
    range_metric = Metric.MANHATTAN
    capabilities = Capabilities(card_flips=CardFlips(flip_meaning), remembers_attacker=True)

    def evaluate(self, ctx: Context, chain: Chain) -> Result:
        assert isinstance(ctx, CardFlipContext)  # built by self.context
        unit = ctx.unit
        low = is_low(unit)
        low_text = (
            f"HP {unit.hp} of {unit.max_hp} is below a quarter ({unit.hp}×4 < {unit.max_hp})"
            if low
            else f"HP {unit.hp} of {unit.max_hp} is not below a quarter "
            f"({unit.hp}×4 ≥ {unit.max_hp})"
        )
        can_move = bool(ctx.stoppable)
        move_text = self._move_text(ctx, can_move)

        # 1. Flee
        if low and can_move:
            flee = self._flee(ctx)
            if flee is not None:
                outcomes, detail, summary = flee
                chain.applied("flee", f"{low_text}; {detail}")
                return Result(outcomes, summary)
            chain.skipped("flee", f"{low_text}, but {self._flee_blocked(ctx)}")
        else:
            chain.skipped("flee", low_text if not low else f"{low_text}, but {move_text}")

        # 2. Heal when stuck
        if low and not can_move:
            chain.applied("heal_stuck", f"{low_text} and {move_text}: heals 1 HP")
            return Result([Outcome("heal")], "Heal 1 HP")
        chain.skipped("heal_stuck", "not badly hurt" if not low else f"it can move ({move_text})")

        # 3. Attack
        attack = self._attack(ctx)
        if attack is not None:
            outcomes, detail = attack
            chain.applied("attack", detail)
            return Result(outcomes, outcomes[0].summary)
        chain.skipped("attack", self._nobody_in_range(ctx))

        # 4. Move toward a player
        if can_move and ctx.players:
            approach = self._approach(ctx)
            if approach is not None:
                outcomes, detail, summary = approach
                chain.applied("move", detail)
                return Result(outcomes, summary)
            chain.skipped("move", "no reachable square brings it closer to its target")
        else:
            chain.skipped("move", "no living player on the board" if not ctx.players else move_text)

        # 5. Rest
        if unit.hp < unit.max_hp:
            chain.applied("rest", f"HP {unit.hp} of {unit.max_hp}: heals 1 HP")
            return Result([Outcome("heal")], "Heal 1 HP")
        chain.applied("rest", f"HP {unit.hp} of {unit.max_hp} is full: skips its turn")
        return Result([Outcome("skip")], "Skip the turn")

    # -- context ---------------------------------------------------------------------------
    def context(
        self, encounter: Encounter, unit: Unit, dice: Dice, **shared: Any
    ) -> CardFlipContext:
        players = [p for p in encounter.players() if p.hp >= 0]
        move = int(unit.stat("move", self.data.stat_default("move") or 0))
        field = DistanceField(
            encounter.board,
            MOVEMENT,
            [unit.at],
            blocked=[p.at for p in players],
            max_cost=max(move, 0),
        )
        occupied = encounter.occupied(exclude=[unit.id])
        stoppable = {c for c in field.reachable() if c not in occupied and c != unit.at}
        return CardFlipContext(encounter, unit, dice, players, field, stoppable, move)

    def _move_text(self, s: CardFlipContext, can_move: bool) -> str:
        if s.move <= 0:
            return "its move is 0"
        if not can_move:
            return "every square around it is blocked"
        return f"it can move {plural(s.move, 'square')}"

    # -- rule 1 ----------------------------------------------------------------------------
    def _flee_candidates(self, s: CardFlipContext) -> tuple[list[Unit], list[Cell]]:
        start = s.unit.at
        if not s.players:
            return [], []
        nearest_d = min(manhattan(start, p.at) for p in s.players)
        nearest = [p for p in s.players if manhattan(start, p.at) == nearest_d]
        others = [p for p in s.players if p not in nearest]
        valid = [
            c
            for c in s.stoppable
            if all(manhattan(c, p.at) > manhattan(start, p.at) for p in nearest)
            and all(manhattan(c, p.at) >= manhattan(start, p.at) for p in others)
        ]
        return nearest, valid

    def _flee(self, s: CardFlipContext) -> tuple[list[Outcome], str, str] | None:
        nearest, valid = self._flee_candidates(s)
        if not valid:
            return None
        scores = {c: min(manhattan(c, p.at) for p in nearest) for c in valid}
        best = max(scores.values())
        cells = sorted(c for c, v in scores.items() if v == best)
        names = " and ".join(p.name for p in nearest)
        outcomes = []
        for c in cells:
            path = tuple(s.field.path_to(c))
            away = f"Flee {plural(len(path), 'square')} from {names}"
            outcomes.append(Outcome("flee", (), c, path, summary=away))
        start_d = manhattan(s.unit.at, nearest[0].at)
        detail = (
            f"nearest player {names} is {plural(start_d, 'square')} away; "
            f"it backs off to {plural(best, 'square')} away without nearing anyone else"
        )
        if len(cells) > 1:
            detail += f"; {len(cells)} squares are equally good: the players choose"
        return outcomes, detail, outcomes[0].summary

    def _flee_blocked(self, s: CardFlipContext) -> str:
        if not s.players:
            return "there is no player to back away from"
        return "no square within reach gets farther from the nearest player without nearing another"

    # -- rule 3 ----------------------------------------------------------------------------
    def _in_range(self, s: CardFlipContext, player: Unit) -> tuple[bool, str]:
        reach = int(s.unit.stat("range", self.data.stat_default("range") or 1))
        d = manhattan(s.unit.at, player.at)
        if d > reach:
            return False, f"{player.name} {plural(d, 'square')} away, range {reach}"
        if reach > 1 and d > 1 and not has_line_of_sight(s.encounter.board, s.unit.at, player.at):
            return False, f"{player.name} {plural(d, 'square')} away, but a wall blocks the line"
        return True, f"{player.name} {plural(d, 'square')} away, range {reach}"

    def _attack(self, s: CardFlipContext) -> tuple[list[Outcome], str] | None:
        in_range = [p for p in s.players if self._in_range(s, p)[0]]
        if not in_range:
            return None
        last = s.encounter.memory.last_attacker.get(s.unit.id)
        last_in_range = last if any(p.id == last for p in in_range) else None
        selection = select(in_range, _target_breakers(s, last_in_range))
        facts = "; ".join(self._in_range(s, p)[1] for p in in_range)
        detail = facts
        if last is not None and last_in_range is None:
            attacker = s.encounter.unit(last) if s.encounter.has_unit(last) else None
            who = attacker.name if attacker else last
            detail += f"; {who} attacked it last but is not in range"
        if selection.reasons:
            detail += "; " + selection.explain()
        chosen = selection.chosen
        if selection.tied:
            detail += f"; still tied: the players choose between {_names(chosen)}"
        else:
            detail += f" → {chosen[0].name}"
        return [Outcome("attack", (p.id,), summary=f"Attack {p.name}") for p in chosen], detail

    def _nobody_in_range(self, s: CardFlipContext) -> str:
        if not s.players:
            return "no living player on the board"
        return "nobody in range: " + "; ".join(self._in_range(s, p)[1] for p in s.players)

    # -- rule 4 ----------------------------------------------------------------------------
    def _approach(self, s: CardFlipContext) -> tuple[list[Outcome], str, str] | None:
        last = s.encounter.memory.last_attacker.get(s.unit.id)
        last_alive = last if any(p.id == last for p in s.players) else None
        selection = select(s.players, _target_breakers(s, last_alive))
        outcomes: list[Outcome] = []
        details: list[str] = []
        for target in selection.chosen:
            found = self._toward(s, target)
            if found is None:
                continue
            cells, remaining = found
            for cell in cells:
                path = tuple(s.field.path_to(cell))
                toward = f"Move {plural(len(path), 'square')} toward {target.name}"
                outcomes.append(Outcome("move", (), cell, path, summary=toward))
            details.append(
                f"afterwards {plural(remaining, 'more square')} to reach {target.name}"
                if remaining
                else f"it ends beside {target.name}"
            )
        if not outcomes:
            return None
        first_target = selection.chosen[0]
        detail = f"moving up to {plural(s.move, 'square')}; "
        if len(selection.chosen) == 1:
            detail += f"heads for {first_target.name}"
        else:
            detail += f"players choose which of {_names(selection.chosen)} it heads for"
        if selection.reasons:
            detail += " (" + selection.explain() + ")"
        distinct = {o.destination for o in outcomes}
        if len(distinct) > 1:
            detail += f"; {len(distinct)} squares are equally far along: the players choose"
        detail += "; " + "; ".join(details)
        return outcomes, detail, outcomes[0].summary

    def _toward(self, s: CardFlipContext, target: Unit) -> tuple[list[Cell], int] | None:
        """End squares on shortest routes toward `target`, the farthest along within `move`."""
        board = s.encounter.board
        players_at = {p.at for p in s.players}
        goals = [
            c
            for c in neighbours(board, target.at, Neighbourhood.ORTHOGONAL)
            if board.passable(c) and c not in players_at
        ]
        # Cost from every square to the nearest square beside the target, shared by all
        # enemies heading for the same player this round.
        to_goal = shared_field(board, MOVEMENT, goals, players_at, reverse=True)
        total = to_goal.raw(s.unit.at)
        if total is not None:
            usable = [
                c
                for c in s.stoppable
                if (rest := to_goal.raw(c)) is not None
                and cast(int, s.field.raw(c)) + rest == total
            ]
            if not usable:
                return None
            best = max(cast(int, s.field.raw(c)) for c in usable)  # stoppable: reached
            return sorted(c for c in usable if s.field.raw(c) == best), total - best
        # No square beside the target can be reached: get as near as the walls allow.
        here = manhattan(s.unit.at, target.at)
        scored = {c: manhattan(c, target.at) for c in s.stoppable}
        if not scored or min(scored.values()) >= here:
            return None
        best = min(scored.values())
        near = [c for c, v in scored.items() if v == best]
        fewest = min(cast(int, s.field.raw(c)) for c in near)  # stoppable: reached
        return sorted(c for c in near if s.field.raw(c) == fewest), best - 1

    # -- order, statuses, helpers -----------------------------------------------------------
    def order(self, encounter: Encounter) -> ActivationOrder:
        enemies = [u.id for u in encounter.enemies() if u.hp > 0]
        ties = (tuple(enemies),) if len(enemies) > 1 else ()
        return ActivationOrder(
            tuple(enemies),
            ties,
            ("The rules fix no order among enemies: the players choose (roster order shown).",),
        )

    def derived_statuses(self, unit: Unit) -> set[str]:
        if unit.is_enemy:
            return set()
        if unit.hp == 0:
            return {"stunned"}
        if unit.hp < 0:
            return {"dead"}
        return set()

    def helpers(self, encounter: Encounter) -> list[Helper]:
        players = encounter.players()
        if not players:
            return []
        levels = [int(p.stat("level", 1)) for p in players]
        average = average_party_level(players)
        bonus = enemy_attack_bonus(average)
        out = [
            Helper(
                "Average party level",
                str(average),
                f"({' + '.join(map(str, levels))}) / {len(levels)}, rounded down",
            ),
            Helper("Enemy attack bonus", f"+{bonus}", "+1 per full 5 average levels"),
        ]
        for p in players:
            level = int(p.stat("level", 1))
            increase = untrained_defence_increase(level)
            out.append(
                Helper(
                    f"{p.name}: untrained defence", f"+{increase}", f"3 - {level} // 5, at least +1"
                )
            )
        return out


def _names(units: list[Unit]) -> str:
    names = [u.name for u in units]
    return joined(names)


def build() -> CardFlipRpg:
    return CardFlipRpg(load_ruleset_data("card-flip-rpg"))
