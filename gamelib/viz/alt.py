"""Text alternatives: every picture the kit shows says in words what it shows, and tables are tables
(WCAG 2.1: 1.1.1 non-text content, 1.3.1 info and relationships, 1.4.10 reflow).

One mechanism, many pictures.  A figure function draws, then records what it drew in words on the Axes
(or the Figure) it drew into, made from the same trace or data that drew it::

    describe(ax, "Game tree ... value 3, decision a1.", details=[Table(...), "Visit order: A, B, E ..."])

A notebook shows a figure with :func:`show` instead of ``plt.show()`` (a widget puts
:func:`picture_html` into an HTML widget): the picture becomes ``<img alt="...">`` (the PNG as a data URI,
at its natural size in a box that scrolls sideways where the column is narrower, never shrunk into
unreadability), with the longer description in a ``<details>`` element beside it where the picture
carries a table's worth of facts.  Its ``text/plain`` form is the same words, the same on every
machine (nbval compares it; the PNG itself is left out of the comparison by the kit's nbval settings).

* :func:`describe` records a picture's words; :class:`Description` is what it records.
* :func:`description_of` reads them back for a whole Figure: its own, or its panels' (each with its
  title).  A chart drawn with plain matplotlib in a notebook is described where it is drawn, from the
  numbers that drew it: ``describe(fig, f"... {value:.3f} at depth {d} ...", details=[Table(...)])``.
  Nothing reads words back from matplotlib's artists: a chart's drawn positions say where its marks
  are, not what it is for.  A picture with a panel that draws but says nothing is :class:`Undescribed`
  (an error where ``GAMELIB_CHECK_PICTURES`` is set, as the test suite sets it), so no chart ships
  without its words; a student's own chart shown without words is shown all the same, with a warning
  saying how to describe it.
* :class:`Picture`, the one picture type: PNG bytes with their words (its rich repr is the accessible
  HTML); :func:`picture` (a Figure as a Picture; the figure is closed, so the inline backend does not
  show it a second time), :func:`show` (display it) and :func:`png_bytes`, the one savefig.
* :class:`Table`: a table as HTML with header cells and as aligned text (no pandas); the notebooks'
  tables and the pictures' long descriptions use it.
"""
from __future__ import annotations

import base64
import html
import io
import math
import os
import re
import struct
import threading
import warnings
from typing import NamedTuple

import matplotlib.pyplot as plt

from ..validate import deprecated, moved

__all__ = ["Description", "describe", "extend", "description_of", "Undescribed", "Table", "Picture",
           "picture", "picture_html", "png_bytes", "show", "FIT_WIDTH", "plain_label", "number_text", "joined"]

FIT_WIDTH = 760
"""Pixels: the narrowest notebook column the kit is made for.  A wider picture keeps its natural size in
a box that scrolls sideways, which the keyboard can reach (``tabindex``)."""

DRAWING = threading.RLock()
"""One picture drawn at a time in this kernel.  matplotlib is not thread-safe (its fonts are objects
shared by every figure), and JupyterLab 4 with ipykernel 7 handles widget messages on a kernel
subshell, a thread of its own, while the main thread runs cells: two pictures drawn at once in two
threads corrupted the kernel's memory and killed it.  :func:`picture` renders holding it,
and every widget update (:mod:`gamelib.viz.live`), which may draw, holds it throughout.  Re-entrant:
updates nest, and an update draws."""


def number_text(x) -> str:
    """A number as the descriptions write it: whole numbers with thousands separators (``1,093``),
    others to three significant figures (``0.0082``, ``2.37``), ``−`` for minus."""
    if isinstance(x, bool) or not isinstance(x, (int, float)) and not hasattr(x, "__float__"):
        return str(x)
    x = float(x)
    if math.isnan(x):
        return "none"
    if math.isinf(x):
        return "+∞" if x > 0 else "−∞"
    if x == int(x) and abs(x) < 1e15:
        text = f"{int(x):,}"
    elif abs(x) >= 1000:
        text = f"{x:,.0f}"
    else:
        text = f"{x:.3g}"
        if "e" in text:
            mantissa, exp = text.split("e")
            text = f"{mantissa}×10^{int(exp)}"
    return text.replace("-", "−")


