"""Does anything in a picture sit on something else?  Texts over texts, a tree's edges through its
labels, nodes over nodes, texts off the figure: :func:`collisions` lists them, in words.

Texts are found with matplotlib's own measure, ``text.get_window_extent(renderer)`` (renderer =
``fig.canvas.get_renderer()``): every visible Text the figure draws (titles, labels, annotations, tick
labels, legend entries), compared in pairs.  Two boxes collide when they overlap by more than
``SLACK`` pixels both ways.  A tree's edges (lines drawn in its axes) collide with a text whose box
they cross, unless the text sits on an opaque background drawn above the line (edge labels are
meant to sit on their edge, in a white box).  With ``inside``, a text must also lie inside its figure.

The kit's tests call it on every figure function's pictures, and on every picture a notebook shows:
with ``GAMELIB_CHECK_PICTURES=1`` in the environment (the test suite sets it),
:func:`gamelib.viz.alt.show` raises :class:`Collision` instead of showing a picture with a collision.
"""
from __future__ import annotations

import itertools
import math

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection, PathCollection
from matplotlib.lines import Line2D
from matplotlib.text import Text

__all__ = ["SLACK", "Collision", "collisions", "check"]

SLACK = 1.0
"""Pixels two boxes may share (antialiasing, a descender touching the next line's cap)."""


# ---------------------------------------------------------------------------------------------------
# The measure
# ---------------------------------------------------------------------------------------------------

def _drawn(fig):
    """Draw ``fig`` (on an Agg canvas) and return what was drawn: the Text artists, each with its box,
    and the markers of every scatter, ``(axes, centre, radius, zorder)`` in pixels."""
    if not hasattr(fig.canvas, "get_renderer"):
        FigureCanvasAgg(fig)
    drawn = []
    real = Text.draw

    def draw(self, renderer):       # what matplotlib really draws: tick labels of hidden axes are not
        drawn.append(self)
        return real(self, renderer)
    Text.draw = draw
    try:
        fig.canvas.draw()
    finally:
        Text.draw = real
    renderer = fig.canvas.get_renderer()
    texts = []
    for t in dict.fromkeys(drawn):
        if not t.get_visible() or not t.get_text().strip():
            continue
        box = t.get_window_extent(renderer)
        if box.width >= 1 and box.height >= 1:
            texts.append((t, box))
    markers = []
    for ax in fig.axes:
        for c in ax.collections:
            if isinstance(c, PathCollection) and c.get_visible() and len(c.get_offsets()) \
                    and c.get_gid() not in ("labels", "ring", "sign"):   # labels, rings round nodes, MCTS signs
                sizes = c.get_sizes()
                # plain floats: offsets come as masked arrays, whose every arithmetic step costs ~100x
                centres = np.ma.filled(c.get_offset_transform().transform(c.get_offsets()), np.nan).tolist()
                for k, (x, y) in enumerate(centres):
                    size = sizes[k % len(sizes)] if len(sizes) else 36.0
                    if math.isfinite(x) and math.isfinite(y):
                        markers.append((ax, (x, y), math.sqrt(size) / 2 * fig.dpi / 72, c.get_zorder()))
    return texts, markers


def _overlap(a, b) -> bool:
    return (min(a.x1, b.x1) - max(a.x0, b.x0) > SLACK) and (min(a.y1, b.y1) - max(a.y0, b.y0) > SLACK)


def _name(t) -> str:
    return repr(t.get_text().replace("\n", "⏎")[:30])


def _segments(ax, markers):
    """The edges of a tree picture: every line segment drawn in ``ax``, in pixels, with its zorder; an
    end at a node (a marker drawn above the line) is cut back to the marker's rim, where the line
    shows."""
    def trim(p, q, zorder):
        (px, py), (qx, qy) = p, q
        for _, (cx, cy), radius, z in markers:
            length = math.hypot(qx - px, qy - py)
            if z > zorder and math.hypot(px - cx, py - cy) < 1.0 and length > radius:
                px, py = px + (qx - px) * (radius * 0.8 / length), py + (qy - py) * (radius * 0.8 / length)
        return px, py
    for artist in ax.get_children():
        if isinstance(artist, Line2D) and artist.get_visible() and artist.get_linestyle() not in ("None", ""):
            xy = _points(artist.get_transform().transform(np.column_stack(artist.get_data())))
            segs = list(zip(xy, xy[1:]))
        elif isinstance(artist, LineCollection) and artist.get_visible():
            trans = artist.get_transform()
            segs = [pair for seg in artist.get_segments()
                    for xy in [_points(trans.transform(np.asarray(seg)))] for pair in zip(xy, xy[1:])]
        else:
            continue
        z = artist.get_zorder()
        here = [m for m in markers if m[0] is ax]
        for p, q in segs:
            yield trim(p, q, z) if here else p, trim(q, p, z), z


