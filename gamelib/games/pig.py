"""The dice game Pig, a game of chance whose state graph has cycles, and its exact solution by value
iteration (Neller & Presser, "Optimal Play of the Dice Game Pig", The UMAP Journal 25(1), 2004).

Rules.  Two players take turns.  On your turn you roll a die as often as you like: a 1 ends your turn
and you score nothing for it (the turn total is lost); a 2..6 adds to your turn total; you may *hold*,
banking the turn total and passing the turn.  The first to reach the target (100) wins.

As a gamelib game (AIMA §5.5; CS221's expectiminimax with a third player, the die):

* MAX moves first.  A state is a :class:`PigState` ``(max_score, min_score, turn_total, player,
  rolling)``: ``player`` is whose turn it is, ``rolling`` says a die is in the air.
* The player to move chooses ``'roll'`` or ``'hold'``.  ``'roll'`` leads to a CHANCE state (same
  scores, ``rolling=True``) whose outcomes are the faces ``[(1, 1/6), (2, 1/6), ..., (6, 1/6)]``.
* **Holding with turn total 0 is not allowed** (a turn starts with a roll).  It could never help:
  at turn total 0, rolling is always at least as good as passing (a 1 passes the turn just as holding
  would, and any other face only adds to your score), so forbidding it changes no value
  (the kit's tests check that the solution satisfies Neller & Presser's equations, where holding
  at 0 is allowed, too).  It also removes the pointless hold-hold-hold... cycle, so the game ends with
  probability 1 whatever the players do.
* **The game ends as soon as a player's score plus turn total reaches the target**: the turn total is
  banked at once.  (In Neller & Presser's telling the player must still say "hold"; they set the win
  probability of such states to 1 because holding wins, so the values are the same.)
* UTILITY is +1 if MAX wins and -1 if MIN wins.  There are no draws, so a MAX win probability p is an
  expected utility of ``p*(+1) + (1-p)*(-1) = 2p - 1``, and expectiminimax values are ``2p - 1``.

The state graph has cycles (a 1 returns both players to an earlier pair of scores), so expectiminimax
can only search it to a depth, with an evaluation function (AIMA Eq. 5.2): :func:`evaluation` is a
simple one; the exact one is a solution's :meth:`PigSolution.value`.

Exact optimal play: :func:`solve` computes P[i, j, k], the probability that the player to move wins
with score i, opponent's score j and turn total k, by value iteration on Neller & Presser's equations::

    P[i, j, k] = max(roll, hold)
    roll = (1/6) (1 - P[j, i, 0])  +  sum over faces f = 2..6 of (1/6) P[i, j, k+f]     (1 if i+k+f >= target)
    hold = 1 - P[j, i+k, 0]                                                              (only for k >= 1)

It is the expectiminimax recurrence with the opponent's turns folded in by symmetry (the opponent is
the same optimal player, and its win probability is one minus mine), the game analogue of value
iteration for MDPs (CS221's lecture notes).  :func:`duel` evaluates fixed policies against each other
(CS221's game evaluation, V_eval) or a best response to a fixed one (expectimax).

>>> game = Pig(target=10)
>>> s = game.result(game.initial_state, "roll")
>>> game.to_move(s), game.chance_outcomes(s)[:2]
('CHANCE', [(1, 0.16666666666666666), (2, 0.16666666666666666)])
>>> game.result(s, 4)
PigState(max_score=0, min_score=0, turn_total=4, player='MAX', rolling=False)
>>> sol = solve(target=10)
>>> round(sol.win_probability(0, 0), 4), sol.policy(0, 0, 4)
(0.7094, 'roll')
"""
from __future__ import annotations

import time
from functools import cached_property
from typing import NamedTuple

import numpy as np

from ..core import CHANCE, MAX, MIN, ArgumentError, Game, GameError, StateError, opponent, trusted
from ..evaluation import WeightedSum
from ..validate import choice, flag, guard_size, number, whole

ROLL, HOLD = "roll", "hold"


class PigState(NamedTuple):
    """A Pig position: both banked scores, the turn total of ``player`` (whose turn it is: MAX or MIN),
    and whether a die is in the air (``rolling``: CHANCE is to move).  Immutable and hashable."""

    max_score: int = 0
    min_score: int = 0
    turn_total: int = 0
    player: str = MAX
    rolling: bool = False

    def scores(self) -> tuple[int, int, int]:
        """``(my_score, opponent_score, turn_total)`` from the point of view of ``player``: the
        (i, j, k) of Neller & Presser's P[i, j, k]."""
        if self.player == MAX:
            return self.max_score, self.min_score, self.turn_total
        return self.min_score, self.max_score, self.turn_total


