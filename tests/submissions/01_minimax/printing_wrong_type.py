# minimax_value prints a line at every node (megabytes over the hidden cases: captured, not shown, and
# not even counted in the hidden cell's feedback: a size is a channel out of a hidden case) and is right; minimax_decision returns (action, value) instead of the action alone.

# %% expect
total = 16
cells = {"q3_decision_test": 0, "q3_decision_hidden": 0}
says = {"q3_decision_test": "it returned tuple", "q3_value_test": "it printed"}

# %% solutions

# %% answer q3_answer
def minimax_value(game, state):
    print("visiting", state, "-" * 2000)
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def minimax_decision(game, state):
    maximize = game.to_move(state) == MAX
    best_action, best_value = None, None
    for a in game.actions(state):
        v = minimax_value(game, game.result(state, a))
        if best_action is None or (v > best_value if maximize else v < best_value):
            best_action, best_value = a, v
    return best_action, best_value
