"""The tracker's modules the players' first action needs and opening a session does not load
(~30 ms): the app's start loads them once the database is open (desktop/app.py)."""

FIRST_ACTION_MODULES = (
    "desktop.tracker.commands",
    "desktop.tracker.turn_start",
    "desktop.tracker.scenario_turns",
)
