"""grimdark-solo command phase: command abilities and the army-wide stratagem deck.

Command abilities: a unit tagged `command-ability` uses its ability every
enemy command phase on one friendly unit within the ability's reach (6" by
default, `command_range` in the ruleset data), picked at random among those
that are relevant; with nobody in reach it does nothing.

Stratagems: the enemy earns no command points; instead it draws one card from
its stratagem deck each turn. A card whose `no_effect_when` condition holds
would do nothing, so it is put aside and another is drawn; every draw is a die
roll (recorded) and every discarded card is a chain step. The deck is plain
data the players may edit: the ruleset data holds the default deck, a session
may keep its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from desktop.engine.board import Terrain
from desktop.engine.chain import Chain
from desktop.engine.decision import APPLIED, SKIPPED, Outcome, Result, TraceStep
from desktop.engine.dice import Dice, Roll
from desktop.engine.encounter import Encounter
from desktop.engine.errors import RulesError
from desktop.engine.ruleset import RulesetData
from desktop.engine.units import Unit
from desktop.rulesets.grimdark_solo.common import (
    CHARACTER,
    COMMAND_TAG,
    PSYKER,
    GrimdarkContext,
    Idle,
    adjacent,
    alive,
    distance,
    holder,
    inch_text,
)

PHASE = "command"
NO_EFFECT = "no effect — redraw"


# -- command abilities --------------------------------------------------------------------------


def nothing_to_command(ctx: GrimdarkContext) -> Idle | None:
    """Why the unit has nothing to do in its command phase, or None when its ability has a
    use."""
    unit = ctx.unit
    if COMMAND_TAG not in unit.tags:
        return Idle(
            f"it has no command-phase ability (tag '{COMMAND_TAG}')",
            "No command ability",
            "no command ability",
        )
    reach = ctx.numbers.command_range
    if not any(distance(unit.at, f.at) <= reach for f in ctx.friends):
        return Idle(
            f"no friendly unit within {inch_text(reach)}: the ability has no use",
            "Command ability: nobody in reach",
            "nobody in reach of its command ability",
        )
    return None


def command_ability(ctx: GrimdarkContext, chain: Chain, dice: Dice) -> Result:
    unit = ctx.unit

    hold = holder(chain, PHASE, "ability")

    if unit.hp <= 0:
        return hold("destroyed: it no longer acts", f"{unit.name} is destroyed")
    idle = nothing_to_command(ctx)
    if idle is not None:
        return hold(idle.detail, idle.summary)
    reach = ctx.numbers.command_range
    relevant = [f for f in ctx.friends if distance(unit.at, f.at) <= reach]
    chain.add(
        "ability",
        APPLIED,
        f"it uses its ability every turn it applies; "
        f"friendly units within {inch_text(reach)}: "
        + ", ".join(
            f"{n}. {f.name} ({inch_text(distance(unit.at, f.at))})"
            for n, f in enumerate(relevant, 1)
        ),
    )
    chosen = dice.choose(relevant, f"{unit.name}: command ability recipient (1 of {len(relevant)})")
    detail = (
        f"only {chosen.name} is in reach"
        if len(relevant) == 1
        else f"die {relevant.index(chosen) + 1} → {chosen.name}"
    )
    chain.add("recipient", APPLIED, detail)
    return Result(
        [Outcome("hold", (chosen.id,))], f"Use its command ability on {chosen.name}", phase=PHASE
    )


# -- stratagems ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stratagem:
    name: str
    effect: str  # in the players' own words
    no_effect_when: str = "never"  # an id of CONDITIONS

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "effect": self.effect, "no_effect_when": self.no_effect_when}


def _enemies(encounter: Encounter) -> list[Unit]:
    return [e for e in encounter.enemies() if alive(e)]


def _players(encounter: Encounter) -> list[Unit]:
    return [p for p in encounter.players() if alive(p)]


def _engaged_any(encounter: Encounter) -> bool:
    return any(adjacent(e.at, p.at) for e in _enemies(encounter) for p in _players(encounter))


def _player_within(encounter: Encounter, reach: float = 12) -> bool:
    return any(
        distance(e.at, p.at) <= reach for e in _enemies(encounter) for p in _players(encounter)
    )


# id -> (why the card does nothing, the test on the encounter)
CONDITIONS: dict[str, tuple[str, Callable[[Encounter], bool]]] = {
    "never": ("it always does something", lambda enc: False),
    "no-psyker": (
        "no enemy psyker is left",
        lambda enc: not any(PSYKER in e.tags for e in _enemies(enc)),
    ),
    "no-character": (
        "no enemy character is left",
        lambda enc: not any(CHARACTER in e.tags for e in _enemies(enc)),
    ),
    "no-ranged": (
        "no enemy unit has a ranged weapon",
        lambda enc: not any(w.kind == "ranged" for e in _enemies(enc) for w in e.weapons),
    ),
    "no-melee": (
        "no enemy unit has a melee weapon",
        lambda enc: not any(w.kind == "melee" for e in _enemies(enc) for w in e.weapons),
    ),
    "nobody-engaged": ("no enemy unit is in combat", lambda enc: not _engaged_any(enc)),
    "nobody-wounded": (
        "no enemy unit has lost a wound",
        lambda enc: not any(e.hp < e.max_hp for e in _enemies(enc)),
    ),
    "no-objective": (
        "there is no objective marker on the board",
        lambda enc: not enc.board.cells_of(Terrain.OBJECTIVE),
    ),
    "no-player-in-range": (
        'no player unit is within 12" of an enemy unit',
        lambda enc: not _player_within(enc),
    ),
}


class StratagemError(RulesError):
    """A stratagem deck entry that cannot be used; the message names the card and field."""


def parse_deck(
    entries: Iterable[Mapping[str, Any]], source: str = "stratagem deck"
) -> tuple[Stratagem, ...]:
    """A deck from plain data (TOML tables, a session's saved deck), checked card by card."""
    deck: list[Stratagem] = []
    for index, entry in enumerate(entries, 1):
        where = f"{source}: card {index}"
        if not isinstance(entry, Mapping):
            raise StratagemError(f"{where}: expected a table with name, effect, no_effect_when")
        unknown = set(entry) - {"name", "effect", "no_effect_when"}
        if unknown:
            raise StratagemError(
                f"{where}: unknown field '{sorted(unknown)[0]}' "
                "(known: effect, name, no_effect_when)"
            )
        name, effect = entry.get("name"), entry.get("effect")
        if not isinstance(name, str) or not name.strip():
            raise StratagemError(f"{where}: 'name' must be a non-empty text")
        if not isinstance(effect, str) or not effect.strip():
            raise StratagemError(f"{where} ({name}): 'effect' must be a non-empty text")
        condition = entry.get("no_effect_when", "never")
        if condition not in CONDITIONS:
            raise StratagemError(
                f"{where} ({name}): unknown no_effect_when '{condition}' "
                f"(known: {', '.join(CONDITIONS)})"
            )
        deck.append(Stratagem(name.strip(), effect.strip(), condition))
    return tuple(deck)


def default_deck(data: RulesetData) -> tuple[Stratagem, ...]:
    return parse_deck(data.extra.get("stratagems", ()), f"{data.id} ruleset data")


def no_effect(stratagem: Stratagem, encounter: Encounter) -> bool:
    return CONDITIONS[stratagem.no_effect_when][1](encounter)


@dataclass(frozen=True)
class StratagemDraw:
    """This turn's stratagem (None when every card would do nothing) and how it was drawn."""

    stratagem: Stratagem | None
    set_aside: tuple[Stratagem, ...]  # drawn, would have no effect, redrawn
    rolls: tuple[Roll, ...]
    trace: tuple[TraceStep, ...]

    @property
    def card(self) -> Stratagem | None:
        return self.stratagem

    def to_dict(self) -> dict[str, Any]:
        return {
            "stratagem": self.stratagem.to_dict() if self.stratagem else None,
            "set_aside": [s.to_dict() for s in self.set_aside],
            "rolls": [r.to_dict() for r in self.rolls],
            "trace": [t.to_dict() for t in self.trace],
        }


def draw_stratagem(deck: Iterable[Stratagem], encounter: Encounter, dice: Dice) -> StratagemDraw:
    """Draw one card at random; a card that would have no effect is set aside and redrawn.

    The die has one face per card still in play, numbered in deck order.
    Pure: the encounter and the deck are not changed.
    """
    remaining = list(deck)
    first = len(dice.rolls)
    trace: list[TraceStep] = []
    set_aside: list[Stratagem] = []
    attempt = 0
    while remaining:
        attempt += 1
        card = dice.choose(remaining, f"enemy stratagem: draw 1 of {len(remaining)} cards")
        position = remaining.index(card) + 1
        step = f"Draw {attempt}: {card.name}"
        drawn = (
            f"card {position} of {len(remaining)}" if len(remaining) > 1 else "the only card left"
        )
        reason, _ = CONDITIONS[card.no_effect_when]
        if no_effect(card, encounter):
            trace.append(
                TraceStep(
                    step,
                    NO_EFFECT,
                    f"{drawn}; {reason}, so it would do nothing: set aside and draw again",
                )
            )
            set_aside.append(card)
            remaining.remove(card)
            continue
        trace.append(TraceStep(step, APPLIED, f"{drawn}: {card.effect}"))
        return StratagemDraw(card, tuple(set_aside), tuple(dice.rolls[first:]), tuple(trace))
    if not set_aside:
        trace.append(TraceStep("Stratagem", SKIPPED, "the deck is empty"))
    else:
        trace.append(
            TraceStep(
                "Stratagem",
                SKIPPED,
                f"all {len(set_aside)} cards would do nothing this turn "
                f"({names_of(set_aside)}): no stratagem",
            )
        )
    return StratagemDraw(None, tuple(set_aside), tuple(dice.rolls[first:]), tuple(trace))


def names_of(cards: list[Stratagem]) -> str:
    return ", ".join(c.name for c in cards)
