"""Reading and writing a user's TOML file (encounter files, monster books): the text within a
size limit, the line of a key for messages (tomllib keeps none), one check per kind of value,
each refusing with a message that names the field, and values written back as TOML."""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from desktop.display_text import listed, shown
from desktop.engine.limits import (
    INT_MAX,
    INT_MIN,
    MAX_FILE_BYTES,
    MAX_ID_LENGTH,
    MAX_LIST_ITEMS,
    MAX_NAME_LENGTH,
)
from desktop.errors import FoebookError

E = TypeVar("E", bound=FoebookError)
# `fail(field, message)` builds the error for one field of the place being read.
Fail = Callable[[str, str], FoebookError]


def read_limited(path: Path, error: type[E], what: str) -> str:
    """The UTF-8 text of the file at `path`, at most MAX_FILE_BYTES; `error` (naming the file)
    when it is missing, unreadable, too big or not UTF-8. `what`: "an encounter file"."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise too_big(str(path), size, error, what)
        with path.open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)  # bounded, should the file grow meanwhile
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except IsADirectoryError:
        raise error(f"{path}: is a directory, not {what}") from None
    except OSError as problem:
        raise error(f"{path}: cannot be read ({problem.strerror})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise too_big(str(path), len(raw), error, what)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise error(
            f"{path}: not UTF-8 text (byte {problem.start}); save the file as UTF-8"
        ) from None


def too_big(source: str, size: int, error: type[E], what: str) -> E:
    return error(
        f"{source}: the file is {size:,} bytes; {what} may be at most "
        f"{MAX_FILE_BYTES // (1024 * 1024)} MB ({MAX_FILE_BYTES:,} bytes)"
    )


def parse_toml(text: str, source: str, error: type[E], what: str) -> dict[str, Any]:
    """The TOML document in `text`; `error` saying what is wrong with it otherwise."""
    if len(text) > MAX_FILE_BYTES or len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise too_big(source, len(text.encode("utf-8")), error, what)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise error(f"{source}: not valid TOML: {problem}") from None
    except RecursionError:
        # tomllib reads nested arrays and inline tables recursively.
        raise error(f"{source}: not valid TOML: arrays or tables are nested too deeply") from None
    except ValueError:
        # Python refuses to convert integers of more than 4300 digits.
        raise error(
            f"{source}: not valid TOML: a number has too many digits "
            f"(numbers are at most {INT_MAX})"
        ) from None


class Locator:
    """Finds line numbers in the raw text for error messages (tomllib does not keep them)."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self._headers: dict[str, list[int]] = {}

    def key_line(self, key: str, start: int = 0, stop: int | None = None) -> int | None:
        """The 1-based line where `key = ...` is first written between lines `start` and
        `stop` (0-based)."""
        if len(key) > MAX_ID_LENGTH:  # not a key of the format: no line worth looking for
            return None
        pattern = re.compile(rf"\s*{re.escape(key)}\s*=")
        for i in range(start, len(self.lines) if stop is None else stop):
            if pattern.match(self.lines[i]):
                return i + 1
        return None

    def table_line(self, name: str) -> int | None:
        pattern = re.compile(rf"\s*\[\s*{re.escape(name)}\s*\]")
        for i, line in enumerate(self.lines):
            if pattern.match(line):
                return i
        return None

    def entry_line(self, array: str, index: int, key: str | None = None) -> int | None:
        """The line of `key` in the `index`-th `[[array]]` table (its header when the key is
        not written there)."""
        headers = self._headers.get(array)
        if headers is None:
            header = re.compile(rf"\s*\[\[\s*{re.escape(array)}\s*\]\]")
            headers = self._headers[array] = [
                i for i, line in enumerate(self.lines) if header.match(line)
            ]
        if index >= len(headers):
            return None
        start = headers[index]
        # The entry ends at the next table header, but for its own sub-tables ([types.elite]).
        own = re.compile(rf"\s*\[\s*{re.escape(array)}\.")
        stop = next(
            (
                i
                for i in range(start + 1, len(self.lines))
                if re.match(r"\s*\[", self.lines[i]) and not own.match(self.lines[i])
            ),
            len(self.lines),
        )
        if key is None:
            return start + 1
        found = self.key_line(key, start, stop)
        if found is None and "." in key:  # `elite.hp` written as `hp` under [types.elite]
            prefix, rest = key.rsplit(".", 1)
            sub = re.compile(rf"\s*\[\s*{re.escape(array)}\.{re.escape(prefix)}\s*\]")
            at = next((i for i in range(start, stop) if sub.match(self.lines[i])), None)
            if at is not None:
                end = next(
                    (i for i in range(at + 1, stop) if re.match(r"\s*\[", self.lines[i])), stop
                )
                found = self.key_line(rest, at, end)
        return found or start + 1


