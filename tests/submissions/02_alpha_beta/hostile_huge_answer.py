# Red team: answers too large or too deep to be sent to the grader (ten million leaves; lists nested three
# thousand deep; a search that returns such a thing): each is refused as an answer that cannot be graded,
# that cell earns nothing, and the rest of the notebook is graded.

# %% expect
total = 6
cells = {"q1_test": 0, "q2_test": 0, "q6_aima_test": 0, "q6_strict_test": 0, "q6_aima_hidden": 0,
         "q6_strict_hidden": 0}

# %% solutions

# %% answer q1_answer
two_ply_leaves = ["E"] * 10_000_000
two_ply_never_visited = {"J"}

# %% answer q2_answer
deep = []
for _ in range(3000):
    deep = [deep]
example_never_visited = {"x"}
mirror_never_visited = deep

# %% answer q6_answer
def alphabeta_search(game, state, prune_on_equality=True):
    return list(range(10_000_000)), None
