# expectiminimax_value averages chance outcomes by 1/number-of-outcomes, ignoring their
# probabilities.

# %% expect
total = 14.0
cells = {'q3_test': 1.0, 'q3_hidden': 'partial'}
says = {"q3_hidden": "[uniform_chance]"}

# %% solutions

# %% answer q3_answer
def expectiminimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    player = game.to_move(state)
    if player == CHANCE:
        outcomes = game.chance_outcomes(state)
        return sum(expectiminimax_value(game, game.result(state, r)) for r, _ in outcomes) / len(outcomes)
    values = [expectiminimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if player == MAX else min(values)
