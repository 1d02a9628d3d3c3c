"""Engine-level errors with a user-facing message, and naming a plug-in whose code failed."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from desktop.errors import FoebookError


class RulesError(FoebookError):
    """A state or request the rules cannot evaluate (unknown unit, not an enemy, ...)."""


class PluginError(RulesError):
    """A rule system plug-in's own code failed (it raised, or never finished)."""


@dataclass(frozen=True)
class PluginOrigin:
    """Where a plug-in rule system comes from, to name it when its code fails."""

    ruleset: str
    factory: str  # "module:function"
    distribution: str  # the installed package that registers it

    def describe(self) -> str:
        return f"rule system plug-in '{self.ruleset}' ({self.factory}, from {self.distribution})"

    def failed(self, error: BaseException, doing: str) -> PluginError:
        return PluginError(f"the {self.describe()} failed {doing}: {self.raised_where(error)}")

    def raised_where(self, error: BaseException) -> str:
        """The error and the plug-in's own line it came from (the innermost frame in the
        plug-in's package; else where it was raised), for its author; no traceback."""
        import traceback  # only for a failing plug-in: deciding never needs it

        text = f"{type(error).__name__}: {error}"
        frames = traceback.extract_tb(error.__traceback__)
        own = [f for f in frames if self._is_own(f.filename)]
        frame = own[-1] if own else frames[-1] if frames else None
        if frame is not None:
            text += f" (at {frame.filename}, line {frame.lineno})"
        return text

    def _is_own(self, filename: str) -> bool:
        module = sys.modules.get(self.factory.partition(":")[0].partition(".")[0])
        location = getattr(module, "__file__", None)
        if not location:
            return False
        place = Path(location)
        if place.name == "__init__.py":  # a package: any file in its folder
            return Path(filename).is_relative_to(place.parent)
        return Path(filename) == place
