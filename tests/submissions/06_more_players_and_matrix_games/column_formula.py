# A known bug: the column player's mix given as the row player's (the two coincide when b = c, as in
# Morra and matching pennies; the value is right).

# %% expect
total = 15
cells = {"q6_test": 0, "q6_hidden": "partial"}
says = {"q6_test": "[column_formula]", "q6_hidden": "[column_formula]"}

# %% solutions

# %% answer q6_answer
def solve_zero_sum_2x2(payoffs):
    (a, b), (c, d) = payoffs
    maximin = max(min(a, b), min(c, d))
    minimax = min(max(a, c), max(b, d))
    if maximin == minimax:
        return (1.0 if min(a, b) == maximin else 0.0), maximin
    q = (d - b) / (a - b - c + d)          # the column player's mix, taken for the row player's
    return q, (a * d - b * c) / (a - b - c + d)
