"""Backgammon against a 1-ply expectiminimax agent, with the dice and the agent's move values on show.

    from gamelib.viz.backgammon_board import BackgammonBoard, draw_backgammon
    BackgammonBoard()                       # you are X (white); the dice are seeded
    BackgammonBoard(human="O", seed=7)      # you are O (black), the board turned to your side
    draw_backgammon(state, move="8/5 6/5")  # a static picture for a notebook

The agent is EXPECTIMINIMAX cut off after its own move (``depth=1``, AIMA 4th ed. Eq. 5.2): every
whole-turn move for its roll, each resulting position scored by
:func:`gamelib.games.backgammon.evaluation` (pip count, blots, home-board points).  After each of its
moves the widget shows its roll, the move it played and the values of its best moves, read from the
search's trace (:func:`gamelib.trace.returned_move_values`): the widget never searches on its
own.  The dice are thrown by ``random.Random(seed)``, so a seed replays the same game for the same moves.

You choose your move from the list of legal moves (whole turns, in the standard notation of
:mod:`gamelib.games.backgammon`); choosing one shows it on the board (the points it leaves ringed in
orange, the checkers it moves in green), and **play** plays it.  The agent then throws and moves, and your
next roll is thrown at once.  If you cannot move, the list holds the one move ``pass``.

Headless use (tests, or a cell without a browser)::

    b = BackgammonBoard(seed=1)
    b.moves                 # your legal moves for the roll b.state.dice
    b.play(b.moves[0])      # play one; the agent replies; returns the status line
    b.state, b.history, b.over, b.winner, b.points, b.status
    b.last_search           # the agent's last search: .value (for X), .action, .nodes, .trace
    b.agent_values          # {move: value for the agent} of its last search, best first

The picture: :func:`board_shapes` lays the board out once, as a list of shapes in board units;
:func:`board_svg` draws them for the widget and :func:`draw_backgammon` with matplotlib for a static
picture (a GitHub preview shows it), so both show the same board.
"""
from __future__ import annotations

import html
import random
import time

import ipywidgets as widgets
import matplotlib.pyplot as plt
from matplotlib.patches import Circle, Polygon, Rectangle

from ..core import CHANCE, MAX, MIN, ArgumentError
from ..games.backgammon import BAR, OFF, Backgammon, evaluation
from ..minimax import expectiminimax
from ..trace import returned_move_values
from ..validate import choice, python_seed
from .alt import describe, joined
from .drawing import COLUMN_WIDTH
from .palette import OKABE_ITO
from .live import COMPACT, from_browser
from .play import HumanVsAgent

NAMES = {"X": "X (white)", "O": "O (black)"}
SEAT = {"X": MAX, "O": MIN}
CHECKER = {"X": ("#f7f1e3", "#5a4a3a"), "O": ("#2e2a26", "#d9cbb5")}   # (fill, edge)
POINT_COLORS = ("#b5651d", "#e8d2a6")
BOARD, FRAME, TRAY = "#2f6b4f", "#5b3a1e", "#3e7d5f"
POINT_EDGE = POINT_COLORS[1]
"""Every point's edge, in the light points' colour: the dark points are 1.5:1 against the board, their
edge 4.3:1 (WCAG 1.4.11)."""
RING_CASING = "#000000"
LEAVES, LANDS = OKABE_ITO["orange"], OKABE_ITO["sky blue"]
"""Rings of a move shown played: where a moved checker stood (orange, dashed) and on the checker it
moved (sky blue, solid): told apart by the dash as well as by the colour, under every colour blindness."""
WIDTH, HEIGHT = 15.0, 11.4
"""The board in board units: points 1 unit wide, checkers 0.9 across."""
PIXELS = 34
"""Pixels a board unit in the widget: 510 x 388, which leaves room for the move list beside it in an
848-pixel column and for the agent's values below it in an 800-pixel-high screen."""
SHOWN_VALUES = 6


# ---------------------------------------------------------------------------------------------------
# The board as shapes, in board units (x to the right, y down)
# ---------------------------------------------------------------------------------------------------

