"""Enums made the quick way are the enums the class-body way makes: every Qt enum PySide makes,
plain enums of each base with aliases, flags and odd values, and every call the quick way
leaves to enum itself. Each script runs twice in a fresh Python: once with the quick way
installed before anything else (as the app does), once without; the enums they describe must
be the same."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# An enum class described in full: its bases, its namespace (a member must be the class's
# attribute itself, not a redirect to it), every member's name, value, order, attributes and
# texts, iteration, lookups by value (unknown and combined values too) and flags' operators.
DESCRIBE = r"""
import enum, json, sys
LEFT_TO_ENUM = []
if sys.argv[1] == "quick":
    from desktop import quick_enums
    quick_enums.install()
    original = quick_enums._original_create
    def counting(*args, **kwargs):
        LEFT_TO_ENUM.append(args[1])
        return original(*args, **kwargs)
    quick_enums._original_create = counting

def attempt(call):
    try:
        return repr(call())
    except Exception as error:
        return f"{type(error).__name__}: {error}"

def name_of(value):
    value = getattr(value, "func", value)  # PySide's _missing_ is a partial
    value = getattr(value, "__func__", value)
    return getattr(value, "__qualname__", type(value).__name__)

def describe(kind):
    members = kind.__members__
    namespace = {}
    for key, value in vars(kind).items():
        if key in members:
            namespace[key] = "member" if value is members[key] else type(value).__name__
        elif key in ("_member_map_", "_value2member_map_"):
            namespace[key] = sorted((repr(k), v._name_) for k, v in value.items())
        elif key in ("__dict__", "__weakref__") or callable(value) or isinstance(
            value, (property, classmethod, staticmethod)
        ):
            namespace[key] = name_of(value)
        else:
            namespace[key] = repr(value)
    values = [m._value_ for m in members.values()]
    probes = list(values)
    if all(type(value) is int for value in values):
        every = 0
        for value in values:
            every |= value
        probes += [max(values, default=0) + 1, every, every | 1 << 20, 0, -1]
    listed = list(members.values())
    return {
        "bases": [base.__qualname__ for base in kind.__mro__[1:]],
        "namespace": namespace,
        "members": [
            [n, m._name_, repr(m._value_), m._sort_order_, sorted(vars(m)), repr(m), str(m),
             format(m), hash(m)]
            for n, m in members.items()
        ],
        "iteration": [m._name_ for m in kind],
        "lookups": [attempt(lambda: kind(value)) for value in probes],
        "operators": [
            attempt(lambda: a | b) + attempt(lambda: a & b) + attempt(lambda: ~a)
            for a, b in zip(listed[:4], listed[1:5])
        ],
    }

def made(call):
    # The enum a call makes, described, or the error it raises.
    try:
        return describe(call())
    except Exception as error:
        return f"{type(error).__name__}: {error}"
"""


def _both_ways(script: str) -> tuple[dict, dict]:
    """The script's report with the quick way installed, and without."""
    reports = []
    for way in ("quick", "class body"):
        done = subprocess.run(
            [sys.executable, "-c", DESCRIBE + script, way],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
            # One hash seed for both: a plain member hashes as its name.
            env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"},
        )
        assert done.returncode == 0, done.stderr
        reports.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return reports[0], reports[1]


# Every enum of the Qt modules the app uses, as PySide makes it (and then amends it: its own
# module, a _missing_ for values a later Qt may add).
QT_SWEEP = r"""
from PySide6 import QtCore, QtGui, QtSvg, QtWidgets
found = {}
def walk(namespace, depth):
    for key in dir(namespace):
        try:
            value = getattr(namespace, key)
        except Exception:
            continue
        if isinstance(value, enum.EnumType):
            found[value.__module__ + "." + value.__qualname__] = value
        elif isinstance(value, type) and depth < 3 and value.__module__.startswith("PySide6"):
            walk(value, depth + 1)
for module in (QtCore, QtGui, QtWidgets, QtSvg):
    walk(module, 0)
report = {"left_to_enum": LEFT_TO_ENUM[:]}
report["enums"] = {name: describe(kind) for name, kind in sorted(found.items())}
# The description sees what the quick way mends over enum's own _simple_enum as it is.
align = [(n, m._value_) for n, m in QtCore.Qt.AlignmentFlag.__members__.items()]
raw = enum._simple_enum(enum.Flag, boundary=enum.KEEP)(type("Align", (), dict(align)))
class_body = enum.Flag("Align", align, boundary=enum.KEEP)
report["raw_simple_enum"] = sorted(
    key for key, value in describe(raw)["namespace"].items()
    if describe(class_body)["namespace"].get(key) != value
)
print(json.dumps(report))
"""


