"""What an open session holds is left out of the garbage collector's full collections while
it is open (gc.freeze); the garbage left behind is collected when another session opens or
the session closes."""

from __future__ import annotations

import gc
import weakref

import pytest

from db.repository import new_session
from desktop.encounter_file import load_encounter
from desktop.samples import sample_path
from tests.ui.real_input import open_saved_session, press

AMBUSH = "card-flip-goblin-ambush.toml"


class _Cycle:
    """Garbage only the collector frees (it refers to itself)."""

    def __init__(self) -> None:
        self.me = self


def _dropped_after(qtbot, opened) -> weakref.ref[_Cycle]:
    """A cycle alive while `opened()` runs and the window settles after it (the session is
    kept out of full collections after the paint it is shown in), dropped afterwards."""
    kept = _Cycle()
    opened()
    qtbot.wait(10)
    return weakref.ref(kept)


def test_what_a_session_left_behind_is_collected_once_another_opens_or_it_closes(
    qtbot, two_sessions, window
):
    friday = _dropped_after(qtbot, lambda: open_saved_session(qtbot, window, "friday"))
    gc.collect()
    assert friday() is not None  # frozen with friday: no collection looks at it
    press(qtbot, window.act_home)  # the start page; friday stays open behind it
    saturday = _dropped_after(qtbot, lambda: open_saved_session(qtbot, window, "saturday"))
    assert friday() is None  # collected as saturday opened
    gc.collect()
    assert saturday() is not None
    window.close_session()
    gc.collect()
    assert saturday() is None


def test_a_session_another_replaced_is_let_go(qtbot, two_sessions, window):
    # Each session opened in a window was kept alive by the window (its change signals, a
    # child of the window) until the window closed: a game night's sessions piled up.
    open_saved_session(qtbot, window, "friday")
    friday = weakref.ref(window.session)
    press(qtbot, window.act_home)
    open_saved_session(qtbot, window, "saturday")
    qtbot.wait(10)
    gc.collect()
    assert friday() is None
    assert window.session is not None and window.session.name == "saturday"


@pytest.fixture
def two_sessions(database) -> None:
    """The database holds "friday" and "saturday" (before the window is made: its start
    page lists them)."""
    for name in ("friday", "saturday"):
        new_session(database, name, load_encounter(sample_path(AMBUSH)))
