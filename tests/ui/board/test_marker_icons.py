"""Each status marker is drawn with its own icon and colour on the board's tokens, on the
table display and in the legend, as in the roster (poison and stun no longer look alike)."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from tests.ui.real_input import choose_in_unit_menu, click, press, settle
from ui.board.legend import Legend
from ui.marker_looks import marker_looks

ICE_CAVE = "Ice cave"


def _start_ice_cave(window, qtbot) -> None:
    card = next(c for c in window.welcome.cards if c.accessibleName() == "Monster focus tutorial")
    button = next(b for b in card.buttons if ICE_CAVE in b.text())
    click(qtbot, button)
    qtbot.waitUntil(lambda: window.session is not None)
    settle(qtbot, window)


def _close(a: QColor, b: QColor, tolerance: int = 40) -> bool:
    return (
        max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue()))
        <= tolerance
    )


def _disc_colours(view, token, x: float = 0.2, y: float = 0.5) -> list[QColor]:
    """The colour of each marker icon's disc as the view shows it, at (x, y) of its square:
    by default inside the disc's rim, left of the white shape in its middle."""
    image = view.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    colours = []
    for rect in token.marker_rects():
        spot = QPointF(rect.left() + rect.width() * x, rect.top() + rect.height() * y)
        point = view.mapFromScene(token.mapToScene(spot))
        colours.append(image.pixelColor(round(point.x() * ratio), round(point.y() * ratio)))
    return colours


def test_poison_and_stun_have_their_own_icon_and_colour_everywhere(window, qtbot):
    _start_ice_cave(window, qtbot)
    choose_in_unit_menu(qtbot, window, "golem", "Markers", "Poison")
    choose_in_unit_menu(qtbot, window, "imp", "Markers", "Stun")
    qtbot.waitUntil(lambda: window.scene.tokens["imp"].unit.has("stun"))
    looks = marker_looks(window.session.ruleset.data.statuses)
    poison, stun = looks["poison"], looks["stun"]
    assert poison.icon != stun.icon and poison.colour != stun.colour

    # On the board.
    qtbot.wait(50)
    (on_golem,) = _disc_colours(window.board_view, window.scene.tokens["golem"])
    (on_imp,) = _disc_colours(window.board_view, window.scene.tokens["imp"])
    assert _close(on_golem, QColor(poison.colour)), on_golem.name()
    assert _close(on_imp, QColor(stun.colour)), on_imp.name()

    # The roster's chips are the same looks.
    roster = window.roster.model
    assert [m.look for m in roster.markers(roster.row_of("golem"))] == [poison]
    assert [m.look for m in roster.markers(roster.row_of("imp"))] == [stun]

    # On the table display (F10), with a key naming the markers on the board.
    press(qtbot, window.act_table)
    table = window.table_display
    qtbot.waitExposed(table)
    qtbot.wait(100)
    (on_golem,) = _disc_colours(table.view, table.scene.tokens["golem"])
    (on_imp,) = _disc_colours(table.view, table.scene.tokens["imp"])
    assert _close(on_golem, QColor(poison.colour)), on_golem.name()
    assert _close(on_imp, QColor(stun.colour)), on_imp.name()
    assert table.marker_key.isVisible()
    key = [table.marker_row.itemAt(i).widget().accessibleName() for i in range(2)]
    assert key == ["Poison", "Stun"]
    table.close()

    # In the legend (opened by its toggle): every marker of the ruleset, each once.
    window.activateWindow()
    legend: Legend = window.legend
    if not legend.key.isVisible():
        click(qtbot, legend.toggle)
    qtbot.waitUntil(legend.key.isVisible)
    statuses = window.session.ruleset.data.statuses_for(window.session.encounter.rules)
    names = [spec.name for spec in statuses.values()]
    shown = legend.entries()
    assert "Muddled" in names and "Muddled" not in shown  # another spelling of Muddle
    assert [n for n in shown if n in names] == [n for n in names if n != "Muddled"]
    label = next(
        legend.marker_row.itemAt(i).widget()
        for i in range(legend.marker_row.count())
        if legend.marker_row.itemAt(i).widget().accessibleName() == "Poison"
    )
    image = label.grab().toImage()
    ratio = image.devicePixelRatio()
    middle = round(label.height() / 2 * ratio)
    # The icon starts the label: its disc (left of the drop) is poison's colour.
    assert any(
        _close(image.pixelColor(x, middle), QColor(poison.colour), 30)
        for x in range(round(2 * ratio), round(5 * ratio))
    )
    QApplication.processEvents()


def test_more_markers_than_fit_end_in_a_count(window, qtbot):
    _start_ice_cave(window, qtbot)
    for name in ("Poison", "Wound", "Disarm", "Stun", "Strengthen"):
        choose_in_unit_menu(qtbot, window, "golem", "Markers", name)
    qtbot.waitUntil(lambda: len(window.scene.tokens["golem"].unit.statuses) == 5)
    qtbot.wait(50)
    token = window.scene.tokens["golem"]
    colours = _disc_colours(window.board_view, token)
    looks = marker_looks(window.session.ruleset.data.statuses)
    assert len(colours) == 4  # three icons and a "+2" disc
    for colour, status in zip(colours[:3], ("poison", "wound", "disarm"), strict=True):
        assert _close(colour, QColor(looks[status].colour)), (status, colour.name())
    # The count's disc is dark (above its white "+2"), never a marker's colour.
    count_disc = _disc_colours(window.board_view, token, 0.5, 0.14)[3]
    assert _close(count_disc, QColor("#222222")), count_disc.name()
