"""zombie-horde, the sample rule pack Foebook ships (pack.toml beside this file, no code): not
a built-in, offered as an installed pack is; laid out as a built-in rule pack's package is."""
