"""Where a key of a rule pack is written: line numbers for messages (tomllib keeps none)."""

from __future__ import annotations

import re


class PackLines:
    """Finds the line of a table, of the n-th entry of an array of tables, and of a key in
    either, in the pack's text."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        # Every header's line, by its parts and brackets: read once, on the first question
        # (a pack read without a problem asks many, one per key of each entry).
        self._headers: dict[tuple[tuple[str, ...], bool], list[int]] | None = None

    def _header(self, name: str, double: bool, index: int = 0) -> int | None:
        """0-based line of the `index`-th `[name]` (or `[[name]]`) header."""
        if self._headers is None:
            self._headers = {}
            for i, line in enumerate(self.lines):
                found = _HEADER.match(line)
                if found and len(found["open"]) == len(found["close"]):
                    parts = tuple(q or b for q, b in _PART.findall(found["name"]))
                    self._headers.setdefault((parts, found["open"] == "[["), []).append(i)
        lines = self._headers.get((tuple(_split(name)), double), [])
        return lines[index] if index < len(lines) else None

    def _key(self, key: str, start: int) -> int | None:
        # Compared as text, not by a pattern made for the key: a pack read without a problem
        # asks for every key of every entry as it loads (compiling a pattern for each: ~0.5 ms).
        forms = (key, f'"{key}"')
        for i in range(start, len(self.lines)):
            line = self.lines[i].lstrip()
            if i > start and line.startswith("["):
                return None
            if any(line.startswith(f) and line[len(f) :].lstrip().startswith("=") for f in forms):
                return i + 1
        return None

    def top(self, key: str) -> int | None:
        """A top-level key, or a table of that name."""
        found = self._key(key, 0) if not re.match(r"\s*\[", self.lines[0]) else None
        if found is None:
            for i, line in enumerate(self.lines):  # before the first table only
                if re.match(r"\s*\[", line):
                    break
                if re.match(rf"\s*{re.escape(key)}\s*=", line):
                    return i + 1
            header = self._header(key, False)
            return None if header is None else header + 1
        return found

    def in_table(self, table: str, key: str | None = None) -> int | None:
        start = self._header(table, False)
        if start is None:
            # an inline table or a dotted key: the line of its first part
            return self.top(_split(table)[0])
        if key is None:
            return start + 1
        return self._key(key, start) or start + 1

    def in_entry(self, array: str, index: int, key: str | None = None) -> int | None:
        start = self._header(array, True, index)
        if start is None:
            return self.top(_split(array)[0])
        if key is None:
            return start + 1
        return self._key(key, start) or start + 1


_PART_TEXT = r'"[^"]*"|[^\s."\]]+'
# A table's header: `[a."b".c]` or `[[a.b]]`, spaces allowed around its parts and dots.
_HEADER = re.compile(
    rf"\s*(?P<open>\[\[?)\s*(?P<name>(?:{_PART_TEXT})(?:\s*\.\s*(?:{_PART_TEXT}))*)\s*(?P<close>\]\]?)"
)
_PART = re.compile(r'"([^"]*)"|([^\s."\]]+)')


def _split(name: str) -> list[str]:
    """`terrain."+"` → ["terrain", "+"]; `ai_types.zombie.rules` → its three parts."""
    return [p.strip('"') for p in re.findall(r'"[^"]*"|[^.]+', name)]
