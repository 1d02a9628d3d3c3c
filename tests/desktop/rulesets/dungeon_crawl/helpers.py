"""Building small dungeon-crawl encounters for tests."""

from __future__ import annotations

from desktop.encounter_file import parse_encounter
from desktop.rulesets.registry import get_ruleset

RULES = get_ruleset("dungeon-crawl")


def encounter(cells: str, units: str, state: str = ""):
    return parse_encounter(
        'format = 1\nruleset = "dungeon-crawl"\n[board]\nshape = "square"\n'
        f'cells = """\n{cells}\n"""\n{units}\n{state}'
    )


def enemy(
    uid: str,
    at,
    card=("fight-closest",),
    move: int = 6,
    size: int = 1,
    reach: int = 1,
    weapons: str = "",
    hp: int = 3,
) -> str:
    listed = ", ".join(f'"{t}"' for t in card)
    out = (
        f'[[units]]\nid = "{uid}"\nside = "enemy"\nat = [{at[0]}, {at[1]}]\nhp = {hp}\n'
        f"max_hp = 3\npriorities = [{listed}]\n"
        f"stats = {{ move = {move}, size = {size}, reach = {reach} }}\n"
    )
    if weapons:
        out += f"weapons = [{weapons}]\n"
    return out


def hero(uid: str, at, hp: int = 5) -> str:
    return (
        f'[[units]]\nid = "{uid}"\nside = "player"\nat = [{at[0]}, {at[1]}]\n'
        f"hp = {hp}\nmax_hp = 5\n"
    )


BOW = '{ name = "Bow", kind = "ranged" }'
SPELL = '{ name = "Firebolt", kind = "spell" }'


def results(decision) -> set[tuple]:
    return {
        (o.action, o.targets, o.destination) for o in (decision.outcome, *decision.alternatives)
    }


def step(decision, name: str):
    return next(t for t in decision.trace if t.step == name)
