"""Qt widgets and Qt models over the Foebook domain (the only PySide6 code)."""
