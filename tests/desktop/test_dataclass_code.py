"""Dataclasses made with their methods' code from the file behave as those Python compiles:
the same __init__, defaults, repr, equality, order, hash and frozen refusals; a start that
finds the code compiles none of it; a broken file is compiled around and written again."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Counts each method text compiled (by Python's exec of the text, or by the cache), then
# makes dataclasses of every kind the methods differ by and prints what they do.
SCRIPT = """
import builtins, sys
compiled = []
real_exec = builtins.exec
def counting(source, *args, **kwargs):
    if isinstance(source, str) and source.startswith("def __create_fn__"):
        compiled.append(source)
    return real_exec(source, *args, **kwargs)
builtins.exec = counting
if sys.argv[1] != "-":
    from pathlib import Path
    from desktop import dataclass_code
    dataclass_code.use_cache(Path(sys.argv[1]))
from dataclasses import FrozenInstanceError, InitVar, dataclass, field

@dataclass(frozen=True, order=True)
class Point:
    x: int
    y: int = 0
    tags: tuple = field(default=(), compare=False)

@dataclass
class Bag:
    items: list = field(default_factory=list)
    seen: InitVar[int] = 0
    count: int = field(init=False, default=0)
    def __post_init__(self, seen):
        self.count = len(self.items) + seen

@dataclass(frozen=True, kw_only=True, slots=True)
class Named:
    name: str
    size: float = 1.5

@dataclass(eq=False, repr=False)
class Plain:
    value: object = None

said = [
    repr(Point(1)), Point(1, 2) == Point(1, 2, ("a",)), Point(1) < Point(2),
    hash(Point(3, 4)) == hash(Point(3, 4)), repr(Bag([1, 2], 5)), Bag([1]).count,
    repr(Named(name="n")), Named(name="a") == Named(name="a", size=1.5),
    Plain(1) == Plain(1), repr(Plain()).startswith("<__main__.Plain object"),
    str(Point.__init__.__annotations__), str(Named.__init__.__annotations__),
    Point.__init__.__code__.co_filename, Point.__eq__.__code__.co_flags,
]
try:
    Point(1).x = 5
except FrozenInstanceError as error:
    said.append(f"refused: {error}")
try:
    Named("positional")
except TypeError as error:
    said.append(f"refused: {error}")
if sys.argv[1] != "-":
    compiled.extend([None] * dataclass_code.compiled())
    dataclass_code.save_cache()
print("SAID", said)
print("COMPILED", len(compiled))
"""


def _run(cache: str) -> tuple[str, int]:
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT, cache],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    said = [line for line in result.stdout.splitlines() if line.startswith("SAID")]
    compiled = [line for line in result.stdout.splitlines() if line.startswith("COMPILED")]
    assert said and compiled, result.stdout + result.stderr
    return said[0], int(compiled[0].split()[1])


def test_methods_from_the_file_behave_as_compiled_ones_and_are_not_compiled_again(tmp_path):
    cache = tmp_path / "dataclass-code.cache"
    plain, compiled_plain = _run("-")
    first, compiled_first = _run(str(cache))  # compiles, and keeps the code
    again, compiled_again = _run(str(cache))
    assert first == plain and again == plain
    assert "refused: cannot assign to field 'x'" in plain
    assert compiled_first == compiled_plain > 10
    assert compiled_again == 0


def test_a_broken_file_is_compiled_around_and_written_again(tmp_path):
    cache = tmp_path / "dataclass-code.cache"
    plain, compiled_plain = _run("-")
    cache.write_bytes(b"\x00not marshal data")
    said, compiled = _run(str(cache))
    assert said == plain and compiled == compiled_plain
    assert _run(str(cache)) == (plain, 0)  # written again, whole


def test_code_changed_on_disk_is_never_run(tmp_path):
    # Marshal reads damaged code as long as its form holds; run, it could do anything
    # (crash Python). Here one text of Point's repr changed in the file: it goes unused.
    cache = tmp_path / "dataclass-code.cache"
    plain, compiled_plain = _run("-")
    _run(str(cache))
    data = cache.read_bytes()
    assert data.count(b"(x=") == 2  # in the method's text, then in its code
    at = data.rindex(b"(x=")
    cache.write_bytes(data[:at] + b"(z=" + data[at + 3 :])
    assert _run(str(cache)) == (plain, compiled_plain)
    assert _run(str(cache)) == (plain, 0)


def test_a_python_whose_dataclasses_differ_makes_its_methods_its_own_way(tmp_path):
    code = (
        "import dataclasses, sys\n"
        "from pathlib import Path\n"
        "def _create_fn(name, args, body, *, globals=None, locals=None, return_type=None,\n"
        "               frozen=False):\n"
        "    return real(name, args, body, globals=globals, locals=locals)\n"
        "real = dataclasses._create_fn\n"
        "dataclasses._create_fn = _create_fn\n"
        "from desktop import dataclass_code\n"
        "dataclass_code.use_cache(Path(sys.argv[1]))\n"
        "print('KEPT', dataclasses._create_fn is _create_fn)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path / "dataclass-code.cache")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert "KEPT True" in result.stdout, result.stdout + result.stderr


def test_texts_older_versions_left_go_once_the_file_is_full(tmp_path):
    # Every start reads the whole file: texts no version makes any more must not pile up.
    import importlib.util
    import marshal
    import zlib

    from desktop import dataclass_code

    cache = tmp_path / "dataclass-code.cache"
    stale = compile("pass", "<string>", "exec")
    old = {f"def __create_fn__():\n def old_{n}(): pass": stale for n in range(2001)}
    payload = marshal.dumps((importlib.util.MAGIC_NUMBER, old))
    cache.write_bytes(zlib.crc32(payload).to_bytes(4, "big") + payload)
    plain, compiled_plain = _run("-")

    assert _run(str(cache)) == (plain, compiled_plain)
    kept = dataclass_code._read(cache)
    assert len(kept) == compiled_plain and not set(kept) & set(old)
    assert _run(str(cache)) == (plain, 0)
