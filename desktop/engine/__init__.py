"""Pure rules engine: board geometry, units, dice, decisions. No Qt, no database, no I/O."""
