"""A round of zombie-horde, the rule pack Foebook ships, played at the table from its
tutorial: three of the dead act one after another, a survivor is hurt between two of them,
the last activation is undone and played again; the log is read line by line."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.at_the_table import key, log_lines, play, type_on_row, undo
from tests.ui.real_input import click_roster_row, press, start_tutorial
from ui.roster.roster_model import COL_AI, UNIT_ID_ROLE


def test_a_zombie_horde_round_from_its_tutorial(window, qtbot):
    start_tutorial(qtbot, window, "zombie-horde-farmhouse.toml")
    session = window.session
    assert session.encounter.ruleset == "zombie-horde"
    # The roster tells a runner from a walker (a walker by default).
    model = window.roster.proxy
    ai = {
        model.index(row, COL_AI).data(UNIT_ID_ROLE): model.index(row, COL_AI).data()
        for row in range(model.rowCount())
    }
    assert (ai["runner"], ai["walker1"], ai["ada"]) == ("Zombie (runner)", "Zombie (walker)", "")
    assert session.current_unit == "walker1"
    # The Shambler, outside, cannot see in: it heads for the loudest survivor, Ada.
    assert window.decision.summary == "Move 1 square toward Ada"
    first = play(qtbot, window)
    assert session.encounter.unit("walker1").at == (0, 1)
    # Between two activations the players hurt Ada: typed on her roster row.
    click_roster_row(qtbot, window, "ada")
    type_on_row(qtbot, window, "ada", "-2")
    assert session.encounter.unit("ada").hp == 3
    assert session.current_unit == "walker2"
    # The Farmhand has equally short routes round the house: the players may choose; Enter
    # plays it as decided.
    assert window.decision.alternatives
    heading = window.decision.destination
    second = play(qtbot, window)
    assert session.encounter.unit("walker2").at == heading
    assert session.current_unit == "runner"
    assert window.decision.summary == "Move 2 squares toward Ada"
    run = window.decision.path
    third = play(qtbot, window)  # the Sprinter runs two squares
    assert len(run) == 2 and session.encounter.unit("runner").at == run[-1]
    lines = log_lines(window)
    assert lines[-4:] == [
        first,
        "Ada takes 2 damage (HP 5 → 3 of 5)",
        second,
        third,
    ]
    assert first == "Shambler: Move 1 square toward Ada"
    assert third == "Sprinter: Move 2 squares toward Ada"
    # Undo the Sprinter's run: it is back and acting again, and plays the same again.
    undo(qtbot)
    assert session.encounter.unit("runner").at == (8, 0) and session.current_unit == "runner"
    assert log_lines(window)[-1] == f"{third}  (undone)"
    again = play(qtbot, window)
    assert again == third and session.encounter.unit("runner").at == run[-1]
    assert log_lines(window)[-1] == again
    key(qtbot, Qt.Key.Key_Escape)


def test_the_legend_and_the_terrain_brush_offer_the_packs_terrain_only(window, qtbot):
    start_tutorial(qtbot, window, "zombie-horde-farmhouse.toml")
    entries = window.legend.entries()
    assert "closed door" in entries and "wall" in entries
    assert not {"door", "trap", "cover", "icy terrain", "difficult ground"} & set(entries)
    # Edit → Terrain brush, as the menu shows it.
    brushes = next(
        a.menu() for a in window.menus.edit_menu.actions() if a.text() == "Terrain &brush"
    )
    offered = [a.text() for a in brushes.actions() if a.isVisible()]
    assert offered == [
        "&No brush (select and move)",
        "Paint open ground",
        "Paint wall",
        "Paint closed door",
    ]
    # Another game's session offers its own terrain again.
    start_tutorial(qtbot, window, "monster-focus-ice-cave.toml")
    offered = [a.text() for a in brushes.actions() if a.isVisible()]
    assert (
        "Paint trap" in offered and "Paint door" in offered and "Paint closed door" not in offered
    )


def test_the_sessions_list_names_the_packs_rule_system_not_its_id(window, qtbot):
    start_tutorial(qtbot, window, "zombie-horde-farmhouse.toml")
    press(qtbot, window.act_home)
    saved = window.welcome.recent
    texts = [saved.item(r).text() for r in range(saved.count())]
    mine = next(t for t in texts if t.startswith("Tutorial: Farmhouse at night"))
    assert "\nZombie horde, round 1 · " in mine and "zombie-horde" not in mine
