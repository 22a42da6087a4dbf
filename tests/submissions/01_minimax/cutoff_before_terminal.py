# multiagent_value tests the depth before IS-TERMINAL, so a terminal state at the cut-off is evaluated, not scored by its utility.

# %% expect
total = 15.5
cells = {'q4_test': 1.5, 'q4_hidden': 'partial'}
says = {"q4_test": "[cutoff_before_terminal]", "q4_hidden": "[cutoff_before_terminal]"}

# %% solutions

# %% answer q4_answer
def multiagent_value(game, state, depth, evaluate):
    if depth == 0:
        return evaluate(state)
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = []
    for a in game.actions(state):
        child = game.result(state, a)
        next_depth = depth - 1 if game.to_move(child) == MAX else depth
        values.append(multiagent_value(game, child, next_depth, evaluate))
    return max(values) if game.to_move(state) == MAX else min(values)