def _slot(q: int) -> tuple:
    """Where the viewer's point q (1-24 in the viewer's own numbering) is: (left x, top row?).  The
    viewer's home board (1-6) is at the bottom right, as a player sits."""
    if q <= 6:
        return 13.3 - q, False
    if q <= 12:
        return 6.3 - (q - 6), False
    if q <= 18:
        return 0.3 + (q - 13), True
    return 7.3 + (q - 19), True


def _mover_places(before, after, mover) -> tuple:
    """(places the mover's checkers left, places they reached), in X's numbering (0/25: off/bar as
    BAR and OFF of the mover), from the counts before and after a move."""
    b, a = before.counts(mover), after.counts(mover)
    left = [p for p in range(1, 26) if a[p] < b[p]]
    reached = [p for p in range(0, 25) if a[p] > b[p]]
    if mover == MIN:
        left = [25 - p if 1 <= p <= 24 else p for p in left]
        reached = [25 - p if 1 <= p <= 24 else p for p in reached]
    return left, reached


def board_shapes(state, *, perspective: str = "X", move: str | None = None) -> list:
    """The position as a list of shapes in board units, ``WIDTH`` x ``HEIGHT``, y pointing down:
    ``('rect', x, y, w, h, fill, edge)``, ``('poly', [(x, y), ...], fill, edge)``, ``('circle', x, y,
    r, fill, edge, linewidth)``, ``('text', x, y, text, size, colour, bold)``.  ``perspective`` 'X' or
    'O': whose home board is at the bottom right (and whose numbering the points show).  ``move``: a
    legal move of the player on roll, shown played: the checkers as they stand after it, an orange ring
    where each moved checker stood, a green ring on each checker it moved (the roll stays on show)."""
    choice("perspective", perspective, ("X", "O"))
    shown, leaves, lands = state, (), ()
    if move is not None:
        shown = Backgammon().result(state, move)
        leaves, lands = _mover_places(state, shown, state.turn)
    viewer = SEAT[perspective]
    mover = None if state.turn is None else "X" if state.turn == MAX else "O"
    shapes = [("rect", 0, 0, WIDTH, HEIGHT, FRAME, FRAME),
              ("rect", 0.3, 0.6, 6.0, 10.2, BOARD, BOARD), ("rect", 7.3, 0.6, 6.0, 10.2, BOARD, BOARD),
              ("rect", 13.55, 0.6, 1.2, 4.9, TRAY, TRAY), ("rect", 13.55, 5.9, 1.2, 4.9, TRAY, TRAY)]
    board = shown.board()                                   # X's numbering, X positive
    for p in range(1, 25):
        q = p if viewer == MAX else 25 - p                  # the viewer's number of X's point p
        x, top = _slot(q)
        base, tip = (0.6, 4.9) if top else (10.8, 6.5)
        colour = POINT_COLORS[q % 2]
        shapes.append(("poly", [(x, base), (x + 1, base), (x + 0.5, tip)], colour, POINT_EDGE))
        shapes.append(("text", x + 0.5, 0.35 if top else 11.1, str(q), 0.32, "#f0e6d0", False))
        n = abs(board[p - 1])
        fill, edge = CHECKER["X" if board[p - 1] > 0 else "O"]

        def at(k):
            return x + 0.5, (base + 0.45 + 0.9 * k if top else base - 0.45 - 0.9 * k)
        for k in range(min(n, 5)):
            last = k == min(n, 5) - 1
            shapes.append(("circle", *at(k), 0.43, fill, edge, 1))
            if last and p in lands:
                shapes += _ring(*at(k), LANDS)
            if last and n > 5:
                shapes.append(("text", *at(k), str(n), 0.36, edge, True))
        if p in leaves:                                     # where a moved checker stood
            shapes += _ring(*at(min(n, 4)), LEAVES)
    shapes += _bar_and_tray(shown, viewer, mover, leaves, lands)
    shapes += _dice(state, viewer)
    return shapes


def _ring(x, y, colour) -> list:
    """A ring of a move shown played, ``colour`` (:data:`LEAVES` or :data:`LANDS`) over a black casing
    (orange and sky blue are 2.8:1 and 2.7:1 against the green board, black 3.3:1, and 9.6:1 and 8.9:1
    against the colours: WCAG 1.4.11's 3:1 either side)."""
    return [("circle", x, y, 0.43, "none", RING_CASING, 5), ("circle", x, y, 0.43, "none", colour, 3)]


