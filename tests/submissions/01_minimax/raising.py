# minimax_value raises (a KeyError from a lookup table the student forgot to fill); the by-hand
# answers and multiagent_value are still graded.

# %% expect
total = 10
cells = {"q3_value_test": 0, "q3_value_hidden": 0, "q3_decision_test": 0, "q3_decision_hidden": 0}
says = {"q3_value_test": "it raised KeyError", "q3_value_hidden": "it raised KeyError"}

# %% solutions

# %% answer q3_answer
seen = {}


def minimax_value(game, state):
    if game.is_terminal(state):
        return seen[state]
    values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def minimax_decision(game, state):
    maximize = game.to_move(state) == MAX
    best_action, best_value = None, None
    for a in game.actions(state):
        v = minimax_value(game, game.result(state, a))
        if best_action is None or (v > best_value if maximize else v < best_value):
            best_action, best_value = a, v
    return best_action
