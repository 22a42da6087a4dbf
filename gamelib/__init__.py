"""gamelib: the adversarial-search chapter of an introductory AI course, as software.

The protocol (AIMA names):  ``initial_state``, ``to_move(s)``, ``actions(s)``, ``result(s, a)``,
``is_terminal(s)``, ``utility(s, player)``, and ``chance_outcomes(s)`` for CHANCE states.

Searches, each called as ``f(game, state=None, ...)`` and returning ``.value``, ``.action``, ``.nodes``
(and ``.trace``/``.visited`` with ``trace=True``):

===========================  =====================================================  ==================
search                       what it computes                                       module
===========================  =====================================================  ==================
:func:`minimax`              minimax value and decision, AIMA Fig. 5.3             gamelib.minimax
:func:`alphabeta`            the same with α-β pruning, AIMA Fig. 5.7              gamelib.alphabeta
:func:`expectiminimax`       with CHANCE nodes, AIMA §5.5                          gamelib.minimax
:func:`expectimax`           best response to a known opponent policy, CS221       gamelib.minimax
:func:`game_evaluation`      value of two fixed policies (V_eval), CS221           gamelib.minimax
:func:`star1`, :func:`star2` expectiminimax with α-β cuts at chance nodes from        gamelib.star
                             utility bounds (Ballard 1983; AIMA §5.5)
:func:`maxn`                 max^n: a utility vector for N players, each            gamelib.maxn
                             maximizing its own component (AIMA §5.2.2)
===========================  =====================================================  ==================

Depth-limited search (H-MINIMAX, AIMA Eq. 5.2): ``depth=``, ``evaluate=``, ``cutoff=`` on every search
above; evaluation functions are :class:`WeightedSum` of named features (gamelib.evaluation).  Search
under resource limits (gamelib.limits): ``gamelib.limits.search`` (alpha-beta with a
:class:`TranspositionTable`, :class:`KillerMoves`, :class:`HistoryTable`, quiescence, beam) and
:func:`iterative_deepening` with a time budget.  Lookup
instead of search: :func:`endgame_table` (retrograde analysis), :func:`opening_book` (gamelib.lookup).
Monte Carlo evaluation by random playouts: :func:`monte_carlo_value`, :func:`monte_carlo_evaluation`
(gamelib.montecarlo).
Monte Carlo tree search (UCT, AIMA 4th ed. Fig. 5.11): :func:`mcts` (gamelib.mcts).
"""
from .alphabeta import alphabeta
from .core import (CHANCE, MAX, MIN, Game, GameError, IllegalMoveError, ProbabilityError, SearchResult,
                   TreeSpecError)
from .evaluation import WeightedSum
from .limits import iterative_deepening
from .lookup import EndgameTable, NotInTableError, OpeningBook, endgame_table, opening_book
from .minimax import expectimax, expectiminimax, game_evaluation, minimax
from .montecarlo import monte_carlo_evaluation, monte_carlo_value
from .ordering import HistoryTable, KillerMoves
from .players import expectimax_policy, minimax_policy, play, uniform
from .star import star1, star2
from .trace import Event, proven_ranges
from .transposition import TranspositionTable
from .trees import GameTree, chance
from .core import ArgumentError, EvaluationError, SearchDepthError, StateError, TooLargeError
from .maxn import alliance, maxn, maxn_policy, paranoid
from .mcts import mcts

__all__ = [
    "MAX", "MIN", "CHANCE", "Game", "GameTree", "chance", "Event", "SearchResult",
    "GameError", "IllegalMoveError", "ProbabilityError", "TreeSpecError",
    "minimax", "alphabeta", "expectiminimax", "expectimax", "game_evaluation",
    "minimax_policy", "expectimax_policy", "play", "uniform", "proven_ranges", "WeightedSum",
    "endgame_table", "EndgameTable", "opening_book", "OpeningBook", "NotInTableError",
    "star1", "star2", "monte_carlo_value", "monte_carlo_evaluation",
    "iterative_deepening", "TranspositionTable", "KillerMoves", "HistoryTable",
    "ArgumentError", "StateError", "EvaluationError", "SearchDepthError", "TooLargeError",
]
# More than two players (AIMA 4th ed. §5.2.2): max^n and the paranoid reduction (gamelib.maxn);
# simultaneous and non-zero-sum games are in gamelib.normal_form.
__all__ += ["maxn", "maxn_policy", "paranoid", "alliance"]
__all__ += ["mcts"]

# In the course's JupyterLite site, importing this checks the browser's saved notebooks against the site's
# versions (a republished notebook's notice); elsewhere it does nothing.
from . import republish as republish  # noqa: E402


def __getattr__(name):
    """``gamelib.normal_form`` (simultaneous games: LP, Nash equilibria) is imported when first asked
    for, so ``import gamelib`` does not pay for numpy."""
    if name == "normal_form":
        import importlib
        return importlib.import_module(".normal_form", __name__)
    raise AttributeError(f"module 'gamelib' has no attribute {name!r}")
