"""One check per kind of value a user typed or wrote in a file (a text, a whole number, one of
some names, a list, a table), each refusing through the caller's `fail(field, message)` so the
message names the field and, in a file, its line."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from typing import Any

from desktop.display_text import listed, shown
from desktop.engine.limits import INT_MAX, INT_MIN, MAX_ID_LENGTH, MAX_LIST_ITEMS, MAX_NAME_LENGTH
from desktop.errors import FoebookError

# `fail(field, message)` builds the error for one field of the place being read.
Fail = Callable[[str, str], FoebookError]


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
    return int(value)


def check_number(
    value: Any, field: str, fail: Fail, low: float = INT_MIN, high: float = INT_MAX
) -> float:
    if not is_number(value):
        raise fail(field, f"is {shown(value)}; expected a number")
    if isinstance(value, float) and not math.isfinite(value):
        raise fail(field, f"is {value}; expected a finite number")
    if not low <= value <= high:
        raise fail(field, f"is {shown(value)}; expected a number from {low} to {high}")
    return float(value) if isinstance(value, float) else int(value)


def check_choice(
    value: Any, field: str, fail: Fail, known: Collection[str], what: str, scope: str = ""
) -> str:
    """One of `known` (AI types, statuses, phases...); `what` names them in the message."""
    check_text(value, field, fail, MAX_ID_LENGTH)
    if value not in known:
        raise fail(field, f"unknown {what} {shown(value)}{scope} (known: {listed(known)})")
    return str(value)


def check_list(value: Any, field: str, fail: Fail, most: int = MAX_LIST_ITEMS) -> list[Any]:
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


def check_table(value: Any, field: str, fail: Fail, example: str) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise fail(field, f"is {shown(value)}; expected a table such as {example}")
    return value


def check_words(
    value: Any, field: str, fail: Fail, known: Collection[str], what: str
) -> tuple[str, ...]:
    """A list of names, each one of `known` (`what` names them in the message), each once."""
    words = check_text_list(value, field, fail, MAX_ID_LENGTH)
    for word in words:
        if word not in known:
            raise fail(field, f"unknown {what} {shown(word)} (known: {listed(known)})")
    return tuple(dict.fromkeys(words))
