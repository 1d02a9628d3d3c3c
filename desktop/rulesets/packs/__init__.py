"""Rule packs: a whole enemy AI in one TOML file, run by the engine's own primitives."""
