"""monster-focus in the app: its tutorials open from the welcome page, the board draws its
terrain and thin walls, the focus is ringed, and a character's initiative typed in the
roster decides a focus tie."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication

from desktop.engine.board import Terrain
from tests.ui.real_input import choose, select_in_roster, select_on_board, settle
from ui.roster.roster_model import COL_INITIATIVE, COL_NAME

ICE_CAVE = "Ice cave"


def _start_from_welcome(window, qtbot, title: str) -> None:
    card = next(c for c in window.welcome.cards if c.accessibleName() == "Monster focus tutorial")
    button = next(b for b in card.buttons if title in b.text())
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.session is not None)
    settle(qtbot, window)


def _type_initiative(window, qtbot, unit_id: str, typed: str) -> None:
    """Click the unit's row, press I, type the number and press Enter."""
    view = window.roster.view
    row = window.roster.proxy.proxy_row(unit_id)
    cell = view.visualRect(window.roster.proxy.index(row, COL_NAME)).center()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=cell)
    qtbot.keyClick(view, Qt.Key.Key_I)
    assert view.currentIndex().column() == COL_INITIATIVE
    editor = QApplication.focusWidget()
    qtbot.keyClicks(editor, typed)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: view.state() != QAbstractItemView.State.EditingState)


def test_the_welcome_card_offers_both_monster_focus_tutorials(window):
    card = next(c for c in window.welcome.cards if c.accessibleName() == "Monster focus tutorial")
    labels = [b.text() for b in card.buttons]
    assert "Start: Ice cave" in labels
    assert "Start: Archer's volley" in labels


def test_the_ice_cave_draws_its_terrain_and_names_it_in_the_legend(window, qtbot):
    _start_from_welcome(window, qtbot, ICE_CAVE)
    board = window.session.encounter.board
    assert window.windowTitle().startswith("Tutorial: Ice cave")
    found = {board.terrain(c) for c in board.cells()}
    assert {Terrain.OBSTACLE, Terrain.TRAP, Terrain.HAZARDOUS, Terrain.ICY} <= found
    legend = window.legend.entries()
    for name in (
        "obstacle",
        "trap",
        "hazardous terrain",
        "icy terrain",
        "thin wall (on a hex side)",
    ):
        assert name in legend


def test_the_decision_rings_the_focus_and_a_tie_follows_initiative(window, qtbot):
    _start_from_welcome(window, qtbot, ICE_CAVE)
    assert window.selected == "golem"
    # Brute and Cragheart are equally near at the same initiative: the players choose.
    assert window.decision.targets == ("brute",)
    assert [o.targets for o in window.decision.alternatives] == [("cragheart",)]
    rings = window.scene.highlights.target_items
    assert len(rings) == 1
    brute = window.scene.tokens["brute"]
    assert rings[0].sceneBoundingRect().contains(brute.sceneBoundingRect().center())
    # The Cragheart's player plays a faster card: click its row, press I, type, Enter.
    _type_initiative(window, qtbot, "cragheart", "12")
    assert window.session.encounter.unit("cragheart").stat("initiative") == 12
    row = window.roster.proxy.proxy_row("cragheart")
    assert window.roster.proxy.index(row, COL_INITIATIVE).data() == "12"
    select_in_roster(qtbot, window, "golem")
    assert window.decision.targets == ("cragheart",)
    assert window.decision.alternatives == ()
    assert "initiative 12" in window.decision.trace[0].detail
    crag = window.scene.tokens["cragheart"]
    rings = window.scene.highlights.target_items
    assert rings[0].sceneBoundingRect().contains(crag.sceneBoundingRect().center())


