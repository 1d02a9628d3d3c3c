"""What goes on a card, as plain data: built from an enemy or an AI type and its ruleset's data.

Nothing here knows about Qt; `layout.py` measures and places these blocks.
"""

from __future__ import annotations

import datetime as _dt
from collections import Counter
from dataclasses import dataclass, field, replace
from enum import StrEnum

from desktop.engine.chain import plural, plural_noun
from desktop.engine.encounter import Encounter
from desktop.engine.ruleset import AiTypeSpec, RulesetData
from desktop.engine.unit_fields import shown_fields
from desktop.engine.units import AreaAttack, Unit, Weapon
from desktop.tracker.expiry_words import expiry_words


class Style(StrEnum):
    BODY = "body"
    BOLD = "bold"
    ITALIC = "italic"


@dataclass(frozen=True)
class Run:
    text: str
    style: Style = Style.BODY


@dataclass(frozen=True)
class Heading:
    """A shaded bar naming the section below it; never left alone at the foot of a card."""

    text: str


@dataclass(frozen=True)
class Paragraph:
    """Wrapped text; `label` (a step number, a D6 roll) hangs in a gutter to its left."""

    runs: tuple[Run, ...]
    label: str = ""
    table: bool = False  # a row of a D6 table: ruled and with a shaded roll column


@dataclass(frozen=True)
class StatGrid:
    cells: tuple[tuple[str, str], ...]  # (label, value)


@dataclass(frozen=True)
class HpTrack:
    max_hp: int


@dataclass(frozen=True)
class AreaDiagram:
    """An area attack: its hexes drawn as a small map beside the words saying how it is used."""

    runs: tuple[Run, ...]
    hexes: tuple[tuple[int, int], ...]  # axial offsets of the attacked hexes
    own_hex: bool  # melee: the attacker's hex (the origin) is drawn, marked


Block = Heading | Paragraph | StatGrid | HpTrack | AreaDiagram


@dataclass(frozen=True)
class CardContent:
    title: str
    subtitle: str
    blocks: tuple[Block, ...]
    footer: str
    ruleset_name: str
    key: str = ""  # the unit id, or "ai:<id>" for a reference card
    back_title: str = ""


class Selection(StrEnum):
    ALL = "all"
    SELECTED = "selected"
    ONE_PER_AI = "one-per-ai"
    REFERENCE = "reference"


def text(value: str, style: Style = Style.BODY) -> tuple[Run, ...]:
    return (Run(value, style),)


def number(value: float | int | str | None) -> str:
    if value is None:
        return "–"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def pretty(identifier: str) -> str:
    """`shoot-nearest` -> `Shoot nearest`."""
    words = identifier.replace("_", " ").replace("-", " ").split()
    return " ".join(words).capitalize() if words else identifier


def footer_text(source: str, date: _dt.date | None = None) -> str:
    when = (date or _dt.date.today()).isoformat()
    return f"{source} · {when}" if source else when


def _distance(value: float, data: RulesetData) -> str:
    if data.distance_unit == "inch":
        return f'{number(value)}"'
    unit = data.distance_unit
    return f"{number(value)} {unit if value == 1 else plural_noun(unit)}"


def weapon_runs(weapon: Weapon, data: RulesetData) -> tuple[Run, ...]:
    bits = [weapon.kind]
    if weapon.range != 1:  # 1 is also what a file without a range gets
        bits.append(f"range {_distance(weapon.range, data)}")
    if weapon.strength is not None:
        bits.append(f"strength {weapon.strength}")
    bits += [f"{pretty(k).lower()} {number(v)}" for k, v in weapon.extra.items()]
    return (Run(weapon.name, Style.BOLD), Run(" — " + ", ".join(bits)))


def enemy_stats(unit: Unit, data: RulesetData) -> tuple[tuple[str, str], ...]:
    cells = []
    for name, spec in data.stats.items():
        if spec.applies_to == "player" or spec.per_round:
            continue
        if name not in unit.stats and spec.default is None:
            continue  # a number it has not got (monster-focus's shield)
        cells.append((pretty(name), number(unit.stats.get(name, spec.default))))
    # numbers the ruleset does not declare but the file carries anyway
    cells += [(pretty(k), number(v)) for k, v in unit.stats.items() if k not in data.stats]
    # its kind and counts of the ruleset's own (a zombie's "Kind: runner")
    cells += shown_fields(data.unit_fields, unit.fields, unit.is_enemy)
    return tuple(cells)


