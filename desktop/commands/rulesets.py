"""`foebook rulesets`: the rule systems (built-in and plug-ins) with their AI types."""

from __future__ import annotations

import argparse
import json
import sys


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print as JSON")


def run(args: argparse.Namespace) -> int:
    from desktop.rulesets.registry import available_rulesets

    # Built-ins are listed from their data files alone: no ruleset code is imported.
    rulesets, problems = available_rulesets()
    for problem in problems:
        print(f"foebook: warning: {problem}", file=sys.stderr)
    if args.json:
        print(json.dumps([
            {"id": d.id, "name": d.name, "board": d.board_shape,
             "ai_types": list(d.ai_types), "actions": list(d.actions),
             "phases": list(d.phases)}
            for d in rulesets
        ], ensure_ascii=False, indent=2))
        return 0
    for data in rulesets:
        print(f"{data.id} — {data.name} ({data.board_shape} board)")
        print(f"  {data.description}")
        for ai in data.ai_types.values():
            print(f"  AI {ai.id}: {ai.summary}")
    return 0
