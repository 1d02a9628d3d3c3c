"""Two players type into the same unit from two windows on one PostgreSQL session: a refresh
from the other window never clears or reinterprets what is being typed, and an entry means
what it says when it is committed."""

from __future__ import annotations

import pytest
from tests.ui.shared_windows import Table, editor_index

pytestmark = pytest.mark.postgres


@pytest.fixture
def table(qtbot, pausable_pg, tmp_path):
    shared = Table(qtbot, pausable_pg.url, tmp_path)
    yield shared
    shared.close()


def texts(window) -> list[str]:
    return [e.text for e in window.session.history]


def test_a_refresh_keeps_the_half_typed_hp_entry_and_it_applies_to_the_current_hp(
    qtbot, table
):
    a, b = table.a, table.b
    editor = table.open_hp(a, "ogre", "-")
    table.type_hp(b, "ogre", "-2")
    table.caught_up()
    assert a.roster.view.indexWidget(editor_index(a, "ogre")) is editor
    assert editor.text() == "-"
    qtbot.keyClicks(editor, "1")
    table.commit(a, editor)
    assert texts(a)[-2:] == [
        "Ogre takes 2 damage (HP 400 → 398 of 1000)",
        "Ogre takes 1 damage (HP 398 → 397 of 1000)",
    ]
    table.caught_up()
    assert table.shown_hp(a, "ogre") == table.shown_hp(b, "ogre") == (397, 1000)
    assert texts(b) == texts(a)


def test_a_typed_entry_survives_the_refresh_and_enter_saves_it(qtbot, table):
    a, b = table.a, table.b
    editor = table.open_hp(a, "ogre", "-")
    qtbot.keyClicks(editor, "2")
    table.type_hp(b, "ogre", "-5")
    table.caught_up()
    assert editor.text() == "-2"
    table.commit(a, editor)
    assert texts(a)[-1] == "Ogre takes 2 damage (HP 395 → 393 of 1000)"
    table.caught_up()
    assert table.shown_hp(a, "ogre") == table.shown_hp(b, "ogre") == (393, 1000)

