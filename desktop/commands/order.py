"""`foebook order FILE`: the enemies' activation order for the round, with the players' ties."""

from __future__ import annotations

import argparse
import json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="encounter file (TOML)")
    parser.add_argument("--json", action="store_true", help="print the order as JSON")


def run(args: argparse.Namespace) -> int:
    from desktop.encounter_file import load_encounter
    from desktop.rulesets.registry import get_ruleset

    encounter = load_encounter(args.file)
    order = get_ruleset(encounter.ruleset).order(encounter)
    if args.json:
        print(json.dumps(order.to_dict(), ensure_ascii=False))
        return 0
    names = {u.id: u.name for u in encounter.units}
    print(f"Activation order, round {encounter.round} ({encounter.ruleset}):")
    for position, unit_id in enumerate(order.order, start=1):
        print(f"  {position}. {names[unit_id]} ({unit_id})")
    for group in order.ties:
        print("The players choose the order of: " + ", ".join(names[u] for u in group))
    for line in order.explanation:
        print(line)
    return 0
