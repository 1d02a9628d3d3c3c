"""Engine-level errors with a user-facing message."""

from __future__ import annotations

from desktop.errors import FoebookError


class RulesError(FoebookError):
    """A state or request the rules cannot evaluate (unknown unit, not an enemy, ...)."""
