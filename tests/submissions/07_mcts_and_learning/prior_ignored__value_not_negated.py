# Two known bugs of PUCT.  SELECT leaves the prior out of its score (c·√N(s)/(1 + N(s, a)), as UCB1 gives
# every move the same bonus); the back-up adds the value as it comes to every node on the path, never
# negating it for the opponent of the player it is for.

# %% expect
total = 24
cells = {"q7_test": 0, "q7_hidden": 0, "q7_backup_test": 0, "q7_backup_hidden": 0}
says = {"q7_test": "[prior_ignored]", "q7_hidden": "[prior_ignored]",
        "q7_backup_test": "[value_not_negated]", "q7_backup_hidden": "[value_not_negated]"}

# %% solutions

# %% answer q7_answer
def puct_select(tree, c):
    node, path = tree, []
    while not node["terminal"] and node["P"] is not None:
        scores = {}
        for move in node["P"]:
            child = node["children"].get(move)
            if child is None:
                scores[move] = c * math.sqrt(node["N"])
            else:
                scores[move] = child["U"] / child["N"] + c * math.sqrt(node["N"]) / (1 + child["N"])
        best = max(scores, key=scores.get)
        path.append(best)
        if best not in node["children"]:
            break
        node = node["children"][best]
    return path

# %% answer q7_backup_answer
def puct_backup(tree, path, value, player):
    node = tree
    node["N"] += 1
    node["U"] += value
    for move in path:
        node = node["children"][move]
        node["N"] += 1
        node["U"] += value
    return tree
