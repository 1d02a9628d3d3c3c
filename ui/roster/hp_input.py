"""What a player types into the HP cell ("-3", "+2", "=7", "7", "=7/10") as a tracker command."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from desktop.engine.ruleset import Ruleset
from desktop.engine.units import Unit
from desktop.tracker.errors import TrackerError
from desktop.tracker.session import MeantFor
from desktop.tracker.state import TrackerState

if TYPE_CHECKING:  # commands load when first made, not to show a session at start
    from desktop.tracker.commands import Command

# Typographic minus and plus signs arrive from some keyboards and from copy-paste.
_SIGNS = str.maketrans({"−": "-", "–": "-", "＋": "+", "＝": "="})
_CHANGE = re.compile(r"(?P<sign>[-+])\s*(?P<amount>\d+)\Z")
# A sign alone is one point, repeated signs one each: "-" then Enter on a roster row is the
# quick 1 damage it always was, and "--" is 2.
_SIGNS_ONLY = re.compile(r"(?P<signs>-+|\++)\Z")
_SET = re.compile(r"=?\s*(?P<hp>-?\d+)\s*(?:/\s*(?P<max>-?\d+))?\Z")

# Damage and who dealt it: "-3 Aria", "-3 from Aria", "- by aria" (a name, its start, or an id).
_FROM = re.compile(r"(?P<damage>-+|-\s*\d+)\s*(?:(?:from|by)\s+)?(?P<who>[^\W\d_].*)\Z", re.I)

HELP = (
    "type -3 for 3 damage, +2 to heal 2, or =7 (or just 7) to set HP to 7; "
    "=7/10 also sets max HP; - alone is 1 damage, + alone heals 1; "
    "-3 Aria says who dealt the damage"
)


class HpInputError(ValueError):
    """The typed text is not an HP change; the message says what would be."""


def parse_hp_input(text: str, unit: Unit, names: Mapping[str, str] | None = None) -> Command:
    """`names`: the units that can deal damage, id -> the name the table shows (for "-3 Aria")."""
    from desktop.tracker.commands import Damage, Heal, SetHp

    raw = (text or "").strip().translate(_SIGNS)
    if not raw:
        raise HpInputError(f"{unit.name}: nothing typed for HP; {HELP}")
    dealt = _FROM.match(raw)
    if dealt:
        damage = parse_hp_input(dealt["damage"], unit)
        assert isinstance(damage, Damage)
        source = _attacker(dealt["who"].strip(), unit, names or {})
        return Damage(unit.id, damage.amount, source)
    signs = _SIGNS_ONLY.match(raw)
    if signs:
        amount = len(signs["signs"])
        return Damage(unit.id, amount) if raw[0] == "-" else Heal(unit.id, amount)
    change = _CHANGE.match(raw)
    if change:
        amount = int(change["amount"])
        if change["sign"] == "-":
            return Damage(unit.id, amount)
        return Heal(unit.id, amount)
    setting = _SET.match(raw)
    if setting:
        max_hp = int(setting["max"]) if setting["max"] is not None else None
        return SetHp(unit.id, int(setting["hp"]), max_hp)
    raise HpInputError(f"{unit.name}: '{text.strip()}' is not an HP change; {HELP}")


def _attacker(typed: str, unit: Unit, names: Mapping[str, str]) -> str:
    """The unit `typed` names: its whole name or id, else the one name starting with it."""
    others = {i: n for i, n in names.items() if i != unit.id}
    low = typed.casefold()
    exact = [i for i, n in others.items() if low in (n.casefold(), i.casefold())]
    starting = [i for i, n in others.items() if n.casefold().startswith(low)]
    found = exact or starting
    if len(found) == 1:
        return found[0]
    listed = ", ".join(sorted(others.values())) or "none"
    if found:
        which = ", ".join(sorted(others[i] for i in found))
        raise HpInputError(
            f"{unit.name}: '{typed}' could be {which}; type more of the name of who dealt it"
        )
    raise HpInputError(
        f"{unit.name}: no unit is called '{typed}' to have dealt the damage (units: {listed})"
    )


@dataclass(frozen=True)
class HpEntry:
    """Text typed into an HP cell, and whether its unit stood (was not defeated) when the cell
    opened: an entry typed for a standing unit is not meant for a defeated one."""

    text: str
    typed_for_standing: bool = False


def still_standing(ruleset: Ruleset, unit: Unit, typed: str) -> MeantFor:
    """The check that `unit` is still there and not defeated when what was typed for it is
    applied (another window may have removed or defeated it meanwhile)."""
    typed = typed.strip()

    def check(state: TrackerState) -> None:
        if not state.encounter.has_unit(unit.id):
            raise TrackerError(
                f"{unit.name} was removed in another window while you typed '{typed}'; "
                "nothing was applied"
            )
        if ruleset.is_defeated(state.encounter.unit(unit.id)):
            raise TrackerError(
                f"{unit.name} was defeated in another window while you typed '{typed}'; "
                "nothing was applied (type it again to apply it anyway)"
            )

    return check