def _points(xy) -> list:
    """Pixel positions as (x, y) tuples of floats (a masked position, never drawn, as NaN)."""
    return [tuple(p) for p in np.ma.filled(xy, np.nan).tolist()]


def _crosses(p, q, box) -> bool:
    """Does the segment pq pass through ``box`` (shrunk by SLACK)?  Liang-Barsky clipping."""
    x0, y0, x1, y1 = box.x0 + SLACK, box.y0 + SLACK, box.x1 - SLACK, box.y1 - SLACK
    if x0 >= x1 or y0 >= y1:
        return False
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for d, lo, hi, start in ((dx, x0, x1, p[0]), (dy, y0, y1, p[1])):
        if abs(d) < 1e-12:
            if start < lo or start > hi:
                return False
            continue
        a, b = (lo - start) / d, (hi - start) / d
        a, b = min(a, b), max(a, b)
        t0, t1 = max(t0, a), min(t1, b)
        if t0 > t1:
            return False
    return t1 - t0 > 1e-9


def _masked(t, zorder) -> bool:
    """Does ``t`` sit on an opaque box drawn above a line of ``zorder``?"""
    patch = t.get_bbox_patch()
    return patch is not None and patch.get_facecolor()[3] > 0.8 and t.get_zorder() > zorder


def _on_marker(box, centre, radius) -> bool:
    """Does a text box overlap a node drawn at ``centre`` (its core: 0.7 of the radius)?"""
    r = 0.7 * radius
    nx, ny = min(max(centre[0], box.x0), box.x1), min(max(centre[1], box.y0), box.y1)
    return math.hypot(nx - centre[0], ny - centre[1]) < r - SLACK


def collisions(fig, *, trees=(), inside=False) -> list:
    """What overlaps in ``fig``: pairs of texts, and in the Axes ``trees`` edges through texts, texts
    over nodes (a label inside its own node is where it belongs) and nodes over nodes; with
    ``inside``, texts outside the figure (a widget's picture is not cropped to what is drawn, as the
    notebook's inline pictures are).  A list of readable strings, empty when the picture is clean."""
    texts, markers = _drawn(fig)
    found = []
    (W, H) = fig.canvas.get_width_height()
    for t, box in texts if inside else ():
        if box.x0 < -SLACK or box.y0 < -SLACK or box.x1 > W + SLACK or box.y1 > H + SLACK:
            found.append(f"{_name(t)} outside the figure")
    for (s, a), (t, b) in itertools.combinations(texts, 2):
        if _overlap(a, b):
            found.append(f"{_name(s)} over {_name(t)}")
    for ax in trees:
        segments = list(_segments(ax, markers))
        nodes = [m for m in markers if m[0] is ax]
        for t, box in texts:
            if t.axes is not ax:
                continue
            if any(_crosses(p, q, box) and not _masked(t, z) for p, q, z in segments):
                found.append(f"an edge through {_name(t)}")
            middle = ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
            for _, centre, radius, _ in nodes:
                if _on_marker(box, centre, radius) and math.hypot(middle[0] - centre[0],
                                                                  middle[1] - centre[1]) > radius:
                    found.append(f"{_name(t)} over a node")
                    break
        for (_, c1, r1, _), (_, c2, r2, _) in itertools.combinations(nodes, 2):
            if math.hypot(c1[0] - c2[0], c1[1] - c2[1]) < 0.8 * (r1 + r2) - SLACK:
                found.append("two nodes over each other")
                break
    return found


class Collision(AssertionError):
    """A picture in which something sits on something else (:func:`check`)."""


def check(fig, *, trees=(), inside=False) -> None:
    """Raise :class:`Collision`, naming what overlaps, if :func:`collisions` finds anything in ``fig``."""
    found = collisions(fig, trees=trees, inside=inside)
    if found:
        title = "; ".join(t for t in (ax.get_title() for ax in fig.axes) if t) or "untitled"
        raise Collision(f"the picture ({title}) has {len(found)} collision(s): " + "; ".join(found))
