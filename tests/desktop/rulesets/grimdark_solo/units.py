"""Unit lines for grimdark-solo scenario tests (TOML bodies of [[units]] tables)."""

from __future__ import annotations

from types import MappingProxyType

from desktop.engine.decision import Decision
from desktop.engine.dice import Dice
from desktop.engine.encounter import Encounter
from tests.desktop.rulesets.scenario import decided, encounter

RULESET = "grimdark-solo"


def enemy(
    id="orc",
    at=(0, 0),
    ai="tactical",
    move=6,
    hp=5,
    max_hp=5,
    toughness=4,
    power=2,
    weapons="",
    tags=(),
    statuses=(),
):
    lines = [
        f'id = "{id}"',
        'side = "enemy"',
        f"at = {list(at)}",
        f"hp = {hp}",
        f"max_hp = {max_hp}",
        f'ai = "{ai}"',
        f"stats = {{ move = {move}, toughness = {toughness}, power = {power} }}",
    ]
    if weapons:
        lines.append(f"weapons = [ {weapons} ]")
    if tags:
        lines.append("tags = [" + ", ".join(f'"{t}"' for t in tags) + "]")
    if statuses:
        lines.append("statuses = [" + ", ".join(f'"{t}"' for t in statuses) + "]")
    return "\n".join(lines)


def player(id, at, toughness=4, power=5, hp=5, tags=()):
    lines = [
        f'id = "{id}"',
        f'name = "{id.capitalize()}"',
        'side = "player"',
        f"at = {list(at)}",
        f"hp = {hp}",
        "max_hp = 10",
        f"stats = {{ toughness = {toughness}, power = {power} }}",
    ]
    if tags:
        lines.append("tags = [" + ", ".join(f'"{t}"' for t in tags) + "]")
    return "\n".join(lines)


def gun(range_=24, strength=4, name="Rifle", extra=""):
    more = f", {extra}" if extra else ""
    return f'{{ name = "{name}", kind = "ranged", range = {range_}, strength = {strength}{more} }}'


def blade(strength=4, name="Blade"):
    return f'{{ name = "{name}", kind = "melee", strength = {strength} }}'


def board(width: int, height: int, marks: dict | None = None) -> str:
    rows = [["."] * width for _ in range(height)]
    for (col, row), char in (marks or {}).items():
        rows[row][col] = char
    return "\n".join("".join(r) for r in rows)


def scene(
    cells: str,
    units: list[str],
    phase: str = "movement",
    extra_state: str = "",
    turn: str | None = None,
) -> Encounter:
    enc = encounter(RULESET, cells, units, f'phase = "{phase}"\n{extra_state}')
    if turn is not None:
        enc = enc.evolve(extra_state=MappingProxyType({"turn": turn}))
    return enc


def decide_for(enc: Encounter, unit_id: str, rolls: list[int] | None = None) -> Decision:
    return decided(enc, unit_id, rolls)


def steps(decision: Decision) -> dict[str, str]:
    return {t.step: t.outcome for t in decision.trace}


def dice(*values: int) -> Dice:
    return Dice(list(values))
