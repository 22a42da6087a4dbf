"""The sigma study as a picture and a slider (AIMA 4th ed. §5.7, Fig. 5.16; 3rd ed.
§5.8, Fig. 5.14; Zell's slides §5.8).

    from gamelib.viz import SigmaWidget, draw_sigma
    draw_sigma(sigma=5)          # static: the textbook tree and its root moves' true-value distributions
    SigmaWidget()                # live: move σ (and the correlation) and watch the probabilities change

The tree is :func:`~gamelib.viz.drawing.draw_tree` over a traced :func:`gamelib.minimax` of the
*estimates* (the decision minimax makes), annotated with what
:func:`gamelib.experiments.sigma.branch_probabilities` says for the current σ: the probability that each
root move is *truly* best, and, for two-ply trees, the exact integral beside it.  The right-hand panel
shows the sampled true values of the root moves (histograms, from the same seeded Monte Carlo) with the
exact densities where they are known.  Nothing here searches or simulates on its own.

ipywidgets 8 only (JupyterLab 4); every control has a Python attribute, so tests drive it headlessly::

    w = SigmaWidget(draw=False)
    w.sigma = 2
    w.text        # 'σ = 2: P(a1 truly best) = 0.580 ± 0.003 (exact 0.5799) ...'
"""
from __future__ import annotations

import html
import math

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.collections import PathCollection
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure

from ..experiments.sigma import (SHARED, TEXTBOOK_TREE, as_tree, branch_probabilities,
                                 exact_branch_probabilities, root_move_values, sample_leaf_values,
                                 value_density)
from ..minimax import minimax
from ..validate import choice, number, whole
from .alt import describe, extend, picture_html
from .palette import CATEGORIES, MARK_RATIO, MUTED, cased, ink
from .drawing import COLUMN_WIDTH, DPI, draw_tree, tidy_layout
from .drawing import png_with_words   # a Picture: the PNG and its words (alt text), shown as <img alt>
from .live import LiveWidget, from_browser

MOVE_COLORS = CATEGORIES[:6]
"""One colour per root move (:data:`gamelib.viz.palette.CATEGORIES`); its texts in a darker shade (4.5:1),
and every text names its move."""
FIGSIZE = (COLUMN_WIDTH, 3.4)
"""The tree and the histograms side by side, sized for a notebook column (shown at full size)."""
HIST_SAMPLES = 20_000
"""Sampled true values drawn in the histograms (the probabilities use the widget's ``trials``)."""


def exact_or_none(tree, sigma, correlation=0.0, shared="parent"):
    """:func:`exact_branch_probabilities` where it applies (one- and two-ply trees, independent errors
    or the cases it integrates), else None."""
    try:
        return exact_branch_probabilities(tree, sigma, correlation, shared=shared)
    except ValueError:
        return None


