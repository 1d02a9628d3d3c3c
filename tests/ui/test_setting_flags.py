"""On/off settings edited by hand in the settings file: a value that is neither on nor off is
read as the setting's default (physical dice stay off), never as on."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from tests.ui.showing import show_active

RAID = "skirmish-ai-outpost-raid.toml"


def start_with_settings_file(qtbot, database, text: str):
    """The settings file holds `text` (as a person typed it) when the window starts."""
    from ui.main_window import MainWindow

    QSettings().clear()
    QSettings().sync()
    path = Path(QSettings().fileName())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    QSettings().sync()  # read the file as it now is
    window = MainWindow(database)
    qtbot.addWidget(window)
    window.resize(1300, 800)
    show_active(qtbot, window)
    window.start_tutorial(RAID)
    return window


@pytest.mark.parametrize("value", ["maybe", "2", "", "tru"])
def test_physical_dice_set_to_nonsense_stay_off(qtbot, database, value, caplog):
    window = start_with_settings_file(qtbot, database, f"[dice]\nphysical={value}\n")
    try:
        assert not window.act_physical.isChecked()
        assert window.panel.summary.text() != "Roll your dice"
        assert window.decision is not None and window.panel.apply_button.isEnabled()
        assert any("dice/physical" in r.getMessage() for r in caplog.records)
    finally:
        window.close()


@pytest.mark.parametrize("value", ["true", "True", "yes", "1", "on"])
def test_physical_dice_set_on_by_hand_are_on(qtbot, database, value):
    window = start_with_settings_file(qtbot, database, f"[dice]\nphysical={value}\n")
    try:
        assert window.act_physical.isChecked()
        assert window.panel.summary.text() == "Roll your dice" and window.decision is None
    finally:
        window.close()
