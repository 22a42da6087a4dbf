# What else students hand in.  select returns the node it reaches (a dict) instead of the path to it;
# backup updates the tree but forgets to return it; td_lambda hands the work to gamelib.td.td_learn (the
# reference), withheld in the sandbox, and the call is named.  The by-hand answers are right.

# %% expect
total = 15
cells = {"q4_test": 0, "q4_hidden": 0, "q5_test": 0, "q5_hidden": 0, "q6_test": 0, "q6_hidden": 0}
says = {"q4_test": "return the moves that lead to it", "q5_test": "did you forget to return it?",
        "q6_test": "it calls gamelib.td.td_learn, gamelib's own"}

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
