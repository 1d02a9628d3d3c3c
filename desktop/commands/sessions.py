"""`foebook sessions ...`: list, import, export, delete and show the log of stored sessions."""

from __future__ import annotations

import argparse

from desktop.commands.output import say
from desktop.display_text import terminal_safe


def _db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        metavar="URL",
        help="database URL or SQLite file (default: $FOEBOOK_DB, else the "
        "SQLite file in the user data directory)",
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="sessions_command", metavar="ACTION", required=True)
    listing = sub.add_parser("list", help="list the stored sessions")
    _db_option(listing)
    importing = sub.add_parser("import", help="start a new session from an encounter file")
    importing.add_argument("file", help="encounter file (TOML)")
    importing.add_argument(
        "--name", help="session name (default: the encounter's name, else the file name)"
    )
    _db_option(importing)
    exporting = sub.add_parser("export", help="save a session's current state as an encounter file")
    exporting.add_argument("name", help="session name")
    exporting.add_argument("file", help="encounter file to write (TOML)")
    _db_option(exporting)
    deleting = sub.add_parser("delete", help="delete a session and its log")
    deleting.add_argument("name", help="session name")
    _db_option(deleting)
    logging_ = sub.add_parser("log", help="print a session's command log")
    logging_.add_argument("name", help="session name")
    _db_option(logging_)


def run(args: argparse.Namespace) -> int:
    from pathlib import Path

    from db import repository
    from db.engine import open_database
    from desktop.storage_url import resolve_database_url

    database = open_database(resolve_database_url(args.db))
    try:
        action = args.sessions_command
        if action == "list":
            sessions = repository.list_sessions(database)
            if not sessions:
                say(f"No sessions in {terminal_safe(database.describe())}.")
            for info in sessions:
                when = info.updated_at.astimezone().strftime("%Y-%m-%d %H:%M")
                say(
                    f"{terminal_safe(info.name)}\t{info.ruleset}\tround {info.round}\t"
                    f"{info.units} units\t{info.entries} log entries\tchanged {when}"
                )
        elif action == "import":
            from desktop.encounter_file import load_encounter

            encounter = load_encounter(args.file)
            name = args.name or encounter.name or Path(args.file).stem
            repository.new_session(database, name, encounter)
            say(f"Imported {terminal_safe(args.file)} as session '{terminal_safe(name)}'.")
        elif action == "export":
            from desktop.encounter_file import save_encounter

            save_encounter(repository.export_encounter(database, args.name), args.file)
            say(f"Wrote session '{terminal_safe(args.name)}' to {terminal_safe(args.file)}.")
        elif action == "delete":
            repository.delete_session(database, args.name)
            say(f"Deleted session '{terminal_safe(args.name)}'.")
        elif action == "log":
            for entry in repository.session_log(database, args.name):
                when = entry.time.astimezone().strftime("%Y-%m-%d %H:%M:%S")
                mark = f" [{entry.status}]" if entry.undone else ""
                say(f"{entry.seq}\t{when}\t{terminal_safe(entry.text)}{mark}")
    finally:
        database.close()
    return 0
