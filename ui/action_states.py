"""Which of the main window's actions can be used now, and what undo and redo would do."""

from __future__ import annotations

from desktop.tracker.session import Session
from ui.action_set import ActionSet


def show_action_states(a: ActionSet, shown: Session | None, enter: bool, physical: bool) -> None:
    """`shown`: the open session when the board shows it (on the start page it waits: its
    keys, Space and Enter, do nothing); `enter`: Enter has something to do now; `physical`:
    whether the physical-dice entry is ticked."""
    has = shown is not None
    for action in (
        a.act_export,
        a.act_next,
        a.act_round,
        a.act_auto,
        a.act_note,
        a.act_reroll,
        a.act_cards,
        a.act_resize,
        a.act_fit,
    ):
        action.setEnabled(has)
    a.act_apply.setEnabled(has and enter)
    a.act_physical.setChecked(physical)
    a.act_undo.setEnabled(shown is not None and shown.can_undo)
    a.act_redo.setEnabled(shown is not None and shown.can_redo)
    if shown is not None:
        undo, redo = shown.undo_text(), shown.redo_text()
        a.act_undo.setToolTip(f"Undo: {undo}" if undo else "Nothing to undo")
        a.act_redo.setToolTip(f"Redo: {redo}" if redo else "Nothing to redo")
