# A known bug, as a student writes it: the indifference solved with the rows and columns swapped,
# p·a + (1 − p)·b = p·c + (1 − p)·d, and the value read off the first column as p·a + (1 − p)·c.  The mix is
# the column player's (the two coincide when b = c, as in Morra and matching pennies), and the value is
# then wrong too: the bug is named by its mix, whatever value comes with it.

# %% expect
total = 18.66
cells = {'q6_test': 1.66, 'q6_hidden': 'partial'}
says = {"q6_test": "[column_formula]", "q6_hidden": "[column_formula]"}

# %% solutions

# %% answer q6_answer
def solve_zero_sum_2x2(payoffs):
    (a, b), (c, d) = payoffs
    maximin = max(min(a, b), min(c, d))
    minimax = min(max(a, c), max(b, d))
    if maximin == minimax:
        return (1.0 if min(a, b) == maximin else 0.0), maximin
    p = (d - b) / ((a - c) - (b - d))       # p·a + (1 − p)·b = p·c + (1 − p)·d: rows and columns swapped
    return p, p * a + (1 - p) * c
