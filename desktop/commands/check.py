"""`foebook check FILE`: validate an encounter file and summarise it in one line."""

from __future__ import annotations

import argparse

from desktop.commands.output import say
from desktop.commands.packs_used import add_pack_option, use_packs
from desktop.display_text import terminal_safe
from desktop.engine.chain import plural
from desktop.engine.encounter import Encounter


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_pack_option(parser)
    parser.add_argument("file", help="encounter file (TOML)")
    parser.add_argument(
        "--time-limit",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="give up on a plug-in's decision that takes longer (default 30; 0: no limit)",
    )


def run(args: argparse.Namespace) -> int:
    use_packs(args)
    from desktop.encounter_file import load_encounter

    encounter = load_encounter(args.file)
    _decide_every_enemy(args, encounter)
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


def _decide_every_enemy(args: argparse.Namespace, encounter: Encounter) -> None:
    """A plug-in's code is tried on every enemy, so that what would fail at decide time (a
    step its `[steps]` table does not title) fails here; Foebook's own games are tested."""
    from desktop.commands.decide import OutOfTime, time_limit
    from desktop.engine.decide import decide
    from desktop.engine.dice import Dice
    from desktop.errors import FoebookError
    from desktop.rulesets.registry import get_ruleset

    ruleset = get_ruleset(encounter.ruleset)
    if ruleset.origin is None:
        return
    for unit in encounter.enemies():
        try:
            with time_limit(args.time_limit):
                decide(encounter, unit.id, ruleset, Dice(seed=0))
        except OutOfTime:
            raise FoebookError(
                f"{args.file}: the {ruleset.origin.describe()} did not decide for '{unit.id}' "
                f"within {args.time_limit:g} s; --time-limit gives it longer"
            ) from None
        except FoebookError as error:
            raise FoebookError(
                f"{args.file}: deciding for '{unit.id}' fails: {error.message}"
            ) from None
