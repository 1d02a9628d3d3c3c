"""Qt's enums made the quick way. PySide makes a Qt class's Python type, with every enum it
declares, the first time Python names the class, through `enum`'s functional API:
`IntEnum("AlignmentFlag", [("AlignLeft", 1), ...])`. Python 3.11 builds each member of such
a class through the class-body machinery (`_EnumDict.__setitem__`, `__set_name__`), ~10 µs a
member, and the app's window names ~250 Qt enums with ~3,300 members before its first paint:
15% of the whole start's instructions.

`enum._simple_enum` is the standard library's own quick way to make an enum: it makes the
class as a plain `type(...)` and sets each member on it, skipping the class-body machinery.
This module makes the plain case of the functional API that way (names and int values in a
list of pairs, no name twice, on Enum, IntEnum, Flag or IntFlag itself), in _simple_enum's
steps but for what those cases never need: the member itself is put on the class (where
_simple_enum puts a redirect to it, a Python __get__ on every `Qt.AlignmentFlag.AlignLeft`,
and where the class-body way puts the member), Enum's no-op __init__ is not called, and no
docstring is made up (the class-body way makes none). The `Qt` namespace's 93 enums take 7 ms
so, against 15 ms by _simple_enum and 26 ms the class-body way. Anything else is made as
before. tests/desktop/test_quick_enums.py checks every enum PySide makes, described in full,
against the class-body way's."""

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
_is_single_bit: Any = vars(enum).get("_is_single_bit")  # private to enum, hence read so


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
    return _make(cls, class_name, body, module, qualname, boundary)


def _make(
    base: Any, class_name: str, members: dict[str, int], module: str, qualname: Any, boundary: Any
) -> Any:
    """The enum class _simple_enum(base) makes of a class holding `members`, with each member
    itself on the class and no docstring made up."""
    new_member = base._member_type_.__new__
    use_args = base._use_args_
    member_names: list[str] = []
    member_map: dict[str, Any] = {}
    value2member_map: dict[int, Any] = {}
    body: dict[str, Any] = {
        "_new_member_": new_member,
        "_use_args_": use_args,
        "_generate_next_value_": base._generate_next_value_,
        "_member_names_": member_names,
        "_member_map_": member_map,
        "_value2member_map_": value2member_map,
        "_unhashable_values_": [],
        "_member_type_": base._member_type_,
        "_value_repr_": base._value_repr_,
    }
    flag = issubclass(base, enum.Flag)
    if flag:
        body["_boundary_"] = boundary or base._boundary_
        for name in ("_flag_mask_", "_all_bits_", "_singles_mask_", "_inverted_"):
            body[name] = None
        for name in ("__or__", "__xor__", "__and__", "__invert__"):
            body[name] = vars(enum.Flag)[name]
        for name in ("__ror__", "__rxor__", "__rand__"):
            body[name] = vars(enum.Flag)[name]
    body["__module__"] = module
    if qualname is not None:
        body["__qualname__"] = qualname
    made: Any = builtins.type(class_name, (base,), body, boundary=boundary, _simple=True)
    setattr_ = builtins.type.__setattr__
    # As _simple_enum: the base's own texts and pickling, where the member type's or
    # object's would otherwise be found first.
    for name in ("__repr__", "__str__", "__format__", "__reduce_ex__"):
        if getattr(made, name) in (getattr(base._member_type_, name), getattr(object, name)):
            setattr_(made, name, getattr(base, name))
    single_bits = multi_bits = 0
    for name, value in members.items():
        member = value2member_map.get(value)
        if member is None:  # else an alias: the name maps to the member of its value
            member = new_member(made, value) if use_args else new_member(made)
            member._value_ = value
            member._name_ = name
            member.__objclass__ = made
            member._sort_order_ = len(member_names)
            value2member_map[value] = member
            # A flag's multi-bit values are named aliases, not listed members.
            if not flag or _is_single_bit(value):
                member_names.append(name)
                single_bits |= value
            else:
                multi_bits |= value
        member_map[name] = member
        setattr_(made, name, member)
    if flag:
        made._flag_mask_ = single_bits | multi_bits
        made._singles_mask_ = single_bits
        made._all_bits_ = 2 ** ((single_bits | multi_bits).bit_length()) - 1
        in_order = [member._value_ for member in made]
        if in_order != sorted(in_order):
            made._iter_member_ = made._iter_member_by_def_
    made.__new__ = enum.Enum.__new__
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
    if sys.version_info[:2] != (3, 11) or _is_single_bit is None:
        return False
    # The members' __init__ this module leaves uncalled does nothing; EnumType makes a class
    # as _simple_enum asks it to.
    if any(base.__init__ is not enum.Enum.__init__ for base in _TAKEN):
        return False
    if "_simple" not in enum.EnumType.__new__.__code__.co_varnames:
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
