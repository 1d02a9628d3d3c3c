"""Playing a scenario from a monster book, turn by turn: ability decks drawn and shuffled, the
round's card written into each standee, elements consumed when a standee's turn starts and
infused when it ends, the attack modifier deck drawn for each attack, and what the end of a
round does (elements wane, decks marked for it are shuffled).

Everything here is a pure function of the tracker state; the commands that call it log its
words and undo it with everything else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from desktop.engine.ability_cards import (
    ANY_ELEMENT,
    ATTACK,
    ELEMENTS,
    RANGE,
    AbilityCard,
    with_element,
)
from desktop.engine.attack_modifiers import ONE_USE, RESHUFFLING, card_words, resolve
from desktop.engine.chain import joined
from desktop.engine.hex_geometry import hex_distance
from desktop.engine.monster_book import MonsterBook, with_round_numbers
from desktop.engine.ruleset import Ruleset
from desktop.engine.units import Unit
from desktop.tracker.scenario_play import (
    STRENGTH_WORDS,
    STRONG,
    ModifierDeck,
    RoundCard,
    ScenarioPlay,
    TypeDeck,
    fresh_modifiers,
    shuffled,
)
from desktop.tracker.state import TrackerState

# Conditions that change a monster's modifier draws.
ADVANTAGE_STATUSES = ("strengthen",)
DISADVANTAGE_STATUSES = ("muddle", "muddled")


def round_card(state: TrackerState, unit: Unit) -> RoundCard | None:
    """The card the unit's type plays this round (None: not a standee, or no card yet)."""
    if unit.standee is None:
        return None
    return state.play.card_of(unit.standee.type, state.round)


def with_play(state: TrackerState, play: ScenarioPlay) -> TrackerState:
    return state.evolve(play=play)


# -- ability decks ------------------------------------------------------------------------


def draw_ability_card(
    state: TrackerState, book: MonsterBook, type_id: str
) -> tuple[TrackerState, AbilityCard, str]:
    """The next card of the type's deck in the app (shuffled first when it is new or empty),
    onto its discard; returns the card and words for a shuffle it took."""
    deck = book.deck_of(type_id)
    assert deck is not None  # the caller checked the type has one
    play = state.play
    mine = play.decks.get(type_id)
    said = ""
    if mine is None or not mine.draw:
        # A deck new to the session is shuffled unsaid; an empty one is said to be.
        said = "its deck is empty and shuffled" if mine is not None else ""
        pile = [c.id for c in deck.cards]
        mine = TypeDeck(shuffled(pile, state.dice.seed, play.shuffles), ())
        play = play.evolve(shuffles=play.shuffles + 1)
    card_id, rest = mine.draw[0], mine.draw[1:]
    card = deck.card(card_id)
    if card is None:  # the book changed under a deck in play: start that deck afresh
        mine = TypeDeck(shuffled([c.id for c in deck.cards], state.dice.seed, play.shuffles))
        play = play.evolve(shuffles=play.shuffles + 1)
        card_id, rest = mine.draw[0], mine.draw[1:]
        card = deck.card(card_id)
        assert card is not None
    drawn = TypeDeck(rest, (*mine.discard, card_id), mine.shuffle_due or card.shuffle)
    play = play.evolve(decks={**play.decks, type_id: drawn})
    return with_play(state, play), card, said


def shuffle_deck(state: TrackerState, book: MonsterBook, type_id: str) -> TrackerState:
    """The type's whole deck (draw pile and discard) shuffled into a new draw pile."""
    deck = book.deck_of(type_id)
    assert deck is not None
    play = state.play
    pile = shuffled([c.id for c in deck.cards], state.dice.seed, play.shuffles)
    decks = {**play.decks, type_id: TypeDeck(pile)}
    return with_play(state, play.evolve(decks=decks, shuffles=play.shuffles + 1))


# -- the end of a round -------------------------------------------------------------------


def round_end(state: TrackerState) -> TrackerState:
    """What the end of a round does: every element wanes (strong to waning, waning to
    inert), each ability deck whose drawn card said so is shuffled, and the modifier deck
    after a null or ×2 was drawn. A session without a book has nothing to do here."""
    play = state.play
    if play == ScenarioPlay():
        return state
    elements = {e: s - 1 for e, s in play.elements.items() if s - 1 > 0}
    play = play.evolve(elements=elements, boosts={})
    book = state.encounter.book
    for type_id, deck in play.decks.items():
        if deck.shuffle_due and book is not None and book.deck_of(type_id) is not None:
            play = shuffle_deck(with_play(state, play), book, type_id).play
    if play.modifiers.reshuffle_due:
        play = reshuffle_modifiers(play, state.dice.seed)
    return with_play(state, play)


