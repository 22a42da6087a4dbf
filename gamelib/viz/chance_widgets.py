"""Pictures and widgets for games of chance (AIMA 4th ed. §5.5; Zell's slides, 5.5 *Stochastic games*).

Two things are here.

**What a search has proven about chance nodes.**  :func:`gamelib.trace.chance_intervals` (also
importable from here, as are ``leaf_bounds`` and ``returned_move_values``) reads a trace (of
:func:`gamelib.expectiminimax` or :func:`gamelib.star1`) and says, for every chance node entered so far,
the interval its value must lie in: [sum P_i lo_i, sum P_i hi_i] over its outcomes, an outcome not
(yet) searched counting as the utility bounds [L, U] (AIMA §5.5: "if there are bounds on the possible
values of the utility function, the expected values are also bounded").  That is how Star1 decides to
cut.  :func:`draw_chance_tree` is :func:`~gamelib.viz.drawing.draw_tree` with those intervals written
under the chance nodes; the explorer (:class:`~gamelib.viz.explorer.TreeExplorer`) draws with it.

**The positive-linear-transformation lesson** (AIMA 4th ed. Fig. 5.14, 3rd ed. Fig. 5.12; Zell's slides:
"both evaluation functions order leaves the same, but they lead to different expected values at the chance nodes"; "the
evaluation function must be a positive linear transformation of the probability of winning").  MAX
chooses a1 or a2; each leads to a chance node with outcome probabilities .9 and .1; the leaves are
2, 3 (under a1) and 1, 4 (under a2).  Expectiminimax values a1 at .9·2 + .1·3 = 2.1 and a2 at
.9·1 + .1·4 = 1.3 and picks a1.  Relabel the leaves 20, 30, 1, 400, which keeps their order, and a1 is
worth 21 while a2 is worth 40.9: the decision flips to a2.

What "minimax's decision never changes" means, precisely: on a tree **without** chance nodes, applying a
strictly increasing f to every leaf changes no decision, because max and min commute with f
(max(f(x), f(y)) = f(max(x, y))): every node's value becomes f of its old value and every comparison
comes out the same.  To show it on the same example, :func:`compare_transform` also searches the
deterministic tree in which each chance node is replaced by a MIN node (the pessimist's reading of
chance).  With chance nodes, expectiminimax's decision survives every f only when f is positive linear
(f(x) = a·x + b, a > 0) on the leaf values, because expectations commute with exactly those:
E[a·X + b] = a·E[X] + b.

    from gamelib.viz.chance_widgets import TransformExplorer, draw_transform
    draw_transform()                     # AIMA's example: 2, 3, 1, 4 against 20, 30, 1, 400
    TransformExplorer()                  # pick a transform (or drag the sliders) and watch the decisions

Nothing here searches on its own beyond calling the library's searches with ``trace=True``; the
pictures, texts and intervals read their traces.
"""
from __future__ import annotations

import html
import math
import numbers
from collections.abc import Callable
from itertools import pairwise
from typing import NamedTuple

import ipywidgets as widgets
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from ..core import INF, ArgumentError, GameError
from ..trace import chance_intervals, leaf_bounds, returned_move_values, tidy  # noqa: F401 (they answer here too)
from ..trace import fmt_value as _fmt
from ..minimax import expectiminimax, minimax
from ..trees import GameTree, chance
from ..validate import renamed
from .alt import picture_html
from .drawing import COLORS, COLUMN_WIDTH, DPI, draw_tree
from .drawing import png_with_words   # a Picture: the PNG and its words (alt text), shown as <img alt>
from .live import LiveWidget, from_browser

INTERVAL_COLOR = COLORS["interval"]


# ---------------------------------------------------------------------------------------------------
# What a trace proves about chance nodes, drawn (gamelib.trace.chance_intervals reads it)
# ---------------------------------------------------------------------------------------------------

