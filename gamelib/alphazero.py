"""AlphaZero in miniature: a policy-value network in numpy, to guide :func:`gamelib.mcts.mcts`'s PUCT
search (Silver et al. 2017, "Mastering the game of Go without human knowledge", Nature 550 (AlphaGo
Zero); Silver et al. 2018, "A general reinforcement learning algorithm that masters chess, shogi, and
Go through self-play", Science 362 (AlphaZero); AIMA 4th ed. §5.4 and §22.3).

The network f_θ(s) = (p, v) reads a position s as a vector of features, seen from the side of the
player to move (so one network plays both sides), and gives

    p   a probability for every move of the game (a softmax over the legal moves; illegal ones get 0),
    v   the expected utility for the player to move, in [-1, 1] (a tanh),

through one or two hidden layers of ReLUs shared by the two heads::

    h = relu(x W1 + b1)  [h = relu(h W2 + b2)]     p = softmax(h Wp + bp | legal)     v = tanh(h wv + bv)

It learns from positions s with a target (π, z): π the search's visit counts at s (what PUCT found,
better than p), z the game's final result for the player to move at s.  AlphaZero's loss (Silver et al.
2018, eq. 1), averaged over a batch::

    l = (z - v)^2  -  π · log p  +  c ||θ||^2        (c: ``l2``, on the weights, not the biases)

minimized by Adam (Kingma & Ba 2015).  Every gradient is written out by hand in :meth:`Network.loss`
(backpropagation, AIMA §21.4), so a student can read each line; the tests check them against finite
differences.  Everything random comes from ``numpy.random.default_rng(seed)``.  Pure numpy: it runs
in Pyodide (JupyterLite) as in CPython.

An :class:`Encoding` says how a game's states and moves meet the network: ``features(state)`` and the
list of every move (the policy head's outputs, in order).  :func:`tictactoe_encoding` is tic-tac-toe's.
:func:`policy_value` turns a network and an encoding into the function ``mcts(policy_value=...)`` takes
(``cache=True``: each position's answer kept, a look-up the next time).

The loop, :func:`train`: self-play games with PUCT, their positions into a replay buffer, Adam steps on
batches from it, and again.  Training drifts (a network can play worse after more steps), so with
``evaluate=`` the loop keeps the best checkpoint and stops at a goal.  :func:`tictactoe_network` is a
small network trained so, shipped with the kit: it loses no game to a perfect tic-tac-toe player when
it guides a search of 50 simulations a move.
"""
from __future__ import annotations

import math
import os
import random
import time
from collections import deque
from typing import Callable, NamedTuple

import numpy as np

from .core import MAX, ArgumentError, GameError
from .mcts import C, mcts, visit_policy
from .validate import check_game, flag, function, number, python_seed, start_state, two_player, whole

__all__ = ["Encoding", "tictactoe_encoding", "connect4_encoding", "Network", "Adam", "policy_value", "self_play",
           "ReplayBuffer", "Iteration", "TrainResult", "train", "TICTACTOE_NETWORK", "tictactoe_network"]

TICTACTOE_NETWORK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "tictactoe_network.npz")
"""The file of the tic-tac-toe network the kit ships (:func:`tictactoe_network`)."""


class Encoding:
    """How a game's states and moves meet a network.

    moves      every move of the game, in a fixed order: the policy head's outputs
    features   ``state -> 1-D float64 array`` of length ``size``, the position seen from the side of
               the player to move
    legal      ``state -> the legal moves`` (the game's ``actions``)
    symmetries pairs of index arrays ``(features, moves)``, one per symmetry of the board: the position
               with features ``x[features]`` has search probabilities ``pi[moves]`` (the identity
               alone if the game has no symmetry used)
    """

    def __init__(self, moves, features: Callable, legal: Callable, symmetries=None):
        self.moves = tuple(moves)
        self.index = {m: i for i, m in enumerate(self.moves)}
        self.features, self.legal = features, legal
        self.symmetries = symmetries

    @property
    def size(self) -> int:
        """The number of moves of the game (the policy head's outputs)."""
        return len(self.moves)

    def mask(self, state) -> np.ndarray:
        """A boolean vector over ``moves``: True at the legal moves of ``state``."""
        m = np.zeros(len(self.moves), dtype=bool)
        for move in self.legal(state):
            m[self.index[move]] = True
        return m