def round_end_words(before: ScenarioPlay, after: ScenarioPlay, book: MonsterBook | None) -> str:
    """What `round_end` did, for the log ("fire wanes; Cutthroat's deck is shuffled")."""
    parts = []
    for element, strength in before.elements.items():
        now = after.element(element)
        if now != strength:
            parts.append(f"{element} {STRENGTH_WORDS[now]}")
    for type_id, deck in before.decks.items():
        if deck.shuffle_due and not after.decks[type_id].shuffle_due:
            name = book.types[type_id].name if book and type_id in book.types else type_id
            parts.append(f"{name}'s ability deck is shuffled")
    if before.modifiers.reshuffle_due and not after.modifiers.reshuffle_due:
        parts.append("the monster modifier deck is shuffled")
    return "; ".join(parts)


# -- elements -----------------------------------------------------------------------------


def infused(play: ScenarioPlay, elements: Iterable[str]) -> ScenarioPlay:
    return play.evolve(elements={**play.elements, **{e: STRONG for e in elements}})


def consumable(play: ScenarioPlay, element: str) -> str | None:
    """The element a card's consume takes: that one when it is strong or waning; for "any",
    the first that is (strong ones first)."""
    if element != ANY_ELEMENT:
        return element if play.element(element) else None
    ready = sorted((e for e in ELEMENTS if play.element(e)), key=lambda e: -play.element(e))
    return ready[0] if ready else None


def turn_start(state: TrackerState, unit_id: str) -> tuple[TrackerState, str]:
    """A standee's turn begins: its card's consumed elements, when there, are used up and
    their bonus added to its numbers for the turn."""
    unit = state.unit(unit_id)
    drawn = round_card(state, unit)
    if drawn is None or not drawn.card.consume:
        return state, ""
    play = state.play
    words = []
    gained: list[str] = []
    for use in drawn.card.consume:
        element = consumable(play, use.element)
        if element is None:
            continue
        play = play.evolve(elements={k: v for k, v in play.elements.items() if k != element})
        unit = unit.evolve(stats=with_element(unit.stats, use))
        gained += use.conditions
        words.append(f"consumes {element}: {use.describe()}")
    if not words:
        return state, ""
    if gained:  # its attack gives them this turn
        play = play.evolve(boosts={**play.boosts, unit_id: tuple(gained)})
    state = with_play(state, play).evolve(encounter=state.encounter.replace_unit(unit))
    return state, f"{unit.name} {joined(words)}"


# -- the modifier deck --------------------------------------------------------------------


def reshuffle_modifiers(play: ScenarioPlay, seed: int) -> ScenarioPlay:
    """The discard shuffled back with the draw pile (bless and curse stay where they are)."""
    deck = play.modifiers
    pile = shuffled((*deck.draw, *deck.discard), seed, play.shuffles)
    return play.evolve(
        modifiers=replace(deck, draw=pile, discard=(), reshuffle_due=False),
        shuffles=play.shuffles + 1,
    )


def draw_modifier(play: ScenarioPlay, seed: int) -> tuple[ScenarioPlay, str]:
    """The top card of the modifier deck (reshuffled first when empty). Bless and curse
    leave the deck; a null or ×2 marks it for shuffling at the end of the round."""
    play = fresh_modifiers(play, seed)
    if not play.modifiers.draw:
        play = reshuffle_modifiers(play, seed)
    deck = play.modifiers
    card, rest = deck.draw[0], deck.draw[1:]
    discard = deck.discard if card in ONE_USE else (*deck.discard, card)
    due = deck.reshuffle_due or card in RESHUFFLING
    return play.evolve(modifiers=replace(deck, draw=rest, discard=discard, reshuffle_due=due)), card


def add_to_modifiers(play: ScenarioPlay, seed: int, card: str, count: int) -> ScenarioPlay:
    """`count` bless or curse cards shuffled into the draw pile."""
    play = fresh_modifiers(play, seed)
    deck = play.modifiers
    pile = shuffled((*deck.draw, *(card,) * count), seed, play.shuffles)
    return play.evolve(modifiers=replace(deck, draw=pile), shuffles=play.shuffles + 1)


def in_deck(modifiers: ModifierDeck, card: str) -> int:
    return modifiers.draw.count(card)


def advantage(attacker: Unit, target: Unit) -> int:
    """+1 advantage, -1 disadvantage, 0 neither (both cancel): strengthened gives
    advantage; muddled, or a ranged attack on an adjacent target, disadvantage."""
    good = any(attacker.has(s) for s in ADVANTAGE_STATUSES)
    ranged_close = attacker.stat(RANGE) > 0 and hex_distance(attacker.at, target.at) == 1
    bad = any(attacker.has(s) for s in DISADVANTAGE_STATUSES) or ranged_close
    return int(good) - int(bad)


