"""The views of a scenario played from a monster book: the round's start, the level, the
modifier deck and the elements."""
