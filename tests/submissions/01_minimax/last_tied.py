# minimax_decision keeps the last of several equally good moves (>= instead of >).

# %% expect
total = 16.8
cells = {'q3_decision_test': 0.8, 'q3_decision_hidden': 'partial'}
says = {"q3_decision_test": "[last_tied]", "q3_decision_hidden": "[last_tied]"}

# %% solutions

# %% answer q3_answer
def minimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def minimax_decision(game, state):
    maximize = game.to_move(state) == MAX
    best_action, best_value = None, None
    for a in game.actions(state):
        v = minimax_value(game, game.result(state, a))
        if best_action is None or (v >= best_value if maximize else v <= best_value):
            best_action, best_value = a, v
    return best_action
