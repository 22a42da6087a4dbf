# A known bug: SELECT compares U/N alone, without the exploration term, so a child that started badly
# is never tried again.  Every search parts from gamelib.mcts's within a few iterations.

# %% expect
total = 23
cells = {"q4_test": 0, "q4_hidden": 0}
says = {"q4_test": "[no_exploration]", "q4_hidden": "[no_exploration]"}

# %% solutions

# %% answer q4_answer
def select(tree, c):
    node, path = tree, []
    while not node["terminal"] and not node["untried"]:
        log_n = math.log(node["N"])
        best, best_ucb = None, -math.inf
        for move, child in node["children"].items():
            ucb = child["U"] / child["N"]
            if ucb > best_ucb:
                best, best_ucb = move, ucb
        path.append(best)
        node = node["children"][best]
    return path
