"""The walks a rule pack's figures searched on a board, kept with it for the same question."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar, cast

from desktop.engine.board import Board
from desktop.engine.board_cache import BoardCache

W = TypeVar("W")

# Walks already searched on a board, the most recently used last. The cache lives on the
# board object (boards are immutable) and a walk reads nothing else but what its caller puts
# in the key (the movement rules' cache key and scale, where it starts, the cells it may not
# enter or stop on, its bound): the same key is the same walk, and what it learned since
# (costs and routes asked of it) stays true. Deciding the same position again (the decision
# shown again, rerolled, after an undo, or its movement overlay) reuses it.
WALKS: BoardCache[OrderedDict[Hashable, object]] = BoardCache(
    "pack walks", lambda _board: OrderedDict()
)
KEPT_WALKS = 16  # per board: a round's worth of figures, without holding many big boards' worth


def kept_walk(board: Board, key: Hashable, search: Callable[[], W]) -> W:
    """The walk `key` names on `board`: kept from before, else `search()` kept."""
    walks = WALKS(board)
    found = walks.get(key)
    if found is None:
        found = walks[key] = search()
        if len(walks) > KEPT_WALKS:
            walks.popitem(last=False)
    else:
        walks.move_to_end(key)
    return cast(W, found)