class Pig(Game):
    """``Pig(target=100, die=6)``: the dice game Pig for two players, MAX moving first.

    Actions ``'roll'`` and ``'hold'`` (``'hold'`` only with a positive turn total); after ``'roll'``
    the CHANCE player's outcomes are the faces 1..die, each with probability 1/die.  UTILITY: +1 if MAX
    reaches the target first, -1 if MIN does (a MAX win probability p is an expected utility 2p - 1).
    """

    ACTIONS = (ROLL, HOLD)
    cyclic = True       # a 1 passes the turn back: positions repeat, so searches need a depth

    def __init__(self, target: int = 100, die: int = 6):
        for name, value, least in (("target", target, 1), ("die", die, 2)):
            if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < least:
                raise ArgumentError(f"Pig needs a whole number {name} >= {least}, got {value!r}")
        self.target, self.die = int(target), int(die)
        self.faces = tuple(range(1, self.die + 1))
        self._outcomes = [(f, 1 / self.die) for f in self.faces]
        self.initial_state = PigState()

    def to_move(self, state):
        return CHANCE if state.rolling else state.player

    def actions(self, state):
        if state.rolling or self.is_terminal(state):
            return ()
        return self.ACTIONS if state.turn_total > 0 else (ROLL,)

    @trusted
    def chance_outcomes(self, state):
        if not state.rolling or self.is_terminal(state):
            return super().chance_outcomes(state)
        return list(self._outcomes)

    def result(self, state, action):
        if self.is_terminal(state):
            raise self.illegal(state, action)
        if state.rolling:
            if action.__class__ is not int and (isinstance(action, bool) or not isinstance(
                    action, np.integer)) or action not in self.faces:   # 2.0 == 2, True == 1: not faces
                raise self.illegal(state, action)
            if action == 1:  # pig out: the turn total is lost and the turn passes
                return state._replace(turn_total=0, player=opponent(state.player), rolling=False)
            total = state.turn_total + action
            mine = state.scores()[0]
            if mine + total >= self.target:  # reached the target: banked at once, game over
                return self._bank(state._replace(turn_total=total, rolling=False))
            return state._replace(turn_total=total, rolling=False)
        if action not in self.actions(state):
            raise self.illegal(state, action)
        if action == ROLL:
            return state._replace(rolling=True)
        return self._bank(state)

    @staticmethod
    def _bank(state):
        """Add the turn total to the mover's score and pass the turn."""
        if state.player == MAX:
            state = state._replace(max_score=state.max_score + state.turn_total)
        else:
            state = state._replace(min_score=state.min_score + state.turn_total)
        return state._replace(turn_total=0, player=opponent(state.player), rolling=False)

    def is_terminal(self, state):
        return state.max_score >= self.target or state.min_score >= self.target

    @trusted
    def utility(self, state, player):
        u = 1 if state.max_score >= self.target else -1
        if player == MAX:
            return u
        if player == MIN:
            return -u
        raise GameError(f"utility is asked for MAX or MIN, got player {player!r}")

    def check_state(self, state) -> None:
        """Raise :class:`~gamelib.core.StateError` unless ``state`` is a :class:`PigState` of this game:
        whole-number scores and turn total >= 0, player MAX or MIN, ``rolling`` True or False, at most
        one player at the target, nothing in hand or in the air once the game is over, and (before it
        is over) the mover's score plus turn total below the target."""
        if not isinstance(state, PigState):
            raise StateError(f"{state!r} is not a Pig position (a PigState)")
        for name in ("max_score", "min_score", "turn_total"):
            v = getattr(state, name)
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
                raise StateError(f"{state!r}: {name} must be a whole number >= 0, got {v!r}")
        if not isinstance(state.player, str) or state.player not in (MAX, MIN):
            raise StateError(f"{state!r}: player must be MAX or MIN, got {state.player!r}")
        if not isinstance(state.rolling, (bool, np.bool_)):
            raise StateError(f"{state!r}: rolling must be True or False, got {state.rolling!r}")
        if state.max_score >= self.target and state.min_score >= self.target:
            raise StateError(f"{state!r}: both players have reached the target {self.target}; the game "
                             "ends when the first one does")
        if self.is_terminal(state) and (state.turn_total or state.rolling):
            raise StateError(f"{state!r}: the game is over (a player reached {self.target}), so nothing "
                             "is in hand and no die is in the air")
        if not self.is_terminal(state) and state.scores()[0] + state.turn_total >= self.target:
            raise StateError(f"{state!r}: score plus turn total reaches the target {self.target}, which "
                             "ends the game at once (the total is banked), so this position never arises")

    def __repr__(self):
        return f"Pig(target={self.target}, die={self.die})"


