# A known bug: td_lambda never reads lam, each update moves the weights along the current position's
# features alone: TD(0) whatever λ is (right on the cases with λ = 0).

# %% expect
total = 23.5
cells = {'q6_test': 0.5, 'q6_hidden': 'partial'}
says = {"q6_test": "[ignores_lambda]", "q6_hidden": "[ignores_lambda]"}

# %% solutions

# %% answer q6_answer
def td_lambda(weights, episode, utility, alpha, lam):
    w = list(weights)
    for t in range(len(episode) - 1):
        v_now = sum(wi * fi for wi, fi in zip(w, episode[t]))
        v_next = utility if t + 2 == len(episode) else sum(wi * fi for wi, fi in zip(w, episode[t + 1]))
        w = [wi + alpha * (v_next - v_now) * fi for wi, fi in zip(w, episode[t])]
    return w
