"""The rule packs a headless command knows: those installed in the data folder, and those
given with `--pack FILE`."""

from __future__ import annotations

import argparse


def add_pack_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--pack",
        action="append",
        default=[],
        metavar="FILE",
        help="a rule pack (TOML) to use besides the installed ones (repeatable)",
    )


def use_packs(args: argparse.Namespace, every: bool = False) -> list[str]:
    """Make the packs of `--pack` known, and the installed ones: all of them with `every`
    (messages for those that cannot be used), else each when its id is first asked for. A
    pack given on the command line that cannot be used is an error."""
    from desktop.rulesets.registry import add_pack_finder

    if getattr(args, "pack", []):
        from desktop.pack_file import register_pack_file

        for path in args.pack:
            register_pack_file(path)
    if every:
        from desktop.pack_file import register_installed
        from desktop.paths import DataFolderError, data_dir

        try:
            return register_installed(data_dir())
        except DataFolderError:  # no data folder: no installed packs
            return []
    add_pack_finder(_find_installed)
    return []


def _find_installed(ruleset_id: str) -> None:
    from desktop.errors import FoebookError
    from desktop.pack_file import find_installed
    from desktop.paths import DataFolderError, data_dir

    try:
        find_installed(data_dir(), ruleset_id)
    except (DataFolderError, FoebookError):  # the unknown id is reported as such
        return
