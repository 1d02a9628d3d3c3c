"""Rule pack words around the AI's rules: turn abilities (start and end of a turn) and the
activation order by a stat (docs/rule-packs.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from desktop.engine.chain import Chain
from desktop.engine.encounter import Encounter
from desktop.engine.errors import RulesError
from desktop.engine.ruleset import ActivationOrder, RulesetData
from desktop.engine.units import Unit

START_OF_TURN = "start-of-turn"
END_OF_TURN = "end-of-turn"
TIMINGS = (START_OF_TURN, END_OF_TURN)
TRIGGERED = "triggered"
# The [steps] keys the abilities' trace entries are titled by.
TIMING_STEPS = {START_OF_TURN: "start", END_OF_TURN: "end"}
# Top-level keys of a pack these words read (they reach the ruleset's data as `extra`).
ABILITIES = "abilities"
ACTIVATION = "activation"
ACTIVATION_KEYS = {"by", "highest_tag"}


@dataclass(frozen=True)
class TurnAbility:
    """An ability that triggers at the start or end of an enemy's turn."""

    id: str
    name: str
    timing: str
    effect: str
    when_status: tuple[str, ...] = ()
    when_tag: tuple[str, ...] = ()

    def applies_to(self, unit: Unit) -> bool:
        if not self.when_status and not self.when_tag:
            return True
        return any(unit.has(s) for s in self.when_status) or any(
            t in unit.tags for t in self.when_tag
        )

    def reason(self, unit: Unit) -> str:
        held = [s for s in self.when_status if unit.has(s)]
        tagged = [t for t in self.when_tag if t in unit.tags]
        if held:
            return f"it has {', '.join(held)}"
        if tagged:
            return f"it is tagged {', '.join(tagged)}"
        return "it applies to every enemy"


def parse_abilities(raw: object, statuses: set[str], owner: str) -> tuple[TurnAbility, ...]:
    """Turn-timed abilities from the ruleset data; a malformed entry is a RulesError."""
    if not isinstance(raw, list):
        raise RulesError(f"{owner} 'abilities' must be a list of tables")
    out: list[TurnAbility] = []
    for index, entry in enumerate(raw):
        where = f"{owner} abilities[{index}]"
        if not isinstance(entry, dict):
            raise RulesError(f"{where}: expected a table")
        for key in ("id", "name", "timing", "effect"):
            if not isinstance(entry.get(key), str) or not entry[key]:
                raise RulesError(f"{where}: '{key}' must be a non-empty text")
        if entry["timing"] not in TIMINGS:
            raise RulesError(
                f"{where}: timing '{entry['timing']}' is not one of {', '.join(TIMINGS)}"
            )
        when_status = tuple(entry.get("when_status", ()))
        unknown = [s for s in when_status if s not in statuses]
        if unknown:
            raise RulesError(f"{where}: unknown status '{unknown[0]}'")
        out.append(
            TurnAbility(
                entry["id"],
                entry["name"],
                entry["timing"],
                entry["effect"],
                when_status,
                tuple(entry.get("when_tag", ())),
            )
        )
    return tuple(out)


def fire_abilities(
    abilities: tuple[TurnAbility, ...], unit: Unit, timing: str, chain: Chain
) -> tuple[str, ...]:
    """The trace entries of the abilities of that timing (one per ability that applies, or
    one saying none does); the notes naming those that triggered."""
    step = TIMING_STEPS[timing]
    mine = [a for a in abilities if a.timing == timing]
    fired = [a for a in mine if a.applies_to(unit)]
    if not fired:
        detail = (
            "no ability of this ruleset triggers now"
            if not mine
            else f"{len(mine)} of this ruleset's abilities trigger now; none applies to {unit.name}"
        )
        chain.skipped(step, detail)
        return ()
    for ability in fired:
        chain.add(step, TRIGGERED, f"{ability.effect} ({ability.reason(unit)})", part=ability.name)
    return tuple(f"{ability.name} ({timing})" for ability in fired)


