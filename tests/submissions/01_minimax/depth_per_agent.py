# multiagent_value counts depth per agent move (AIMA plies) instead of per round.

# %% expect
total = 14
cells = {"q4_test": 0, "q4_hidden": "partial"}
says = {"q4_test": "[depth_per_agent]", "q4_hidden": "[depth_per_agent]"}

# %% solutions

# %% answer q4_answer
def multiagent_value(game, state, depth, evaluate):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if depth == 0:
        return evaluate(state)
    values = [multiagent_value(game, game.result(state, a), depth - 1, evaluate) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)
