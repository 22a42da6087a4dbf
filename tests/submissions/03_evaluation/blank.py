# The student version handed in untouched: every answer still holds its stub (a function raises checks.NotAnswered).  No marks,
# no crash.

# %% expect
total = 0
cells = 0