def joined(items, word: str = "and") -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    items = [str(i) for i in items]
    if len(items) <= 2:
        return f" {word} ".join(items)
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


_MATH = [(re.compile(r"\\sqrt\{([^{}]*)\}"), r"√(\1)"), (re.compile(r"\^\{([^{}]*)\}"), r"^(\1)"),
         (re.compile(r"_\{([^{}]*)\}"), r"_\1"), (re.compile(r"\\(alpha|beta|sigma|rho|lambda)"), r"\1")]


def plain_label(text: str) -> str:
    """A matplotlib label as words: mathtext's ``$b^{3m/4}$`` as ``b^(3m/4)``, ``$\\sqrt{n}$`` as ``√(n)``;
    line breaks as spaces."""
    text = str(text)
    if "$" in text:
        for pattern, repl in _MATH:
            text = pattern.sub(repl, text)
        text = text.replace("$", "").replace("\\", "")
    return " ".join(text.split())


# ---------------------------------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------------------------------

_NUMERIC = re.compile(r"^[−+-]?[\d,]*\.?\d+(e[−+-]?\d+)?\s*%?$|^[−+-]?∞$")


class Table:
    """A table: a header row of column names, rows of cells, an optional caption.

    Shown in a notebook as an HTML ``<table>`` whose header cells are ``<th scope="col">`` (and the
    first cell of each row ``<th scope="row">``, unless ``row_headers=False``), so a screen reader
    can read it as a table; its ``text/plain`` form (and ``str``) is the same table as aligned
    columns, numbers to the right.  Cells are written with ``str`` (format numbers before).

    >>> print(Table(["depth", "nodes"], [[1, 4], [2, 13]], caption="max^n"))
    max^n
    depth  nodes
    -----  -----
        1      4
        2     13
    """

    def __init__(self, header, rows, *, caption: str | None = None, row_headers: bool = True):
        self.header = [str(h) for h in header]
        self.rows = [[str(c) for c in row] for row in rows]
        if any(len(row) != len(self.header) for row in self.rows):
            raise ValueError(f"every row must have {len(self.header)} cells, as the header: {self.rows!r:.200}")
        if any(not h.strip() for h in self.header):
            raise ValueError(f"every column needs a name (an empty header cell says nothing): {self.header!r}")
        self.caption = caption
        self.row_headers = row_headers

    def _numeric(self, j) -> bool:
        cells = [row[j] for row in self.rows if row[j] not in ("", "–")]
        return bool(cells) and all(_NUMERIC.match(c) for c in cells)

    def text(self) -> str:
        widths = [max([len(self.header[j])] + [len(row[j]) for row in self.rows]) for j in range(len(self.header))]
        right = [self._numeric(j) for j in range(len(self.header))]

        def line(cells):
            return "  ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)).rstrip()
        out = [self.caption] if self.caption else []
        out += [line(self.header), line(["-" * w for w in widths])] + [line(row) for row in self.rows]
        return "\n".join(out)

    def html(self) -> str:
        esc = html.escape
        right = [self._numeric(j) for j in range(len(self.header))]
        cell_style = "padding:2px 8px;border-bottom:1px solid #d0d0d0"

        def cell(tag, text, j, scope=None):
            align = "right" if right[j] else "left"
            scope_attr = f' scope="{scope}"' if scope else ""
            return f'<{tag}{scope_attr} style="{cell_style};text-align:{align}">{esc(text)}</{tag}>'
        head = "".join(cell("th", h, j, "col") for j, h in enumerate(self.header))
        body = "".join(
            "<tr>" + "".join(cell("th", c, j, "row") if j == 0 and self.row_headers else cell("td", c, j)
                             for j, c in enumerate(row)) + "</tr>" for row in self.rows)
        caption = (f'<caption style="text-align:left;font-weight:bold;padding:2px 0">{esc(self.caption)}</caption>'
                   if self.caption else "")
        return (f'<table style="border-collapse:collapse;margin:4px 0">{caption}<thead><tr>{head}</tr></thead>'
                f"<tbody>{body}</tbody></table>")

    def _repr_html_(self) -> str:
        return self.html()

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return self.text()


