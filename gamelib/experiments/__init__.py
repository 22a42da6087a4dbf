"""Experiments: measurements the notebooks plot (tree sizes, move ordering, ...).

Apart from search and from pictures: an experiment calls searches (reading their node counts and
traces) and returns plain numbers; notebooks and benchmarks decide how to show them.

* :mod:`gamelib.experiments.tree_size`: nodes per ply, random-tree sizes against b^m, the notes' table
  of game-tree sizes (notebook 01).
* :mod:`gamelib.experiments.ordering`: alpha-beta's node counts under best, random and worst move
  ordering against b^m, b^{3m/4}, b^{m/2} and the Knuth-Moore minimal tree (notebook 02).
* :mod:`gamelib.experiments.sigma`: the sigma study of evaluation error (AIMA 4th ed. §5.7,
  Fig. 5.16; 3rd ed. §5.8, Fig. 5.14): the probability that each root move is truly best under noisy
  leaf estimates, by vectorized Monte Carlo and by exact integration; correlated errors; "depth matters" (notebook 04).
* :mod:`gamelib.experiments.partial_observability`: belief-state sizes over real games and the census
  of information states that admit a guaranteed win (notebook 06).
* :mod:`gamelib.experiments.multiplayer`: max^n against the paranoid reduction, nodes searched and
  games played (notebook 07).
* :mod:`gamelib.experiments.chance_trees`: random trees with chance nodes and the nodes expectiminimax,
  Star1 and Star2 visit on them (notebook 05a).
* :mod:`gamelib.experiments.matches`: matches between agents (random, perfect by an endgame table,
  alpha-beta, iterative deepening) and their records, shared by the two studies below.
* :mod:`gamelib.experiments.mcts_strength`: Monte Carlo tree search by its number of simulations,
  against random play, perfect play (tic-tac-toe) and iterative-deepening alpha-beta (Connect Four)
  (notebook 08).
* :mod:`gamelib.experiments.alphazero_strength`: AlphaZero's tic-tac-toe network with PUCT against perfect
  play and plain UCT in the same games, its heads against the exact values, the loop run until it loses
  none of 1,000 games (CPU seconds).
* :mod:`gamelib.experiments.backgammon`: the "three plies" of Zell's slides computed: expectiminimax and Star2
  node counts at 1, 2 and 3 decision plies from real backgammon positions, what a time budget buys,
  O(b^m n^m) with b and n measured (notebook 05).
* :mod:`gamelib.experiments.td_strength`: evaluations learned by TD from self-play, against tic-tac-toe's
  exact values and against the hand-written Connect Four evaluation at a fixed depth (notebook 08).
* :mod:`gamelib.experiments.pruning`: what null-move and futility pruning save, the effective branching
  factor, and a zugzwang where the null move throws a win away (notebook 08).
"""
from .ordering import ORDERS, format_table, knuth_moore_leaves, minimal_tree_nodes, nodes_by_order
from .sigma import (NOTES_FIGURES, TEXTBOOK_TREE, BranchProbabilities, branch_probabilities,
                    depth_matters, exact_branch_probabilities, expansion_value, noisy_evaluation,
                    root_move_values, sample_leaf_values, true_values, value_density)
from .tree_size import (GAME_TREE_SIZES, SearchTime, TreeSize, full_tree_size, leaves_by_depth,
                        nodes_by_depth, ply_counts, random_tree_sizes, search_time)

__all__ = [
    "ORDERS", "format_table", "knuth_moore_leaves", "minimal_tree_nodes", "nodes_by_order",
    "GAME_TREE_SIZES", "SearchTime", "TreeSize", "full_tree_size", "leaves_by_depth", "nodes_by_depth",
    "ply_counts", "random_tree_sizes", "search_time",
    "NOTES_FIGURES", "TEXTBOOK_TREE", "BranchProbabilities", "branch_probabilities", "depth_matters",
    "exact_branch_probabilities", "expansion_value", "noisy_evaluation", "root_move_values",
    "sample_leaf_values", "true_values", "value_density",
]
