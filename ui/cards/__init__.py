"""Printable enemy reference cards: content, layout, QPainter rendering, print dialog.

`content` and `sheet` are plain data; `layout` measures with the bundled font and places
every element in an explicit rectangle; `renderer` paints to PDF or to a printer.
"""
