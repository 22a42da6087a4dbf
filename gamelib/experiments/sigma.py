"""The sigma study: what noisy evaluations do to a minimax decision (AIMA 4th ed. §5.7 "Limitations of
game search algorithms", Fig. 5.16; 3rd ed. §5.8 "Alternative approaches", Fig. 5.14; Zell's slides, "5.8
Alternative Approaches"; the Purdue slides, "Depth matters").

The textbook's two-ply tree (:data:`TEXTBOOK_TREE`)::

                 MAX                  minimax on the estimates picks the right branch:
           /            \\             left = min(99, 1000, 1000, 1000) = 99
         MIN            MIN           right = min(100, 101, 102, 100) = 100
      99 1000 1000 1000  100 101 102 100

The leaf numbers are *estimates*.  Model (the notes' words): "the evaluation of each node can have an
error of mean zero and a standard deviation of σ and is independent of the evaluation of the other
nodes", i.e.

    true value of leaf i  =  estimate_i + e_i,      e_i ~ N(0, σ²) independent.

Then the right branch is not always really better: its four leaves are all close to 100, so the
smallest of four noisy copies is usually well below 100, while the left branch has one leaf near 99
and three far away.  The notes: "With σ = 5, the left branch is better 71% of the time, whereas for
σ = 2 it is only better 58% of the time."  This module computes those numbers two ways:

* :func:`branch_probabilities`: Monte Carlo on any MAX/MIN tree (any depth, ragged allowed), fully
  vectorized: a (trials × leaves) array of sampled true leaf values, backed up one tree level at a time
  with numpy reductions (:func:`root_move_values`); no Python loop over trials.
* :func:`exact_branch_probabilities`: numerical integration over the normal distribution for one- and
  two-ply trees, the cross-check.  With V_j the true value of root move j (the minimum of its
  leaves' true values),  P(V_j > v) = Π_i Φ((x_ji − v)/σ),  and

      P(move j is truly best) = ∫ f_j(v) Π_{k≠j} P(V_k < v) dv,     f_j the density of V_j.

  For the textbook tree: P(left better) = P(min_i L_i > min_j R_j) = ∫ f_R(v) P(V_L > v) dv.

"In reality, a possible error of the evaluation function is not independent of the other nodes" (Zell's
slides).  ``correlation=ρ`` makes the errors correlated, each still N(0, σ²):

* ``shared='parent'`` (default): leaves with the same parent share a common component,
  e_i = σ (√ρ Z_parent(i) + √(1−ρ) Z_i), all Z independent N(0, 1).  Siblings' errors have
  correlation ρ; leaves under different parents are independent.  (Leaves directly below the root
  count as siblings of one another.)
* ``shared='all'``: one component shared by every leaf, e_i = σ (√ρ Z + √(1−ρ) Z_i).  A shift common
  to all leaves cannot change which move is best, so this is exactly the independent model with
  σ√(1−ρ): only *relative* errors matter.

Ties: a root move is "truly best" if its true minimax value equals the largest one; when k moves tie,
each gets 1/k, so the probabilities add up to 1.  With σ > 0 ties have probability 0 (every root move
has its own leaves, with continuous errors); with σ = 0 the true values are the estimates, and the
minimax choice is best with probability 1 (shared equally among equally good moves).

:func:`depth_matters` is the Purdue slides' "Depth matters" as an experiment: on random trees with known true
values, a depth-d alpha-beta search whose evaluation is the true value plus a fixed N(0, σ²) error per
node; how often does it pick a truly best move, by d and σ?  :func:`expansion_value` illustrates the
lesson of AIMA 4th ed. §5.7 (3rd ed. §5.8): metareasoning,: which leaf would it pay to search further?
"""
from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ..alphabeta import alphabeta
from ..core import MAX, MIN, ArgumentError, GameError, TreeSpecError
from ..minimax import minimax
from ..trees import ChanceSpec, GameTree, uniform_tree_size
from ..validate import choice, flag, guard_size, number, numpy_seed, renamed, whole

TEXTBOOK_TREE = [[99, 1000, 1000, 1000], [100, 101, 102, 100]]
"""AIMA 4th ed. Fig. 5.16 (3rd ed. Fig. 5.14; Zell's slides §5.8): MAX over two MIN nodes; minimax on these
estimates picks the right branch (100 > 99)."""

NOTES_FIGURES = {5.0: 0.71, 2.0: 0.58}
"""The notes' (and AIMA's, 3rd and 4th ed.) P(left branch truly better) for σ = 5 and σ = 2."""

SHARED = ("parent", "all")
"""The correlated-error models: a component shared by siblings, or by every leaf."""

CHUNK_ELEMENTS = 1 << 21
"""Monte Carlo draws this many normal numbers at a time (trials per chunk = this // leaves), so memory
stays bounded; the chunk size is fixed, so a seed always gives the same numbers."""

