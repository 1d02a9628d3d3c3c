"""A play session as a domain object: commands, history, turn order."""

from desktop.tracker.errors import ConflictError, TrackerError
from desktop.tracker.session import Change, Session, initial_state

__all__ = ["Change", "ConflictError", "Session", "TrackerError", "initial_state"]
