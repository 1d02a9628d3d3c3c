"""A seeded mutation fuzzer over the sample encounters: every command, run in process on a
mutated file, ends in its answer or in one clear error (exit 2, one line), never in any
other exception, and whatever `check` accepts every other command accepts too.

Each run picks a fresh seed and prints it; FOEBOOK_FUZZ_SEED=N replays that run (case k of
a seed is the same whatever the budget) and FOEBOOK_FUZZ_SECONDS sets the budget.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import random
import re
import time
import tomllib
import traceback
from pathlib import Path
from typing import Any

import pytest
import tomli_w

import desktop.cli as cli
from desktop.encounter_file import EncounterFileError, load_encounter
from desktop.samples import sample_path
from tests.sample_files import SAMPLES

ROOT = Path(__file__).resolve().parents[3]
BUDGET_SECONDS = float(os.environ.get("FOEBOOK_FUZZ_SECONDS", "12"))
MIN_CASES = 20
ACTED_ON = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")

TEXTS = [
    "",
    " ",
    "x" * 64,
    "x" * 65,
    "y" * 200,
    "y" * 201,
    "z" * 5000,
    "\x00",
    "a\x00b",
    "\x1b]0;title\x07\x1b[2J",
    "cr\r",
    "\x01\x7f\x9b",
    "² 0",
    "\u202eevil",
    "🐉 drake",
    "line\nbreak",
    '"""',
    "'''",
    "back\\slash",
    "日本語",
    "stunned",
    "enemy",
    "melee",
    "goblin",
    "aria",
    "square",
    "hex",
    "\t",
    "0123456789",
]
NUMBERS = [
    0,
    -1,
    1,
    3,
    1000,
    1001,
    2**31 - 1,
    2**31,
    -(2**31),
    -(2**31) - 1,
    2**63,
    10**300,
    0.5,
    -0.0,
    1e308,
    float("inf"),
    float("-inf"),
    float("nan"),
]
OTHERS = [
    True,
    False,
    datetime.date(1979, 5, 27),
    datetime.datetime(1979, 5, 27, 7, 32),
    datetime.time(7, 32),
    [],
    {},
    {"a": 1},
    [1, "a"],
    [[[]]],
    ["stunned", "stunned"],
]
UNKNOWN_KEYS = ["hpp", "colour", "", "\x1b", "k" * 300, "ap"]
LEGEND = ".#~,c+O="


def _nodes(value: Any, depth: int = 0) -> list[tuple]:
    """Every (container, key) inside the document, down to a depth that real files have."""
    found = []
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, child in items:
        found.append((value, key))
        if depth < 8:
            found += _nodes(child, depth + 1)
    return found


def _tables(doc: dict) -> list[dict]:
    return [doc, *(c[k] for c, k in _nodes(doc) if isinstance(c[k], dict))]


def _lists(doc: dict) -> list[list]:
    return [c[k] for c, k in _nodes(doc) if isinstance(c[k], list) and c[k]]


def _nasty(rng: random.Random, doc: dict) -> Any:
    pool = rng.choice([TEXTS, NUMBERS, OTHERS, "swap"])
    if pool == "swap":  # a value from elsewhere in the file: ids where names go, and so on
        container, key = rng.choice(_nodes(doc))
        return container[key]
    value = rng.choice(pool)
    if rng.random() < 0.1:
        for _ in range(rng.choice([3, 40, 400])):
            value = [value]
    return value


def _board(rng: random.Random) -> str:
    width = rng.choice([1, 2, 5, 12, 199, 200, 201, 260])
    height = rng.choice([1, 3, 9, 200, 201])
    chars = LEGEND + ("X ²\t" if rng.random() < 0.2 else "")
    if width * height > 200 * 200:
        width = 200 * 200 // height + 1
    row = lambda: "".join(rng.choice(chars) for _ in range(width))  # noqa: E731
    return "\n".join(row() for _ in range(height)) + "\n"


