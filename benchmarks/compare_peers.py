"""Benchmark: the same work on gamelib, its peers and hand-written Python, side by side (issue 12).

Run:  python benchmarks/compare_peers.py [--rounds N] [--only ROW ...] [--pig-target T] [--c4-depths D ...]
      /work/peers-venv/bin/python benchmarks/compare_peers.py      # with OpenSpiel and easyAI installed

Every row is one piece of work (the full tic-tac-toe tree, an alpha-beta search, a Pig solve, one
explorer step, ...) done by gamelib, by each peer that is installed, and by a hand-written Python
reference.  The runs of a row are interleaved (each round runs every entry once, in turn) and the
figures are medians of CPU time over the rounds, so all entries see the same machine load; the
ratios to the reference (``x ref``) are what this script is for, not the absolute times.  Results are
checked (values, node counts where the entries count nodes).

Peers, all optional, never runtime dependencies of gamelib:

* aima-python (aimacode/aima-python): its ``aima/games.py`` and ``aima/utils.py`` are read from a
  checkout or a bare git mirror (``--aima PATH`` or $AIMA_PYTHON; default: the mirror at
  /work/.mirror/aimacode+aima-python/repo), written to a temporary directory and imported from there
  for this run only.
* OpenSpiel (``pip install open_spiel``): its C++ tic-tac-toe searched from Python, by a minimal
  minimax on apply_action/undo_action (its fastest Python search) and by its own
  ``open_spiel.python.algorithms.minimax.alpha_beta_search``.
* easyAI (``pip install easyAI``): its TicTacToe, searched by a minimal minimax on make/unmake_move
  and by its own Negamax (alpha-beta), with and without its TranspositionTable.

A peer that is not installed prints a "not installed" row.  The script puts this checkout first on
``sys.path``, so any Python with numpy (and matplotlib for the explorer row) runs it.  Goals (issue 12)
are printed beside the rows they concern.  A benchmark, not a timed test.
"""
from __future__ import annotations

import argparse
import gc
import importlib
import math
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from contextlib import contextmanager

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "benchmarks"))

from bench_minimax import bitboard_alphabeta, bitboard_minimax  # noqa: E402

from gamelib import MAX, MIN, alphabeta, expectiminimax, minimax  # noqa: E402
from gamelib.games import TicTacToe  # noqa: E402

AIMA_MIRROR = "/work/.mirror/aimacode+aima-python/repo"
NOT_INSTALLED = "not installed"


# --- measuring --------------------------------------------------------------------------------------

def interleaved(runs: dict, rounds: int, repeat: int = 1) -> tuple[dict, dict]:
    """Run each function of ``runs`` (name -> thunk) ``repeat`` times per round, in turn; return
    ({name: median over the rounds of the CPU seconds a run takes}, {name: last result}).  Work of a
    few milliseconds needs ``repeat`` > 1: one run is too short for a stable time.

    Each function runs once untimed first.  A first run pays for what later ones reuse (the memory
    its objects take is asked of the system, caches are filled): without that warm-up, CI's single
    round put gamelib.minimax at 2.6-3.0x the bitboard reference, run after run, against 2.17x for
    the median of five rounds on the same quiet machine."""
    times = {name: [] for name in runs}
    out = {}
    for name, fn in runs.items():
        fn()
    for _ in range(rounds):
        for name, fn in runs.items():
            out.pop(name, None)                    # free the last result (a trace) outside the clock
            gc.collect()
            t0 = time.process_time()
            for _ in range(repeat):
                out[name] = fn()
            times[name].append((time.process_time() - t0) / repeat)
    return {name: statistics.median(ts) for name, ts in times.items()}, out


def peak_memory(fn) -> int:
    """Peak bytes Python and numpy allocate while ``fn()`` runs (tracemalloc; numpy reports to it)."""
    gc.collect()
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


class Table:
    """The printed table: rows of (work, entry, seconds, ratio to the row's reference, note)."""

    def __init__(self):
        self.rows = []

    def add(self, work, entry, seconds=None, ref=None, note=""):
        self.rows.append((work, entry, seconds, None if seconds is None or not ref else seconds / ref, note))

    def print(self):
        print(f"\n{'work':44s} {'entry':46s} {'time':>10s} {'x ref':>7s}  note")
        last = None
        for work, entry, seconds, ratio, note in self.rows:
            shown = work if work != last else ""
            last = work
            t = NOT_INSTALLED if seconds is None else _fmt(seconds)
            r = "" if ratio is None else f"{ratio:6.2f}x"
            print(f"{shown:44s} {entry:46s} {t:>10s} {r:>7s}  {note}")


def _fmt(seconds):
    return f"{seconds:.3f} s" if seconds >= 0.1 else f"{seconds * 1e3:.1f} ms"


# --- peers, when installed ---------------------------------------------------------------------------

