"""On/off settings read from the settings file, which a person may have edited by hand: a
value that says neither on nor off counts as the setting's default (and is logged), never as
on, as Qt's own reading of any other text would have it."""

from __future__ import annotations

import logging

from PySide6.QtCore import QSettings

log = logging.getLogger(__name__)

# "I roll physical dice" as last chosen: what a new session starts with (each session then
# keeps its own choice, SessionDice.physical).
PHYSICAL_DICE = "dice/physical"

_ON = {"true", "1", "yes", "on"}
_OFF = {"false", "0", "no", "off"}


def setting_flag(key: str, default: bool, settings: QSettings | None = None) -> bool:
    """The flag stored under `key` (in the settings' current group), or `default`."""
    value = (settings or QSettings()).value(key)
    if value is None:
        return default
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in _ON:
        return True
    if text in _OFF:
        return False
    log.warning(
        "setting %s=%r is neither true nor false; using %s", key, value, str(default).lower()
    )
    return default