def _bar_and_tray(shown, viewer, mover, leaves, lands) -> list:
    """:func:`board_shapes`' bar (checkers waiting to enter) and trays (checkers borne off), the
    viewer's own at the bottom, rings where the ``mover``'s checkers left the bar or came off."""
    shapes = []
    xbar, obar = shown.bar
    xoff, ooff = shown.off
    mine_bottom = viewer == MAX          # the viewer's own bar checkers and tray at the bottom
    for mark, count_, bottom in (("X", xbar, mine_bottom), ("O", obar, not mine_bottom)):
        fill, edge = CHECKER[mark]
        for k in range(min(count_, 3)):
            y = 6.4 + 0.9 * k if bottom else 5.0 - 0.9 * k
            shapes.append(("circle", 6.8, y, 0.43, fill, edge, 1))
            if k == min(count_, 3) - 1 and count_ > 3:
                shapes.append(("text", 6.8, y, str(count_), 0.36, edge, True))
        if mark == mover and BAR in leaves:
            k = min(count_, 2)
            shapes += _ring(6.8, 6.4 + 0.9 * k if bottom else 5.0 - 0.9 * k, LEAVES)
    for mark, count_, bottom in (("X", xoff, mine_bottom), ("O", ooff, not mine_bottom)):
        fill, edge = CHECKER[mark]
        y0 = 10.8 if bottom else 0.6
        for k in range(count_):
            y = y0 - 0.3 * (k + 1) if bottom else y0 + 0.3 * k
            shapes.append(("rect", 13.65, y, 1.0, 0.26, fill, edge))
        if count_:
            shapes.append(("text", 14.15, (y0 - 0.3 * count_ - 0.3) if bottom else (y0 + 0.3 * count_ + 0.3),
                           str(count_), 0.32, "#f0e6d0", True))
        if mark == mover and OFF in lands:           # the ring round the tray, cased as _ring's are
            box = (13.6, (y0 - 0.3 * count_ - 0.05) if bottom else (y0 - 0.05), 1.1, 0.3 * count_ + 0.1, "none")
            shapes += [("rect", *box, RING_CASING, 4), ("rect", *box, LANDS, 2)]
    return shapes


def _dice(state, viewer) -> list:
    """:func:`board_shapes`' dice: the roll, on the mover's side of the board (none before a roll)."""
    shapes = []
    if state.dice is not None:                                  # the roll, on the mover's side of the board
        cx = 10.3 if state.turn == viewer else 3.3
        for i, d in enumerate(state.dice):
            x = cx - 0.85 + 0.95 * i
            shapes.append(("rect", x, 5.3, 0.8, 0.8, "#fbfbf7", "#222222"))
            shapes.append(("text", x + 0.4, 5.72, str(d), 0.5, "#222222", True))
    return shapes


def fitted(svg: str) -> str:
    """``svg`` drawn to shrink with a narrow column (at most its own size), never cut (at 760 px of
    notebook the board was once cut at point 21)."""
    return svg.replace("<svg ", "<svg style='max-width:100%;height:auto' ", 1)


