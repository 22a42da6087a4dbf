# multiagent_value never tests IS-TERMINAL: a game that ends above the depth limit leaves a state with no actions, worth -inf or +inf.

# %% expect
total = 14.5
cells = {'q4_test': 0.5, 'q4_hidden': 'partial'}
says = {"q4_test": "[missing_terminal_test]", "q4_hidden": "[missing_terminal_test]"}

# %% solutions

# %% answer q4_answer
def multiagent_value(game, state, depth, evaluate):
    if depth == 0:
        return evaluate(state)
    maximize = game.to_move(state) == MAX
    v = -inf if maximize else inf
    for a in game.actions(state):
        child = game.result(state, a)
        next_depth = depth - 1 if game.to_move(child) == MAX else depth
        v2 = multiagent_value(game, child, next_depth, evaluate)
        v = max(v, v2) if maximize else min(v, v2)
    return v