# ---------------------------------------------------------------------------------------------------
# What a picture shows, recorded by the function that drew it
# ---------------------------------------------------------------------------------------------------

class Description(NamedTuple):
    """A picture's text alternative: ``alt``, a few sentences saying what it shows (the ``alt`` of
    its ``<img>``), and ``details``, the longer description where the picture holds more facts than a
    sentence can carry: paragraphs (str) and :class:`Table` objects, in order."""
    alt: str
    details: tuple = ()


def describe(target, alt: str, details=()) -> Description:
    """Record on ``target`` (the Axes or Figure a figure function drew) what it shows: ``alt`` and
    ``details`` (see :class:`Description`).  Returns the Description.  Drawing again into the same Axes
    replaces it."""
    if not isinstance(alt, str) or not alt.strip():
        raise ValueError(f"a picture's text alternative must say something, got {alt!r}")
    d = Description(" ".join(alt.split()), tuple(details))
    target.gamelib_alt = d
    return d


def extend(target, more: str, details=()) -> Description:
    """Add ``more`` words (and ``details``) to what ``target`` already says (a figure function that
    draws over another's picture, e.g. the sigma study's probabilities under :func:`draw_tree`'s tree)."""
    old = getattr(target, "gamelib_alt", None)
    if old is None:
        return describe(target, more, details)
    return describe(target, f"{old.alt} {more}", old.details + tuple(details))


def _shared_ending(alts) -> str:
    """The sentences every one of ``alts`` ends with (the same tree drawn at several steps), to be said
    once; '' if they share none."""
    ending = alts[0]
    for a in alts[1:]:
        while ending and not a.endswith(ending):
            cut = ending.find(". ")
            ending = ending[cut + 2:] if cut >= 0 else ""
    return ending if len(ending) > 40 and all(len(a) > len(ending) for a in alts) else ""


def _title_of(ax) -> str:
    parts = [ax.get_title(loc) for loc in ("left", "center", "right")]
    return plain_label(" ".join(p for p in parts if p))


def _key_of(legend) -> str:
    labels = [plain_label(t.get_text()) for t in legend.get_texts() if t.get_text().strip()]
    return ("Key: " + "; ".join(labels) + ".") if labels else ""


def _panel(ax) -> Description | None:
    """One Axes in words: its own Description (with its key), else its key alone (a panel that holds
    only a legend, the key to the other panels), else None."""
    own = getattr(ax, "gamelib_alt", None)
    legend = ax.get_legend()
    key = _key_of(legend) if legend is not None else ""
    if own is not None:
        return Description(own.alt, own.details + ((key,) if key else ()))
    return Description(key) if key else None


class Undescribed(ValueError):
    """A picture that draws something no words say: a panel without a :func:`describe`, in a figure
    without one.  Raised by :func:`description_of` (and so by :func:`show`, :func:`picture` and every
    widget's picture) where ``GAMELIB_CHECK_PICTURES`` is set, as the test suite sets it; and always
    where the figure says nothing at all."""


def _drawn(ax) -> str:
    """What ``ax`` draws, counted ('3 lines, 8 bars or patches'); '' if nothing visible, or if ``ax`` is a
    colorbar (the key of the panel beside it, whose words say what its colours mean)."""
    if not ax.get_visible() or ax.get_label() == "<colorbar>":
        return ""
    kinds = (("line", "lines", ax.lines), ("bar or patch", "bars or patches", ax.patches),
             ("collection", "collections", ax.collections), ("image", "images", ax.images),
             ("text", "texts", ax.texts), ("table", "tables", ax.tables))
    counts = [(one, many, sum(1 for a in artists if a.get_visible())) for one, many, artists in kinds]
    return ", ".join(f"{n} {one if n == 1 else many}" for one, many, n in counts if n)


