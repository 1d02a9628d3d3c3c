"""grimdark-solo: the enemy army of a grimdark sci-fi wargame played solo, phase by phase.

`decide` answers for one enemy unit in `encounter.phase`; the decision names
its phase. By default the encounter is the enemy's turn; an encounter whose
`extra_state["turn"]` is "player" asks how enemies react in the players' turn
(deny powers in the psychic phase, heroic intervention in the charge phase,
fighting in the fight phase). The pieces live in the modules beside this
one; `turn.step_enemy_turn` steps a whole enemy turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from desktop.engine.board import Cell
from desktop.engine.capabilities import Capabilities, EnemyDeck
from desktop.engine.chain import Chain
from desktop.engine.context import Context
from desktop.engine.decision import Decision, Outcome, Result
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.errors import RulesError
from desktop.engine.geometry import Metric
from desktop.engine.reach import cells_within, fire_and_close_combat
from desktop.engine.ruleset import ActivationOrder, Ruleset, RulesetData
from desktop.engine.units import Unit
from desktop.rulesets.data_loader import load_ruleset_data
from desktop.rulesets.grimdark_solo import combat, movement
from desktop.rulesets.grimdark_solo.command import (
    CONDITIONS,
    Stratagem,
    StratagemDraw,
    command_ability,
    default_deck,
    draw_stratagem,
    nothing_to_command,
    parse_deck,
)
from desktop.rulesets.grimdark_solo.common import (
    CHARGE_REACH,
    PSYKER,
    GrimdarkContext,
    Idle,
    Numbers,
    alive,
    ranged,
    reach_cells,
)
from desktop.rulesets.grimdark_solo.psychic import choose_denier, deny_intent

ENEMY_TURN = "enemy"
PLAYER_TURN = "player"


def whose_turn(encounter: Encounter) -> str:
    turn: str = encounter.extra_state.get("turn", ENEMY_TURN)
    if turn not in (ENEMY_TURN, PLAYER_TURN):
        raise RulesError(f'turn is {turn!r}; expected "enemy" or "player"')
    return turn


class GrimdarkSolo(Ruleset):
    def __init__(self, data: RulesetData) -> None:
        super().__init__(data)
        self.numbers = Numbers.from_data(data)
        self.deck: tuple[Stratagem, ...] = default_deck(data)
        self.capabilities = Capabilities(
            deck=EnemyDeck(
                id="stratagems",
                default=self.deck,
                conditions={key: reason for key, (reason, _test) in CONDITIONS.items()},
                parse=parse_deck,
                draw=self.draw_stratagem,
                blank=lambda: Stratagem("", "", "never"),
                title="Enemy stratagem deck",
                intro="One card is drawn each enemy turn; a card that would do nothing is "
                "set aside and another drawn.",
                draw_label="Draw the enemy stratagem",
            ),
            player_turn=True,
        )

    def context(
        self, encounter: Encounter, unit: Unit, dice: Dice, **shared: Any
    ) -> GrimdarkContext:
        return GrimdarkContext(encounter, unit, dice, self.data, self.numbers)

    def movement_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """Where the phase's move can end (the encounter's phase: the one decided for): its
        normal move in the movement phase, the longest charge (12") in the charge phase, a
        pile-in in the fight phase; it moves in no other phase."""
        phase = encounter.phase or self.data.phases[0]
        ctx = self.context(encounter, encounter.unit(unit_id), Dice())
        if phase == "movement":
            return movement.normal_move_cells(ctx)
        budget = {"charge": CHARGE_REACH, "fight": ctx.numbers.pile_in}.get(phase)
        if budget is None:
            return set()
        return reach_cells(ctx, budget)

    def attack_range(self, encounter: Encounter, unit_id: str) -> set[Cell]:
        """What the phase's attacks reach (the encounter's phase): its longest ranged weapon,
        in sight, in the shooting phase; the 8 cells around it, where it fights, in the charge
        and fight phases; both in the movement phase (what it threatens once it has moved:
        shooting next); nothing in the command phase."""
        unit, board = encounter.unit(unit_id), encounter.board
        phase = encounter.phase or self.data.phases[0]
        reach = max((w.range for w in ranged(unit)), default=0.0)
        if phase == "movement":
            return fire_and_close_combat(board, unit.at, reach)
        if phase == "shooting":
            return cells_within(board, [unit.at], reach, Metric.INCHES)
        if phase in ("charge", "fight"):
            return cells_within(board, [unit.at], 1, Metric.CHEBYSHEV, sight=False)
        return set()

    def evaluate(self, ctx: Context, chain: Chain) -> Result:
        assert isinstance(ctx, GrimdarkContext)  # built by self.context
        phase = ctx.encounter.phase or self.data.phases[0]
        if phase not in self.data.phases:
            raise RulesError(f"unknown phase {phase!r} (known: {', '.join(self.data.phases)})")
        dice = ctx.dice
        if whose_turn(ctx.encounter) == PLAYER_TURN:
            return self._player_turn(ctx, chain, phase, dice)
        if phase == "command":
            return command_ability(ctx, chain, dice)
        if phase == "movement":
            return movement.tactical_move(ctx, chain, dice)
        if phase == "psychic":
            return self._own_psychic_phase(ctx, chain)
        if phase == "shooting":
            return combat.shoot(ctx, chain, dice)
        if phase == "charge":
            return combat.charge(ctx, chain, dice)
        return combat.fight(ctx, chain, dice)

    def _player_turn(self, ctx: GrimdarkContext, chain: Chain, phase: str, dice: Dice) -> Result:
        if phase == "psychic":
            return deny_intent(ctx, chain, dice)
        if phase == "charge":
            return combat.intervene(ctx, chain, dice)
        if phase == "fight":
            return combat.fight(ctx, chain, dice)
        chain.skipped("players_turn", f"enemy units do not act in the players' {phase} phase")
        return Result([Outcome("hold")], "Waits: the players' turn", phase=phase)

    def idle_reason(self, encounter: Encounter, unit_id: str) -> str | None:
        """What leaves the unit nothing to do in the enemy's phase being played, whatever the
        dice and the players' choices: no usable command ability, in combat or nothing to
        head for in the movement phase, not a psyker, nothing to shoot with or at, nobody to
        charge, nobody to fight. A unit whose decision could be
        an action (a move, a charge that might reach) is not idle."""
        if whose_turn(encounter) != ENEMY_TURN:
            return None
        unit = encounter.unit(unit_id)
        phase = encounter.phase
        if phase == "psychic":
            return None if PSYKER in unit.tags else "not a psyker"
        ctx = self.context(encounter, unit, Dice())
        idle: Idle | None = None
        if phase == "command":
            idle = nothing_to_command(ctx)
        elif phase == "movement":
            idle = movement.nothing_to_move(ctx)
        elif phase == "shooting":
            idle = combat.nothing_to_shoot(ctx)
            if idle is None and not any(combat.in_reach(ctx, w) for w in combat.usable_guns(unit)):
                return "no player unit in range and sight"
        elif phase == "charge":
            found = combat.charge_reach(ctx)
            idle = found if isinstance(found, Idle) else None
        elif phase == "fight":
            idle = combat.nothing_to_fight(ctx)
        return None if idle is None else idle.reason

    def _own_psychic_phase(self, ctx: GrimdarkContext, chain: Chain) -> Result:
        if PSYKER in ctx.unit.tags and alive(ctx.unit):
            detail = (
                "the solo rules give no instructions for enemy powers: the players cast "
                "for it as the unit's rules allow"
            )
        else:
            detail = "not a psyker"
        chain.skipped("own_psychic", detail)
        return Result([Outcome("hold")], "No psychic action", phase="psychic")

    def order(self, encounter: Encounter) -> ActivationOrder:
        enemies = tuple(u.id for u in encounter.enemies() if alive(u))
        return ActivationOrder(
            enemies,
            (),
            ("Every phase goes through the enemy units one at a time, in roster order.",),
        )

    def activation_continues(self, phase: str | None, action: str) -> bool:
        # A unit that has fought consolidates next, in the same activation.
        return phase == "fight" and action == "fight"

    def validate(self, encounter: Encounter) -> list[str]:
        problems = []
        for unit in encounter.enemies():
            for weapon in unit.weapons:
                if weapon.kind == "melee" and weapon.strength is None:
                    problems.append(
                        f"unit '{unit.id}': melee weapon '{weapon.name}' needs a "
                        "strength (the fight phase aims attacks by it)"
                    )
        return problems

    # -- phase-level helpers ---------------------------------------------------------------
    def draw_stratagem(
        self, encounter: Encounter, dice: Dice, deck: Iterable[Stratagem] | None = None
    ) -> StratagemDraw:
        return draw_stratagem(self.deck if deck is None else deck, encounter, dice)

    def choose_denier(self, encounter: Encounter, caster_id: str, dice: Dice) -> Decision | None:
        """Which enemy psyker tries to deny the power `caster_id` manifests (None: nobody)."""
        first_roll = len(dice.rolls)
        chain = self.chain()
        found = choose_denier(encounter, caster_id, self.numbers.deny_range, dice, chain)
        if found is None:
            return None
        unit, result = found
        return self.decision(unit, result, chain, dice, first_roll)


def build() -> GrimdarkSolo:
    return GrimdarkSolo(
        load_ruleset_data("grimdark-solo", package="desktop.rulesets.grimdark_solo")
    )
