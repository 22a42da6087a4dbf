"""How strong is AlphaZero in miniature?  Tic-tac-toe's network (:mod:`gamelib.alphazero`) measured
against perfect play and against the exact values of every position (AIMA 4th ed. §5.4 and §22.3;
Silver et al. 2018, Science 362).

* :func:`network_agent`: an agent ``state -> action`` that plays PUCT's move guided by a network
  (:func:`gamelib.mcts.mcts` with ``policy_value=``): 50 simulations, no noise, temperature 0, ties
  among the most visited moves broken at random.
* :func:`network_against_perfect`: such an agent against a perfect player (the endgame table, choosing
  at random among its optimal moves), both colours in turn: the :class:`~gamelib.experiments.matches.Record`
  (wins, draws, losses).  Nobody beats the perfect player, so every loss is a mistake.
* :func:`uct_against_perfect`: plain UCT (random playouts, :func:`gamelib.mcts.mcts` alone) against
  the same player, in the same games (the same seed).
* :func:`network_against_uct`: the network against plain UCT (50 random playouts a move).
* :func:`exact_loss_share`: the share of games such an agent loses to the perfect player, computed
  over every line of play instead of sampled.
* :func:`network_agreement`: the value head against the exact minimax values of every non-terminal
  position (RMSE, the share with the right sign) and the policy head's favourite move against the
  optimal moves.
* :func:`train_to_perfect`: AlphaZero's loop (:func:`gamelib.alphazero.train`) keeping the network that
  does best against perfect play, cheaply first (100 games), then confirming (1,000 games); it stops at
  the first network that loses none of the 1,000, and says how many CPU seconds that took.
* :func:`train_kit_network`: how the network the kit ships was made.
* :func:`connect4_against_alphabeta`: a network on Connect Four 6 × 5 against the kit's alpha-beta
  (depth 2, 4 or 6, the course's evaluation function) from 20 seeded openings, both colours.
* :func:`train_connect4`: the same loop on Connect Four 6 × 5, within a budget of CPU seconds, keeping
  the network that does best against depth-4 alpha-beta.

Reproducible from ``seed``: the perfect player, the agent's tie-breaks and the loop draw from seeded
generators.  A search guided by a fixed network, without noise, is the same every time from the same
position, so the agent searches each position once and keeps its answer (only the tie-break is drawn
again); this changes no move, only the time a match takes.
"""
from __future__ import annotations

import math
import random
import time
from typing import Callable, NamedTuple

import numpy as np

from ..alphazero import Encoding, Network, connect4_encoding, policy_value, tictactoe_encoding, train
from ..core import MAX, MIN, ArgumentError
from ..mcts import C, mcts
from ..validate import check_game, python_seed, whole
from .matches import Record, alphabeta_agent, perfect_agent, tictactoe_table, versus
from .mcts_strength import mcts_agent

SIMULATIONS = 50
"""PUCT simulations (and UCT playouts) a move in the matches against perfect play."""


def network_agent(game, network: Network, encoding: Encoding, *, simulations: int = SIMULATIONS, c: float = C,
                  seed=0) -> Callable:
    """An agent ``state -> action``: the most visited move of :func:`gamelib.mcts.mcts` with
    ``simulations`` PUCT simulations guided by ``network`` (no root noise, temperature 0), ties among
    the most visited broken at random (``random.Random(seed)``).  Each position is searched once and
    its answer kept (the same network gives the same search), and so are the network's answers."""
    check_game(game)
    whole("simulations", simulations, 1, unit="simulations")
    f = policy_value(network, encoding, cache=True)
    rng = random.Random(python_seed("seed", seed))
    searched = {}

    def agent(state):
        ties = searched.get(state)
        if ties is None:
            ties = searched[state] = mcts(game, state, iterations=simulations, c=c, policy_value=f).ties
        return ties[0] if len(ties) == 1 else rng.choice(ties)
    agent.__name__ = f"puct({simulations})"
    return agent


def network_against_perfect(network: Network, *, games: int = 1000, simulations: int = SIMULATIONS, seed=0,
                            encoding: Encoding | None = None, progress: bool = False) -> Record:
    """The :class:`~gamelib.experiments.matches.Record` of ``network`` (guided PUCT, :func:`network_agent`)
    against perfect play on tic-tac-toe in ``games`` games, X and O in turn."""
    table = tictactoe_table()
    game = table.game
    encoding = tictactoe_encoding() if encoding is None else encoding
    return versus(game, network_agent(game, network, encoding, simulations=simulations, seed=seed),
                  perfect_agent(game, table, seed), games=games, seed=seed, progress=progress)


