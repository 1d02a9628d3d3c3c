"""Errors the tracker reports to the user: a refused command, a conflicting edit."""

from __future__ import annotations

from desktop.errors import FoebookError


class TrackerError(FoebookError):
    """A command the session refuses; the message names what is wrong."""


class ConflictError(TrackerError):
    """Another Foebook changed the shared session first; the session has been reloaded."""
