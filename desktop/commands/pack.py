"""`foebook pack check|test|install PACK`: validate a rule pack (every problem with file,
line and field), run its own test cases, or install it into the data folder."""

from __future__ import annotations

import argparse

from desktop.commands.output import say
from desktop.display_text import terminal_safe
from desktop.engine.chain import plural


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="pack_command", metavar="ACTION", required=True)
    check = sub.add_parser("check", help="validate a rule pack: every problem, with its line")
    check.add_argument("file", help="rule pack (TOML)")
    test = sub.add_parser("test", help="run the rule pack's own test cases")
    test.add_argument("file", help="rule pack (TOML)")
    install = sub.add_parser("install", help="install a rule pack into Foebook's data folder")
    install.add_argument("file", help="rule pack (TOML)")


def run(args: argparse.Namespace) -> int:
    from desktop.pack_cases import run_cases
    from desktop.pack_file import PackFileError, install_pack, read_pack
    from desktop.paths import data_dir
    from desktop.rulesets.registry import PackEntry, add_pack

    if args.pack_command == "install":
        pack_id, target = install_pack(args.file, data_dir())
        say(f"{terminal_safe(args.file)}: installed as rule system '{pack_id}' ({target})")
        return 0
    try:
        pack = read_pack(args.file)
    except PackFileError as error:
        for line in error.message.split("\n"):  # every problem, one line each
            say(f"foebook: error: {terminal_safe(line)}", error=True)
        return 2
    if args.pack_command == "check":
        rules = sum(len(r) for r in pack.rules.values())
        say(
            f"{terminal_safe(args.file)}: ok — {pack.data.id} ({terminal_safe(pack.data.name)}), "
            f"{pack.data.board_shape} board, {plural(len(pack.rules), 'AI type')}, "
            f"{plural(rules, 'rule')}, {plural(len(pack.cases), 'test case')}"
        )
        return 0
    # test: the pack under test replaces an installed pack of its id for this run.
    with open(args.file, encoding="utf-8") as file:
        text = file.read()
    problem = add_pack(PackEntry(pack.data.id, args.file, lambda: text), testing=True)
    if problem:
        say(f"foebook: error: {terminal_safe(problem)}", error=True)
        return 2
    results = run_cases(pack)
    failed = [r for r in results if not r.passed]
    for result in results:
        mark = "ok  " if result.passed else "FAIL"
        line = f":{result.case.line}" if result.case.line else ""
        say(f"{mark} {terminal_safe(args.file)}{line}: {terminal_safe(result.case.name)}")
        for problem in result.problems:
            say(f"     {terminal_safe(problem)}")
    say(f"{len(results) - len(failed)} of {plural(len(results), 'test case')} passed")
    return 1 if failed else 0
