"""Plain wording of when a status marker leaves a unit, for cards, tooltips and help."""

from __future__ import annotations

from desktop.engine.ruleset import StatusSpec
from desktop.tracker.expiry import ExpiryError, parse_expires

# What follows "until" for each trigger word of `StatusSpec.expires`, in the order several
# triggers are read out. Keyed by the literal words, so a new word needs only a new line.
UNTIL: dict[str, str] = {
    "never": "removed",
    "on-activation": "its next activation starts",
    "after-activation": "the end of its activation",
    "after-next-activation": "the end of its next turn",
    "end-of-round": "the end of the round",
    "end-of-turn": "the end of the turn",
    "end-of-phase": "the end of the phase",
    "when-hit": "it takes damage",
    "when-brawls": "it fights in a brawl",
    "when-healed": "it is healed",
}

# Derived markers are set and cleared from the unit's numbers whatever `expires` says.
DERIVED = "Comes and goes with its hit points."


def expiry_words(spec: StatusSpec) -> str:
    """One sentence saying when the marker goes ("Lasts until it is healed."); "" for an
    `expires` value the ruleset checks already report as unknown."""
    if spec.derived:
        return DERIVED
    try:
        triggers = parse_expires(spec.expires)
    except ExpiryError:
        return ""
    clauses = [until for word, until in UNTIL.items() if word in triggers] or [UNTIL["never"]]
    return f"Lasts until {' or '.join(clauses)}."


def reminder_and_expiry(spec: StatusSpec) -> str:
    """What the marker does and when it goes, for a tooltip."""
    return " ".join(filter(None, (spec.reminder, expiry_words(spec))))
