# A known bug: the indifference formula always, no saddle point looked for: a probability outside
# [0, 1], a wrong value, or a division by zero where a pure strategy is optimal.

# %% expect
total = 18.0
cells = {'q6_test': 1.0, 'q6_hidden': 'partial'}
says = {"q6_test": "[no_saddle_check]", "q6_hidden": "[no_saddle_check]"}

# %% solutions

# %% answer q6_answer
def solve_zero_sum_2x2(payoffs):
    (a, b), (c, d) = payoffs
    p = (d - c) / (a - b - c + d)
    return p, (a * d - b * c) / (a - b - c + d)
