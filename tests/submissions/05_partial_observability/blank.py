# The student version handed in untouched: every answer still raises NotImplementedError.  No marks,
# no crash.

# %% expect
total = 0
cells = 0