def draw_sigma(spec=TEXTBOOK_TREE, sigma: float = 5.0, *, correlation: float = 0.0,
               shared: str = "parent", trials: int = 100_000, seed=0, result=None, axes=None,
               text_as_paths: bool = False):
    """Draw the sigma study for ``spec`` at one σ: the tree with minimax's choice on the estimates and,
    under each root move's subtree, P(truly best) ± standard error (Monte Carlo) and the exact value
    where known; right, the distribution of each root move's true value.

    ``result``: a :class:`~gamelib.experiments.sigma.BranchProbabilities` already computed (else
    :func:`branch_probabilities` is called with ``trials`` and ``seed``).  ``axes``: two matplotlib
    Axes (else a new pyplot figure).  ``text_as_paths``: the tree's labels as glyph outlines (faster;
    see :func:`~gamelib.viz.drawing.draw_tree`).  Returns ``(axes, result)``.
    """
    tree = as_tree(spec)
    if result is None:
        result = branch_probabilities(tree, sigma, trials=trials, seed=seed, correlation=correlation,
                                      shared=shared)
    sigma, correlation, shared = result.sigma, result.correlation, result.shared
    exact = exact_or_none(tree, sigma, correlation, shared)
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=FIGSIZE, gridspec_kw={"width_ratios": [1.25, 1]})
    ax_tree, ax_values = axes
    root = tree.initial_state
    model = f"σ = {sigma:g}" + (f", ρ = {correlation:g} ({shared})" if correlation else "")
    draw_tree(tree, minimax(tree, trace=True), ax=ax_tree, show_order=False,
              title=f"estimates; minimax picks {result.minimax_action} · {model}",
              text_as_paths=text_as_paths)
    pos = tidy_layout(tree)
    # Under each root move's subtree, in the move's colour (the histograms' on the right), below the
    # leaves' utilities and their ±σ: how often the move is truly best.
    kids = tree.children[root]
    # Under a leaf: its utility (at the leaf's rim, in draw_tree's value type), then ±σ, then this.
    radius = math.sqrt(max(c.get_sizes().max() for c in ax_tree.collections
                           if isinstance(c, PathCollection) and c.get_gid() != "labels")) / 2
    utility = radius + 2 + 1.3 * max(size for _, size in ax_tree.gamelib_labels)
    below = utility + (11 if sigma > 0 else 2)
    for j, (a, child) in enumerate(kids):
        leaves = [s for s in tree.leaves if _under(tree, s, child)]
        text = f"P({a} truly best) {result[a]:.3f} ± {result.stderr[a]:.3f}"
        if exact is not None:
            text += f"\nexact {exact[a]:.4f}"
        x = (min(pos[s][0] for s in leaves) + max(pos[s][0] for s in leaves)) / 2
        ax_tree.annotate(text, (x, pos[leaves[0]][1]), xytext=(0, -below), textcoords="offset points",
                         ha="center", va="top", fontsize=8, color=ink(MOVE_COLORS[j % len(MOVE_COLORS)]),
                         fontweight="bold")
    if sigma > 0:
        for s in tree.leaves:
            x, y = pos[s]
            ax_tree.annotate(f"±{sigma:g}", (x, y), xytext=(0, -utility), textcoords="offset points",
                             ha="center", va="top", fontsize=7, color=MUTED)
    lo, hi = ax_tree.get_ylim()
    ax_tree.set_ylim(lo - 0.55, hi)                              # room for the probabilities
    extend(ax_tree, (f"Each leaf is an estimate with an error of standard deviation {sigma:g}. " if sigma > 0 else "")
           + "How often each root move is truly best, written under its subtree: " + "; ".join(
               f"{a} {result[a]:.3f} ± {result.stderr[a]:.3f}"
               + (f" (exact {exact[a]:.4f})" if exact is not None else "") for a, _ in kids) + ".")
    _draw_values(ax_values, tree, result, exact, seed)
    return axes, result


def _under(tree, state, ancestor) -> bool:
    """Is ``state`` ``ancestor`` or below it?"""
    while state is not None:
        if state == ancestor:
            return True
        state = tree.parent(state)
    return False


