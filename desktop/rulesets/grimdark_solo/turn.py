"""grimdark-solo: step a whole enemy turn, phase by phase, one unit at a time in roster order.

Pure: returns the decisions of every phase and the encounter as it would be if
every main outcome were carried out (units moved, markers gained), without
guessing any dice the players roll for attacks. The GUI shows one tab per
phase from it; tests use it to play a hand-written turn.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from desktop.engine.decision import Decision
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from desktop.engine.errors import RulesError
from desktop.rulesets.grimdark_solo.command import Stratagem, StratagemDraw
from desktop.rulesets.grimdark_solo.common import ADVANCED, DENIED, FOUGHT
from desktop.rulesets.grimdark_solo.ruleset import ENEMY_TURN, GrimdarkSolo

# Markers that last until the end of the phase / of the turn.
_PHASE_MARKERS = {"fight": (FOUGHT,), "psychic": (DENIED,)}
_TURN_MARKERS = (ADVANCED,)


@dataclass(frozen=True)
class EnemyTurn:
    stratagem: StratagemDraw
    phases: tuple[tuple[str, tuple[Decision, ...]], ...]
    encounter: Encounter  # after the turn: main outcomes applied, turn markers removed

    def decisions(self, phase: str) -> tuple[Decision, ...]:
        for name, decisions in self.phases:
            if name == phase:
                return decisions
        raise KeyError(phase)

    def to_dict(self) -> dict[str, Any]:
        return {
            "stratagem": self.stratagem.to_dict(),
            "phases": {name: [d.to_dict() for d in ds] for name, ds in self.phases},
        }


def apply_decision(encounter: Encounter, decision: Decision) -> Encounter:
    """The encounter after a decision's main outcome: the unit moved, its markers gained."""
    unit = encounter.unit(decision.unit)
    changes: dict[str, Any] = {}
    if decision.destination is not None:
        changes["at"] = decision.destination
    gained = [s for s in decision.statuses_gained if s not in unit.statuses]
    if gained:
        changes["statuses"] = unit.statuses + tuple(gained)
    if not changes:
        return encounter
    return encounter.replace_unit(unit.evolve(**changes))


def clear_markers(encounter: Encounter, markers: Iterable[str]) -> Encounter:
    drop = set(markers)
    units = tuple(
        u.evolve(statuses=tuple(s for s in u.statuses if s not in drop))
        if drop & set(u.statuses)
        else u
        for u in encounter.units
    )
    return encounter.evolve(units=units)


def step_phase(
    encounter: Encounter, ruleset: GrimdarkSolo, phase: str, dice: Dice
) -> tuple[tuple[Decision, ...], Encounter]:
    """One phase: every living enemy in roster order; a unit that fights then consolidates."""
    enc = encounter.evolve(phase=phase)
    out: list[Decision] = []
    for unit_id in ruleset.order(enc).order:
        if ruleset.is_defeated(enc.unit(unit_id)):
            continue
        decision = ruleset.decide(enc, unit_id, dice)
        out.append(decision)
        enc = apply_decision(enc, decision)
        if ruleset.activation_continues(phase, decision.action):
            follow = ruleset.decide(enc, unit_id, dice)
            out.append(follow)
            enc = apply_decision(enc, follow)
    enc = clear_markers(enc, _PHASE_MARKERS.get(phase, ()))
    return tuple(out), enc


def step_enemy_turn(
    encounter: Encounter, ruleset: GrimdarkSolo, dice: Dice, deck: Iterable[Stratagem] | None = None
) -> EnemyTurn:
    """The whole enemy turn: the stratagem draw, then every phase in order."""
    if encounter.ruleset != ruleset.id:
        raise RulesError(f"the encounter is played with '{encounter.ruleset}', not '{ruleset.id}'")
    enc = encounter
    if enc.extra_state.get("turn", ENEMY_TURN) != ENEMY_TURN:
        enc = enc.evolve(
            extra_state=type(enc.extra_state)(
                {k: v for k, v in enc.extra_state.items() if k != "turn"}
            )
        )
    stratagem = ruleset.draw_stratagem(enc.evolve(phase="command"), dice, deck)
    phases: list[tuple[str, tuple[Decision, ...]]] = []
    for phase in ruleset.data.phases:
        decisions, enc = step_phase(enc, ruleset, phase, dice)
        phases.append((phase, decisions))
    enc = clear_markers(enc, _TURN_MARKERS)
    return EnemyTurn(stratagem, tuple(phases), enc)
