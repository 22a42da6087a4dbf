# The classic MCTS bug: BACK-PROPAGATE adds MAX's utility at every node, so MIN's SELECT would look for
# the replies best for MAX.

# %% expect
total = 25
cells = {"q5_test": 0, "q5_hidden": "partial"}
says = {"q5_test": "[max_reward]", "q5_hidden": "[max_reward]"}

# %% solutions

# %% answer q5_answer
def backup(tree, path, utility):
    nodes = [tree]
    for move in path:
        nodes.append(nodes[-1]["children"][move])
    for node in nodes:
        node["N"] += 1
        node["U"] += utility
    return tree
