"""Values shown to a person: shortened in messages, never acted on by a terminal."""

from __future__ import annotations

import datetime
import json

from hypothesis import given
from hypothesis import strategies as st

from desktop.display_text import SHOWN_CHARACTERS, json_terminal_safe, shown, terminal_safe

ACTED_ON = [chr(c) for c in (*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, 0x202E, 0x2066)]


def test_shown_quotes_short_values_as_python_writes_them():
    assert shown("goblin") == "'goblin'"
    assert shown(3) == "3" and shown({}) == "{}"
    assert shown(datetime.date(1979, 5, 27)) == "datetime.date(1979, 5, 27)"
    assert shown("a\x1bb") == "'a\\x1bb'"


def test_shown_cuts_a_long_text_and_says_how_long_it_was():
    text = shown("n" * 5_000_000)
    assert text == f"'{'n' * (SHOWN_CHARACTERS - 1)}… (5,000,000 characters)"


@given(
    st.recursive(
        st.text() | st.integers() | st.floats(),
        lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
        max_leaves=200,
    )
)
def test_shown_stays_short_whatever_the_value(value):
    assert len(shown(value)) <= SHOWN_CHARACTERS + len("… (1,000,000 characters)")


def test_deep_nesting_is_shown_without_recursing():
    value: list = []
    for _ in range(5000):
        value = [value]
    assert shown(value) == "[[[[...]]]]"
    assert shown(10**300).startswith("1000") and len(shown(10**300)) <= 41


def test_terminal_safe_escapes_what_a_terminal_acts_on():
    assert terminal_safe("\x1b]0;title\x07Red\r\n\t") == "\\x1b]0;title\\x07Red\\r\\n\\t"
    assert terminal_safe("\x9b31m\x7f\u202e") == "\\x9b31m\\x7f\\u202e"
    assert terminal_safe("Goblin — 🐉 é") == "Goblin — 🐉 é"


def test_layout_keeps_newlines_and_tabs_only():
    assert terminal_safe("a\tb\nc\x1b\r", layout=True) == "a\tb\nc\\x1b\\r"


@given(st.text())
def test_nothing_a_terminal_acts_on_survives(text):
    safe = terminal_safe(text)
    assert not any(char in safe for char in ACTED_ON)
    assert not any(
        char in terminal_safe(text, layout=True) for char in ACTED_ON if char not in "\n\t"
    )


@given(
    st.recursive(
        st.text() | st.integers(), lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner)
    )
)
def test_json_stays_the_same_json_and_safe(value):
    text = json_terminal_safe(json.dumps(value, ensure_ascii=False, indent=2))
    assert json.loads(text) == value
    assert not any(char in text for char in ACTED_ON if char != "\n")
