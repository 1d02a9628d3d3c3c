"""`foebook rulesets`: the built-in rule systems with their AI types."""

from __future__ import annotations

import argparse
import json


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print as JSON")


def run(args: argparse.Namespace) -> int:
    from desktop.rulesets.registry import get_ruleset, ruleset_ids

    rulesets = [get_ruleset(rid).data for rid in ruleset_ids()]
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
