"""Helpers for walking a priority chain and wording its trace."""

from __future__ import annotations

from desktop.engine.decision import TraceStep


class ChainTrace:
    """Collects one trace entry per step considered, in order."""

    def __init__(self) -> None:
        self._steps: list[TraceStep] = []

    def add(self, step: str, outcome: str, detail: str) -> None:
        self._steps.append(TraceStep(step, outcome, detail))

    def steps(self) -> tuple[TraceStep, ...]:
        return tuple(self._steps)


def plural(count: float, noun: str) -> str:
    shown = int(count) if float(count).is_integer() else round(count, 1)
    return f"{shown} {noun}" + ("" if shown == 1 else "s")
