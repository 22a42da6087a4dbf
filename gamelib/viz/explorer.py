"""TreeExplorer: step through a search's trace on a small tree, one event at a time.

    from gamelib.viz import TreeExplorer
    TreeExplorer()                      # AIMA Fig. 5.2 under alpha-beta; last line of a cell shows it
    TreeExplorer("AIMA Fig. 5.12 (.9/.1)", "star1")   # a chance tree under Star1, bounds [L, U] = [1, 4]
    TreeExplorer("AIMA Fig. 5.4 (P1, P2, P3)")        # max^n on a tree of three players

The explorer is a stepper.  It runs the library's own searches once per tree and setting, with
``trace=True``, and then only *reads* their traces: at step k the picture is the trace's first k events
drawn, the words describe event k (:mod:`gamelib.trace`), the node counts are ``SearchResult.nodes``.
What differs between kinds of tree (which searches, which picture, which words) is a strategy of
:mod:`gamelib.viz.tree_kinds`, one per kind: two players (alpha-beta, AIMA Fig. 5.7, against minimax,
Fig. 5.3, and the cut rule), chance nodes (expectiminimax, AIMA §5.5, against Ballard's Star1 and its
bounds L, U, with the interval each chance node is proven to lie in), more players (max^n, AIMA
§5.2.2, under each tie rule).  Nothing here searches.

Widgets are ipywidgets 8 only (no classic-notebook JavaScript), so it works in JupyterLab 4, and every
control has a Python method, so it can be driven without a browser (tests do)::

    ex = TreeExplorer("walk-through: best moves first")
    ex.next(); ex.next()         # or ex.step = 2
    ex.event_text                # 'enter B via a1 with window [−∞, +∞]'
    ex.algorithm = "minimax"     # compare node counts: ex.summary_text

Legible, and quick.  Trees are kept to ``MAX_LEAVES`` leaves, so that the picture fits a notebook
column (``drawing.COLUMN_WIDTH``) at full size with every label at 7 pt or more; a value typed past
the limit is refused with the reason, above the controls (the widget is all-or-nothing:
:mod:`gamelib.viz.live`).  Each step's picture is drawn once and kept (stepping back costs nothing),
and while the student reads one step the next is drawn in the kernel's idle time.
"""
from __future__ import annotations

import dataclasses
import html

import ipywidgets as widgets
from matplotlib.figure import Figure

from ..core import ArgumentError
from ..validate import check_bounds, deprecated, renamed, whole
from .alt import picture_html
from .drawing import DPI
from .drawing import png_with_words   # a Picture: the PNG and its words (alt text), shown as <img alt>
from .live import LiveWidget, all_or_nothing, compact, from_browser
from .stepper import END, PLAY, SLIDER, Move, Stepper
from .tree_kinds import ALIASES, BESIDE_KEY, KINDS, Chance, Maxn, TwoPlayer
from .tree_menu import (BRANCHING, CHANCE_SHAPE, CUSTOM, FIG_5_4, MAX_LEAVES, NPLAYER_PRESETS,  # noqa: F401
                        PRESET_ALIASES, PRESETS, RANDOM, RANDOM_CHANCE, check_chance_shape, check_random_shape,
                        TreePicker, drawable_tree, preset_name, preset_tree, random_trees)

SEARCHES = {name: kind for kind in KINDS for name in kind.searches}
"""Every search the explorer offers, and the kind of tree it belongs to."""
TOOLTIPS = {name: tip for kind in KINDS for name, tip in kind.searches.items()}
STEPS = (Move("start", 0, icon="fast-backward", tooltip="back to the start"),
         Move("back", by=-1, icon="step-backward", tooltip="one event back"), PLAY,
         Move("next", by=1, icon="step-forward", tooltip="one event forward"),
         Move("end", END, icon="fast-forward", tooltip="to the end of the search"), SLIDER)
"""The explorer's step controls, in their row (:class:`~gamelib.viz.stepper.Stepper`)."""
PICKER_NAMES = {"tree_picker": "menu", **{name: name for name in (
    "random_trees", "branching", "depth", "seed", "order", "chance_branching", "outcomes", "moves", "chance_seed",
    "chance_order", "random_box", "chance_random_box")}}
"""The tree menu's controls as the explorer answered for them before they were the picker's:
``explorer.depth`` is now ``explorer.picker.depth`` (the old names warn, for one release)."""