# -- one check per kind of value, used for every field --------------------------------------


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def check_text(value: Any, field: str, fail: Fail, limit: int = MAX_NAME_LENGTH) -> str:
    if not isinstance(value, str):
        raise fail(field, f"is {shown(value)}; expected a text")
    if "\x00" in value:
        # PostgreSQL cannot store it, and no table needs it.
        raise fail(field, "contains a NUL character (\\x00); remove it")
    if len(value) > limit:
        raise fail(field, f"is {len(value):,} characters long; at most {limit} are allowed")
    return value


def check_whole(value: Any, field: str, fail: Fail, low: int = INT_MIN, high: int = INT_MAX) -> int:
    if not is_int(value):
        raise fail(field, f"is {shown(value)}; expected a whole number")
    if not low <= value <= high:
        raise fail(field, f"is {shown(value)}; expected a whole number from {low} to {high}")
    return value


def check_number(
    value: Any, field: str, fail: Fail, low: float = INT_MIN, high: float = INT_MAX
) -> float:
    if not is_number(value):
        raise fail(field, f"is {shown(value)}; expected a number")
    if isinstance(value, float) and not math.isfinite(value):
        raise fail(field, f"is {value}; expected a finite number")
    if not low <= value <= high:
        raise fail(field, f"is {shown(value)}; expected a number from {low} to {high}")
    return value


def check_choice(value: Any, field: str, fail: Fail, known, what: str, scope: str = "") -> str:
    """One of `known` (AI types, statuses, phases...); `what` names them in the message."""
    check_text(value, field, fail, MAX_ID_LENGTH)
    if value not in known:
        raise fail(field, f"unknown {what} {shown(value)}{scope} (known: {listed(known)})")
    return value


def check_list(value: Any, field: str, fail: Fail, most: int = MAX_LIST_ITEMS) -> list:
    if not isinstance(value, list):
        raise fail(field, f"is {shown(value)}; expected a list")
    if len(value) > most:
        raise fail(field, f"{len(value):,} items; at most {most} are allowed")
    return value


def check_text_list(value: Any, field: str, fail: Fail, limit: int = MAX_NAME_LENGTH) -> list[str]:
    items = check_list(value, field, fail)
    if not all(isinstance(v, str) for v in items):
        raise fail(field, 'expected a list of texts such as ["stunned"]')
    return [check_text(v, field, fail, limit) for v in items]


def check_table(value: Any, field: str, fail: Fail, example: str) -> dict:
    if not isinstance(value, dict):
        raise fail(field, f"is {shown(value)}; expected a table such as {example}")
    return value


# -- writing ---------------------------------------------------------------------------------

# TOML basic strings may hold no raw control character but tab; every one is escaped.
_TOML_ESCAPES = {
    0x5C: "\\\\",
    0x22: '\\"',
    0x08: "\\b",
    0x09: "\\t",
    0x0A: "\\n",
    0x0C: "\\f",
    0x0D: "\\r",
}
_TOML_ESCAPES |= {
    code: f"\\u{code:04X}" for code in (*range(0x20), 0x7F) if code not in _TOML_ESCAPES
}


def toml_value(value: Any) -> str:
    """`value` written as TOML (texts escaped, lists and tables inline)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.translate(_TOML_ESCAPES) + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict | MappingProxyType):
        if not value:
            return "{}"
        pairs = (f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items())
        return "{ " + ", ".join(pairs) + " }"
    raise TypeError(f"cannot write {value!r} to TOML")


def toml_key(key: str) -> str:
    """A key as TOML writes it: bare when it may be, quoted otherwise."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else toml_value(key)
