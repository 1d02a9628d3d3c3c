"""Typed caches of facts derived from a board, kept with the board (boards are immutable)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

from desktop.engine.board import Board

V = TypeVar("V")


class BoardCache(Generic[V]):
    """One kind of derived fact (sight lines, cost grids...), built by `build(board)` the
    first time a board is asked and kept on that board object until it is dropped.

    Each concern owns its own BoardCache, so the value's type is known where it is read
    and two modules can never collide on a key. Equal boards loaded twice do not share
    caches: a freshly loaded board starts cold, as the benchmarks expect.
    """

    __slots__ = ("_build", "name")

    def __init__(self, name: str, build: Callable[[Board], V]) -> None:
        self.name = name  # for reading a profile or a debugger, never used as a key
        self._build = build

    def __call__(self, board: Board) -> V:
        store = board.derived
        try:
            return cast(V, store[self])  # the board keeps every cache's values in one dict
        except KeyError:
            value = store[self] = self._build(board)
            return value

    def forget(self, board: Board) -> None:
        """Drop this fact from `board` (benchmarks measuring a cold cache)."""
        board.derived.pop(self, None)

    def __repr__(self) -> str:
        return f"BoardCache({self.name!r})"


def board_cache(build: Callable[[Board], V]) -> BoardCache[V]:
    """Decorator: `@board_cache def cover_map(board) -> CoverMap` builds once per board."""
    return BoardCache(build.__name__, build)


def empty_dict(_board: Board) -> dict[Any, Any]:
    """The start of a cache keyed by more than the board (rules, cells, a movement profile)."""
    return {}
