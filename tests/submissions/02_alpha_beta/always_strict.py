# alphabeta_search ignores prune_on_equality and always prunes strictly (CS188's rule), so the
# AIMA-convention cases fail.

# %% expect
total = 17.28
cells = {'q6_aima_test': 1.28, 'q6_aima_hidden': 'partial'}
says = {'q6_aima_test': '[strict_pruning]', 'q6_aima_hidden': '[strict_pruning]'}

# %% solutions

# %% answer q6_answer
def alphabeta_search(game, state, prune_on_equality=True):
    def value(state, alpha, beta, root=False):
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
            if maximize and v > beta:
                return v, move
            if not maximize and v < alpha:
                return v, move
        return v, move

    return value(state, -inf, inf, root=True)
