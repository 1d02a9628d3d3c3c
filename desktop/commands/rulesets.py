"""`foebook rulesets`: the rule systems (built-in and plug-ins) with their AI types."""

from __future__ import annotations

import argparse

from desktop.commands.output import say, say_json
from desktop.commands.packs_used import add_pack_option, use_packs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_pack_option(parser)
    parser.add_argument("--json", action="store_true", help="print as JSON")


def run(args: argparse.Namespace) -> int:
    installed_problems = use_packs(args, every=True)
    from desktop.rulesets.registry import available_rulesets

    # Built-ins are listed from their data files alone: no ruleset code is imported.
    rulesets, problems = available_rulesets()
    for problem in [*installed_problems, *problems]:
        say(f"foebook: warning: {problem}", error=True)
    if args.json:
        say_json(
            [
                {
                    "id": d.id,
                    "name": d.name,
                    "board": d.board_shape,
                    "ai_types": list(d.ai_types),
                    "actions": list(d.actions),
                    "phases": list(d.phases),
                }
                for d in rulesets
            ]
        )
        return 0
    for data in rulesets:
        say(f"{data.id} — {data.name} ({data.board_shape} board)")
        say(f"  {data.description}")
        for ai in data.ai_types.values():
            say(f"  AI {ai.id}: {ai.summary}")
    return 0