def _figure_name(fig) -> str:
    """The figure as a reader finds it: its title, else its panels' titles, else its number."""
    title = plain_label(fig.get_suptitle()) or "; ".join(t for ax in fig.axes if (t := _title_of(ax)))
    number = getattr(fig, "number", None)
    name = f"Figure {number}" if number is not None else "a figure"
    return f"{name} (“{title}”)" if title else name


def _undescribed(fig) -> list:
    """['panel 2 of 3 (“learning curve”) draws 2 lines'] for each Axes of ``fig`` that draws something
    but has no words of its own (none where the figure has its own)."""
    if getattr(fig, "gamelib_alt", None) is not None:
        return []
    out = []
    for k, ax in enumerate(fig.axes, 1):
        drawn = _drawn(ax)
        if drawn and getattr(ax, "gamelib_alt", None) is None:
            title = _title_of(ax)
            out.append(f"panel {k} of {len(fig.axes)}" + (f" (“{title}”)" if title else "") + f" draws {drawn}")
    return out


def _checking() -> bool:
    return bool(os.environ.get("GAMELIB_CHECK_PICTURES"))


def description_of(fig, *, complete: bool | None = None) -> Description:
    """The text alternative of Figure ``fig``: its own (recorded with :func:`describe` on the Figure),
    else its panels' in order, each with its title as the figure shows it now, and the figure's own
    title and key.  ``complete`` (default: whether ``GAMELIB_CHECK_PICTURES`` is set, as the test suite
    sets it): raise :class:`Undescribed` naming the figure and each panel that draws without words;
    a figure with no words at all is :class:`Undescribed` always."""
    own = getattr(fig, "gamelib_alt", None)
    if own is not None:
        return own
    silent = _undescribed(fig)
    how = ("the function that draws it records what it shows with describe(ax or fig, alt, details), in words "
           "made from the numbers it drew: what is compared, the values that matter, the trend")
    if silent and (_checking() if complete is None else complete):
        raise Undescribed(f"{_figure_name(fig)} has a picture without words: {'; '.join(silent)}; {how}")
    panels = [(ax, d) for ax in fig.axes if (d := _panel(ax)) is not None]
    suptitle = plain_label(fig.get_suptitle())
    keys = [k for legend in fig.legends if (k := _key_of(legend))]
    if not panels and not keys:
        raise Undescribed(f"{_figure_name(fig)} has nothing that says what it shows; {how}")
    alts, details = [], []
    shared = _shared_ending([d.alt for _, d in panels]) if len(panels) > 1 else ""
    for k, (ax, d) in enumerate(panels, 1):
        if shared:
            d = Description(d.alt[:len(d.alt) - len(shared)].rstrip(), d.details)
        title = _title_of(ax)
        head = f"{title}: " if title else ""
        if len(panels) > 1:
            head = f"Panel {k} of {len(panels)}" + (f", “{title}”: " if title else ": ")
        alts.append(head + d.alt)
        if d.details:
            if len(panels) > 1:
                details.append(head.rstrip(": ") + ".")
            details.extend(d.details)
    alt = " ".join(alts + ([f"Every panel: {shared}"] if shared else []) + keys)
    if suptitle:
        alt = f"{suptitle}. {alt}"
    return Description(alt, tuple(x for x in details if x))


def chart_description(ax) -> Description | None:
    """Deprecated, goes in the next release: the kit no longer reads a chart's words back from
    matplotlib's artists (their drawn positions, not the numbers that drew them).  Returns the words
    ``ax`` was given with :func:`describe`, or None, with a :class:`DeprecationWarning`."""
    deprecated("gamelib.viz.alt.chart_description no longer reads a chart from its artists, and goes in the "
               "next release: describe(ax, ...) the chart where it is drawn, in words made from its numbers")
    return getattr(ax, "gamelib_alt", None)


