# expectiminimax_value replaces the state by each outcome's state inside the loop, as aima-python's
# expect_minmax does (issue #908): the next outcome is applied to the previous outcome's state.

# %% expect
total = 13
cells = {"q3_test": 0, "q3_hidden": "partial"}
says = {"q3_hidden": "[overwrite_at_chance]"}

# %% solutions

# %% answer q3_answer
def expectiminimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    player = game.to_move(state)
    if player == CHANCE:
        v = 0
        for r, p in game.chance_outcomes(state):
            state = game.result(state, r)
            v += p * expectiminimax_value(game, state)
        return v
    values = [expectiminimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if player == MAX else min(values)
