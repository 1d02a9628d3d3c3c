"""A rule pack in the app: written by a player, opened with File → Open rule pack…, its
tutorial started from the start page, then
edited in a text editor and saved: the open session decides again at once; a broken save is
reported with its line and the last good version kept."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from desktop.paths import data_dir
from tests.ui.at_the_table import import_by_keyboard, key, log_lines
from tests.ui.real_input import choose, click, start_tutorial

ROOT = Path(__file__).resolve().parents[2]
ZOMBIES = (ROOT / "desktop/rulesets/zombie_horde/pack.toml").read_text()
FARMHOUSE = (
    ROOT / "desktop/rulesets/zombie_horde/encounters/zombie-horde-farmhouse.toml"
).read_text()


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


RUNNER = """
format = 1
ruleset = "zombie-horde"
name = "Two ways round"

[board]
shape = "square"
cells = \"\"\"
. . . .
. . . .
\"\"\"

[[units]]
id = "runner"
name = "Sprinter"
side = "enemy"
at = [0, 0]
hp = 2
max_hp = 2
kind = "runner"

[[units]]
id = "ada"
name = "Ada"
side = "player"
at = [2, 1]
hp = 5
max_hp = 5
"""


def test_choices_ending_on_one_square_by_different_ways_read_differently(
    window, qtbot, tmp_path, monkeypatch
):
    import_by_keyboard(qtbot, window, monkeypatch, tmp_path, "two-ways.toml", RUNNER)
    choices = window.panel.choices
    listed = [choices.item(i).text() for i in range(choices.count())]
    assert listed == [
        "Choice 1 (as decided): Move to [2, 0]",
        "Choice 2: Move to [1, 1] via [1, 0]",
        "Choice 3: Move to [1, 1] via [0, 1]",
    ]
    click(qtbot, choices.viewport(), choices.visualItemRect(choices.item(2)).center())
    assert window.scene.highlights.path_cells == ((0, 1), (1, 1))
    key(qtbot, Qt.Key.Key_Return)
    assert window.session.encounter.unit("runner").at == (1, 1)
    assert log_lines(window)[-1] == "Sprinter: Move to [1, 1] via [0, 1] (players' choice 3)"
