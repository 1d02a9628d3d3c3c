"""Dataclasses' generated methods, compiled once: Python 3.11 compiles each dataclass's
__init__, __repr__, __eq__ (and a frozen one's __hash__, __setattr__, __delattr__) from
source text as the class is made, ~0.1 ms a method and ~470 methods at the app's start.
Their code is kept in a file by that text and reused by the next start; a text not in it is
compiled as before."""

from __future__ import annotations

import dataclasses
import importlib.util
import logging
import marshal
import sys
import zlib
from pathlib import Path
from types import CodeType
from typing import Any

from desktop.atomic_write import write_atomically
from desktop.errors import FoebookError

log = logging.getLogger(__name__)

FILE_NAME = "dataclass-code.cache"
# Past this many texts the file keeps only those the run used (old versions' texts go).
# Every start reads the whole file: ~900 texts (all the app makes) read in ~6 ms.
MOST_KEPT = 2000
_MISSING = dataclasses.MISSING


class _Cache:
    def __init__(self, path: Path, codes: dict[str, CodeType]) -> None:
        self.path = path
        self.codes = codes
        self.used: set[str] = set()
        self.new: dict[str, CodeType] = {}

    def code(self, text: str) -> CodeType:
        found = self.codes.get(text)
        if found is None:
            # As dataclasses' own exec of the text compiles it: without this module's
            # `from __future__ import annotations` (the methods' annotations stay objects).
            found = compile(text, "<string>", "exec", dont_inherit=True)
            self.new[text] = self.codes[text] = found
        self.used.add(text)
        return found


_cache: _Cache | None = None


def _create_fn(name, args, body, *, globals=None, locals=None, return_type=_MISSING):
    # Python 3.11's dataclasses._create_fn, word for word, but for where the code comes from.
    if locals is None:
        locals = {}
    return_annotation = ""
    if return_type is not _MISSING:
        locals["_return_type"] = return_type
        return_annotation = "->_return_type"
    args = ",".join(args)
    body = "\n".join(f"  {b}" for b in body)
    txt = f" def {name}({args}){return_annotation}:\n{body}"
    local_vars = ", ".join(locals.keys())
    txt = f"def __create_fn__({local_vars}):\n{txt}\n return {name}"
    ns: dict[str, Any] = {}
    assert _cache is not None  # installed with the cache
    exec(_cache.code(txt), globals, ns)
    return ns["__create_fn__"](**locals)


def use_cache(path: Path) -> None:
    """From now on, dataclasses made take their methods' code from the file at `path`
    (missing or unreadable: compiled as usual); save_cache() writes what was compiled.
    Only on the Python whose dataclasses this module copies (3.11); elsewhere nothing."""
    global _cache
    if sys.version_info[:2] != (3, 11) or _cache is not None or not _copied_as_is():
        return
    _cache = _Cache(path, _read(path))
    setattr(dataclasses, "_create_fn", _create_fn)  # noqa: B010 (a private name)


def _copied_as_is() -> bool:
    """Whether dataclasses' _create_fn is still the one copied above (its arguments, and the
    names its code reads): a Python that changed it makes its methods as it always did."""
    code = getattr(getattr(dataclasses, "_create_fn", None), "__code__", None)
    if code is None:
        return False
    arguments = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    return arguments == _ARGUMENTS and set(code.co_names) == {"MISSING", "join", "keys", "exec"}


_ARGUMENTS = ("name", "args", "body", "globals", "locals", "return_type")


def compiled() -> int:
    """How many method texts this run compiled, not finding their code in the file."""
    return len(_cache.new) if _cache is not None else 0


def save_cache() -> None:
    """Write the file when this run compiled code it did not hold (the first start, a new
    version); a failure is logged, never raised: the next start compiles again."""
    cache = _cache
    if cache is None or not cache.new:
        return
    kept = cache.codes
    if len(kept) > MOST_KEPT:
        kept = {text: kept[text] for text in cache.used}
    payload = marshal.dumps((importlib.util.MAGIC_NUMBER, kept))
    try:
        write_atomically(cache.path, zlib.crc32(payload).to_bytes(4, "big") + payload)
    except FoebookError as error:
        log.warning("dataclass code not kept: %s", error)
        return
    cache.new.clear()


def _read(path: Path) -> dict[str, CodeType]:
    try:
        data = path.read_bytes()
        # Checked before anything in it is loaded: code damaged on disk could crash Python
        # as it runs (marshal checks the form of what it reads, not the code).
        if zlib.crc32(data[4:]) != int.from_bytes(data[:4], "big"):
            raise ValueError("damaged (its checksum differs)")
        magic, codes = marshal.loads(data[4:])
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, EOFError, TypeError) as error:
        log.warning("dataclass code file %s not read: %s", path, error)
        return {}
    if magic != importlib.util.MAGIC_NUMBER or not isinstance(codes, dict):
        return {}  # another Python's bytecode
    return {t: c for t, c in codes.items() if isinstance(t, str) and isinstance(c, CodeType)}
