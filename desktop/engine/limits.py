"""Limits on what an encounter holds: generous for any real table, small enough for every
command and both databases (PostgreSQL's 32-bit integer and VARCHAR columns).

The encounter file reader enforces them; the tracker's command checks and the unit editor
can import the same numbers.
"""

from __future__ import annotations

import re

MAX_FILE_BYTES = 2 * 1024 * 1024  # an encounter file; real ones are a few kilobytes
MAX_BOARD_SIDE = 200  # cells each way, as the tracker's "resize board" allows
MAX_UNITS = 500
MAX_LIST_ITEMS = 100  # statuses, tags, priorities or weapons of one unit
MAX_NAME_LENGTH = 200  # encounter, unit and weapon names, tags and other free texts
MAX_ID_LENGTH = 64  # unit ids, AI types, statuses, phases, weapon kinds and keys
# What an id (a unit's, a unit type's, a monster book's) may be: lower-case letters, digits,
# "-" and "_", starting with a letter or a digit.
ID_PATTERN = re.compile(r"[a-z0-9][a-z0-9_-]*\Z")
# Stats and a weapon's range: counts (dice, targets), levels and distances on a board of at
# most 200 cells. Rules loop over them (a dice pool, a reach), so they stay small.
MAX_STAT = 1000
# Every other number, whole or not: what a PostgreSQL `integer` column holds (hp, max_hp, round).
INT_MIN = -(2**31)
INT_MAX = 2**31 - 1