def uct_against_perfect(*, games: int = 1000, playouts: int = SIMULATIONS, seed=0, progress: bool = False) -> Record:
    """The :class:`~gamelib.experiments.matches.Record` of plain UCT (``playouts`` random playouts a move,
    no network) against perfect play on tic-tac-toe, in the games :func:`network_against_perfect` plays
    with the same ``seed`` (the same perfect player, the same colours)."""
    table = tictactoe_table()
    game = table.game
    return versus(game, mcts_agent(game, iterations=playouts, seed=seed), perfect_agent(game, table, seed),
                  games=games, seed=seed, progress=progress)


def network_against_uct(network: Network, *, games: int = 100, simulations: int = SIMULATIONS,
                        playouts: int = SIMULATIONS, seed=0, encoding: Encoding | None = None,
                        progress: bool = False) -> Record:
    """The :class:`~gamelib.experiments.matches.Record` of ``network`` (guided PUCT, :func:`network_agent`)
    against plain UCT with ``playouts`` random playouts a move on tic-tac-toe, X and O in turn.  Each of
    UCT's searches draws a new seed from ``random.Random(seed)``, so its games differ (an agent seeded
    by the state would play the same two games over and over against a network)."""
    table = tictactoe_table()
    game = table.game
    encoding = tictactoe_encoding() if encoding is None else encoding
    whole("playouts", playouts, 1, unit="playouts")
    rng = random.Random(python_seed("seed", seed))

    def uct(state):
        return mcts(game, state, iterations=playouts, seed=rng.getrandbits(32)).action
    return versus(game, network_agent(game, network, encoding, simulations=simulations, seed=seed), uct,
                  games=games, seed=seed, progress=progress)


class NetworkAgreement(NamedTuple):
    """A network measured against tic-tac-toe's exact values, on its non-terminal positions.

    value_rmse      root-mean-square error of the value head against the exact minimax value (for the
                    player to move: +1 a win, 0 a draw, -1 a loss)
    value_sign      the share of won or lost positions where the value has the right sign
    policy_optimal  the share of positions where the policy's most probable move is an optimal move
    positions       the number of positions measured (4,520: the 5,478 positions less the 958 where
                    the game is over, which the network is never asked about)
    """

    value_rmse: float
    value_sign: float
    policy_optimal: float
    positions: int

    def __str__(self):
        return (f"value RMSE {self.value_rmse:.3f}, right sign {self.value_sign:.1%}, "
                f"policy's top move optimal {self.policy_optimal:.1%} ({self.positions:,} positions)")


def network_agreement(network: Network, encoding: Encoding | None = None) -> NetworkAgreement:
    """``network``'s heads on every non-terminal tic-tac-toe position (one batched forward pass) against
    the exact values of the endgame table: see :class:`NetworkAgreement`."""
    if not isinstance(network, Network):
        raise ArgumentError(f"network must be a gamelib.alphazero.Network, got {network!r:.200}")
    encoding = tictactoe_encoding() if encoding is None else encoding
    table = tictactoe_table()
    game = table.game
    states = [s for s in table.moves if not game.is_terminal(s)]
    x = np.array([encoding.features(s) for s in states])
    mask = np.array([encoding.mask(s) for s in states])
    p, v = network.predict(x, mask)
    exact = np.array([table.value(s) * (1 if game.to_move(s) == MAX else -1) for s in states], dtype=float)
    decided = exact != 0
    top = p.argmax(axis=1)
    optimal = [table.value(game.result(s, encoding.moves[i])) == table.value(s) for s, i in zip(states, top)]
    return NetworkAgreement(float(np.sqrt(np.mean((v - exact) ** 2))),
                            float(np.mean(np.sign(v[decided]) == exact[decided])),
                            float(np.mean(optimal)), len(states))


class Checkpoint(NamedTuple):
    """One evaluation in :func:`train_to_perfect`: after ``iteration`` iterations (``games`` self-play
    games), the games lost to perfect play out of ``played`` (100, or 1,000 to confirm a clean 100)
    and the CPU seconds from the start."""

    iteration: int
    games: int
    lost: int
    played: int
    seconds: float


class PerfectRun(NamedTuple):
    """What :func:`train_to_perfect` returns.

    network      the best checkpoint (losing none of 1,000 games if ``reached``)
    iteration    the iteration after which it was taken
    reached      whether a network lost none of the confirming games
    seconds      CPU seconds (``time.process_time``) from a new network to the end, evaluations included
    checkpoints  every evaluation, a :class:`Checkpoint`
    history      the loop's :class:`~gamelib.alphazero.Iteration` s
    """

    network: Network
    iteration: int
    reached: bool
    seconds: float
    checkpoints: list
    history: list