@renamed(bounds=("lower", "upper"))
def draw_chance_tree(tree, result=None, *, step=None, lower=None, upper=None, ax=None, title=None, **kwargs):
    """:func:`~gamelib.viz.drawing.draw_tree` for a tree with chance nodes, with the lower bound L =
    ``lower`` and upper bound U = ``upper`` (default: the tree's smallest and largest leaf): what the
    trace proves about each chance node is shown, a chance node still being searched with its running
    interval [lo, hi] in green where its value will be (see :func:`~gamelib.trace.chance_intervals`),
    one a Star1 cut left with the interval its outcomes prove.  Other keyword arguments go to
    ``draw_tree``.  Returns the Axes.
    """
    if lower is None and upper is None:
        lower, upper = leaf_bounds(tree)
    return draw_tree(tree, result, step=step, ax=ax, title=title, lower=lower, upper=upper, **kwargs)


# ---------------------------------------------------------------------------------------------------
# The transformation lesson (AIMA 4th ed. Fig. 5.14, 3rd ed. Fig. 5.12)
# ---------------------------------------------------------------------------------------------------

AIMA_LEAVES = (2, 3, 1, 4)
"""AIMA 3rd ed. Fig. 5.12 (4th ed. Fig. 5.14), left: the leaves under a1 (2, 3) and under a2 (1, 4)."""
AIMA_TRANSFORMED = (20, 30, 1, 400)
"""AIMA 3rd ed. Fig. 5.12 (4th ed. Fig. 5.14), right: the same leaves after an order-preserving relabelling."""
AIMA_MAPPING = {1: 1, 2: 20, 3: 30, 4: 400}
"""The relabelling itself: 1 -> 1, 2 -> 20, 3 -> 30, 4 -> 400."""
PROBABILITIES = (0.9, 0.1)
"""The outcome probabilities at both chance nodes of Fig. 5.12."""
CUSTOM = "custom (sliders)"


def _exp(x):
    try:
        return math.exp(x)
    except OverflowError:
        raise ArgumentError(f"exp({x}) overflows; choose smaller leaves") from None


TRANSFORMS = {
    "x (identity)": lambda x: x,
    "10·x": lambda x: 10 * x,
    "x + 100": lambda x: x + 100,
    "x²": lambda x: x ** 2,
    "x⁴": lambda x: x ** 4,
    "exp(x)": _exp,
}
"""The named transforms on offer.  The first three are positive linear; x² and x⁴ preserve the order
of non-negative leaves only; exp preserves every order."""


def transform_specs(leaves=AIMA_LEAVES, probabilities=PROBABILITIES) -> tuple:
    """``(chance_spec, min_spec)``: nested specs of the Fig. 5.12 shape for ``leaves``.

    MAX chooses among ``len(leaves) // len(probabilities)`` moves; move i leads to a chance node whose
    outcomes have ``probabilities`` and lead to the next ``len(probabilities)`` leaves.  The second
    spec is the same tree with every chance node replaced by a MIN node (no chance nodes at all).

    >>> transform_specs()
    ([ChanceSpec(branches=((0.9, 2), (0.1, 3))), ChanceSpec(branches=((0.9, 1), (0.1, 4)))], [[2, 3], [1, 4]])
    """
    leaves, probabilities = list(leaves), list(probabilities)
    n = len(probabilities)
    if n < 1 or not leaves or len(leaves) % n:
        raise GameError(f"need a whole number of moves: {len(leaves)} leaves for {n} outcomes each")
    for v in leaves:
        if isinstance(v, bool) or not isinstance(v, numbers.Real) or not math.isfinite(v):
            raise GameError(f"a leaf must be a finite number, got {v!r}")
    groups = [leaves[i:i + n] for i in range(0, len(leaves), n)]
    return ([chance(*zip(probabilities, g)) for g in groups], [list(g) for g in groups])


def map_leaves(spec, f: Callable):
    """The nested spec ``spec`` (lists, :func:`~gamelib.trees.chance` nodes, numbers) with every leaf
    ``x`` replaced by ``f(x)``; probabilities and shape unchanged.

    >>> map_leaves([chance((0.9, 2), (0.1, 3)), [1, 4]], lambda x: 10 * x)
    [ChanceSpec(branches=((0.9, 20), (0.1, 30))), [10, 40]]
    """
    if hasattr(spec, "branches"):
        return chance(*((p, map_leaves(sub, f)) for p, sub in spec.branches))
    if isinstance(spec, (list, tuple)):
        return [map_leaves(sub, f) for sub in spec]
    return f(spec)


