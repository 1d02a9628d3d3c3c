"""When status markers leave a unit: the expiry vocabulary of `StatusSpec.expires`.

A ruleset's TOML gives each status an `expires` value: one of the words below,
or several separated by commas, spaces or "|" (a list also works). The marker
is removed the first time any of its triggers happens:

- ``never``: stays until removed by hand (the default).
- ``on-activation``: when the unit's activation starts (the pointer reaches it).
- ``after-activation``: when the unit's activation ends (the pointer moves past it).
- ``after-next-activation``: when the unit's next activation ends: a marker gained during
  the unit's own activation lasts through its following one ("until the end of its next
  turn").
- ``end-of-round``: when the next round starts.
- ``end-of-turn``: the same moment; in a ruleset with phases already when the turn is over
  (every unit has acted in the last phase), so the other side's turn that follows before
  the next round does not see it.
- ``end-of-phase``: when the phase changes (a new phase is set, or a new round begins), and
  when the turn is over.
- ``when-hit``: when the unit takes damage.
- ``when-brawls``: when the unit is in a brawl (an applied decision whose action the
  ruleset's `[action_effects]` lists under ``brawling``, for the brawler and its targets).
- ``when-healed``: when the unit gains HP.

Derived statuses (``derived = true``) are recomputed from the unit's numbers
after every command, whatever their ``expires`` says.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable

from desktop.engine.ruleset import RulesetData, StatusSpec

log = logging.getLogger(__name__)

NEVER = "never"
ON_ACTIVATION = "on-activation"
AFTER_ACTIVATION = "after-activation"
AFTER_NEXT_ACTIVATION = "after-next-activation"
END_OF_ROUND = "end-of-round"
END_OF_TURN = "end-of-turn"
END_OF_PHASE = "end-of-phase"
WHEN_HIT = "when-hit"
WHEN_BRAWLS = "when-brawls"
WHEN_HEALED = "when-healed"
TRIGGERS = (
    NEVER,
    ON_ACTIVATION,
    AFTER_ACTIVATION,
    AFTER_NEXT_ACTIVATION,
    END_OF_ROUND,
    END_OF_TURN,
    END_OF_PHASE,
    WHEN_HIT,
    WHEN_BRAWLS,
    WHEN_HEALED,
)


class ExpiryError(ValueError):
    pass


def parse_expires(value: str | Iterable[str]) -> frozenset[str]:
    """The trigger words of one `expires` value; unknown words raise ExpiryError."""
    words = re.split(r"[\s,|]+", value) if isinstance(value, str) else list(value)
    found = frozenset(w.strip() for w in words if w and w.strip() and w.strip() != "or")
    unknown = sorted(found - set(TRIGGERS))
    if unknown:
        raise ExpiryError(f"unknown expiry '{unknown[0]}' (known: {', '.join(TRIGGERS)})")
    return found - {NEVER}


def _triggers_of(spec: StatusSpec) -> frozenset[str]:
    try:
        return parse_expires(spec.expires)
    except ExpiryError as error:
        # A ruleset bug, caught by tests over every built-in ruleset; the marker simply stays.
        log.warning("status '%s': %s", spec.id, error)
        return frozenset()


def expiring(data: RulesetData, statuses: Iterable[str], trigger: str) -> list[str]:
    """The statuses among `statuses` that `trigger` removes."""
    out = []
    for status in statuses:
        spec = data.statuses.get(status)
        if spec is not None and not spec.derived and trigger in _triggers_of(spec):
            out.append(status)
    return out


def check_ruleset(data: RulesetData) -> list[str]:
    """Problems with a ruleset's expiry values (empty when every one is known)."""
    problems = []
    for spec in data.statuses.values():
        try:
            parse_expires(spec.expires)
        except ExpiryError as error:
            problems.append(f"{data.id}: status '{spec.id}': {error}")
    return problems
