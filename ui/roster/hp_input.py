"""What a player types into the HP cell ("-3", "+2", "=7", "7", "=7/10") as a tracker command."""

from __future__ import annotations

import re
from dataclasses import dataclass

from desktop.engine.ruleset import Ruleset
from desktop.engine.units import Unit
from desktop.tracker.commands import Command, Damage, Heal, SetHp
from desktop.tracker.errors import TrackerError
from desktop.tracker.session import MeantFor
from desktop.tracker.state import TrackerState

# Typographic minus and plus signs arrive from some keyboards and from copy-paste.
_SIGNS = str.maketrans({"−": "-", "–": "-", "＋": "+", "＝": "="})
_CHANGE = re.compile(r"(?P<sign>[-+])\s*(?P<amount>\d+)\Z")
# A sign alone is one point, repeated signs one each: "-" then Enter on a roster row is the
# quick 1 damage it always was, and "--" is 2.
_SIGNS_ONLY = re.compile(r"(?P<signs>-+|\++)\Z")
_SET = re.compile(r"=?\s*(?P<hp>-?\d+)\s*(?:/\s*(?P<max>-?\d+))?\Z")

HELP = (
    "type -3 for 3 damage, +2 to heal 2, or =7 (or just 7) to set HP to 7; "
    "=7/10 also sets max HP; - alone is 1 damage, + alone heals 1"
)


class HpInputError(ValueError):
    """The typed text is not an HP change; the message says what would be."""


def parse_hp_input(text: str, unit: Unit) -> Command:
    raw = (text or "").strip().translate(_SIGNS)
    if not raw:
        raise HpInputError(f"{unit.name}: nothing typed for HP; {HELP}")
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
