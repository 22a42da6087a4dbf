# A known bug: the last update bootstraps from the terminal state's estimate, V(s_T; w), instead of the
# game's result.

# %% expect
total = 23
cells = {"q6_test": 0, "q6_hidden": 0}
says = {"q6_test": "[terminal_bootstrap]", "q6_hidden": "[terminal_bootstrap]"}

# %% solutions

# %% answer q6_answer
def td_lambda(weights, episode, utility, alpha, lam):
    w = list(weights)
    e = [0.0] * len(w)

    def value(x):
        return sum(wi * xi for wi, xi in zip(w, x))

    last = len(episode) - 1
    for t in range(last):
        target = value(episode[t + 1])
        delta = target - value(episode[t])
        for i in range(len(w)):
            e[i] = lam * e[i] + episode[t][i]
            w[i] += alpha * delta * e[i]
    return w
