# A known bug: SELECT takes ln of the child's visits, not its parent's, in the exploration term.

# %% expect
total = 23
cells = {"q4_test": 0, "q4_hidden": 0}
says = {"q4_test": "[child_log]", "q4_hidden": "[child_log]"}

# %% solutions

# %% answer q4_answer
def select(tree, c):
    node, path = tree, []
    while not node["terminal"] and not node["untried"]:
        log_n = math.log(node["N"])
        best, best_ucb = None, -math.inf
        for move, child in node["children"].items():
            ucb = child["U"] / child["N"] + c * math.sqrt(math.log(child["N"]) / child["N"])
            if ucb > best_ucb:
                best, best_ucb = move, ucb
        path.append(best)
        node = node["children"][best]
    return path