def _field(rng: random.Random, doc: dict) -> tuple[dict, str]:
    """A field the format names: of a unit, a weapon, the stats, [state] or the top level."""
    units = doc.get("units")
    units = [u for u in units if isinstance(u, dict)] if isinstance(units, list) else []
    unit = rng.choice(units) if units else {}
    weapons = unit.get("weapons")
    weapons = [w for w in weapons if isinstance(w, dict)] if isinstance(weapons, list) else []
    place = rng.choice(["unit", "unit", "unit", "weapon", "stats", "state", "top"])
    if place == "weapon" and weapons:
        return rng.choice(weapons), rng.choice(["name", "kind", "range", "strength", "ap"])
    if place == "stats" and isinstance(unit.get("stats"), dict):
        return unit["stats"], rng.choice(["move", "range", "size", "level", "reach", "speed"])
    if place == "state" and isinstance(doc.get("state"), dict):
        return doc["state"], rng.choice(
            ["round", "phase", "turn", "last_attacker", "shot_this_round", "previous_target"]
        )
    if place == "top" or not unit:
        return doc, rng.choice(["format", "ruleset", "name"])
    return unit, rng.choice(
        [
            "id",
            "name",
            "side",
            "at",
            "hp",
            "max_hp",
            "ai",
            "priorities",
            "statuses",
            "tags",
            "guards",
            "stats",
            "weapons",
        ]
    )


def _mutate_data(rng: random.Random, doc: dict) -> None:
    kind = rng.choice(
        [
            "field",
            "field",
            "field",
            "replace",
            "delete",
            "unknown",
            "duplicate",
            "grow",
            "board",
            "heights",
        ]
    )
    if kind == "field":
        table, key = _field(rng, doc)
        table[key] = _nasty(rng, doc)
    elif kind == "replace":
        container, key = rng.choice(_nodes(doc))
        container[key] = _nasty(rng, doc)
    elif kind == "delete":
        container, key = rng.choice(_nodes(doc))
        del container[key]
    elif kind == "unknown":
        rng.choice(_tables(doc))[rng.choice(UNKNOWN_KEYS)] = _nasty(rng, doc)
    elif kind == "duplicate":
        target = rng.choice(_lists(doc) or [[]])
        if target:
            target.append(rng.choice(target))
    elif kind == "grow":
        target = rng.choice(_lists(doc) or [[]])
        if target:
            target.extend([target[0]] * rng.choice([20, 101, 501]))
    elif kind == "board":
        _board_table(doc)["cells"] = _board(rng)
    else:
        cells = str(_board_table(doc).get("cells", ".\n"))
        rows = [r for r in cells.split("\n") if r.strip()]
        digits = "0123456789" + ("²x " if rng.random() < 0.3 else "")
        _board_table(doc)["heights"] = "\n".join(
            "".join(rng.choice(digits) for _ in "".join(r.split())) for r in rows
        )


def _board_table(doc: dict) -> dict:
    """The file's [board] table, made one again when an earlier mutation of this case put
    something else there (a board the next mutation redraws)."""
    if not isinstance(doc.get("board"), dict):
        doc["board"] = {}
    return doc["board"]


def _mutate_text(rng: random.Random, text: str) -> str:
    kind = rng.choice(["insert", "delete", "line", "blank", "nest", "digits", "huge", "cut"])
    at = rng.randrange(len(text) + 1)
    if kind == "insert":
        return (
            text[:at]
            + rng.choice(
                ["\x00", "\x1b", "\r", "[", "]", "{", '"', "=", "\n", "\ufeff", "é", "#", "'''"]
            )
            + text[at:]
        )
    if kind == "delete":
        return text[:at] + text[at + rng.randrange(1, 40) :]
    if kind == "line":
        lines = text.split("\n")
        index = rng.randrange(len(lines))
        return "\n".join([*lines[:index], lines[index], *lines[index:]])
    if kind == "blank":
        return text.replace('cells = """\n', 'cells = """\n' + "\n" * 200_000, 1)
    if kind == "nest":
        depth = rng.choice([50, 300, 1000])
        return text.replace("hp =", f"tags = {'[' * depth}{']' * depth}\nhp =", 1)
    if kind == "digits":
        return re.sub(
            r"(hp|max_hp|round) = \d+", rf"\1 = {'9' * rng.choice([20, 5000])}", text, count=1
        )
    if kind == "huge":
        return text + "# " + "x" * (2 * 1024 * 1024) + "\n"
    return text[:at]