def board_svg(state, *, perspective: str = "X", move: str | None = None, pixels: float = PIXELS) -> str:
    """The board as an SVG picture (``pixels`` a board unit), for the widget."""
    s = pixels
    short, long = backgammon_in_words(state, perspective=perspective, move=move)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH * s:.0f}" height="{HEIGHT * s:.0f}" '
           f'viewBox="0 0 {WIDTH * s:.0f} {HEIGHT * s:.0f}" font-family="sans-serif" role="img">'
           f'<title>{html.escape(short)}</title><desc>{html.escape(long)}</desc>']
    for shape in board_shapes(state, perspective=perspective, move=move):
        kind = shape[0]
        if kind == "rect":
            _, x, y, w, h, fill, edge, *width = shape
            out.append(f'<rect x="{x * s:.1f}" y="{y * s:.1f}" width="{w * s:.1f}" height="{h * s:.1f}" '
                       f'fill="{fill}" stroke="{edge}"' + (f' stroke-width="{width[0]}"' if width else "") + '/>')
        elif kind == "poly":
            _, points, fill, edge = shape
            pts = " ".join(f"{x * s:.1f},{y * s:.1f}" for x, y in points)
            out.append(f'<polygon points="{pts}" fill="{fill}" stroke="{edge}"/>')
        elif kind == "circle":
            _, x, y, r, fill, edge, width = shape
            dash = ' stroke-dasharray="4 3"' if edge == LEAVES else ""
            out.append(f'<circle cx="{x * s:.1f}" cy="{y * s:.1f}" r="{r * s:.1f}" fill="{fill}" '
                       f'stroke="{edge}" stroke-width="{width}"{dash}/>')
        else:
            _, x, y, text, size, colour, bold = shape
            out.append(f'<text x="{x * s:.1f}" y="{y * s:.1f}" font-size="{size * s:.1f}" fill="{colour}" '
                       f'text-anchor="middle" dominant-baseline="central"'
                       f'{" font-weight=" + chr(34) + "bold" + chr(34) if bold else ""}>{html.escape(text)}</text>')
    out.append("</svg>")
    return "".join(out)


def draw_backgammon(state, ax=None, *, perspective: str = "X", move: str | None = None, title: str | None = None,
                    width: float = 6.0):
    """Draw a backgammon position with matplotlib (the same board as the widget's): X's checkers white,
    O's black, the viewer's home board at the bottom right, the bar in the middle, borne-off checkers in
    the trays on the right, the roll on the mover's side.  ``move``: a legal move of the player on roll,
    shown played (orange rings where the moved checkers stood, green rings on them).  ``ax``: a matplotlib Axes (else a
    new figure ``width`` inches wide, at most a notebook column).  Returns the Axes.

    >>> from gamelib.games import Backgammon
    >>> ax = draw_backgammon(Backgammon().initial_state)
    """
    width = min(width, COLUMN_WIDTH)
    if ax is None:
        _, ax = plt.subplots(figsize=(width, width * HEIGHT / WIDTH))
    scale = width / WIDTH * 72                         # points a board unit, for text sizes
    for shape in board_shapes(state, perspective=perspective, move=move):
        kind = shape[0]
        if kind == "rect":
            _, x, y, w, h, fill, edge, *width = shape
            ax.add_patch(Rectangle((x, y), w, h, facecolor=fill, edgecolor=edge, linewidth=0.8 * (width or [1])[0]))
        elif kind == "poly":
            _, points, fill, edge = shape
            ax.add_patch(Polygon(points, closed=True, facecolor=fill, edgecolor=edge, linewidth=0.5))
        elif kind == "circle":
            _, x, y, r, fill, edge, lw = shape
            ax.add_patch(Circle((x, y), r, facecolor=fill, edgecolor=edge, linewidth=lw * 0.8, zorder=3,
                                linestyle="--" if edge == LEAVES else "-"))
        else:
            _, x, y, text, size, colour, bold = shape
            ax.text(x, y, text, ha="center", va="center", fontsize=max(7, size * scale * 0.8), color=colour,
                    fontweight="bold" if bold else "normal", zorder=4)
    ax.set_xlim(0, WIDTH)
    ax.set_ylim(HEIGHT, 0)
    ax.set_aspect("equal")
    ax.set_axis_off()
    if title:
        ax.set_title(title, fontsize=9)
    describe(ax, " ".join(backgammon_in_words(state, perspective=perspective, move=move)))
    return ax


