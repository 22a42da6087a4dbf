# A known bug: every δ is computed with the weights the game started with (`weights`), the updates
# collected in a copy: the estimates never see the updates made earlier in the game (every game of two
# moves or more shows it).

# %% expect
total = 23.5
cells = {'q6_test': 0.5, 'q6_hidden': 0}
says = {"q6_test": "[stale_weights]", "q6_hidden": "[stale_weights]"}

# %% solutions

# %% answer q6_answer
def td_lambda(weights, episode, utility, alpha, lam):
    new = list(weights)
    e = [0.0] * len(new)
    last = len(episode) - 1
    for t in range(last):
        now = sum(wi * fi for wi, fi in zip(weights, episode[t]))
        later = utility if t + 1 == last else sum(wi * fi for wi, fi in zip(weights, episode[t + 1]))
        for i in range(len(new)):
            e[i] = lam * e[i] + episode[t][i]
            new[i] += alpha * (later - now) * e[i]
    return new