def _case(seed: int, index: int) -> str:
    rng = random.Random(f"{seed}:{index}")
    sample = rng.choice(SAMPLES)
    text = sample.read_text(encoding="utf-8")
    doc = tomllib.loads(text)
    for _ in range(rng.choice([1, 1, 2, 3])):
        if rng.random() < 0.7:
            _mutate_data(rng, doc)
    # A value TOML cannot hold (tomli-w refuses it) leaves the sample's text to mutate.
    with contextlib.suppress(TypeError, ValueError, RecursionError):
        text = tomli_w.dumps(doc)
    if rng.random() < 0.3:
        text = _mutate_text(rng, text)
    return text


class _Bug(Exception):
    """An exception `foebook` would have reported as a bug (exit 1)."""


def _raise_bug(error: Exception) -> int:
    raise _Bug("".join(traceback.format_exception(error))) from error


def _run(capsys, argv: list[str]) -> tuple[int, str, str]:
    try:
        status = cli.main(argv)
    except SystemExit as stop:  # argparse
        status = stop.code
    out, err = capsys.readouterr()
    return status, out, err


def _check_outcome(argv: list[str], outcome, where: str) -> int:
    status, out, err = outcome
    assert status in (0, 2), f"{where}: {argv[0]} exited {status}: {err[:500]}"
    assert not ACTED_ON.search(out + err), f"{where}: {argv[0]} printed raw control characters"
    if status == 2:
        assert out == "", f"{where}: {argv[0]} failed but printed {out[:200]!r}"
        assert err.startswith("foebook: error: ") and err.count("\n") == 1, (
            f"{where}: {argv[0]}: not one clear line: {err[:500]!r}"
        )
        assert len(err) < 2000, f"{where}: {argv[0]}: a {len(err)}-character message"
    return status


def _run_every_command(capsys, path: Path, work: Path, index: int, where: str) -> dict:
    check = _check_outcome(["check"], _run(capsys, ["check", str(path)]), where)
    try:
        enemies = [u.id for u in load_encounter(path).enemies()]
    except EncounterFileError:
        enemies = []
    statuses = {"check": check, "enemies": len(enemies)}
    for enemy in enemies or ["goblin"]:
        argv = ["decide", str(path), "--unit", enemy]
        statuses[f"decide {enemy}"] = _check_outcome(argv, _run(capsys, argv), where)
    commands = {
        "order": ["order", str(path)],
        "cards": ["cards", str(path), "--out", str(work / "cards.pdf")],
        "import": [
            "sessions",
            "import",
            str(path),
            "--name",
            f"case {index}",
            "--db",
            str(work / "fuzz.sqlite3"),
        ],
    }
    for name, argv in commands.items():
        statuses[name] = _check_outcome(argv, _run(capsys, argv), where)
    return statuses


# `qapp`: `cards` paints with Qt in this process, and must find the QApplication that the
# GUI tests after these share, not make a QGuiApplication of its own.
def test_every_command_survives_mutated_encounter_files(qapp, tmp_path, capsys, monkeypatch):
    given = os.environ.get("FOEBOOK_FUZZ_SEED")
    seed = int(given) if given else random.SystemRandom().randrange(2**32)
    with capsys.disabled():
        print(f"\nencounter fuzz seed {seed} (replay: FOEBOOK_FUZZ_SEED={seed})")
    monkeypatch.setattr(cli, "_report_bug", _raise_bug)
    path = tmp_path / "case.toml"
    started = time.perf_counter()
    cases = accepted = 0
    # At least MIN_CASES whatever the machine's speed, more while the budget lasts.
    while cases < MIN_CASES or time.perf_counter() - started < BUDGET_SECONDS:
        text = _case(seed, cases)
        path.write_text(text, encoding="utf-8")
        where = f"FOEBOOK_FUZZ_SEED={seed}, case {cases}"
        try:
            statuses = _run_every_command(capsys, path, tmp_path, cases, where)
        except _Bug as bug:
            pytest.fail(
                f"{where}: a command raised instead of answering:\n{bug}\n"
                f"file (first 2000 characters):\n{text[:2000]}",
                pytrace=False,
            )
        enemies = statuses.pop("enemies")
        if statuses["check"] == 0:
            accepted += 1
            # Deciding may refuse (a defeated enemy), and so may cards without enemies.
            must_pass = {
                k: v
                for k, v in statuses.items()
                if not k.startswith("decide") and (k != "cards" or enemies)
            }
            assert set(must_pass.values()) == {0}, f"{where}: check accepted it, but {statuses}"
        else:
            assert set(statuses.values()) == {2}, f"{where}: check refused it, but {statuses}"
        cases += 1
    with capsys.disabled():
        print(
            f"encounter fuzz: seed {seed}, {cases} cases ({accepted} accepted by check) "
            f"in {time.perf_counter() - started:.1f} s"
        )
    assert 0 < accepted < cases, "the mutations should both pass and fail"