def backgammon_in_words(state, *, perspective: str = "X", move: str | None = None) -> tuple:
    """``(short, long)``: a backgammon position in words, as :func:`board_shapes` draws it: who is on
    roll with which dice, and (long) every point's checkers in the viewer's numbering, the bar, the
    checkers borne off, the pip counts, and the move shown played with its rings."""
    choice("perspective", perspective, ("X", "O"))
    shown = state if move is None else Backgammon().result(state, move)
    viewer = SEAT[perspective]
    mover = None if state.turn is None else "X" if state.turn == MAX else "O"
    short = f"Backgammon board seen by {NAMES[perspective]}, its home board at the bottom right"
    if mover is not None and state.dice is not None:
        short += f"; {NAMES[mover]} to play {state.dice[0]}-{state.dice[1]}"
    if move is not None:
        short += f", the move {move} shown played"
    board = shown.board()
    points = {"X": [], "O": []}
    for q in range(1, 25):                                  # the viewer's numbering, as the points show it
        p = q if viewer == MAX else 25 - q
        n = board[p - 1]
        if n:
            points["X" if n > 0 else "O"].append(f"{abs(n)} on {q}")
    parts = []
    for mark, i in (("X", 0), ("O", 1)):
        where = ", ".join(points[mark]) or "none on the points"
        extra = []
        if shown.bar[i]:
            extra.append(f"{shown.bar[i]} on the bar")
        if shown.off[i]:
            extra.append(f"{shown.off[i]} borne off")
        parts.append(f"{NAMES[mark]}: {where}" + (f"; {joined(extra)}" if extra else "")
                     + f"; pip count {shown.pips[i]}")
    long = "Points numbered as the viewer counts them. " + ". ".join(parts) + "."
    if move is not None:
        leaves, lands = _mover_places(state, shown, state.turn)

        def name(p):
            return "the bar" if p == BAR else "off" if p == OFF else f"point {p if viewer == MAX else 25 - p}"
        long += (f" Dashed orange rings mark where the moved checkers stood ({joined(name(p) for p in leaves)}), "
                 f"solid blue rings the checkers where they arrived ({joined(name(p) for p in lands)}).")
    return short + ".", long

# ---------------------------------------------------------------------------------------------------

