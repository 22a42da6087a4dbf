# The student deleted two test cells (a public one and a hidden one) and handed in right answers:
# the cells are put back and graded, full marks.

# %% expect
total = 22

# %% solutions

# %% delete q6_aima_test

# %% delete q6_strict_hidden
