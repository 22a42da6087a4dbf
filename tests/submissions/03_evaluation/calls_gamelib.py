# h_alphabeta_search hands the work to gamelib's own alphabeta (the reference), and p_left_better to
# gamelib's sigma study: both detected, by name.

# %% expect
total = 7
cells = {"q2_test": 0, "q2_hidden": 0, "q4_test": 0, "q4_hidden": 0}
says = {"q2_test": "calls gamelib's own search (gamelib.alphabeta.alphabeta)",
        "q4_test": "calls gamelib's own sigma study", "q4_hidden": "hidden trees are never described"}

# %% solutions

# %% answer q2_answer
from gamelib import alphabeta


def h_alphabeta_search(game, state, depth, evaluate):
    result = alphabeta(game, state, depth=depth, evaluate=evaluate)
    return result.value, result.action

# %% answer q4_answer
from gamelib.experiments.sigma import branch_probabilities


def p_left_better(tree, sigma, trials, seed):
    return branch_probabilities(tree, sigma, trials, seed=seed)["a1"]
