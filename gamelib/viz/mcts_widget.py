"""Monte Carlo tree search, watched as it grows (AIMA 4th ed. §5.4, Fig. 5.10-5.11; notebook 08 §2).

    from gamelib.viz import MCTSWidget, draw_mcts
    draw_mcts(game, state, result.trace, 500)   # static: the tree after 500 playouts, and the root's moves
    MCTSWidget()                                 # live: step or run the simulations, watch the tree grow

Both read one traced :func:`gamelib.mcts` run: :func:`gamelib.mcts.tree_statistics` replays its
'simulate' events up to any iteration, so the picture after k playouts is exactly the tree the search
had then (``iterations=k`` of the same seed is the same search).  Nothing here searches on its own.

The picture: left, the top plies of the tree, each node a disc whose area grows with its visits N and
whose colour is its mean playout utility for the player who moves at the root (red +1, white 0, blue
-1; nodes with fewer than 1% of the playouts below the root's moves are counted, not drawn); right,
the root's moves: visits as bars, UCB1 (what SELECT compares next) and Q, the mean utility for the
same player, the current best move (most visited) in bold.  Colours and Q take one point of view,
the mover's at the root, and say so.

A search guided by a policy-value function (PUCT, ``mcts(policy_value=...)``; ``draw_mcts(...,
priors=result.root.priors)``, ``MCTSWidget(policy_value=f)``) is drawn the same way, its root's moves
with PUCT's score Q + c·P·√N(root)/(1 + N) (what SELECT compares next) and the prior P in place of
UCB1, every move with a prior listed, those not yet tried with N = 0.
"""
from __future__ import annotations

import html
import math

import ipywidgets as widgets
import matplotlib.pyplot as plt
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure

from ..core import MAX, ArgumentError
from ..mcts import C, mcts, root_puct, root_ucb, tree_statistics
from ..validate import check_game, flag, function, game_state, number, python_seed, two_player, whole
from .drawing import COLUMN_WIDTH, DPI, tidy_positions
from .drawing import png_with_words   # a Picture: the PNG and its words (alt text), shown as <img alt>
from .palette import LIGHT_LINE, text_on
from .alt import describe, picture_html
from .live import LiveWidget, all_or_nothing, compact, from_browser
from .stepper import END, SLIDER, Move, Stepper

FIGSIZE = (COLUMN_WIDTH, 3.6)
CMAP = "coolwarm"
SIGN_AT = 0.2
"""A node whose mean utility (for the root's mover) is at least this far from 0 carries a + or − inside,
the second cue beside its colour."""
SHOWN_DEPTH = 3
"""Plies of the tree drawn (deeper nodes are counted, not drawn)."""
MIN_SHARE = 0.01
"""Below the root's moves, a node is drawn if it holds at least this share of the playouts (and 2)."""
PAUSE = 0.3
"""After a new c, the other values' searches and pictures are made ahead once the menu has been still this
many seconds: a student running through it with the arrow keys waits for no search or picture made ahead
for a value already passed (a c's search can take longer than its picture).  The positions, drawn ahead
from the start, are drawn ahead at once."""


def _label(action) -> str:
    if isinstance(action, tuple):
        return ",".join(map(str, action))
    return str(action)


def best_move(ucb: dict, order) -> object:
    """The most visited of the root's moves (``root_ucb``'s or ``root_puct``'s rows), ties by the larger
    mean reward, then by ``order`` (the game's actions): :func:`gamelib.mcts`'s rule; none tried yet
    (PUCT, after the root's evaluation alone): the largest prior."""
    moves = [a for a in order if a in ucb]
    if not moves:
        return None
    most = max(ucb[a][2] for a in moves)
    if most == 0 and len(ucb[moves[0]]) > 3:
        return max(moves, key=lambda a: ucb[a][3])
    ties = [a for a in moves if ucb[a][2] == most]
    return max(ties, key=lambda a: ucb[a][1])


