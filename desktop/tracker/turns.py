"""Rounds and activations: the order a ruleset gives, the pointer, and the expiry it drives."""

from __future__ import annotations

from desktop.engine.ruleset import Ruleset
from desktop.tracker.effects import expire
from desktop.tracker.errors import TrackerError
from desktop.tracker.expiry import (
    AFTER_ACTIVATION,
    END_OF_PHASE,
    END_OF_ROUND,
    END_OF_TURN,
    ON_ACTIVATION,
)
from desktop.tracker.state import TrackerState


def with_fresh_order(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    """The ruleset's activation order for the current round, pointer at its start."""
    order = ruleset.order(state.encounter)
    return state.evolve(order=tuple(order.order), ties=tuple(tuple(t) for t in order.ties),
                        pointer=0)


def start_activation(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    unit_id = state.current_unit
    return state if unit_id is None else expire(state, ruleset, [unit_id], ON_ACTIVATION)


def end_activation(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    unit_id = state.current_unit
    return state if unit_id is None else expire(state, ruleset, [unit_id], AFTER_ACTIVATION)


def next_activation(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    if not state.order:
        raise TrackerError("no unit to activate this round: the activation order is empty")
    if state.pointer >= len(state.order):
        raise TrackerError(f"every unit has acted in round {state.round}; start the next round")
    state = end_activation(state, ruleset)
    state = state.evolve(pointer=state.pointer + 1)
    return start_activation(state, ruleset)


def next_round(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    state = end_activation(state, ruleset)
    enc = state.encounter
    memory = enc.memory
    phases = ruleset.data.phases
    enc = enc.evolve(round=enc.round + 1, phase=phases[0] if phases else enc.phase,
                     memory=memory.__class__(memory.last_attacker, (), memory.previous_target))
    state = state.evolve(encounter=enc, dice=state.dice.new_round())
    everyone = [u.id for u in enc.units]
    for trigger in (END_OF_ROUND, END_OF_TURN, END_OF_PHASE):
        state = expire(state, ruleset, everyone, trigger)
    state = with_fresh_order(state, ruleset)
    return start_activation(state, ruleset)


def settle_order(state: TrackerState, ruleset: Ruleset, order: list[str]) -> TrackerState:
    """The players' choice of order (breaking the ruleset's ties); acted units stay put.

    When the choice puts a different unit first among those still to act, that unit's
    activation starts now (its on-activation markers expire).
    """
    if sorted(order) != sorted(state.order) or len(set(order)) != len(order):
        raise TrackerError(
            f"the new order must list the same units as the current one "
            f"({', '.join(state.order) or 'none'}), each once")
    done = state.order[: state.pointer]
    if tuple(order[: state.pointer]) != done:
        raise TrackerError(
            f"{', '.join(done)} already acted this round; only the units still to act can move")
    current = state.current_unit
    state = state.evolve(order=tuple(order))
    if state.current_unit != current:
        state = start_activation(state, ruleset)
    return state
