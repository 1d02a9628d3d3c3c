"""grimdark-solo: the enemy army of a grimdark sci-fi wargame played solo, phase by phase.

`decide` answers for one enemy unit in `encounter.phase`; the decision names
its phase. By default the encounter is the enemy's turn; an encounter whose
`extra_state["turn"]` is "player" asks how enemies react in the players' turn
(deny powers in the psychic phase, heroic intervention in the charge phase,
fighting in the fight phase). The pieces live in grimdark_*.py beside this
module; `grimdark_turn.step_enemy_turn` steps a whole enemy turn.
"""

from __future__ import annotations

from collections.abc import Iterable

from desktop.engine.decision import SKIPPED, Decision, Outcome, TraceStep
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.errors import RulesError
from desktop.engine.ruleset import ActivationOrder, Ruleset, RulesetData
from desktop.engine.units import Unit
from desktop.rulesets import grimdark_combat, grimdark_movement
from desktop.rulesets.data_loader import load_ruleset_data
from desktop.rulesets.grimdark_command import (
    Stratagem,
    StratagemDraw,
    command_ability,
    default_deck,
    draw_stratagem,
)
from desktop.rulesets.grimdark_common import PSYKER, Context, Numbers, alive, make_decision
from desktop.rulesets.grimdark_psychic import choose_denier, deny_intent

ENEMY_TURN = "enemy"
PLAYER_TURN = "player"


def whose_turn(encounter: Encounter) -> str:
    turn = encounter.extra_state.get("turn", ENEMY_TURN)
    if turn not in (ENEMY_TURN, PLAYER_TURN):
        raise RulesError(f"turn is {turn!r}; expected \"enemy\" or \"player\"")
    return turn


class GrimdarkSolo(Ruleset):
    def __init__(self, data: RulesetData) -> None:
        super().__init__(data)
        self.numbers = Numbers.from_data(data)
        self.deck: tuple[Stratagem, ...] = default_deck(data)

    def context(self, encounter: Encounter, unit: Unit) -> Context:
        return Context(encounter, unit, self.data, self.numbers)

    def decide(self, encounter: Encounter, unit_id: str, dice: Dice) -> Decision:
        unit = encounter.unit(unit_id)
        if not unit.is_enemy:
            raise RulesError(f"'{unit_id}' is a player unit; only enemies are decided")
        phase = encounter.phase or self.data.phases[0]
        if phase not in self.data.phases:
            raise RulesError(f"unknown phase {phase!r} (known: {', '.join(self.data.phases)})")
        ctx = self.context(encounter, unit)
        ctx.first_roll = len(dice.rolls)
        if whose_turn(encounter) == PLAYER_TURN:
            return self._player_turn(ctx, phase, dice)
        if phase == "command":
            return command_ability(ctx, dice)
        if phase == "movement":
            return grimdark_movement.tactical_move(ctx, dice)
        if phase == "psychic":
            return self._own_psychic_phase(ctx, dice)
        if phase == "shooting":
            return grimdark_combat.shoot(ctx, dice)
        if phase == "charge":
            return grimdark_combat.charge(ctx, dice)
        return grimdark_combat.fight(ctx, dice)

    def _player_turn(self, ctx: Context, phase: str, dice: Dice) -> Decision:
        if phase == "psychic":
            return deny_intent(ctx, dice)
        if phase == "charge":
            return grimdark_combat.intervene(ctx, dice)
        if phase == "fight":
            return grimdark_combat.fight(ctx, dice)
        trace = [TraceStep("Players' turn", SKIPPED,
                           f"enemy units do not act in the players' {phase} phase")]
        return make_decision(ctx, phase, [Outcome("hold")], "Waits: the players' turn",
                             trace, dice)

    def _own_psychic_phase(self, ctx: Context, dice: Dice) -> Decision:
        if PSYKER in ctx.unit.tags and alive(ctx.unit):
            detail = ("the solo rules give no instructions for enemy powers: the players cast "
                      "for it as the unit's rules allow")
        else:
            detail = "not a psyker"
        trace = [TraceStep("Enemy psychic phase", SKIPPED, detail)]
        return make_decision(ctx, "psychic", [Outcome("hold")], "No psychic action",
                             trace, dice)

    def order(self, encounter: Encounter) -> ActivationOrder:
        enemies = tuple(u.id for u in encounter.enemies() if alive(u))
        return ActivationOrder(
            enemies, (),
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
                    problems.append(f"unit '{unit.id}': melee weapon '{weapon.name}' needs a "
                                    "strength (the fight phase aims attacks by it)")
        return problems

    # -- phase-level helpers ---------------------------------------------------------------
    def draw_stratagem(self, encounter: Encounter, dice: Dice,
                       deck: Iterable[Stratagem] | None = None) -> StratagemDraw:
        return draw_stratagem(self.deck if deck is None else deck, encounter, dice)

    def choose_denier(self, encounter: Encounter, caster_id: str, dice: Dice
                      ) -> Decision | None:
        """Which enemy psyker tries to deny the power `caster_id` manifests (None: nobody)."""
        return choose_denier(lambda u: self.context(encounter, u), encounter, caster_id,
                             self.numbers.deny_range, dice)


def build() -> GrimdarkSolo:
    return GrimdarkSolo(load_ruleset_data("grimdark-solo"))
