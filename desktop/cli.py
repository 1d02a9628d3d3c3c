"""The `foebook` command: starts the GUI by default, or runs a headless subcommand.

Headless subcommands must start fast and work without a display, so nothing
here imports Qt or SQLAlchemy at module level; each subcommand module imports
what it needs when it runs.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import sys
from collections.abc import Sequence

from desktop import __version__
from desktop.commands.output import say
from desktop.display_text import SHOWN_CHARACTERS, terminal_safe
from desktop.errors import FoebookError

# name -> (module under desktop.commands, one-line help). Modules are imported
# only when their subcommand runs, which keeps `foebook decide` fast.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "decide": ("decide", "evaluate one enemy's priority chain on an encounter file"),
    "order": ("order", "print the enemies' activation order for an encounter file"),
    "check": ("check", "validate an encounter file"),
    "rulesets": ("rulesets", "list the rule systems (built-in and plug-ins) and their AI types"),
    "sessions": ("sessions", "list, import, export, delete stored sessions or show their log"),
    "cards": ("cards", "print enemy reference cards to PDF (encounter, session or ruleset)"),
    "book": ("book", "check a monster book, or import one from a Gloomhaven Secretariat folder"),
    "pack": ("pack", "check a rule pack, run its test cases, or install it"),
}


# The one-shot commands that read one file and print (`foebook decide` is run once per
# enemy's turn by a script or another program): they start and end as cheaply as they can.
QUICK = ("decide", "order", "check")


def _build_parser(only: str | None = None, alone: bool = False) -> argparse.ArgumentParser:
    """Every subcommand with its help line; with `only`, just that one's arguments (the
    others' modules are not imported: a one-shot command pays for what it runs). `alone`:
    `only` is the one subcommand added, for a command line that starts with it (the others
    are then never shown: the subcommand's help, errors and usage name only itself)."""
    parser = argparse.ArgumentParser(
        prog="foebook",
        description=(
            "Foebook runs the enemies of solo and co-op tabletop games. "
            "Without a subcommand it opens the desktop app."
        ),
    )
    parser.add_argument("--version", action="version", version=f"foebook {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", title="subcommands")
    for name, (module_name, help_text) in SUBCOMMANDS.items():
        if alone and name != only:
            continue
        subparser = sub.add_parser(name, help=help_text, description=help_text)
        subparser.set_defaults(_module=module_name)
        if only is None or name == only:
            _command_module(module_name).add_arguments(subparser)
    return parser


def _command_module(module_name: str):
    return importlib.import_module(f"desktop.commands.{module_name}")


def _gui_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="foebook", add_help=False)
    parser.add_argument("file", nargs="?")
    parser.add_argument("--session")
    parser.add_argument("--db")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    first = next((a for a in args_list if not a.startswith("-")), None)
    wants_cli = first in SUBCOMMANDS or any(a in ("-h", "--help", "--version") for a in args_list)
    try:
        if wants_cli:
            quick = first in QUICK
            if quick:
                # It makes next to no garbage a collection could free: none while it runs
                # (~20 collections, looking over the modules being imported).
                gc.disable()
            try:
                parser = _build_parser(
                    first if first in SUBCOMMANDS else "", alone=args_list[0] == first
                )
                args = parser.parse_args(args_list)
                return int(_command_module(args._module).run(args) or 0)
            finally:
                if quick:
                    gc.enable()
                    if argv is None:
                        # The process ends when this returns: the collections of its
                        # shutdown need not look over every object it made (~5 ms).
                        gc.freeze()
        gui_args, unknown = _gui_parser().parse_known_args(args_list)
        if unknown:
            _build_parser().error(f"unrecognised arguments: {' '.join(unknown)}")
        # No collection while the app loads and shows its first window: ~90 young-generation
        # collections (~25 ms) would look for garbage among modules being built, of which
        # there is next to none; collecting resumes after the first paint (desktop/app.py).
        gc.disable()
        try:
            from desktop.app import run_gui  # Qt is imported only for the GUI

            return run_gui(gui_args)
        finally:
            gc.enable()
    except FoebookError as error:
        # One line, whatever the message echoes (names, file names, values from a file).
        say(f"foebook: error: {terminal_safe(error.message)}", error=True)
        return error.exit_status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (`foebook rulesets | head`): not an error worth a word.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 (keeps interpreter exit quiet)
        return 0
    except Exception as error:  # a bug: keep the traceback in the log, not on the screen
        return _report_bug(error)


def _report_bug(error: Exception) -> int:
    import logging  # only here: it costs a headless subcommand several milliseconds

    from desktop.logging_setup import configure_logging
    from desktop.paths import log_file

    configure_logging()
    logging.getLogger(__name__).exception("unexpected error")
    what = terminal_safe(str(error)[:SHOWN_CHARACTERS])
    try:
        where = f"the details are in {terminal_safe(str(log_file()))}"
    except FoebookError:  # no data folder to keep a log in: the details went to stderr
        where = "the details are above"
    say(
        f"foebook: unexpected error ({type(error).__name__}: {what}). This is a bug in "
        f"Foebook; {where}",
        error=True,
    )
    return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