# -- a standee's turn applied ---------------------------------------------------------------


def turn_numbers(unit: Unit, card: RoundCard | None) -> str:
    """Which card and numbers a standee acts on: "Hack, initiative 32: move 3, attack 4"."""
    numbers = [f"move {_n(unit.stat('move'))}"] if "move" in unit.stats else []
    targets = unit.stat("targets", 1)
    if not targets:
        numbers.append("no attack")
    else:
        numbers += [f"{k} {_n(unit.stat(k))}" for k in ("attack", "range") if k in unit.stats]
        if targets != 1:
            numbers.append(f"{_n(targets)} targets")
    title = "no card" if card is None else f"{card.card.title}, initiative {card.card.initiative}"
    return f"{title}: {', '.join(numbers)}" if numbers else title


def _n(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def after_turn(
    state: TrackerState, ruleset: Ruleset, unit_id: str, targets: list[str]
) -> tuple[TrackerState, list[str]]:
    """After a standee's decision is applied: a modifier card per target (from the app's
    deck unless the players draw their own), its card's conditions on the targets, its
    heal, then the elements it infuses."""
    from desktop.tracker.commands import AddStatus, Heal  # the commands' own checks
    from desktop.tracker.errors import TrackerError

    unit = state.unit(unit_id)
    card = round_card(state, unit)
    if card is None and unit.standee is None:
        return state, []
    words: list[str] = []
    book = state.encounter.book
    line = None
    if unit.standee is not None and book is not None:
        unit_type = book.unit_type(unit.standee.type)
        if unit_type is not None:
            line = unit_type.line(state.encounter.level, unit.standee.rank)
    conditions = [
        *(line.conditions if line is not None else ()),
        *(card.card.conditions if card is not None else ()),
        *state.play.boosts.get(unit_id, ()),
    ]
    attack = int(unit.stat(ATTACK))
    for target_id in targets:
        target = state.unit(target_id)
        value = attack + (1 if target.has("poison") else 0)
        shield = int(target.stat("shield"))
        if not state.play.modifiers.physical:
            play, first = draw_modifier(state.play, state.dice.seed)
            drawn: tuple[str, ...] = (first,)
            edge = advantage(unit, target)
            if edge:
                play, second = draw_modifier(play, state.dice.seed)
                drawn = (first, second)
            state = with_play(state, play)
            result = resolve(value, drawn, edge)
            cards = " and ".join(card_words(c) for c in drawn)
            chosen = f" (uses {card_words(result.used)})" if len(drawn) > 1 else ""
            after_shield = max(0, result.value - shield)
            guarded = f", shield {shield}" if shield else ""
            words.append(
                f"{target.name}: modifier {cards}{chosen} → attack {result.value}{guarded} → "
                f"{after_shield} damage"
            )
        else:
            guarded = f", shield {shield} → {max(0, value - shield)}" if shield else ""
            words.append(f"{target.name}: attack {value}{guarded} before the modifier card")
        for condition in dict.fromkeys(conditions):
            if state.unit(target_id).has(condition):
                continue
            try:
                state, said = AddStatus(target_id, condition).apply(state, ruleset)
            except TrackerError as error:  # immune, or not a condition of these rules
                said = str(error)
            words.append(said)
    if card is not None and card.card.heal:
        try:
            state, said = Heal(unit_id, card.card.heal).apply(state, ruleset)
            words.append(said)
        except TrackerError:  # at full HP
            words.append(f"{unit.name} is at full HP: its heal {card.card.heal} does nothing")
    if card is not None and card.card.infuse:
        state = with_play(state, infused(state.play, card.card.infuse))
        words.append(f"{joined(list(card.card.infuse))} infused (strong)")
    return state, words


def restandee(
    state: TrackerState, book: MonsterBook, units: Mapping[str, Unit] | None = None
) -> TrackerState:
    """Every standee's numbers from its type's line at the encounter's level and its type's
    card this round (`units`: those to redo, default all)."""
    enc = state.encounter
    changed = []
    for unit in enc.units:
        if unit.standee is None or (units is not None and unit.id not in units):
            changed.append(unit)
            continue
        unit_type = book.unit_type(unit.standee.type)
        line = unit_type.line(enc.level, unit.standee.rank) if unit_type else None
        if line is None:
            changed.append(unit)
            continue
        card = state.play.card_of(unit.standee.type, state.round)
        changed.append(with_round_numbers(unit, line, card.card if card else None))
    return state.evolve(encounter=enc.evolve(units=tuple(changed)))
