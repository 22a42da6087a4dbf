# expectiminimax_value takes the minimum at chance nodes (nature as an adversary).

# %% expect
total = 13
cells = {"q3_test": 0, "q3_hidden": "partial"}
says = {"q3_hidden": "[min_at_chance]"}

# %% solutions

# %% answer q3_answer
def expectiminimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    player = game.to_move(state)
    if player == CHANCE:
        return min(expectiminimax_value(game, game.result(state, r)) for r, _ in game.chance_outcomes(state))
    values = [expectiminimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if player == MAX else min(values)