def test_a_tie_the_players_break_names_the_hex_it_attacks_from_in_the_panel_and_the_log(
    window, qtbot
):
    # Brute and Cragheart tie for the golem's focus: each choice attacks from its own hex,
    # and the choice list and the log say "from" that hex (not "Attack Cragheart to ...").
    _start_from_welcome(window, qtbot, ICE_CAVE)
    choices = window.panel.choices
    assert [choices.item(i).text() for i in range(choices.count())] == [
        "Choice 1 (as decided): Attack Brute from [3, 4]",
        "Choice 2: Attack Cragheart from [6, 4]",
    ]
    panel = window.panel
    assert panel.summary.text() == "Attack Brute from [3, 4]"
    assert _attack_step(panel) == "Attacks Brute; area on [3, 5], [2, 5]."
    row = choices.visualItemRect(choices.item(1)).center()
    qtbot.mouseClick(choices.viewport(), Qt.MouseButton.LeftButton, pos=row)
    # The panel reads as the outcome picked: its summary and its attack step.
    assert panel.summary.text() == "Attack Cragheart from [6, 4]"
    assert _attack_step(panel) == "Attacks Cragheart; area on [7, 4], [6, 5]."
    focus_step = panel.steps.cards[0].detail.text()
    assert focus_step == window.decision.trace[0].detail  # what both choices share stays
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert window.session.encounter.unit("golem").at == (6, 4)
    assert window.session.history[-1].text == (
        "Ice golem: Attack Cragheart from [6, 4] (players' choice 2)"
    )


def test_picking_a_choice_and_back_shows_each_outcome_in_turn(window, qtbot):
    # Down and Up in the list of choices: the summary and the steps follow the row.
    _start_from_welcome(window, qtbot, ICE_CAVE)
    panel, choices = window.panel, window.panel.choices
    row = choices.visualItemRect(choices.item(0)).center()
    qtbot.mouseClick(choices.viewport(), Qt.MouseButton.LeftButton, pos=row)
    qtbot.keyClick(choices, Qt.Key.Key_Down)
    assert panel.summary.text() == "Attack Cragheart from [6, 4]"
    qtbot.keyClick(choices, Qt.Key.Key_Up)
    assert panel.summary.text() == "Attack Brute from [3, 4]"
    assert _attack_step(panel) == "Attacks Brute; area on [3, 5], [2, 5]."
    qtbot.keyClick(choices, Qt.Key.Key_Return)
    assert window.session.history[-1].text == "Ice golem: Attack Brute from [3, 4]"


def _attack_step(panel) -> str:
    return next(c.detail.text() for c in panel.steps.cards if "Attack" in c.title.text())


def test_a_letter_is_refused_as_initiative_and_changes_nothing(window, qtbot):
    _start_from_welcome(window, qtbot, ICE_CAVE)
    history = len(window.session.history)
    _type_initiative(window, qtbot, "brute", "soon")
    assert len(window.session.history) == history
    assert window.session.encounter.unit("brute").stat("initiative") == 40
    assert "initiative must be a number" in window.roster.message.text()


def test_initiative_is_hidden_for_rule_systems_without_it(window):
    window.start_tutorial("card-flip-goblin-ambush.toml")
    assert window.roster.view.isColumnHidden(COL_INITIATIVE)


def test_a_selected_monster_shows_its_movement_and_attack_range(window, qtbot):
    """Both View toggles are on and monster-focus boards draw both ranges, by its rules
    (the flying imp's hexes, range counted around the cave's walls)."""
    _start_from_welcome(window, qtbot, ICE_CAVE)
    encounter, rules = window.session.encounter, window.session.ruleset
    for monster in ("imp", "golem"):
        select_on_board(qtbot, window, monster)
        groups = window.scene.highlights.groups
        move, attack = groups["move"], groups["attack"]
        expected_move = rules.movement_range(encounter, monster)
        expected_attack = rules.attack_range(encounter, monster)
        assert expected_move and expected_attack
        assert move.cells == expected_move and move.isVisible()
        assert attack.cells == expected_attack and attack.isVisible()
    # The View menu's toggles hide and show them (chosen by keyboard).
    choose(qtbot, window, window.overlay_actions["move"])
    choose(qtbot, window, window.overlay_actions["attack"])
    groups = window.scene.highlights.groups
    assert not groups["move"].isVisible() and not groups["attack"].isVisible()
    choose(qtbot, window, window.overlay_actions["attack"])
    assert window.scene.highlights.groups["attack"].isVisible()
