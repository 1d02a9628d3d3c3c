"""`foebook check FILE`: validate an encounter file and summarise it in one line."""

from __future__ import annotations

import argparse

from desktop.commands.output import say
from desktop.commands.packs_used import add_pack_option, use_packs
from desktop.display_text import terminal_safe
from desktop.engine.chain import plural


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_pack_option(parser)
    parser.add_argument("file", help="encounter file (TOML)")


def run(args: argparse.Namespace) -> int:
    use_packs(args)
    from desktop.encounter_file import load_encounter

    encounter = load_encounter(args.file)
    board = encounter.board
    enemies, players = len(encounter.enemies()), len(encounter.players())
    phase = f", {encounter.phase} phase" if encounter.phase else ""
    title = f' "{terminal_safe(encounter.name)}"' if encounter.name else ""
    book = encounter.book
    scenario = (
        f", monster book '{terminal_safe(book.name)}' at level {encounter.level}" if book else ""
    )
    say(
        f"{terminal_safe(args.file)}: ok{title} — {encounter.ruleset}, "
        f"{board.width}x{board.height} {board.shape.value} board, "
        f"{plural(enemies, 'enemy')}, "
        f"{plural(players, 'player')}, round {encounter.round}{phase}{scenario}"
    )
    return 0
