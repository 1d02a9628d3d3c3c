"""Errors a user can cause and fix: each carries one clear message, never a traceback."""

from __future__ import annotations


class FoebookError(Exception):
    """Base for problems reported to the user as one message (exit status 2 on the CLI)."""

    exit_status = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message