def tictactoe_encoding() -> Encoding:
    """Tic-tac-toe for a network: 18 features, the mover's 9 squares (1 where the player to move has a
    mark, row by row) then the opponent's 9; the 9 moves ``(row, col)`` in row-major order; the board's
    8 symmetries (4 rotations, each with and without a reflection)."""
    from .games.tictactoe import SQUARES, TicTacToe

    game = TicTacToe()
    bits = np.array([1 << i for i in range(9)])

    def features(state) -> np.ndarray:
        mine, theirs = (state.x, state.o) if state.to_move == MAX else (state.o, state.x)
        return np.concatenate([(mine & bits) > 0, (theirs & bits) > 0]).astype(np.float64)

    grid = np.arange(9).reshape(3, 3)
    perms = [np.rot90(g, k).ravel() for g in (grid, grid.T) for k in range(4)]
    symmetries = [(np.concatenate([p, p + 9]), p) for p in perms]
    return Encoding(SQUARES, features, game.actions, symmetries)


def connect4_encoding(rows: int = 5, cols: int = 6) -> Encoding:
    """Connect Four on ``rows`` × ``cols`` (:class:`~gamelib.games.Connect4`) for a network: 2 · rows · cols
    features, the mover's cells (1 where the player to move has a piece, bottom row first, each row
    left to right) then the opponent's; the ``cols`` moves, the columns left to right; the board's
    two symmetries (as it is, and mirrored left to right, which mirrors the columns).  The default,
    6 columns by 5 rows, is the issue's small board: big enough not to be drawish (5 × 4 is), small
    enough to learn in minutes."""
    from .games.connect4 import Connect4

    game = Connect4(rows=rows, cols=cols)
    wide = (rows + 1) * cols > 63                # bitboards past 63 bits: Python's integers, not int64
    bits = np.array([1 << (c * (rows + 1) + r) for r in range(rows) for c in range(cols)],
                    dtype=object if wide else np.int64)

    def features(state) -> np.ndarray:
        mine, theirs = (state.x, state.o) if state.to_move == MAX else (state.o, state.x)
        return np.concatenate([(mine & bits) > 0, (theirs & bits) > 0]).astype(np.float64)

    n = rows * cols
    mirrored = np.arange(n).reshape(rows, cols)[:, ::-1].ravel()
    symmetries = [(np.arange(2 * n), np.arange(cols)),
                  (np.concatenate([mirrored, mirrored + n]), np.arange(cols)[::-1].copy())]
    return Encoding(range(cols), features, game.actions, symmetries)


def tictactoe_network() -> "Network":
    """The small tic-tac-toe network that ships with the kit (18 features, 64 hidden ReLUs, 9 moves;
    about 2,000 weights), trained by AlphaZero's loop from scratch for 300 iterations of 10 self-play
    games and 200 Adam steps each, the checkpoint kept (that of iteration 150) that loses no game to
    perfect play with 50 simulations a move and has the smallest value error.  For a notebook that
    wants a trained network without training one."""
    return Network.load(TICTACTOE_NETWORK)


def _relu(a):
    return np.maximum(a, 0.0)


