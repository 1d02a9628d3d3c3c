"""Tracker commands for a scenario played from a monster book: load the book, set the scenario
level, add standees, start a round (initiatives and each type's ability card, drawn or typed
in), the attack modifier deck (bless, curse, the players' own deck) and the elements.

Like every command, each validates, returns the new state and its words for the log, and is
undone from the recorded state change.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from desktop.engine.ability_cards import ELEMENTS, INITIATIVE, AbilityCard, card_from_raw
from desktop.engine.attack_modifiers import (
    BLESS,
    CURSE,
    MOST_BLESSINGS,
    card_words,
    damage,
    modifier_card,
)
from desktop.engine.chain import joined, plural
from desktop.engine.limits import ID_PATTERN
from desktop.engine.monster_book import MonsterBook, standee_unit
from desktop.engine.ruleset import Ruleset
from desktop.engine.unit_types import StatLine, UnitType, UnitTypesSpec, free_numbers
from desktop.engine.units import Unit
from desktop.tracker.commands import (
    Command,
    _cell,
    _check_standable,
    _still_valid,
    _unit,
    _whole,
)
from desktop.tracker.errors import TrackerError
from desktop.tracker.hit_points import floored
from desktop.tracker.scenario_play import STRENGTH_WORDS, STRONG, WANING, RoundCard
from desktop.tracker.scenario_turns import (
    add_to_modifiers,
    draw_ability_card,
    in_deck,
    restandee,
    round_end_words,
    with_play,
)
from desktop.tracker.state import TrackerState
from desktop.tracker.turns import join_order, next_round, start_activation, with_fresh_order

DRAW = "draw"  # StartRound: this type's card comes from its deck in the app


def _spec(ruleset: Ruleset) -> UnitTypesSpec:
    spec = ruleset.data.unit_types
    if spec is None:
        raise TrackerError(f"{ruleset.data.name} has no unit types, so no monster book")
    return spec


def _book(state: TrackerState, ruleset: Ruleset) -> tuple[MonsterBook, UnitTypesSpec]:
    spec = _spec(ruleset)
    book = state.encounter.book
    if book is None:
        raise TrackerError("the session has no monster book: load one first")
    return book, spec


def _type(book: MonsterBook, type_id: str) -> UnitType:
    unit_type = book.unit_type(type_id) if isinstance(type_id, str) else None
    if unit_type is None:
        known = ", ".join(book.types) or "none"
        raise TrackerError(f"no unit type {type_id!r} in the monster book (types: {known})")
    return unit_type


def types_in_play(state: TrackerState, ruleset: Ruleset) -> list[str]:
    """The types with a standee on the board that is not out of action, in roster order:
    the rows of a round's start, each with a card."""
    return list(
        dict.fromkeys(
            u.standee.type
            for u in state.encounter.units
            if u.standee is not None and not ruleset.is_defeated(u)
        )
    )


@dataclass(frozen=True)
class LoadBook(Command):
    """The session carries this monster book from now on (a record: MonsterBook.to_record);
    standees already on the board take their numbers from it."""

    kind: ClassVar[str] = "load-book"
    book: dict[str, Any] = field(default_factory=dict)

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        spec = _spec(ruleset)
        try:
            book = MonsterBook.from_record(self.book)
        except (KeyError, TypeError, ValueError, AttributeError):
            raise TrackerError("the monster book is not readable") from None
        if not book.types:
            raise TrackerError("the monster book has no unit types")
        for unit in state.encounter.units:
            standee = unit.standee
            if standee is None:
                continue
            unit_type = book.unit_type(standee.type)
            if unit_type is None or unit_type.line(spec.levels[0], standee.rank) is None:
                raise TrackerError(
                    f"{unit.name} is a {standee.rank} {standee.type}, which the book lacks"
                )
        old = state.encounter.book
        state = state.evolve(encounter=state.encounter.evolve(book=book))
        state = _still_valid(state, restandee(state, book), ruleset)
        title = f"'{book.name}'" if book.name else "(no name)"
        text = (
            f"Monster book {title}: {plural(len(book.types), 'unit type')}, "
            f"{plural(len(book.decks), 'ability deck')}"
        )
        if old is not None:
            text += f" (instead of '{old.name}')" if old.name else " (instead of the last one)"
        return state, text