MAX_SAMPLES = 1_000_000_000
"""The size guard of :func:`branch_probabilities`: trials x leaves, the normal numbers it draws (about
20 million a second: 10^9 take a minute).  ``max_samples=None`` lifts it."""

MAX_SAMPLES_IN_MEMORY = 20_000_000
"""The size guard of the functions that hold all their trials at once (:func:`sample_leaf_values`,
:func:`expansion_value`): trials x leaves, 160 MB per array of floats."""


def ndtr(x):
    """The standard normal CDF Φ(x), elementwise: ``scipy.special.ndtr``, imported the first time it
    is needed (importing scipy takes a good part of a second, and only this study uses it, so
    ``import gamelib`` and ``import gamelib.viz`` do not pay for it)."""
    from scipy.special import ndtr as scipy_ndtr
    return scipy_ndtr(x)


# ---------------------------------------------------------------------------------------------------
# Input checks
# ---------------------------------------------------------------------------------------------------

def _check_sigma(sigma) -> float:
    if isinstance(sigma, bool) or not isinstance(sigma, numbers.Real) or not math.isfinite(sigma) \
            or sigma < 0:
        raise ArgumentError(f"sigma is a standard deviation: a finite number >= 0, got {sigma!r}")
    return float(sigma)


def _check_trials(trials) -> int:
    if isinstance(trials, bool) or not isinstance(trials, numbers.Integral) or trials < 1:
        raise ArgumentError(f"trials must be a whole number >= 1, got {trials!r}")
    return int(trials)


def _check_correlation(correlation, shared) -> float:
    if not isinstance(shared, str) or shared not in SHARED:
        raise ArgumentError(f"shared must be one of {list(SHARED)}, not {shared!r}")
    if isinstance(correlation, bool) or not isinstance(correlation, numbers.Real) \
            or not (0.0 <= correlation <= 1.0):
        raise ArgumentError(f"correlation must be a number in [0, 1], got {correlation!r}")
    return float(correlation)


def _guard_samples(trials, levels, limit, argument="max_samples") -> None:
    whole(argument, limit, 1, none=True)
    guard_size(trials * len(levels.leaves), limit, argument=argument,
               what=f"trials x leaves ({trials:,} x {len(levels.leaves)})")


def _find_chance(spec, path=()):
    """The path of the first chance node in a nested spec, or None."""
    if isinstance(spec, ChanceSpec):
        return path
    if isinstance(spec, (list, tuple)):
        for i, sub in enumerate(spec):
            found = _find_chance(sub, path + (i,))
            if found is not None:
                return found
    return None


def as_tree(spec) -> GameTree:
    """The :class:`GameTree` of a nested-list spec of estimated leaf values (MAX root, players
    alternating), or ``spec`` itself if it is a GameTree already.

    Raises :class:`~gamelib.core.TreeSpecError` naming the position of a malformed place (from
    :meth:`GameTree.from_nested`), of a chance node (the study is about MAX/MIN trees), or if the root
    is a leaf (no move to choose).
    """
    if isinstance(spec, GameTree):
        tree = spec
    else:
        where = _find_chance(spec)
        tree = GameTree.from_nested(spec)   # malformed specs fail here, with the position
        if where is not None:
            raise TreeSpecError("spec" + "".join(f"[{i}]" for i in where)
                                + ": the sigma study handles MAX/MIN trees; no chance nodes")
    if tree.players[tree.initial_state] != MAX:
        raise TreeSpecError("the sigma study needs a MAX root")
    if any(p not in (MAX, MIN) for p in tree.players.values()):
        raise TreeSpecError("the sigma study handles MAX/MIN trees; no chance nodes")
    if tree.is_terminal(tree.initial_state):
        raise TreeSpecError("spec: the root is a leaf, so there is no move to choose")
    infinite = [s for s in tree.leaves if not math.isfinite(tree.leaf_values[s])]
    if infinite:
        raise TreeSpecError(f"leaf {infinite[0]} is {tree.leaf_values[infinite[0]]}: the sigma study needs "
                            "finite estimates (an estimate plus a normal error)")
    return tree


# ---------------------------------------------------------------------------------------------------
# Vectorized minimax over many sampled leaf vectors
# ---------------------------------------------------------------------------------------------------