def load_aima(path: str | None):
    """aima-python's games module, read from ``path`` (a checkout or a bare git mirror) into a temporary
    directory and imported from there; None if there is none."""
    path = path or os.environ.get("AIMA_PYTHON") or AIMA_MIRROR
    p = pathlib.Path(path)
    sources = {}
    for name in ("aima/games.py", "aima/utils.py"):
        if (p / name).is_file():
            sources[name] = (p / name).read_text()
        elif p.is_dir():
            try:
                sources[name] = subprocess.run(["git", "--git-dir", str(p), "show", f"HEAD:{name}"],
                                               check=True, capture_output=True, text=True).stdout
            except (OSError, subprocess.CalledProcessError):
                return None
        else:
            return None
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="aima-vendored-"))
    (tmp / "aima").mkdir()
    (tmp / "aima" / "__init__.py").write_text("")
    for name, text in sources.items():
        (tmp / name).write_text(text)
    sys.path.insert(0, str(tmp))
    try:
        return importlib.import_module("aima.games")
    except Exception as exc:  # noqa: BLE001 - a peer that does not import is a peer not installed
        print(f"aima-python did not import: {exc!r}")
        return None
    finally:
        sys.path.remove(str(tmp))


def load(name):
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def spiel_minimax(state):
    """(value for player 0, nodes): minimax on an OpenSpiel state by apply_action/undo_action."""
    if state.is_terminal():
        return state.returns()[0], 1
    nodes = 1
    maximizing = state.current_player() == 0
    best = -2.0 if maximizing else 2.0
    for a in state.legal_actions():
        state.apply_action(a)
        v, n = spiel_minimax(state)
        state.undo_action(0 if maximizing else 1, a)
        nodes += n
        if (v > best) if maximizing else (v < best):
            best = v
    return best, nodes


def easyai_minimax(game):
    """(value for the player to move at the root, nodes): minimax over easyAI's game object with its
    make_move/unmake_move, as easyAI's own Negamax walks it (scores for the player to move)."""
    nodes = 1
    if game.is_over():
        return (-1 if game.lose() else 0), 1
    best = -2
    for m in game.possible_moves():
        game.make_move(m)
        game.switch_player()
        v, n = easyai_minimax(game)
        game.switch_player()
        game.unmake_move(m)
        nodes += n
        if -v > best:
            best = -v
    return best, nodes


# --- hand-written references not in bench_minimax ---------------------------------------------------

def bitboard_alphabeta_table(x=0, o=0, x_to_move=True, alpha=-2, beta=2, table=None):  # noqa: C901 - a hand-written reference, in one piece as a peer would write it
    """(value for X, nodes): alpha-beta on bitboards with a transposition table that stores bounds
    (exact, lower, upper) per position, natural move order."""
    from bench_minimax import BITS, HAS_LINE
    if table is None:
        table = {}
    if HAS_LINE[x]:
        return 1, 1
    if HAS_LINE[o]:
        return -1, 1
    taken = x | o
    if taken == 511:
        return 0, 1
    key = x | o << 9
    hit = table.get(key)
    if hit is not None:
        lo, hi = hit
        if lo >= beta or lo == hi:
            return lo, 1
        if hi <= alpha:
            return hi, 1
        alpha, beta = max(alpha, lo), min(beta, hi)
    a0, b0 = alpha, beta
    nodes = 1
    if x_to_move:
        v = -2
        for b in BITS:
            if not taken & b:
                v2, n = bitboard_alphabeta_table(x | b, o, False, alpha, beta, table)
                nodes += n
                if v2 > v:
                    v = v2
                    alpha = max(alpha, v)
                if v >= beta:
                    break
    else:
        v = 2
        for b in BITS:
            if not taken & b:
                v2, n = bitboard_alphabeta_table(x, o | b, True, alpha, beta, table)
                nodes += n
                if v2 < v:
                    v = v2
                    beta = min(beta, v)
                if v <= alpha:
                    break
    table[key] = (v if v > a0 else -2, v if v < b0 else 2)   # exact, or a bound, as the window says
    return v, nodes


def plain_alphabeta(game, state, depth, evaluate, order):
    """(value, nodes): the smallest depth-limited alpha-beta on a gamelib game's own objects, moves
    ordered by ``order(state, actions)``: what a search loop costs without a trace, checks or options."""
    nodes = 0
    is_terminal, utility, to_move, actions, result = (game.is_terminal, game.utility, game.to_move,
                                                      game.actions, game.result)

    def value(s, d, alpha, beta):
        nonlocal nodes
        nodes += 1
        if is_terminal(s):
            return utility(s, MAX)
        if d == 0:
            return evaluate(s)
        if to_move(s) == MAX:
            v = -float("inf")
            for a in order(s, actions(s)):
                v = max(v, value(result(s, a), d - 1, alpha, beta))
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            return v
        v = float("inf")
        for a in order(s, actions(s)):
            v = min(v, value(result(s, a), d - 1, alpha, beta))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v
    return value(state, depth, -float("inf"), float("inf")), nodes


