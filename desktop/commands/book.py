"""`foebook book check FILE` and `foebook book import FOLDER --edition ID`: monster books."""

from __future__ import annotations

import argparse

from desktop.commands.output import say
from desktop.display_text import terminal_safe
from desktop.engine.chain import plural

MONSTER_RULESET = "monster-focus"  # the built-in rule system whose unit types books fill


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="book_command", metavar="ACTION", required=True)
    checking = sub.add_parser(
        "check", help="validate a monster book (one line per problem, exit status 2 if any)"
    )
    checking.add_argument("file", help="monster book (TOML, docs/monster-book.md)")
    importing = sub.add_parser(
        "import",
        help="turn a data folder in Gloomhaven Secretariat's layout into a monster book",
    )
    importing.add_argument(
        "folder", help="the data folder holding EDITION/monster/*.json and EDITION/monster/deck/"
    )
    importing.add_argument("--edition", required=True, metavar="ID", help="the edition's folder")
    importing.add_argument(
        "--out", metavar="FILE", help="the monster book to write (default: EDITION-monsters.toml)"
    )


def run(args: argparse.Namespace) -> int:
    if args.book_command == "check":
        return _check(args.file)
    return _import(args.folder, args.edition, args.out)


def _check(file: str) -> int:
    from desktop.monster_book_file import check_book_file

    book, problems = check_book_file(file)
    for problem in problems:
        say(terminal_safe(problem), error=True)
    if book is None:
        return 2
    cards = sum(len(d.cards) for d in book.decks.values())
    title = f' "{terminal_safe(book.name)}"' if book.name else ""
    say(
        f"{terminal_safe(file)}: ok{title} — {plural(len(book.types), 'type')}, "
        f"{plural(len(book.decks), 'deck')}, {plural(cards, 'card')}"
    )
    return 0


def _import(folder: str, edition: str, out: str | None) -> int:
    from desktop.book_import import import_book
    from desktop.monster_book_file import check_book, dump_book, save_book
    from desktop.rulesets.registry import get_ruleset

    ruleset = get_ruleset(MONSTER_RULESET)
    imported = import_book(folder, edition, ruleset)
    for line in imported.skipped:
        say(terminal_safe(line), error=True)
    target = out or f"{edition}-monsters.toml"
    # What is written must read back: a card the book format refuses is one more line.
    _, problems = check_book(dump_book(imported.book, ruleset), target)
    for problem in problems:
        say(terminal_safe(problem), error=True)
    if problems:
        return 2
    save_book(imported.book, ruleset, target)
    book = imported.book
    say(
        f"{terminal_safe(target)}: {plural(len(book.types), 'type')}, "
        f"{plural(len(book.decks), 'deck')} from {terminal_safe(folder)} ({edition}); "
        f"{plural(len(imported.skipped), 'thing')} not translated"
    )
    return 0
