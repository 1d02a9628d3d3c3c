"""A minute at a shared table: two windows on one PostgreSQL session type into the same unit
by turns (HP changes relative and absolute, markers, initiative), each entry begun in one
window, interrupted by the other window's entry and the refresh it brings, then finished;
at the end the log and both screens say exactly what was typed."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

import pytest
from PySide6.QtCore import Qt

from db.repository import session_log
from tests.db.conftest import pg_server, pg_url  # noqa: F401  (one server for the module)
from tests.ui.shared_windows import Table

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

MINUTE_S = 60
IMP_INITIATIVE, BRUTE_INITIATIVE = 25, 40  # the table's other figures (shared_windows)
MARKERS = {"immobilize": "Immobilize", "disarm": "Disarm", "invisible": "Invisible"}
SAID = {"immobilize": "immobilized", "disarm": "disarmed", "invisible": "invisible"}  # the log's


@dataclass
class Ogre:
    """What the players typed, applied by hand: the expected state and log."""

    hp: int = 400
    max_hp: int = 1000
    initiative: int = 50
    markers: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)

    def hp_entry(self, rng: random.Random) -> str:
        """A random entry that keeps the ogre standing and means a change."""
        kind = rng.choice("-+=")
        if kind == "=":
            value = rng.choice([v for v in range(200, 801, 7) if v != self.hp])
            return f"={value}"
        return f"{kind}{rng.randint(1, 9)}"

    def typed_hp(self, text: str) -> None:
        old, amount = self.hp, int(text[1:])
        if text[0] == "-":
            self.hp -= amount
            self.log.append(f"Ogre takes {amount} damage (HP {old} → {self.hp} of 1000)")
        elif text[0] == "+":
            self.hp = min(self.max_hp, self.hp + amount)
            self.log.append(f"Ogre heals {self.hp - old} (HP {old} → {self.hp} of 1000)")
        else:
            self.hp = amount
            self.log.append(f"Ogre: HP {old} → {amount} of 1000")

    def toggled(self, status: str) -> None:
        if status in self.markers:
            self.markers.remove(status)
            self.log.append(f"Ogre is no longer {SAID[status]}")
        else:
            self.markers.append(status)
            # Gained in its own turn (it acts first with the lowest initiative), it lasts
            # until the end of its next one.
            held = " until the end of its next turn" if self.initiative < IMP_INITIATIVE else ""
            self.log.append(f"Ogre is {SAID[status]}{held}")

    def typed_initiative(self, value: int) -> None:
        # The log line may go on to say how the round's order was sorted again.
        self.log.append(f"Ogre: initiative {self.initiative} → {value}")
        self.initiative = value

    def new_initiative(self, rng: random.Random) -> int:
        """No tie with the others (the players would settle it)."""
        taken = (self.initiative, IMP_INITIATIVE, BRUTE_INITIATIVE)
        return rng.choice([v for v in range(10, 90) if v not in taken])


def agree(line: str, expected: str) -> bool:
    return line == expected or (
        expected.startswith("Ogre: initiative") and line.startswith(expected + ";")
    )


@pytest.mark.timeout(900)
def test_a_minute_of_two_windows_typing_into_the_same_unit(qtbot, pg_url, tmp_path):  # noqa: F811
    table = Table(qtbot, pg_url, tmp_path)
    a, b = table.a, table.b
    ogre = Ogre()
    rng = random.Random(23)
    rounds = 0
    try:
        end = time.monotonic() + MINUTE_S
        while time.monotonic() < end:
            rounds += 1
            play = rng.randrange(5)
            if play == 0:  # a begins an HP entry; b's entry and the refresh come between
                interrupted_hp_entry(table, ogre, rng, a, b)
            elif play == 1:  # the other way round: b begins, a types a whole entry
                interrupted_hp_entry(table, ogre, rng, b, a)
            elif play == 2:  # a types an initiative while b changes the HP
                value = ogre.new_initiative(rng)
                editor = table.open_initiative(a, "ogre")
                qtbot.keyClicks(editor, str(value))
                theirs = ogre.hp_entry(rng)
                table.type_hp(b, "ogre", theirs)
                ogre.typed_hp(theirs)
                table.caught_up()
                assert editor.text() == str(value)
                table.commit(a, editor)
                ogre.typed_initiative(value)
            elif play == 3:  # b sets the initiative while a is half-way through an HP entry
                mine = ogre.hp_entry(rng)
                editor = table.open_hp(a, "ogre", mine[0])
                value = ogre.new_initiative(rng)
                table.type_initiative(b, "ogre", str(value))
                ogre.typed_initiative(value)
                table.caught_up()
                mine = ogre_entry_finished(ogre, mine)
                qtbot.keyClicks(editor, mine[1:])
                table.commit(a, editor)
                ogre.typed_hp(mine)
            else:  # a toggles markers in its popup while b types HP entries (keys only)
                table.select_row(b, "ogre")
                popup = table.open_markers(a, "ogre")
                for _ in range(2):
                    status = rng.choice(list(MARKERS))
                    theirs = ogre.hp_entry(rng)
                    table.type_hp(b, "ogre", theirs, select=False)
                    ogre.typed_hp(theirs)
                    table.caught_up()
                    assert a.roster.popup is popup
                    table.toggle_marker(popup, status)
                    ogre.toggled(status)
                qtbot.keyClick(popup.list, Qt.Key.Key_Escape)
                qtbot.waitUntil(lambda: a.roster.popup is None)
        table.caught_up()
        logged = [e.text for e in session_log(table.databases[0], a.session.name)]
        assert rounds >= 5
        for window in (a, b):
            texts = [e.text for e in window.session.history]
            assert texts == logged
            assert len(texts) == len(ogre.log)
            for line, expected in zip(texts, ogre.log, strict=True):
                assert agree(line, expected), (line, expected)
            assert table.shown_hp(window, "ogre") == (ogre.hp, 1000)
            assert table.shown_initiative(window, "ogre") == str(ogre.initiative)
            shown = table.shown_markers(window, "ogre")
            assert shown == ", ".join(MARKERS[m] for m in ogre.markers)
            assert not window.roster.message.isVisible()
    finally:
        table.close()


def interrupted_hp_entry(table: Table, ogre: Ogre, rng: random.Random, first, second) -> None:
    """`first` types half an HP entry; `second` types a whole one, and `first` sees it (the
    poll) before finishing its own: both mean what they said when they were committed."""
    qtbot = table.qtbot
    begun = ogre.hp_entry(rng)
    editor = table.open_hp(first, "ogre", begun[0])
    qtbot.keyClicks(editor, begun[1:2])
    whole = ogre.hp_entry(rng)
    table.type_hp(second, "ogre", whole)
    ogre.typed_hp(whole)
    table.caught_up()
    begun = ogre_entry_finished(ogre, begun)
    qtbot.keyClicks(editor, begun[2:])
    assert editor.text() == begun  # nothing of it lost to the refresh
    table.commit(first, editor)
    ogre.typed_hp(begun)


def ogre_entry_finished(ogre: Ogre, begun: str) -> str:
    """The whole entry whose first characters were typed: an absolute one that now equals
    the HP (the other window set it) gets another last digit, so it still means a change."""
    if begun[0] != "=" or begun != f"={ogre.hp}":
        return begun
    return begun[:-1] + str((int(begun[-1]) + 1) % 10)
