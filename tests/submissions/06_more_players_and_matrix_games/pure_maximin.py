# A known bug: the pure maximin, the best row revealed first, taken for the solution; right only where
# there is a saddle point.

# %% expect
total = 18.0
cells = {'q6_test': 1.0, 'q6_hidden': 'partial'}
says = {"q6_test": "[pure_maximin]", "q6_hidden": "[pure_maximin]"}

# %% solutions

# %% answer q6_answer
def solve_zero_sum_2x2(payoffs):
    rows = [min(row) for row in payoffs]
    best = max(rows)
    return (1.0 if rows[0] == best else 0.0), best