class Network:
    """A policy-value network: ``inputs`` features, ``hidden`` (one or two layer widths), ``moves``
    policy outputs; weights drawn by He's initialization (He et al. 2015) from ``seed``.

    ``params`` is a dict of float64 arrays: ``W1 b1`` (and ``W2 b2`` with two hidden layers), the
    policy head ``Wp bp``, the value head ``wv bv``."""

    def __init__(self, inputs: int, moves: int, hidden=(64,), seed=0):
        inputs = whole("inputs", inputs, 1, unit="features")
        moves = whole("moves", moves, 1, unit="moves")
        hidden = (hidden,) if isinstance(hidden, int) and not isinstance(hidden, bool) else hidden
        if not isinstance(hidden, (tuple, list)) or len(hidden) not in (1, 2):
            raise ArgumentError(f"hidden must be one or two layer widths, e.g. (64,) or (64, 32), got {hidden!r}")
        hidden = tuple(whole("hidden", h, 1, unit="units") for h in hidden)
        rng = np.random.default_rng(seed)
        sizes = (inputs, *hidden)
        self.params = {}
        for k, (a, b) in enumerate(zip(sizes, sizes[1:]), start=1):
            self.params[f"W{k}"] = rng.normal(0.0, np.sqrt(2.0 / a), (a, b))
            self.params[f"b{k}"] = np.zeros(b)
        h = hidden[-1]
        self.params["Wp"] = rng.normal(0.0, np.sqrt(1.0 / h), (h, moves))
        self.params["bp"] = np.zeros(moves)
        self.params["wv"] = rng.normal(0.0, np.sqrt(1.0 / h), (h, 1))
        self.params["bv"] = np.zeros(1)
        self.inputs, self.moves, self.hidden = inputs, moves, hidden

    def __repr__(self):
        return f"Network(inputs={self.inputs}, moves={self.moves}, hidden={self.hidden})"

    # -- the forward pass -------------------------------------------------------------------------
    def _forward(self, x, mask):
        """p, v and what the backward pass needs, for a batch ``x`` (n × inputs), ``mask`` (n × moves)."""
        P = self.params
        hs = [x]
        for k in range(1, len(self.hidden) + 1):
            hs.append(_relu(hs[-1] @ P[f"W{k}"] + P[f"b{k}"]))
        h = hs[-1]
        logits = np.where(mask, h @ P["Wp"] + P["bp"], -np.inf)          # illegal moves: probability 0
        logits = logits - logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        p = e / e.sum(axis=1, keepdims=True)
        v = np.tanh(h @ P["wv"] + P["bv"])[:, 0]
        return p, v, hs

    def predict(self, x, mask) -> tuple[np.ndarray, np.ndarray]:
        """``(p, v)`` for a batch: ``x`` an n × inputs array of features (or one vector), ``mask`` the
        n × moves legal moves (True where legal; each row needs one).  p: n × moves, v: n."""
        x, mask, single = self._batch(x, mask)
        p, v, _ = self._forward(x, mask)
        return (p[0], v[0]) if single else (p, v)

    def _batch(self, x, mask):
        x, mask = np.asarray(x, dtype=np.float64), np.asarray(mask, dtype=bool)
        single = x.ndim == 1
        if single:
            x, mask = x[None], mask[None]
        if x.ndim != 2 or x.shape[1] != self.inputs:
            raise ArgumentError(f"x must be n × {self.inputs} features, got an array of shape {x.shape}")
        if mask.shape != (x.shape[0], self.moves):
            raise ArgumentError(f"mask must be n × {self.moves} (one row per position), got shape {mask.shape}")
        if not mask.any(axis=1).all():
            raise ArgumentError("every row of mask needs a legal move (a terminal position has no policy)")
        if not np.isfinite(x).all():
            raise ArgumentError("x holds a value that is not a finite number")
        return x, mask, single

    # -- the loss and its gradient ----------------------------------------------------------------
    def loss(self, x, mask, pi, z, l2: float = 1e-4) -> tuple[float, dict]:
        """AlphaZero's loss on a batch and its gradient: ``(l, {name: dl/dparam})``, with
        l = mean((z - v)^2) - mean(π · log p) + l2 · Σ ||W||^2 (the weights, not the biases).

        ``pi``: n × moves search probabilities (0 off the legal moves), ``z``: n results for the player
        to move, in [-1, 1]."""
        x, mask, _ = self._batch(x, mask)
        pi, z = np.asarray(pi, dtype=np.float64), np.asarray(z, dtype=np.float64)
        n = x.shape[0]
        if pi.shape != (n, self.moves) or z.shape != (n,):
            raise ArgumentError(f"pi must be n × {self.moves} and z n results (n = {n}), got {pi.shape} and "
                                f"{z.shape}")
        if (pi[~mask] != 0).any() or (pi < 0).any() or not np.isfinite(pi).all() or not np.isfinite(z).all():
            raise ArgumentError("pi must be probabilities on the legal moves only (0 elsewhere), z finite")
        l2 = number("l2", l2, least=0, what="an L2 weight, a finite number")
        P = self.params
        p, v, hs = self._forward(x, mask)
        h = hs[-1]
        logp = np.log(np.where(mask, p, 1.0))                  # log p on the legal moves, 0 elsewhere
        weights = [k for k in P if k.startswith("W") or k == "wv"]
        value_loss = np.mean((z - v) ** 2)
        policy_loss = -np.mean(np.sum(pi * logp, axis=1))
        total = value_loss + policy_loss + l2 * sum(np.sum(P[k] ** 2) for k in weights)

        grads = {}
        # value head: d/dv (z - v)^2 / n = -2 (z - v) / n; through tanh: (1 - v^2)
        dv = (-2.0 * (z - v) / n) * (1.0 - v ** 2)
        grads["wv"] = h.T @ dv[:, None]
        grads["bv"] = dv.sum(keepdims=True)
        # policy head: d/dlogits of -π·log softmax, over the legal moves: p Σπ - π  (p - π if π sums to 1)
        dlogits = (p * pi.sum(axis=1, keepdims=True) - pi) / n
        grads["Wp"] = h.T @ dlogits
        grads["bp"] = dlogits.sum(axis=0)
        # back through the hidden layers: both heads meet at h
        dh = dlogits @ P["Wp"].T + dv[:, None] @ P["wv"].T
        for k in range(len(self.hidden), 0, -1):
            da = dh * (hs[k] > 0)                               # ReLU's derivative
            grads[f"W{k}"] = hs[k - 1].T @ da
            grads[f"b{k}"] = da.sum(axis=0)
            dh = da @ P[f"W{k}"].T
        for k in weights:
            grads[k] = grads[k] + 2.0 * l2 * P[k]
        return float(total), grads

    # -- weights on disk --------------------------------------------------------------------------
    def save(self, path) -> None:
        """Write the weights to ``path`` (a ``.npz`` file, numpy's own format), with the layer sizes."""
        np.savez(path, _sizes=np.array([self.inputs, self.moves, *self.hidden]), **self.params)

    @classmethod
    def load(cls, path) -> "Network":
        """A network with the weights :meth:`save` wrote to ``path``."""
        if not os.path.isfile(path):
            raise ArgumentError(f"no weights file at {str(path)!r}")
        with np.load(path, allow_pickle=False) as data:
            files = dict(data)
        try:
            inputs, moves, *hidden = (int(s) for s in files.pop("_sizes"))
            net = cls(inputs, moves, tuple(hidden))
        except (KeyError, ValueError, GameError):
            raise ArgumentError(f"{str(path)!r} is not a file of Network.save (no layer sizes)") from None
        if set(files) != set(net.params) or any(files[k].shape != net.params[k].shape for k in files):
            raise ArgumentError(f"{str(path)!r} does not hold the weights of {net!r}")
        net.params = {k: files[k].astype(np.float64) for k in net.params}
        return net