def plain_alphabeta_table(game, state, depth, evaluate, order):  # noqa: C901 - a hand-written reference, in one piece as a peer would write it
    """(value, nodes): :func:`plain_alphabeta` with a transposition table inlined: a dict
    {state: (depth, lower, upper, best move)} probed below the root, the stored move tried first,
    the value stored as exact or a bound as the window says.  The same tree as gamelib's
    ``search(..., table=True, order=order)``, node for node, with no helper calls, no principal
    variation, no trace and no counts: the floor for a table search in pure Python."""
    nodes = 0
    is_terminal, utility, to_move, actions, result = (game.is_terminal, game.utility, game.to_move,
                                                      game.actions, game.result)
    table = {}
    inf = float("inf")

    def value(s, d, alpha, beta, root):  # noqa: C901 - a hand-written reference, in one piece as a peer would write it
        nonlocal nodes
        nodes += 1
        if is_terminal(s):
            return utility(s, MAX)
        if d == 0:
            return evaluate(s)
        acts = order(s, actions(s))
        alpha0, beta0, best = alpha, beta, None      # a value is classified against the window given
        hit = table.get(s)
        if hit is not None:
            hit_depth, lower, upper, first = hit
            if hit_depth >= d and not root:
                if lower == upper or lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                alpha, beta = max(alpha, lower), min(beta, upper)
            if first is not None and first != acts[0]:
                acts = [first] + [a for a in acts if a != first]
        if to_move(s) == MAX:
            v = -inf
            for a in acts:
                v2 = value(result(s, a), d - 1, alpha, beta, False)
                if v2 > v:
                    v, best = v2, a
                    alpha = max(alpha, v)
                if v >= beta:
                    break
        else:
            v = inf
            for a in acts:
                v2 = value(result(s, a), d - 1, alpha, beta, False)
                if v2 < v:
                    v, best = v2, a
                    beta = min(beta, v)
                if v <= alpha:
                    break
        if hit is not None and (v <= alpha0 if to_move(s) == MAX else v >= beta0):
            best = hit[3]                      # failed low: no best move, so the stored one stays
        table[s] = (d, v if v > alpha0 else -inf, v if v < beta0 else inf, best)
        return v
    return value(state, depth, -inf, inf, True), nodes


def tree_expectiminimax(tree):
    """(value, nodes): expectiminimax on a GameTree's dictionaries, no checks."""
    children, players, leaves, probs = tree.children, tree.players, tree.leaf_values, tree.probabilities
    nodes = 0

    def value(s):
        nonlocal nodes
        nodes += 1
        kids = children[s]
        if not kids:
            return leaves[s]
        p = players[s]
        if p == MAX:
            return max(value(c) for _, c in kids)
        if p == MIN:
            return min(value(c) for _, c in kids)
        return sum(q * value(c) for q, (_, c) in zip(probs[s], kids))
    return value(tree.initial_state), nodes


def tree_star1(tree, lower, upper):
    """(value, nodes): Ballard's Star1 on a GameTree's dictionaries, no checks, no trace: alpha-beta
    at MAX and MIN nodes, and at a chance node the windows A_i = (α - S - U·R_i) / P_i and
    B_i = (β - S - L·R_i) / P_i with S = sum_{j<i} P_j V_j and R_i = sum_{j>i} P_j kept as running
    sums (O(n) per chance node).  The floor for any Star1 in pure Python on these trees."""
    children, players, leaves, probs = tree.children, tree.players, tree.leaf_values, tree.probabilities
    L, U = lower, upper
    nodes = 0

    def value(s, alpha, beta):
        nonlocal nodes
        nodes += 1
        kids = children[s]
        if not kids:
            return leaves[s]
        p = players[s]
        if p == MAX:
            v = -float("inf")
            for _, c in kids:
                v = max(v, value(c, alpha, beta))
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            return v
        if p == MIN:
            v = float("inf")
            for _, c in kids:
                v = min(v, value(c, alpha, beta))
                if v <= alpha:
                    return v
                beta = min(beta, v)
            return v
        S, rest = 0.0, 1.0
        for q, (_, c) in zip(probs[s], kids):
            rest -= q
            A = (alpha - S - U * rest) / q
            B = (beta - S - L * rest) / q
            v = value(c, max(A, L), min(B, U))
            if v <= A:
                return S + q * v + U * rest
            if v >= B:
                return S + q * v + L * rest
            S += q * v
        return S
    return value(tree.initial_state, L, U), nodes


