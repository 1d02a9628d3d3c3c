"""The right-click menu of a unit on the board: select, damage, heal, markers."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from PySide6.QtWidgets import QMenu, QWidget

from desktop.tracker.display_names import display_names, last_attacker_name
from desktop.tracker.session import Session

if TYPE_CHECKING:  # commands load when first made, not to show a session at start
    from desktop.tracker import commands as cmd


def unit_menu(
    parent: QWidget,
    session: Session,
    unit_id: str,
    select: Callable[[str], None],
    run: Callable[[cmd.Command], bool],
) -> QMenu:
    """`select(unit_id)` shows the unit's decision; `run(command)` carries out an edit."""
    from desktop.tracker import commands as cmd

    unit = session.encounter.unit(unit_id)
    menu = QMenu(parent)
    menu.addAction(f"Select {unit.name}", lambda: select(unit_id))
    menu.addSeparator()
    for amount in (1, 5):
        menu.addAction(
            f"Damage {amount}",
            cast("Callable[[], object]", lambda a=amount: run(cmd.Damage(unit_id, a))),
        )
    menu.addAction("Heal 1", lambda: run(cmd.Heal(unit_id, 1)))
    if unit.is_enemy and session.ruleset.capabilities.remembers_attacker:
        _attacked_by(menu, session, unit_id, run)
    markers = menu.addMenu("Markers")
    # as the roster's markers popup lists them
    for spec in session.ruleset.data.hand_set(session.encounter.rules):
        has = unit.has(spec.id)
        action = markers.addAction(
            spec.name,
            cast(
                "Callable[[], object]",
                lambda s=spec.id, h=has: run(
                    cmd.RemoveStatus(unit_id, s) if h else cmd.AddStatus(unit_id, s)
                ),
            ),
        )
        action.setCheckable(True)
        action.setChecked(has)
    return menu


def _attacked_by(
    menu: QMenu, session: Session, unit_id: str, run: Callable[[cmd.Command], bool]
) -> None:
    """Who attacked the enemy last, as its next choice reads it: ticked, and set by choosing
    another player (or nobody)."""
    from desktop.tracker import commands as cmd

    last = session.encounter.memory.last_attacker.get(unit_id)
    names = display_names(session.encounter.units)
    choices = [(p.id, names[p.id]) for p in session.encounter.players()]
    attacked = menu.addMenu(f"Attacked last by: {last_attacker_name(session.encounter, unit_id)}")
    for attacker, name in [*choices, ("", "Nobody")]:
        action = attacked.addAction(
            name,
            cast(
                "Callable[[], object]",
                lambda a=attacker: run(cmd.SetLastAttacker(unit_id, a)),
            ),
        )
        action.setCheckable(True)
        action.setChecked(attacker == (last or ""))
        action.setEnabled(attacker != (last or ""))  # choosing what it is says nothing new