TITLE_Y = 1.0
"""The panels' titles sit where matplotlib would put them anyway (nothing is drawn above either
panel); saying so skips its title-placement pass, about a tenth of a picture's time (the same pixels)."""


def draw_mcts(game, state, trace, iterations: int | None = None, *, c: float = C,
              max_depth: int = SHOWN_DEPTH, axes=None, priors: dict | None = None):
    """Draw the search tree after ``iterations`` playouts of a traced :func:`gamelib.mcts` run from
    ``state`` (all of them if None) and the root's moves with their visits and UCB1 values; with
    ``priors`` (the root's priors of a PUCT search, ``result.root.priors``) their PUCT scores and priors
    instead.  ``axes``: two matplotlib Axes (else a new pyplot figure).  Returns ``(axes, stats)``,
    ``stats`` the :func:`~gamelib.mcts.tree_statistics` drawn."""
    check_game(game)
    game_state(game, state)
    stats = tree_statistics(trace, iterations)
    number("c", c, least=0, what="an exploration constant, a finite number")
    whole("max_depth", max_depth, 0, unit="plies")
    if priors is not None and not isinstance(priors, dict):
        raise ArgumentError(f"priors must be the root's priors of a PUCT search (result.root.priors), a dict "
                            f"{{move: probability}}, or None, got {priors!r:.200}")
    if axes is not None and (not hasattr(axes, "__len__") or len(axes) != 2):
        raise ArgumentError(f"axes must be two matplotlib Axes (the tree and the root's moves), or None, got "
                            f"{axes!r}")
    if axes is None:
        _, axes = plt.subplots(1, 2, figsize=FIGSIZE, gridspec_kw={"width_ratios": [1.5, 1]})
    ax_tree, ax_bars = axes
    player = game.to_move(state)
    k = stats[()].visits if () in stats else 0
    unit = "playouts" if priors is None else "simulations"
    _draw_tree(ax_tree, stats, max_depth, k, player, unit)
    _draw_root(ax_bars, game, state, stats, player, c, priors)
    describe(ax_tree, mcts_tree_in_words(stats, k, player, max_depth, unit))
    _describe_root(ax_bars, game, state, stats, player, c, priors)
    return axes, stats


def root_rows(stats, player, c, priors=None) -> dict:
    """The root's moves as the bars show them: ``root_ucb``'s rows (UCB1, Q, N), or with ``priors``
    ``root_puct``'s (PUCT, Q, N, P); none before the first iteration."""
    if () not in stats:
        return {}
    return root_ucb(stats, player, c) if priors is None else root_puct(stats, player, priors, c)


def _row_words(row) -> str:
    """One root move's numbers: 'UCB 0.73 · Q +0.16' or 'PUCT 0.73 · P 0.40 · Q +0.16'."""
    if len(row) > 3:
        return f"PUCT {row[0]:.2f} · P {row[3]:.2f} · Q {row[1]:+.2f}"
    return f"UCB {row[0]:.2f} · Q {row[1]:+.2f}"


def mcts_tree_in_words(stats, k, player, max_depth=SHOWN_DEPTH, unit="playouts") -> str:
    """What :func:`draw_mcts`'s tree panel shows, read from the same statistics: its size, the most
    visited line and, for each of the root's moves, its visits and mean utility for the root's mover.
    ``unit``: what an iteration is called ('simulations' for PUCT, which plays no game out)."""
    if not k:
        return f"No {unit} yet: the tree is only its root."
    sign, who = (1, "MAX") if player == MAX else (-1, "MIN")
    kids = sorted((p for p in stats if len(p) == 1), key=lambda p: -stats[p].visits)
    line, p = [], ()
    while True:
        nxt = [q for q in stats if len(q) == len(p) + 1 and q[:-1] == p]
        if not nxt:
            break
        p = max(nxt, key=lambda q: stats[q].visits)
        line.append(f"{_label(p[-1])} ({stats[p].visits:,} visits)")
    moves = "; ".join(f"{_label(q[-1])} {stats[q].visits:,} visits, mean {sign * stats[q].mean:+.2f}" for q in kids)
    root = (f"The root's moves, most visited first: {moves}. The most visited line: {' → '.join(line)}." if kids
            else "None of the root's moves has been tried yet (the first iteration evaluated the root itself).")
    return (f"The search tree after {k:,} {unit}: {len(stats):,} nodes, its top {max_depth} plies drawn, "
            f"each node's area growing with its visits and its colour giving its mean "
            f"utility for {who}, from −1 (blue) to +1 (red); + inside where it is at least {SIGN_AT}, − where "
            f"at most −{SIGN_AT}. " + root)