def minimal_pig(target, die=6, tol=1e-12):
    """Pig solved by in-place value iteration over turn totals, vectorized over score pairs (Neller &
    Presser 2004): the loop of gamelib.games.pig.solve with nothing else, its steps written into two
    work planes (``out=``) as gamelib's are, since fresh temporaries per step spend up to half the
    time in page faults.  Returns (P, sweeps)."""
    import numpy as np
    k = np.arange(target + die)[:, None, None]
    i = np.arange(target)[None, :, None]
    P = np.broadcast_to(i + k >= target, (target + die, target, target)).astype(float)
    change, sweeps = np.inf, 0
    while change >= tol:
        Q = 1.0 - P[0].T.copy()
        roll_plane, gap_plane = np.empty_like(Q), np.empty_like(Q)
        change = 0.0
        for kk in range(target - 1, -1, -1):
            n = target - kk
            roll, gap = roll_plane[:n], gap_plane[:n]
            np.sum(P[kk + 2:kk + die + 1, :n], axis=0, out=roll)
            np.add(Q[:n], roll, out=roll)
            roll /= die
            if kk:
                np.maximum(roll, Q[kk:], out=roll)
            np.subtract(roll, P[kk, :n], out=gap)
            change = max(change, float(np.abs(gap, out=gap).max()))
            P[kk, :n] = roll
        sweeps += 1
    return P, sweeps


def minimal_tree_png(tree, figsize=(4.0, 3.0)):
    """PNG bytes of a tree drawn with bare matplotlib: a dot and a label per node, a line per edge."""
    import io

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from gamelib.viz.drawing import DPI, tidy_layout
    pos = tidy_layout(tree)
    fig, ax = plt.subplots(figsize=figsize)
    for s, kids in tree.children.items():
        for _, c in kids:
            ax.plot(*zip(pos[s], pos[c]), color="0.6", lw=0.8, zorder=1)
    xs, ys = zip(*pos.values())
    ax.scatter(xs, ys, s=120, color="white", edgecolors="black", zorder=2)
    for s, (x, y) in pos.items():
        ax.text(x, y, str(tree.leaf_values.get(s, s)), ha="center", va="center", fontsize=6)
    ax.set_axis_off()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI, pil_kwargs={"compress_level": 1})
    plt.close(fig)
    return buf.getvalue()


# --- the rows ---------------------------------------------------------------------------------------

def row_minimax(table, rounds, peers):
    work = "full minimax, empty tic-tac-toe (549,946)"
    game = TicTacToe()
    runs = {"gamelib.minimax": lambda: minimax(game),
            "hand-written, bitboard (reference)": bitboard_minimax}
    aima, spiel, easy = peers["aima"], peers["pyspiel"], peers["easyAI"]
    if aima:
        ag = aima.TicTacToe()
        runs["aima-python minmax_decision"] = lambda: aima.minmax_decision(ag.initial, ag)
    if spiel:
        sg = spiel.load_game("tic_tac_toe")
        runs["OpenSpiel, minimax by apply/undo"] = lambda: spiel_minimax(sg.new_initial_state())
    if easy:
        from easyAI import AI_Player
        from easyAI.games import TicTacToe as EasyTTT
        runs["easyAI game, minimax by make/unmake"] = lambda: easyai_minimax(
            EasyTTT([AI_Player(None), AI_Player(None)]))
    t, out = interleaved(runs, rounds)
    assert out["gamelib.minimax"][:3] == (0, (0, 0), 549_946), out["gamelib.minimax"]
    assert out["hand-written, bitboard (reference)"] == (0, 549_946)
    if spiel:
        assert out["OpenSpiel, minimax by apply/undo"] == (0.0, 549_946), out["OpenSpiel, minimax by apply/undo"]
    if easy:
        assert out["easyAI game, minimax by make/unmake"] == (0, 549_946)
    ref = t["hand-written, bitboard (reference)"]
    for name in ("gamelib.minimax", "OpenSpiel, minimax by apply/undo", "aima-python minmax_decision",
                 "easyAI game, minimax by make/unmake",
                 "hand-written, bitboard (reference)"):
        note = "goal: <= 2.5x ref, faster than OpenSpiel" if name == "gamelib.minimax" else ""
        table.add(work, name, t.get(name), ref, note)
    return t


