"""Qt's enums made the quick way. PySide makes a Qt class's Python type, with every enum it
declares, the first time Python names the class, through `enum`'s functional API:
`IntEnum("AlignmentFlag", [("AlignLeft", 1), ...])`. Python 3.11 builds each member of such
a class through the class-body machinery (`_EnumDict.__setitem__`, `__set_name__`), ~10 µs a
member, and the app's window names ~250 Qt enums with ~3,300 members before its first paint:
about a tenth of the whole start.

`enum._simple_enum` is the standard library's own quick way to make an enum (its modules'
enums are made by it, checked against the class-body way by `enum._test_simple_enum`). This
module routes the plain case of the functional API through it: names and int values in a
list of pairs, no name twice, on Enum, IntEnum, Flag or IntFlag itself. Anything else is made
as before. tests/desktop/test_quick_enums.py checks every enum PySide makes against the
class-body way."""

from __future__ import annotations

import builtins
import contextlib
import enum
import sys
from typing import Any

# Per base: every name in its classes' namespaces. A member named as one of them (`name`,
# `value`, `conjugate`) the class-body way may put behind a redirect; such enums, and
# _sunder_, __dunder__ and private names, are left to it.
_TAKEN = {
    base: frozenset(name for kind in base.__mro__ for name in vars(kind))
    for base in (enum.Enum, enum.IntEnum, enum.Flag, enum.IntFlag)
}
_original_create: Any = None
_simple_enum: Any = vars(enum).get("_simple_enum")  # private to enum, hence read so


def _plain_members(cls: Any, names: Any) -> dict[str, int] | None:
    """`names` as a dict when the quick way makes the same class from them, else None."""
    taken = _TAKEN.get(cls)
    if taken is None or names.__class__ is not list:
        return None
    members: dict[str, int] = {}
    for item in names:
        if item.__class__ is not tuple or len(item) != 2:
            return None
        name, value = item
        if (
            name.__class__ is not str
            or value.__class__ is not int
            or name[:1] == "_"
            or name in taken
            or name in members
        ):
            return None
        members[name] = value
    return members


def _create_(
    cls: Any,
    class_name: str,
    names: Any = None,
    *,
    module: str | None = None,
    qualname: str | None = None,
    type: Any = None,  # enum's own keyword
    start: int = 1,
    boundary: Any = None,
) -> Any:
    if module is None:
        # As _create_ itself: the module of the code that asked (two frames up: this
        # function, then EnumType.__call__), where pickle looks the class up. Found here
        # for the original too, which would look one frame short, at EnumType.__call__.
        # (With no such frame, it finds `enum` where it would have found none.)
        with contextlib.suppress(AttributeError, ValueError, KeyError):
            module = sys._getframe(2).f_globals["__name__"]
    body = _plain_members(cls, names) if type is None else None
    if body is None or module is None:
        return _original_create(
            cls,
            class_name,
            names,
            module=module,
            qualname=qualname,
            type=type,
            start=start,
            boundary=boundary,
        )
    namespace: dict[str, Any] = {**body, "__module__": module}
    if qualname is not None:
        namespace["__qualname__"] = qualname
    made = _simple_enum(cls, boundary=boundary)(builtins.type(class_name, (), namespace))
    # _simple_enum leaves each member behind a descriptor on the class (a Python __get__ on
    # every `Qt.AlignmentFlag.AlignLeft`); the class-body way puts the member itself there.
    # It also gives a class without a docstring enum's default one; the class-body way
    # leaves none.
    setattr_ = builtins.type.__setattr__
    for name, member in made._member_map_.items():
        setattr_(made, name, member)
    setattr_(made, "__doc__", None)
    return made


def install() -> None:
    """Enums made through the functional API from now on take the quick way when plain.
    Only on the Python whose `enum` this module was checked against (3.11), whose _create_
    is still the one it replaces; elsewhere nothing changes."""
    global _original_create
    if _original_create is not None or not _is_checked_python():
        return
    _original_create = vars(enum.EnumType)["_create_"]
    setattr(enum.EnumType, "_create_", _create_)  # noqa: B010 (a private name)


def _is_checked_python() -> bool:
    if sys.version_info[:2] != (3, 11) or _simple_enum is None:
        return False
    code = getattr(vars(enum.EnumType).get("_create_"), "__code__", None)
    if code is None:
        return False
    arguments = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    return arguments == _ARGUMENTS


_ARGUMENTS = (
    "cls",
    "class_name",
    "names",
    "module",
    "qualname",
    "type",
    "start",
    "boundary",
)
