"""TreeExplorer: step through alpha-beta (AIMA Fig. 5.7) or minimax (Fig. 5.3) on a small tree.

    from gamelib.viz import TreeExplorer
    TreeExplorer()                      # AIMA Fig. 5.2 under alpha-beta; last line of a cell shows it

The explorer runs the library's own search once per setting, with ``trace=True``, and then only *reads*
the trace: the picture is :func:`~gamelib.viz.drawing.draw_tree` at step k, the text is
:func:`~gamelib.viz.drawing.describe_event` of event k, the node counts are ``SearchResult.nodes``.
Nothing here searches.

Widgets are ipywidgets 8 only (no classic-notebook JavaScript), so it works in JupyterLab 4, and every
control has a Python method, so it can be driven without a browser (tests do)::

    ex = TreeExplorer("seed 004 mirror")
    ex.next(); ex.next()         # or ex.step = 2
    ex.event_text                # 'enter B via a1 with window [−∞, +∞]'
    ex.algorithm = "minimax"     # compare node counts: ex.summary_text
"""
from __future__ import annotations

import functools
import html
import io
import math

import ipywidgets as widgets
from matplotlib.figure import Figure

from ..alphabeta import alphabeta
from ..core import CHANCE, MAX, MIN
from ..minimax import expectiminimax, minimax
from ..trees import GameTree
from .drawing import TraceView, _fmt, describe_event, draw_tree, figure_size, legend_handles

PRESETS = {
    "AIMA Fig. 5.2": [[3, 12, 8], [2, 4, 6], [14, 5, 2]],
    "seed 004 example": [[[3, 4], [1, 2]], [[7, 8], [5, 6]]],
    "seed 004 mirror": [[[6, 5], [8, 7]], [[2, 1], [3, 4]]],
    "seed 004 minimax steps": [[[-1, 4], [2, 6]], [[-3, -5], [0, 7]]],
}
"""The textbook trees on offer: AIMA Fig. 5.2 (also seed 002's two-ply tree); seed 004's "which nodes
can be pruned?" example (answer: none, the best moves come last) and its mirror image (best first);
seed 004's four-step minimax walk-through (D, E, F, G = max of (-1, 4), (2, 6), (-3, -5), (0, 7))."""

RANDOM = "random"
CUSTOM = "custom"
MAX_LEAVES = 64
"""Random trees are kept to at most this many leaves, so the picture stays readable."""

SEARCHES = {"alphabeta": alphabeta, "minimax": minimax, "expectiminimax": expectiminimax}
DPI = 90


@functools.lru_cache(maxsize=None)
def _key_png(chance: bool, windowed: bool) -> bytes:
    """The key to the picture (drawn once per kind of tree and search, then reused)."""
    fig = Figure(figsize=(2.5, 3.2 if windowed else 2.6), dpi=DPI)
    ax = fig.subplots()
    ax.set_axis_off()
    ax.legend(handles=legend_handles(chance=chance, windows=windowed, pruning=windowed, stepping=True),
              loc="center", fontsize=8, frameon=False, handlelength=1.6)
    fig.subplots_adjust(0, 0, 1, 1)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


def _max_depth(branching: int) -> int:
    return max(1, int(math.floor(math.log(MAX_LEAVES) / math.log(branching) + 1e-9)))


