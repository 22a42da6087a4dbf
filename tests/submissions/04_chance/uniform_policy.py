# expectimax_search averages the opponent's moves uniformly instead of by its policy.

# %% expect
total = 15.2
cells = {'q4_test': 1.2, 'q4_hidden': 'partial'}
says = {"q4_hidden": "[uniform_policy]"}

# %% solutions

# %% answer q4_answer
def expectimax_search(game, state, opponent_policy):
    def value(state):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        player = game.to_move(state)
        if player == CHANCE:
            return sum(p * value(game.result(state, r)) for r, p in game.chance_outcomes(state))
        if player == MIN:
            acts = game.actions(state)
            return sum(value(game.result(state, a)) for a in acts) / len(acts)
        return max(value(game.result(state, a)) for a in game.actions(state))

    best_move, best_value = None, -inf
    for a in game.actions(state):
        v = value(game.result(state, a))
        if v > best_value:
            best_move, best_value = a, v
    return best_value, best_move