class BackgammonBoard(HumanVsAgent, widgets.VBox):
    """Play backgammon against 1-ply expectiminimax (an ipywidgets VBox: display it).

    ``BackgammonBoard(human='X', *, seed=0, gammons=True, evaluate=None)``

    human     'X' (white, MAX) or 'O' (black, MIN); the opening throw decides who starts.
    seed      the dice: ``random.Random(seed)``, game after game.
    gammons   score gammons 2 and backgammons 3 (False: every win 1).
    evaluate  the agent's evaluation (default :func:`gamelib.games.backgammon.evaluation`).

    Attributes: ``game``, ``state``, ``human``/``agent`` ('X'/'O'), ``moves`` (your legal moves now),
    ``history`` ([(mark, roll, move), ...]), ``status``, ``over``, ``winner``, ``points`` (what the
    winner won), ``last_search`` (the agent's last traced search), ``agent_values`` ({move: value for
    the agent}, best first), ``search_seconds``.  Methods: ``play(move)``, ``preview(move)``,
    ``new_game(human=None)``.
    """

    def __init__(self, human: str = "X", *, seed=0, gammons: bool = True, evaluate=None):
        choice("human", human, ("X", "O"))
        self._init_live()
        self.game = Backgammon(gammons=gammons)
        self.evaluate = evaluation() if evaluate is None else evaluate
        self.rng = random.Random(python_seed("seed", seed))
        self.human, self.status = human, ""
        self.last_search, self.agent_values, self.search_seconds = None, {}, 0.0
        self.previewed = None

        def play_button(_k):
            return widgets.Button(description="play", icon="check", button_style="primary",
                                  tooltip="play the move chosen in the list",
                                  layout=widgets.Layout(width="110px"))
        self._init_buttons(play_button, 1, widgets.HBox())
        self.human_toggle = widgets.ToggleButtons(options=[("you are X (white)", "X"), ("you are O (black)", "O")],
                                                  value=human, style={"button_width": "150px"})
        self.new_button = widgets.Button(description="new game", icon="refresh")
        # The board shrinks to the column (never cut), the moves and "play" wrap below it where there is
        # no room beside it (760 px of notebook: issue 30).
        self.board = widgets.HTML(layout=widgets.Layout(flex="0 1 auto", min_width="0", max_width="100%"))
        self.move_list = widgets.Select(options=[], rows=10, layout=widgets.Layout(width="230px"),
                                        description="", tooltip="your moves: choose one to see it on the board")
        self.roll_html = widgets.HTML()
        self.status_html = self.status_line      # the live region
        self.agent_html = widgets.HTML(layout=widgets.Layout(width="430px", max_width="100%"))
        self.log_html = widgets.HTML()
        side = widgets.VBox([self.roll_html, widgets.HTML("<b>Your moves</b> (choose one to see it):"),
                             self.move_list, self.button_box],
                            layout=widgets.Layout(width="240px", margin="0 0 0 8px"))
        super().__init__([self.message_html,
                          widgets.HBox([self.human_toggle, self.new_button]),
                          self.status_html,
                          widgets.HBox([self.board, side], layout=widgets.Layout(flex_flow="row wrap")),
                          widgets.HBox([self.agent_html, self.log_html], layout=widgets.Layout(flex_flow="row wrap"))])
        self.human_toggle.observe(self._on_human, "value")
        self.new_button.on_click(self._on_new)
        self.move_list.observe(self._on_choose, "value")
        self.new_game(human)

    # -- the game ----------------------------------------------------------------------------------
    @property
    def to_move(self) -> str:
        """'X' or 'O': who plays (or throws) next."""
        player = self.game.to_move(self.state)
        if player == CHANCE:
            player = self.state.turn or MAX
        return "X" if player == MAX else "O"

    @property
    def points(self) -> int:
        """What the winner won (1, 2 or 3), 0 while the game goes on."""
        return abs(self.game.utility(self.state, MAX)) if self.over else 0

    @property
    def moves(self) -> tuple:
        """Your legal moves now (empty when it is not your turn to move)."""
        if self.over or self.game.to_move(self.state) != SEAT[self.human]:
            return ()
        return self.game.actions(self.state)

    def new_game(self, human: str | None = None) -> str:
        """Start again (as ``human``, if given): the opening throw, the agent's move if it starts, your
        roll.  Returns the status line."""
        if human is not None:
            choice("human", human, ("X", "O"))
            self.human = human
            if self.human_toggle.value != human:
                self.human_toggle.value = human     # its observer calls new_game again: harmless
                return self.status
        self.state = self.game.initial_state
        self._reset()
        self._throw()
        self._advance()
        self.status = self._describe()
        self._refresh()
        return self.status

    def _reset(self):
        super()._reset()
        self.last_search, self.agent_values, self.search_seconds, self.previewed = None, {}, 0.0, None

    def _throw(self):
        """CHANCE throws the dice (the opening throw too), from the widget's seeded generator."""
        outcomes, probs = zip(*self.game.chance_outcomes(self.state))
        self.state = self.game.result(self.state, self.rng.choices(outcomes, probs)[0])

    def _advance(self):
        """Play on until it is the human's move or the game is over: the agent's turns and the throws."""
        while not self.over:
            player = self.game.to_move(self.state)
            if player == CHANCE:
                self._throw()
            elif player == SEAT[self.human]:
                return
            else:
                self.agent_move()

    def agent_move(self):
        """The agent searches one ply with its evaluation and plays its move (it must be its turn)."""
        if self.over or self.game.to_move(self.state) != SEAT[self.agent]:
            raise ArgumentError("it is not the agent's turn to move")
        t0 = time.perf_counter()
        r = expectiminimax(self.game, self.state, depth=1, evaluate=self.evaluate, trace=True)
        self.search_seconds = time.perf_counter() - t0
        sign = 1 if self.agent == "X" else -1
        values = returned_move_values(r)
        self.agent_values = dict(sorted(((a, sign * v) for a, v in values.items()), key=lambda av: -av[1]))
        self.last_search = r
        self.history.append((self.agent, self.state.dice, r.action))
        self.state = self.game.result(self.state, r.action)

    def play(self, move: str) -> str:
        """Play your ``move`` (one of :attr:`moves`); the agent throws and replies, then your next roll
        is thrown.  A move that is not legal changes nothing and says why.  Returns the status line."""
        if self.over:
            self.status = "The game is over: press “new game” to play again."
        elif move not in self.moves:
            shown = ", ".join(self.moves[:8]) + (", ..." if len(self.moves) > 8 else "")
            self.status = f"{move!r} is not one of your moves for {self._roll_text()}: {shown}."
        else:
            self.history.append((self.human, self.state.dice, move))
            self.state = self.game.result(self.state, move)
            self.previewed = None
            self._advance()
            self.status = self._describe()
        self._refresh()
        return self.status

    def preview(self, move: str | None) -> None:
        """Show ``move`` (one of :attr:`moves`, or None) on the board without playing it."""
        if move is not None and move not in self.moves:
            raise ArgumentError(f"{move!r} is not one of your moves now")
        self.previewed = move
        self.board.value = self._board_value()

    # -- the browser side --------------------------------------------------------------------------
    def _play_button(self, _k):
        move = self.move_list.value
        if move is None:
            self.status = "Choose a move in the list first."
            self._refresh()
            return
        self.play(move)

    @from_browser
    def _on_choose(self, change):
        """A move chosen in the list: shown on the board, and said (read out once), not yet played."""
        self.preview(change["new"])
        if change["new"] is not None:
            self.announce(f"Shown on the board, not played yet: {html.escape(change['new'])} (orange rings where "
                          f"checkers leave, blue where they land). <b>{html.escape(self.status)}</b>")

    # -- words and pictures -----------------------------------------------------------------------------
    def _roll_text(self) -> str:
        d = self.state.dice
        return "no roll" if d is None else f"{d[0]}-{d[1]}"

    def _describe(self) -> str:
        last = ""
        if self.history and self.history[-1][0] == self.agent:
            _, roll, move = self.history[-1]
            last = f"The agent rolled {roll[0]}-{roll[1]} and played {move}. "
        if self.over:
            won = {1: "a single game", 2: "a gammon", 3: "a backgammon"}[self.points]
            who = "You win" if self.winner == self.human else "The agent wins"
            return last + f"{who} {won} ({self.points} point{'s' if self.points > 1 else ''})."
        if len(self.moves) == 1 and self.moves[0] == "pass":
            return last + f"You rolled {self._roll_text()}: no legal move; press play to pass."
        return last + f"You rolled {self._roll_text()}: choose your move."

    def _board_value(self) -> str:
        return fitted(board_svg(self.state, perspective=self.human, move=self.previewed))

    def _refresh(self):
        self.board.value = self._board_value()
        moves = self.moves
        with self.quietly():
            self.move_list.options = list(moves)
            self.move_list.value = self.previewed if self.previewed in moves else None
        for b in self.board_buttons:
            b.description = "play" if moves else "game over"   # never the icon alone (issue 31: a bare ✓)
        xpips, opips = self.state.pips
        roll = ("game over" if self.over else
                f"roll <b style='font-size:16px'>{self._roll_text()}</b>" if self.state.dice else "not rolled yet")
        self.roll_html.value = (f"<div style='{COMPACT}'><b>{NAMES[self.human]}</b>, {roll}<br>"
                                f"<small>pips: X {xpips}, O {opips}</small></div>")
        if self.last_search is not None:
            rows = "".join(f"<tr><td><code>{html.escape(a)}</code></td><td style='text-align:right'>{v:+.3f}</td></tr>"
                           for a, v in list(self.agent_values.items())[:SHOWN_VALUES])
            more = len(self.agent_values) - SHOWN_VALUES
            self.agent_html.value = (
                f"<div style='{COMPACT}'><b>The agent</b> ({NAMES[self.agent]}): 1-ply expectiminimax, "
                f"{len(self.agent_values)} move{'' if len(self.agent_values) == 1 else 's'} valued by the "
                f"evaluation ({self.last_search.nodes} nodes, "
                f"{self.search_seconds * 1e3:.0f} ms).<br>Its best moves and their values for it:"
                f"<table style='font-size:12px;line-height:1.2;border-spacing:6px 0'>{rows}</table>"
                + (f"<small>... and {more} more</small>" if more > 0 else "") + "</div>")
        else:
            self.agent_html.value = f"<div style='{COMPACT}'><b>The agent</b> has not moved yet.</div>"
        lines = [f"<li>{'you' if mark == self.human else 'agent'} ({mark}) {r[0]}-{r[1]}: "
                 f"<code>{html.escape(m)}</code></li>" for mark, r, m in self.history[-8:]]
        self.log_html.value = (f"<div style='{COMPACT}'><b>The game so far</b> (last turns):<ol style='margin:0'>"
                               + "".join(lines) + "</ol></div>" if lines else "")
        self.announce(f"<b>{html.escape(self.status)}</b>")      # last: the live region
