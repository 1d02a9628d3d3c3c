"""A rule pack's `[[helpers]]`: numbers the tracker shows beside the roster (average party
level, attack bonus...), each a small formula over the players' stats (docs/rule-packs.md)."""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import cast

from desktop.engine.ruleset import Helper, RulesetData
from desktop.engine.units import Unit
from desktop.rulesets.packs.pack_explain import Facts, render

# The functions a formula may call: over the players (party helpers) or of numbers.
PARTY_FUNCTIONS = ("average", "total", "count")
NUMBER_FUNCTIONS = ("max", "min")
_OPERATORS: dict[type, Callable[[int, int], int]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: a // b if b else 0,
}


@dataclass(frozen=True)
class HelperSpec:
    """A number a pack shows beside the board, worked out from a formula."""

    id: str
    label: str  # a template: `{name}` for one per player
    value: str  # the formula
    shows: str = "{value}"
    explain: str = ""
    per_player: bool = False


def formula_problem(
    text: str, names: tuple[str, ...], stats: tuple[str, ...], per_player: bool
) -> str:
    """What is wrong with a formula ('' when it can be worked out): `names` are what it may
    name, `stats` what `average(...)` and `total(...)` may."""
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError:
        return f"'{text}' is no formula (numbers, names, + - * //, max, min, average...)"
    functions = (*NUMBER_FUNCTIONS, *(() if per_player else PARTY_FUNCTIONS))
    stat_args = {
        id(a)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        for a in node.args
        if node.func.id in PARTY_FUNCTIONS
    }
    called = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.func.id not in functions:
                return f"only {', '.join(functions)} may be called"
            wanted = 0 if node.func.id == "count" else 1
            if node.func.id in PARTY_FUNCTIONS and (
                len(node.args) != wanted
                or not all(isinstance(a, ast.Name) and a.id in stats for a in node.args)
            ):
                return f"{node.func.id}(...) takes {'nothing' if not wanted else 'a stat'}"
        elif isinstance(node, ast.Name):
            if id(node) not in stat_args | called and node.id not in names:
                return f"'{node.id}' is neither a stat nor an earlier helper's id"
        elif isinstance(node, ast.Constant):
            if not isinstance(node.value, int) or isinstance(node.value, bool):
                return "only whole numbers"
        elif isinstance(node, ast.BinOp):
            if type(node.op) not in _OPERATORS:
                return "only + - * // between numbers"
        elif isinstance(node, ast.UnaryOp):
            if not isinstance(node.op, ast.USub):
                return "only - before a number"
        elif not isinstance(node, ast.Expression | ast.operator | ast.unaryop | ast.Load):
            return f"'{ast.unparse(node)}' is not allowed in a formula"
    return ""


def _work_out(text: str, names: Mapping[str, int], players: list[Callable[[str], int]]) -> int:
    def value(node: ast.AST) -> int:
        if isinstance(node, ast.Expression):
            return value(node.body)
        if isinstance(node, ast.Constant):
            return int(cast(int, node.value))  # checked: a whole number
        if isinstance(node, ast.Name):
            return names[node.id]
        if isinstance(node, ast.UnaryOp):
            return -value(node.operand)
        if isinstance(node, ast.BinOp):
            return _OPERATORS[type(node.op)](value(node.left), value(node.right))
        assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        name = node.func.id
        if name in NUMBER_FUNCTIONS:
            found = [value(a) for a in node.args]
            return max(found) if name == "max" else min(found)
        if name == "count":
            return len(players)
        stat = node.args[0].id  # type: ignore[attr-defined]  # checked: a name
        numbers = [stat_of(stat) for stat_of in players]
        return sum(numbers) // len(numbers) if name == "average" else sum(numbers)

    return value(ast.parse(text, mode="eval"))


def pack_helpers(
    specs: tuple[HelperSpec, ...], data: RulesetData, players: list[Unit]
) -> list[Helper]:
    """The helpers, worked out for the encounter's players (none without players)."""
    if not players:
        return []

    def stat_of(unit: Unit) -> Callable[[str], int]:
        return lambda stat: int(unit.stat(stat, data.stat_default(stat) or 0))

    party: dict[str, int] = {}
    each = {
        f"each.{stat}": " + ".join(str(stat_of(p)(stat)) for p in players) for stat in data.stats
    }
    out: list[Helper] = []
    for spec in specs:
        if not spec.per_player:
            got = party[spec.id] = _work_out(spec.value, party, [stat_of(p) for p in players])
            facts = Facts(value=got, count=len(players), **each, **party)
            out.append(Helper(render(spec.label, facts), *_said(spec, facts)))
            continue
        for player in players:
            stats = {stat: stat_of(player)(stat) for stat in data.stats}
            got = _work_out(spec.value, {**party, **stats}, [])
            facts = Facts(value=got, name=player.name, **party, **stats)
            out.append(Helper(render(spec.label, facts), *_said(spec, facts)))
    return out


def _said(spec: HelperSpec, facts: Facts) -> tuple[str, str]:
    return render(spec.shows, facts), render(spec.explain, facts)