AMBUSH = (
    ROOT / "desktop/rulesets/card_flip_rpg/encounters/card-flip-goblin-ambush.toml"
).read_text()
HEDGEROW = (sample_path("skirmish-ai-hedgerow.toml")).read_text()
BOW = '{ name = "Short bow", kind = "ranged", range = 4 }'


def _with_weapon_key(key_value: str) -> str:
    return AMBUSH.replace(BOW, BOW.replace(" }", f", {key_value} }}"))


def _with_board(text: str, width: int, height: int) -> str:
    board = ("." * width + "\n") * height
    return re.sub(r'cells = """\n[^"]*"""', lambda _: f'cells = """\n{board}"""', text)


# What the fault campaign found: each crashed at least one command with "this is a bug".
# Built when its test runs: some are tens of megabytes.
CAMPAIGN = {
    "heights with a superscript two": lambda: AMBUSH.replace(
        'cells = """', 'heights = """\n' + "0000000000\n" * 5 + '²000000000\n"""\ncells = """'
    ),
    "ai is a table": lambda: HEDGEROW.replace('ai = "cautious"', "ai = {}"),
    "move is inf": lambda: AMBUSH.replace("move = 3,", "move = inf,", 1),
    "move is nan": lambda: HEDGEROW.replace("move = 6", "move = nan", 1),
    "max_hp near 10^300": lambda: AMBUSH.replace("max_hp = 8", "max_hp = " + "9" * 300),
    "weapon kind is a number": lambda: AMBUSH.replace(BOW, BOW.replace('"ranged"', "3")),
    "arrays nested 1000 deep": lambda: AMBUSH.replace(
        "hp = 5", "tags = " + "[" * 1000 + "]" * 1000 + "\nhp = 5"
    ),
    "hp beyond 2^63": lambda: AMBUSH.replace("hp = 5", "hp = 9223372036854775808"),
    "hp beyond 2^31": lambda: AMBUSH.replace("hp = 5", "hp = 2147483648"),
    "weapon number beyond 2^63": lambda: _with_weapon_key(f"ap = {'9' * 25}"),
    "date in a weapon": lambda: _with_weapon_key("made = 1979-05-27"),
    "board 201 cells wide": lambda: _with_board(AMBUSH, 201, 6),
    "board 5000 by 5000": lambda: _with_board(AMBUSH, 5000, 5000),
    "50 MB unit name": lambda: AMBUSH.replace('"Goblin Archer"', '"' + "G" * 50_000_000 + '"'),
    "50 MB of blank lines": lambda: AMBUSH.replace(
        'cells = """\n', 'cells = """\n' + "\n" * 50_000_000
    ),
}


@pytest.mark.parametrize("name", CAMPAIGN)
def test_every_command_refuses_the_campaigns_files_in_one_line(
    name, qapp, tmp_path, capsys, monkeypatch
):
    monkeypatch.setattr(cli, "_report_bug", _raise_bug)
    path = tmp_path / "case.toml"
    path.write_text(CAMPAIGN[name](), encoding="utf-8")
    statuses = _run_every_command(capsys, path, tmp_path, 0, name)
    assert statuses.pop("enemies") == 0 and set(statuses.values()) == {2}, statuses
