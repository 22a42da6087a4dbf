# A known bug: the temporal difference with its sign flipped, δ = V(s) − target: every update moves the
# estimate away from its target.

# %% expect
total = 23
cells = {"q6_test": 0, "q6_hidden": 0}
says = {"q6_test": "[error_sign]", "q6_hidden": "[error_sign]"}

# %% solutions

# %% answer q6_answer
def td_lambda(weights, episode, utility, alpha, lam):
    w = list(weights)
    e = [0.0] * len(w)

    def value(x):
        return sum(wi * xi for wi, xi in zip(w, x))

    last = len(episode) - 1
    for t in range(last):
        target = utility if t + 1 == last else value(episode[t + 1])
        delta = value(episode[t]) - target
        for i in range(len(w)):
            e[i] = lam * e[i] + episode[t][i]
            w[i] += alpha * delta * e[i]
    return w