# ---------------------------------------------------------------------------------------------------
# A heuristic evaluation function (AIMA §5.3.1): what a depth-limited search scores its cut-off states
# with.  Zell's slides warn that at chance nodes an evaluation must be a positive linear transformation of
# the probability of winning; this one is not, the solver's 2p - 1 (PigSolution.value) is.
# ---------------------------------------------------------------------------------------------------

def evaluation(target: int = 100, weights: dict | None = None) -> WeightedSum:
    """A simple Pig EVAL for MAX: ``0.5·lead + 0.25·turn``, where ``lead`` is (MAX's score - MIN's
    score) / target and ``turn`` is the turn total / target, counted for MAX if it is MAX's turn and
    against MAX if it is MIN's.  Both features lie in (-1, 1), so |EVAL| < 0.75: a real win or loss
    (±1) always outranks an estimate.

    >>> ev = evaluation(100)
    >>> ev(PigState(max_score=40, min_score=20, turn_total=8, player="MIN"))
    0.08
    """
    whole("target", target, 1)

    def lead(s):
        return (s.max_score - s.min_score) / target

    def turn(s):
        return (s.turn_total if s.player == MAX else -s.turn_total) / target

    return WeightedSum({"lead": lead, "turn": turn},
                       {"lead": 0.5, "turn": 0.25} if weights is None else weights)


# ---------------------------------------------------------------------------------------------------
# Value iteration.  Internally the arrays are indexed [k, i, j] (turn total first) so that the sweep
# over turn totals works on contiguous (i, j) planes; the solution exposes them as [i, j, k].
# Rows i >= target - k of plane k are states where my score plus turn total has reached the target:
# the mover has won, so they hold 1 and are never updated.
# ---------------------------------------------------------------------------------------------------

def _start(target: int, die: int) -> np.ndarray:
    """The initial values: 1 where the mover has reached the target (i + k >= target), else 0.  Planes
    k = 0 .. target + die - 1, so that k + face is always inside the array."""
    k = np.arange(target + die)[:, None, None]
    i = np.arange(target)[None, :, None]
    return np.broadcast_to(i + k >= target, (target + die, target, target)).astype(float)


def _sweep(P: np.ndarray, opponent_start: np.ndarray, die: int, rolls=None) -> float:
    """One Gauss-Seidel sweep of value iteration, in place, over turn totals k = target-1, ..., 1, 0.

    ``P[k, i, j]``: the mover's win probability (my score i, opponent's j, turn total k).
    ``opponent_start[j, i]``: the opponent's win probability at the start of its turn (its score j,
    mine i, turn total 0), held fixed during the sweep.
    ``rolls``: None to choose the better action (max), or a boolean ``[k, i, j]`` array, a fixed
    policy's choice (True = roll).  At k = 0 the mover always rolls.

    Going down in k, every P[k + face] a state needs has already been updated this sweep, so one
    sweep plays out the current turn exactly, given ``opponent_start``.  Returns the largest change.

    For each k the step is ``roll = (Q + P[k+2] + ... + P[k+die]) / die``, ``new = max(roll, hold)``.
    It is computed in two work planes allocated once per sweep (``out=``), not in fresh arrays per
    turn total: at target 500 those temporaries, a few MB each, made the C library hand memory back
    to the system and fault it in again, about 40 % of the solve's time.  The values are the same to
    the bit (the kit's tests check them against the plain formula).
    """
    target = P.shape[1]
    # Q[m, j]: my win probability when the opponent starts its turn and I have m (my turn just ended).
    Q = 1.0 - opponent_start.T.copy()                  # C order: its rows are read below, a plane at a time
    roll_plane, change_plane = np.empty_like(Q), np.empty_like(Q)
    change = 0.0
    for k in range(target - 1, -1, -1):
        n = target - k  # the live rows: i + k < target
        roll = roll_plane[:n]
        np.sum(P[k + 2:k + die + 1, :n], axis=0, out=roll)  # faces 2..die: the turn goes on
        np.add(Q[:n], roll, out=roll)                       # a 1: the turn total is lost
        roll /= die
        new = roll
        if k > 0:
            hold = Q[k:]  # hold: bank k, my score becomes i + k, the opponent starts
            if rolls is None:
                np.maximum(roll, hold, out=new)
            else:
                np.copyto(new, hold, where=~rolls[k, :n])
        gap = change_plane[:n]
        np.subtract(new, P[k, :n], out=gap)
        change = max(change, float(np.abs(gap, out=gap).max()))
        P[k, :n] = new
    return change