def train_to_perfect(*, seed=0, iterations: int = 200, games: int = 10, simulations: int = SIMULATIONS,
                     every: int = 5, quick: int = 100, confirm: int = 1000, test_seed=0, hidden=(64,),
                     measure: Callable | None = None, progress: bool = False, **options) -> PerfectRun:
    """AlphaZero's loop on tic-tac-toe from a new network (seeded by ``seed``) until a network loses
    none of ``confirm`` games against perfect play, or ``iterations`` iterations.  Every ``every``
    iterations the network plays ``quick`` games (:func:`network_against_perfect`, seeded by
    ``test_seed``); if it loses none, ``confirm`` games.  The loop keeps the network that lost the
    smallest share of the longest test it took.  ``measure(iteration, network)``, if given, is called at
    every evaluation, its time not counted (a learning curve).  Other keywords go to
    :func:`gamelib.alphazero.train` (``steps``, ``lr``, ...)."""
    whole("quick", quick, 1, unit="games")
    whole("confirm", confirm, 1, unit="games")
    python_seed("test_seed", test_seed)
    game = tictactoe_table().game                      # built before the clock starts: it is not training
    encoding = tictactoe_encoding()
    checkpoints = []
    done = [0]
    paused = [0.0]
    start = time.process_time()

    def evaluate(network):
        done[0] += every
        record = network_against_perfect(network, games=quick, simulations=simulations, seed=test_seed,
                                         encoding=encoding)
        played = quick
        if record.losses == 0:
            record = network_against_perfect(network, games=confirm, simulations=simulations, seed=test_seed,
                                             encoding=encoding)
            played = confirm
        checkpoints.append(Checkpoint(done[0], done[0] * games, record.losses, played,
                                      time.process_time() - start - paused[0]))
        if measure is not None:
            t = time.process_time()
            measure(done[0], network)
            paused[0] += time.process_time() - t
        return -record.losses / played                  # the share of games lost, negated: higher is better

    r = train(game, encoding, iterations=iterations, games=games, simulations=simulations, hidden=hidden,
              seed=seed, evaluate=evaluate, every=every, goal=0.0, progress=progress, **options)
    seconds = time.process_time() - start - paused[0]
    reached = bool(checkpoints) and checkpoints[-1].lost == 0 and checkpoints[-1].played == confirm
    return PerfectRun(r.network, r.iteration, reached, seconds, checkpoints, r.history)


def exact_loss_share(network: Network, *, simulations: int = SIMULATIONS, encoding: Encoding | None = None) -> float:
    """The expected share of games ``network`` (:func:`network_agent`) loses against the perfect player,
    computed exactly instead of sampled: both colours equally often, the perfect player's optimal moves
    and the agent's tied moves each taken with equal probability, as in the matches."""
    table = tictactoe_table()
    game = table.game
    encoding = tictactoe_encoding() if encoding is None else encoding
    f = policy_value(network, encoding, cache=True)
    searched, lost = {}, {}

    def loss(state, side) -> float:
        key = (state, side)
        if key not in lost:
            if game.is_terminal(state):
                lost[key] = float(game.utility(state, side) < 0)
            elif game.to_move(state) == side:
                if state not in searched:
                    searched[state] = mcts(game, state, iterations=simulations, policy_value=f).ties
                lost[key] = math.fsum(loss(game.result(state, a), side) for a in searched[state]) / len(searched[state])
            else:
                best = table.value(state)
                moves = [a for a in game.actions(state) if table.value(game.result(state, a)) == best]
                lost[key] = math.fsum(loss(game.result(state, a), side) for a in moves) / len(moves)
        return lost[key]
    return (loss(game.initial_state, MAX) + loss(game.initial_state, MIN)) / 2




def train_kit_network(*, iterations: int = 300, seed=1, steps: int = 200, every: int = 10,
                      progress: bool = False):
    """How the network the kit ships (:func:`gamelib.alphazero.tictactoe_network`) was made: AlphaZero's
    loop on tic-tac-toe (10 self-play games an iteration, 50 PUCT simulations a move, ``steps`` Adam
    steps), keeping, of the checkpoints every ``every`` iterations, one that loses no line of play to
    the perfect player (:func:`exact_loss_share`) with the smallest value RMSE.  A
    :class:`~gamelib.alphazero.TrainResult`; about a minute of CPU with the defaults."""
    game, encoding = tictactoe_table().game, tictactoe_encoding()

    def evaluate(network):
        return -exact_loss_share(network, encoding=encoding) - network_agreement(network, encoding).value_rmse / 100
    return train(game, encoding, iterations=iterations, games=10, simulations=SIMULATIONS, steps=steps, seed=seed,
                 evaluate=evaluate, every=every, progress=progress)


