"""The window never opens taller than the screen: a big party's helper lines scroll, and a
geometry larger than the screen is neither restored nor saved."""

from __future__ import annotations

from PySide6.QtCore import QDataStream, QRect, QSettings
from PySide6.QtWidgets import QApplication, QFileDialog, QTabBar, QWidget

from tests.ui.real_input import press
from tests.ui.showing import show_active

PLAYERS = 100


def crowd_file(tmp_path):
    """A card-flip-rpg encounter with one goblin and a hundred heroes (card-flip-rpg has a
    helper line per player)."""
    rows = "\n".join(" ".join(["."] * 20) for _ in range(20))
    units = [
        '[[units]]\nid = "gob"\nname = "Goblin"\nside = "enemy"\nat = [0, 0]\n'
        "hp = 5\nmax_hp = 8\nstats = { move = 3, range = 4, level = 2 }\n"
    ]
    for i in range(PLAYERS):
        units.append(
            f'[[units]]\nid = "p{i}"\nname = "Hero {i}"\nside = "player"\n'
            f"at = [{1 + i % 19}, {1 + i // 19}]\nhp = 10\nmax_hp = 10\n"
            "stats = { move = 4, level = 3 }\n"
        )
    path = tmp_path / "crowd.toml"
    path.write_text(
        'format = 1\nruleset = "card-flip-rpg"\nname = "Crowd"\n\n'
        f'[board]\nshape = "square"\ncells = """\n{rows}\n"""\n\n' + "\n".join(units),
        encoding="utf-8",
    )
    return path


def available() -> QRect:
    return QApplication.primaryScreen().availableGeometry()


def on_screen(widget: QWidget) -> bool:
    """The widget is shown and all of it lies on the screen."""
    corner = widget.mapToGlobal(widget.rect().topLeft())
    return widget.isVisible() and available().contains(QRect(corner, widget.size()))


def opened(qtbot, database) -> QWidget:
    """The main window as the app opens it: no size forced on it."""
    from ui.main_window import MainWindow

    window = MainWindow(database)
    qtbot.addWidget(window)
    show_active(qtbot, window)
    return window


def test_a_hundred_players_open_within_the_screen_and_their_helper_lines_scroll(
    qtbot, database, tmp_path, monkeypatch
):
    QSettings().clear()
    window = opened(qtbot, database)
    path = crowd_file(tmp_path)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), ""))
    press(qtbot, window.act_import)  # Ctrl+I, the file chosen in the (system's) dialog
    assert window.session is not None and len(window.session.encounter.players()) == PLAYERS
    lines = window.turns.helpers_scroll
    qtbot.waitUntil(lambda: lines.verticalScrollBar().maximum() > 0)  # the rest scrolls
    assert available().contains(window.frameGeometry())
    assert on_screen(window.statusBar())
    log_tab = next(
        bar for bar in window.findChildren(QTabBar) if "Log" in [bar.tabText(i) for i in range(2)]
    )
    assert on_screen(log_tab)
    assert on_screen(lines)
    assert lines.height() < 10 * lines.fontMetrics().lineSpacing()
    window.close()  # saves the layout

    again = opened(qtbot, database)
    assert available().contains(again.frameGeometry())
    again.open_session("Crowd")
    qtbot.waitUntil(lambda: again.turns.helpers_scroll.verticalScrollBar().maximum() > 0)
    assert available().contains(again.frameGeometry())
    assert on_screen(again.statusBar())
    again.close()


def saved_frame(geometry) -> QRect:
    """The window frame a saved geometry holds (QWidget.saveGeometry's format: magic
    number, version, then the frame rectangle)."""
    stream = QDataStream(geometry)
    assert stream.readUInt32() == 0x1D9D0CB
    stream.readUInt16(), stream.readUInt16()
    frame = QRect()
    stream >> frame
    return frame


def test_a_window_grown_past_the_screen_is_saved_within_it(qtbot, database):
    QSettings().clear()
    screen = available()
    window = opened(qtbot, database)
    window.resize(1440, screen.height() * 5 // 2)  # as the window grew with a big party
    assert window.height() > screen.height()
    window.close()
    saved = QSettings().value(f"mainWindow/{screen.width()}x{screen.height()}/geometry")
    assert screen.contains(saved_frame(saved))
