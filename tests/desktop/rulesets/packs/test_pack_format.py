"""The rule pack format: every problem named with its line and field, at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.rulesets.packs.pack_format import PackError, parse_pack

ZOMBIES = (
    Path(__file__).resolve().parents[4] / "desktop/rulesets/zombie_horde/pack.toml"
).read_text()


def problems(text: str) -> list[tuple[int | None, str, str]]:
    with pytest.raises(PackError) as raised:
        parse_pack(text, "my.toml")
    return [(p.line, p.field, p.message) for p in raised.value.problems]


def line_of(text: str, fragment: str, after: int = 0) -> int:
    lines = text.split("\n")
    return next(i + 1 for i in range(after, len(lines)) if fragment in lines[i])


def test_the_shipped_pack_reads():
    pack = parse_pack(ZOMBIES, "zombie-horde.toml")
    assert [r.key for r in pack.rules["zombie"]] == ["bite", "chase", "hold"]
    assert pack.data.closed_terrain == {"+"} and pack.data.sight_terrain == {"+"}
    # Cards list the rules' titles when the AI type gives no steps of its own.
    assert pack.data.ai_types["zombie"].steps[0].startswith("1. A survivor beside it")


def test_every_problem_is_reported_with_its_line_and_field():
    text = (
        ZOMBIES.replace(
            'prefer = ["fewest-hp"] }\naction = "attack"',
            'prefer = ["weakest"] }\naction = "attack"',
        )
        .replace('action = "hold"\n', 'action = "dance"\n', 1)
        .replace("enterable = false", "enterable = false\nopen = 3")
        .replace("values = { walker = 1, runner = 2 }", "values = { walker = 1 }")
    )
    found = problems(text)
    bite = line_of(text, 'key = "bite"')
    assert (line_of(text, "open = 3"), 'terrain."+".open') == found[0][:2]
    fields = {(line, field) for line, field, _ in found}
    assert (line_of(text, "target =", bite), "ai_types.zombie.rules[1].target.prefer") in fields
    assert (line_of(text, 'action = "dance"'), "ai_types.zombie.rules[3].action") in fields
    assert (line_of(text, "squares ="), "ai_types.zombie.rules[2].squares") in fields
    messages = " | ".join(m for _, _, m in found)
    assert "unknown word 'weakest' (known: fewest-hp" in messages
    assert (
        "is 'dance'; expected one of attack, move-toward, move-away, flee, heal, roll, hold"
        in messages
    )
    assert "no number for runner" in messages


def test_a_rule_without_a_title_is_refused_at_check_time():
    text = ZOMBIES.replace('title = "3. Nobody to go for: hold"\n', "")
    [(line, field, message)] = problems(text)
    assert field == "ai_types.zombie.rules[3].title" and "missing" in message
    assert line == line_of(text, 'key = "hold"') - 1  # the rule's header


def test_an_action_word_the_pack_does_not_declare_is_refused():
    text = ZOMBIES.replace(
        'stop_to_attack = { says = "move-attack"', 'stop_to_attack = { says = "lunge"'
    )
    [(line, field, message)] = problems(text)
    assert field.endswith(".stop_to_attack") and "'lunge' is not one of its [actions]" in message
    assert line == line_of(text, "stop_to_attack")


def test_not_toml_names_the_line():
    [(line, field, message)] = problems('id = "x"\nname = \n')
    assert (line, field) == (2, "(file)") and "not valid TOML" in message


def test_tables_written_as_values_are_refused_each_with_its_line():
    found = problems('id = "x"\nai_types = 5\nterrain = "x"\ntests = 4\n')
    assert [(line, field) for line, field, _ in found if line] == [
        (2, "ai_types"),
        (3, "terrain"),
        (4, "tests"),
    ]


@pytest.mark.parametrize("shape", ['"round"', "3"])
def test_a_board_shape_foebook_cannot_draw_is_refused_with_its_line(shape):
    text = ZOMBIES.replace('board_shape = "square"', f"board_shape = {shape}")
    [(line, field, message)] = problems(text)
    assert (line, field) == (line_of(text, "board_shape ="), "board_shape")
    assert "expected square or hex" in message