def row_alphabeta(table, rounds, peers):
    work = "alpha-beta, natural order (18,297)"
    game = TicTacToe()
    runs = {"gamelib.alphabeta": lambda: alphabeta(game),
            "gamelib.alphabeta, trace=True": lambda: alphabeta(game, trace=True),
            "hand-written, bitboard (reference)": bitboard_alphabeta}
    aima, spiel, easy = peers["aima"], peers["pyspiel"], peers["easyAI"]
    if aima:
        ag = aima.TicTacToe()
        runs["aima-python alpha_beta_search"] = lambda: aima.alpha_beta_search(ag.initial, ag)
    if spiel:
        from open_spiel.python.algorithms.minimax import alpha_beta_search
        sg = spiel.load_game("tic_tac_toe")
        runs["OpenSpiel alpha_beta_search"] = lambda: alpha_beta_search(sg)
    if easy:
        from easyAI import AI_Player, Negamax
        from easyAI.games import TicTacToe as EasyTTT
        runs["easyAI Negamax(9)"] = lambda: Negamax(9)(EasyTTT([AI_Player(None), AI_Player(None)]))
    t, out = interleaved(runs, rounds, repeat=10)
    assert out["gamelib.alphabeta"][:3] == (0, (0, 0), 18_297), out["gamelib.alphabeta"]
    assert out["hand-written, bitboard (reference)"] == (0, 18_297)
    if spiel:
        assert out["OpenSpiel alpha_beta_search"][0] == 0.0
    ref = t["hand-written, bitboard (reference)"]
    untraced = t["gamelib.alphabeta"]
    t["gamelib.alphabeta, trace, no collector (exp.)"] = traced_without_collector(game, rounds, repeat=10)
    for name in ("gamelib.alphabeta", "gamelib.alphabeta, trace=True",
                 "gamelib.alphabeta, trace, no collector (exp.)", "OpenSpiel alpha_beta_search",
                 "aima-python alpha_beta_search", "easyAI Negamax(9)", "hand-written, bitboard (reference)"):
        note = ""
        if name == "gamelib.alphabeta, trace=True":
            note = f"{t[name] / untraced:.2f}x untraced (unread; the goal, <= 2.5x, is on a trace read once)"
        elif name.endswith("(exp.)"):
            note = (f"{t[name] / untraced:.2f}x untraced: what recording costs before CPython's collector "
                    "scans the trace's Events once and they are freed")
        table.add(work, name, t.get(name), ref, note)
    return t


def traced_without_collector(game, rounds, repeat):
    """An experiment for the alpha-beta row: median seconds of ``alphabeta(game, trace=True)`` with the
    cyclic collector off while the clock runs.  A trace keeps two Events per node (37k here); the
    collector scans each once when it next runs, and freeing them takes time too.  Each run here is
    timed alone and its trace freed (``gc.collect``) after the clock stops, so its time is the
    recording alone."""
    times = []
    for _ in range(rounds * repeat):
        gc.collect()
        gc.disable()
        try:
            t0 = time.process_time()
            r = alphabeta(game, trace=True)
            times.append(time.process_time() - t0)
        finally:
            gc.enable()
        assert r.nodes == 18_297
        del r
    gc.collect()
    return statistics.median(times)


def row_table(table, rounds, peers):
    work = "alpha-beta + transposition table, tic-tac-toe"
    from gamelib.limits import search
    game = TicTacToe()
    runs = {"gamelib limits.search(table=True)": lambda: search(game, depth=9, evaluate=_zero, table=True),
            "hand-written, bitboard + bounds table (reference)": bitboard_alphabeta_table}
    if peers["easyAI"]:
        from easyAI import AI_Player, Negamax, TranspositionTable
        from easyAI.games import TicTacToe as EasyTTT

        class Keyed(EasyTTT):
            def ttentry(self):
                return tuple(self.board), self.current_player
        runs["easyAI Negamax(9) + TranspositionTable"] = lambda: Negamax(9, tt=TranspositionTable())(
            Keyed([AI_Player(None), AI_Player(None)]))
    t, out = interleaved(runs, rounds)
    r = out["gamelib limits.search(table=True)"]
    assert r.value == 0 and out["hand-written, bitboard + bounds table (reference)"][0] == 0
    ref = t["hand-written, bitboard + bounds table (reference)"]
    for name in ("gamelib limits.search(table=True)", "easyAI Negamax(9) + TranspositionTable",
                 "hand-written, bitboard + bounds table (reference)"):
        nodes = r.nodes if name.startswith("gamelib") else (
            out[name][1] if name in out and name.startswith("hand") else None)
        note = f"{nodes:,} nodes, {t[name] / nodes * 1e6:.1f} us a node" if nodes else ""
        table.add(work, name, t.get(name), ref, note)
    return t


def _zero(state):
    return 0


