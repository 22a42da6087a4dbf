# The student version handed in untouched: every answer still raises NotImplementedError and every
# by-hand answer still holds `...`.  No marks, no crash.

# %% expect
total = 0
cells = 0