def area_block(area: AreaAttack, unit: Unit, data: RulesetData) -> AreaDiagram:
    """The area's hexes and one line on how it is placed (the spec's rules, our words)."""
    melee = area.kind == "melee"
    # The attacker's own hex is never part of a melee area, whatever the file lists.
    hexes = tuple(h for h in area.hexes if not (melee and h == (0, 0)))
    count = plural(len(hexes), "hex")
    if melee:
        how = f"{count} from its own hex (dot); may be rotated or mirrored."
    else:
        spec = data.stats.get("range")
        reach = _distance(unit.stat("range", (spec.default if spec else None) or 0), data)
        how = (
            f"{count}, placed with at least one within {reach}; may be rotated or "
            "mirrored; hits only characters in sight."
        )
    runs = (Run(f"Area attack ({pretty(area.kind).lower()}): ", Style.BOLD), Run(how))
    return AreaDiagram(runs, hexes, own_hex=melee)


def _status_blocks(data: RulesetData) -> list[Block]:
    if not data.statuses:
        return []
    blocks: list[Block] = [Heading("Status markers")]
    for status in data.statuses.values():
        if status.same_as:  # another spelling: its status is on the card already
            continue
        runs = [Run(status.name + ": ", Style.BOLD), Run(status.reminder)]
        lasts = expiry_words(status)
        if lasts:
            runs.append(Run(" " + lasts, Style.ITALIC))
        blocks.append(Paragraph(tuple(runs)))
    return blocks


def _tactic_blocks(priorities: tuple[str, ...], data: RulesetData) -> list[Block]:
    explain = data.extra.get("tactic_text", {})
    blocks: list[Block] = []
    for i, tactic in enumerate(priorities, 1):
        meaning = explain.get(tactic)
        runs = (
            (Run(pretty(tactic) + ": ", Style.BOLD), Run(meaning))
            if meaning
            else text(pretty(tactic), Style.BOLD)
        )
        blocks.append(Paragraph(runs, label=f"{i}."))
    return blocks


def _sentence(value: str) -> str:
    return value[:1].upper() + value[1:]


def _behaviour_blocks(ai: AiTypeSpec, steps: bool = True) -> list[Block]:
    blocks: list[Block] = [Paragraph(text(ai.summary, Style.ITALIC))] if ai.summary else []
    if steps:
        blocks += [
            Paragraph(text(_sentence(step)), label=f"{i}.") for i, step in enumerate(ai.steps, 1)
        ]
    if ai.table:
        lead = "Otherwise roll a D6:" if ai.steps and steps else "Roll a D6:"
        blocks.append(Paragraph(text(lead, Style.BOLD)))
        blocks += [
            Paragraph(text(behaviour), label=roll, table=True) for roll, behaviour in ai.table
        ]
    return blocks