def row_connect4(table, rounds, depths):
    """Connect Four from the empty board: centre-first alpha-beta against the enhanced searches.  Each
    run gets a fresh evaluation, which remembers what it computed; how many distinct positions it
    evaluated is printed beside the nodes, because at these depths evaluating leaves is most of the
    time, and a table saves interior nodes, not distinct leaves."""
    from gamelib.games.connect4 import Connect4, center_first, evaluation
    from gamelib.limits import iterative_deepening, search
    game = Connect4()

    def counted(run):
        ev = evaluation()
        return run(ev), ev

    for depth in depths:
        work = f"Connect Four depth {depth}, empty board"
        runs = {
            "gamelib.alphabeta, centre first": lambda: counted(lambda ev: alphabeta(
                game, depth=depth, evaluate=ev, order=center_first)),
            "gamelib search, table": lambda: counted(lambda ev: search(
                game, depth=depth, evaluate=ev, table=True, order=center_first)),
            "gamelib search, table + killers + history": lambda: counted(lambda ev: search(
                game, depth=depth, evaluate=ev, table=True, killers=True, history=True, order=center_first)),
            "gamelib iterative deepening, table": lambda: counted(lambda ev: iterative_deepening(
                game, evaluate=ev, max_depth=depth, order=center_first, killers=False, history=False)),
            "gamelib iterative deepening, t + k + h": lambda: counted(
                lambda ev: iterative_deepening(game, evaluate=ev, max_depth=depth, order=center_first)),
            "hand-written loop on the same objects (ref)": lambda: counted(lambda ev: plain_alphabeta(
                game, game.initial_state, depth, ev, center_first)),
            "hand-written loop + table on the same objects": lambda: counted(lambda ev: plain_alphabeta_table(
                game, game.initial_state, depth, ev, center_first)),
        }
        t, out = interleaved(runs, rounds)
        ab, (ref_value, ref_nodes) = out["gamelib.alphabeta, centre first"][0], \
            out["hand-written loop on the same objects (ref)"][0]
        assert all(r.value == ab.value for name, (r, _) in out.items() if name.startswith("gamelib search")) \
            and ab.value == ref_value, "the searches disagree"
        assert ab.nodes == ref_nodes
        tabled = out["gamelib search, table"][0]
        assert out["hand-written loop + table on the same objects"][0][0] == tabled.value \
            and out["hand-written loop + table on the same objects"][0][1] == tabled.nodes, "not node for node"
        ref = t["hand-written loop on the same objects (ref)"]
        centre = t["gamelib.alphabeta, centre first"]
        for name, (r, ev) in out.items():
            nodes = r.nodes if hasattr(r, "nodes") else r[1]
            note = f"{nodes:,} nodes, {len(ev.memo):,} positions evaluated"
            if name.startswith("gamelib") and name != "gamelib.alphabeta, centre first":
                note += f"; {t[name] / centre:.2f}x centre-first (goal < 1x)"
            table.add(work, name, t[name], ref, note)
        row_connect4_per_node(table, rounds, depth)


@contextmanager
def bare_table_helpers():
    """An experiment, for the per-node row only: for the duration of the block, the transposition
    table's probe and store, its principal-variation walk and limits' move ordering are replaced by
    the least each must do for a search with a table and ``order=`` (plain dict operations, the
    table's move first, no counts, no principal variation below a table cut).  The search visits the
    same nodes and returns the same value (checked by the caller); what it still costs above the
    hand-written loop + table is the search body's own work: the trace hooks, the principal
    variation, the horizon bookkeeping that makes ``solved``, the options' tests."""
    import gamelib.limits as limits
    from gamelib.transposition import EXACT, LOWER, UPPER, Entry, TranspositionTable

    def probe(self, state, depth, alpha, beta):
        entry = self._entries.get(state)
        if entry is None:
            return None, alpha, beta, None, None
        stored_depth, value, kind, move = entry
        if stored_depth < depth:
            return None, alpha, beta, move, None
        lower = -math.inf if kind == UPPER else value
        upper = math.inf if kind == LOWER else value
        if lower == upper or lower >= beta or upper <= alpha:
            return value, alpha, beta, move, entry
        return None, max(alpha, lower), min(beta, upper), move, entry

    def store(self, state, depth, value, alpha, beta, move, keep_move, after=None):
        old = self._entries.get(state)
        if old is not None and (keep_move or move is None):
            move = old.move
        self._entries[state] = tuple.__new__(Entry, (depth, value, UPPER if value <= alpha else LOWER
                                                     if value >= beta else EXACT, move))

    def move_order(acts, *, player, ply, first, hint, favourite, killers, history):
        if hint is None or hint == acts[0]:
            return acts
        return [hint] + [a for a in acts if a != hint]

    TT = TranspositionTable
    saved = TT.probe_unchecked, TT.store_unchecked, TT.line, limits._move_order
    TT.probe_unchecked, TT.store_unchecked = probe, store
    TT.line = lambda self, game, state, plies: []
    limits._move_order = move_order
    try:
        yield
    finally:
        TT.probe_unchecked, TT.store_unchecked, TT.line, limits._move_order = saved


