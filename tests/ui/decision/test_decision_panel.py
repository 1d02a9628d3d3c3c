"""The decision panel on its own: typed dice, choices, apply."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel

from desktop.engine.decision import Decision, Outcome, TraceStep
from desktop.engine.dice import Roll
from tests.ui.real_input import click
from tests.ui.showing import show_active
from ui.decision.decision_panel import DecisionPanel, parse_rolls


def decision(alternatives=()) -> Decision:
    return Decision(
        unit="orc",
        ruleset="card-flip-rpg",
        ai="standard",
        outcome=Outcome("attack", ("aria",)),
        summary="Attack Aria",
        rolls=(Roll("d6", 4, "to hit"),),
        alternatives=tuple(alternatives),
        trace=(
            TraceStep("1. Low", "skipped", "HP 9 of 10"),
            TraceStep("3. Attack", "applied", "Aria 1 square away"),
        ),
    )


def test_parse_rolls_accepts_spaces_and_commas_and_names_bad_entries():
    assert parse_rolls("4 2, 6") == [4, 2, 6]
    assert parse_rolls("  ") == []
    with pytest.raises(ValueError, match="'0' is not a die result"):
        parse_rolls("3 0")


def test_shows_summary_steps_and_rolls(qtbot):
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    panel.show_decision(decision(), "Orc", {"aria": "Aria"})
    assert panel.summary.text() == "Attack Aria"
    assert [c.step.outcome for c in panel.steps.cards] == ["skipped", "applied"]
    assert "Aria 1 square away" in panel.steps.cards[1].detail.text()
    assert "d6 = 4 (to hit)" in panel.rolls.text()
    assert panel.choices.isHidden()


def test_alternatives_are_choices_and_apply_sends_the_choice(qtbot):
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.show_decision(
        decision([Outcome("attack", ("bram",))]), "Orc", {"aria": "Aria", "bram": "Bram"}
    )
    assert panel.choices.count() == 2
    # Numbered from 1 like the log's "players' choice N" (desktop.engine.decision.choice_label).
    assert panel.choices.item(0).text() == "Choice 1 (as decided): Attack Aria"
    assert panel.choices.item(1).text() == "Choice 2: Attack Bram"
    choices = panel.choices
    with qtbot.waitSignal(panel.choiceChanged) as changed:
        click(qtbot, choices.viewport(), choices.visualItemRect(choices.item(1)).center())
    assert changed.args == [1]
    assert panel.chosen_outcome().targets == ("bram",)
    with qtbot.waitSignal(panel.applyRequested) as applied:
        click(qtbot, panel.apply_button)
    assert applied.args == [1]


def test_typed_dice_are_emitted_or_refused(qtbot):
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    show_active(qtbot, panel)
    panel.show_decision(decision(), "Orc", {"aria": "Aria"})
    click(qtbot, panel.typed)
    qtbot.keyClicks(panel.typed, "5 1")
    with qtbot.waitSignal(panel.rollsEntered) as entered:
        qtbot.keyClick(panel.typed, Qt.Key.Key_Return)
    assert entered.args == [[5, 1]]
    qtbot.keyClick(panel.typed, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(panel.typed, "x")
    with qtbot.assertNotEmitted(panel.rollsEntered):
        click(qtbot, panel.use_button)
    assert "'x' is not a die result" in panel.error.text()


def test_asking_for_physical_dice_names_each_die_and_its_purpose(qtbot):
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    panel.show()
    needed = [Roll("3d6", 11, "Combat dice for Ghoul"), Roll("d6", 2, "overwatch")]
    panel.ask_for_dice(needed, 1, "Ghoul", "standard")
    assert panel.asking and not panel.apply_button.isEnabled()
    assert panel.rolls.text().splitlines() == [
        "Your 1 typed die is in; now roll and type 4 dice, in this order:",
        "1. 3d6 (type each of its 3 dice) — Combat dice for Ghoul",
        "2. d6 — overwatch",
    ]
    assert "11" not in panel.rolls.text()  # the generator's values stay hidden
    assert panel.roll_button.text() == "Roll for me"
    panel.show_decision(decision(), "Orc", {"aria": "Aria"})
    assert not panel.asking and panel.roll_button.text() == "Roll again"


def test_asking_for_physical_dice_leaves_out_the_groups_roll_and_says_whose_it_is(qtbot):
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    panel.show()
    group = Roll("d6", 5, "table roll (Tactical, the group's roll)", scripted=True, shared=True)
    panel.ask_for_dice(
        [Roll("d6", 2, "overwatch")], 0, "Trooper 2", "tactical", (group, "Trooper 1")
    )
    assert panel.rolls.text().splitlines() == [
        "Trooper 2 shares the group's roll of 5 rolled by Trooper 1 "
        "(table roll (Tactical, the group's roll)).",
        "Roll and type 1 die:",
        "1. d6 — overwatch",
    ]


def long_decision(tag: str, steps: int) -> Decision:
    """A decision whose reasoning has `steps` steps, the last one applied."""
    trace = (
        *(
            TraceStep(f"{i}. Hero {i} {tag}", "skipped", f"{tag}: hero {i} is {i + 2} squares away")
            for i in range(1, steps)
        ),
        TraceStep(f"{steps}. Attack {tag}", "applied", f"{tag}: the one in reach"),
    )
    return Decision(
        unit="orc",
        ruleset="card-flip-rpg",
        ai="standard",
        outcome=Outcome("attack", ("aria",)),
        summary=f"Attack Aria ({tag})",
        trace=trace,
    )


def test_the_next_decision_reuses_the_step_cards_and_shows_its_own_steps(qtbot):
    """One Enter makes no widget for a reasoning column no longer than one shown before
    (a 40-step column took most of an Enter's layout at the documented limits), and every
    card shows the new decision's step: numbers, marks, reasons, the fold on a click."""
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    show_active(qtbot, panel)
    panel.show_decision(long_decision("first", 40), "Orc", {"aria": "Aria"})
    made = list(panel.steps.cards)
    panel.show_decision(long_decision("second", 3), "Orc", {"aria": "Aria"})
    assert panel.steps.cards == made[:3]
    assert [c.title.text() for c in panel.steps.cards] == [
        "1. Hero 1 second",
        "2. Hero 2 second",
        "3. Attack second",
    ]
    assert [c.outcome.text() for c in panel.steps.cards] == ["– skipped"] * 2 + ["✔ applies"]
    assert panel.steps.cards[2].detail.text() == "second: the one in reach"
    assert panel.steps.cards[2].frameShape() != panel.steps.cards[0].frameShape()
    assert all(card.isHidden() for card in made[3:])
    panel.show_decision(long_decision("third", 40), "Orc", {"aria": "Aria"})
    assert panel.steps.cards == made
    assert all(card.isVisible() for card in made)
    assert made[39].title.text() == "40. Attack third" and made[39].detail.isVisible()
    first = made[0]
    shown = first.detail.isVisible()
    click(qtbot, first.title)
    assert first.detail.isVisible() is not shown
    panel.show_decision(None)  # nothing decided: no step shown
    assert panel.steps.cards == [] and not any(card.isVisible() for card in made)


def test_a_new_reasoning_unfolds_as_many_reasons_as_the_panel_holds(qtbot):
    """The reasons of skipped steps fold only while the column is taller than the panel,
    measured on the new steps (the cards are reused and laid out while hidden): the column
    fits without a scroll bar, and the room left is less than the last folded reason."""
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    panel.resize(360, 620)
    show_active(qtbot, panel)
    panel.show_decision(long_decision("first", 3), "Orc", {"aria": "Aria"})
    panel.show_decision(long_decision("second", 14), "Orc", {"aria": "Aria"})
    steps = panel.steps
    cards = steps.cards
    width = steps.viewport().width()
    qtbot.waitUntil(lambda: steps.widget().height() <= steps.viewport().height() + 1)
    assert not steps.verticalScrollBar().isVisible()
    unfolded = [c for c in cards if c.detail.isVisible()]
    folded = [c for c in cards if not c.detail.isVisible()]
    assert cards[-1] in unfolded and folded and len(unfolded) > 1
    room = steps.viewport().height() - steps.widget().heightForWidth(width)
    assert 0 <= room < folded[-1].detail.heightForWidth(folded[-1].detail.width() or width)


def _needed_height(label) -> int:
    """The height a fresh label like `label` (text, font, margins, wrapping) needs at its
    width: what the panel must give it to show the whole reason."""
    fresh = QLabel(label.text())
    fresh.setWordWrap(True)
    fresh.setTextInteractionFlags(label.textInteractionFlags())
    fresh.setContentsMargins(label.contentsMargins())
    fresh.setFont(label.font())
    return fresh.heightForWidth(label.width())


def test_a_reused_card_is_as_tall_as_its_new_reason_and_its_font_need(qtbot):
    """The reasons' heights are remembered per width; a reused card's longer (or shorter)
    reason, or a bigger font, is measured again: the whole reason shows, with no gap."""
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    panel.resize(360, 900)
    show_active(qtbot, panel)
    reasons = ["short: in reach", "long: " + "the hero two hexes away, " * 40, "short again"]
    for reason in reasons:
        step = TraceStep("1. Attack", "applied", reason)
        panel.show_decision(replace(decision(), trace=(step,)), "Orc", {"aria": "Aria"})
        detail = panel.steps.cards[0].detail
        qtbot.waitUntil(lambda d=detail: d.height() == _needed_height(d), timeout=5000)
    short = detail.height()
    font = QFont(panel.font())
    font.setPointSizeF(font.pointSizeF() * 1.6)
    panel.setFont(font)
    qtbot.waitUntil(lambda: detail.height() == _needed_height(detail), timeout=5000)
    assert detail.height() > short


def _label_like(label) -> QLabel:
    """A plain QLabel set up as `label` is (text, font, margins, wrapping, selection)."""
    plain = QLabel(label.text())
    plain.setWordWrap(True)
    plain.setTextInteractionFlags(label.textInteractionFlags())
    plain.setContentsMargins(label.contentsMargins())
    plain.setFont(label.font())
    return plain


def test_a_reused_cards_reason_asks_the_least_room_a_plain_label_would(qtbot):
    """A reason's minimum size (its widest word, its lines unwrapped) is worked out by the
    card, not by QLabel: it is QLabel's own for every new reason of a reused card, long
    words, marks from other fonts, line breaks and a bigger font included (the column is
    never narrower than a word, nor its cards shorter than a line)."""
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    panel.resize(300, 700)
    show_active(qtbot, panel)
    reasons = [
        ("1. Attack", "short: in reach"),
        ("2. Move", "a reason with an unbreakableveryveryveryverylongwordinside it, " * 3),
        ("3. Sight", "✔ – → marks and ünïcode\nover two lines\n\nand a blank one"),
        ("4. Hold", "the hero two squares away, " * 60),
    ]
    for turn in range(len(reasons)):  # each card shows each reason in turn
        shifted = reasons[turn:] + reasons[:turn]
        trace = tuple(TraceStep(step, "applied", reason) for step, reason in shifted)
        panel.show_decision(replace(decision(), trace=trace), "Orc", {"aria": "Aria"})
        for card in panel.steps.cards:
            assert card.detail.minimumSizeHint() == _label_like(card.detail).minimumSizeHint()
    font = QFont(panel.font())
    font.setPointSizeF(font.pointSizeF() * 1.6)
    panel.setFont(font)
    for card in panel.steps.cards:
        assert card.detail.minimumSizeHint() == _label_like(card.detail).minimumSizeHint()


def _many_moves(tag: str, count: int) -> Decision:
    """A reasoning like a dungeon-crawl enemy's facing dozens of heroes at once: every step
    applied (framed cards), each reason a few lines long."""
    trace = tuple(
        TraceStep(
            "Moving to fight",
            "applied",
            f"{tag}: the square next to hero {i} on its side is south; it is {40 + i} squares "
            "away; it moves 5 squares to " + " or ".join(f"[{c}, 183]" for c in range(8, 18)),
        )
        for i in range(count)
    )
    return replace(long_decision(tag, 1), trace=trace)


def test_a_long_reasoning_lays_each_reason_out_once_at_the_width_it_is_shown_at(qtbot):
    """A column that cannot fit shows its scroll bar before its cards are measured, and a
    card's size hint is its height at its own width: each new reason is measured at the
    width it is shown at only (the widths a reason remembers a height for), not also at the
    width without the bar, at its frame's width more, or at its title's width each time the
    panel is resized."""
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    panel.resize(360, 620)
    show_active(qtbot, panel)
    panel.show_decision(long_decision("first", 3), "Orc", {"aria": "Aria"})
    qtbot.wait(20)
    steps = panel.steps
    assert not steps.verticalScrollBar().isVisible()
    panel.show_decision(_many_moves("second", 30), "Orc", {"aria": "Aria"})
    qtbot.wait(20)
    panel.resize(360, 560)  # a shorter panel, as when the choices list shows
    qtbot.waitUntil(lambda: steps.height() < 560)
    qtbot.wait(20)
    assert steps.verticalScrollBar().isVisible() and len(steps.cards) == 30
    for card in steps.cards:
        assert card.detail.isVisible()
        assert set(card.detail._heights) == {card.detail.width()}
    # Shown again with a column that fits: the bar goes as before.
    panel.show_decision(long_decision("third", 2), "Orc", {"aria": "Aria"})
    qtbot.waitUntil(lambda: not steps.verticalScrollBar().isVisible())


@pytest.mark.parametrize("width", [60, 180, 333, 700])
def test_a_reason_is_as_tall_as_qlabel_makes_it_at_any_width(qtbot, width):
    """A reason measures its height from its own layout of the text, not QLabel's text
    control: the same height as QLabel's, for one line or many, several paragraphs, words
    wider than the width, a bold and a bigger font."""
    panel = DecisionPanel()
    qtbot.addWidget(panel)
    reasons = [
        "in reach",
        "the square next to hero 13 on its side is north-west [145, 113], but it cannot be "
        "stood on; trying clockwise, then anticlockwise: north-east [147, 113] " * 3,
        "first line\nsecond line, rather longer than the first one is\n\nafter a gap",
        "x" * 90 + " tail",
    ]
    bigger = QFont(panel.font())
    bigger.setBold(True)
    bigger.setPointSizeF(bigger.pointSizeF() * 1.4)
    for font in (panel.font(), bigger):
        panel.setFont(font)
        for reason in reasons:
            step = TraceStep("1. Attack", "applied", reason)
            panel.show_decision(replace(decision(), trace=(step,)), "Orc", {"aria": "Aria"})
            detail = panel.steps.cards[0].detail
            detail.ensurePolished()
            fresh = _label_like(detail)
            assert detail.heightForWidth(width) == fresh.heightForWidth(width)
            assert detail.minimumSizeHint() == fresh.minimumSizeHint()
