"""A rule pack in the app: written by a player, opened with File → Open rule pack…, its
tutorial started from the start page, then
edited in a text editor and saved: the open session decides again at once; a broken save is
reported with its line and the last good version kept."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog

from desktop.paths import data_dir
from tests.ui.real_input import choose, start_tutorial

ROOT = Path(__file__).resolve().parents[2]
ZOMBIES = (ROOT / "resources" / "packs" / "zombie-horde.toml").read_text()
FARMHOUSE = (ROOT / "resources" / "encounters" / "zombie-horde-farmhouse.toml").read_text()


def test_a_pack_opened_in_the_app_then_edited_on_disk_changes_the_decision(
    window, qtbot, tmp_path, monkeypatch
):
    mine = tmp_path / "ghouls.toml"
    (tmp_path / "ghouls").mkdir()
    night = FARMHOUSE.replace('"zombie-horde"', '"ghouls"').replace(
        "Farmhouse at night", "Ghoul night"
    )
    (tmp_path / "ghouls" / "ghoul-night.toml").write_text(night)
    mine.write_text(
        ZOMBIES.replace('id = "zombie-horde"', 'id = "ghouls"').replace(
            'name = "Zombie horde"', 'name = "Ghouls"'
        )
    )
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(mine), ""))
    choose(qtbot, window, window.packs.action)  # File → Open rule pack…
    installed = data_dir() / "packs" / "ghouls.toml"
    assert installed.is_file()
    assert "Rule pack 'ghouls' installed" in window.statusBar().currentMessage()
    # Its tutorial (the folder named after it, beside it) is on the start page: started.
    card = next(c for c in window.welcome.cards if c.accessibleName() == "Ghouls tutorial")
    [button] = card.buttons
    assert "“Ghoul night” (ghoul-night.toml)" in button.toolTip()
    start_tutorial(qtbot, window, "ghoul-night.toml")
    assert window.session.ruleset.id == "ghouls"
    assert window.decision.unit == "walker1"
    assert window.panel.summary.text() == "Move 1 square toward Ada"
    # Edited in a text editor and saved: walkers now move 2 squares.
    installed.write_text(installed.read_text().replace("walker = 1", "walker = 2"))
    qtbot.waitUntil(
        lambda: window.panel.summary.text() == "Move 2 squares toward Ada", timeout=5000
    )
    # A broken save: the problem with its line; the last good version goes on deciding.
    broken = installed.read_text().replace('action = "attack"', 'action = "gnaw"')
    installed.write_text(broken)
    line = next(i + 1 for i, text in enumerate(broken.split("\n")) if "gnaw" in text)
    qtbot.waitUntil(lambda: "gnaw" in window.statusBar().currentMessage(), timeout=5000)
    message = window.statusBar().currentMessage()
    assert f"{installed}:{line}: ai_types.zombie.rules[1].action: is 'gnaw'" in message
    assert message.endswith("the last good version is kept")
    assert window.panel.summary.text() == "Move 2 squares toward Ada"