@dataclass(frozen=True)
class SetLevel(Command):
    """The scenario level: every standee's numbers follow its type's stat line at that level.
    A standee keeps the damage it has taken (HP = new max HP − damage, at least 1 while it
    stands), so a level change never kills one nor heals it."""

    kind: ClassVar[str] = "set-level"
    level: int = 0

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        spec = _spec(ruleset)
        level = _whole(self.level, "the scenario level")
        if level not in spec.levels:
            raise TrackerError(
                f"the scenario level is {spec.levels[0]} to {spec.levels[-1]}, not {level}"
            )
        old = state.encounter.level
        if level == old:
            raise TrackerError(f"the scenario level is already {level}")
        enc = state.encounter.evolve(level=level)
        book = enc.book
        texts = [f"Scenario level {old} → {level}"]
        if book is None:
            return state.evolve(encounter=enc), texts[0]
        units = []
        for unit in enc.units:
            line = _line_of(book, unit, level)
            if line is None:
                units.append(unit)
                continue
            taken = unit.max_hp - unit.hp
            hp = unit.hp if unit.hp <= 0 else max(1, line.hp - taken)
            changed = unit.evolve(hp=floored(ruleset, hp), max_hp=line.hp)
            if changed.max_hp != unit.max_hp:
                texts.append(
                    f"{unit.name}: max HP {unit.max_hp} → {line.hp}, HP {unit.hp} → {changed.hp}"
                )
            units.append(changed)
        state = state.evolve(encounter=enc.evolve(units=tuple(units)))
        state = _still_valid(state, restandee(state, book), ruleset)
        if len(texts) > 1:
            texts.append("each standee keeps the damage it had taken")
        return state, "; ".join(texts)


def _line_of(book: MonsterBook, unit: Unit, level: int) -> StatLine | None:
    if unit.standee is None:
        return None
    unit_type = book.unit_type(unit.standee.type)
    return unit_type.line(level, unit.standee.rank) if unit_type is not None else None


@dataclass(frozen=True)
class AddStandees(Command):
    """Standees of one type: `counts` per rank ({"elite": 1, "normal": 2}) on `cells`, one
    cell each, the ranks that act first placed first. They get the lowest free numbers, the
    stat line at the scenario level, full HP and, when their type has a card this round,
    its numbers."""

    kind: ClassVar[str] = "add-standees"
    type_id: str = ""
    counts: Mapping[str, int] = field(default_factory=dict)
    cells: Sequence[Sequence[int]] = ()

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        book, spec = _book(state, ruleset)
        unit_type = _type(book, self.type_id)
        ranks: list[str] = []
        for rank in sorted(self.counts, key=spec.acting_rank):
            if rank not in spec.ranks:
                raise TrackerError(f"unknown rank {rank!r} (ranks: {', '.join(spec.ranks)})")
            count = _whole(self.counts[rank], f"the number of {rank} standees")
            if count < 0:
                raise TrackerError(f"the number of {rank} standees is {count}; 0 or more")
            if count and unit_type.line(state.encounter.level, rank) is None:
                raise TrackerError(f"{unit_type.name} has no {rank} stat card in the book")
            ranks += [rank] * count
        if not ranks:
            raise TrackerError(f"how many {unit_type.name} standees? None was asked for")
        cells = [_cell(c) for c in self.cells]
        if len(cells) != len(ranks):
            raise TrackerError(
                f"{plural(len(ranks), 'standee')} need a hex each, and "
                f"{plural(len(cells), 'hex')} {'was' if len(cells) == 1 else 'were'} given"
            )
        if len(set(cells)) != len(cells):
            raise TrackerError("two standees cannot stand on one hex")
        numbers = free_numbers(unit_type, state.encounter.units, len(ranks))
        card = state.play.card_of(unit_type.id, state.round)
        added: list[Unit] = []
        taken = {u.id for u in state.encounter.units}
        for rank, number, cell in zip(ranks, numbers, cells, strict=True):
            name = f"{unit_type.name} {number}"
            _check_standable(state, cell, name, None)
            unit_id = _free_id(f"{unit_type.id}-{number}", taken)
            taken.add(unit_id)
            line = unit_type.line(state.encounter.level, rank)
            assert line is not None
            unit = standee_unit(
                unit_type,
                line,
                rank,
                number,
                cell,
                unit_id,
                ruleset.data.default_ai(),
                card.card if card else None,
            )
            added.append(unit)
            state = state.with_units(
                _with_its_type(state.encounter.units, unit),
                {k: dict(v) for k, v in state.counters.items()},
            )
        words = [f"{_ranked_name(u, spec)} at {list(u.at)}" for u in added]
        after = _still_valid(state, state, ruleset)
        beyond = [u.name for u in added if u.standee and u.standee.number > unit_type.standees]
        text = f"Added {joined(words)}"
        if beyond:
            text += f" (the game has {unit_type.standees} {unit_type.name} standees)"
        return join_order(after, ruleset), text


