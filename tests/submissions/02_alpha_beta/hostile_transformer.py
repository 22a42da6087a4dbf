# Red team: the first answer cell is right and then adds an IPython input transformer that empties every
# later cell (in a kernel this also emptied the test cells that follow).  The transformer lives in the
# sandbox and empties only the student's own later cells; the test cells run in the grader.  Question 1
# is graded; every later answer cell was emptied, so the rest earns nothing.

# %% expect
total = 2
cells = {"q1_test": 2, "q2_test": 0, "q3_test": 0, "q4_test": 0, "q5_test": 0, "q6_aima_test": 0,
         "q6_strict_test": 0, "q6_aima_hidden": 0, "q6_strict_hidden": 0}

# %% solutions

# %% answer q1_answer
two_ply_leaves = ["E", "F", "G", "H", "I", "K", "L", "M"]
two_ply_never_visited = {"J"}
get_ipython().input_transformers_cleanup.append(lambda lines: [])
