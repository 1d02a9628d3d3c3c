"""A monster type's card, for a scenario played from a monster book: its stat lines (the
scenario level's first, in a grid per rank, then every level in a table), its notes, how its
standees behave and the markers they can get. One card per type stands for all its
standees."""

from __future__ import annotations

from desktop.engine.encounter import Encounter
from desktop.engine.ruleset import AiTypeSpec, RulesetData
from desktop.engine.unit_types import StatRow, UnitType, UnitTypesSpec, stat_rows, type_order
from desktop.engine.units import Unit
from ui.cards.content import (
    Block,
    CardContent,
    Heading,
    Paragraph,
    Run,
    StatGrid,
    Style,
    _behaviour_blocks,
    _status_blocks,
    number,
    pretty,
    text,
)


def _row_words(row: StatRow) -> str:
    numbers = [f"HP {row.hp}", *(f"{pretty(n).lower()} {number(v)}" for n, v in row.values)]
    return ", ".join([*numbers, *row.extras])


def type_card(
    unit_type: UnitType, spec: UnitTypesSpec, data: RulesetData, level: int, footer: str
) -> CardContent:
    blocks: list[Block] = []
    for row in stat_rows(unit_type, spec, (level,)):
        blocks.append(Heading(f"{row.rank.capitalize()}, level {level}"))
        cells = (("HP", str(row.hp)), *((pretty(n), number(v)) for n, v in row.values))
        blocks.append(StatGrid(tuple(cells)))
        if row.extras:
            blocks.append(Paragraph(text(", ".join(row.extras).capitalize())))
    if unit_type.notes:
        blocks.append(Paragraph(text(unit_type.notes, Style.ITALIC)))
    blocks.append(Heading("Every level"))
    blocks += [
        Paragraph((Run(_row_words(row)),), label=f"{row.level} {row.rank[0].upper()}", table=True)
        for row in stat_rows(unit_type, spec)
    ]
    ai_id = data.default_ai()
    ai = data.ai_types.get(ai_id) or AiTypeSpec(ai_id, pretty(ai_id), "")
    blocks.append(Heading(f"AI: {ai.name}"))
    blocks += _behaviour_blocks(ai)
    blocks += _status_blocks(data)
    return CardContent(
        unit_type.name,
        f"{data.name} · level {level} · {unit_type.standees} standees",
        tuple(blocks),
        footer,
        data.name,
        key=f"type:{unit_type.id}",
        back_title=unit_type.name,
    )


def type_cards(encounter: Encounter, enemies: list[Unit], data: RulesetData, footer: str):
    """The cards of the types `enemies` are standees of, one per type in roster order, and
    the enemies that are no standee (they keep a card each)."""
    book, spec = encounter.book, data.unit_types
    if book is None or spec is None:
        return [], enemies
    cards = [
        type_card(unit_type, spec, data, encounter.level, footer)
        for type_id in type_order(enemies)
        if (unit_type := book.unit_type(type_id)) is not None
    ]
    return cards, [u for u in enemies if u.standee is None]
