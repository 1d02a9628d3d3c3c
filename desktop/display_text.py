"""Values shown to a person: shortened when a message echoes them, escaped for terminals."""

from __future__ import annotations

import reprlib
from collections.abc import Iterable
from typing import Any

# An error echoes at most this many characters of a bad value (a 5 MB value once gave a
# 5 MB error line).
SHOWN_CHARACTERS = 100

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 40
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4


def shown(value: Any) -> str:
    """`value` quoted for a message as Python writes it (control characters escaped), cut to
    about SHOWN_CHARACTERS characters; a long text also says how long it was."""
    # reprlib cuts containers and nesting as it goes.
    text = repr(value[: SHOWN_CHARACTERS + 1]) if isinstance(value, str) else _REPR.repr(value)
    if len(text) > SHOWN_CHARACTERS:
        text = text[:SHOWN_CHARACTERS] + "…"
    if isinstance(value, str) and len(value) > SHOWN_CHARACTERS:
        text += f" ({len(value):,} characters)"
    return text


def listed(names: Iterable[str], most: int = 20) -> str:
    """Known names for a message, sorted; a long list (the units of a big encounter) is cut."""
    names = sorted(names)
    if len(names) > most:
        return ", ".join(names[:most]) + f", … and {len(names) - most} more"
    return ", ".join(names) or "none"


def _escape(char: str) -> str:
    code = ord(char)
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(
        char, f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    )


# Characters a terminal acts on instead of showing: C0 and C1 controls (ESC starts escape
# sequences) and DEL, the line and paragraph separators, and the bidirectional overrides
# and isolates that make text read differently from what it is.
_UNSAFE = [
    *range(0x20),
    *range(0x7F, 0xA0),
    0x2028,
    0x2029,
    *range(0x202A, 0x202F),
    *range(0x2066, 0x206A),
]
_ESCAPES = {code: _escape(chr(code)) for code in _UNSAFE}
_LAYOUT_ESCAPES = {code: text for code, text in _ESCAPES.items() if chr(code) not in "\n\t"}
# json.dumps escapes C0 controls inside strings itself; its own newlines lay the text out.
_JSON_ESCAPES = {code: f"\\u{code:04x}" for code in _UNSAFE if code >= 0x20}


def terminal_safe(text: str, *, layout: bool = False) -> str:
    """`text` with every control character written as an escape (`\\x1b`, `\\n`), so
    nothing reaches the terminal that it would act on. With `layout`, newlines and tabs
    stay: for whole lines of output whose values were escaped already."""
    return text.translate(_LAYOUT_ESCAPES if layout else _ESCAPES)


def json_terminal_safe(text: str) -> str:
    """JSON text (from json.dumps) with the control characters it leaves raw (DEL, C1,
    separators, bidi overrides) as `\\uXXXX` escapes: still the same JSON, safe to print."""
    return text.translate(_JSON_ESCAPES)
