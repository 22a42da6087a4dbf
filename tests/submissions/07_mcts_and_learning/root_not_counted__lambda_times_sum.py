# Two known bugs.  BACK-PROPAGATE skips the root: the loop starts below it, so N(root) never grows (and
# the same by hand: A keeps N = 7, an answer consistent with one playout, caught by the graded check).
# td_lambda's eligibility trace is e ← λ·(e + f(s)) instead of e ← λ·e + f(s): right only with λ = 1.

# %% expect
total = 18.5
cells = {'q2_test': 0, 'q5_test': 0, 'q5_hidden': 0, 'q6_test': 0.5, 'q6_hidden': 'partial'}
says = {"q2_test": ["after_backup is consistent with one playout", "A: yours (7, None) is not right"],
        "q5_test": "[root_not_counted]", "q5_hidden": "[root_not_counted]",
        "q6_test": "[lambda_times_sum]", "q6_hidden": "[lambda_times_sum]"}

# %% solutions

# %% answer q2_answer
after_backup = {"A": (7, None), "B": (5, 1), "C": (2, 0), "D": (1, -1)}

# %% answer q5_answer
def backup(tree, path, utility):
    node = tree
    for move in path:
        node = node["children"][move]
        node["N"] += 1
        node["U"] += -utility if node["player"] == MIN else utility
    return tree

# %% answer q6_answer
def td_lambda(weights, episode, utility, alpha, lam):
    w = list(weights)
    e = [0.0] * len(w)
    for t in range(len(episode) - 1):
        estimate = sum(wi * fi for wi, fi in zip(w, episode[t]))
        target = utility if t == len(episode) - 2 else sum(wi * fi for wi, fi in zip(w, episode[t + 1]))
        delta = target - estimate
        e = [lam * (ei + fi) for ei, fi in zip(e, episode[t])]
        w = [wi + alpha * delta * ei for wi, ei in zip(w, e)]
    return w