# ---------------------------------------------------------------------------------------------------
# Pictures
# ---------------------------------------------------------------------------------------------------

def _png_size(png: bytes) -> tuple:
    """(width, height) in pixels, read from the PNG's header."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    return struct.unpack(">II", png[16:24])


def _details_html(details) -> str:
    parts = []
    for d in details:
        parts.append(d.html() if isinstance(d, Table) else f'<p style="margin:4px 0">{html.escape(str(d))}</p>')
    return "".join(parts)


def _details_text(details) -> str:
    return "\n".join(d.text() if isinstance(d, Table) else str(d) for d in details)


def picture_html(png: bytes, alt: str | None = None, details=(), *, summary: str = "The picture in words",
                 long: bool = True, fit: bool = False) -> str:
    """The HTML of a picture: ``<img alt>`` (``png`` as a data URI) at its natural size, in a box that
    scrolls sideways where the column is narrower (reachable by the keyboard where the picture is wider
    than ``FIT_WIDTH``), and the ``details`` in a ``<details>`` element under it.  What a widget puts in
    an HTML widget (``widgets.Image`` cannot carry alt text).  ``alt`` None: a :class:`Picture`'s own
    words; ``long=False``: the alt text only, no ``<details>`` (a widget whose own words already say
    the rest, and whose height is counted); ``fit=True``: the picture shrinks to the column's width
    instead of scrolling (a widget, whose controls and picture must all be in view at 760 px)."""
    if alt is None:
        if not isinstance(png, Picture):
            raise ValueError("a picture needs its text alternative: pass alt=, or a Picture")
        alt, details = png.alt, png.details
    if not long:
        details = ()
    width, height = _png_size(png)
    data = base64.b64encode(png).decode("ascii")
    size = "max-width:100%" if fit else "max-width:none"
    img = (f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt, quote=True)}" width="{width}" '
           f'height="{height}" style="{size};height:auto">')
    if fit:
        out = f'<div style="max-width:100%">{img}</div>'
    else:
        scroll = ' tabindex="0" role="group" aria-label="picture, scrolls sideways"' if width > FIT_WIDTH else ""
        out = f'<div style="overflow-x:auto;max-width:100%"{scroll}>{img}</div>'
    if details:
        out += (f'<details style="margin:2px 0 6px 0"><summary>{html.escape(summary)}</summary>'
                f"{_details_html(details)}</details>")
    return out


def png_bytes(fig, *, tight: bool = False, pad_inches: float = 0.02, fast: bool = True) -> bytes:
    """``fig`` as PNG bytes at its own resolution (``fig.dpi``): the one place the kit saves a figure.
    ``tight``: cropped to what is drawn, ``pad_inches`` around it.  ``fast``: light compression (the
    widgets send a picture to the browser at every step, where time matters more than bytes); a
    notebook's stored picture is compressed as the inline backend would.  No "Software" stamp, so the
    bytes do not change with matplotlib's version."""
    buf = io.BytesIO()
    with DRAWING:       # a widget may be drawing on a kernel subshell's thread: one picture at a time
        fig.savefig(buf, format="png", bbox_inches="tight" if tight else None, pad_inches=pad_inches,
                    metadata={"Software": None}, pil_kwargs={"compress_level": 1} if fast else None)
    return buf.getvalue()


