# select raises (a KeyError: it reads node["visits"], a key the tree does not have), and td_lambda raises
# (an IndexError: its loop runs one move too far); backup and the by-hand answers are still graded.

# %% expect
total = 18
cells = {"q4_test": 0, "q4_hidden": 0, "q6_test": 0, "q6_hidden": 0}
says = {"q4_test": "it raised KeyError", "q4_hidden": "it raised KeyError", "q6_test": "it raised IndexError",
        "q6_hidden": "it raised IndexError"}

# %% solutions

# %% answer q4_answer
def select(tree, c):
    node, path = tree, []
    while not node["terminal"] and not node["untried"]:
        best, best_ucb = None, -math.inf
        for move, child in node["children"].items():
            ucb = child["U"] / child["visits"] + c * math.sqrt(math.log(node["visits"]) / child["visits"])
            if ucb > best_ucb:
                best, best_ucb = move, ucb
        path.append(best)
        node = node["children"][best]
    return path

# %% answer q6_answer
def td_lambda(weights, episode, utility, alpha, lam):
    w = list(weights)
    e = [0.0] * len(w)

    def value(x):
        return sum(wi * xi for wi, xi in zip(w, x))

    for t in range(len(episode)):
        target = utility if t + 2 == len(episode) else value(episode[t + 1])
        delta = target - value(episode[t])
        for i in range(len(w)):
            e[i] = lam * e[i] + episode[t][i]
            w[i] += alpha * delta * e[i]
    return w
