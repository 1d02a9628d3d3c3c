"""Rounds, phases and activations: the order a ruleset gives, the pointer, and the expiry
they drive.

A unit has acted this round (in a ruleset with phases: this phase) when it stands before
the pointer in the order. Passing it with Next and applying its decision both put it
there, so undo, redo and reloading a session bring "acted" back with the order itself.
Defeated units leave the order at once; the next round's order takes them back if they
were healed.
"""

from __future__ import annotations

from collections.abc import Iterable

from desktop.engine.ruleset import Ruleset
from desktop.tracker.effects import expire
from desktop.tracker.errors import TrackerError
from desktop.tracker.expiry import (
    AFTER_ACTIVATION,
    AFTER_NEXT_ACTIVATION,
    END_OF_PHASE,
    END_OF_ROUND,
    END_OF_TURN,
    ON_ACTIVATION,
    expiring,
)
from desktop.tracker.hit_points import floored
from desktop.tracker.state import TrackerState


def current_phase(state: TrackerState, ruleset: Ruleset) -> str | None:
    """The phase being played (a phased ruleset starts in its first), or None."""
    phases = ruleset.data.phases
    if not phases:
        return None
    phase = state.encounter.phase
    return phase if phase in phases else phases[0]


def phase_after(phases: tuple[str, ...], phase: str | None) -> str | None:
    """The phase that follows once every unit has acted in `phase`; None: the round ends."""
    if not phases:
        return None
    index = phases.index(phase) if phase in phases else 0
    return phases[index + 1] if index + 1 < len(phases) else None


def acting_span(state: TrackerState, ruleset: Ruleset) -> str:
    """How long a unit's turn lasts, for messages: "this round" or "in the fight phase"."""
    phase = current_phase(state, ruleset)
    return "this round" if phase is None else f"in the {phase} phase"


def ties_among(
    ties: tuple[tuple[str, ...], ...], kept: Iterable[str]
) -> tuple[tuple[str, ...], ...]:
    keep = set(kept)
    groups = (tuple(u for u in group if u in keep) for group in ties)
    return tuple(g for g in groups if len(g) > 1)