@dataclasses.dataclass(frozen=True)
class ExplorerState:
    """What the explorer shows, apart from its controls, in one place: the tree (``tree_name``,
    ``tree``, its ``kind``), the searches' ``results``, the picture shown (``png``) and the one size
    of the pictures (``figsize``).  An update replaces it whole (``dataclasses.replace``), and a
    failed one puts the old one back whole: a field added here is rolled back without anyone listing
    it."""
    tree_name: str = ""
    tree: object = None
    kind: object = None
    results: dict = dataclasses.field(default_factory=dict)
    png: bytes = b""
    figsize: tuple = (4.0, 3.0)


def _shown(field: str, doc: str) -> property:
    """A read-only attribute of the explorer: its :class:`ExplorerState`'s ``field``."""
    return property(lambda self: getattr(self.state, field), doc=doc)


class TreeExplorer(LiveWidget, widgets.VBox):
    """An explorer for alpha-beta and minimax on small trees, for expectiminimax and Star1 on trees
    with chance nodes, and for max^n on trees of more than two players (an ipywidgets VBox: display
    it).

    ``TreeExplorer(tree=None, algorithm='alphabeta', *, prune_on_equality=True, step=0, key=True,
    draw=True, name=None, lower=None, upper=None)``

    tree        None (AIMA Fig. 5.2), a preset name (see ``PRESETS``), ``'random'``,
                ``'random chance'``, a nested-list spec such as ``[[3, 12, 8], [2, 4, 6], [14, 5, 2]]``,
                or a :class:`GameTree`.  A spec or tree equal to a preset is shown as that preset.
                Trees with CHANCE nodes are searched with expectiminimax (AIMA §5.5) and Star1
                (:func:`gamelib.star1`); trees whose leaves are utility vectors (N players, or two
                players not zero-sum) with max^n (:func:`gamelib.maxn`).
    algorithm   'alphabeta' or 'minimax'; on a tree with CHANCE nodes 'expectiminimax' or 'star1'
                (asking for 'alphabeta' or 'minimax' there gives expectiminimax); on a tree of
                utility vectors 'maxn', 'maxn spiteful', 'maxn generous' or 'maxn paranoid' (max^n
                and its tie rules; 'alphabeta' or 'minimax' there gives 'maxn').
    prune_on_equality   alpha-beta's cut test: v ≥ β / v ≤ α (True, AIMA) or v > β / v < α (False).
    step        the number of trace events to show at first (None: the whole trace).
    name        what to call a tree given as a spec or GameTree (default 'custom').
    key         show the key to the picture's notation beside it (below it, where there is no room).
    draw        draw the picture at every step (False: text only, e.g. for scripts and tests).
    lower, upper    the lower bound L and upper bound U for Star1 and for the intervals shown at
                chance nodes: every leaf must lie in [L, U].  Default: the tree's smallest and largest
                leaf (the tightest true bounds).  ``bounds=(L, U)`` is the deprecated spelling.

    Attributes: ``tree``, ``tree_name``, ``kind`` (the :mod:`~gamelib.viz.tree_kinds` strategy for this
    tree), ``result`` (the traced SearchResult shown), ``results`` ({algorithm: SearchResult} for the
    current tree), ``algorithm``, ``prune_on_equality``, ``step``, ``total`` (events in the trace),
    ``event`` (the event just shown, None at step 0), ``view`` (a :class:`~gamelib.trace.TraceView`; a
    :class:`~gamelib.trace.MaxnView` under max^n), ``multiplayer`` (is the tree searched by max^n?),
    ``event_text``, ``state_text``, ``prunes``, ``pruned_nodes``, ``summary_text``, ``text`` (all of
    it), ``png`` (the picture's PNG bytes), ``message`` (the note or error shown above the controls, ''
    if none); for chance trees ``bounds`` ((L, U), settable) and ``chance_bounds`` ({chance node:
    (lo, hi)} proven so far).  Its parts: ``picker`` (the tree menu and the random trees' controls,
    :class:`~gamelib.viz.tree_menu.TreePicker`), ``stepper`` (the step controls and the pictures kept,
    :class:`~gamelib.viz.stepper.Stepper`); a kind of tree's controls answer by name (``equality_box``,
    ``lower``, ``upper``).
    Methods: ``next()``, ``back()``, ``first()``, ``last()``, ``set_tree(tree)``,
    ``set_random(branching, depth, seed, order)``,
    ``set_random_chance(branching, outcomes, moves, seed, order)``.
    """

    @renamed(bounds=("lower", "upper"))
    def __init__(self, tree=None, algorithm: str = "alphabeta", *, prune_on_equality: bool = True,
                 step: int | None = 0, key: bool = True, draw: bool = True, name: str | None = None,
                 lower: float | None = None, upper: float | None = None):
        self._init_live()
        with self.quietly():      # building: the observers wait for the student
            self.draw = draw
            # -- the kinds of tree, each with its own controls -----------------------------------------
            self.kinds = [kind(self, prune_on_equality=prune_on_equality) for kind in KINDS]
            self.state = ExplorerState(kind=self.kinds[-1])
            # -- controls ------------------------------------------------------------------------------
            self.picker = TreePicker(self.set_quietly)      # the half that chooses the tree
            self.algorithm_toggle = widgets.ToggleButtons(options=list(TwoPlayer.searches), value="alphabeta",
                                                          tooltips=list(TwoPlayer.searches.values()),
                                                          style={"button_width": "auto"})
            # Every button has words (a glyph alone is read as "\uf049"); the icons are decoration.
            self.stepper = Stepper(self, STEPS, show=self._render, key=lambda k: (self.algorithm, k),
                                   figure=self._figure, description="step", width="330px",
                                   play_tooltip="play: one event every second, to the end (press again to stop)")
            self.slider, self.play = self.stepper.slider, self.stepper.play
            self.first_button, self.back_button, self.next_button, self.last_button = self.stepper.buttons.values()
            # The picture at its own size (drawn to fit the column), the key beside it or, where there is
            # no room, below it: never squeezed, never behind a scrollbar.
            self.image = widgets.HTML(layout=widgets.Layout(max_width="100%"))     # <img alt>: gamelib.viz.alt
            self.key_image = widgets.HTML(layout=widgets.Layout(
                display=None if key else "none", flex="0 0 auto", margin="0 0 0 8px"))
            self.event_html = self.status_line    # "step 3/22: enter E via b1 ...": the live region
            self.state_html = widgets.HTML()
            self.prunes_html = widgets.HTML()
            self.summary_html = widgets.HTML()
            super().__init__([
                self.message_html,
                widgets.HBox([self.picker.menu, self.algorithm_toggle] + [k.box for k in self.kinds if k.box],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="center")),
                *(r.box for r in self.picker.random_trees.values()),
                self.stepper.box,
                self.event_html,           # what the click changed, right under the buttons, then the picture
                widgets.HBox([self.image, self.key_image],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start")),
                self.state_html, self.prunes_html, self.summary_html,
            ])
            # A picture as wide as the column has no side margins, or the column scrolls (760 px: issue 30).
            self.image.layout.margin = "2px 0"
            # -- wiring --------------------------------------------------------------------------------
            self.picker.menu.observe(self._on_picker, "value")
            for source in self.picker.random_trees.values():
                for w in source.widgets():
                    w.observe(self._on_random, "value")
            self.algorithm_toggle.observe(self._on_algorithm, "value")
            # -- the first tree ------------------------------------------------------------------------
        self.set_tree(tree, name=name, step=step, lower=lower, upper=upper)
        algorithm = ALIASES.get(algorithm, algorithm)
        if algorithm != self.algorithm:
            if algorithm in self.algorithm_toggle.options or algorithm not in SEARCHES:
                self.algorithm = algorithm  # raises ArgumentError for an unknown name
                self.step = step
            # else: a search of another kind of tree ('alphabeta' on a chance tree): this kind's first

    # -- public API ----------------------------------------------------------------------------------
    tree_name = _shown("tree_name", "The name of the tree shown (a preset's, 'random b=... d=...', 'custom').")
    tree = _shown("tree", "The GameTree shown.")
    kind = _shown("kind", "The :mod:`~gamelib.viz.tree_kinds` strategy for the tree shown.")
    results = _shown("results", "{algorithm: traced SearchResult} for the tree shown.")
    png = _shown("png", "The picture shown: a :class:`~gamelib.viz.alt.Picture` (PNG bytes with their words).")
    _figsize = _shown("figsize", "The pictures' size in inches, one for the whole trace.")

    def __getattr__(self, name):
        """A kind of tree's control by its name (``equality_box``, ``lower``...); the tree menu's by
        its old name (``depth``: now ``picker.depth``), with a DeprecationWarning."""
        for kind in self.__dict__.get("kinds", ()):
            if name in kind.controls:
                return kind.controls[name]
        if name in PICKER_NAMES and "picker" in self.__dict__:
            deprecated(f"TreeExplorer.{name} is now TreeExplorer.picker.{PICKER_NAMES[name]}")
            return getattr(self.picker, PICKER_NAMES[name])
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def widget(self):
        """The widget to display (the explorer itself)."""
        return self

    @property
    def algorithm(self) -> str:
        """The search shown: one of the kind of tree's (``algorithm_toggle.options``); settable."""
        return self.algorithm_toggle.value

    @algorithm.setter
    def algorithm(self, name: str):
        name = ALIASES.get(name, name)
        if name not in self.algorithm_toggle.options:
            raise ArgumentError(f"algorithm must be one of {list(self.algorithm_toggle.options)}, "
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
    def multiplayer(self) -> bool:
        """Is the tree shown one of utility vectors (N players, or two not zero-sum), searched by
        max^n?"""
        return isinstance(self.kind, Maxn)

    @property
    def has_chance(self) -> bool:
        """Does the tree shown have CHANCE nodes (and two zero-sum players: expectiminimax and
        Star1)?  A max^n tree's chance nodes are simply averaged."""
        return isinstance(self.kind, Chance)

    @property
    def bounds(self) -> tuple | None:
        """(L, U): the bounds on every utility that Star1 is told and the chance-node intervals use
        (None for a tree without chance nodes); settable (L < U, every leaf within), which reruns
        Star1.  Looser bounds are still correct, but Star1 can cut less."""
        return self.kind.bounds if self.has_chance else None

    @bounds.setter
    @all_or_nothing
    def bounds(self, bounds):
        if not self.has_chance:
            raise ArgumentError(f"bounds are for trees with chance nodes (Star1); {self.tree_name} has none")
        self._rerun(lambda: self.kind.set_bounds(bounds))

    @property
    def chance_bounds(self) -> dict:
        """{chance node: (lo, hi)} for every chance node entered so far: the interval its value is
        proven to lie in after ``step`` events (see :func:`~gamelib.trace.chance_intervals`); empty for
        a tree without chance nodes."""
        return self.kind.intervals(self.result.trace[:self.step]) if self.has_chance else {}

    @property
    def chance_text(self) -> str:
        """The intervals proven so far at the chance nodes, in words ('' without chance nodes)."""
        return "\n".join(self.kind.notes(self.view, self.results)) if self.has_chance else ""

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
        return self.stepper.step

    @step.setter
    def step(self, k):
        self.stepper.go(self.total if k is None else whole("step", k, 0, self.total, unit="events"))

    @property
    def event(self):
        """The event shown last (``result.trace[step - 1]``), or None at step 0."""
        return self.result.trace[self.step - 1] if self.step else None

    @property
    def view(self):
        """What the trace says about every node after ``step`` events (the kind of tree's reading: on a
        chance tree its ``ranges`` are chance-aware)."""
        return self.kind.view(self.result, self.step)

    def next(self):
        """One event forward (at the end, stays there); returns the event now shown."""
        self.step = min(self.step + 1, self.total)
        return self.event

    def back(self):
        """One event back (at the start, stays there); returns the event now shown (None at the start)."""
        self.step = max(self.step - 1, 0)
        return self.event

    def first(self):
        """Back to step 0, before the search starts."""
        self.step = 0
        return self.event

    def last(self):
        """To the end of the trace: the search's final picture."""
        self.step = self.total
        return self.event

    @renamed(bounds=("lower", "upper"))
    @all_or_nothing
    def set_tree(self, tree=None, *, name: str | None = None, step: int | None = 0,
                 lower: float | None = None, upper: float | None = None):
        """Show another tree: None (AIMA Fig. 5.2), a preset name, 'random', 'random chance', a nested
        spec or a :class:`GameTree` (shown as ``name``, default 'custom', or as the preset it equals);
        ``step`` as in the constructor; ``lower``, ``upper``: the bounds L, U for a tree with chance
        nodes (default: its smallest and largest leaf).  A tree it cannot show (a malformed spec, a leaf that is not a
        finite number, a ragged utility vector) raises, and the explorer stays as it was."""
        whole("step", step, 0, none=True, unit="events")
        bounds = check_bounds(lower, upper, none=True)
        self.picker.choose(tree, name)
        self._load(step, bounds)

    @all_or_nothing
    def set_random(self, branching: int | None = None, depth: int | None = None,
                   seed: int | None = None, order: str | None = None, *, step: int | None = 0):
        """Show ``GameTree.random(branching, depth, seed=seed, order=order)`` (at most
        ``MAX_LEAVES`` leaves); arguments left None keep the controls' values."""
        self.picker.choose_random(RANDOM, (branching, depth), seed, order)
        self._load(step)

    @all_or_nothing
    def set_random_chance(self, branching: int | None = None, outcomes: int | None = None,
                          moves: int | None = None, seed: int | None = None,
                          order: str | None = None, *, step: int | None = 0):
        """Show :func:`gamelib.experiments.chance_trees.random_chance_tree` ``(branching, outcomes, moves, seed=seed,
        order=order)``: ``moves`` rounds of (decision node, chance node with equally likely outcomes),
        MAX first, integer leaves in [-5, 5], at most ``MAX_LEAVES`` leaves; arguments left None keep
        the controls' values."""
        self.picker.choose_random(RANDOM_CHANCE, (branching, outcomes, moves), seed, order)
        self._load(step)

    @property
    def text(self) -> str:
        """Everything the explorer says in words, one item per line."""
        view = self.view
        return "\n".join([f"step {self.step}/{self.total}: {self.event_text}", self.state_text]
                         + self.kind.prune_lines(view) + self.kind.notes(view, self.results) + [self.summary_text])

    # -- what the explorer says ------------------------------------------------------------------
    @property
    def event_text(self) -> str:
        """The event shown, in words (or a note before the first one)."""
        e = self.event
        return "before the search: press next or play" if e is None else self.kind.describe(e, self.view,
                                                                                            self.algorithm)

    @property
    def state_text(self) -> str:
        """The current state, who moves there, what the search knows there, and the path to it."""
        e = self.event
        if e is None:
            return f"the search will start at the root {self.tree.initial_state}"
        return self.kind.state_text(e, self.view, self.algorithm)

    @property
    def prunes(self) -> list:
        """``describe_event`` of every prune event so far, in order."""
        return self.kind.prunes(self.view)

    @property
    def pruned_nodes(self) -> list:
        """The nodes the cuts so far have skipped, in label order."""
        return self.kind.pruned_nodes(self.view)

    @property
    def summary_text(self) -> str:
        """Node counts: the shown search's against the other's, the value and the decision."""
        return self.kind.summary(self.results, self.algorithm, self.view)

    # -- machinery ------------------------------------------------------------------------------------
    def _search(self):
        """Run the searches once for this tree and setting; everything else reads their traces."""
        self.state = dataclasses.replace(self.state, results=self.kind.run())
        self.stepper.forget()       # pictures of other traces are no use any more

    def _load(self, step, bounds=None):
        tree_name, tree = self.picker.chosen()  # may refuse (too many leaves): nothing changed yet
        kind = next(k for k in self.kinds if k.matches(tree))
        kind.load(tree, bounds)                  # may refuse bounds
        self.state = dataclasses.replace(self.state, tree_name=tree_name, tree=tree, kind=kind,
                                         figsize=kind.figure_size())
        self.picker.show_shape_controls()
        for k in self.kinds:
            if k.box is not None:
                k.box.layout.display = None if k is kind else "none"
        self._search()
        options = list(kind.searches)
        if list(self.algorithm_toggle.options) != options:
            keep = self.algorithm_toggle.value
            self.set_quietly(self.algorithm_toggle, "options", options)
            self.algorithm_toggle.tooltips = list(kind.searches.values())
            self.set_quietly(self.algorithm_toggle, "value", keep if keep in options else options[0])
        for k in self.kinds:
            k.show(self.algorithm)
        self._set_range(step)

    def _rerun(self, update=None):
        """A setting of the kind of tree changed (``update`` makes the change): same tree, the searches
        again; stay at the end if there, else start over."""
        at_end = self.step == self.total
        if update is not None:
            update()
        self._search()
        self._set_range(None if at_end else 0)

    def _set_range(self, step):
        """Fit the slider to the trace, then show ``step``."""
        total = self.total
        self.stepper.fit(total, total if step is None else max(0, min(int(step), total)))
        self._render()

    def _live_objects(self) -> list:
        """The explorer's plain parts, each restored whole if an update fails: the picker, its random
        trees, each kind of tree (its tree, its bounds) and the stepper (its pictures)."""
        return [self.picker, *self.picker.random_trees.values(), *self.kinds, self.stepper]

    @from_browser
    def _on_picker(self, change):
        self._load(0)

    @from_browser
    def _on_random(self, change):
        chosen, note = self.picker.shape_changed(change["owner"])
        if note:
            self.say(note)
        if chosen:
            self._load(0)

    @from_browser
    def on_kind_control(self, change):
        """A control of the kind of tree changed (the cut rule, the bounds): the kind takes the new
        setting and the searches run again, all in one update.  The one call a
        :class:`~gamelib.viz.tree_kinds.TreeKind` makes on its explorer."""
        self._rerun(lambda: self.kind.take(change))

    @from_browser
    def on_kind_refusal(self, reason: str = ""):
        """A control of the kind of tree refused a value and said why beside it: nothing changes, and the
        status line says why, before the step's words (read out once, WCAG 4.1.3)."""
        if reason:
            self.announce(compact(f"<b>Not changed</b>: {html.escape(str(reason))}") + getattr(self, "_status", ""))

    @property
    def updating(self) -> bool:
        """True while the explorer sets its own controls (a kind's observers then do nothing)."""
        return self._quiet

    @from_browser
    def _on_algorithm(self, change):
        """Another search of the same tree: stay at the end if there, else start over."""
        at_end = self.step == self.slider.max
        for k in self.kinds:
            k.show(self.algorithm)
        self._set_range(None if at_end else 0)

    # -- the picture ----------------------------------------------------------------------------------
    def _figure(self, step: int, as_paths: bool = True, algorithm: str | None = None) -> Figure:
        """The picture at ``step``: a Figure of its own, not pyplot's (nothing to close, nothing
        leaks, nothing is shown twice by the inline backend), of one size for the whole trace, so the
        picture does not jump between steps."""
        algorithm = algorithm or self.algorithm
        result = self.results[algorithm]
        fig = Figure(figsize=self._figsize, dpi=DPI)
        fig.subplots_adjust(left=0.01, right=0.99, bottom=0.01, top=1 - 0.3 / self._figsize[1])
        self.kind.draw(fig.subplots(), result, step, f"{self.tree_name} · {algorithm} · step "
                                                     f"{step}/{len(result.trace)}", as_paths)
        return fig

    def _prefetch_next(self):
        """While the student reads this step, draw in the kernel's idle time what a click shows next:
        the step the last step button pressed would show (the stepper's: at first, the next), then
        the other searches of the toggle where they would start (each picture a few hundredths of a
        second: a click waits for one at most)."""
        if not self.draw:
            return
        results, at_end = self.results, self.step == self.total
        others = [(other, len(results[other].trace) if at_end else 0) for other in results if other != self.algorithm]
        self.stepper.draw_ahead([((other, k), lambda other=other, k=k: png_with_words(self._figure(k, algorithm=other)))
                                 for other, k in others], lambda: self.results is results)

    def _render(self):
        """Show the picture and the text for the current step (nothing else changes); the buttons that
        could do nothing here (back at the start, next at the end) are greyed, except the one just
        pressed, which keeps the student's focus.  The status line, the live region, is written last
        (:meth:`~gamelib.viz.live.LiveWidget.announce`)."""
        self.stepper.grey()
        if self.draw:
            self.state = dataclasses.replace(self.state, png=self.stepper.picture())
            self.image.value = picture_html(self.png, long=False, fit=True)   # the step's words are beside it
            key = picture_html(self.kind.key(self.algorithm, wide=self._figsize[0] > BESIDE_KEY), fit=True)
            if self.key_image.value != key:
                self.key_image.value = key
        esc, view = html.escape, self.view
        self.state_html.value = compact(esc(self.state_text).replace("\n", "<br>"))
        self.prunes_html.value = compact(self.kind.prunes_html(view))
        self.summary_html.value = compact("<br>".join(esc(line) for line in self.kind.notes(view, self.results)
                                                      + [self.summary_text]))
        end = "" if not self.stepper.at_limit() else (" <i>(the end of the search)</i>" if self.step == self.total
                                                      else " <i>(the start)</i>")
        setting = self.kind.setting_words(self.algorithm)
        self._status = compact(f"<b>step {self.step}/{self.total}</b>: {esc(self.event_text)}{end} "
                               f"<span style='color:#595959'>({esc(self.tree_name)}, {self.algorithm}"
                               f"{', ' + esc(setting) if setting else ''})</span>")
        self.announce(self._status)
        self._prefetch_next()
