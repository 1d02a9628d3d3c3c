"""`foebook order FILE`: the enemies' activation order for the round, with the players' ties."""

from __future__ import annotations

import argparse

from desktop.commands.output import say, say_json
from desktop.commands.packs_used import add_pack_option, use_packs
from desktop.display_text import terminal_safe


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_pack_option(parser)
    parser.add_argument("file", help="encounter file (TOML)")
    parser.add_argument("--json", action="store_true", help="print the order as JSON")


def run(args: argparse.Namespace) -> int:
    use_packs(args)
    from desktop.encounter_file import load_encounter
    from desktop.rulesets.registry import get_ruleset

    encounter = load_encounter(args.file)
    order = get_ruleset(encounter.ruleset).order(encounter)
    if args.json:
        say_json(order.to_dict(), indent=None)
        return 0
    names = {u.id: terminal_safe(u.name) for u in encounter.units}
    say(f"Activation order, round {encounter.round} ({encounter.ruleset}):")
    for position, unit_id in enumerate(order.order, start=1):
        say(f"  {position}. {names[unit_id]} ({unit_id})")
    for group in order.ties:
        say("The players choose the order of: " + ", ".join(names[u] for u in group))
    for line in order.explanation:
        say(terminal_safe(line))
    return 0