def _draw_values(ax, tree, result, exact, seed):
    """Histograms of each root move's sampled true value, exact densities, estimates dashed."""
    sigma = result.sigma
    estimates = root_move_values(tree, [[tree.leaf_values[s] for s in tree.leaves]])[0]
    if sigma == 0:
        title = "σ = 0: the true values are the estimates"
    else:
        title = "true value of each root move:\nsampled (bars)"
        if exact is not None and result.correlation == 0:
            title += ", exact density (line)"
    ax.set_title(title, fontsize=9)
    ax.set_xlabel("true minimax value")
    ax.set_yticks([])
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    if sigma == 0:
        for j, (a, v) in enumerate(zip(result.actions, estimates)):
            color = MOVE_COLORS[j % len(MOVE_COLORS)]
            ax.axvline(v, color=color, lw=2, label=f"{a}: {v:g} exactly", path_effects=cased(color, 2))
        ax.legend(fontsize=8, frameon=False)
        ax.set_xlim(estimates.min() - 3, estimates.max() + 3)
        describe(ax, "Each root move's true value is its estimate, drawn as a vertical line: " + ", ".join(
            f"{a} {v:g}" for a, v in zip(result.actions, estimates)) + ".")
        return
    x = sample_leaf_values(tree, sigma, HIST_SAMPLES, seed=seed, correlation=result.correlation,
                           shared=result.shared)
    values = root_move_values(tree, x)
    lo = np.quantile(values, 0.002)
    hi = np.quantile(values, 0.998)
    lo, hi = min(lo, estimates.min()) - 0.5, max(hi, min(estimates.max(), hi + sigma)) + 0.5
    bins = np.linspace(lo, hi, 60)
    grid = np.linspace(lo, hi, 400)
    densities = None
    if exact is not None and result.correlation == 0:
        densities = value_density(tree, sigma, grid)
    for j, a in enumerate(result.actions):
        color = MOVE_COLORS[j % len(MOVE_COLORS)]
        # Pale bars, edged in the move's hue darkened to 3:1 on white; lines in a light colour cased.
        ax.hist(values[:, j], bins=bins, density=True, facecolor=to_rgba(color, 0.35), histtype="stepfilled",
                edgecolor=ink(color, ratio=MARK_RATIO), linewidth=0.8, label=f"{a}: estimate {estimates[j]:g}")
        if densities is not None:
            ax.plot(grid, densities[a], color=color, lw=1.6, path_effects=cased(color, 1.6))
        ax.axvline(estimates[j], color=color, ls="--", lw=1.2, path_effects=cased(color, 1.2))
    ax.set_xlim(lo, hi)
    ax.legend(fontsize=8, frameon=False, loc="upper left")
    describe(ax, f"Histograms of each root move's true minimax value over {len(values):,} samples"
             + (" with its exact density as a line" if densities is not None else "") + ", its estimate dashed: "
             + "; ".join(f"{a}: estimate {estimates[j]:g}, sampled mean {values[:, j].mean():.1f}, middle 95% from "
                         f"{np.quantile(values[:, j], 0.025):.1f} to {np.quantile(values[:, j], 0.975):.1f}"
                         for j, a in enumerate(result.actions)) + ".")


def _sigma_figure(tree, result, seed, text_as_paths: bool = True) -> Figure:
    """The widget's picture: :func:`draw_sigma` on a Figure of its own, with fixed margins (a tight
    layout would draw everything twice)."""
    fig = Figure(figsize=FIGSIZE, dpi=DPI)
    axes = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.25, 1]})
    fig.subplots_adjust(left=0.01, right=0.98, bottom=0.15, top=0.86, wspace=0.04)
    draw_sigma(tree, result=result, seed=seed, axes=axes, text_as_paths=text_as_paths)
    return fig


