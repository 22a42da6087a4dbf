# minimax_value takes the largest value at every node, MIN's too (a bug no model names).  minimax_decision,
# the textbook's, is built on it: it plays the first best of the student's own values, so the mistake is
# charged to minimax_value alone (full marks for the decision, public and hidden).

# %% expect
total = 14
cells = {"q3_value_test": "partial", "q3_value_hidden": "partial"}
says = {"q3_value_test": "minimax_value disagrees with", "q3_decision_test": "or what your own minimax_value leads to"}

# %% solutions

# %% answer q3_answer
def minimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    return max(minimax_value(game, game.result(state, a)) for a in game.actions(state))


def minimax_decision(game, state):
    maximize = game.to_move(state) == MAX
    best_action, best_value = None, None
    for a in game.actions(state):
        v = minimax_value(game, game.result(state, a))
        if best_action is None or (v > best_value if maximize else v < best_value):
            best_action, best_value = a, v
    return best_action