class Levels:
    """A tree cut into levels for vectorized backing up (built once, used for every trial).

    Level d holds the nodes at depth d in breadth-first order, so the children of level d's inner
    nodes are level d+1, in order, each node's children contiguous: one ``np.minimum.reduceat`` (MIN
    level) or ``np.maximum.reduceat`` (MAX level) per level backs up all trials at once.

    Attributes: ``tree``, ``leaves`` (leaf labels: the columns of a leaf-value array, in the order of
    ``tree.leaves``), ``estimates`` (their values, a float array), ``actions`` (the root's moves),
    ``parents`` (index of each leaf's parent among ``parent_labels``), ``parent_labels``.
    """

    def __init__(self, tree: GameTree):
        self.tree = tree
        self.leaves = list(tree.leaves)
        self.estimates = np.array([tree.leaf_values[s] for s in self.leaves], dtype=float)
        column = {s: j for j, s in enumerate(self.leaves)}
        root = tree.initial_state
        self.actions = tuple(tree.actions(root))
        levels = [[root]]
        while True:
            below = [c for s in levels[-1] for _, c in tree.children[s]]
            if not below:
                break
            levels.append(below)
        self.depth = len(levels) - 1
        # Per level, from the deepest up to level 1: how to build its value columns.
        self._plan = []
        for d in range(self.depth, 0, -1):
            nodes = levels[d]
            leaf_pos = [i for i, s in enumerate(nodes) if tree.is_terminal(s)]
            inner_pos = [i for i, s in enumerate(nodes) if not tree.is_terminal(s)]
            starts, k = [], 0
            for i in inner_pos:
                starts.append(k)
                k += len(tree.children[nodes[i]])
            players = {tree.players[nodes[i]] for i in inner_pos}
            if len(players) > 1:
                raise TreeSpecError(f"MAX and MIN both move at depth {d}: vectorized minimax needs "
                                    "the players to alternate by level")
            ufunc = np.maximum if players == {MAX} else np.minimum
            self._plan.append((len(nodes), np.array(leaf_pos, dtype=np.intp),
                               np.array([column[nodes[i]] for i in leaf_pos], dtype=np.intp),
                               np.array(inner_pos, dtype=np.intp), np.array(starts, dtype=np.intp),
                               ufunc))
        parent_labels = []
        parent_index = {}
        for s in self.leaves:
            p = tree.parent(s)
            if p not in parent_index:
                parent_index[p] = len(parent_labels)
                parent_labels.append(p)
        self.parent_labels = parent_labels
        self.parents = np.array([parent_index[tree.parent(s)] for s in self.leaves], dtype=np.intp)

    def root_move_values(self, leaf_values: np.ndarray) -> np.ndarray:
        """Minimax values of the root's children (trials × moves) for leaf values (trials × leaves)."""
        try:
            x = np.asarray(leaf_values, dtype=float)
        except (TypeError, ValueError):
            raise ArgumentError(f"leaf values must be a (trials × {len(self.leaves)}) array of numbers, "
                                f"got {leaf_values!r}") from None
        if x.ndim != 2 or x.shape[1] != len(self.leaves):
            raise ArgumentError(f"leaf values must be a (trials × {len(self.leaves)}) array, got shape "
                                f"{x.shape}")
        if np.isnan(x).any():
            raise ArgumentError("leaf values must be numbers, not NaN (minimax would pass NaN up)")
        values = None   # the value columns of the level below the one being built
        for width, leaf_pos, leaf_cols, inner_pos, starts, ufunc in self._plan:
            if len(inner_pos) == width:          # a level of inner nodes only
                values = ufunc.reduceat(values, starts, axis=1)
            elif len(leaf_pos) == width:         # a level of leaves only
                values = x[:, leaf_cols]
            else:                                # a ragged level: both kinds
                out = np.empty((x.shape[0], width))
                out[:, leaf_pos] = x[:, leaf_cols]
                out[:, inner_pos] = ufunc.reduceat(values, starts, axis=1)
                values = out
        return values


def root_move_values(spec, leaf_values) -> np.ndarray:
    """The minimax value of every root move (an array trials × moves) for many vectors of leaf values
    at once (an array trials × leaves, columns in the order of ``GameTree.leaves``).

    Vectorized minimax (AIMA Eq. 5.1), one numpy reduction per tree level, no loop over trials.  The
    tests check it against :func:`gamelib.minimax` on random trees.

    >>> root_move_values(TEXTBOOK_TREE, [[99, 1000, 1000, 1000, 100, 101, 102, 100],
    ...                                  [103, 1000, 1000, 1000, 100, 101, 97, 100]])
    array([[ 99., 100.],
           [103.,  97.]])
    """
    return Levels(as_tree(spec)).root_move_values(leaf_values)


def _standard_errors(rng, n, levels: Levels, correlation, shared) -> np.ndarray:
    """n rows of standardized leaf errors (each N(0, 1), correlated as the model says)."""
    z = rng.standard_normal((n, len(levels.leaves)))
    if correlation > 0.0:
        if shared == "parent":
            common = rng.standard_normal((n, len(levels.parent_labels)))[:, levels.parents]
        else:
            common = rng.standard_normal((n, 1))
        z = math.sqrt(1.0 - correlation) * z + math.sqrt(correlation) * common
    return z


