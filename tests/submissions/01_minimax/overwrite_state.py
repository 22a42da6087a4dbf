# minimax_value replaces the state by its child inside the loop (state = game.result(state, a)), the
# bug of aima-python's expect_minmax: the second action is applied to the first child.  On trees that
# is an illegal move; on the halving game, a wrong search.  minimax_decision calls it, so it fails too.

# %% expect
total = 10
cells = {"q3_value_test": 0, "q3_value_hidden": 0, "q3_decision_test": 0, "q3_decision_hidden": "partial"}
says = {"q3_value_test": "[overwrite_state]", "q3_value_hidden": "[overwrite_state]"}

# %% solutions

# %% answer q3_answer
def minimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    player = game.to_move(state)
    v = -inf if player == MAX else inf
    for a in game.actions(state):
        state = game.result(state, a)
        v2 = minimax_value(game, state)
        v = max(v, v2) if player == MAX else min(v, v2)
    return v


def minimax_decision(game, state):
    maximize = game.to_move(state) == MAX
    best_action, best_value = None, None
    for a in game.actions(state):
        v = minimax_value(game, game.result(state, a))
        if best_action is None or (v > best_value if maximize else v < best_value):
            best_action, best_value = a, v
    return best_action
