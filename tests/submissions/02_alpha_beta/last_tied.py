# alphabeta_search moves on an equal value at the root too (v2 >= v): it falls for the
# root-children trap [[3], [3, 1]] (a public case), where C comes back equal to B while really worth 1.

# %% expect
total = 13.56
cells = {'q6_aima_test': 1.71, 'q6_strict_test': 1.85, 'q6_aima_hidden': 'partial', 'q6_strict_hidden': 'partial'}
says = {'q6_aima_test': '[last_tied]', 'q6_aima_hidden': '[last_tied]'}

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
            if root and v2 == v:
                move = a
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