def _bellman(P: np.ndarray, die: int):
    """The Bellman right-hand sides at every state, from the current P (synchronous: Jacobi).

    Returns ``(roll, hold, live)``, arrays ``[k, i, j]`` for k < target: the value of rolling, of
    holding (at k = 0, the value holding *would* have, 1 - P[j, i, 0]; it is not a legal move), and
    the mask of real states (i + k < target)."""
    target = P.shape[1]
    Q = 1.0 - P[0].T
    roll = Q[None] + sum(P[f:f + target] for f in range(2, die + 1))
    roll /= die
    Q_ext = np.vstack([Q, np.ones((target, target))])  # holding past the target wins
    k = np.arange(target)[:, None]
    i = np.arange(target)[None, :]
    hold = Q_ext[k + i]  # hold[k, i, j] = Q[i + k, j]
    live = np.broadcast_to((k + i < target)[:, :, None], roll.shape)
    return roll, hold, live


def _bellman_planes(P: np.ndarray, die: int):
    """The Bellman right-hand sides of :func:`_bellman`, one turn total at a time: yields
    ``(roll[k], hold[k])`` for k = 0 .. target - 1, each an (i, j) plane, the same numbers
    :func:`_bellman` computes for plane k (added in the same order), in O(target^2) memory."""
    target = P.shape[1]
    Q = 1.0 - P[0].T
    Q_ext = np.vstack([Q, np.ones((target, target))])    # holding past the target wins
    for k in range(target):
        faces = P[k + 2].copy()                            # sum over faces 2..die of P[k + face]
        for f in range(3, die + 1):
            faces += P[k + f]
        roll = Q + faces
        roll /= die
        yield roll, Q_ext[k:k + target]                   # hold[k, i, j] = Q[i + k, j]


def _backup(roll, hold):
    """max(roll, hold), with roll forced at k = 0."""
    best = np.maximum(roll, hold)
    best[0] = roll[0]
    return best


def _progress(progress, desc):
    if not progress:
        return None
    from ..progress import tqdm
    return tqdm(desc=desc, unit=" sweeps")