def _as_function(transform, values) -> tuple:
    """``(label, f)`` for a transform given as a name in TRANSFORMS, a callable or a mapping."""
    if isinstance(transform, str):
        if transform not in TRANSFORMS:
            raise ArgumentError(f"unknown transform {transform!r}; named ones are {list(TRANSFORMS)}, "
                             "or pass a function or a {leaf: new value} mapping")
        return transform, TRANSFORMS[transform]
    if callable(transform):
        return getattr(transform, "__name__", "f"), transform
    if isinstance(transform, dict):
        missing = [v for v in values if v not in transform]
        if missing:
            raise ArgumentError(f"the mapping gives no new value for the leaves {missing}")
        mapping = dict(transform)
        label = "f: " + ", ".join(f"{_fmt(v)}→{_fmt(mapping[v])}" for v in values)
        return label, mapping.__getitem__
    raise ArgumentError(f"a transform is a name ({list(TRANSFORMS)}), a function or a mapping, "
                     f"got {transform!r}")


def is_order_preserving(f: Callable, values) -> bool:
    """Is ``f`` strictly increasing on ``values`` (so it keeps every order and every tie among them)?"""
    vs = sorted(set(values))
    fs = [f(v) for v in vs]
    return all(a < b for a, b in pairwise(fs))


def is_positive_linear(f: Callable, values, rel_tol: float = 1e-9) -> bool:
    """Does ``f`` agree with some a·x + b, a > 0, on ``values``?  (Two distinct values always do if f is
    increasing on them: only what f does on the leaves that occur matters.)"""
    vs = sorted(set(values))
    if len(vs) < 2:
        return True
    fs = [f(v) for v in vs]
    a = (fs[-1] - fs[0]) / (vs[-1] - vs[0])
    if not a > 0:
        return False
    b = fs[0] - a * vs[0]
    scale = max(abs(x) for x in fs) or 1.0
    return all(abs(fx - (a * v + b)) <= rel_tol * scale for v, fx in zip(vs, fs))


class TransformComparison(NamedTuple):
    """What :func:`compare_transform` found.  ``expectiminimax`` and ``minimax`` are pairs of traced
    SearchResults (before, after the transform); ``trees`` holds the four GameTrees in the same
    arrangement: ``trees['expectiminimax'] = (before, after)`` (chance nodes), ``trees['minimax']``
    (chance nodes read as MIN)."""

    leaves: tuple
    transformed: tuple
    probabilities: tuple
    label: str
    order_preserving: bool
    positive_linear: bool
    expectiminimax: tuple
    minimax: tuple
    trees: dict

    @property
    def expectiminimax_changed(self) -> bool:
        """Did the transform change expectiminimax's decision?"""
        return self.expectiminimax[0].action != self.expectiminimax[1].action

    @property
    def minimax_changed(self) -> bool:
        """Did it change minimax's decision on the tree with chance nodes read as MIN?"""
        return self.minimax[0].action != self.minimax[1].action

    @property
    def text(self) -> str:
        """The comparison in words, one line per search."""
        kind = ("positive linear" if self.positive_linear else
                "order-preserving, not positive linear" if self.order_preserving else
                "NOT order-preserving on these leaves: outside the lesson's rules")
        before = ", ".join(map(_fmt, self.leaves))
        after = ", ".join(_fmt(tidy(v)) for v in self.transformed)
        lines = [f"transform {self.label} ({kind}); leaves {before} → {after}"]
        for name, pair, changed, why in (
                ("expectiminimax", self.expectiminimax, self.expectiminimax_changed,
                 "only a positive linear transform is guaranteed to keep it"),
                ("minimax, CHANCE read as MIN", self.minimax, self.minimax_changed,
                 "an order-preserving transform never changes it")):
            before, after = (self._moves(r) for r in pair)
            verdict = "CHANGED" if changed else "unchanged"
            lines.append(f"{name}: {pair[0].action} ({before}) → {pair[1].action} ({after}): "
                         f"decision {verdict}; {why}")
        return "\n".join(lines)

    @staticmethod
    def _moves(result) -> str:
        return ", ".join(f"{a} = {_fmt(tidy(v))}" for a, v in returned_move_values(result).items())


