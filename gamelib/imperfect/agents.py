"""Agents that play by their belief state (AIMA 4th ed. §4.4.4, "an agent for partially observable
environments": keep the belief state up to date, choose by it).

A :class:`BeliefAgent` is a policy object for :func:`gamelib.play` and the widgets: called on the true
state, it reads only its percept there (``game.observation``), updates its belief state with it
(:class:`~gamelib.imperfect.belief.BeliefTracker`), chooses, and predicts through its own move.  It
never looks at the rest of the state.  Two ways to choose:

* ``'random'``: a legal move at random (seeded);
* ``'clairvoyance'``: averaging over clairvoyance over the belief state (AIMA 4th ed. §5.6.2): for
  each move, the average over the states it cannot rule out (weighted by their probability) of the
  state's value with everything visible, ``value(result(s, a))``; the best average wins, ties broken
  at random (seeded).  ``value`` is MAX's perfect-information value of a state; for phantom
  tic-tac-toe, :func:`phantom_value` reads it from tic-tac-toe's endgame table.
"""
from __future__ import annotations

import random

from ..core import MAX, StateError
from ..validate import check_game, choice, function, player as check_player, python_seed
from .belief import BeliefTracker, percept

CHOICES = ("random", "clairvoyance")


def phantom_value():
    """MAX's minimax value of a phantom tic-tac-toe state with everything visible: the value of its
    true board in tic-tac-toe's endgame table (+1, 0, -1).  Built once (5,478 positions)."""
    from ..games.phantom_tictactoe import PhantomBoard, PhantomTicTacToe
    from ..games.tictactoe import TicTacToe
    from ..lookup import endgame_table
    table = endgame_table(TicTacToe())
    memo: dict = {}

    def value(state):
        if state.__class__ is not PhantomBoard:
            raise StateError(f"{state!r} is not a phantom tic-tac-toe state (a PhantomBoard)")
        if state.squares not in memo:
            memo[state.squares] = table.value(PhantomTicTacToe.board(state))
        return memo[state.squares]
    return value


class BeliefAgent:
    """``BeliefAgent(game, player, choose='clairvoyance', *, value=None, seed=0)``: plays ``player``
    by its belief state.  ``agent(state)`` returns ``{action: 1.0}`` (and remembers the move);
    ``reset()`` starts a new game; ``tracker.belief`` is what it believes, ``last_values`` the averages
    behind its last clairvoyant choice."""

    def __init__(self, game, player, choose: str = "clairvoyance", *, value=None, seed=0):
        check_game(game)
        check_player("player", player, game)
        choice("choose", choose, CHOICES)
        if value is not None:
            function("value", value, "a function state -> MAX's value with everything visible, or None")
        python_seed("seed", seed)
        if choose == "clairvoyance" and value is None:
            from ..minimax import expectiminimax
            value = lambda s: expectiminimax(game, s).value  # noqa: E731  (small games only)
        self.game, self.player, self.choose, self.value, self.seed = game, player, choose, value, seed
        self.games = 0
        self.reset()

    def reset(self):
        """Forget the last game: a fresh belief state, a fresh (seeded) random generator."""
        self.tracker = BeliefTracker(self.game, self.player)
        self.rng = random.Random(f"{self.seed}/{self.games}")
        self.games += 1
        self.last_values: dict = {}

    def __call__(self, state) -> dict:
        game = self.game
        if game.is_terminal(state) or game.to_move(state) != self.player:
            raise StateError(f"{self!r} plays {self.player}, who is not to move at {state!r}")
        self.tracker.observe(percept(game, state, self.player))
        belief = self.tracker.belief
        acts = list(game.actions(next(iter(belief))))
        if self.choose == "random":
            action = self.rng.choice(acts)
        else:
            sign = 1 if self.player == MAX else -1
            self.last_values = {a: sum(p * sign * self.value(game.result(s, a)) for s, p in belief.items())
                                for a in acts}
            top = max(self.last_values.values())
            action = self.rng.choice([a for a in acts if self.last_values[a] >= top - 1e-9])
        self.tracker.act(action)
        return {action: 1.0}

    def __repr__(self):
        return f"BeliefAgent({self.game!r}, {self.player!r}, {self.choose!r})"
