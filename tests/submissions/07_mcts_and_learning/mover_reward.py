# A known bug: BACK-PROPAGATE adds the reward of the player to move at each node instead of the one
# who moved into it.

# %% expect
total = 17
cells = {"q5_test": 0, "q5_hidden": 0}
says = {"q5_test": "[mover_reward]", "q5_hidden": "[mover_reward]"}

# %% solutions

# %% answer q5_answer
def backup(tree, path, utility):
    nodes = [tree]
    for move in path:
        nodes.append(nodes[-1]["children"][move])
    for node in nodes:
        node["N"] += 1
        node["U"] += -utility if node["to_move"] == MIN else utility
    return tree
