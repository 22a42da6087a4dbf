# A known bug of PUCT's SELECT: √N of the child, N(s, a), under the square root in place of √N(s), the
# parent's visits, so a move not yet tried scores 0 and the bonus of a move shrinks as its parent is
# visited.

# %% expect
total = 26
cells = {"q7_test": 0, "q7_hidden": 0}
says = {"q7_test": "[child_sqrt]", "q7_hidden": "[child_sqrt]"}

# %% solutions

# %% answer q7_answer
def puct_select(tree, c):
    node, path = tree, []
    while not node["terminal"] and node["P"] is not None:
        best, best_score = None, -math.inf
        for move, p in node["P"].items():
            child = node["children"].get(move)
            n = 0 if child is None else child["N"]
            q = 0 if child is None else child["U"] / child["N"]
            score = q + c * p * math.sqrt(n) / (1 + n)
            if score > best_score:
                best, best_score = move, score
        path.append(best)
        if best not in node["children"]:
            return path
        node = node["children"][best]
    return path