def _chunks(trials, levels):
    per = max(1, CHUNK_ELEMENTS // max(1, len(levels.leaves)))
    done = 0
    while done < trials:
        n = min(per, trials - done)
        yield n
        done += n


def sample_leaf_values(spec, sigma: float, trials: int, *, seed=None, correlation: float = 0.0,
                       shared: str = "parent",
                       max_samples: int | None = MAX_SAMPLES_IN_MEMORY) -> np.ndarray:
    """Sampled true leaf values, estimate + error (an array trials × leaves, columns in the order of
    ``GameTree.leaves``), under the module's noise model.  Same seed, same numbers.

    >>> x = sample_leaf_values(TEXTBOOK_TREE, 5, 3, seed=1)
    >>> x.shape
    (3, 8)
    """
    sigma = _check_sigma(sigma)
    trials = _check_trials(trials)
    correlation = _check_correlation(correlation, shared)
    levels = Levels(as_tree(spec))
    _guard_samples(trials, levels, max_samples)
    rng = np.random.default_rng(numpy_seed("seed", seed))
    rows = [levels.estimates + sigma * _standard_errors(rng, n, levels, correlation, shared)
            for n in _chunks(trials, levels)]
    return np.concatenate(rows)


def best_shares(values: np.ndarray) -> np.ndarray:
    """Per trial, each root move's share of "truly best": 1 for the unique best, 1/k for each of k tied
    best moves, 0 otherwise (rows add up to 1)."""
    best = values == values.max(axis=1, keepdims=True)
    return best / best.sum(axis=1, keepdims=True)


# ---------------------------------------------------------------------------------------------------
# The result
# ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class BranchProbabilities:
    """Per root move, the probability that it is truly the best move.

    actions         the root's moves, in order ('a1', 'a2', ...)
    probability     {action: P(truly best)} (ties shared, so they add up to 1)
    stderr          {action: standard error}: the Monte Carlo standard error (sample standard
                    deviation of the per-trial share / √trials); for ``method='exact'`` the
                    integration routine's error estimate
    sigma, correlation, shared   the noise model
    trials          Monte Carlo trials (None for the exact computation)
    method          'monte carlo' or 'exact'
    minimax_action  the move minimax picks on the estimates themselves
    """

    actions: tuple
    probability: dict
    stderr: dict
    sigma: float
    correlation: float
    shared: str
    trials: int | None
    method: str
    minimax_action: object

    def __getitem__(self, action) -> float:
        return self.probability[self._action(action)]

    def _action(self, action):
        if action not in self.actions:
            raise ArgumentError(f"no root move {action!r}: the moves are {list(self.actions)}")
        return action

    def interval(self, action, z: float = 1.96) -> tuple:
        """The confidence interval p ± z·SE (95% for z = 1.96), clipped to [0, 1]."""
        number("z", z, least=0)
        p, se = self.probability[self._action(action)], self.stderr[action]
        return max(0.0, p - z * se), min(1.0, p + z * se)

    def __str__(self) -> str:
        parts = [f"{a}: {self.probability[a]:.4f} ± {self.stderr[a]:.4f}" for a in self.actions]
        model = f"σ = {self.sigma:g}"
        if self.correlation:
            model += f", ρ = {self.correlation:g} ({self.shared})"
        how = f"{self.trials:,} trials" if self.trials is not None else "exact"
        return f"P(truly best) [{model}, {how}]: " + ", ".join(parts)


def branch_probabilities(spec, sigma: float, trials: int = 100_000, seed=0, correlation: float = 0.0,
                         *, shared: str = "parent", progress: bool = False,
                         max_samples: int | None = MAX_SAMPLES) -> BranchProbabilities:
    """Monte Carlo estimate of P(root move is truly the best move) when the leaves of ``spec`` are
    estimates off by N(0, σ²) errors (independent, or correlated by ``correlation`` and ``shared``:
    see the module docstring).

    ``spec``: a nested-list tree of estimated leaf values (any depth, ragged allowed, MAX root, players
    alternating) or a :class:`GameTree` of MAX and MIN nodes.  Each trial draws true leaf values
    (estimate + error) and backs them up with :func:`root_move_values`; a move's share in a trial is 1
    if its true value is the unique maximum, 1/k if k moves tie for it.  The estimate is the mean share
    and its standard error the sample standard deviation over √trials.  Vectorized: trials are drawn in
    chunks (:data:`CHUNK_ELEMENTS`) of (trials × leaves) arrays; same seed, same answer.
    ``progress=True`` shows a bar over the trials; more than ``max_samples`` normal numbers (trials ×
    leaves, default 10^9, about a minute) raise :class:`~gamelib.core.TooLargeError` at once
    (``max_samples=None`` lifts the guard).

    >>> r = branch_probabilities(TEXTBOOK_TREE, sigma=0, trials=10)
    >>> r.minimax_action, r["a2"], r["a1"]
    ('a2', 1.0, 0.0)
    """
    sigma = _check_sigma(sigma)
    trials = _check_trials(trials)
    correlation = _check_correlation(correlation, shared)
    tree = as_tree(spec)
    levels = Levels(tree)
    _guard_samples(trials, levels, max_samples)
    rng = np.random.default_rng(numpy_seed("seed", seed))
    moves = len(levels.actions)
    s1, s2 = np.zeros(moves), np.zeros(moves)
    bar = None
    if flag("progress", progress):
        from ..progress import tqdm
        bar = tqdm(total=trials, desc="trials", unit="trial", unit_scale=True)
    try:
        for n in _chunks(trials, levels):
            x = _standard_errors(rng, n, levels, correlation, shared)
            x *= sigma
            x += levels.estimates                        # true leaf values: estimate + error
            share = best_shares(levels.root_move_values(x))
            s1 += share.sum(axis=0)
            s2 += np.square(share).sum(axis=0)
            if bar is not None:
                bar.update(n)
    finally:
        if bar is not None:
            bar.close()
    p = s1 / trials
    if trials > 1:
        var = np.maximum(s2 - trials * p * p, 0.0) / (trials - 1)
        se = np.sqrt(var / trials)
    else:
        se = np.full(moves, math.nan)
    return BranchProbabilities(levels.actions, dict(zip(levels.actions, p.tolist())),
                               dict(zip(levels.actions, se.tolist())), sigma, correlation, shared,
                               trials, "monte carlo", minimax(tree).action)


# ---------------------------------------------------------------------------------------------------
# The exact computation, for one- and two-ply trees
# ---------------------------------------------------------------------------------------------------

def _groups(tree: GameTree) -> list[np.ndarray]:
    """Per root move, the estimates its true value is the minimum of (one- and two-ply trees only)."""
    groups = []
    for a, child in tree.children[tree.initial_state]:
        if tree.is_terminal(child):
            groups.append(np.array([tree.leaf_values[child]], dtype=float))
            continue
        kids = [c for _, c in tree.children[child]]
        if not all(tree.is_terminal(c) for c in kids):
            raise ArgumentError("the exact computation handles one- and two-ply trees (the root's "
                                f"children are leaves or MIN nodes over leaves); {child} (move {a}) is "
                                "deeper: use branch_probabilities (Monte Carlo)")
        groups.append(np.array([tree.leaf_values[c] for c in kids], dtype=float))
    return groups


def _phi(t):
    """The standard normal density."""
    return np.exp(-0.5 * np.square(t)) / math.sqrt(2.0 * math.pi)


def _survival(group, sigma, v):
    """P(V > v) for V = min_i (x_i + σ Z_i): Π_i Φ((x_i − v)/σ), vectorized over v."""
    v = np.asarray(v, dtype=float)[..., None]
    return np.prod(ndtr((group - v) / sigma), axis=-1)


def _density(group, sigma, v):
    """The density of V = min_i (x_i + σ Z_i): Σ_i φ((v − x_i)/σ)/σ · Π_{l≠i} Φ((x_l − v)/σ)."""
    v = np.asarray(v, dtype=float)[..., None]
    t = (v - group) / sigma
    sf = ndtr(-t)
    total = 0.0
    for i in range(len(group)):
        others = np.prod(np.delete(sf, i, axis=-1), axis=-1) if len(group) > 1 else 1.0
        total = total + _phi(t[..., i]) / sigma * others
    return total


_GAUSS = {}


def _integrate(f, breaks, pieces: int = 8, order: int = 80, tol: float = 1e-10):
    """∫ f over [min(breaks), max(breaks)] for a smooth, vectorized f: Gauss-Legendre with ``order``
    nodes on each piece between the break points (the range is also cut into ``pieces`` equal parts),
    all nodes evaluated in one call.  The error estimate is the difference from the rule with half
    the nodes; if it exceeds ``tol`` the integral is redone by ``scipy.integrate.quad`` (adaptive).
    Returns ``(value, error estimate)``.  (The integrands here are products of normal densities and
    CDFs, with features on the scale σ, and the range is a few dozen σ wide.)"""
    lo, hi = min(breaks), max(breaks)
    edges = np.unique(np.concatenate([np.linspace(lo, hi, pieces + 1), np.asarray(breaks, float)]))
    left, width = edges[:-1], np.diff(edges)
    estimates = []
    for n in (order // 2, order):
        if n not in _GAUSS:
            _GAUSS[n] = np.polynomial.legendre.leggauss(n)
        x, w = _GAUSS[n]
        v = left[:, None] + (x[None, :] + 1.0) * (width[:, None] / 2.0)
        estimates.append(float(np.sum(f(v.ravel()).reshape(v.shape) * w * width[:, None] / 2.0)))
    value, err = estimates[1], abs(estimates[1] - estimates[0])
    if err > tol:
        from scipy import integrate
        value, err = integrate.quad(lambda t: float(f(np.array([t]))[0]), lo, hi,
                                    points=[float(b) for b in edges[1:-1]], epsabs=1e-12,
                                    epsrel=1e-10, limit=400)
    return value, err


def value_density(spec, sigma: float, v) -> dict:
    """The density of each root move's true value at the points ``v`` (one- and two-ply trees,
    independent errors, σ > 0): ``{action: array}``.  Root move j's true value is the minimum of its
    leaves' true values, with density  Σ_i φ((v − x_i)/σ)/σ · Π_{l≠i} Φ((x_l − v)/σ)."""
    sigma = _check_sigma(sigma)
    if sigma == 0:
        raise ArgumentError("with σ = 0 the true values are the estimates: they have no density")
    tree = as_tree(spec)
    try:
        points = np.asarray(v, dtype=float)
    except (TypeError, ValueError):
        raise ArgumentError(f"v must be a number or an array of numbers, got {v!r}") from None
    if np.isnan(points).any():
        raise ArgumentError("v must be numbers, not NaN")
    return {a: _density(g, sigma, points) for a, g in zip(tree.actions(tree.initial_state), _groups(tree))}


def exact_branch_probabilities(spec, sigma: float, correlation: float = 0.0, *,
                               shared: str = "parent") -> BranchProbabilities:
    """P(root move is truly best) by numerical integration (:func:`_integrate`), for one- and
    two-ply trees: the root's children are leaves or MIN nodes over leaves.

    Independent errors:  P(move j best) = ∫ f_j(v) Π_{k≠j} (1 − S_k(v)) dv  with
    S_k(v) = P(V_k > v) = Π_i Φ((x_ki − v)/σ) and f_j = −S_j' its density.  Also exact:

    * ``shared='all'`` with any ρ: the independent case with σ√(1−ρ) (a common shift changes nothing);
    * ``shared='parent'`` with ρ = 1 (each MIN node's leaves move together, V_j = min_i x_ji + σ Z_j):
      P(move j best) = ∫ φ(z) Π_{k≠j} Φ((m_j − m_k)/σ + z) dz, m_j the smallest estimate under j.
      For two moves this is Φ((m_1 − m_2)/(σ√2)).

    Other correlations raise ValueError (use :func:`branch_probabilities`).  ``stderr`` holds the
    integration's error estimate.

    >>> r = exact_branch_probabilities(TEXTBOOK_TREE, sigma=5)
    >>> round(r["a1"], 4), round(r["a2"], 4)
    (0.7139, 0.2861)
    """
    sigma = _check_sigma(sigma)
    correlation = _check_correlation(correlation, shared)
    tree = as_tree(spec)
    actions = tuple(tree.actions(tree.initial_state))
    groups = _groups(tree)
    mins = np.array([g.min() for g in groups])
    effective = sigma
    rigid = False
    if correlation > 0:
        if shared == "all":
            effective = sigma * math.sqrt(1.0 - correlation)
        elif correlation == 1.0:
            if any(tree.is_terminal(c) for _, c in tree.children[tree.initial_state]):
                raise ArgumentError("the exact ρ = 1 'parent' model needs every root move to lead to a "
                                    "MIN node (leaves under the root would share the root's error)")
            rigid = True
        else:
            raise ArgumentError("exact values for 0 < ρ < 1 with shared='parent' are not implemented; "
                                "use branch_probabilities (Monte Carlo)")
    with np.errstate(all="ignore"):            # an overflow shows in the check that follows
        probs, errors = _exact(groups, mins, sigma, effective, rigid)
    if not _is_distribution(probs):
        # Out of floating-point range (σ near 1e308 or near 0 against the gaps): the probabilities
        # depend on the estimates only through (estimate - c) / σ, so compute in units of σ.
        centre = float(np.mean(np.concatenate(groups)))
        with np.errstate(all="ignore"):
            scaled = [(g - centre) / sigma for g in groups]
            probs, errors = _exact(scaled, np.array([g.min() for g in scaled]), 1.0,
                                   effective / sigma, rigid)
    if not _is_distribution(probs):
        every = np.concatenate(groups)
        raise GameError(f"exact_branch_probabilities cannot integrate with σ = {sigma:g} against estimates "
                        f"from {every.min():g} to {every.max():g}: the numbers leave floating-point "
                        "range; use a σ on the scale of the estimates' gaps, or branch_probabilities "
                        "(Monte Carlo)")
    return BranchProbabilities(actions, dict(zip(actions, [float(p) for p in probs])),
                               dict(zip(actions, [float(e) for e in errors])), sigma, correlation,
                               shared, None, "exact", minimax(tree).action)


def _is_distribution(probs) -> bool:
    return all(math.isfinite(p) and -1e-6 <= p <= 1 + 1e-6 for p in probs) and abs(sum(probs) - 1) < 1e-4


def _exact(groups, mins, sigma, effective, rigid):
    """The integrals of :func:`exact_branch_probabilities`: ``(probabilities, error estimates)``."""
    probs, errors = [], []
    if effective == 0:
        best = mins == mins.max()
        probs = list(best / best.sum())
        errors = [0.0] * len(groups)
    elif rigid:
        for j in range(len(groups)):
            shift = (mins[j] - np.delete(mins, j)) / sigma

            def integrand(z, shift=shift):
                z = np.asarray(z, dtype=float)
                return _phi(z) * np.prod(ndtr(shift + z[..., None]), axis=-1)
            p, err = _integrate(integrand, [-12.0, 12.0])
            probs.append(p)
            errors.append(err)
    else:
        s = effective
        for j, g in enumerate(groups):
            others = [h for k, h in enumerate(groups) if k != j]

            def integrand(v, g=g, others=others):
                below = 1.0
                for h in others:
                    below = below * (1.0 - _survival(h, s, v))
                return _density(g, s, v) * below
            lo, hi = mins[j] - 12 * s, mins[j] + 12 * s
            p, err = _integrate(integrand, [lo, hi] + [float(x) for h in groups for x in h
                                                       if lo < x < hi])
            probs.append(p)
            errors.append(err)
    return probs, errors


# ---------------------------------------------------------------------------------------------------
# Metareasoning: which leaf is worth looking at more closely?
# ---------------------------------------------------------------------------------------------------

def expansion_value(spec, sigma: float, trials: int = 100_000, seed=0, correlation: float = 0.0,
                    *, shared: str = "parent", max_samples: int | None = MAX_SAMPLES_IN_MEMORY) -> dict:
    """For each leaf, the expected gain in true value of MAX's decision if that one leaf's true value
    were learned before deciding (the leaf "expanded" by a perfect deeper search), the others staying
    estimates: ``{leaf label: (mean gain, standard error)}``.

    This is the myopic value of information of a computation, the idea behind AIMA 4th ed. §5.7's
    (3rd ed. §5.8's) "utility of a node expansion" (Russell & Wefald's metareasoning): a leaf whose true
    value cannot change the decision is worth nothing to search, however uncertain it is.  The same noise model as
    :func:`branch_probabilities` (all trials drawn at once from ``default_rng(seed)``); vectorized over
    trials, one pass per leaf.
    """
    sigma = _check_sigma(sigma)
    trials = _check_trials(trials)
    correlation = _check_correlation(correlation, shared)
    levels = Levels(as_tree(spec))
    _guard_samples(trials, levels, max_samples)
    rng = np.random.default_rng(numpy_seed("seed", seed))
    x = levels.estimates + sigma * _standard_errors(rng, trials, levels, correlation, shared)
    true_moves = levels.root_move_values(x)                                   # trials × moves
    now = int(np.argmax(levels.root_move_values(levels.estimates[None, :])[0]))  # minimax's choice
    rows = np.arange(trials)
    out = {}
    for j, leaf in enumerate(levels.leaves):
        informed = np.broadcast_to(levels.estimates, x.shape).copy()
        informed[:, j] = x[:, j]                       # this leaf's true value is now known
        choice = np.argmax(levels.root_move_values(informed), axis=1)   # first best, as minimax
        gain = true_moves[rows, choice] - true_moves[:, now]
        se = gain.std(ddof=1) / math.sqrt(trials) if trials > 1 else math.nan
        out[leaf] = (float(gain.mean()), float(se))
    return out


# ---------------------------------------------------------------------------------------------------
# Depth matters (the Purdue slides)
# ---------------------------------------------------------------------------------------------------

def true_values(tree: GameTree) -> dict:
    """Every node's exact minimax value, read off one traced :func:`gamelib.minimax` search."""
    _check_tree(tree)
    result = minimax(tree, trace=True)
    return {e.state: e.value for e in result.trace if e.kind in ("leaf", "exit")}


ERRORS = ("constant", "shrinking")
"""How :func:`noisy_evaluation`'s error scale depends on the node: the same σ everywhere, or σ scaled
by the fraction of the game still to play below the node."""


def _heights(tree: GameTree) -> dict:
    """Plies from each node down to its deepest leaf (0 at a leaf)."""
    h = {}
    for s in reversed(tree.states):          # breadth-first labels, so children come later
        h[s] = 1 + max((h[c] for _, c in tree.children[s]), default=-1)
    return h


def noisy_evaluation(tree: GameTree, sigma: float, seed=0, values: dict | None = None, *,
                     error: str = "constant"):
    """EVAL(s) = true minimax value of s + σ_s·z_s, one fixed z_s ~ N(0, 1) per node (drawn from
    ``numpy.random.default_rng(seed)`` in breadth-first label order): a deterministic evaluation
    function, off by an independent error at every node.

    ``error='constant'``: σ_s = σ at every node (the notes' model).  ``error='shrinking'``:
    σ_s = σ · h(s)/h(root), h the plies from s down to its deepest leaf, so the error shrinks linearly
    as the game nears its end (a terminal's evaluation is exact), as real evaluations tend to be more
    accurate in positions closer to the end.  ``values``: the true values if already known
    (:func:`true_values`).
    """
    sigma = _check_sigma(sigma)
    choice("error", error, ERRORS)
    _check_tree(tree)
    values = true_values(tree) if values is None else values
    if not isinstance(values, dict) or any(s not in values for s in tree.states):
        raise ArgumentError("values must be a dict of every node's true value (true_values(tree)), got "
                            f"{type(values).__name__} {'without some nodes' if isinstance(values, dict) else ''}")
    z = np.random.default_rng(numpy_seed("seed", seed)).standard_normal(len(tree)).tolist()
    if error == "constant":
        noisy = {s: values[s] + sigma * z[i] for i, s in enumerate(tree.states)}
    else:
        h = _heights(tree)
        top = max(1, h[tree.initial_state])
        noisy = {s: values[s] + sigma * h[s] / top * z[i] for i, s in enumerate(tree.states)}
    return noisy.__getitem__


@renamed(low="lower", high="upper")
def depth_matters(branching: int = 3, height: int = 6, depths: Iterable[int] | None = None,
                  sigmas: Sequence[float] = (0, 5, 10, 20), seeds: Iterable[int] = range(200), *,
                  noise_seed: int = 0, error: str = "constant", lower: int = 0, upper: int = 99,
                  progress: bool = False, max_nodes: int | None = 1_000_000) -> dict:
    """How often a depth-d search with a noisy evaluation picks a truly best root move (the Purdue
    slides, "Depth matters": "the deeper in the tree the evaluation function is buried, the less the quality
    of the evaluation function matters").

    For each seed s: the tree ``GameTree.random(branching, height, seed=s, lower=lower, upper=upper)``, the
    true value of every node (:func:`true_values`, exact minimax), the truly best root moves (all those
    whose true value equals the root's), and for every σ the evaluation
    ``EVAL = noisy_evaluation(tree, σ, seed=[noise_seed, s], error=error)`` (true value + σ·z, one
    fixed z per node: the same z at every depth and σ, so the comparisons are paired; ``error``
    'constant' is the notes' N(0, σ²) at every node, 'shrinking' scales it down towards the end of the
    game).  For every d it runs
    ``alphabeta(tree, depth=d, evaluate=EVAL)`` and records whether its move is truly best.  Terminal
    states always score their true utility, so a search to the bottom (d ≥ height) is always right.
    ``progress=True`` shows a progress bar over the trees (:mod:`gamelib.progress`).

    Returns a plain dict: ``depths``, ``sigmas`` (lists), ``correct`` (array σ × d: fraction of trees
    where the move was truly best), ``stderr`` (its standard error √(p(1−p)/n)), ``trees`` (n) and
    ``random_choice`` (the fraction a uniformly random root move would get, for comparison).
    Trees of more than ``max_nodes`` nodes raise :class:`~gamelib.core.TooLargeError` (see
    :meth:`GameTree.random`).
    """
    whole("branching", branching, 1)
    whole("height", height, 1, unit="plies (the root must have moves to choose from)")
    depths = list(range(1, height + 1)) if depths is None else _listed("depths", depths)
    sigmas = [_check_sigma(s) for s in _listed("sigmas", sigmas)]
    choice("error", error, ERRORS)
    seeds = [whole("seeds", s, 0) for s in _listed("seeds", seeds)]
    whole("noise_seed", noise_seed, 0)
    whole("lower", lower, None)
    whole("upper", upper, lower)
    flag("progress", progress)
    whole("max_nodes", max_nodes, 1, none=True)
    guard_size(uniform_tree_size(branching, height), max_nodes, argument="max_nodes",
               what=f"the node count of each tree GameTree.random({branching}, {height})")
    if not seeds:
        raise ArgumentError("need at least one seed (one tree) to average over")
    if any(isinstance(d, bool) or not isinstance(d, numbers.Integral) or d < 1 for d in depths):
        raise ArgumentError(f"depths must be whole numbers >= 1 (a depth-0 search makes no move), "
                            f"got {depths}")
    correct = np.zeros((len(sigmas), len(depths)))
    by_chance = 0.0
    bar = None
    if progress:
        from ..progress import tqdm
        bar = tqdm(total=len(seeds), desc=f"b={branching}, m={height}: trees")
    try:
        for s in seeds:
            tree = GameTree.random(branching, height, seed=s, lower=lower, upper=upper, max_nodes=max_nodes)
            values = true_values(tree)
            root = tree.initial_state
            best = {a for a, c in tree.children[root] if values[c] == values[root]}
            by_chance += len(best) / len(tree.actions(root))
            for i, sigma in enumerate(sigmas):
                evaluate = noisy_evaluation(tree, sigma, [noise_seed, s], values, error=error)
                for k, d in enumerate(depths):
                    correct[i, k] += alphabeta(tree, depth=d, evaluate=evaluate).action in best
            if bar is not None:
                bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    n = len(seeds)
    p = correct / n
    return {"depths": depths, "sigmas": sigmas, "correct": p, "stderr": np.sqrt(p * (1 - p) / n),
            "trees": n, "random_choice": by_chance / n, "error": error}


def _listed(name: str, values) -> list:
    """``values`` as a list, if it is an iterable (not a string)."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise ArgumentError(f"{name} must be a list (or range) of values, got {values!r}")
    return list(values)


def _check_tree(tree) -> None:
    if not isinstance(tree, GameTree):
        raise ArgumentError(f"tree must be a GameTree (e.g. GameTree.random(3, 4, seed=0)), got {tree!r}")
