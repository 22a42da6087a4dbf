# multiagent_value decreases the depth when MAX moves, not when play comes back to MAX: the last round stops after MAX's move (a partial ply).

# %% expect
total = 14
cells = {"q4_test": 0, "q4_hidden": "partial"}
says = {"q4_test": "[partial_round]", "q4_hidden": "[partial_round]"}

# %% solutions

# %% answer q4_answer
def multiagent_value(game, state, depth, evaluate):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if depth == 0:
        return evaluate(state)
    maximize = game.to_move(state) == MAX
    next_depth = depth - 1 if maximize else depth
    values = [multiagent_value(game, game.result(state, a), next_depth, evaluate) for a in game.actions(state)]
    return max(values) if maximize else min(values)
