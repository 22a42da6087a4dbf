# A known bug: the update loop rebinds a name (`for wi, ei in zip(w, e): wi += ...`), so the weights
# come back as they were given, whatever the game.

# %% expect
total = 23
cells = {"q6_test": 0, "q6_hidden": 0}
says = {"q6_test": "[frozen_weights]", "q6_hidden": "[frozen_weights]"}

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
        delta = target - value(episode[t])
        e = [lam * ei + fi for ei, fi in zip(e, episode[t])]
        for wi, ei in zip(w, e):
            wi += alpha * delta * ei
    return w
