"""Encounter TOML files <-> engine objects (see the encounter-format spec)."""
