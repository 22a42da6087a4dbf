# A known bug: SELECT keeps the last of the children with the largest UCB1 (>= where > is meant); ties
# are common once every child has been tried once with the same result.

# %% expect
total = 23
cells = {"q4_test": 0, "q4_hidden": 0}
says = {"q4_test": "[select_last_tied]", "q4_hidden": "[select_last_tied]"}

# %% solutions

# %% answer q4_answer
def select(tree, c):
    node, path = tree, []
    while not node["terminal"] and not node["untried"]:
        log_n = math.log(node["N"])
        best, best_ucb = None, -math.inf
        for move, child in node["children"].items():
            ucb = child["U"] / child["N"] + c * math.sqrt(log_n / child["N"])
            if ucb >= best_ucb:
                best, best_ucb = move, ucb
        path.append(best)
        node = node["children"][best]
    return path
