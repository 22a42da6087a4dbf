# The student's alpha-beta always prunes on equality, and they "fixed" the failing strict test by
# replacing it with `pass`: nbgrader restores the test from its gradebook, and it fails.

# %% expect
total = 16.57
cells = {'q6_strict_test': 0.57, 'q6_strict_hidden': 'partial'}
says = {"q6_strict_test": "[prunes_on_equality]"}

# %% solutions

# %% answer q6_answer
def alphabeta_search(game, state, prune_on_equality=True):
    def value(state, alpha, beta):
        if game.is_terminal(state):
            return game.utility(state, MAX), None
        maximize = game.to_move(state) == MAX
        v, move = (-inf if maximize else inf), None
        for a in game.actions(state):
            v2, _ = value(game.result(state, a), alpha, beta)
            if (v2 > v) if maximize else (v2 < v):
                v, move = v2, a
                if maximize:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
            if (v >= beta) if maximize else (v <= alpha):
                return v, move
        return v, move

    return value(state, -inf, inf)

# %% edit q6_strict_test
pass
