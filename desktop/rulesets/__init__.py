"""Built-in rule systems, one module each, composed from engine primitives."""
