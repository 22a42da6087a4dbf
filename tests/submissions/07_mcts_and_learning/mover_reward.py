# A known bug, as students write it: BACK-PROPAGATE adds the reward of the player *to move* at each node,
# with an `if ... elif ...` that leaves a terminal node (nobody to move) unrewarded.  Not the bug model's
# own code (which gives a terminal node the utility): the bug is named by what it does at the nodes where
# a player is to move, however the terminal nodes come out.

# %% expect
total = 25
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
        if node["to_move"] == MAX:
            node["U"] += utility
        elif node["to_move"] == MIN:
            node["U"] -= utility
    return tree
