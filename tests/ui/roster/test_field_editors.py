"""The unit editor's boxes for a ruleset's declared fields: the schema check's messages beside
the field, and what a player picks reaching the unit."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from desktop.encounter_file import load_encounter
from desktop.engine.dice import Dice
from desktop.rulesets.registry import get_ruleset
from desktop.samples import sample_path
from desktop.tracker.session import Session
from ui.roster.roster_panel import RosterPanel
from ui.roster.unit_editor import UnitEditor


def _skirmish() -> Session:
    encounter = load_encounter(sample_path("skirmish-ai-outpost-raid.toml"))
    return Session.in_memory(encounter, get_ruleset(encounter.ruleset), "test")


def _editor(qtbot, session: Session, template: dict) -> UnitEditor:
    panel = RosterPanel(session)
    qtbot.addWidget(panel)
    panel.show()
    editor = UnitEditor(session, panel._apply_from_editor, template, panel)
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    return editor


def test_a_copied_guardian_whose_ward_is_gone_is_refused_beside_the_guards_box(qtbot):
    session = _skirmish()
    editor = _editor(
        qtbot, session, {"name": "Grot", "side": "enemy", "ai": "guardian", "guards": "nobody"}
    )
    guards = editor.field_editors["guards"]
    assert guards.combo.currentText() == "nobody"  # kept visible so the message can name it
    qtbot.mouseClick(editor.ok_button, Qt.MouseButton.LeftButton)
    assert editor.isVisible() and not session.encounter.has_unit("grot")
    assert guards.problem.isVisible()
    assert guards.problem.text().startswith("no unit 'nobody' (units: bodyguard, brute,")
    assert f"Guards: {guards.problem.text()}" in editor.message.text()

    guards.combo.setFocus()
    QTest.keyClick(guards.combo, Qt.Key.Key_Home)  # "(nobody)": the problem goes at once
    assert not guards.problem.isVisible()
    QTest.keyClick(guards.combo, Qt.Key.Key_Down)
    assert guards.combo.currentText() == "Trooper 1 (trooper-1)"
    qtbot.mouseClick(editor.ok_button, Qt.MouseButton.LeftButton)
    assert not editor.isVisible()
    assert session.encounter.unit("grot").reference("guards") == "trooper-1"


def test_editing_a_guardian_never_offers_itself_and_keeps_its_ward(qtbot):
    session = _skirmish()
    panel = RosterPanel(session)
    qtbot.addWidget(panel)
    editor = UnitEditor(session, panel._apply_from_editor, None, panel, editing="bodyguard")
    qtbot.addWidget(editor)
    combo = editor.field_editors["guards"].combo
    offered = [combo.itemData(i) for i in range(combo.count())]
    assert "bodyguard" not in offered and combo.currentData() == "sergeant"
    editor.side_combo.setCurrentIndex(editor.side_combo.findData("player"))
    assert not editor.field_editors["guards"].isEnabled()  # guards applies to enemies only


def test_an_unknown_tactic_on_a_copied_card_is_named_beside_the_priorities(qtbot, dungeon_session):
    editor = _editor(
        qtbot,
        dungeon_session,
        {"name": "Archer", "side": "enemy", "priorities": ["dance", "fight-gang"]},
    )
    priorities = editor.field_editors["priorities"]
    qtbot.mouseClick(editor.ok_button, Qt.MouseButton.LeftButton)
    assert editor.isVisible() and not dungeon_session.encounter.has_unit("archer")
    assert priorities.problem.text().startswith("unknown tactic 'dance' (known: fight-closest")
    dance = priorities.list.item(0)
    assert dance.text() == "dance"
    rect = priorities.list.visualItemRect(dance)
    # Unticking it by its check box clears the problem, and the card is saved without it.
    QTest.mouseClick(
        priorities.list.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        rect.topLeft() + QPoint(10, rect.height() // 2),
    )  # its check box
    assert priorities.value() == ["fight-gang"]
    assert not priorities.problem.isVisible()
    qtbot.mouseClick(editor.ok_button, Qt.MouseButton.LeftButton)
    assert dungeon_session.encounter.unit("archer").choices("priorities") == ("fight-gang",)


def _zombies() -> Session:
    encounter = load_encounter(sample_path("zombie-horde-farmhouse.toml"))
    return Session.in_memory(encounter, get_ruleset(encounter.ruleset), "test")


def test_a_one_of_field_is_a_drop_down_of_its_choices_and_the_default_is_not_written(qtbot):
    session = _zombies()
    panel = RosterPanel(session)
    qtbot.addWidget(panel)
    editor = UnitEditor(session, panel._apply_from_editor, None, panel, editing="runner")
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    kind = editor.field_editors["kind"]
    assert [kind.combo.itemText(i) for i in range(kind.combo.count())] == [
        "walker (default)",
        "runner",
    ]
    assert kind.combo.currentText() == "runner"
    kind.combo.setFocus()
    QTest.keyClick(kind.combo, Qt.Key.Key_Home)  # the Sprinter becomes a walker
    qtbot.mouseClick(editor.ok_button, Qt.MouseButton.LeftButton)
    assert not editor.isVisible()
    assert "kind" not in session.encounter.unit("runner").fields
    decision = get_ruleset("zombie-horde").decide(session.encounter, "runner", Dice())
    assert len(decision.path) == 1  # a walker's one square