def row_connect4_per_node(table, rounds, depth):
    """The same searches with every evaluation looked up in a dict filled beforehand, so that the time
    is the search's own: microseconds per node, each against gamelib.alphabeta's (issue 12's goal for
    limits.search: within 1.5x).  The hand-written loop with a table visits exactly the nodes of
    gamelib's search with a table, so the two show what the table's helpers, the principal variation
    and the options cost per node beyond the table's own work."""
    from gamelib.games.connect4 import Connect4, center_first, evaluation
    from gamelib.limits import search
    game = Connect4()
    ev = evaluation()
    runs = {
        "gamelib.alphabeta, centre first": lambda e: alphabeta(game, depth=depth, evaluate=e, order=center_first),
        "gamelib search, options off": lambda e: search(game, depth=depth, evaluate=e, order=center_first),
        "gamelib search, table": lambda e: search(game, depth=depth, evaluate=e, table=True, order=center_first),
        "gamelib search, table + killers + history": lambda e: search(
            game, depth=depth, evaluate=e, table=True, killers=True, history=True, order=center_first),
        "hand-written loop (ref)": lambda e: plain_alphabeta(game, game.initial_state, depth, e, center_first),
        "hand-written loop + table": lambda e: plain_alphabeta_table(
            game, game.initial_state, depth, e, center_first),
    }

    def bare(e):
        with bare_table_helpers():
            return search(game, depth=depth, evaluate=e, table=True, order=center_first)
    runs["gamelib search, table, bare helpers (exp.)"] = bare
    for run in runs.values():
        run(ev)                                    # fill the evaluation's memo with every leaf
    lookup = dict(ev.memo).__getitem__
    t, out = interleaved({name: (lambda run=run: run(lookup)) for name, run in runs.items()}, rounds)
    assert out["gamelib search, table, bare helpers (exp.)"][:3] == out["gamelib search, table"][:3]
    nodes = {name: r.nodes if hasattr(r, "nodes") else r[1] for name, r in out.items()}
    per_node = {name: t[name] / nodes[name] for name in runs}
    ab = per_node["gamelib.alphabeta, centre first"]
    work = f"Connect Four depth {depth}, evaluation looked up"
    for name in runs:
        note = f"{nodes[name]:,} nodes, {per_node[name] * 1e6:.2f} us a node = {per_node[name] / ab:.2f}x alphabeta's"
        if name.startswith("gamelib search") and not name.endswith("(exp.)"):
            note += " (goal <= 1.5x)"
        if name.startswith("gamelib search, table") and "killers" not in name:
            note += f"; {t[name] / t['hand-written loop + table']:.2f}x the hand-written loop + table"
        table.add(work, name, t[name], t["hand-written loop (ref)"], note)


def row_star(table, rounds):
    """Expectiminimax, Star1 and Star2 on chance trees, children as drawn and then sorted best first
    (where Star1 cuts most): a deep tree with 3 outcomes per chance node, and a shallow one with 21
    (the distinct rolls of two dice, as in backgammon), where a chance node's window arithmetic is
    widest.  Beside the hand-written expectiminimax (the row's reference), a hand-written Star1 with
    running sums (O(n) a chance node) shows what any Star1 can gain in pure Python on that tree."""
    from gamelib.experiments.chance_trees import random_chance_tree
    from gamelib.star import star1, star2
    for (b, outcomes, moves), order in [(shape, order) for shape in ((3, 3, 5), (3, 21, 2))
                                        for order in ("random", "best")]:
        work = f"chance tree b={b} n={outcomes} m={moves}, {order} order"
        tree = random_chance_tree(b, outcomes, moves, seed=0, order=order)
        runs = {"gamelib.expectiminimax": lambda: expectiminimax(tree),
                "gamelib.star1": lambda: star1(tree, lower=-5, upper=5),
                "gamelib.star2": lambda: star2(tree, lower=-5, upper=5),
                "hand-written Star1": lambda: tree_star1(tree, -5, 5),
                "hand-written expectiminimax (reference)": lambda: tree_expectiminimax(tree)}
        t, out = interleaved(runs, rounds, repeat=1 if outcomes == 3 else 10)
        v, n = out["hand-written expectiminimax (reference)"]
        assert n == out["gamelib.expectiminimax"].nodes
        for name in ("gamelib.star1", "gamelib.star2", "gamelib.expectiminimax"):
            assert abs(out[name].value - v) < 1e-9, (name, out[name].value, v)
        assert abs(out["hand-written Star1"][0] - v) < 1e-9
        ref = t["hand-written expectiminimax (reference)"]
        emm = t["gamelib.expectiminimax"]
        for name in runs:
            nodes = out[name][1] if name.startswith("hand") else out[name].nodes
            note = f"{nodes:,} nodes ({nodes / n:.0%})"
            if name in ("gamelib.star1", "gamelib.star2"):
                note += f"; {t[name] / emm:.2f}x gamelib.expectiminimax (goal < 1x where it visits fewer)"
            if name == "gamelib.star1":
                note += f"; {t[name] / t['hand-written Star1']:.2f}x hand-written Star1"
            if name == "hand-written Star1":
                note += f"; {t[name] / ref:.2f}x the hand-written expectiminimax"
            table.add(work, name, t[name], ref, note)


