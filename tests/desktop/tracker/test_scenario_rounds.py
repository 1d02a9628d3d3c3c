"""Three rounds of the sample scenario played through commands as a group would: each round
is one StartRound (the characters' initiatives, one type's card typed in, the other drawn)
and an Enter per figure, with damage typed on monsters between; the log says line by line
what each monster did with which card and numbers."""

from __future__ import annotations

from desktop.tracker.commands import Damage
from desktop.tracker.scenario_commands import StartRound
from tests.desktop.tracker.scenario_helpers import briar_road, play_round

ROUND_1 = [
    "Round 1; initiatives Warden 15, Alchemist 40, Scout 72; Cutthroat: draws Low Blow "
    "(initiative 55: move -1, attack +1, wound); Slinger: Stone typed in (initiative 45: "
    "move +1, attack +0); order: Warden 15, Alchemist 40, Slinger 1 45, Slinger 2 45, "
    "Cutthroat 1 55, Cutthroat 2 55, Scout 72",
    "Warden done; Alchemist activates",
    "Alchemist done; Slinger 1 activates",
    "Slinger 1 (Stone, initiative 45: move 3, attack 2, range 3): Move to [5, 3]",
    "Slinger 2 (Stone, initiative 45: move 3, attack 2, range 3): Attack Warden from "
    "[1, 3]; Warden: modifier +1 → attack 3, shield 1 → 2 damage",
    "Cutthroat 1 (Low Blow, initiative 55: move 1, attack 4, range 0): Move to [3, 1]",
    "Cutthroat 2 (Low Blow, initiative 55: move 1, attack 3, range 0): Move to [2, 3]",
    "Scout done; every unit has acted in round 1",
]
ROUND_2 = [
    "Cutthroat 1 takes 3 damage (HP 9 → 6 of 9) from Warden",
    "Round 2 begins; initiatives Warden 30, Alchemist 20, Scout 60; Cutthroat: draws "
    "Bind Wounds (initiative 85: move +0, heal 2); Slinger: draws Tar Pellet (initiative "
    "53: move -1, attack +0, immobilize); order: Alchemist 20, Warden 30, Slinger 1 53, "
    "Slinger 2 53, Scout 60, Cutthroat 1 85, Cutthroat 2 85",
    "Alchemist done; Warden activates",
    "Warden done; Slinger 1 activates",
    "Slinger 1 (Tar Pellet, initiative 53: move 1, attack 2, range 3): Attack Alchemist "
    "from [5, 4]; Alchemist: modifier -1 → attack 1 → 1 damage; Alchemist is immobilized",
    "Slinger 2 (Tar Pellet, initiative 53: move 1, attack 2, range 3): Attack Warden; "
    "Warden: modifier +1 → attack 3, shield 1 → 2 damage; Warden is immobilized",
    "Scout done; Cutthroat 1 activates",
    "Cutthroat 1 (Bind Wounds, initiative 85: move 2, no attack): Move to [3, 2]; "
    "Cutthroat 1 heals 2 (HP 6 → 8 of 9)",
    "Cutthroat 2 (Bind Wounds, initiative 85: move 2, no attack): Move to [2, 5]; "
    "Cutthroat 2 is at full HP: its heal 2 does nothing",
]
ROUND_3 = [
    "Slinger 2 takes 5 damage (HP 5 → 0 of 5) from Scout",
    "Round 3 begins; initiatives Warden 8, Alchemist 55, Scout 33; Cutthroat: draws "
    "Dart In (initiative 14: move +1, attack -1); Slinger: draws Scatter Shot (initiative "
    "62: attack +0, ranged area of 3 hexes); order: Warden 8, Cutthroat 1 14, "
    "Cutthroat 2 14, Scout 33, Alchemist 55, Slinger 1 62",
    "Warden done; Cutthroat 1 activates",
    "Cutthroat 1 (Dart In, initiative 14: move 3, attack 2, range 0): Move to [2, 4]",
    "Cutthroat 2 (Dart In, initiative 14: move 3, attack 1, range 0): Attack Warden; "
    "Warden: modifier -1 → attack 0, shield 1 → 0 damage",
    "Scout done; Alchemist activates",
    "Alchemist done; Slinger 1 activates",
    "Slinger 1 (Scatter Shot, initiative 62: move 0, attack 2, range 3): Attack Warden; "
    "Warden: modifier +0 → attack 2, shield 1 → 1 damage",
]


def texts(session) -> list[str]:
    return [entry.text for entry in session.history]


def test_three_rounds_of_the_sample_scenario_with_drawn_and_typed_cards():
    session = briar_road()
    stone = {"name": "Stone", "initiative": 45, "move": 1, "attack": 0}
    session.execute(StartRound({"warden": 15, "alchemist": 40, "scout": 72}, {"slinger": stone}))
    # 7 figures: one Enter each (a character's passes its turn on, a monster's plays it).
    assert play_round(session) == 7
    assert texts(session) == ROUND_1
    session.execute(Damage("cutthroat-1", 3, "warden"))
    session.execute(StartRound({"warden": 30, "alchemist": 20, "scout": 60}))
    assert play_round(session) == 7
    assert texts(session) == ROUND_1 + ROUND_2
    session.execute(Damage("slinger-2", 5, "scout"))
    session.execute(StartRound({"warden": 8, "alchemist": 55, "scout": 33}))
    assert play_round(session) == 6  # the second slinger is dead
    assert texts(session) == ROUND_1 + ROUND_2 + ROUND_3


def test_the_round_numbers_come_from_the_stat_line_and_the_card():
    session = briar_road()
    encounter = session.encounter
    elite = encounter.unit("cutthroat-1")  # level 1 elite: move 2, attack 3, shield 1
    assert (elite.name, elite.standee.rank, elite.max_hp) == ("Cutthroat 1", "elite", 9)
    assert dict(elite.stats) == {"move": 2, "attack": 3, "shield": 1}
    card = {"initiative": 21, "move": -1, "attack": 2, "targets": 2, "shield": 1}
    session.execute(StartRound({}, {"cutthroat": card, "slinger": {"initiative": 50}}))
    elite = session.encounter.unit("cutthroat-1")
    assert dict(elite.stats) == {
        "move": 1,
        "attack": 5,
        "range": 0,
        "targets": 2,
        "shield": 2,
        "initiative": 21,
    }
    normal = session.encounter.unit("cutthroat-2")  # level 1 normal: move 2, attack 2
    assert (normal.stat("move"), normal.stat("attack"), normal.stat("shield")) == (1, 4, 1)
    slinger = session.encounter.unit("slinger-1")  # a card with no move and no attack
    assert (slinger.stat("move"), slinger.stat("targets"), slinger.stat("initiative")) == (0, 0, 50)
    # Within a type at one initiative: the elite first, then by number.
    assert session.order[:2] == ("cutthroat-1", "cutthroat-2")


def test_undo_takes_the_round_back_with_its_draws_and_redo_replays_them():
    session = briar_road()
    session.execute(StartRound({"warden": 15, "alchemist": 40, "scout": 72}))
    start = session.state
    play_round(session)
    after = session.state
    for _ in range(7):
        session.undo()
    assert session.state == start
    session.undo()
    assert session.state.play.cards_round == 0 and not session.state.play.decks
    for _ in range(8):
        session.redo()
    assert session.state == after