def with_fresh_order(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    """The ruleset's turn order for the current round, pointer at its start."""
    enc = state.encounter
    order = ruleset.turn_order(enc)
    ready = tuple(u for u in order.order if not ruleset.is_defeated(enc.unit(u)))
    return state.evolve(order=ready, ties=ties_among(order.ties, ready), pointer=0, held=None)


def resorted_before_start(
    before: TrackerState, after: TrackerState, ruleset: Ruleset
) -> TrackerState:
    """Before anyone acts, a change the ruleset orders by (an initiative typed in at the
    start of a round) sorts the order again; otherwise the order the players settled stays,
    with the ties the change made or broke (the ⇅ the turn tracker offers to drag)."""
    if after.pointer > 0 or before.pointer > 0:
        return after
    old = ruleset.turn_order(before.encounter).order
    fresh = ruleset.turn_order(after.encounter)
    new = fresh.order
    if [u for u in old if u in new] == [u for u in new if u in old]:
        return after.evolve(ties=ties_among(fresh.ties, after.order))
    current = after.current_unit
    after = with_fresh_order(after, ruleset)
    return after if after.current_unit == current else start_activation(after, ruleset)


def join_order(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    """Before any unit has acted, units new to the roster join the order where the ruleset
    puts them; the others keep the order the players settled. Later they wait for the
    next round."""
    if state.pointer > 0:
        return state
    fresh = with_fresh_order(state, ruleset)
    new = {u for u in fresh.order if u not in state.order}
    if not new:
        return state
    kept = iter([u for u in state.order if u in fresh.order])
    order = tuple(u if u in new else next(kept) for u in fresh.order)
    return state.evolve(order=order, ties=fresh.ties)


def without_units(state: TrackerState, ruleset: Ruleset, unit_ids: Iterable[str]) -> TrackerState:
    """The order without these units (removed or defeated). When the active unit leaves,
    the next one's activation starts."""
    gone = set(unit_ids) & set(state.order)
    if not gone:
        return state
    current = state.current_unit
    done = tuple(u for u in state.order[: state.pointer] if u not in gone)
    rest = tuple(u for u in state.order[state.pointer :] if u not in gone)
    state = state.evolve(
        order=done + rest, ties=ties_among(state.ties, done + rest), pointer=len(done)
    )
    return start_activation(state, ruleset) if current in gone else state


def drop_defeated(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    enc = state.encounter
    return without_units(
        state,
        ruleset,
        [u for u in state.order if enc.has_unit(u) and ruleset.is_defeated(enc.unit(u))],
    )


def start_activation(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    unit_id = state.current_unit
    return state if unit_id is None else expire(state, ruleset, [unit_id], ON_ACTIVATION)


def end_activation(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    """The active unit's activation ends: its after-activation markers go, and so do its
    after-next-activation markers but those it gained during this very activation."""
    unit_id = state.current_unit
    if unit_id is None:
        return state
    state = _activation_over(state, ruleset, unit_id, state.held_through_activation(unit_id))
    return state.evolve(held=None) if state.held is not None else state


def _activation_over(
    state: TrackerState, ruleset: Ruleset, unit_id: str, held: tuple[str, ...] = ()
) -> TrackerState:
    state = expire(state, ruleset, [unit_id], AFTER_ACTIVATION)
    state = turn_end_damage(state, ruleset, unit_id, held)
    return expire(state, ruleset, [unit_id], AFTER_NEXT_ACTIVATION, keep=held)


def turn_end_damage(
    state: TrackerState, ruleset: Ruleset, unit_id: str, held: tuple[str, ...]
) -> TrackerState:
    """The damage of markers that end with this turn (a Frosthaven bane), dealt as they go
    (turn_start.ended_turn_words says it in the log)."""
    if not state.encounter.has_unit(unit_id):
        return state
    unit = state.unit(unit_id)
    ending = [
        ruleset.data.statuses[s]
        for s in expiring(ruleset.data, unit.statuses, AFTER_NEXT_ACTIVATION)
        if s not in held and ruleset.data.statuses[s].turn_end_damage
    ]
    if not ending:
        return state
    hurt_unit = unit.evolve(hp=floored(ruleset, unit.hp - sum(s.turn_end_damage for s in ending)))
    return state.evolve(encounter=state.encounter.replace_unit(hurt_unit))


def next_activation(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    if not state.order:
        raise TrackerError("no unit to activate this round: the activation order is empty")
    if state.pointer >= len(state.order):
        raise TrackerError(f"every unit has acted in round {state.round}; start the next round")
    state = end_activation(state, ruleset)
    state = state.evolve(pointer=state.pointer + 1)
    return start_activation(state, ruleset)


def begin_activation(state: TrackerState, ruleset: Ruleset, unit_id: str) -> TrackerState:
    """Before a unit acts: the active unit's activation has begun already; a unit the
    players pick out of turn begins its activation now."""
    if unit_id == state.current_unit or state.has_acted(unit_id):
        return state
    return expire(state, ruleset, [unit_id], ON_ACTIVATION)


def mark_acted(state: TrackerState, ruleset: Ruleset, unit_id: str) -> TrackerState:
    """The unit's activation is over: it joins those that have acted, and when it was the
    active unit the next one activates."""
    if unit_id == state.current_unit:
        return next_activation(state, ruleset)
    if state.has_acted(unit_id):
        return state
    # A unit acting out of turn began its activation just now (begin_activation): nothing
    # it gained is held past it.
    state = _activation_over(state, ruleset, unit_id)
    done = (*state.order[: state.pointer], unit_id)
    rest = tuple(u for u in state.order[state.pointer :] if u != unit_id)
    return state.evolve(order=done + rest, pointer=len(done))


def enter_phase(state: TrackerState, ruleset: Ruleset, phase: str) -> TrackerState:
    """`phase` begins: end-of-phase markers expire and every unit is ready to act again."""
    state = end_activation(state, ruleset)
    state = state.evolve(encounter=state.encounter.evolve(phase=phase), started=())
    state = expire(state, ruleset, [u.id for u in state.encounter.units], END_OF_PHASE)
    state = with_fresh_order(state, ruleset)
    return start_activation(state, ruleset)


def next_round(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    # Loaded with the first round ended: a session shows without the scenario's card play.
    from desktop.tracker.scenario_turns import round_end

    state = round_end(end_activation(state, ruleset))  # elements wane, decks shuffle
    enc = state.encounter
    memory = enc.memory
    phases = ruleset.data.phases
    enc = enc.evolve(
        round=enc.round + 1,
        phase=phases[0] if phases else enc.phase,
        memory=memory.__class__(memory.last_attacker, (), memory.previous_target),
    )
    state = state.evolve(encounter=enc, dice=state.dice.new_round(), started=())
    everyone = [u.id for u in enc.units]
    for trigger in (END_OF_ROUND, END_OF_TURN, END_OF_PHASE):
        state = expire(state, ruleset, everyone, trigger)
    state = with_fresh_order(state, ruleset)
    return start_activation(state, ruleset)


def phase_over(state: TrackerState, ruleset: Ruleset) -> bool:
    """Every unit has acted in this phase: Next moves on to the next phase or round."""
    return bool(ruleset.data.phases and state.order and state.pointer >= len(state.order))


def turn_over(state: TrackerState, ruleset: Ruleset) -> bool:
    """Every unit has acted in the last phase: the side's turn is over (the other side's turn
    follows before the next round)."""
    return phase_over(state, ruleset) and (
        phase_after(ruleset.data.phases, current_phase(state, ruleset)) is None
    )


def end_turn(before: TrackerState, after: TrackerState, ruleset: Ruleset) -> TrackerState:
    """When a change ends the turn (`turn_over`), the turn's end-of-turn and end-of-phase
    markers go at once: the enemy that fought or advanced in its own turn reacts in the
    players' turn free of them (a reaction then marks it again until the next round)."""
    if turn_over(before, ruleset) or not turn_over(after, ruleset):
        return after
    everyone = [u.id for u in after.encounter.units]
    for trigger in (END_OF_TURN, END_OF_PHASE):
        after = expire(after, ruleset, everyone, trigger)
    return after


def advance(state: TrackerState, ruleset: Ruleset) -> TrackerState:
    """What Next does: the next unit activates. Once every unit has acted, a ruleset with
    phases goes on to its next phase, and after the last phase to the next round."""
    if phase_over(state, ruleset):
        following = phase_after(ruleset.data.phases, current_phase(state, ruleset))
        if following is None:
            return next_round(state, ruleset)
        return enter_phase(state, ruleset, following)
    return next_activation(state, ruleset)


NEXT_ROUND = "Next round"  # what Next says once it would start the next round


def next_label(state: TrackerState, ruleset: Ruleset) -> str | None:
    """What Next does now, in words for its button; None when it has nothing to do (every
    unit has acted and the ruleset has no phases: the players start the next round)."""
    if phase_over(state, ruleset):
        following = phase_after(ruleset.data.phases, current_phase(state, ruleset))
        return NEXT_ROUND if following is None else f"Next phase: {following}"
    return "Next activation" if state.pointer < len(state.order) else None


def settle_order(state: TrackerState, ruleset: Ruleset, order: list[str]) -> TrackerState:
    """The players' choice of order (breaking the ruleset's ties); acted units stay put.

    When the choice puts a different unit first among those still to act, that unit's
    activation starts now (its on-activation markers expire).
    """
    if sorted(order) != sorted(state.order) or len(set(order)) != len(order):
        raise TrackerError(
            f"the new order must list the same units as the current one "
            f"({', '.join(state.order) or 'none'}), each once"
        )
    done = state.order[: state.pointer]
    if tuple(order[: state.pointer]) != done:
        raise TrackerError(
            f"{', '.join(done)} already acted this round; only the units still to act can move"
        )
    current = state.current_unit
    state = state.evolve(order=tuple(order))
    if state.current_unit != current:
        state = start_activation(state.evolve(held=None), ruleset)
    return state


def one_draw_per_turn(state: TrackerState, ruleset: Ruleset, deck: str) -> str | None:
    """Why the enemy may not draw from `deck` now: from its army-wide deck it draws one card
    per turn (a round); None when it may (and for any other deck, like playing cards)."""
    capability = ruleset.capabilities.deck
    if capability is None or deck != capability.id:
        return None
    drawn = state.drawn_this_round(deck)
    if drawn is None:
        return None
    return (
        f"{drawn.card} is this turn's draw from the {deck} already: the enemy draws one per "
        "turn (undo that draw to draw again)"
    )
