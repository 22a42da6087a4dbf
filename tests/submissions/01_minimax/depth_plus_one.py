# multiagent_value searches one round deeper than asked (it starts counting at depth + 1).

# %% expect
total = 14.5
cells = {'q4_test': 0.5, 'q4_hidden': 'partial'}
says = {"q4_test": "[depth_plus_one]", "q4_hidden": "[depth_plus_one]"}

# %% solutions

# %% answer q4_answer
def multiagent_value(game, state, depth, evaluate):
    return search(game, state, depth + 1, evaluate)


def search(game, state, depth, evaluate):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if depth == 0:
        return evaluate(state)
    values = []
    for a in game.actions(state):
        child = game.result(state, a)
        values.append(search(game, child, depth - 1 if game.to_move(child) == MAX else depth, evaluate))
    return max(values) if game.to_move(state) == MAX else min(values)
