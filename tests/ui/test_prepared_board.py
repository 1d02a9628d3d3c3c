"""What the decisions ask of the board is built once a session shows, not at the players'
first Enter: a skirmish board's cover (desktop/engine/cover.py, ~20 ms at the documented
limits), and Enter then decides with the map built ahead."""

from __future__ import annotations

from PySide6.QtCore import Qt

from desktop.engine.cover import cover_map
from tests.ui.at_the_table import key
from tests.ui.real_input import import_encounter_text

# The brute, acting first, only looks for someone to brawl with; the marksman, next, asks
# who is in cover (its base condition): the map is not needed until the first Enter.
HEDGE_LINE = """\
format = 1
ruleset = "skirmish-ai"
name = "Hedge line"

[board]
shape = "square"
cells = \"\"\"
. . . . . . . . . . . .
. . c c . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . . . . .
. . . . . . . . c c . .
\"\"\"

[[units]]
id = "brute"
name = "Brute"
side = "enemy"
at = [1, 0]
hp = 6
max_hp = 6
ai = "aggressive"
stats = { move = 6 }
weapons = [ { name = "Blade", kind = "melee", range = 1 } ]

[[units]]
id = "marksman"
name = "Marksman"
side = "enemy"
at = [10, 0]
hp = 4
max_hp = 4
ai = "tactical"
stats = { move = 6 }
weapons = [ { name = "Carbine", kind = "ranged", range = 18 } ]

[[units]]
id = "scout"
name = "Scout"
side = "player"
at = [5, 5]
hp = 5
max_hp = 5
"""


def test_the_cover_map_is_built_once_the_session_shows_and_enter_decides_with_it(
    window, qtbot, tmp_path
):
    import_encounter_text(qtbot, window, tmp_path, HEDGE_LINE)
    board = window.session.encounter.board
    assert window.decision.unit == "brute"
    qtbot.waitUntil(lambda: cover_map in board.derived)
    prepared = board.derived[cover_map]
    window.board_view.setFocus()
    key(qtbot, Qt.Key.Key_Return)
    assert [e.text for e in window.session.history] == ["Brute: Move to [4, 4] and brawl Scout"]
    # The marksman's decision, shown now, asked who is in cover: the map built ahead.
    assert window.decision.unit == "marksman"
    assert window.session.encounter.board.derived[cover_map] is prepared
    key(qtbot, Qt.Key.Key_Return)
    assert window.session.history[-1].text.startswith("Marksman: ")
