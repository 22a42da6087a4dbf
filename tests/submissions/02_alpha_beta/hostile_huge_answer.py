# Red team: answers too large or too deep to be sent to the grader (ten million leaves; lists nested three
# thousand deep; a search that returns such a thing): each is refused as an answer that cannot be graded,
# that cell earns nothing, and the rest of the notebook is graded.  The search's ten million items are one
# object repeated, as the leaves are: the grader refuses a value by its number of items, and the 132 calls
# its checks make then cost the sandbox 0.03 s each, not the 0.4 s of ten million distinct integers.

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
    return [0] * 10_000_000, None
