# A known bug: BACK-PROPAGATE counts the visit at the root only; the rewards are added along the path.

# %% expect
total = 25
cells = {"q5_test": 0, "q5_hidden": 0}
says = {"q5_test": "[root_visits_only]", "q5_hidden": "[root_visits_only]"}

# %% solutions

# %% answer q5_answer
def backup(tree, path, utility):
    nodes = [tree]
    for move in path:
        nodes.append(nodes[-1]["children"][move])
    for node in nodes:
        if node is tree:
            node["N"] += 1
        node["U"] += -utility if node["player"] == MIN else utility
    return tree