# ---------------------------------------------------------------------------------------------------
# Connect Four on 6 columns by 5 rows: no perfect player at hand, so the yardstick is the course's own
# depth-limited alpha-beta (AIMA Fig. 5.7 with H-MINIMAX's cutoff, the notes' weighted-sum evaluation).
# ---------------------------------------------------------------------------------------------------

CONNECT4_SIMULATIONS = 200
"""PUCT simulations a move for the Connect Four network in its matches against alpha-beta."""
CONNECT4_SELECTION_SEED = 17
"""The openings :func:`train_connect4` chooses its checkpoint by: drawn apart from those a network is
tested on (:func:`connect4_against_alphabeta`'s default seed, 7), since the best of many checkpoints on
one set of openings flatters its record there (measured: lost 2 of 40 there, 6 and 7 on other openings)."""


def connect4_against_alphabeta(network: Network, *, depth: int = 4, openings: int = 20,
                               simulations: int = CONNECT4_SIMULATIONS, seed=7, rows: int = 5, cols: int = 6,
                               progress: bool = False) -> Record:
    """The :class:`~gamelib.experiments.matches.Record` of ``network`` (guided PUCT, :func:`network_agent`,
    ``simulations`` a move) on Connect Four ``rows`` × ``cols`` against the kit's alpha-beta searching
    ``depth`` plies with :func:`gamelib.games.connect4.evaluation` at the horizon, from ``openings``
    openings of two random moves drawn from ``random.Random(seed)``, each played with both colours
    (2 · ``openings`` games)."""
    from ..games.connect4 import Connect4, evaluation

    whole("openings", openings, 1, unit="openings")
    game, encoding = Connect4(rows=rows, cols=cols), connect4_encoding(rows, cols)
    agent = network_agent(game, network, encoding, simulations=simulations, seed=seed)
    return versus(game, agent, alphabeta_agent(game, evaluation(), depth=depth), games=2 * openings, seed=seed,
                  opening_plies=2, progress=progress)


class Connect4Run(NamedTuple):
    """What :func:`train_connect4` returns: the best checkpoint against depth-4 alpha-beta, the iteration
    after which it was taken, its record there (on the openings it was chosen by), the CPU seconds spent
    (evaluations included) and every evaluation as ``(iteration, CPU seconds, Record)``."""

    network: Network
    iteration: int
    record: Record
    seconds: float
    checkpoints: list


def train_connect4(*, cpu_seconds: float = 1200, seed=0, games: int = 20, simulations: int = 100, steps: int = 50,
                   batch: int = 128, hidden=(128,), temperature_moves: int = 10, every: int = 10,
                   openings: int = 20, progress: bool = False, **options) -> Connect4Run:
    """AlphaZero's loop (:func:`gamelib.alphazero.train`) on Connect Four 6 × 5 from a new network, for
    ``cpu_seconds`` of CPU (evaluations included): ``games`` self-play games an iteration with
    ``simulations`` PUCT simulations a move, the first ``temperature_moves`` moves sampled.  Every
    ``every`` iterations the network plays :func:`connect4_against_alphabeta` at depth 4 from the openings
    of :data:`CONNECT4_SELECTION_SEED`, not those it is tested on; the loop keeps the network with the best
    wins - 5 · losses there, and stops early once it wins every game.  Other keywords go to ``train``."""
    from ..games.connect4 import Connect4

    game, encoding = Connect4(rows=5, cols=6), connect4_encoding(5, 6)
    start = time.process_time()
    checkpoints = []

    def evaluate(network):
        record = connect4_against_alphabeta(network, depth=4, openings=openings, seed=CONNECT4_SELECTION_SEED)
        checkpoints.append(((len(checkpoints) + 1) * every, time.process_time() - start, record))
        return record.wins - 5 * record.losses

    r = train(game, encoding, iterations=10 ** 6, games=games, simulations=simulations, steps=steps, batch=batch,
              hidden=hidden, temperature_moves=temperature_moves, seed=seed, evaluate=evaluate, every=every,
              goal=2 * openings, cpu_seconds=cpu_seconds, progress=progress, **options)
    if not checkpoints:
        raise ArgumentError(f"cpu_seconds={cpu_seconds!r} ended before the first evaluation (after {every} "
                            "iterations); give more time or a smaller every=")
    record = next(rec for k, _, rec in checkpoints if k == r.iteration)
    return Connect4Run(r.network, r.iteration, record, time.process_time() - start, checkpoints)
