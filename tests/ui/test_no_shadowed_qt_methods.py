"""No class in ui/ hides a method of its Qt base behind an attribute.

Qt calls a virtual such as QGraphicsItem.shape() through the Python object; an attribute of
the same name (`self.shape = Shape.SQUARE`) makes that call fail the moment the pointer
touches the item. Three nets: class attributes, every `self.x = ...` in the source, and the
`__dict__` of live instances built as the app builds them.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest
from PySide6.QtCore import QObject, Signal, SignalInstance
from PySide6.QtGui import QIconEngine
from PySide6.QtWidgets import QGraphicsItem
from shiboken6 import Shiboken

import ui

# PySide6 gives every QObject subclass its own meta-object; that is not a shadow.
NOT_SHADOWS = {"staticMetaObject"}


def _ui_modules() -> list[ModuleType]:
    return [
        importlib.import_module(info.name) for info in pkgutil.walk_packages(ui.__path__, "ui.")
    ]


def _ui_qt_classes() -> list[tuple[type, ast.ClassDef]]:
    """Every class in ui/ deriving from a Qt class, with its source definition."""
    found = []
    for module in _ui_modules():
        for node in ast.walk(ast.parse(inspect.getsource(module))):
            if not isinstance(node, ast.ClassDef):
                continue
            cls = getattr(module, node.name, None)
            if cls is None:  # nested in a function: cannot be inspected from here
                bases = [ast.unparse(b) for b in node.bases]
                assert not any(b.split(".")[-1].startswith("Q") for b in bases), (
                    f"{module.__name__}.{node.name} derives from Qt but is not at module "
                    "level, so this test cannot check it"
                )
                continue
            if inspect.isclass(cls) and issubclass(cls, Shiboken.Object):
                found.append((cls, node))
    return found


QT_CLASSES = _ui_qt_classes()


def _qt_names(cls: type) -> set[str]:
    names: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.startswith(("PySide6", "shiboken6")):
            names |= set(dir(base))
    return names - NOT_SHADOWS


def _is_method(value) -> bool:
    return inspect.isfunction(value) or isinstance(value, staticmethod | classmethod)


def test_the_walk_finds_the_board_items_and_the_main_window():
    names = {cls.__name__ for cls, _node in QT_CLASSES}
    assert {
        "TokenItem",
        "TerrainItem",
        "BoardScene",
        "BoardView",
        "MainWindow",
        "RosterModel",
        "PrintCardsDialog",
    } <= names


@pytest.mark.parametrize(("cls", "node"), QT_CLASSES, ids=lambda v: getattr(v, "__name__", ""))
def test_class_attributes_do_not_hide_qt_methods(cls, node):
    qt = _qt_names(cls)
    shadows = []
    for name, value in vars(cls).items():
        if name.startswith("__") or name not in qt:
            continue
        qt_value = next(getattr(b, name) for b in cls.__mro__[1:] if hasattr(b, name))
        # Overriding a virtual with a method is how Qt subclassing works; a property, a
        # constant or a signal in its place is not, nor a method in place of a Qt signal.
        if not _is_method(value) or not callable(qt_value) or isinstance(qt_value, Signal):
            shadows.append(name)
    assert not shadows, f"{cls.__qualname__} hides Qt's {shadows}"


@pytest.mark.parametrize(("cls", "node"), QT_CLASSES, ids=lambda v: getattr(v, "__name__", ""))
def test_no_method_assigns_an_attribute_named_like_a_qt_method(cls, node):
    qt = _qt_names(cls)
    shadows = []
    for statement in ast.walk(node):
        if isinstance(statement, ast.Assign):
            targets = statement.targets
        elif isinstance(statement, ast.AnnAssign | ast.AugAssign):
            targets = [statement.target]
        else:
            continue
        for target in targets:
            for part in ast.walk(target):
                if (
                    isinstance(part, ast.Attribute)
                    and isinstance(part.value, ast.Name)
                    and part.value.id == "self"
                    and part.attr in qt
                ):
                    shadows.append(f"self.{part.attr} (line {statement.lineno})")
    assert not shadows, f"{cls.__qualname__} hides Qt's methods with {shadows}"


def _bound_signal(cls: type, name: str, value) -> bool:
    """PySide6 caches a connected signal of a QObject in the instance's __dict__."""
    return isinstance(value, SignalInstance) and isinstance(getattr(cls, name, None), Signal)


