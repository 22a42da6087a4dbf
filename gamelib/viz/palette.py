"""The kit's colours, in one place: distinct under the three common colour blindnesses, and legible.

* Categories (players, a root's moves, information sets, series) take :data:`CATEGORIES`, Okabe and
  Ito's colour-blind-safe set ("Color Universal Design", 2002) in the order that keeps the first few
  farthest apart under protanopia, deuteranopia and tritanopia (simulated with Machado, Oliveira &
  Fernandes 2009; the kit's tests measure it).
* Text takes a colour of at least 4.5:1 against white (WCAG 2.1 AA, 1.4.3): :func:`ink` darkens a
  category colour until it is, :func:`text_on` picks black or white for text on a filled shape,
  whichever reads better (one of them always reaches 4.5:1).  :data:`TEXT` and :data:`MUTED` are the
  greys of labels and of labels that matter less (pruned nodes, nodes not reached yet).
* A colour never carries a meaning alone (WCAG 1.4.1): each picture pairs it with a second cue, an
  outline, a hatch, a dash, a marker or words, and says which in its key.

:func:`contrast` is WCAG's contrast ratio; the tests hold the palette to these numbers.
"""
from __future__ import annotations

from matplotlib.colors import to_hex, to_rgb

__all__ = ["OKABE_ITO", "CATEGORIES", "TEXT", "MUTED", "FOCUS", "CURRENT", "LIGHT_LINE", "PRUNED_EDGE", "CASING",
           "LAST_MOVE", "LAST_MOVE_BORDER", "MARK_RATIO", "luminance", "contrast", "ink", "text_on", "category",
           "cased"]

OKABE_ITO = {"black": "#000000", "orange": "#E69F00", "sky blue": "#56B4E9", "bluish green": "#009E73",
             "yellow": "#F0E442", "blue": "#0072B2", "vermillion": "#D55E00", "reddish purple": "#CC79A7"}
"""Okabe and Ito's eight colours, by their names."""

CATEGORIES = tuple(OKABE_ITO[name] for name in ("blue", "vermillion", "yellow", "sky blue", "bluish green",
                                                 "reddish purple", "orange"))
"""One colour per category, in order: the first three stay far apart under every common colour
blindness (players P1, P2, P3 of max^n), the first six apart enough to tell."""

TEXT = "#333333"
"""Labels: 12.6:1 on white."""
MUTED = "#6e6e6e"
"""Labels that matter less (pruned, not reached yet): lighter than :data:`TEXT`, still 5.1:1 on white."""
CURRENT = OKABE_ITO["orange"]
"""The node of the step just shown (with a thick ring: never the colour alone)."""
FOCUS = OKABE_ITO["blue"]
"""Focus rings and outlines that must stand out: 5.2:1 on white (3:1 needed)."""
MARK_RATIO = 3.0
"""WCAG 2.1's least contrast of a mark that carries meaning against what is next to it (1.4.11): a
node, an edge, a piece, a ring.  A mark lighter than that has an outline or casing that reaches it."""
LIGHT_LINE = "#8a8a8a"
"""A line that matters less (an edge not taken, a tree's thin edges): 3.5:1 on white, the lightest grey
a line may be (the greys it replaces, #999999 and #bbbbbb, had 2.8:1 and 1.9:1)."""
PRUNED_EDGE = LIGHT_LINE
"""A pruned edge (dashed): lighter than a searched one, still 3.5:1 on white (WCAG 1.4.11 asks 3:1 of
a mark that carries meaning; the light grey it replaces, #c8c8c8, had 1.7:1)."""
CASING = TEXT
"""The dark edge around a line in a light colour (:func:`cased`): 12.6:1 on white."""
LAST_MOVE = "#fff3b0"
"""The shade of a board's last move: 1.1:1 against a white or grey square, so never alone: framed with
:data:`LAST_MOVE_BORDER` (or :data:`FOCUS`) and named in the square's words."""
LAST_MOVE_BORDER = f"3px solid {TEXT}"
"""The frame of a board button's last move (CSS): 12.6:1 on white, 10.9:1 on a button's grey."""


def luminance(color) -> float:
    """WCAG 2.1's relative luminance of ``color`` (any matplotlib colour)."""
    def channel(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in to_rgb(color))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b="#ffffff") -> float:
    """WCAG 2.1's contrast ratio of two colours, from 1 (none) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink(color, against="#ffffff", ratio: float = 4.5) -> str:
    """``color`` darkened towards black just enough for text of it to reach ``ratio`` against
    ``against`` (the same hue, so a label still matches its shape's colour)."""
    r, g, b = to_rgb(color)
    for k in range(101):
        f = 1 - k / 100
        c = to_hex((r * f, g * f, b * f))
        if contrast(c, against) >= ratio:
            return c
    return "#000000"


def text_on(fill) -> str:
    """Black or white, whichever is the more legible on ``fill`` (at least 4.58:1 either way)."""
    return "#000000" if contrast("#000000", fill) >= contrast("#ffffff", fill) else "#ffffff"


def cased(color, linewidth: float, against="#ffffff") -> list:
    """Matplotlib path effects for a line or outline drawn in ``color`` on ``against``: none where the
    colour reaches :data:`MARK_RATIO` by itself; else a :data:`CASING` edge, 0.6 points on each side,
    under the colour (Okabe and Ito's yellow, 1.3:1 on white, stays yellow and is seen by its edge).
    ``linewidth``: the line's width in points."""
    if contrast(color, against) >= MARK_RATIO:
        return []
    from matplotlib import patheffects
    return [patheffects.Stroke(linewidth=linewidth + 1.2, foreground=CASING), patheffects.Normal()]


def category(k: int) -> str:
    """The colour of category ``k`` (0, 1, ...), cycling through :data:`CATEGORIES`."""
    return CATEGORIES[k % len(CATEGORIES)]
