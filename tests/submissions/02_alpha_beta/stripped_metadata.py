# Right answers in a notebook whose nbgrader metadata is gone (as when cells are copied into a fresh
# notebook, or an editor drops metadata): nbgrader alone would find no graded cell, and restoring the
# missing ones crashes.  The metadata is restored by matching cells with the student version.  The
# student also added a scratch cell of their own; it stays and runs.

# %% expect
total = 22

# %% solutions

# %% add
print("my own scratch cell:", alphabeta_search(GameTree.from_nested([[1, 2], [3]]), "A"))

# %% strip metadata