def _with_its_type(units: Sequence[Unit], unit: Unit) -> list[Unit]:
    """The roster with `unit` after the last standee of its type (the roster keeps a type's
    standees together), or at the end."""
    assert unit.standee is not None
    kind = unit.standee.type
    last = max(
        (i for i, u in enumerate(units) if u.standee is not None and u.standee.type == kind),
        default=len(units) - 1,
    )
    return [*units[: last + 1], unit, *units[last + 1 :]]


def _ranked_name(unit: Unit, spec: UnitTypesSpec) -> str:
    """ "Cutthroat 1 (elite)"; the first rank ("normal") goes unsaid."""
    standee = unit.standee
    if standee is None or standee.rank == spec.ranks[0]:
        return unit.name
    return f"{unit.name} ({standee.rank})"


def _free_id(wanted: str, taken: set[str]) -> str:
    if wanted not in taken and ID_PATTERN.match(wanted):
        return wanted
    suffix = 2
    while f"{wanted}-{suffix}" in taken:
        suffix += 1
    return f"{wanted}-{suffix}"


@dataclass(frozen=True)
class StartRound(Command):
    """A round's start, as one step: the characters' initiatives (`initiatives`, unit id ->
    number; a character left out keeps its own) and each monster type's ability card
    (`cards`, type id -> "draw" for its deck in the app, or the card typed in as plain data:
    {"initiative": 45, "move": 1, "attack": -1, ...}; a type left out draws). Once every
    figure has acted, the next round begins first. Each standee takes its card's numbers
    and the round's order is sorted by initiative."""

    kind: ClassVar[str] = "start-round"
    initiatives: Mapping[str, float] = field(default_factory=dict)
    cards: Mapping[str, Any] = field(default_factory=dict)

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        book, _ = _book(state, ruleset)
        texts: list[str] = []
        if state.order and 0 < state.pointer < len(state.order):
            acted = state.unit(state.order[state.pointer - 1]).name
            raise TrackerError(
                f"round {state.round} is under way ({acted} has acted): play it out first"
            )
        if state.order and state.pointer >= len(state.order):
            before = state.play
            state = next_round(state, ruleset)
            ended = round_end_words(before, state.play, book)
            texts.append(f"Round {state.round} begins" + (f" ({ended})" if ended else ""))
        elif state.play.cards_round == state.round:
            raise TrackerError(
                f"the cards of round {state.round} are in already (undo that to start it again)"
            )
        else:
            texts.append(f"Round {state.round}")
        state, said = _initiatives(state, self.initiatives)
        if said:
            texts.append(f"initiatives {said}")
        playing = types_in_play(state, ruleset)
        if not isinstance(self.cards, Mapping):
            raise TrackerError("the round's cards are per unit type: {type: card}")
        for type_id in self.cards:
            unit_type = _type(book, type_id)
            if type_id not in playing:
                raise TrackerError(f"no {unit_type.name} stands on the board to play a card")
        chosen: dict[str, RoundCard] = {}
        for type_id in playing:
            unit_type = _type(book, type_id)
            entry = self.cards.get(type_id, DRAW)
            if entry == DRAW:
                if book.deck_of(type_id) is None:
                    raise TrackerError(
                        f"{unit_type.name} has no ability deck in the book: type its card in"
                    )
                state, card, shuffled = draw_ability_card(state, book, type_id)
                chosen[type_id] = RoundCard(card, True)
                note = f"{shuffled}, " if shuffled else ""
                texts.append(f"{unit_type.name}: {note}draws {card.title} ({card.describe()})")
            else:
                card = typed_card(entry, unit_type, ruleset)
                chosen[type_id] = RoundCard(card, False)
                what = f"{card.name} typed in" if card.name else "card typed in"
                texts.append(f"{unit_type.name}: {what} ({card.describe()})")
        play = state.play.evolve(cards_round=state.round, cards=chosen)
        state = _still_valid(state, restandee(with_play(state, play), book), ruleset)
        state = start_activation(with_fresh_order(state, ruleset), ruleset)
        order = ", ".join(
            f"{state.unit(u).name} {_number(state.unit(u).stat(INITIATIVE))}" for u in state.order
        )
        texts.append(f"order: {order}" if order else "nobody acts")
        return state, "; ".join(texts)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _initiatives(state: TrackerState, initiatives: Any) -> tuple[TrackerState, str]:
    if not isinstance(initiatives, Mapping):
        raise TrackerError("initiatives are per character: {unit id: number}")
    said = []
    for unit_id, value in initiatives.items():
        unit = _unit(state, unit_id)
        if unit.is_enemy:
            raise TrackerError(
                f"{unit.name} is a monster: its initiative comes from its type's ability card"
            )
        number = _whole(value, f"{unit.name}'s initiative")
        if not 0 <= number <= 99:
            raise TrackerError(f"{unit.name}'s initiative is 0 to 99, not {number}")
        stats = {**unit.stats, INITIATIVE: number}
        state = state.evolve(encounter=state.encounter.replace_unit(unit.evolve(stats=stats)))
        said.append(f"{unit.name} {number}")
    return state, ", ".join(said)