class Adam:
    """Adam (Kingma & Ba 2015, "Adam: a method for stochastic optimization"): each parameter moves by
    ``lr`` · m̂ / (√v̂ + eps), m and v running means of the gradient and its square, bias-corrected."""

    def __init__(self, network: Network, lr: float = 1e-3, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-8):
        self.network = network
        self.lr = number("lr", lr, above=0, what="a learning rate, a finite number")
        self.beta1, self.beta2 = (_decay(name, b) for name, b in (("beta1", beta1), ("beta2", beta2)))
        self.eps = number("eps", eps, above=0, what="a small positive number")
        self.m = {k: np.zeros_like(p) for k, p in network.params.items()}
        self.v = {k: np.zeros_like(p) for k, p in network.params.items()}
        self.t = 0

    def step(self, grads: dict) -> None:
        """One update of every parameter of the network by its gradient in ``grads``."""
        self.t += 1
        b1, b2 = self.beta1, self.beta2
        for k, g in grads.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            m_hat = self.m[k] / (1 - b1 ** self.t)
            v_hat = self.v[k] / (1 - b2 ** self.t)
            self.network.params[k] -= self.lr * m_hat / (np.sqrt(v_hat) + self.eps)


def _decay(name, b):
    b = number(name, b, least=0, most=1, what="a decay rate in [0, 1)")
    if b == 1:
        raise ArgumentError(f"{name} must be a decay rate in [0, 1), got 1 (Adam divides by 1 - {name})")
    return b