def compare_transform(leaves=AIMA_LEAVES, transform=None, probabilities=PROBABILITIES
                      ) -> TransformComparison:
    """Transform the leaves of the Fig. 5.12-shaped tree (:func:`transform_specs`) and compare the
    decisions before and after: expectiminimax on the tree with chance nodes, minimax on the tree with
    chance nodes read as MIN.  Four traced searches (:func:`gamelib.expectiminimax`,
    :func:`gamelib.minimax`).

    ``transform``: a name from :data:`TRANSFORMS`, a function, or a mapping {leaf value: new value};
    None is AIMA's relabelling for AIMA's leaves, else the identity.

    >>> c = compare_transform()                     # AIMA 3rd ed. Fig. 5.12: 2, 3, 1, 4 -> 20, 30, 1, 400
    >>> c.expectiminimax[0].action, c.expectiminimax[1].action, c.minimax[1].action
    ('a1', 'a2', 'a1')
    """
    leaves = tuple(leaves)
    probabilities = tuple(probabilities)
    values = sorted(set(leaves))
    if transform is None:
        transform = dict(AIMA_MAPPING) if set(values) <= set(AIMA_MAPPING) else "x (identity)"
    label, f = _as_function(transform, values)
    new = tuple(f(v) for v in leaves)
    for v in new:
        if isinstance(v, bool) or not isinstance(v, numbers.Real) or not math.isfinite(v):
            raise ArgumentError(f"the transform must give finite numbers, got {v!r}")
    trees, runs = {"expectiminimax": [], "minimax": []}, {"expectiminimax": [], "minimax": []}
    for ls in (leaves, new):
        chance_spec, min_spec = transform_specs(ls, probabilities)
        for name, spec, search in (("expectiminimax", chance_spec, expectiminimax),
                                   ("minimax", min_spec, minimax)):
            tree = GameTree.from_nested(spec)
            trees[name].append(tree)
            runs[name].append(search(tree, trace=True))
    return TransformComparison(leaves, new, probabilities, label, is_order_preserving(f, values),
                               is_order_preserving(f, values) and is_positive_linear(f, values),
                               tuple(runs["expectiminimax"]), tuple(runs["minimax"]),
                               {k: tuple(v) for k, v in trees.items()})


FIGSIZE = (COLUMN_WIDTH, 5.6)
"""The 2 x 2 picture of the lesson, sized for a notebook column (it shows at full size)."""


def draw_transform(leaves=AIMA_LEAVES, transform=None, probabilities=PROBABILITIES, *,
                   comparison=None, axes=None, text_as_paths: bool = False):
    """The transformation lesson in one picture: a 2 x 2 grid of trees, rows before / after the
    transform, columns expectiminimax (chance nodes) / minimax (chance nodes read as MIN), each with
    its values and its decision (the thick edge).  Arguments as :func:`compare_transform` (or pass a
    ready ``comparison``); ``axes``: a 2 x 2 array of Axes (else a new pyplot figure).
    Returns ``(axes, comparison)``.
    """
    c = comparison if comparison is not None else compare_transform(leaves, transform, probabilities)
    own = axes is None
    if own:
        fig, axes = plt.subplots(2, 2, figsize=FIGSIZE)
    headers = {"expectiminimax": "expectiminimax (chance nodes)",
               "minimax": "minimax (chance read as MIN)"}
    for col, name in enumerate(("expectiminimax", "minimax")):
        for row, when in enumerate(("leaves x", f"leaves {c.label}" if not c.label.startswith("f:")
                                    else "leaves f(x)")):
            tree, result = c.trees[name][row], getattr(c, name)[row]
            moves = ", ".join(f"{a} {_fmt(tidy(v))}" for a, v in returned_move_values(result).items())
            changed = row == 1 and result.action != getattr(c, name)[0].action
            title = f"{headers[name]}, {when}\n{moves} → {result.action}" + (" (changed!)" if changed
                                                                             else "")
            draw_tree(tree, result, ax=axes[row][col], show_order=False, show_windows=False,
                      title=title, text_as_paths=text_as_paths)
            axes[row][col].title.set_fontsize(9)
            if changed:
                axes[row][col].title.set_color("#c0392b")
    if own:
        fig.suptitle(f"transform {c.label}", fontsize=11)
        fig.tight_layout()
    return axes, c


