# h_alphabeta_search cuts off at ply > depth instead of ply == depth: one ply too deep.

# %% expect
total = 11.5
cells = {'q2_test': 0.5, 'q2_hidden': 'partial'}
says = {"q2_hidden": "[depth_plus_one]"}

# %% solutions

# %% answer q2_answer
def h_alphabeta_search(game, state, depth, evaluate):
    def value(state, alpha, beta, ply):
        if game.is_terminal(state):
            return game.utility(state, MAX), None
        if ply > depth:
            return evaluate(state), None
        maximize = game.to_move(state) == MAX
        v, move = (-inf if maximize else inf), None
        for a in game.actions(state):
            v2, _ = value(game.result(state, a), alpha, beta, ply + 1)
            if (v2 > v) if maximize else (v2 < v):
                v, move = v2, a
                if maximize:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
            if (v >= beta) if maximize else (v <= alpha):
                return v, move
        return v, move

    return value(state, -inf, inf, 0)