def typed_card(entry: Any, unit_type: UnitType, ruleset: Ruleset) -> AbilityCard:
    """A card the players typed in from the physical deck: its initiative and numbers (the
    fields of a monster book's card), each checked as a book's would be."""

    def fail(key: str, message: str) -> TrackerError:
        where = f"{unit_type.name}'s card" + (f", {key}" if key else "")
        return TrackerError(f"{where}: {message}")

    card = card_from_raw(entry, "typed", ruleset.data.statuses, fail)
    return card


@dataclass(frozen=True)
class AddModifier(Command):
    """Bless or curse cards shuffled into the monsters' attack modifier deck (each leaves
    the deck when drawn); a negative `count` takes that many out again."""

    kind: ClassVar[str] = "add-modifier"
    card: str = BLESS
    count: int = 1

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        _spec(ruleset)
        if self.card not in (BLESS, CURSE):
            raise TrackerError(f"only bless and curse cards are added, not {self.card!r}")
        count = _whole(self.count, f"the number of {self.card} cards")
        if state.play.modifiers.physical:
            raise TrackerError("the players draw their own modifier cards: add it to that deck")
        present = in_deck(state.play.modifiers, self.card)
        if count == 0 or present + count < 0 or present + count > MOST_BLESSINGS:
            raise TrackerError(
                f"the monster deck holds {present} {self.card} cards; it can hold 0 to "
                f"{MOST_BLESSINGS}"
            )
        play = state.play
        if count > 0:
            play = add_to_modifiers(play, state.dice.seed, self.card, count)
            text = f"{plural(count, self.card)} shuffled into the monster modifier deck"
        else:
            deck = play.modifiers
            pile = list(deck.draw)
            for _ in range(-count):
                pile.remove(self.card)
            play = play.evolve(modifiers=replace(deck, draw=tuple(pile)))
            text = f"{plural(-count, self.card)} taken out of the monster modifier deck"
        return with_play(state, play), f"{text} ({present + count} in it)"