def _transform_figure(comparison) -> Figure:
    """The widget's picture: :func:`draw_transform` on a Figure of its own, with fixed margins (a
    tight layout would draw everything twice)."""
    fig = Figure(figsize=FIGSIZE, dpi=DPI)
    axes = fig.subplots(2, 2)
    fig.subplots_adjust(left=0.01, right=0.99, bottom=0.02, top=0.9, wspace=0.06, hspace=0.42)
    draw_transform(comparison=comparison, axes=axes, text_as_paths=True)
    return fig


class TransformExplorer(LiveWidget, widgets.VBox):
    """Transform the leaves of AIMA 3rd ed. Fig. 5.12 (4th ed. Fig. 5.14) and watch which decision moves
    (an ipywidgets VBox).

    ``TransformExplorer(leaves=(2, 3, 1, 4), transform=None, *, probabilities=(0.9, 0.1), draw=True)``

    A dropdown offers the named :data:`TRANSFORMS` and "custom (sliders)": one slider per distinct leaf
    value sets f(value); the sliders cannot cross, so f always keeps the leaves' order.  ``transform``
    is a name, "custom (sliders)", or a mapping {leaf: new value} (which selects the sliders); None is
    the custom mapping set to AIMA's 1→1, 2→20, 3→30, 4→400 (the identity for other leaves).

    Attributes: ``transform`` (the dropdown's name; settable), ``mapping`` ({leaf: f(leaf)} shown;
    settable: selects the sliders), ``comparison`` (the :class:`TransformComparison` shown), ``text``,
    ``png`` (the picture's PNG bytes; empty with ``draw=False``), ``sliders`` ({leaf value: slider}),
    ``message`` (an error shown above the controls, '' if none).
    """

    def __init__(self, leaves=AIMA_LEAVES, transform=None, *, probabilities=PROBABILITIES,
                 draw: bool = True):
        self._init_live()
        self.leaves = tuple(leaves)
        self.probabilities = tuple(probabilities)
        transform_specs(self.leaves, self.probabilities)  # validates the shape
        self.values = sorted(set(self.leaves))
        self.draw = draw
        self.png = b""
        with self.quietly():      # building: the observers wait for the student
            if transform is None:
                start = dict(AIMA_MAPPING) if set(self.values) <= set(AIMA_MAPPING) else {
                    v: v for v in self.values}
                transform = CUSTOM
            elif isinstance(transform, dict):
                start, transform = dict(transform), CUSTOM
            else:
                start = {v: v for v in self.values}
            lo = min(0, min(self.values) * 100)
            hi = max(500, max(self.values) * 100)
            self.picker = widgets.Dropdown(options=list(TRANSFORMS) + [CUSTOM], value="x (identity)",
                                           description="transform",
                                           layout=widgets.Layout(width="280px"))
            self.sliders = {v: widgets.IntSlider(value=0, min=lo, max=hi, step=1,
                                                 description=f"f({_fmt(v)})", continuous_update=False,
                                                 layout=widgets.Layout(width="420px"))
                            for v in self.values}
            self.slider_box = widgets.VBox(list(self.sliders.values()))
            self.image = widgets.HTML(layout=widgets.Layout(max_width="100%"))     # <img alt>: gamelib.viz.alt
            self.text_html = self.status_line        # the live region
            self.note_html = widgets.HTML()
            super().__init__([self.message_html, self.picker, self.slider_box, self.note_html, self.image,
                              self.text_html])
            self._set_sliders(self._check_mapping(start))
            self.picker.observe(self._on_picker, "value")
            for w in self.sliders.values():
                w.observe(self._on_slider, "value")
        self.transform = transform

    # -- public API ----------------------------------------------------------------------------------
    @property
    def transform(self) -> str:
        """The transform shown: a name from TRANSFORMS or 'custom (sliders)'; settable."""
        return self.picker.value

    @transform.setter
    def transform(self, name):
        if name not in self.picker.options:
            raise ArgumentError(f"transform must be one of {list(self.picker.options)}, not {name!r}")
        if name == self.picker.value:
            self._update()
        else:
            self.picker.value = name

    @property
    def mapping(self) -> dict:
        """{leaf value: transformed value} as shown now; settable (a strictly increasing mapping of the
        distinct leaf values, within the sliders' range), which selects the sliders."""
        if self.transform == CUSTOM:
            return {v: s.value for v, s in self.sliders.items()}
        f = TRANSFORMS[self.transform]
        return {v: f(v) for v in self.values}

    @mapping.setter
    def mapping(self, mapping):
        mapping = self._check_mapping(mapping)
        with self.quietly():
            self._set_sliders(mapping)
        self.transform = CUSTOM

    @property
    def text(self) -> str:
        """What the widget says, plain."""
        return self.comparison.text

    # -- machinery ------------------------------------------------------------------------------------
    def _check_mapping(self, mapping) -> dict:
        mapping = dict(mapping)
        if sorted(mapping) != self.values:
            raise ArgumentError(f"a mapping gives a new value for each leaf value {self.values}, "
                             f"got keys {sorted(mapping)}")
        new = [mapping[v] for v in self.values]
        if not all(a < b for a, b in pairwise(new)):
            raise ArgumentError(f"the mapping must keep the leaves' order (strictly increasing), "
                             f"got {mapping}")
        s = next(iter(self.sliders.values()))
        if not all(isinstance(x, numbers.Integral) and s.min <= x <= s.max for x in new):
            raise ArgumentError(f"slider values are whole numbers in [{s.min}, {s.max}], got {new}")
        return mapping

    def _set_sliders(self, mapping):
        """Set every slider at once (called inside ``quietly()``: the order check is off)."""
        for v, s in self.sliders.items():
            s.value = int(mapping[v])

    @from_browser
    def _on_picker(self, change):
        self._update()

    @from_browser
    def _on_slider(self, change):
        """Keep the sliders in order: a slider pushed past a neighbour stops just short of it."""
        ordered = sorted(self.sliders)
        v = next(k for k, s in self.sliders.items() if s is change["owner"])
        i = ordered.index(v)
        low = self.sliders[ordered[i - 1]].value + 1 if i > 0 else -INF
        high = self.sliders[ordered[i + 1]].value - 1 if i + 1 < len(ordered) else INF
        value = change["new"]
        clamped = value if low <= value <= high else (change["old"] if low > high else
                                                      int(min(max(value, low), high)))
        if clamped != value:
            self.set_quietly(change["owner"], "value", clamped)
            self.note_html.value = (f"<i>f({_fmt(v)}) stopped at {clamped}: f must keep the leaves' "
                                    "order, so a slider cannot pass its neighbours</i>")
        else:
            self.note_html.value = ""
        if self.transform == CUSTOM:
            self._update()
        else:
            self.picker.value = CUSTOM

    def _update(self):
        custom = self.transform == CUSTOM
        transform = self.mapping if custom else self.transform
        comparison = compare_transform(self.leaves, transform, self.probabilities)  # may refuse
        self.comparison = comparison
        self.slider_box.layout.display = None if custom else "none"
        if self.draw:
            self.png = png_with_words(_transform_figure(comparison))
            self.image.value = picture_html(self.png, fit=True)
        self.announce(html.escape(self.text).replace("\n", "<br>"))
