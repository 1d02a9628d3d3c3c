"""A round as a table plays it from the keyboard: initiatives typed on one figure after another
land on the figure typed on (a commit never moves the selection), and Enter plays the
activation in progress whatever is selected (a character's row after typed damage, a figure
just dragged, another enemy looked at): a monster's decision is applied, a character's turn
is passed on."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from tests.ui.at_the_table import (
    commit_typed,
    key,
    type_initiative,
    type_text,
    walk_roster_to,
)
from tests.ui.real_input import (
    click_roster_row,
    drag,
    free_cell_near,
    import_encounter_text,
    select_on_board,
)
from ui.roster.roster_model import COL_INITIATIVE

# Three characters, two bandit guards and a bandit archer on an open hex board. The archer
# shoots the Brute; each guard walks toward its focus, where the rules leave the players a
# choice of hexes.
CAMP = """\
format = 1
ruleset = "monster-focus"
name = "Bandit camp"

[rules]
variant = "gloomhaven"

[board]
shape = "hex"
cells = \"\"\"
........
........
........
........
........
........
........
\"\"\"

[[units]]
id = "brute"
name = "Brute"
side = "player"
at = [1, 5]
hp = 10
max_hp = 10
stats = { initiative = 50 }

[[units]]
id = "tinkerer"
name = "Tinkerer"
side = "player"
at = [3, 6]
hp = 8
max_hp = 8
stats = { initiative = 50 }

[[units]]
id = "spellweaver"
name = "Spellweaver"
side = "player"
at = [6, 5]
hp = 6
max_hp = 6
stats = { initiative = 50 }

[[units]]
id = "guard-1"
name = "Bandit guard"
side = "enemy"
at = [1, 1]
hp = 5
max_hp = 5
stats = { move = 2, range = 0, targets = 1, initiative = 30 }

[[units]]
id = "guard-2"
name = "Bandit guard"
side = "enemy"
at = [5, 1]
hp = 5
max_hp = 5
stats = { move = 2, range = 0, targets = 1, initiative = 30 }

