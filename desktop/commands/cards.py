"""`foebook cards`: printable enemy reference cards as a PDF, from an encounter file, a stored
session or a ruleset's AI types."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from desktop.commands.output import say
from desktop.display_text import terminal_safe
from desktop.engine.chain import plural
from desktop.errors import FoebookError

SIZES = ("poker", "tarot", "a6")
PAPERS = ("a4", "letter")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", nargs="?", metavar="FILE", help="encounter file (TOML)")
    parser.add_argument("--session", metavar="NAME", help="print the enemies of a stored session")
    parser.add_argument(
        "--db",
        metavar="URL",
        help="database URL or SQLite file for --session (default: $FOEBOOK_DB, "
        "else the SQLite file in the user data directory)",
    )
    parser.add_argument(
        "--ruleset", metavar="ID", help="print a ruleset's reference deck: one card per AI type"
    )
    parser.add_argument("--out", required=True, metavar="FILE.pdf", help="the PDF to write")
    parser.add_argument(
        "--size",
        choices=SIZES,
        default="poker",
        help="card size: poker 63x88 mm (9 a page), tarot 70x120 mm (4 a page), "
        "a6 105x148 mm (2 a landscape page); default poker",
    )
    parser.add_argument("--paper", choices=PAPERS, default="a4", help="paper size (default a4)")
    parser.add_argument(
        "--backs",
        action="store_true",
        help="add a back page after each page of fronts, mirrored for duplex "
        "printing (flip on the long edge; on the short edge for a6)",
    )
    parser.add_argument(
        "--unit",
        action="append",
        default=[],
        metavar="ID",
        help="only this enemy (repeatable; default: every enemy)",
    )
    parser.add_argument(
        "--one-per-ai", action="store_true", help="one card per AI type: the first enemy of each"
    )


def _start_qt():
    """A QGuiApplication for fonts and painting; no window, so no display is needed."""
    from desktop import quick_enums
    from desktop.qt_environment import missing_display, release_display_probe, use_utf8_locale

    quick_enums.install()  # as the app: Qt's enums made the quick way (before Qt is imported)
    use_utf8_locale()
    if not os.environ.get("QT_QPA_PLATFORM") and missing_display():
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtGui import QGuiApplication

    app = QGuiApplication.instance() or QGuiApplication(["foebook"])
    release_display_probe()
    return app


def _check_output(path: Path) -> None:
    from desktop.atomic_write import OutputFileError, check_target

    try:
        check_target(path)  # a FIFO or a device is refused now, not after rendering
    except OutputFileError as error:
        raise FoebookError(f"--out {error}") from None
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise FoebookError(f"--out {path}: not writable")


def _load(args: argparse.Namespace):
    """(encounter or None, ruleset data, footer source)."""
    from desktop.rulesets.registry import get_ruleset

    given = [bool(args.source), bool(args.session), bool(args.ruleset)]
    if sum(given) != 1:
        raise FoebookError("give exactly one of: an encounter FILE, --session NAME, --ruleset ID")
    if args.ruleset:
        if args.unit or args.one_per_ai:
            raise FoebookError(
                "--unit and --one-per-ai choose enemies of an encounter; "
                "--ruleset prints every AI type"
            )
        return None, get_ruleset(args.ruleset).data, ""
    if args.session:
        from db import repository
        from db.engine import open_database
        from desktop.storage_url import resolve_database_url

        database = open_database(resolve_database_url(args.db))
        try:
            encounter = repository.export_encounter(database, args.session)
        finally:
            database.close()
        return encounter, get_ruleset(encounter.ruleset).data, args.session
    from desktop.encounter_file import load_encounter

    encounter = load_encounter(args.source)
    return encounter, get_ruleset(encounter.ruleset).data, Path(args.source).name


def run(args: argparse.Namespace) -> int:
    out = Path(args.out).expanduser()
    _check_output(out)
    if args.db and not args.session:
        raise FoebookError("--db is only used with --session")
    encounter, data, source = _load(args)

    _start_qt()
    from ui.cards.content import DeckRequest, Selection, encounter_deck, reference_deck
    from ui.cards.renderer import write_pdf

    if encounter is None:
        contents = reference_deck(data)
    else:
        enemies = {u.id for u in encounter.enemies()}
        unknown = [u for u in args.unit if u not in enemies]
        if unknown:
            raise FoebookError(
                f"--unit {', '.join(unknown)}: no such enemy (enemies: "
                f"{', '.join(sorted(enemies)) or 'none'})"
            )
        selection = (
            Selection.SELECTED
            if args.unit
            else Selection.ONE_PER_AI
            if args.one_per_ai
            else Selection.ALL
        )
        request = DeckRequest(selection, tuple(args.unit), source)
        contents = encounter_deck(encounter, data, request)
    title = f"{data.name} cards" + (f" — {source}" if source else "")
    result = write_pdf(out, contents, args.size, args.paper, args.backs, title)
    extra = len(result.cards) - len(contents)
    note = (
        f" ({extra} of them {'a continuation card' if extra == 1 else 'continuation cards'})"
        if extra
        else ""
    )
    say(
        f"Wrote {plural(len(result.cards), 'card')}{note} on {plural(result.pages, 'page')} to "
        f"{terminal_safe(str(out))} "
        f"({args.size} on {args.paper}{', with backs' if args.backs else ''})."
    )
    return 0
