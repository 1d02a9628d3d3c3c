"""Reading and writing a user's TOML file (encounter files, monster books): the text within a
size limit, the line of a key for messages (tomllib keeps none) and values written back as
TOML. The checks of each value are desktop.engine.value_checks, re-exported here."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from desktop.engine.limits import INT_MAX, MAX_FILE_BYTES, MAX_ID_LENGTH
from desktop.engine.value_checks import (
    Fail,
    check_choice,
    check_list,
    check_number,
    check_table,
    check_text,
    check_text_list,
    check_whole,
    is_int,
    is_number,
)
from desktop.errors import FoebookError

E = TypeVar("E", bound=FoebookError)
__all__ = [
    "Fail",
    "Locator",
    "check_choice",
    "check_list",
    "check_number",
    "check_table",
    "check_text",
    "check_text_list",
    "check_whole",
    "is_int",
    "is_number",
    "parse_toml",
    "read_limited",
    "toml_key",
    "toml_value",
]


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