@dataclass(frozen=True)
class Activation:
    """`activation = { by = "level", highest_tag = "quest" }`: enemies act from the highest
    stat down; a unit with the tag counts as the highest; equal values are ties."""

    by: str
    highest_tag: str = ""

    def rank(self, unit: Unit, data: RulesetData) -> float:
        if self.highest_tag and self.highest_tag in unit.tags:
            return float("inf")
        default = data.stat_default(self.by)
        return float(unit.stat(self.by, default if default is not None else 0))

    def order(self, encounter: Encounter, data: RulesetData) -> ActivationOrder:
        enemies = [u for u in encounter.enemies() if u.hp > 0]
        ranked = sorted(enemies, key=lambda u: -self.rank(u, data))  # stable: roster order
        groups: list[list[Unit]] = []
        for u in ranked:
            if groups and self.rank(groups[-1][0], data) == self.rank(u, data):
                groups[-1].append(u)
            else:
                groups.append([u])
        explanation = []
        for g in groups:
            value = self.rank(g[0], data)
            shown = (
                f"{self.highest_tag} unit (highest)"
                if value == float("inf")
                else f"{self.by} {int(value)}"
            )
            names = ", ".join(u.name for u in g)
            explanation.append(
                f"{shown}: {names}" + (" (the party picks their order)" if len(g) > 1 else "")
            )
        return ActivationOrder(
            tuple(u.id for u in ranked),
            tuple(tuple(u.id for u in g) for g in groups if len(g) > 1),
            tuple(explanation),
        )


@dataclass(frozen=True)
class TurnWords:
    """What a pack says around its rules; None / empty where it says nothing."""

    abilities: tuple[TurnAbility, ...] | None = None  # None: no start/end-of-turn steps
    activation: Activation | None = None  # None: roster order


def turn_words(data: RulesetData) -> TurnWords:
    """The words from the ruleset's data; RulesError naming the key on a malformed one."""
    extra = data.extra
    abilities = None
    if ABILITIES in extra:
        abilities = parse_abilities(extra[ABILITIES], set(data.statuses), data.id)
    return TurnWords(abilities, _activation(extra.get(ACTIVATION), data))


def _activation(raw: Any, data: RulesetData) -> Activation | None:
    if raw is None:
        return None
    shape = '{ by = "<stat>", highest_tag = "<tag>" }'
    if not isinstance(raw, dict) or not isinstance(raw.get("by"), str):
        raise RulesError(f"{ACTIVATION}: expected {shape}")
    unknown = sorted(set(raw) - ACTIVATION_KEYS)
    if unknown:
        raise RulesError(f"{ACTIVATION}: unknown key '{unknown[0]}' (known: by, highest_tag)")
    if raw["by"] not in data.stats:
        raise RulesError(f"{ACTIVATION}: '{raw['by']}' is not one of its [stats]")
    tag = raw.get("highest_tag", "")
    if not isinstance(tag, str):
        raise RulesError(f"{ACTIVATION}: highest_tag must be a text")
    return Activation(raw["by"], tag)


def turn_words_problem(data: RulesetData) -> tuple[str, str] | None:
    """The first problem with these words in a pack's data, as (top-level key, message)."""
    extra = data.extra
    checks: tuple[tuple[str, Any], ...] = (
        (ABILITIES, lambda: parse_abilities(extra[ABILITIES], set(data.statuses), data.id)),
        (ACTIVATION, lambda: _activation(extra[ACTIVATION], data)),
    )
    for key, check in checks:
        if key not in extra:
            continue
        try:
            check()
        except RulesError as error:
            return key, str(error).removeprefix(f"{key}: ")
    if ABILITIES in extra:
        missing = [s for s in TIMING_STEPS.values() if s not in data.steps]
        if missing:
            return "steps", (
                f"'{ABILITIES}' title their trace by the steps start, end; "
                f"missing: {', '.join(missing)}"
            )
    return None
