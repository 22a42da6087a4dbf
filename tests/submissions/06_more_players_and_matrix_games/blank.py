# The student version handed in untouched: every answer still holds its stub (a function raises checks.NotAnswered) and every
# by-hand answer still holds `...`.  No marks, no crash.

# %% expect
total = 0
cells = 0
