# alphabeta_search searches every child of the root with a fresh window (-inf, +inf), as a
# decision loop that calls MIN-VALUE(child, -inf, +inf) for each move does.

# %% expect
total = 12.56
cells = {'q6_aima_test': 1.14, 'q6_strict_test': 1.42, 'q6_aima_hidden': 'partial', 'q6_strict_hidden': 'partial'}
says = {'q6_aima_test': '[fresh_root_window]', 'q6_strict_hidden': '[fresh_root_window]'}

# %% solutions

# %% answer q6_answer
def alphabeta_search(game, state, prune_on_equality=True):
    def value(state, alpha, beta, root=False):
        if game.is_terminal(state):
            return game.utility(state, MAX), None
        maximize = game.to_move(state) == MAX
        v, move = (-inf if maximize else inf), None
        for a in game.actions(state):
            v2, _ = value(game.result(state, a), -inf if root else alpha, inf if root else beta)
            if (v2 > v) if maximize else (v2 < v):
                v, move = v2, a
                if maximize:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
            if maximize and (v > beta or (prune_on_equality and v == beta)):
                return v, move
            if not maximize and (v < alpha or (prune_on_equality and v == alpha)):
                return v, move
        return v, move

    return value(state, -inf, inf, root=True)