class PigSolution:
    """Optimal play of Pig, as computed by :func:`solve`.

    Arrays, indexed ``[i, j, k]`` = (my score, opponent's score, turn total), shape (target,)*3, for
    the player to move:

    ``P``       the probability of winning under optimal play by both (1 where i + k >= target);
    ``roll``    the value of rolling, ``(1/die) (1 - P[j, i, 0]) + sum_f (1/die) P[i, j, k+f]``;
    ``hold``    the value of holding, ``1 - P[j, i+k, 0]`` (at k = 0 the value holding would have if
                it were allowed);
    ``rolls``   the optimal decision, True = roll (ties go to 'roll', the first action listed; at
                k = 0 always True).

    Also ``target``, ``die``, ``method``, ``sweeps`` (iterations of value iteration), ``change`` (the
    largest change in the last one), ``residual`` (the Bellman residual of the returned P:
    max over real states of |P - max(roll, hold)|), ``seconds``.

    Methods: :meth:`win_probability`, :meth:`policy` (by scores), :meth:`value`, :meth:`action`,
    :meth:`as_policy` (by :class:`PigState`), :meth:`hold_threshold`, :meth:`game`.
    """

    def __init__(self, P_kij, die, method, sweeps, change, seconds):
        target = P_kij.shape[1]
        self.target, self.die, self.method = target, die, method
        self.sweeps, self.change, self.seconds = sweeps, change, seconds
        self._P_kij = P_kij
        self.P = P_kij[:target].transpose(1, 2, 0)           # [i, j, k]: a view, not a copy
        # One pass over the turn totals, a plane of (i, j) at a time: the Bellman residual and the
        # optimal decisions, without ever holding a whole roll or hold table (roll and hold below
        # are computed when first asked for).
        rolls_kij = np.zeros((target, target, target), dtype=bool)
        residual = 0.0
        for k, (roll, hold) in enumerate(_bellman_planes(P_kij, die)):
            n = target - k                                   # the live rows: i + k < target
            best = roll[:n] if k == 0 else np.maximum(roll[:n], hold[:n])
            residual = max(residual, float(np.abs(best - P_kij[k, :n]).max()))
            rolls_kij[k, :n] = True if k == 0 else roll[:n] >= hold[:n]
        self.residual = residual
        self.rolls = rolls_kij.transpose(1, 2, 0)            # True = roll; False where already won
        self.rolls.flags.writeable = False
        self._game = Pig(target, die)

    @cached_property
    def roll(self) -> np.ndarray:
        """``roll[i, j, k]``: the value of rolling (NaN where the mover has already won)."""
        return self._table(0)

    @cached_property
    def hold(self) -> np.ndarray:
        """``hold[i, j, k]``: the value of holding (NaN where the mover has already won)."""
        return self._table(1)

    def _table(self, which: int) -> np.ndarray:
        target = self.target
        out = np.full((target, target, target), np.nan)
        for k, planes in enumerate(_bellman_planes(self._P_kij, self.die)):
            out[k, :target - k] = planes[which][:target - k]
        return out.transpose(1, 2, 0)

    # --- by scores (Neller & Presser's i, j, k) --------------------------------------------------
    def _check(self, my_score, opponent_score, turn_total):
        for name, v in (("my_score", my_score), ("opponent_score", opponent_score),
                        ("turn_total", turn_total)):
            if not isinstance(v, (int, np.integer)) or isinstance(v, bool) or v < 0:
                raise ArgumentError(f"{name} must be a whole number >= 0, got {v!r}")
        if opponent_score >= self.target:
            raise ArgumentError(f"opponent_score {opponent_score} >= target {self.target}: "
                             "the opponent has already won")

    def win_probability(self, my_score: int, opponent_score: int, turn_total: int = 0) -> float:
        """P[i, j, k]: the probability that the player to move, with ``my_score`` banked and
        ``turn_total`` in hand, wins against ``opponent_score``, both playing optimally.  1 if
        my_score + turn_total already reaches the target."""
        self._check(my_score, opponent_score, turn_total)
        if my_score + turn_total >= self.target:
            return 1.0
        return float(self.P[my_score, opponent_score, turn_total])

    def policy(self, my_score: int, opponent_score: int, turn_total: int) -> str:
        """The optimal action, ``'roll'`` or ``'hold'``, for the player to move.  ``'roll'`` at turn
        total 0 (holding 0 is not a move); ``'hold'`` once my_score + turn_total reaches the target
        (holding wins at once; in :class:`Pig` the game has already ended there)."""
        self._check(my_score, opponent_score, turn_total)
        if my_score + turn_total >= self.target:
            return HOLD
        return ROLL if self.rolls[my_score, opponent_score, turn_total] else HOLD

    def hold_threshold(self) -> np.ndarray:
        """``h[i, j]``: the smallest turn total k >= 1 at which the optimal player with score i, facing
        j, holds; ``target - i`` if it never holds (it rolls on until it has won).

        The policy is *nearly* "roll below h, hold from h on" but not quite: in a few states it rolls
        again above h (a turn total jumped over the hold region by a big face), so pictures drawn from
        h are a summary; ``rolls`` is the policy itself."""
        T = self.target
        holds = ~self.rolls.copy()
        holds[:, :, 0] = False
        k = np.arange(T)[None, None, :]
        first = np.where(holds, k, T).min(axis=2)
        never = T - np.arange(T)[:, None]
        return np.minimum(first, never)

    # --- by game state ----------------------------------------------------------------------------
    def game(self) -> Pig:
        """The :class:`Pig` game this solves."""
        return Pig(self.target, self.die)

    def _check_state(self, state) -> None:
        self._game.check_state(state)    # a negative score would silently wrap round an index

    def _mover_probability(self, state) -> float:
        i, j, k = state.scores()
        if i + k >= self.target:
            return 1.0
        return float(self.roll[i, j, k] if state.rolling else self.P[i, j, k])

    def value(self, state: PigState) -> float:
        """MAX's expected utility at ``state`` under optimal play: 2p - 1 for MAX's win probability p.

        Works at decision states, CHANCE states (the value of the roll: the average over the faces)
        and terminal states (the utility), so it is an exact evaluation function for a depth-limited
        :func:`gamelib.expectiminimax` (``evaluate=solution.value``)."""
        self._check_state(state)
        if state.max_score >= self.target or state.min_score >= self.target:
            return 1.0 if state.max_score >= self.target else -1.0
        p = self._mover_probability(state)
        p_max = p if state.player == MAX else 1.0 - p
        return 2.0 * p_max - 1.0

    def action(self, state: PigState) -> str:
        """The optimal action at a decision ``state`` of the game."""
        self._check_state(state)
        if state.rolling:
            raise GameError(f"a die is in the air at {state!r}: CHANCE is to move, nobody chooses")
        return self.policy(*state.scores())

    def as_policy(self):
        """This solution as a gamelib policy (state -> {action: 1.0}), for :func:`gamelib.play`; it
        serves whichever player is to move."""
        def optimal(state):
            return {self.action(state): 1.0}
        optimal.__name__ = "optimal"
        return optimal

    def __repr__(self):
        return (f"PigSolution(target={self.target}, die={self.die}, P[0,0,0]={self.P[0, 0, 0]:.6f}, "
                f"method={self.method!r}, sweeps={self.sweeps}, residual={self.residual:.1e})")


