"""The board: a QGraphicsScene of terrain, unit tokens and decision highlights, and its view."""
