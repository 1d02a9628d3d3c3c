"""Values checked against the columns they go into, so every backend gives the same answer.

SQLite keeps anything in any column; PostgreSQL refuses integers beyond 32 bits,
strings longer than their column, NUL characters, and NaN or infinity inside JSON.
Checking before writing makes both refuse the same values with one clear message,
and the caller's transaction makes sure nothing of the change was written.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from sqlalchemy import JSON, Integer, String, Table

from db.errors import UnstorableValueError

INT_MIN, INT_MAX = -(2**31), 2**31 - 1
SHOWN = 40  # characters of a refused name shown in the message


def shown(text: str) -> str:
    """A name as it can be printed in a one-line message."""
    text = text.replace("\x00", "\\0")
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"


def _text_problem(text: str) -> str | None:
    if "\x00" in text:
        return "contains a NUL character"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no database encoding can hold it
        return "contains a character that is not valid text (a lone surrogate)"
    return None


def _json_problem(value: Any) -> str | None:
    if isinstance(value, float) and not math.isfinite(value):
        return f"contains {value}, which the database cannot store"
    if isinstance(value, str):
        return _text_problem(value)
    if isinstance(value, Mapping):
        return next((p for item in value.items() for p in map(_json_problem, item) if p), None)
    if isinstance(value, list | tuple):
        return next((p for p in map(_json_problem, value) if p), None)
    return None


def _problem(column_type: Any, value: Any) -> str | None:
    if isinstance(column_type, JSON):
        return _json_problem(value)
    if isinstance(column_type, Integer):
        if isinstance(value, float):
            return f"is {value}, not a whole number"
        if isinstance(value, int) and not INT_MIN <= value <= INT_MAX:
            return f"is {value}, beyond what the database keeps (at most {INT_MAX:,})"
        return None
    if isinstance(value, str):
        if (problem := _text_problem(value)) is not None:
            return problem
        length = getattr(column_type, "length", None)
        if isinstance(column_type, String) and length is not None and len(value) > length:
            return f"is {len(value)} characters long; at most {length} fit"
    return None


def check_values(table: Table, values: Mapping[str, Any], what: str) -> None:
    """Raise UnstorableValueError naming `what` and the column when a value does not fit."""
    for name, value in values.items():
        column = table.c.get(name)
        if column is None or value is None:
            continue
        problem = _problem(column.type, value)
        if problem is not None:
            raise UnstorableValueError(
                f"{what}: {name.replace('_', ' ')} {problem}; nothing of it was saved"
            )