MAX_STATES = 50_000_000
"""The size guard of :func:`solve` and :func:`duel`: values in the table, (target + die) x target^2
(about 400 MB of floats per table; target 100 has about 10^6)."""


def _check_solver(target, die, tol, max_sweeps, max_states, tables) -> None:
    """The argument checks of :func:`solve` and :func:`duel` (``tables``: how many they keep)."""
    Pig(target, die)
    number("tol", tol, above=0, what="a number (the largest change that counts as converged)")
    whole("max_sweeps", max_sweeps, 1)
    whole("max_states", max_states, 1, none=True)
    guard_size(tables * (target + die) * target * target, max_states,
               what=f"the value table of Pig(target={target}, die={die})", argument="max_states")


def solve(target: int = 100, die: int = 6, tol: float = 1e-12, *, method: str = "sweep",
          max_sweeps: int = 100_000, progress: bool = False,
          max_states: int | None = MAX_STATES) -> PigSolution:
    """Optimal play of Pig by value iteration (Neller & Presser 2004), vectorized with numpy.

    Starting from P = 0 (1 where the mover has already reached the target), apply the Bellman
    equations ``P = max(roll, hold)`` (module docstring) until no value changes by ``tol`` or more.

    ``method='sweep'`` (default): in-place (Gauss-Seidel) sweeps, turn totals from high to low, each
    a vectorized step over all (i, j) at once; a sweep solves the current turn exactly given the
    values at the start of the opponent's turn.  About 150 sweeps, well under a second, for target
    100.
    ``method='jacobi'``: textbook synchronous value iteration, every state from the previous
    iterate at once (as for MDPs); about 3x more iterations and several times slower.

    Both converge to the same values: the game ends with probability 1 whatever the players do, so
    the equations have one solution.  ``progress=True`` shows a progress bar.  ``tol`` must be a
    positive number (value iteration stops when no value changes by ``tol`` or more); more than
    ``max_sweeps`` sweeps raise GameError; tables of more than ``max_states`` values
    ((target + die) x target^2) raise :class:`~gamelib.core.TooLargeError` (None lifts the guard).
    """
    _check_solver(target, die, tol, max_sweeps, max_states, 1)
    choice("method", method, ("sweep", "jacobi"))
    flag("progress", progress)
    t0 = time.perf_counter()
    P = _start(target, die)
    bar = _progress(progress, f"Pig({target}) value iteration")
    change, sweeps = np.inf, 0
    try:
        while change >= tol:
            if sweeps >= max_sweeps:
                raise GameError(f"value iteration did not converge in {max_sweeps} sweeps "
                                f"(last change {change:.2e} >= tol {tol:g})")
            if method == "sweep":
                change = _sweep(P, P[0].copy(), die)
            else:
                roll, hold, live = _bellman(P, die)
                new = np.where(live, _backup(roll, hold), 1.0)
                change = float(np.abs(new - P[:target]).max())
                P[:target] = new
            sweeps += 1
            if bar is not None:
                bar.update()
                bar.set_postfix(change=f"{change:.1e}")
    finally:
        if bar is not None:
            bar.close()
    return PigSolution(P, die, method, sweeps, change, time.perf_counter() - t0)