class SigmaWidget(LiveWidget, widgets.VBox):
    """A σ slider over the sigma study (an ipywidgets VBox: display it).

    ``SigmaWidget(spec=TEXTBOOK_TREE, sigma=5.0, *, correlation=0.0, shared='parent',
    trials=20_000, seed=0, draw=True)``

    Moving σ (or ρ, or the shared-error model) recomputes
    :func:`~gamelib.experiments.sigma.branch_probabilities` (seeded, so the same σ always shows the
    same numbers) and redraws :func:`draw_sigma`.  Attributes: ``sigma``, ``correlation``, ``shared``
    (settable), ``result`` (the BranchProbabilities shown), ``exact`` (the exact values or None),
    ``text`` (what it says, plain), ``png`` (the picture's PNG bytes; empty with ``draw=False``).
    """

    def __init__(self, spec=TEXTBOOK_TREE, sigma: float = 5.0, *, correlation: float = 0.0,
                 shared: str = "parent", trials: int = 20_000, seed=0, draw: bool = True):
        number("sigma", sigma, least=0, what="a standard deviation: a finite number")
        number("correlation", correlation, least=0, most=1)
        choice("shared", shared, SHARED)
        whole("trials", trials, least=1)
        self._init_live()
        self.tree = as_tree(spec)
        self.trials, self.seed, self.draw = trials, seed, draw
        self.png = b""
        with self.quietly():      # building: the observers wait for the student
            self.sigma_slider = widgets.FloatSlider(value=sigma, min=0.0, max=max(20.0, float(sigma)),
                                                    step=0.25, description="σ", continuous_update=False,
                                                    readout_format=".2f",
                                                    layout=widgets.Layout(width="420px"))
            self.correlation_slider = widgets.FloatSlider(value=correlation, min=0.0, max=1.0, step=0.05,
                                                          description="ρ", continuous_update=False,
                                                          readout_format=".2f",
                                                          layout=widgets.Layout(width="300px"))
            self.shared_toggle = widgets.ToggleButtons(options=list(SHARED), value=shared,
                                                       tooltips=["ρ between leaves with the same parent",
                                                                 "ρ between all leaves"],
                                                       style={"button_width": "70px"})
            self.image = widgets.HTML(layout=widgets.Layout(max_width="100%"))     # <img alt>: gamelib.viz.alt
            self.text_html = self.status_line        # the live region
            super().__init__([self.message_html,
                              widgets.HBox([self.sigma_slider, self.correlation_slider,
                                            self.shared_toggle], layout=widgets.Layout(flex_flow="row wrap")),
                              self.image, self.text_html])
            for w in (self.sigma_slider, self.correlation_slider, self.shared_toggle):
                w.observe(self._on_change, "value")
        self._update()

    # -- public API ----------------------------------------------------------------------------------
    @property
    def sigma(self) -> float:
        """The evaluation error's standard deviation; settable."""
        return self.sigma_slider.value

    @sigma.setter
    def sigma(self, value):
        number("sigma", value, least=0, what="a standard deviation: a finite number")
        if value > self.sigma_slider.max:
            self.sigma_slider.max = value
        self.sigma_slider.value = value

    @property
    def correlation(self) -> float:
        """ρ, the correlation of the errors (see ``shared``); settable."""
        return self.correlation_slider.value

    @correlation.setter
    def correlation(self, value):
        number("correlation", value, least=0, most=1)
        self.correlation_slider.value = value

    @property
    def shared(self) -> str:
        """'parent' (siblings share a component of their errors) or 'all'; settable."""
        return self.shared_toggle.value

    @shared.setter
    def shared(self, value):
        choice("shared", value, SHARED)
        self.shared_toggle.value = value

    @property
    def text(self) -> str:
        """The probabilities in words."""
        r, e = self.result, self.exact
        model = f"σ = {r.sigma:g}" + (f", ρ = {r.correlation:g} ({r.shared})" if r.correlation else "")
        parts = []
        for a in r.actions:
            part = f"P({a} truly best) = {r[a]:.3f} ± {r.stderr[a]:.3f}"
            if e is not None:
                part += f" (exact {e[a]:.4f})"
            parts.append(part)
        choice = r.minimax_action
        return (f"{model}: " + "; ".join(parts) + f" · minimax on the estimates picks {choice}, "
                f"truly best {100 * r[choice]:.1f}% of the time ({r.trials:,} trials, seed {self.seed})")

    # -- machinery ------------------------------------------------------------------------------------
    @from_browser
    def _on_change(self, change):
        self._update()

    def _update(self):
        result = branch_probabilities(self.tree, self.sigma, trials=self.trials, seed=self.seed,
                                      correlation=self.correlation, shared=self.shared)
        self.result, self.exact = result, exact_or_none(self.tree, self.sigma, self.correlation,
                                                        self.shared)
        if self.draw:
            self.png = png_with_words(_sigma_figure(self.tree, self.result, self.seed))
            self.image.value = picture_html(self.png, fit=True)
        self.announce(html.escape(self.text))