def _describe_root(ax, game, state, stats, player, c, priors=None):
    order = list(game.actions(state))
    ucb = root_rows(stats, player, c, priors)
    moves = [a for a in order if a in ucb]
    if not moves:
        describe(ax, "No move of the root has been tried yet.")
        return
    best = best_move(ucb, order)
    who = "MAX" if player == MAX else "MIN"
    score = "its UCB1 value" if priors is None else "its PUCT score, its prior P"
    describe(ax, f"Bar chart of the root's moves by visits N, each with {score} and Q, the mean utility "
                 f"for {who}; the best so far, {_label(best)}, in colour and bold: " + "; ".join(
                     f"{_label(a)} N {ucb[a][2]:,}, " + _row_words(ucb[a]).replace(" · ", ", ") for a in moves)
                 + ".")


def _draw_tree(ax, stats, max_depth, k, player, unit="playouts"):
    """The top ``max_depth`` plies of the tree after ``k`` playouts: the root's moves always, deeper
    nodes holding at least ``MIN_SHARE`` of the playouts (the others are counted, not drawn, so that the
    picture never turns into a smear of dots); area ~ visits, but no node wider than the room between
    its neighbours; colour: the mean utility for ``player``, who moves at the root (Q in the panel
    beside)."""
    ax.set_axis_off()
    root_n = stats[()].visits if () in stats else 0
    if not root_n:
        ax.set_title(f"no {unit} yet: press +1, +10, +100 or run all", fontsize=9, y=TITLE_Y)
        return
    least = max(2, MIN_SHARE * root_n)
    shown = {p: s for p, s in stats.items() if len(p) <= max_depth and (len(p) <= 1 or s.visits >= least)}
    kids = {}
    for p in shown:
        if p:
            kids.setdefault(p[:-1], []).append(p)
    for children in kids.values():
        children.sort(key=lambda q: str(q[-1]))
    pos = tidy_positions((), lambda p: kids.get(p, []))
    width = max(max(x for x, _ in pos.values()), 1)
    depth = max(len(p) for p in shown)
    ax.set_xlim(-0.8, width + 0.8)
    ax.set_ylim(-depth - 0.5, 0.6)
    box = ax.get_position()
    per_x = box.width * ax.figure.get_figwidth() * 72 / (width + 1.6)      # points per unit
    per_y = box.height * ax.figure.get_figheight() * 72 / (depth + 1.1)
    rows = {}
    for p in shown:
        rows.setdefault(len(p), []).append(pos[p][0])
    room = {d: min([0.85 * per_y] + [0.9 * (b - a) * per_x for a, b in zip(sorted(xs), sorted(xs)[1:])])
            for d, xs in rows.items()}
    diameters = {p: min(room[len(p)], math.sqrt(12 + 900 * s.visits / root_n)) for p, s in shown.items()}
    ax.add_collection(LineCollection([[pos[p[:-1]], pos[p]] for p in shown if p], colors=LIGHT_LINE,
                                     linewidths=0.6, zorder=1), autolim=False)
    sign = 1 if player == MAX else -1
    points = ax.scatter([pos[p][0] for p in shown], [pos[p][1] for p in shown],
                        s=[diameters[p] ** 2 for p in shown], c=[sign * s.mean for s in shown.values()],
                        cmap=CMAP, vmin=-1, vmax=1, edgecolors="#444444", linewidths=0.5, zorder=2)
    # The colour's second cue: + or − inside a node big enough to hold it, for a clearly good or bad mean.
    cmap = plt.get_cmap(CMAP) if isinstance(CMAP, str) else CMAP
    for mark, test in (("+", lambda m: m >= SIGN_AT), ("-", lambda m: m <= -SIGN_AT)):
        marked = [p for p, st in shown.items() if diameters[p] >= 7 and test(sign * st.mean)]
        for colour in ("#000000", "#ffffff"):
            here = [p for p in marked if text_on(cmap((sign * shown[p].mean + 1) / 2)) == colour]
            if here:
                ax.scatter([pos[p][0] for p in here], [pos[p][1] for p in here], marker=f"${mark}$",
                           s=[min(diameters[p], 11) ** 2 * 0.55 for p in here], c=colour, linewidths=0, zorder=2.5,
                           gid="sign")
    for p in kids.get((), []):
        x, y = pos[p]
        ax.annotate(_label(p[-1]), (x, y), xytext=(0, diameters[p] / 2 + 1), textcoords="offset points",
                    ha="center", va="bottom", fontsize=7, color="#333333", zorder=3,
                    bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none"})
    hidden = len(stats) - len(shown)
    who = "MAX" if player == MAX else "MIN"
    ax.set_title(f"after {k:,} {unit}: {len(stats):,} nodes" + (f", {hidden:,} not drawn" if hidden else "")
                 + f"\narea ~ visits N · colour, + / −: mean utility for {who}", fontsize=9, y=TITLE_Y)
    cbar = ax.figure.colorbar(points, ax=ax, fraction=0.035, pad=0.01, ticks=[-1, 0, 1])
    cbar.ax.set_yticklabels(["−1", "0", "+1"])
    cbar.ax.tick_params(labelsize=7)


def _draw_root(ax, game, state, stats, player, c, priors=None):
    order = list(game.actions(state))
    ucb = root_rows(stats, player, c, priors)
    moves = [a for a in order if a in ucb]
    best = best_move(ucb, order)
    ys = range(len(moves))
    visits = [ucb[a][2] for a in moves]
    colours = ["#d62728" if a == best else "#7f7f7f" for a in moves]
    ax.barh(list(ys), visits, color=colours, height=0.7)
    ax.set_yticks(list(ys), [_label(a) for a in moves], fontsize=7)
    ax.invert_yaxis()
    top = max(max(visits, default=1), 1)
    for y, a in zip(ys, moves):
        ax.text(ucb[a][2] + top * 0.02, y, _row_words(ucb[a]), va="center", fontsize=7,
                fontweight="bold" if a == best else "normal")
    ax.set_xlim(0, top * (1.9 if priors is None else 2.6))
    ax.set_xlabel("visits N", fontsize=8)
    ax.tick_params(axis="x", labelsize=7)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    who = "MAX" if player == MAX else "MIN"
    if not moves:
        ax.set_title(f"root's moves ({who} to move): none tried yet", fontsize=9, y=TITLE_Y)
        return
    ax.set_title(f"root's moves: Q = mean utility for {who} (to move)\nbest so far: {_label(best)}", fontsize=9,
                 y=TITLE_Y)


C_RANGE = (0, 10)
"""The exploration constants the widget accepts."""
C_CHOICES = (("0 (no exploration)", 0.0), ("0.5", 0.5), ("1", 1.0), ("√2 ≈ 1.41 (UCB1)", C), ("2", 2.0),
             ("3", 3.0), ("5", 5.0), ("10", 10.0))
"""The exploration constants the widget's menu offers, as a student reads them (√2 is not
1.4142135623730951); another c given from Python joins the menu.  A menu, not a box to type in: each
choice's search and picture are made ahead, in the kernel's idle time once the menu is still
(:data:`PAUSE`), so a new c answers at once."""


def c_choices(c: float, puct: bool = False) -> list:
    """The menu's (label, value) pairs, with ``c`` among them; ``puct``: no label names UCB1 (√2 is
    UCB1's constant, not PUCT's)."""
    choices = [(label.replace(" (UCB1)", "") if puct else label, v) for label, v in C_CHOICES]
    if all(abs(v - c) > 1e-12 for _, v in choices):
        choices = sorted(choices + [(f"{c:g}", float(c))], key=lambda lv: lv[1])
    return choices


def _choice(options, c: float) -> float:
    """The menu's value for ``c``."""
    return next(v for _, v in options if abs(v - c) <= 1e-12)
BUDGET_RANGE = (1, 50_000)
"""The budgets (playouts) the widget's box offers."""
STEPS = (SLIDER, Move("+1", by=1), Move("+10", by=10), Move("+100", by=100), Move("run all", END), Move("reset", 0))
"""The widget's step controls, in their row (:class:`~gamelib.viz.stepper.Stepper`)."""

POSITIONS = {
    "tic-tac-toe, empty board": ("tictactoe", None),
    "tic-tac-toe, X to win (XX.OO....)": ("tictactoe", "XX.OO...."),
    "tic-tac-toe, O must block (XX..O....)": ("tictactoe", "XX..O...."),
    "Connect Four, empty board": ("connect4", ""),
    "Connect Four, after 3342252": ("connect4", "3342252"),
}
"""The positions the widget's menu offers: (game, board or moves).  In 'O must block' blocking at
(0, 2) is O's only drawing move (notebook 08 §2): MCTS's estimate of it climbs to the minimax value 0
while every other move's falls to −1 for O."""
DEFAULT = "tic-tac-toe, O must block (XX..O....)"


def menu_label(name: str) -> str:
    """``name``'s words in the widget's menu: without the board in brackets, which the picture and the
    status line show, so that the menu keeps its words in a 320-px window (WCAG 1.4.10)."""
    return name.split(" (")[0]


def preset(name):
    """``(game, state)`` of a :data:`POSITIONS` entry."""
    from ..games import Connect4, TicTacToe
    kind, spec = POSITIONS[name]
    if kind == "tictactoe":
        game = TicTacToe(spec)
        return game, game.initial_state
    game = Connect4()
    return game, game.from_moves(spec)


class MCTSWidget(LiveWidget, widgets.VBox):
    """Step or run Monte Carlo tree search and watch its tree grow (an ipywidgets VBox: display it).

    ``MCTSWidget(position='tic-tac-toe, O must block (XX..O....)', *, budget=2000, c=sqrt(2), seed=0,
    draw=True)``: ``position`` is a key of :data:`POSITIONS` (or give ``game=`` and ``state=``).  One
    traced :func:`gamelib.mcts` run of ``budget`` playouts is made when the position (or c, or the
    seed) changes; the buttons and the slider show it after 1, 10, 100 more playouts, or all.
    Attributes: ``iteration`` (settable), ``result`` (the full run), ``stats`` (the tree shown),
    ``ucb`` (root's moves: (UCB1, mean reward for the mover, visits)), ``best`` (the most visited
    move now), ``text`` (plain), ``png`` (the picture; empty with ``draw=False``).  Q and the colours
    of the tree are the mean utility for the player who moves at the root, and say so.  Each search
    and each picture is made once and kept: coming back to a position or a step costs nothing.

    ``policy_value=f`` (a function ``state -> ({move: probability}, value for the player to move)``, e.g.
    :func:`gamelib.alphazero.policy_value` of a network) makes every search PUCT (``mcts(policy_value=f)``:
    the priors steer SELECT, f's value replaces the playout) and the bars show each root move's PUCT
    score and prior P (``ucb``'s rows are then (PUCT, Q, N, P)); the menu keeps the positions f answers
    at (a tic-tac-toe network: the tic-tac-toe ones).
    """

    def __init__(self, position: str = DEFAULT, *, game=None, state=None,
                 budget: int = 2000, c: float = C, seed=0, draw: bool = True, policy_value=None):
        # Everything is checked before anything is built: a value out of range is refused, never clamped.
        if game is None:
            if state is not None:
                raise ArgumentError("state is given without game=: give the game it is a state of, or choose a "
                                    "position by name")
            if not isinstance(position, str) or position not in POSITIONS:
                raise ArgumentError(f"position must be one of {list(POSITIONS)}, got {position!r}")
        else:
            check_game(game)
            two_player(game, "MCTSWidget (gamelib.mcts)")
            game_state(game, game.initial_state if state is None else state)
        _check_budget(budget)
        _check_c(c)
        python_seed("seed", seed)
        flag("draw", draw)
        names = list(POSITIONS)
        if policy_value is not None:
            function("policy_value", policy_value, "a function state -> ({move: probability}, value), or None")
            names = [name for name in names if _answers(policy_value, *preset(name))]
            if game is None and position not in names:
                raise ArgumentError(f"policy_value does not answer at {position!r}; with it, position must be one "
                                    f"of {names}")
        self._init_live()
        self.draw, self.seed, self.policy_value = draw, seed, policy_value
        self.search_name = "PUCT" if policy_value is not None else "UCB1"
        self.unit = "simulations" if policy_value is not None else "playouts"    # PUCT plays no game out
        self.png = b""
        with self.quietly():      # building: the observers wait for the student
            self.position_menu = widgets.Dropdown(options=[(menu_label(n), n) for n in names]
                                                  + ([("(given)", "(given)")] if game else []),
                                                  value="(given)" if game else position,
                                                  description="position", layout=widgets.Layout(width="380px"))
            menu = c_choices(c, puct=policy_value is not None)
            self.c_box = widgets.Dropdown(options=menu, value=_choice(menu, c), description="c",
                                          tooltip=f"{self.search_name}'s exploration constant c",
                                          style={"description_width": "20px"}, layout=widgets.Layout(width="220px"))
            self.budget_box = widgets.BoundedIntText(value=budget, min=BUDGET_RANGE[0], max=BUDGET_RANGE[1], step=100,
                                                     description="budget", layout=widgets.Layout(width="170px"))
            self.stepper = Stepper(self, STEPS, show=self._show, figure=self._figure, description=self.unit,
                                   key=lambda k: (self.position_menu.value, self.c, self.slider.max, k),
                                   width="520px", continuous_update=False, value=1, total=budget,
                                   button_width="72px")
            self.slider, self.buttons = self.stepper.slider, self.stepper.buttons
            self.image = widgets.HTML(layout=widgets.Layout(max_width="100%"))     # <img alt>: gamelib.viz.alt
            self.text_html = widgets.HTML()
            super().__init__([self.message_html,
                              widgets.HBox([self.position_menu, self.c_box, self.budget_box],
                                           layout=widgets.Layout(flex_flow="row wrap")),
                              self.stepper.box, self.status_line, self.image, self.text_html])
            self.position_menu.observe(self._on_position, "value")
            for w in (self.c_box, self.budget_box):
                w.observe(self._on_position, "value")
            self._given = (game, state)
            self._runs = {}      # searches, made once and kept (their pictures: the stepper's)
        self._search()
        self.iteration = min(100, budget)
        if draw:            # while the student reads the first picture: the next step, the other positions,
            self.stepper.draw_ahead(self._others_ahead("positions and c"))     # the other values of c

    # -- public API ----------------------------------------------------------------------------------
    @property
    def iteration(self) -> int:
        """How many playouts the picture shows; settable (0 .. budget)."""
        return self.slider.value

    @iteration.setter
    def iteration(self, k):
        whole("iteration", k, 0, self.slider.max, unit="playouts")
        self._set_iteration(int(k))

    @all_or_nothing
    def _set_iteration(self, k):
        self.stepper.go(k)

    def step(self, n: int = 1):
        """Show ``n`` more playouts (up to the budget)."""
        whole("n", n, 0, unit="playouts")
        self.iteration = min(self.iteration + n, self.slider.max)

    @property
    def text(self) -> str:
        """What the widget says, plain."""
        k = self.iteration
        who = self.game.to_move(self.state)
        head = f"after {k:,} of {self.result.iterations:,} {self.unit} (seed {self.seed}, c = {self.c_text}): "
        if not self.ucb:
            return head + f"no {self.unit} yet ({who} to move): press +1, +10, +100 or run all."
        parts = [f"{_label(a)}: N {row[2]}, " + _row_words(row).replace(" · ", ", ") for a, row in self.ucb.items()]
        return (head + f"{len(self.stats):,} {'node' if len(self.stats) == 1 else 'nodes'}; best move "
                f"{_label(self.best)} ({who} to move). Root's moves (Q: mean utility for {who}, as the "
                "colours): " + "; ".join(parts))

    @property
    def c(self) -> float:
        """The exploration constant (settable, 0 to 10: the search is run again)."""
        return self.c_box.value

    @c.setter
    def c(self, value):
        _check_c(value)
        self._set_box(self.c_box, value)

    @property
    def budget(self) -> int:
        """Playouts of the search (settable, 1 to 50,000: the search is run again)."""
        return self.budget_box.value

    @budget.setter
    def budget(self, value):
        _check_budget(value)
        self._set_box(self.budget_box, int(value))

    @all_or_nothing
    def _set_box(self, box, value):
        """Set a control from Python: the search is run again, and a failure leaves the widget whole."""
        with self.quietly():
            if box is self.c_box:
                box.options = c_choices(float(value), self.policy_value is not None)
                value = _choice(box.options, float(value))
            box.value = value
        self._search()
        self._show()

    # -- machinery ------------------------------------------------------------------------------------
    def _live_objects(self) -> list:
        """The widget's plain part, restored whole if an update fails: its stepper."""
        return [self.stepper]

    @from_browser
    def _on_position(self, change):
        """A new position, c or budget: the search (kept, or made now) and its picture; then, in idle
        time, what the student will likely ask next: the other positions, or the nearby values of c."""
        self._search()
        self._show(ahead="c" if change["owner"] is self.c_box else "positions")

    def _run(self, position, budget, c=None):
        """(game, state, traced search of ``budget`` playouts) of ``position`` at c (default: this c): run
        once, kept."""
        c = self.c if c is None else c
        if position == "(given)":
            game, state = self._given
            state = game.initial_state if state is None else state
        else:
            game, state = preset(position)
        key = (position, c, budget)
        if key not in self._runs:
            self._runs[key] = mcts(game, state, iterations=budget, c=c, seed=self.seed, trace=True,
                                   policy_value=self.policy_value)
        return game, state, self._runs[key]

    def _search(self):
        budget = self.budget_box.value
        self.game, self.state, self.result = self._run(self.position_menu.value, budget)
        self.stepper.fit(budget)

    def _others_ahead(self, ahead_of: str | None = None) -> list:
        """What to draw ahead besides the next step (the stepper's), in the kernel's idle time, while the
        student looks at k playouts: after a new position (or budget: ``ahead_of='positions'``), the
        other positions' pictures at k, the next one in the menu first, for a student who looks
        through the menu; after a new c (``'c'``), this position's at the menu's other values of c, the
        next ones first (the arrow keys go through the menu in order); at the start (``'positions and
        c'``), both.  Each search runs in a turn of its own, before its picture: a click waits for one
        piece at most.  After a step, nothing (drawing more ahead kept the kernel busy when the next
        click came)."""
        k, ahead = self.iteration, []
        budget, c, here = self.slider.max, self.c, self.position_menu.value
        others = []
        if "positions" in (ahead_of or ""):
            names = [n for _, n in self.position_menu.options if n != "(given)"]
            start = names.index(here) + 1 if here in names else 0
            others += [(name, c) for name in names[start:] + names[:start] if name != here]
        if "c" in (ahead_of or "").split():
            values = [v for _, v in self.c_box.options]
            at = values.index(self.c_box.value)
            others += [(here, values[i]) for d in range(1, len(values)) for i in (at + d, at - d)
                       if 0 <= i < len(values)]
        for position, value in others:
            if (position, value, budget) not in self._runs:
                ahead.append((("search", position, value, budget),
                              lambda p=position, v=value: self._searched(p, budget, v)))
            ahead.append(((position, value, budget, k),
                          lambda p=position, v=value: self._position_picture(p, budget, k, v)))
        return ahead

    def _searched(self, position, budget, c) -> bytes:
        """Run (and keep) a search ahead, in a turn of its own; it draws nothing (b"")."""
        self._run(position, budget, c)
        return b""

    def _position_picture(self, position, budget, k, c=None) -> bytes:
        """The picture of another position (or this one at another c) after k of its ``budget`` playouts
        (its search run and kept)."""
        game, state, result = self._run(position, budget, c)
        return png_with_words(self._figure(k, game, state, result, c))

    def _figure(self, k, game=None, state=None, result=None, c=None) -> Figure:
        """The picture after ``k`` playouts (of another position's search, or at another c, given): a
        Figure of its own, fixed margins."""
        game, state, result = (game, state, result) if game is not None else (self.game, self.state, self.result)
        fig = Figure(figsize=FIGSIZE, dpi=DPI)
        axes = fig.subplots(1, 2, gridspec_kw={"width_ratios": [1.5, 1]})
        fig.subplots_adjust(left=0.01, right=0.97, bottom=0.13, top=0.84, wspace=0.15)
        draw_mcts(game, state, result.trace, k, c=self.c if c is None else c, axes=axes, priors=_priors(result))
        return fig

    def _show(self, ahead: str | None = None):
        k = self.iteration
        self.stats = tree_statistics(self.result.trace, k)
        player = self.game.to_move(self.state)
        self.ucb = root_rows(self.stats, player, self.c, _priors(self.result)) if k else {}
        self.best = best_move(self.ucb, list(self.game.actions(self.state)))
        self.stepper.grey()
        board = html.escape(str(self.state))
        self.text_html.value = (f"<pre style='line-height:1.1;margin:0'>{board}</pre>"
                                + compact(html.escape(self.text)))
        if self.draw:
            self.png = self.stepper.picture()
            self.image.value = picture_html(self.png, fit=True)
            self.stepper.draw_ahead(self._others_ahead(ahead), after=PAUSE if ahead == "c" else 0.02)
        # The status line, the live region, last: whoever waits for it finds the picture and words new.
        self.announce(compact(f"<b>{html.escape(self.summary)}</b>"))

    @property
    def c_text(self) -> str:
        """c as the menu says it ('√2 ≈ 1.41', '0.5')."""
        return self.c_box.label.split(" (")[0]

    @property
    def summary(self) -> str:
        """The status line: the position, c, the playouts shown, the tree's size and the best move."""
        k, who = self.iteration, self.game.to_move(self.state)
        head = f"{self.position_menu.value}, c = {self.c_text}: {k:,} of {self.result.iterations:,} {self.unit}"
        if not self.ucb:
            return head + f", no tree yet ({who} to move)"
        return (head + f", {len(self.stats):,} {'node' if len(self.stats) == 1 else 'nodes'}, best move "
                f"{_label(self.best)}")



def _priors(result):
    """The root's priors of a PUCT search (None for plain UCT)."""
    return None if result.root is None else result.root.priors


def _answers(policy_value, game, state) -> bool:
    """Whether ``policy_value`` answers at ``state`` (a tic-tac-toe network cannot read a Connect Four
    board)."""
    try:
        policy_value(state)
    except Exception:                   # any failure: the position is left out of the menu
        return False
    return True


def _check_c(c) -> None:
    number("c", c, least=C_RANGE[0], most=C_RANGE[1], what="an exploration constant, a finite number")


def _check_budget(budget) -> None:
    whole("budget", budget, BUDGET_RANGE[0], BUDGET_RANGE[1], unit="playouts")
