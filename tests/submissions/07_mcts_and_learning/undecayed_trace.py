# A known bug: the eligibility trace never decays (e ← e + f(s)): right only with λ = 1.

# %% expect
total = 23.5
cells = {'q6_test': 0.5, 'q6_hidden': 'partial'}
says = {"q6_test": "[undecayed_trace]", "q6_hidden": "[undecayed_trace]"}

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
        for i in range(len(w)):
            e[i] = e[i] + episode[t][i]
            w[i] += alpha * delta * e[i]
    return w