def enemy_card(
    unit: Unit, data: RulesetData, footer: str, ward_name: str | None = None, show_id: bool = False
) -> CardContent:
    """One enemy: numbers, weapons, hit-point boxes, how it behaves, the markers it can get."""
    blocks: list[Block] = []
    stats = enemy_stats(unit, data)
    if stats:
        blocks.append(StatGrid(stats))
    if unit.aoe is not None:
        blocks.append(area_block(unit.aoe, unit, data))
    if unit.weapons:
        blocks.append(Heading("Weapons"))
        blocks += [Paragraph(weapon_runs(w, data)) for w in unit.weapons]
    blocks.append(Heading(f"Hit points: {unit.max_hp}"))
    blocks.append(HpTrack(unit.max_hp))
    ai_id = unit.ai or data.default_ai()
    ai = data.ai_types.get(ai_id) or AiTypeSpec(ai_id, pretty(ai_id), "")
    own = unit.choices("priorities")
    priorities = own or tuple(data.extra.get("default_priorities", ()))
    card_tactics = bool(priorities) and ("tactics" in data.extra or bool(own))
    blocks.append(Heading(f"AI: {ai.name}"))
    if card_tactics:
        # An enemy card lists its own tactics; the moves every enemy shares are on the
        # reference card of its AI type.
        blocks += _behaviour_blocks(ai, steps=False)
        blocks.append(Paragraph(text("Tactics, first one that finds a hero:", Style.BOLD)))
        blocks += _tactic_blocks(priorities, data)
        if ai.steps:
            blocks.append(
                Paragraph(
                    text(
                        f"How it moves and fights: see the reference card “{ai.name}”.",
                        Style.ITALIC,
                    )
                )
            )
    else:
        blocks += _behaviour_blocks(ai)
    ward = unit.reference("guards")
    if ward:
        blocks.append(Paragraph((Run("Guards: ", Style.BOLD), Run(ward_name or ward))))
    blocks += _status_blocks(data)
    subtitle = data.name
    if show_id:  # several enemies share this name: tell their cards apart
        subtitle += f" · {unit.id}"
    if unit.tags:
        subtitle += " · " + ", ".join(unit.tags)
    return CardContent(
        unit.name, subtitle, tuple(blocks), footer, data.name, key=unit.id, back_title=unit.name
    )


def reference_card(ai: AiTypeSpec, data: RulesetData, footer: str) -> CardContent:
    """One AI type of a ruleset: its whole behaviour, for the table's reference deck."""
    blocks = _behaviour_blocks(ai)
    tactics = data.extra.get("tactics")
    if tactics:
        explain = data.extra.get("tactic_text", {})
        blocks.append(Heading("Tactics an enemy card may list"))
        blocks += [
            Paragraph((Run(pretty(t) + ": ", Style.BOLD), Run(explain.get(t, "")))) for t in tactics
        ]
    blocks += _status_blocks(data)
    return CardContent(
        ai.name,
        f"{data.name} · AI type",
        tuple(blocks),
        footer,
        data.name,
        key=f"ai:{ai.id}",
        back_title=ai.name,
    )


@dataclass(frozen=True)
class DeckRequest:
    """What to print from an encounter (or from a ruleset alone)."""

    selection: Selection = Selection.ALL
    unit_ids: tuple[str, ...] = ()
    source: str = ""  # session or file name, for the footer
    date: _dt.date | None = field(default=None)


def enemies_for(encounter: Encounter, data: RulesetData, request: DeckRequest) -> list[Unit]:
    enemies = encounter.enemies()
    if request.selection is Selection.SELECTED:
        wanted = set(request.unit_ids)
        return [u for u in enemies if u.id in wanted]
    if request.selection is Selection.ONE_PER_AI:
        seen: set[str] = set()
        picked = []
        for unit in enemies:
            ai = unit.ai or data.default_ai()
            if ai not in seen:
                seen.add(ai)
                picked.append(unit)
        return picked
    return enemies


def encounter_deck(
    encounter: Encounter, data: RulesetData, request: DeckRequest
) -> list[CardContent]:
    if request.selection is Selection.REFERENCE:
        return reference_deck(data, request.source, request.date)
    footer = footer_text(request.source or encounter.name, request.date)
    # The markers that exist under the encounter's rule options (a Frosthaven condition only
    # on a frosthaven scenario's cards).
    data = replace(data, statuses=data.statuses_for(encounter.rules))

    def ward(unit: Unit) -> str | None:
        ward = unit.reference("guards")
        if ward and encounter.has_unit(ward):
            return encounter.unit(ward).name
        return None

    from ui.cards.type_card import type_cards  # it builds on this module's blocks

    names = Counter(u.name for u in encounter.enemies())
    cards, others = type_cards(encounter, enemies_for(encounter, data, request), data, footer)
    return cards + [enemy_card(u, data, footer, ward(u), show_id=names[u.name] > 1) for u in others]


def reference_deck(
    data: RulesetData, source: str = "", date: _dt.date | None = None
) -> list[CardContent]:
    footer = footer_text(source or f"{data.name} reference", date)
    return [reference_card(ai, data, footer) for ai in data.ai_types.values()]
