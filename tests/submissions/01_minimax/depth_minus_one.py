# multiagent_value stops one round short: it cuts off when one round is left, not none.

# %% expect
total = 14
cells = {"q4_test": 0, "q4_hidden": "partial"}
says = {"q4_test": "[depth_minus_one]", "q4_hidden": "[depth_minus_one]"}

# %% solutions

# %% answer q4_answer
def multiagent_value(game, state, depth, evaluate):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if depth <= 1:
        return evaluate(state)
    values = []
    for a in game.actions(state):
        child = game.result(state, a)
        next_depth = depth - 1 if game.to_move(child) == MAX else depth
        values.append(multiagent_value(game, child, next_depth, evaluate))
    return max(values) if game.to_move(state) == MAX else min(values)