class TreeExplorer(widgets.VBox):
    """An explorer for alpha-beta and minimax on small trees (an ipywidgets VBox: display it).

    ``TreeExplorer(tree=None, algorithm='alphabeta', *, prune_on_equality=True, step=0, key=True)``

    tree        None (AIMA Fig. 5.2), a preset name (see ``PRESETS``), ``'random'``, a nested-list
                spec such as ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``, or a :class:`GameTree`.
                Trees with CHANCE nodes are searched with expectiminimax (AIMA §5.5).
    algorithm   'alphabeta' or 'minimax'.
    prune_on_equality   alpha-beta's cut test: v ≥ β / v ≤ α (True, AIMA) or v > β / v < α (False).
    step        the number of trace events to show at first (None: the whole trace).
    name        what to call a tree given as a spec or GameTree (default 'custom').
    key         show the key to the picture's notation beside it.
    draw        draw the picture at every step (False: text only, e.g. for scripts and tests).

    Attributes: ``tree``, ``tree_name``, ``result`` (the traced SearchResult shown), ``results``
    ({algorithm: SearchResult} for the current tree), ``algorithm``, ``prune_on_equality``, ``step``,
    ``total`` (events in the trace), ``event`` (the event just shown, None at step 0), ``view``
    (a :class:`~gamelib.viz.drawing.TraceView`), ``event_text``, ``state_text``, ``prunes``,
    ``pruned_nodes``, ``summary_text``, ``text`` (all of it), ``png`` (the picture's PNG bytes).
    Methods: ``next()``, ``back()``, ``first()``, ``last()``, ``set_tree(tree)``,
    ``set_random(branching, depth, seed, order)``.
    """

    def __init__(self, tree=None, algorithm: str = "alphabeta", *, prune_on_equality: bool = True,
                 step: int | None = 0, key: bool = True, draw: bool = True, name: str | None = None):
        self._quiet = True
        self.draw = draw
        self._custom, self._custom_name = None, CUSTOM
        self.results = {}
        self.png = b""
        # -- controls ------------------------------------------------------------------------------
        self.tree_picker = widgets.Dropdown(options=list(PRESETS) + [RANDOM], description="tree",
                                            layout=widgets.Layout(width="260px"))
        self.branching = widgets.BoundedIntText(value=3, min=2, max=5, description="branching",
                                                layout=widgets.Layout(width="150px"))
        self.depth = widgets.BoundedIntText(value=3, min=1, max=_max_depth(3), description="depth",
                                            layout=widgets.Layout(width="150px"))
        self.seed = widgets.IntText(value=0, description="seed", layout=widgets.Layout(width="150px"))
        self.order = widgets.Dropdown(options=["random", "best", "worst"], value="random",
                                      description="children", layout=widgets.Layout(width="200px"),
                                      tooltip="order of every node's children by minimax value")
        self.random_box = widgets.HBox([self.branching, self.depth, self.seed, self.order])
        self.algorithm_toggle = widgets.ToggleButtons(options=["alphabeta", "minimax"],
                                                      value="alphabeta",
                                                      tooltips=["alpha-beta, AIMA Fig. 5.7",
                                                                "minimax, AIMA Fig. 5.3"],
                                                      style={"button_width": "90px"})
        self.equality_box = widgets.Checkbox(value=prune_on_equality, indent=False,
                                             description="prune on equality (v ≥ β, v ≤ α)")
        self.first_button = widgets.Button(icon="fast-backward", tooltip="back to the start",
                                           layout=widgets.Layout(width="44px"))
        self.back_button = widgets.Button(description="back", icon="step-backward",
                                          tooltip="one event back", layout=widgets.Layout(width="84px"))
        self.next_button = widgets.Button(description="next", icon="step-forward",
                                          tooltip="one event forward", layout=widgets.Layout(width="84px"))
        self.last_button = widgets.Button(icon="fast-forward", tooltip="to the end of the search",
                                          layout=widgets.Layout(width="44px"))
        self.play = widgets.Play(value=0, min=0, max=1, step=1, interval=900, description="play",
                                 show_repeat=False)
        self.slider = widgets.IntSlider(value=0, min=0, max=1, description="step",
                                        continuous_update=True, layout=widgets.Layout(width="360px"))
        widgets.link((self.play, "value"), (self.slider, "value"))
        self.image = widgets.Image(format="png", layout=widgets.Layout(max_width="100%",
                                                                        height="auto"))
        self.key_image = widgets.Image(format="png", layout=widgets.Layout(
            display=None if key else "none", min_width="160px", height="auto"))
        self.event_html = widgets.HTML()
        self.state_html = widgets.HTML()
        self.prunes_html = widgets.HTML()
        self.summary_html = widgets.HTML()
        super().__init__([
            widgets.HBox([self.tree_picker, self.algorithm_toggle, self.equality_box]),
            self.random_box,
            widgets.HBox([self.first_button, self.back_button, self.play, self.next_button,
                          self.last_button, self.slider]),
            widgets.HBox([self.image, self.key_image]),
            self.event_html, self.state_html, self.prunes_html, self.summary_html,
        ])
        # -- wiring --------------------------------------------------------------------------------
        self.tree_picker.observe(self._on_picker, "value")
        for w in (self.branching, self.depth, self.seed, self.order):
            w.observe(self._on_random, "value")
        self.algorithm_toggle.observe(self._on_search_setting, "value")
        self.equality_box.observe(self._on_search_setting, "value")
        self.slider.observe(self._on_slider, "value")
        self.first_button.on_click(lambda _: self.first())
        self.back_button.on_click(lambda _: self.back())
        self.next_button.on_click(lambda _: self.next())
        self.last_button.on_click(lambda _: self.last())
        # -- the first tree ------------------------------------------------------------------------
        self._quiet = False
        self.set_tree(tree, name=name, step=step)
        if algorithm != self.algorithm:
            if algorithm in self.algorithm_toggle.options or algorithm not in SEARCHES:
                self.algorithm = algorithm  # raises ValueError for an unknown name
                self.step = step
            # else: 'alphabeta' or 'minimax' asked for a tree with CHANCE nodes: expectiminimax it is

    # -- public API ----------------------------------------------------------------------------------
    @property
    def widget(self):
        """The widget to display (the explorer itself)."""
        return self

    @property
    def algorithm(self) -> str:
        """'alphabeta' or 'minimax' ('expectiminimax' on trees with CHANCE nodes); settable."""
        return self.algorithm_toggle.value

    @algorithm.setter
    def algorithm(self, name: str):
        if name not in self.algorithm_toggle.options:
            raise ValueError(f"algorithm must be one of {list(self.algorithm_toggle.options)}, "
                             f"not {name!r}")
        self.algorithm_toggle.value = name

    @property
    def prune_on_equality(self) -> bool:
        """Alpha-beta's cut test: True cuts on v ≥ β / v ≤ α (AIMA), False only on v > β / v < α."""
        return self.equality_box.value

    @prune_on_equality.setter
    def prune_on_equality(self, flag: bool):
        self.equality_box.value = bool(flag)

    @property
    def result(self):
        """The traced :class:`~gamelib.core.SearchResult` being shown."""
        return self.results[self.algorithm]

    @property
    def total(self) -> int:
        """The number of events in the trace."""
        return len(self.result.trace)

    @property
    def step(self) -> int:
        """How many events of the trace are shown (0 .. total); settable."""
        return self.slider.value

    @step.setter
    def step(self, k):
        k = self.total if k is None else max(0, min(int(k), self.total))
        if k == self.slider.value:
            self._render()
        else:
            self.slider.value = k  # renders through _on_slider

    @property
    def event(self):
        """The event shown last (``result.trace[step - 1]``), or None at step 0."""
        return self.result.trace[self.step - 1] if self.step else None

    @property
    def view(self) -> TraceView:
        """What the trace says about every node after ``step`` events."""
        return TraceView(self.result, self.step, tree=self.tree)

    def next(self):
        """One event forward; returns the event now shown."""
        self.step = self.step + 1
        return self.event

    def back(self):
        """One event back; returns the event now shown (None at the start)."""
        self.step = self.step - 1
        return self.event

    def first(self):
        """Back to step 0, before the search starts."""
        self.step = 0
        return self.event

    def last(self):
        """To the end of the trace: the search's final picture."""
        self.step = self.total
        return self.event

    def set_tree(self, tree=None, *, name: str | None = None, step: int | None = 0):
        """Show another tree: None (AIMA Fig. 5.2), a preset name, 'random', a nested spec or a
        :class:`GameTree` (shown as ``name``, default 'custom'); ``step`` as in the constructor."""
        if tree is None:
            tree = "AIMA Fig. 5.2"
        if isinstance(tree, str):
            if tree not in PRESETS and tree != RANDOM and not (tree == CUSTOM and self._custom):
                raise ValueError(f"unknown tree {tree!r}; presets are {list(PRESETS)} or 'random'")
            name = tree
        else:
            self._custom = tree if isinstance(tree, GameTree) else GameTree.from_nested(tree)
            self._custom_name = name or CUSTOM
            self._quiet = True
            self.tree_picker.options = [(p, p) for p in PRESETS] + [(RANDOM, RANDOM),
                                                                     (self._custom_name, CUSTOM)]
            self._quiet = False
            name = CUSTOM
        self._quiet = True
        self.tree_picker.value = name
        self._quiet = False
        self._load(step)

    def set_random(self, branching: int | None = None, depth: int | None = None,
                   seed: int | None = None, order: str | None = None, *, step: int | None = 0):
        """Show ``GameTree.random(branching, depth, seed=seed, order=order)`` (at most
        ``MAX_LEAVES`` leaves); arguments left None keep the controls' values."""
        self._quiet = True
        if branching is not None:
            self.branching.value = branching
            self.depth.max = _max_depth(self.branching.value)
        if depth is not None:
            if depth > self.depth.max:
                self._quiet = False
                raise ValueError(f"{self.branching.value}^{depth} leaves is more than {MAX_LEAVES}; "
                                 f"depth at most {self.depth.max} for branching {self.branching.value}")
            self.depth.value = depth
        if seed is not None:
            self.seed.value = seed
        if order is not None:
            self.order.value = order
        self.tree_picker.value = RANDOM
        self._quiet = False
        self._load(step)

    @property
    def text(self) -> str:
        """Everything the explorer says in words, one item per line."""
        lines = [f"step {self.step}/{self.total}: {self.event_text}", self.state_text]
        lines += ["prunes so far:" + ("" if self.prunes else " none")] + [f"  {p}" for p in self.prunes]
        lines.append(self.summary_text)
        return "\n".join(lines)

    # -- what the explorer says ------------------------------------------------------------------
    @property
    def event_text(self) -> str:
        """``describe_event`` of the event shown (or a note before the first one)."""
        e = self.event
        if e is None:
            return "before the search: press next or play"
        return describe_event(e, self.tree.players.get(e.state))

    @property
    def state_text(self) -> str:
        """The current state, who moves there, its [α, β] window and the path from the root."""
        e = self.event
        if e is None:
            return f"the search will start at the root {self.tree.initial_state}"
        player = "terminal" if self.tree.is_terminal(e.state) else self.tree.players[e.state]
        parts = [f"at {e.state} ({player})"]
        if e.alpha is not None:
            parts.append(f"window [α, β] = [{_fmt(e.alpha)}, {_fmt(e.beta)}]")
        elif self.algorithm != "alphabeta":
            parts.append(f"{self.algorithm} keeps no window")
        if e.kind in ("leaf", "exit", "prune"):
            parts.append(f"value {('≥' if player == MAX else '≤') if e.kind == 'prune' else ''}"
                         f"{_fmt(e.value)}")
        path = self.view.path
        if path:
            parts.append("path " + " → ".join(path))
        text = " · ".join(parts)
        if e.kind == "prune":
            text += "\n" + self._why(e, player)
        return text

    @staticmethod
    def _why(e, player) -> str:
        if player == MIN:
            return (f"why: MIN can hold MAX to {_fmt(e.value)} or less here, but MAX already has "
                    f"α = {_fmt(e.alpha)} elsewhere on the path, so MAX never comes here")
        return (f"why: MAX can get {_fmt(e.value)} or more here, but MIN already holds MAX to "
                f"β = {_fmt(e.beta)} elsewhere on the path, so MIN never lets play come here")

    @property
    def prunes(self) -> list:
        """``describe_event`` of every prune event so far, in order."""
        return [describe_event(e, self.tree.players.get(e.state)) for e in self.view.prunes]

    @property
    def pruned_nodes(self) -> list:
        """The nodes the cuts so far have skipped, in label order."""
        pruned = self.view.pruned
        return [s for s in self.tree.states if s in pruned]

    @property
    def summary_text(self) -> str:
        """Node counts: the shown search's, and alpha-beta's against minimax's."""
        seen = len(self.view.order)
        if CHANCE in self.tree.players.values():
            r = self.results["expectiminimax"]
            return (f"expectiminimax visits {r.nodes} nodes (entered so far: {seen}); alpha-beta "
                    "does not apply to CHANCE nodes here (AIMA §5.5) · "
                    f"value {_fmt(r.value)}, decision {r.action}")
        ab, mm = self.results["alphabeta"].nodes, self.results["minimax"].nodes
        saved = mm - ab
        rule = "v ≥ β / v ≤ α" if self.prune_on_equality else "v > β / v < α"
        return (f"nodes visited: alphabeta {ab} ({rule}) vs minimax {mm}: alpha-beta skips {saved} "
                f"({100 * saved / mm:.0f}%) · {self.algorithm} has entered {seen} so far · "
                f"value {_fmt(self.result.value)}, decision {self.result.action}")

    # -- machinery ------------------------------------------------------------------------------------
    def _current_tree(self):
        name = self.tree_picker.value
        if name == RANDOM:
            return (f"random b={self.branching.value} d={self.depth.value} seed={self.seed.value} "
                    f"{self.order.value}",
                    GameTree.random(self.branching.value, self.depth.value, seed=self.seed.value,
                                    order=self.order.value))
        if name == CUSTOM:
            return self._custom_name, self._custom
        return name, GameTree.from_nested(PRESETS[name])

    def _search(self):
        """Run the searches once for this tree and setting; everything else reads their traces."""
        if CHANCE in self.tree.players.values():
            self.results = {"expectiminimax": expectiminimax(self.tree, trace=True)}
        else:
            self.results = {
                "alphabeta": alphabeta(self.tree, prune_on_equality=self.prune_on_equality,
                                       trace=True),
                "minimax": minimax(self.tree, trace=True),
            }

    def _load(self, step):
        self.tree_name, self.tree = self._current_tree()
        self.random_box.layout.display = None if self.tree_picker.value == RANDOM else "none"
        self._search()
        self._quiet = True
        options = list(self.results)
        if list(self.algorithm_toggle.options) != options:
            keep = self.algorithm_toggle.value
            self.algorithm_toggle.options = options
            self.algorithm_toggle.value = keep if keep in options else options[0]
        self.equality_box.disabled = self.algorithm != "alphabeta"
        self._quiet = False
        self._set_range(step)

    def _set_range(self, step):
        """Fit the slider and the play button to the trace, then show ``step``."""
        total = self.total
        k = total if step is None else max(0, min(int(step), total))
        self._quiet = True  # slider and play are linked: widen both before moving, move before narrowing
        if total >= self.slider.max:
            self.slider.max = self.play.max = total
            self.slider.value = k
        else:
            self.slider.value = k
            self.slider.max = self.play.max = total
        self._quiet = False
        self._render()

    def _on_picker(self, change):
        if not self._quiet:
            self._load(0)

    def _on_random(self, change):
        if self._quiet:
            return
        if change["owner"] is self.branching:
            self._quiet = True
            self.depth.max = _max_depth(self.branching.value)
            self._quiet = False
        if self.tree_picker.value == RANDOM:
            self._load(0)

    def _on_search_setting(self, change):
        """Algorithm or cut rule changed: same tree; stay at the end if there, else start over."""
        if self._quiet:
            return
        at_end = self.step == self.slider.max
        self.equality_box.disabled = self.algorithm != "alphabeta"
        if change["owner"] is self.equality_box:
            self._search()
        self._set_range(None if at_end else 0)

    def _on_slider(self, change):
        if not self._quiet:
            self._render()

    def _render(self):
        """Redraw the picture and the text for the current step (nothing else changes)."""
        if self.draw:
            # A Figure of its own, not pyplot's: nothing to close, nothing leaks, nothing is shown
            # twice by the inline backend.  A fixed size, so the picture does not jump between steps.
            fig = Figure(figsize=figure_size(self.tree), dpi=DPI)
            fig.subplots_adjust(left=0.01, right=0.99, bottom=0.02, top=0.9)
            ax = fig.subplots()
            draw_tree(self.tree, self.result, step=self.step, ax=ax,
                      title=f"{self.tree_name} · {self.algorithm} · step {self.step}/{self.total}")
            buf = io.BytesIO()
            fig.savefig(buf, format="png")
            self.png = buf.getvalue()
            self.image.value = self.png
            key = _key_png(CHANCE in self.tree.players.values(), self.algorithm == "alphabeta")
            if self.key_image.value != key:
                self.key_image.value = key
        esc = html.escape
        self.event_html.value = f"<b>step {self.step}/{self.total}</b>: {esc(self.event_text)}"
        self.state_html.value = esc(self.state_text).replace("\n", "<br>")
        prunes = self.prunes
        pruned = self.pruned_nodes
        self.prunes_html.value = (
            "<b>prunes so far:</b> " + ("none" if not prunes else
                                        "<ul style='margin:0'>" + "".join(f"<li>{esc(p)}</li>"
                                                                           for p in prunes) + "</ul>")
            + (f"<b>never searched:</b> {esc(', '.join(pruned))}" if pruned else ""))
        self.summary_html.value = esc(self.summary_text)