class Picture(bytes):
    """A picture with its text alternative: its PNG bytes (a Picture *is* those bytes, so a widget keeps
    and compares them as bytes; equal to the same bytes without words), ``alt`` and ``details`` (see
    :class:`Description`), ``width`` and ``height`` (its natural size in pixels).  :func:`picture`
    makes one of a Figure; the widgets show theirs with :func:`picture_html`.  In a notebook it shows as
    :func:`picture_html`; its ``text/plain`` form (and ``str``) is the same words as text, the same on
    every machine.  ``Picture(png, description)`` takes a :class:`Description` for ``alt``."""
    alt: str
    details: tuple
    width: int
    height: int

    def __new__(cls, png: bytes, alt, details=()):
        if isinstance(alt, Description):
            alt, details = alt.alt, alt.details + tuple(details)
        if not isinstance(alt, str) or not alt.strip():
            raise ValueError("a picture needs a text alternative that says what it shows")
        self = super().__new__(cls, png)
        self.alt, self.details = alt, tuple(details)
        self.width, self.height = _png_size(png)
        return self

    @property
    def png(self) -> bytes:
        """The PNG bytes alone."""
        return bytes(self)

    @property
    def description(self) -> Description:
        """``alt`` and ``details`` as a :class:`Description`."""
        return Description(self.alt, self.details)

    def html(self, **options) -> str:
        """:func:`picture_html` of this picture (``options``: its ``summary``, ``long``, ``fit``)."""
        return picture_html(self, **options)

    def text(self) -> str:
        out = f"[picture] {self.alt}"
        if self.details:
            out += "\n" + _details_text(self.details)
        return out

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/html": self.html(), "text/plain": self.text()}

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return self.text()


def picture(fig=None, *, alt: str | None = None, details=(), close: bool = True) -> Picture:
    """``fig`` (default: pyplot's current figure) as a :class:`Picture`, drawn as the notebook's inline
    backend draws it (cropped to what is drawn) and closed (``close``), with the text alternative
    :func:`description_of` reads from it.  ``alt``: a sentence to put first (what the notebook wants the
    picture to say, computed from the same data), enough alone where the figure says nothing;
    ``details``: more paragraphs or tables to append.  Neither ``alt`` nor words on the figure, where
    ``GAMELIB_CHECK_PICTURES`` is set (the kit's own pictures, in its tests): :class:`Undescribed`, as
    is a panel without words; elsewhere (a student's own chart) a warning saying how to describe it, and
    a text alternative saying it has none: a picture never stops a student's notebook."""
    fig = plt.gcf() if fig is None else fig
    with DRAWING:       # a widget may be drawing on a kernel subshell's thread: one picture at a time
        try:
            told = description_of(fig, complete=None if alt is None else False)
        except Undescribed as undescribed:
            if alt is None and _checking():
                if close:
                    plt.close(fig)
                raise
            if alt is None:                 # a student's own chart: said, with how to fix it, never a stop
                warnings.warn(f"{undescribed} (its text alternative says it has no description)", UserWarning,
                              stacklevel=2)
            told = Description("" if alt else f"{_figure_name(fig)}: a picture drawn without a description.")
        png = png_bytes(fig, tight=True, pad_inches=0.1, fast=False)
    if close:
        plt.close(fig)
    words = " ".join(f"{' '.join(alt.split())} {told.alt}".split()) if alt else told.alt
    return Picture(png, words, told.details + tuple(details))


def show(fig=None, *, alt: str | None = None, details=()) -> None:
    """Display ``fig`` (default: the current figure) with its text alternative: the notebooks'
    ``plt.show()`` (see :func:`picture`).  With ``GAMELIB_CHECK_PICTURES`` set in the environment (the
    test suite sets it, so every notebook's pictures are checked as nbval runs them), a picture in which
    texts sit on each other raises :class:`gamelib.viz.collisions.Collision` instead, and one with a
    panel that draws without words :class:`Undescribed`."""
    from IPython.display import display
    fig = plt.gcf() if fig is None else fig
    if os.environ.get("GAMELIB_CHECK_PICTURES"):      # the test suite's: no picture with a collision
        from .collisions import check
        try:
            with DRAWING:
                check(fig)
        except AssertionError:
            plt.close(fig)
            raise
    display(picture(fig, alt=alt, details=details))


__getattr__ = moved(__name__, {"DrawnPNG": "gamelib.viz.alt:Picture"})   # one picture type: warns for one release
