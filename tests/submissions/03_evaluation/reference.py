# The source notebook's own solutions, handed in as they are: full marks (the evaluation beats the
# kit's own).

# %% expect
total = 17

# %% solutions