def _live_instances(window, qtbot) -> list[object]:
    """A tutorial open with an enemy's decision shown, and every dialog, popup and second
    window the user can reach from it, built the way the app builds them."""
    from desktop.engine.unit_fields import NUMBER, TEXT, UnitFieldSpec
    from desktop.rulesets.registry import get_ruleset
    from tests.desktop.tracker.scenario_helpers import briar_road
    from ui.cards.print_dialog import PrintCardsDialog
    from ui.deck_dialog import DeckDialog
    from ui.marker_looks import UNKNOWN
    from ui.new_session_dialog import NewSessionDialog
    from ui.resize_dialog import ResizeBoardDialog
    from ui.roster.area_attack_box import AreaAttackBox
    from ui.roster.field_editors import FieldEditor, field_editor
    from ui.roster.status_icons import _MarkerIconEngine
    from ui.scenario.add_standees import AddStandeesDialog, StandeePlacing
    from ui.scenario.round_dialog import RoundStartDialog
    from ui.shortcuts_dialog import ShortcutsDialog

    scenario = briar_road()
    window.start_tutorial("grimdark-solo-close-quarters.toml")
    session = window.session
    window.act_table.trigger()
    items = []
    for enemy in session.encounter.enemies():  # targets, paths and ghosts of every enemy
        window.select_unit(enemy.id)
        items += window.scene.items()
    items += window.table_display.scene.items()
    # Movement points on the path and an area's shading: shown for rulesets that give them.
    from desktop.engine.decision import Outcome

    mover = session.encounter.enemies()[0]
    step = next(c for c in session.encounter.board.cells() if c != mover.at)
    window.scene.show_outcome(
        mover.id, Outcome("move", (), step, (step,), area=(step,), costs=(1,))
    )
    items += window.scene.items()
    window.roster.select_unit(session.encounter.enemies()[0].id)
    assert window.roster.open_markers() is not None
    editor = window.roster.add_unit()
    assert editor is not None
    deck = session.ruleset.capabilities.deck
    made = [
        PrintCardsDialog(session.encounter, [window.selected], parent=window),
        DeckDialog(deck, deck.default, window),
        NewSessionDialog(set(), window),
        ResizeBoardDialog(session.encounter.board, window),
        ShortcutsDialog([window.menus.file_menu], window),
        # The unit editor's box for each kind of declared field (the tutorial's has none).
        *(
            field_editor(spec, session.encounter, None, window)
            for ruleset in ("skirmish-ai", "dungeon-crawl")
            for spec in get_ruleset(ruleset).data.unit_fields.values()
        ),
        field_editor(
            UnitFieldSpec("note", TEXT, "Note", "A note."), session.encounter, None, window
        ),
        # A one-of (zombie-horde's kind) and a number.
        *(
            field_editor(spec, session.encounter, None, window)
            for spec in get_ruleset("zombie-horde").data.unit_fields.values()
        ),
        field_editor(
            UnitFieldSpec("reach", NUMBER, "Reach", "Squares.", most=6, default=1),
            session.encounter,
            None,
            window,
        ),
        FieldEditor(UnitFieldSpec("note", TEXT, "Note", "A note."), window),
        # The unit editor's area attack (its picker inside), for rulesets with area attacks.
        AreaAttackBox(window),
        # A scenario from a monster book: its strip above the board (built when the first
        # scenario shows), its round's start, adding standees, placing them.
        window.scenario.strip,
        RoundStartDialog(scenario, window),
        AddStandeesDialog(scenario.encounter.book, window),
        StandeePlacing(
            window.board_view,
            lambda: scenario.encounter.board,
            ["normal"],
            "Cutthroat",
            lambda _text: None,
            lambda _cells: None,
        ),
        # The engine that draws a marker's icon when it shows (the markers button, the popup).
        _MarkerIconEngine(UNKNOWN),
    ]
    editor.reject()
    return [window, *window.findChildren(QObject), *made, *items]


def test_live_instances_keep_every_qt_method(window, qtbot):
    classes = {cls for cls, _node in QT_CLASSES}
    seen: set[type] = set()
    shadows: set[str] = set()
    for obj in _live_instances(window, qtbot):
        cls = type(obj)
        if cls not in classes:
            continue
        seen.add(cls)
        assert isinstance(obj, QObject | QGraphicsItem | QIconEngine)
        hidden = sorted(
            name
            for name, value in vars(obj).items()
            if name in _qt_names(cls) and not _bound_signal(cls, name, value)
        )
        if hidden:
            shadows.add(f"{cls.__qualname__}: {hidden}")
    assert not shadows, f"instance attributes hide Qt methods: {sorted(shadows)}"
    missing = sorted(c.__qualname__ for c in classes - seen)
    assert not missing, f"build these in _live_instances too: {missing}"
