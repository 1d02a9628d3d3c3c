"""`foebook check FILE`: validate an encounter file and summarise it in one line."""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="encounter file (TOML)")


def run(args: argparse.Namespace) -> int:
    from desktop.encounter_file import load_encounter

    encounter = load_encounter(args.file)
    board = encounter.board
    enemies, players = len(encounter.enemies()), len(encounter.players())
    phase = f", {encounter.phase} phase" if encounter.phase else ""
    title = f" \"{encounter.name}\"" if encounter.name else ""
    print(f"{args.file}: ok{title} — {encounter.ruleset}, {board.width}x{board.height} "
          f"{board.shape.value} board, {enemies} enem{'y' if enemies == 1 else 'ies'}, "
          f"{players} player{'' if players == 1 else 's'}, round {encounter.round}{phase}")
    return 0
