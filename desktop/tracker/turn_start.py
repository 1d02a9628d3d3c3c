"""The start of a unit's turn: what its markers do then (`turn_start_damage` in the ruleset
data, e.g. a wound), once per round, in the command that starts the turn; and a unit with
nothing to do in the phase (`Ruleset.idle_reason`) passed at once, with the idle units after
it, in that same step and one sentence.

A turn starts when a command moves the turn on to the unit (Next, an applied decision, a new
round or phase, an order changed before anyone acts), or when its turn is taken without
having started that way (the first unit of a new session, a unit acting out of turn). Each
unit's start is recorded (`TrackerState.started`), so a changed order never repeats it, and
undo, redo and reopening the session bring the record back with everything else.
"""

from __future__ import annotations

from desktop.engine.chain import joined
from desktop.engine.ruleset import Ruleset, StatusSpec
from desktop.tracker.effects import refresh_derived
from desktop.tracker.errors import TrackerError
from desktop.tracker.hit_points import hp_text, hurt
from desktop.tracker.scenario_turns import turn_start as standee_turn_start
from desktop.tracker.state import TrackerState
from desktop.tracker.turns import acting_span, drop_defeated, next_activation

# The turn as a command sees it: round, phase and the unit whose turn it is.
Turn = tuple[int, str | None, str | None]


def turn_of(state: TrackerState) -> Turn:
    return state.round, state.encounter.phase, state.current_unit


def start_turn(state: TrackerState, ruleset: Ruleset, unit_id: str) -> tuple[TrackerState, str]:
    """`unit_id`'s turn begins: its markers' start-of-turn damage (nothing when its turn
    has begun already this round). Returns the state and the words for the log ("" when
    nothing happened); a unit this puts out of action leaves the order."""
    if unit_id in state.started or not state.encounter.has_unit(unit_id):
        return state, ""
    state = state.evolve(started=(*state.started, unit_id))
    state, consumed = standee_turn_start(state, unit_id)  # its card's elements
    unit = state.unit(unit_id)
    specs = [ruleset.data.statuses[s] for s in unit.statuses if s in ruleset.data.statuses]
    texts = [consumed]
    hurting = [s for s in specs if s.turn_start_damage > 0]
    if hurting:
        amount = sum(s.turn_start_damage for s in hurting)
        changed, change = hurt(ruleset, unit, amount)
        state = state.evolve(encounter=state.encounter.replace_unit(changed))
        text = (
            f"{unit.name} is {joined([s.said for s in hurting])}: {amount} damage at the start "
            f"of its turn ({change})"
        )
        if ruleset.is_defeated(changed):
            text += "; it is out of action and takes no turn"
            texts.append(text)
            state = drop_defeated(refresh_derived(state, ruleset), ruleset)
            return state, "; ".join(filter(None, texts))
        texts.append(text)
    healing = [s for s in specs if s.turn_start_heal > 0]
    if healing:
        state, healed = _start_heal(state, ruleset, unit_id, healing)
        texts.append(healed)
    return drop_defeated(refresh_derived(state, ruleset), ruleset), "; ".join(filter(None, texts))


def _start_heal(
    state: TrackerState, ruleset: Ruleset, unit_id: str, healing: list[StatusSpec]
) -> tuple[TrackerState, str]:
    """A heal at the start of its turn (regenerate), as the Heal command heals: poison
    takes it instead, it never goes above max HP."""
    from desktop.tracker.commands import Heal  # the one heal, with its checks

    name = state.unit(unit_id).name
    why = f"{name} is {joined([s.said for s in healing])}"
    try:
        state, said = Heal(unit_id, sum(s.turn_start_heal for s in healing)).apply(state, ruleset)
    except TrackerError:  # at full HP
        return state, f"{why}: at full HP, nothing to heal"
    return state, f"{why}: {said}"


def ended_turn_words(before: TrackerState, after: TrackerState, ruleset: Ruleset) -> list[str]:
    """What markers ending with a turn did in a command (a bane's damage, dealt by
    turns.turn_end_damage), for its log line."""
    words = []
    for unit in before.encounter.units:
        if not after.encounter.has_unit(unit.id):
            continue
        now = after.unit(unit.id)
        gone = [
            ruleset.data.statuses[s]
            for s in unit.statuses
            if s not in now.statuses
            and s in ruleset.data.statuses
            and ruleset.data.statuses[s].turn_end_damage
        ]
        if gone and now.hp < unit.hp:
            amount = sum(s.turn_end_damage for s in gone)
            words.append(
                f"{unit.name}'s {joined([s.name.lower() for s in gone])} ends with its turn: "
                f"{amount} damage ({hp_text(unit, now)})"
            )
    return words


def activates(name: str, first: bool = False) -> str:
    """The log's words for the unit a command hands the turn to ("activates first" when a
    round or phase begins)."""
    return f"{name} activates first" if first else f"{name} activates"


def _fell_while_acting(before: Turn, state: TrackerState, ruleset: Ruleset) -> str:
    """The name of the unit whose turn it was and that a command taking no turn put out of
    action (damage typed on it: the turn moves on), else ""."""
    acting = before[2]
    if acting is None or before[:2] != turn_of(state)[:2] or acting in state.order:
        return ""
    if not state.encounter.has_unit(acting) or not ruleset.is_defeated(state.unit(acting)):
        return ""
    return state.unit(acting).name


def started_turns(
    before: Turn, state: TrackerState, ruleset: Ruleset, said: str, took_no_turn: bool = False
) -> tuple[TrackerState, str]:
    """After a command that said `said`: when it moved the turn on (from `before`), the turn
    of the unit now activating begins, and so on while a start puts that unit out of action
    or the unit has nothing to do in this phase (passed: one sentence names every unit
    passed). Returns the state and the whole log line; a unit the command said activates
    but that is passed is not said to activate: the unit left acting is. `took_no_turn`:
    the command took nobody's turn (damage typed): when it put the acting unit out of
    action, the log says so and names the unit that activates instead."""
    texts: list[str] = []
    passed: list[tuple[str, str]] = []  # each unit passed: its name and why
    if before[2] is None and before[:2] == turn_of(state)[:2] and state.pointer == 0:
        # The order was empty and nobody has acted: units are being added to a session set
        # up from nothing. Its first unit's turn begins when it is taken, as in a new session.
        return state, said
    span = acting_span(state, ruleset)
    fell = _fell_while_acting(before, state, ruleset) if took_no_turn else ""
    if fell:
        texts.append(f"{fell} is out of action: its turn is over")
    while turn_of(state) != before and (current := state.current_unit) is not None:
        if current in state.started:
            break
        state, text = start_turn(state, ruleset, current)
        if text:
            texts.append(text)
        if state.current_unit != current:
            continue  # put out of action: the next unit's turn
        reason = ruleset.idle_reason(state.encounter, current)
        if reason is None:
            break
        passed.append((state.unit(current).name, reason))
        state = next_activation(state, ruleset)
    if fell and not passed and state.current_unit is not None:
        texts.append(activates(state.unit(state.current_unit).name))
    if passed:
        first = passed[0][0]
        leading = said.endswith(activates(first, True))
        opened = activates(first, leading)  # what the command said of the unit passed
        said = "" if said == opened else said.removesuffix("; " + opened)
        verb = "has" if len(passed) == 1 else "have"
        named = joined([f"{name} ({reason})" for name, reason in passed])
        texts.append(f"{named} {verb} nothing to do {span}: passed")
        if state.current_unit is not None:
            texts.append(activates(state.unit(state.current_unit).name, leading))
    return state, "; ".join(filter(None, [said, *texts]))