def policy_value(network: Network, encoding: Encoding, *, cache=False) -> Callable:
    """The function ``state -> ({move: probability}, value for the player to move)`` that
    ``mcts(policy_value=...)`` takes, read off ``network`` through ``encoding``.

    ``cache=True`` (or a dict to keep them in, shared by several searches and games) keeps every
    answer keyed by state, so a position met again, in the same search or the next, costs a look-up,
    not a forward pass.  A cache is right while the network's weights stay as they are: :func:`train`
    starts a new one after each round of training steps."""
    if not isinstance(network, Network):
        raise ArgumentError(f"network must be a gamelib.alphazero.Network, got {network!r:.200}")
    if not isinstance(encoding, Encoding):
        raise ArgumentError(f"encoding must be a gamelib.alphazero.Encoding, got {encoding!r:.200}")
    if network.moves != encoding.size:
        raise ArgumentError(f"{network!r} has {network.moves} policy outputs, the encoding {encoding.size} moves")
    function("encoding.features", encoding.features, "a function state -> features")
    if not isinstance(cache, (bool, dict)):
        raise ArgumentError(f"cache must be True, False or a dict to keep the answers in, got {cache!r:.200}")
    moves = encoding.moves

    def f(state):
        mask = encoding.mask(state)
        p, v = network.predict(encoding.features(state), mask)
        return {moves[i]: float(p[i]) for i in np.flatnonzero(mask)}, float(v)
    if cache is False:
        return f
    answers = {} if cache is True else cache

    def cached(state):
        answer = answers.get(state)
        if answer is None:
            answer = answers[state] = f(state)
        return answer
    return cached


# ---------------------------------------------------------------------------------------------------
# The loop: self-play with PUCT -> a replay buffer -> training (AlphaGo Zero's three steps).
# ---------------------------------------------------------------------------------------------------

def self_play(game, network: Network, encoding: Encoding, *, simulations: int, c: float = C,
              temperature_moves: int = 30, dirichlet_alpha: float | None = 0.3, dirichlet_epsilon: float = 0.25,
              seed=0, state=None, cache=False) -> list:
    """One game of the network against itself, each move chosen by :func:`~gamelib.mcts.mcts` with
    ``simulations`` PUCT simulations guided by the network, Dirichlet noise at the root, the first
    ``temperature_moves`` moves sampled by visit counts (τ = 1; AlphaZero: the first 30 moves of a
    game, which in tic-tac-toe is every move), the rest the most visited.  ``cache`` as for
    :func:`policy_value`.  Returns the training examples ``(x, mask, pi, z)``, one per position: its
    features, legal moves, the search's visit probabilities π (τ = 1) and the game's result z for the
    player to move there."""
    f = policy_value(network, encoding, cache=cache)
    whole("temperature_moves", temperature_moves, 0, unit="moves")
    rng = random.Random(python_seed("seed", seed))
    s = start_state(game, state)
    played = []
    while not game.is_terminal(s):
        r = mcts(game, s, iterations=simulations, c=c, policy_value=f, dirichlet_alpha=dirichlet_alpha,
                 dirichlet_epsilon=dirichlet_epsilon, temperature=1 if len(played) < temperature_moves else 0,
                 seed=rng.getrandbits(32))
        pi = np.zeros(encoding.size)
        for move, prob in visit_policy(r.visits, 1).items():
            pi[encoding.index[move]] = prob
        played.append((encoding.features(s), encoding.mask(s), pi, game.to_move(s)))
        s = game.result(s, r.action)
    return [(x, mask, pi, float(game.utility(s, player))) for x, mask, pi, player in played]


