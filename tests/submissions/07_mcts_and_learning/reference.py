# The source notebook's own solutions, handed in as they are: full marks.

# %% expect
total = 28

# %% solutions
