"""The top of tic-tac-toe's game tree drawn with boards at its nodes (AIMA 4th ed. Fig. 5.1; the
Purdue slides, "Tic-tac-toe game tree").

:func:`draw_tictactoe_tree` lays out a few levels: the empty board, some of X's (MAX's) first moves, some
of O's (MIN's) replies below the first of them, and so on, then a row of terminal states with their
utility for MAX, one of each (−1, 0, +1), as in the book.  Every board is a real state reached by the
game's own ``result``; the terminal ones are the first of each utility a depth-first walk below the last
drawn state finds.
"""
from __future__ import annotations

import matplotlib.pyplot as plt

from ..core import MAX
from ..games import TicTacToe
from .alt import describe
from .drawing import COLUMN_WIDTH, board_in_words, draw_board

__all__ = ["draw_tictactoe_tree"]


def _terminals_below(game, state):
    """The first terminal state of each utility (for MAX) met depth first below ``state``."""
    found = {}
    stack = [state]
    while stack and len(found) < 3:
        s = stack.pop()
        if game.is_terminal(s):
            found.setdefault(game.utility(s, MAX), s)
            continue
        stack.extend(game.result(s, a) for a in reversed(game.actions(s)))
    return [found[u] for u in sorted(found)]


def draw_tictactoe_tree(levels: int = 3, shown: int = 3, *, width: float = COLUMN_WIDTH, title=None):
    """Draw the top ``levels`` plies of tic-tac-toe's game tree (``shown`` children of the leftmost node
    of each level; "…" stands for the rest) and a row of terminal states with their utilities.

    Returns the matplotlib Figure (``width`` inches wide, the notebook column by default).
    """
    game = TicTacToe()
    rows = [[(game.initial_state, None, None)]]
    for _ in range(levels):
        parent = rows[-1][0][0]
        moves = game.actions(parent)
        rows.append([(game.result(parent, a), a, 0) for a in moves[:shown]])
    terminals = _terminals_below(game, rows[-1][0][0])
    n_rows = len(rows) + 2                       # + a row of dots + the terminal row
    height = 1.15 * n_rows
    fig = plt.figure(figsize=(width, height))
    size = 0.85 / height                         # board side, as a fraction of the figure height
    side_w = size * height / width               # the same side as a fraction of the width
    label_w = 0.17
    centres = {}
    top = 0.93 if title else 1.0                 # room for the title

    def _y(row):
        return top * (1 - (row + 0.5) / n_rows)

    def place(row, k, count):
        x = label_w + (1 - label_w) * (k + 0.5) / max(count, 1)
        return x, _y(row)

    def board(state, x, y, highlight=None):
        ax = fig.add_axes([x - side_w / 2, y - size / 2, side_w, size])
        draw_board(state, ax=ax, size=0.85, highlight=highlight)
        return ax

    players = ["MAX (X)", "MIN (O)"]
    for r, row in enumerate(rows):
        count = len(row) + (1 if r else 0)
        for k, (state, move, parent) in enumerate(row):
            x, y = place(r, k, count)
            board(state, x, y, highlight=move)
            centres[r, k] = (x, y)
            if r:
                px, py = centres[r - 1, parent]
                fig.add_artist(plt.Line2D([px, x], [py - size / 2, y + size / 2], color="grey", lw=1))
        if r:
            x, y = place(r, len(row), count)
            fig.text(x, y, "…", ha="center", va="center", fontsize=18)
        fig.text(0.01, _y(r), players[r % 2], va="center", fontsize=10, weight="bold")
    dots_row = len(rows)
    fig.text(0.5 + label_w / 2, _y(dots_row), "⋮", ha="center", va="center", fontsize=20)
    fig.text(0.01, _y(dots_row), players[dots_row % 2] + " …", va="center", fontsize=10,
             weight="bold")
    t_row = dots_row + 1
    for k, state in enumerate(terminals):
        x, y = place(t_row, k, len(terminals))
        board(state, x, y)
        fig.text(x + side_w / 2 + 0.01, y, f"utility {game.utility(state, MAX):+d}".replace("+0", "0"), va="center",
                 fontsize=9)
    fig.text(0.01, _y(t_row), "TERMINAL", va="center", fontsize=10, weight="bold")
    if title:
        fig.suptitle(title, fontsize=11, y=0.995)
    words = [f"{title}. " if title else "", "The top of tic-tac-toe's game tree, one board a node. "]
    for r, row in enumerate(rows):
        if r == 0:
            words.append("At the top, MAX (X) to move: the empty board. ")
            continue
        who = players[(r - 1) % 2].split()[0]
        total = len(game.actions(rows[r - 1][0][0]))
        words.append(f"Ply {r}: {len(row)} of {who}'s {total} moves from the leftmost board above "
                     f"(… stands for the rest): " + ", ".join(
                         f"{'X' if who == 'MAX' else 'O'} in row {a[0] + 1} column {a[1] + 1}"
                         for _, a, _ in row) + ". ")
    words.append("⋮ more plies, then a row of terminal states below the last board drawn, one of each "
                 "utility for MAX: " + " ".join(
                     f"utility {game.utility(t, MAX):+d}: ".replace("-", "−") + board_in_words(t) for t in terminals))
    describe(fig, "".join(words).replace("+0", "0"))
    return fig
