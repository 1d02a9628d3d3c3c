"""`foebook decide FILE --unit ID`: evaluate one enemy's priority chain and print the decision."""

from __future__ import annotations

import argparse
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager

from desktop.commands.output import say, say_json
from desktop.commands.packs_used import add_pack_option, use_packs
from desktop.display_text import terminal_safe
from desktop.engine.decision import Decision, format_cells
from desktop.engine.dice import Dice, DiceError
from desktop.errors import FoebookError

TIME_LIMIT_S = 30.0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_pack_option(parser)
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
    parser.add_argument(
        "--time-limit",
        type=float,
        default=TIME_LIMIT_S,
        metavar="SECONDS",
        help=f"give up on a decision that takes longer, such as a plug-in stuck in a loop "
        f"(default {TIME_LIMIT_S:g}; 0: no limit)",
    )


def run(args: argparse.Namespace) -> int:
    use_packs(args)
    from desktop.encounter_file import load_encounter
    from desktop.engine.decide import decide
    from desktop.rulesets.registry import get_ruleset

    encounter = load_encounter(args.file)
    dice = Dice(args.roll, seed=args.seed)
    ruleset = get_ruleset(encounter.ruleset)
    try:
        with time_limit(args.time_limit):
            decision = decide(encounter, args.unit, ruleset, dice)
    except DiceError as error:
        raise FoebookError(f"{args.file}: --roll: {error}") from None
    except OutOfTime:
        who = ruleset.origin.describe() if ruleset.origin else f"rule system '{ruleset.id}'"
        raise FoebookError(
            f"{args.file}: the {who} did not decide for '{args.unit}' within "
            f"{args.time_limit:g} s (it may be stuck in a loop); --time-limit gives it longer"
        ) from None
    if args.json:
        say_json(decision.to_dict())
    else:
        unit = encounter.unit(args.unit)
        say(describe(decision, unit.name))
    if dice.scripted_left:
        say(f"note: {dice.scripted_left} --roll value(s) were not needed", error=True)
    return 0


class OutOfTime(BaseException):
    """The decision's time is up. Not an Exception: a plug-in's `except Exception` in its
    loop must not swallow it."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise OutOfTime in the block once `seconds` have passed (again every second, should
    the code swallow it; after ten of those the process ends). No limit for 0, off the main
    thread, or where there is no alarm signal."""
    if seconds <= 0 or not hasattr(signal, "setitimer"):
        yield
        return
    rings = 0

    def ring(_signum, _frame) -> None:
        nonlocal rings
        rings += 1
        if rings > 10:  # it swallows even this: end the process, saying why
            say(f"foebook: error: still deciding after {seconds:g} s; stopped", error=True)
            os._exit(2)
        raise OutOfTime

    # Off the main thread (the one signals are handled on) setting the handler fails: no
    # limit then. Not asking threading which thread this is spares `foebook decide` its import.
    try:
        previous = signal.signal(signal.SIGALRM, ring)
        on_main_thread = True
    except ValueError:
        on_main_thread = False
    if not on_main_thread:
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds, 1.0)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def describe(decision: Decision, unit_name: str) -> str:
    """The decision for a person: what it does, then every step of the reasoning. Each line
    is escaped on its own, so a name cannot break a line or send the terminal a sequence."""
    head = f"{unit_name} ({decision.unit}) — {decision.ruleset}, AI {decision.ai}"
    if decision.phase:
        head += f", {decision.phase} phase"
    lines = [head, f"Decision: {decision.summary}"]
    if decision.targets:
        lines.append(f"  targets, in priority order: {', '.join(decision.targets)}")
    if decision.outcome.goal is not None:
        lines.append(f"  heading for: {decision.outcome.goal}")
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