class ReplayBuffer:
    """The last ``capacity`` training examples; each added with every symmetry of the encoding (the same
    position turned or mirrored teaches the same thing: 8 examples for one in tic-tac-toe)."""

    def __init__(self, encoding: Encoding, capacity: int = 5000):
        self.encoding = encoding
        self.examples = deque(maxlen=whole("capacity", capacity, 1, unit="examples"))

    def __len__(self):
        return len(self.examples)

    def add(self, examples) -> None:
        """Add ``(x, mask, pi, z)`` examples, each under every symmetry of the encoding."""
        symmetries = self.encoding.symmetries or [(slice(None), slice(None))]
        for x, mask, pi, z in examples:
            for fs, ms in symmetries:
                self.examples.append((x[fs], mask[ms], pi[ms], z))

    def sample(self, n: int, rng: np.random.Generator) -> tuple:
        """A batch of ``n`` examples drawn with replacement: arrays ``(x, mask, pi, z)``."""
        picks = rng.integers(0, len(self.examples), n)
        x, mask, pi, z = zip(*(self.examples[i] for i in picks))
        return np.array(x), np.array(mask), np.array(pi), np.array(z)


class Iteration(NamedTuple):
    """One iteration of :func:`train`: its number (from 1), the self-play games' positions added, the
    mean loss over its first and its last training steps' batches, and the network's score by
    ``evaluate`` after it (None if it was not evaluated then)."""

    iteration: int
    positions: int
    loss_first: float
    loss_last: float
    score: float | None = None


class TrainResult(NamedTuple):
    """What :func:`train` returns: the network the loop kept and one :class:`Iteration` per iteration.

    ``network`` is the best checkpoint by ``evaluate`` (the first of the highest score; the network
    after the last iteration if nothing was evaluated), ``iteration`` the iteration after which it was
    taken, ``score`` its score (None without ``evaluate``), ``last`` the
    network after the last iteration run."""

    network: Network
    history: list
    iteration: int = 0
    score: float | None = None
    last: Network | None = None


def _copy(network: Network) -> Network:
    """A network with its own copy of ``network``'s weights."""
    twin = Network(network.inputs, network.moves, network.hidden)
    twin.params = {k: p.copy() for k, p in network.params.items()}
    return twin


