"""`foebook decide FILE --unit ID`: evaluate one enemy's priority chain and print the decision."""

from __future__ import annotations

import argparse

from desktop.commands.output import say, say_json
from desktop.display_text import terminal_safe
from desktop.engine.decision import Decision, format_cells
from desktop.engine.dice import Dice, DiceError
from desktop.errors import FoebookError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="encounter file (TOML)")
    parser.add_argument("--unit", required=True, metavar="ID", help="the enemy to decide for")
    parser.add_argument(
        "--roll",
        type=int,
        action="append",
        default=[],
        metavar="N",
        help="a die result you rolled, in the order the decision asks (repeatable)",
    )
    parser.add_argument(
        "--seed", type=int, metavar="N", help="seed for dice not given with --roll (default: fixed)"
    )
    parser.add_argument("--json", action="store_true", help="print the decision as JSON")


def run(args: argparse.Namespace) -> int:
    from desktop.encounter_file import load_encounter
    from desktop.engine.decide import decide
    from desktop.rulesets.registry import get_ruleset

    encounter = load_encounter(args.file)
    dice = Dice(args.roll, seed=args.seed)
    try:
        decision = decide(encounter, args.unit, get_ruleset(encounter.ruleset), dice)
    except DiceError as error:
        raise FoebookError(f"{args.file}: --roll: {error}") from None
    if args.json:
        say_json(decision.to_dict())
    else:
        unit = encounter.unit(args.unit)
        say(describe(decision, unit.name))
    if dice.scripted_left:
        say(f"note: {dice.scripted_left} --roll value(s) were not needed", error=True)
    return 0


def describe(decision: Decision, unit_name: str) -> str:
    """The decision for a person: what it does, then every step of the reasoning. Each line
    is escaped on its own, so a name cannot break a line or send the terminal a sequence."""
    head = f"{unit_name} ({decision.unit}) — {decision.ruleset}, AI {decision.ai}"
    if decision.phase:
        head += f", {decision.phase} phase"
    lines = [head, f"Decision: {decision.summary}"]
    if decision.targets:
        lines.append(f"  targets, in priority order: {', '.join(decision.targets)}")
    if decision.path:
        lines.append(f"  path: {format_cells(decision.path)}")
    if decision.statuses_gained:
        lines.append(f"  gains: {', '.join(decision.statuses_gained)}")
    for note in decision.notes:
        lines.append(f"  {note}")
    if decision.rolls:
        lines.append("Rolls:")
        lines += [f"  {r.describe()}" for r in decision.rolls]
    if decision.alternatives:
        lines.append("The players may choose instead:")
        for alt in decision.alternatives:
            bits = [alt.action]
            if alt.targets:
                bits.append("→ " + ", ".join(alt.targets))
            if alt.destination is not None:
                bits.append(f"to {format_cells([alt.destination])}")
            lines.append("  - " + " ".join(bits))
    lines.append("Reasoning:")
    for step in decision.trace:
        lines.append(f"  {step.step} — {step.outcome}")
        lines.append(f"      {step.detail}")
    return "\n".join(terminal_safe(line) for line in lines)
