# What else students hand in.  select returns the node it reaches (a dict) instead of the path to it;
# backup updates the tree but forgets to return it; td_lambda hands the work to gamelib.td.td_learn (the
# reference), withheld in the sandbox, and the call is named; puct_select returns the node too, and
# puct_backup forgets to return the tree.  The by-hand answers are right.

# %% expect
total = 11
cells = {"q4_test": 0, "q4_hidden": 0, "q5_test": 0, "q5_hidden": 0, "q6_test": 0, "q6_hidden": 0,
         "q7_test": 0, "q7_hidden": 0, "q7_backup_test": 0, "q7_backup_hidden": 0}
says = {"q4_test": "return the moves that lead to it", "q5_test": "did you forget to return it?",
        "q6_test": "it calls gamelib.td.td_learn, gamelib's own",
        "q7_test": "return the moves that lead to it", "q7_hidden": "SELECT returned dict",
        "q7_backup_test": "did you forget to return it?", "q7_backup_hidden": "did you forget to return it?"}

# %% solutions

# %% answer q4_answer
def select(tree, c):
    node = tree
    while not node["terminal"] and not node["untried"]:
        log_n = math.log(node["N"])
        node = max(node["children"].values(),
                   key=lambda child: child["U"] / child["N"] + c * math.sqrt(log_n / child["N"]))
    return node

# %% answer q5_answer
def backup(tree, path, utility):
    nodes = [tree]
    for move in path:
        nodes.append(nodes[-1]["children"][move])
    for node in nodes:
        node["N"] += 1
        node["U"] += -utility if node["player"] == MIN else utility

# %% answer q6_answer
from gamelib import WeightedSum
from gamelib.td import td_learn


def td_lambda(weights, episode, utility, alpha, lam):
    features = {f"f{i}": (lambda s, i=i: episode[s][i]) for i in range(len(weights))}
    start = WeightedSum(features, {f"f{i}": w for i, w in enumerate(weights)})
    learned, _ = td_learn(None, start, iterations=1, alpha=alpha, lam=lam)
    return list(learned.weights.values())


# %% answer q7_answer
def puct_select(tree, c):
    node = tree
    while not node["terminal"] and node["P"] is not None:
        scores = {}
        for move, p in node["P"].items():
            child = node["children"].get(move)
            q, n = (0, 0) if child is None else (child["U"] / child["N"], child["N"])
            scores[move] = q + c * p * math.sqrt(node["N"]) / (1 + n)
        best = max(scores, key=scores.get)
        if best not in node["children"]:
            return node
        node = node["children"][best]
    return node

# %% answer q7_backup_answer
def puct_backup(tree, path, value, player):
    nodes = [tree]
    for move in path:
        nodes.append(nodes[-1]["children"][move])
    for node in nodes:
        node["N"] += 1
        node["U"] += value if node["player"] == player else -value
