"""Bundled data files (rulesets, icons, fonts, sample encounters), read with importlib.resources."""