# ---------------------------------------------------------------------------------------------------
# Policies against each other (CS221: game evaluation V_eval; expectimax = best response)
# ---------------------------------------------------------------------------------------------------

class Duel(NamedTuple):
    """Win probabilities of policy ``a`` against policy ``b``: ``a_first`` when a moves first,
    ``a_second`` when b does, ``average`` of the two (who starts decided by a fair coin)."""

    a_first: float
    a_second: float
    average: float
    sweeps: int


def hold_at(n: int, target: int = 100) -> np.ndarray:
    """The "hold at n" policy as a ``rolls[i, j, k]`` array (True = roll): roll while the turn total
    is below n, then hold (reaching the target ends the game at once, so it is "hold at n or goal")."""
    whole("n", n, 0)
    Pig(target)
    k = np.arange(target)
    return np.broadcast_to(k < n, (target, target, target)).copy()


BEST = "best"
"""Pass as a policy to :func:`duel` for the best response to the other policy (CS221's expectimax)."""


def _rolls_kij(policy, target):
    what = (f"a policy is a boolean rolls[i, j, k] array, a PigSolution, an int n >= 0 (hold at n) or "
            f"{BEST!r}, got {policy!r}")
    if isinstance(policy, str):
        if policy != BEST:
            raise ArgumentError(what)
        return None
    if isinstance(policy, PigSolution):
        if policy.target != target:
            raise ArgumentError(f"the PigSolution is for target {policy.target}, the duel for {target}")
        policy = policy.rolls
    elif isinstance(policy, (int, np.integer)) and not isinstance(policy, bool):
        policy = hold_at(whole("hold-at n", policy, 0), target)
    try:
        array = np.asarray(policy)
    except Exception:                                  # ragged lists and the like
        raise ArgumentError(what) from None
    if array.dtype != bool:
        raise ArgumentError(what)
    if array.shape != (target, target, target):
        raise ArgumentError(f"a policy array must have shape {(target,) * 3} (i, j, k), got {array.shape}")
    return np.ascontiguousarray(array.transpose(2, 0, 1))


def duel(a, b, *, target: int = 100, die: int = 6, tol: float = 1e-12, max_sweeps: int = 100_000,
         max_states: int | None = MAX_STATES) -> Duel:
    """The exact probability that policy ``a`` beats policy ``b`` at Pig, by value iteration on two
    arrays (a's chances when a is to move, b's when b is).

    Each policy is a ``rolls[i, j, k]`` boolean array (True = roll; :attr:`PigSolution.rolls`,
    :func:`hold_at`), a :class:`PigSolution`, an int n for "hold at n", or ``'best'``: the best
    response to the other policy (expectimax against a known opponent, CS221).  Both ``'best'`` is
    optimal play, :func:`solve`.  ``tol``, ``max_sweeps`` and ``max_states`` as for :func:`solve`
    (two tables here).

    >>> d = duel(20, 20, target=100)            # hold at 20 against itself: the first-mover advantage
    >>> round(d.a_first, 4)
    0.5347
    """
    _check_solver(target, die, tol, max_sweeps, max_states, 2)
    ra, rb = _rolls_kij(a, target), _rolls_kij(b, target)
    A, B = _start(target, die), _start(target, die)
    change, sweeps = np.inf, 0
    while change >= tol:
        if sweeps >= max_sweeps:
            raise GameError(f"value iteration did not converge in {max_sweeps} sweeps "
                            f"(last change {change:.2e} >= tol {tol:g})")
        change = _sweep(A, B[0].copy(), die, ra)
        change = max(change, _sweep(B, A[0].copy(), die, rb))
        sweeps += 1
    a_first, a_second = float(A[0, 0, 0]), 1.0 - float(B[0, 0, 0])
    return Duel(a_first, a_second, (a_first + a_second) / 2, sweeps)