@dataclass(frozen=True)
class UseOwnModifierDeck(Command):
    """`physical`: the players draw the monsters' modifier cards from their own deck (the
    app then says each attack's value before the card); otherwise the app draws them."""

    kind: ClassVar[str] = "modifier-deck"
    physical: bool = True

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        _spec(ruleset)
        deck = state.play.modifiers
        if deck.physical == bool(self.physical):
            raise TrackerError("that is how the monster modifier cards are drawn already")
        modifiers = replace(deck, physical=bool(self.physical))
        text = (
            "The players draw the monsters' modifier cards themselves"
            if self.physical
            else "Foebook draws the monsters' modifier cards"
        )
        return with_play(state, state.play.evolve(modifiers=modifiers)), text


@dataclass(frozen=True)
class TypedModifier(Command):
    """A modifier card the players drew from their own deck for a monster's attack on a
    target (`card`: "+1", "-2", "0", "x2", "null", "bless", "curse"): the log says what the
    attack comes to after the target's shield. Nothing else changes."""

    kind: ClassVar[str] = "typed-modifier"
    attacker: str = ""
    target: str = ""
    card: str = ""

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        _spec(ruleset)
        attacker, target = _unit(state, self.attacker), _unit(state, self.target)
        card = modifier_card(self.card) if isinstance(self.card, str) else None
        if card is None:
            raise TrackerError(
                f"{self.card!r} is no modifier card (+1, -2, 0, x2, null, bless, curse)"
            )
        value = int(attacker.stat("attack")) + (1 if target.has("poison") else 0)
        after = damage(value, card)
        shield = int(target.stat("shield"))
        guarded = f", shield {shield}" if shield else ""
        return state, (
            f"{attacker.name} on {target.name}: modifier {card_words(card)} (typed) → attack "
            f"{after}{guarded} → {max(0, after - shield)} damage"
        )


@dataclass(frozen=True)
class SetElement(Command):
    """An element made strong, waning or inert by hand (a character infused or used it)."""

    kind: ClassVar[str] = "set-element"
    element: str = ""
    strength: str = "strong"

    def apply(self, state: TrackerState, ruleset: Ruleset) -> tuple[TrackerState, str]:
        _spec(ruleset)
        if self.element not in ELEMENTS:
            known = ", ".join(ELEMENTS)
            raise TrackerError(f"unknown element {self.element!r} (elements: {known})")
        levels = {"strong": STRONG, "waning": WANING, "inert": 0}
        if self.strength not in levels:
            raise TrackerError(f"an element is strong, waning or inert, not {self.strength!r}")
        now = state.play.element(self.element)
        wanted = levels[self.strength]
        if now == wanted:
            raise TrackerError(f"{self.element} is {STRENGTH_WORDS[now]} already")
        elements = {k: v for k, v in state.play.elements.items() if k != self.element}
        if wanted:
            elements[self.element] = wanted
        play = state.play.evolve(elements=elements)
        return (
            with_play(state, play),
            f"{self.element.capitalize()}: {STRENGTH_WORDS[now]} → {self.strength}",
        )
