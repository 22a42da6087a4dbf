# h_alphabeta_search tests the depth before IS-TERMINAL: terminal states at the cut-off are
# evaluated instead of scored by their utility.

# %% expect
total = 8
cells = {"q1_test": 0, "q1_hidden": "partial"}
says = {"q1_hidden": "[cutoff_before_terminal]"}

# %% solutions

# %% answer q1_answer
def h_alphabeta_search(game, state, depth, evaluate):
    def value(state, alpha, beta, ply):
        if ply == depth:
            return evaluate(state), None
        if game.is_terminal(state):
            return game.utility(state, MAX), None
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