def test_every_qt_enum_is_made_the_quick_way_and_comes_out_as_the_class_body_makes_it() -> None:
    quick, class_body = _both_ways(QT_SWEEP)
    assert len(quick["enums"]) > 600
    assert quick["left_to_enum"] == []  # every one of them took the quick way
    assert class_body["enums"].keys() == quick["enums"].keys()
    enums = quick["enums"].items()
    assert [name for name, found in enums if class_body["enums"][name] != found] == []
    align = quick["enums"]["PySide6.QtCore.Qt.AlignmentFlag"]
    assert align["namespace"]["AlignLeft"] == "member"
    # AlignLeft with its alias AlignLeading: |, & and ~ of Qt's flags as Qt's own.
    assert align["operators"][0] == "<AlignmentFlag.AlignLeft: 1>" * 2 + (
        "<AlignmentFlag.AlignRight|AlignHCenter|AlignJustify|AlignAbsolute|AlignTop|"
        "AlignBottom|AlignVCenter|AlignBaseline: 510>"
    )
    # What the quick way mends over _simple_enum as it is: the description tells them apart.
    assert {"AlignLeft", "AlignTop", "__doc__"} <= set(quick["raw_simple_enum"])


PLAIN_CASES = r"""
import pickle
cases = {
    "enum": (enum.Enum, [("RED", 1), ("GREEN", 2), ("BLUE", 3)]),
    "int enum with an alias": (enum.IntEnum, [("LOW", 0), ("HIGH", 5), ("TOP", 5), ("NEG", -2)]),
    "empty": (enum.IntEnum, []),
    "flag with multi-bit aliases": (
        enum.Flag, [("A", 1), ("B", 2), ("AB", 3), ("C", 8), ("NONE", 0)]
    ),
    "int flag out of order": (enum.IntFlag, [("Z", 16), ("X", 1), ("MASK", 255), ("Y", 4)]),
    "int flag with a negative": (enum.IntFlag, [("ALL", -1), ("ONE", 1)]),
}
report = {}
for label, (base, names) in cases.items():
    for boundary in (None, enum.KEEP, enum.STRICT, enum.CONFORM, enum.EJECT):
        for module in (None, "some.module"):
            report[f"{label}, {boundary}, {module}"] = made(
                lambda: base("Made", names, module=module, boundary=boundary)
            )
# Made at module level: pickled and read back by name.
Colour = enum.IntEnum("Colour", [("RED", 1), ("BLUE", 2)])
report["pickled"] = [pickle.loads(pickle.dumps(Colour.BLUE)) is Colour.BLUE, Colour.__module__]
report["left_to_enum"] = LEFT_TO_ENUM
print(json.dumps(report))
"""


def test_plain_enums_made_the_quick_way_are_the_class_body_ways() -> None:
    quick, class_body = _both_ways(PLAIN_CASES)
    assert quick.pop("left_to_enum") == []
    assert class_body.pop("left_to_enum") == []
    assert quick.pop("pickled") == class_body.pop("pickled") == [True, "__main__"]
    assert len(quick) == 6 * 5 * 2
    assert all(isinstance(made, dict) for made in quick.values())
    assert [label for label, made in quick.items() if class_body[label] != made] == []


LEFT_ALONE = r"""
class Described(enum.Enum):
    def describe(self):
        return self.name.lower()
calls = {
    "names in a string": (enum.Enum, "A B C", {}),
    "names only": (enum.IntEnum, ["A", "B"], {}),
    "a mapping": (enum.Enum, {"A": 1, "B": 2}, {}),
    "a mixed-in type": (enum.Enum, [("A", 1)], {"type": int}),
    "text values": (enum.Enum, [("A", "a"), ("B", "b")], {}),
    "a sunder name": (enum.Enum, [("_ignore_", []), ("A", 1)], {}),
    "a member named value": (enum.Enum, [("value", 1), ("A", 2)], {}),
    "a name twice": (enum.Enum, [("A", 1), ("A", 2)], {}),
    "a subclass of Enum": (Described, [("X", 1)], {}),
    "a text enum": (enum.StrEnum, [("A", "a")], {}),
}
report = {}
for label, (base, names, keywords) in calls.items():
    before = len(LEFT_TO_ENUM)
    report[label] = [made(lambda: base("Made", names, **keywords)), len(LEFT_TO_ENUM) > before]
print(json.dumps(report))
"""


def test_calls_the_quick_way_cannot_take_are_left_to_enum_and_come_out_the_same() -> None:
    quick, class_body = _both_ways(LEFT_ALONE)
    assert len(quick) == 10
    assert [label for label, (_, left_to_enum) in quick.items() if not left_to_enum] == []
    assert quick["a name twice"][0] == "TypeError: 'A' already defined as 1"
    assert [label for label, (made, _) in quick.items() if class_body[label][0] != made] == []


def test_a_python_whose_enum_differs_keeps_its_own_way() -> None:
    """Another _create_ than the one checked (a later Python's, say) is not replaced."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import enum\n"
            "def _create_(cls, class_name, names, *, module=None, type=None, start=1):\n"
            "    return None\n"
            "enum.EnumType._create_ = _create_\n"
            "from desktop import quick_enums\n"
            "quick_enums.install()\n"
            "print(enum.EnumType._create_ is _create_, quick_enums._original_create)\n",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.split() == ["True", "None"], done.stderr