def row_pig(table, rounds, target):
    import numpy as np

    from gamelib.games.pig import solve
    work = f"Pig solve, target {target}"
    runs = {"gamelib pig.solve": lambda: solve(target, max_states=None),
            "minimal numpy value iteration (reference)": lambda: minimal_pig(target)}
    t, out = interleaved(runs, rounds)
    sol, (P, sweeps) = out["gamelib pig.solve"], out["minimal numpy value iteration (reference)"]
    assert sol.sweeps == sweeps and np.allclose(sol.P, P[:target].transpose(1, 2, 0), atol=1e-12), (sol.sweeps, sweeps)
    del out, sol, P
    mem = {"gamelib pig.solve": peak_memory(lambda: solve(target, max_states=None).P),
           "minimal numpy value iteration (reference)": peak_memory(lambda: minimal_pig(target))}
    ref, mref = t["minimal numpy value iteration (reference)"], mem["minimal numpy value iteration (reference)"]
    for name in runs:
        note = f"peak {mem[name] / 2**20:.0f} MiB ({mem[name] / mref:.2f}x ref)"
        if name.startswith("gamelib"):
            note += "; goal <= 1.2x time, <= 2x memory"
        table.add(work, name, t[name], ref, note)


def row_explorer(table, rounds):
    work = "one explorer step, 40-node tree (PNG)"
    try:
        import matplotlib
        matplotlib.use("Agg")
        from gamelib import GameTree
        from gamelib.viz.explorer import TreeExplorer
    except ImportError:
        table.add(work, "gamelib TreeExplorer", None)
        return
    tree = GameTree.random(3, 3, seed=0)
    assert len(tree.players) == 40
    ex = TreeExplorer(tree)
    steps = iter(range(1, ex.total + 1))

    def step():             # a step not drawn before (the explorer keeps the pictures it drew)
        ex.step = next(steps)
        return len(ex.png)
    runs = {"gamelib TreeExplorer, next step": step,
            "bare matplotlib tree + PNG (reference)": lambda: len(minimal_tree_png(tree))}
    t, _ = interleaved(runs, min(rounds * 3, ex.total))
    ref = t["bare matplotlib tree + PNG (reference)"]
    table.add(work, "gamelib TreeExplorer, next step", t["gamelib TreeExplorer, next step"], ref,
              "goal < 0.07 s")
    table.add(work, "bare matplotlib tree + PNG (reference)", ref, ref)


def row_import(table):
    work = "import gamelib.viz (fresh interpreter)"
    env = dict(os.environ, PYTHONPATH=str(ROOT))

    def wall(code):
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
        return time.perf_counter() - t0, done.stdout.strip()
    has_viz = importlib.util.find_spec("matplotlib") is not None
    t_bare = statistics.median(wall("pass")[0] for _ in range(3))
    if has_viz:
        runs = [wall("import sys, gamelib.viz; print('scipy' in sys.modules)") for _ in range(3)]
        t_viz = statistics.median(t for t, _ in runs)
        table.add(work, "gamelib.viz (minus interpreter start-up)", t_viz - t_bare, None,
                  f"scipy imported: {runs[0][1]}")
    runs = [wall("import sys, gamelib; print('scipy' in sys.modules)") for _ in range(3)]
    table.add(work, "gamelib (minus interpreter start-up)", statistics.median(t for t, _ in runs) - t_bare,
              None, f"scipy imported: {runs[0][1]}")


ROWS = ("minimax", "alphabeta", "table", "connect4", "star", "pig", "explorer", "import")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per row (medians)")
    parser.add_argument("--only", nargs="+", choices=ROWS, default=ROWS)
    parser.add_argument("--pig-target", type=int, default=200)
    parser.add_argument("--c4-depths", type=int, nargs="+", default=[10])
    parser.add_argument("--aima", help="aima-python checkout or bare git mirror")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    peers = {"aima": load_aima(args.aima), "pyspiel": load("pyspiel"), "easyAI": load("easyAI")}
    print(f"python {platform.python_version()} on {platform.machine()}; medians of {args.rounds} "
          "interleaved rounds, CPU time; x ref = time / the row's hand-written reference")
    print("peers: " + ", ".join(f"{k} {'yes' if v else NOT_INSTALLED}" for k, v in peers.items()))
    table = Table()
    if "minimax" in args.only:
        row_minimax(table, args.rounds, peers)
    if "alphabeta" in args.only:
        row_alphabeta(table, args.rounds, peers)
    if "table" in args.only:
        row_table(table, args.rounds, peers)
    if "connect4" in args.only:
        row_connect4(table, args.rounds, args.c4_depths)
    if "star" in args.only:
        row_star(table, args.rounds)
    if "pig" in args.only:
        row_pig(table, max(1, args.rounds - 2), args.pig_target)
    if "explorer" in args.only:
        row_explorer(table, args.rounds)
    if "import" in args.only:
        row_import(table)
    table.print()
    print(f"\n({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