[[units]]
id = "archer"
name = "Bandit archer"
side = "enemy"
at = [3, 2]
hp = 4
max_hp = 4
stats = { move = 1, range = 3, targets = 1, initiative = 16 }
"""


@pytest.fixture
def camp(window, qtbot, tmp_path):
    return import_encounter_text(qtbot, window, tmp_path, CAMP)


def log_since(window, start: int) -> list[str]:
    return [e.text for e in window.session.history[start:] if not e.undone]


def roster_row(window, unit_id: str) -> int:
    return window.roster.proxy.proxy_row(unit_id)


def initiative(window, unit_id: str) -> int:
    return window.session.encounter.unit(unit_id).stat("initiative")


# -- a commit never moves the selection -------------------------------------------------------
def test_initiatives_typed_one_row_after_another_land_on_each_figure(camp, qtbot):
    click_roster_row(qtbot, camp, "brute")
    start = len(camp.session.history)
    type_initiative(qtbot, camp, "60")
    # The round is sorted again (Brute now acts last) and the archer acts first: the
    # selection stays on the figure typed on, so Down goes on to the next one.
    assert camp.session.current_unit == "archer"
    assert camp.selected == "brute" == camp.roster.selected_unit()
    key(qtbot, Qt.Key.Key_Down)
    type_initiative(qtbot, camp, "20")
    assert camp.selected == "tinkerer" == camp.roster.selected_unit()
    key(qtbot, Qt.Key.Key_Down)
    type_initiative(qtbot, camp, "8")
    assert camp.selected == "spellweaver" == camp.roster.selected_unit()
    assert log_since(camp, start) == [
        "Brute: initiative 50 → 60; the round's order is sorted again; "
        "Bandit archer activates first",
        "Tinkerer: initiative 50 → 20; the round's order is sorted again; "
        "Bandit archer activates first",
        "Spellweaver: initiative 50 → 8; the round's order is sorted again; "
        "Spellweaver activates first",
    ]
    assert [initiative(camp, u) for u in ("brute", "tinkerer", "spellweaver", "archer")] == [
        60,
        20,
        8,
        16,
    ]


def test_initiatives_typed_with_the_roster_sorted_by_init_follow_the_figure(camp, qtbot):
    roster = camp.roster
    header = roster.view.horizontalHeader()
    left = header.sectionViewportPosition(COL_INITIATIVE)
    middle = left + header.sectionSize(COL_INITIATIVE) // 2
    qtbot.mouseClick(
        header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(middle, header.height() // 2)
    )
    assert roster.proxy.sortColumn() == COL_INITIATIVE
    click_roster_row(qtbot, camp, "spellweaver")  # the last row: initiative 50
    type_initiative(qtbot, camp, "17")  # its row moves up, after the archer's 16
    assert roster_row(camp, "spellweaver") == 1 and camp.session.current_unit == "archer"
    assert camp.selected == "spellweaver" == roster.selected_unit()
    key(qtbot, Qt.Key.Key_Down)  # the row below it now: a bandit guard (30)
    assert roster.selected_unit() == "guard-1"


def test_hp_typed_on_a_character_keeps_the_selection_even_when_it_falls(camp, qtbot):
    click_roster_row(qtbot, camp, "tinkerer")
    type_text(qtbot, "-3")
    commit_typed(qtbot, camp)
    assert camp.session.encounter.unit("tinkerer").hp == 5
    assert camp.selected == "tinkerer" == camp.roster.selected_unit()
    walk_roster_to(qtbot, camp, "archer")  # the monster acting now falls: the order changes
    type_text(qtbot, "=0")
    commit_typed(qtbot, camp)
    assert camp.session.current_unit != "archer"
    assert camp.selected == "archer" == camp.roster.selected_unit()


# -- Enter plays the activation in progress ---------------------------------------------------
def test_enter_after_damage_typed_on_a_character_applies_the_acting_monster(camp, qtbot):
    assert camp.session.current_unit == "archer"
    click_roster_row(qtbot, camp, "spellweaver")
    type_text(qtbot, "-2")
    commit_typed(qtbot, camp)
    # The panel shows the monster acting now, decided on the state after the damage.
    assert camp.decision is not None and camp.decision.unit == "archer"
    assert "Spellweaver is a player unit" in camp.panel.note.text()
    shown = camp.panel.summary.text()
    start = len(camp.session.history)
    key(qtbot, Qt.Key.Key_Return)
    assert log_since(camp, start)[0].startswith(f"Bandit archer: {shown}")
    assert camp.session.current_unit == "guard-1"


def test_enter_after_dragging_a_character_applies_the_acting_monster(camp, qtbot):
    brute = camp.session.encounter.unit("brute").at
    target = free_cell_near(camp.session.encounter, (brute[0] + 1, brute[1] - 1))
    drag(qtbot, camp, [brute, target])
    assert camp.session.encounter.unit("brute").at == target
    assert camp.selected == "brute"
    camp.board_view.setFocus()
    start = len(camp.session.history)
    key(qtbot, Qt.Key.Key_Return)
    assert log_since(camp, start)[0].startswith("Bandit archer: ")
    assert camp.session.current_unit == "guard-1" == camp.selected


def test_enter_with_another_monster_selected_applies_the_acting_one(camp, qtbot):
    select_on_board(qtbot, camp, "guard-2")
    # The panel previews the selected guard and says what Enter does.
    assert camp.decision.unit == "guard-2"
    acting = camp.play.turn_decision
    assert acting is not None and acting.unit == "archer"
    assert camp.panel.enter_line.text() == (
        f"Enter plays Bandit archer's turn (acting now): {acting.summary}"
    )
    assert camp.panel.apply_button.text() == "Apply out of turn"
    camp.board_view.setFocus()
    start = len(camp.session.history)
    key(qtbot, Qt.Key.Key_Return)
    assert log_since(camp, start)[0].startswith(f"Bandit archer: {acting.summary}")
    assert camp.session.current_unit == "guard-1" == camp.selected
    assert camp.panel.enter_line.isHidden()


def test_enter_shows_the_acting_monster_first_when_the_players_choose_its_move(camp, qtbot):
    camp.board_view.setFocus()
    key(qtbot, Qt.Key.Key_Return)  # the archer
    assert camp.session.current_unit == "guard-1" and camp.decision.alternatives
    select_on_board(qtbot, camp, "guard-2")
    assert camp.play.turn_decision is None
    assert camp.panel.enter_line.text() == (
        "Enter shows Bandit guard 1, acting now: the rules leave the players a choice."
    )
    start = len(camp.session.history)
    camp.board_view.setFocus()
    key(qtbot, Qt.Key.Key_Return)  # no hex is chosen for them: the guard is shown ...
    assert camp.selected == "guard-1" and log_since(camp, start) == []
    choices = camp.panel.choices
    assert choices.isVisible() and choices.count() >= 2
    key(qtbot, Qt.Key.Key_Return)  # ... and the next Enter applies the choice shown
    assert log_since(camp, start)[0].startswith("Bandit guard 1: ")


def test_at_a_characters_turn_enter_passes_it_on_whatever_is_selected(camp, qtbot):
    click_roster_row(qtbot, camp, "brute")
    type_initiative(qtbot, camp, "8")  # Brute acts first now
    assert camp.session.current_unit == "brute"
    assert camp.panel.title.text().startswith("Brute's turn: the players play it, then Enter")
    start = len(camp.session.history)
    walk_roster_to(qtbot, camp, "guard-1")  # another figure selected: Enter still passes it
    key(qtbot, Qt.Key.Key_Return)
    assert log_since(camp, start) == ["Brute done; Bandit archer activates"]
    assert camp.selected == "archer"


# -- a whole round by keyboard ------------------------------------------------------------
def test_a_monster_focus_round_played_by_keyboard_only(camp, qtbot):
    click_roster_row(qtbot, camp, "brute")  # where the typing starts; keys from here on
    start = len(camp.session.history)
    type_initiative(qtbot, camp, "60")
    key(qtbot, Qt.Key.Key_Down)
    type_initiative(qtbot, camp, "10")
    key(qtbot, Qt.Key.Key_Down)
    type_initiative(qtbot, camp, "40")
    assert camp.session.order == (
        "tinkerer",
        "archer",
        "guard-1",
        "guard-2",
        "spellweaver",
        "brute",
    )
    key(qtbot, Qt.Key.Key_Return)  # the Tinkerer's turn, played at the table: passed on
    assert camp.selected == "archer"
    archer = camp.panel.summary.text()
    shot = camp.decision.targets
    key(qtbot, Qt.Key.Key_Return)  # the archer's decision
    assert camp.selected == "guard-1"
    hit = shot[0] if shot else "tinkerer"
    walk_roster_to(qtbot, camp, hit)  # the players resolve the arrow: 3 damage
    type_text(qtbot, "-3")
    commit_typed(qtbot, camp)
    assert camp.selected == hit
    assert camp.decision.unit == "guard-1"
    guard = camp.panel.summary.text()  # the guard acting now, as the panel shows it
    key(qtbot, Qt.Key.Key_Return)  # applies the first guard, not nothing
    second = camp.panel.summary.text()
    key(qtbot, Qt.Key.Key_Return)  # the second guard
    key(qtbot, Qt.Key.Key_Space)  # the Spellweaver's turn
    key(qtbot, Qt.Key.Key_Return)  # the Brute's
    name = camp.session.encounter.unit(hit).name
    hp = camp.session.encounter.unit(hit).max_hp
    assert log_since(camp, start) == [
        "Brute: initiative 50 → 60; the round's order is sorted again; "
        "Bandit archer activates first",
        "Tinkerer: initiative 50 → 10; the round's order is sorted again; Tinkerer activates first",
        "Spellweaver: initiative 50 → 40",
        "Tinkerer done; Bandit archer activates",
        f"Bandit archer: {archer}",
        f"{name} takes 3 damage (HP {hp} → {hp - 3} of {hp})",
        f"Bandit guard 1: {guard}",
        f"Bandit guard 2: {second}",
        "Spellweaver done; Brute activates",
        "Brute done; every unit has acted in round 1",
    ]


# -- the same Enter in the other rule systems -------------------------------------------------
def enter_plays_the_acting_unit(qtbot, window, acting_name: str) -> None:
    """With another unit selected, Enter plays the acting unit: at once when the panel's
    Enter line names its decision, else it is shown first and the next Enter applies it."""
    start = len(window.session.history)
    acting = window.session.current_unit
    at_once = window.play.turn_decision is not None
    window.board_view.setFocus()
    key(qtbot, Qt.Key.Key_Return)
    if not at_once:
        assert window.selected == acting and log_since(window, start) == []
        key(qtbot, Qt.Key.Key_Return)
    assert log_since(window, start)[0].startswith(f"{acting_name}: ")


def test_grimdark_enter_plays_the_unit_acting_in_the_phase(window, qtbot):
    window.start_tutorial("grimdark-solo-close-quarters.toml")
    window.activateWindow()
    session = window.session
    assert session.current_unit == "captain"
    select_on_board(qtbot, window, "mob")
    assert window.decision.unit == "mob" and window.panel.enter_line.isVisible()
    enter_plays_the_acting_unit(qtbot, window, "Raider Captain")
    # One step: the captain's command ability (the mob, with none, is passed in it).
    assert session.state.has_acted("captain") and len(session.history) == 1


def test_skirmish_enter_plays_the_first_of_a_roll_group_with_the_second_selected(window, qtbot):
    window.start_tutorial("skirmish-ai-outpost-raid.toml")
    window.activateWindow()
    assert window.session.current_unit == "trooper-1"
    select_on_board(qtbot, window, "trooper-2")
    enter_plays_the_acting_unit(qtbot, window, "Trooper 1")
    assert window.selected == "trooper-2" == window.session.current_unit
    assert window.decision.rolls[0].shared  # it uses the roll the first trooper made