def train(game, encoding: Encoding, *, iterations: int, games: int = 10, simulations: int = 25,
          steps: int = 50, batch: int = 64, hidden=(64,), lr: float = 1e-3, l2: float = 1e-4, c: float = C,
          capacity: int = 5000, temperature_moves: int = 30, seed=0, network: Network | None = None,
          evaluate: Callable | None = None, every: int = 1, goal: float | None = None,
          cpu_seconds: float | None = None, progress: bool = False) -> TrainResult:
    """AlphaZero's loop, up to ``iterations`` times: ``games`` games of :func:`self_play`
    (``simulations`` PUCT simulations a move, the first ``temperature_moves`` moves sampled) into a
    :class:`ReplayBuffer` with the board's symmetries, then ``steps`` Adam steps on batches of
    ``batch`` examples drawn from it.  Starts from ``network`` (not changed: a copy is trained) or a new
    one with ``hidden`` layers, seeded by ``seed``.  ``progress=True`` shows a bar.

    Training drifts: a network can play worse after more steps than before them.  So the loop keeps
    the best checkpoint: every ``every`` iterations it asks ``evaluate(network)`` for a score (higher is
    better; e.g. minus the share of games lost to a perfect player) and keeps a copy of the network
    with the highest so far; it stops as soon as a score reaches ``goal``, or, with ``cpu_seconds``, after
    the first iteration that ends with that much CPU time spent (``time.process_time``, evaluations
    included) since the loop began.  The self-play games of one
    iteration share one cache of the network's answers (:func:`policy_value`), started afresh after
    its training steps."""
    check_game(game)
    two_player(game, "train")
    whole("iterations", iterations, 1, unit="iterations")
    whole("games", games, 1, unit="self-play games")
    whole("simulations", simulations, 1, unit="simulations")
    whole("steps", steps, 1, unit="training steps")
    whole("batch", batch, 1, unit="examples")
    whole("temperature_moves", temperature_moves, 0, unit="moves")
    whole("every", every, 1, unit="iterations")
    flag("progress", progress)
    if evaluate is not None:
        function("evaluate", evaluate, "a function network -> score (higher is better), or None")
    goal = number("goal", goal, none=True, what="a score to stop at, a finite number (None: run every iteration)")
    cpu_seconds = number("cpu_seconds", cpu_seconds, above=0, none=True,
                         what="a budget of CPU seconds, a finite number (None: no budget)")
    if goal is not None and evaluate is None:
        raise ArgumentError("goal= is a score of evaluate=; give evaluate= too")
    seed = python_seed("seed", seed)
    if network is None:
        network = Network(len(encoding.features(game.initial_state)), encoding.size, hidden, seed=seed)
    elif not isinstance(network, Network):
        raise ArgumentError(f"network must be a gamelib.alphazero.Network or None, got {network!r:.200}")
    else:
        network = _copy(network)
    adam = Adam(network, lr=lr)
    buffer = ReplayBuffer(encoding, capacity)
    rng = random.Random(seed)
    np_rng = np.random.default_rng(seed)
    history = []
    best, best_iteration, best_score = None, 0, None
    from .progress import tqdm
    started = time.process_time()
    if cpu_seconds is None:
        bar = tqdm(total=iterations, desc="self-play and training", unit="iteration", disable=not progress)
    else:                                 # the budget ends the loop, so the bar counts the CPU seconds spent
        bar = tqdm(total=max(1, math.ceil(cpu_seconds)), desc="self-play and training", unit="CPU s",
                   bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} CPU s [{elapsed}<{remaining}]",  # no rate:
                   disable=not progress)                         # CPU seconds a second says nothing
    with bar:
        for k in range(iterations):
            positions = 0
            answers = {}                          # the network's answers, while its weights stay the same
            for _ in range(games):
                examples = self_play(game, network, encoding, simulations=simulations, c=c,
                                     temperature_moves=temperature_moves, seed=rng.getrandbits(32), cache=answers)
                buffer.add(examples)
                positions += len(examples)
            losses = []
            for _ in range(steps):
                loss, grads = network.loss(*buffer.sample(batch, np_rng), l2=l2)
                adam.step(grads)
                losses.append(loss)
            tenth = max(1, steps // 10)
            score = None
            if evaluate is not None and (k + 1) % every == 0:
                score = _score(evaluate(network))
                if best_score is None or score > best_score:
                    best, best_iteration, best_score = _copy(network), k + 1, score
            history.append(Iteration(k + 1, positions, float(np.mean(losses[:tenth])), float(np.mean(losses[-tenth:])),
                                     score))
            if cpu_seconds is None:
                bar.update()
            else:
                bar.update(min(int(time.process_time() - started), bar.total) - bar.n)
            if goal is not None and score is not None and score >= goal:
                bar.set_description(f"self-play and training, goal reached at iteration {k + 1}")   # not a stall
                break
            if cpu_seconds is not None and time.process_time() - started >= cpu_seconds:
                bar.set_description(f"self-play and training, {cpu_seconds:g} CPU s spent at iteration {k + 1}")
                bar.update(bar.total - bar.n)
                break
    if best is None:
        return TrainResult(network, history, len(history), None, network)
    return TrainResult(best, history, best_iteration, best_score, network)


def _score(score) -> float:
    if isinstance(score, bool) or not isinstance(score, (int, float, np.integer, np.floating)) \
            or not np.isfinite(score):
        raise ArgumentError(f"evaluate must return a score, a finite number (higher is better), got {score!r:.200}")
    return float(score)
