# alphabeta_search's decision loop at the root raises alpha, but MAX-VALUE below the root never does
# (alpha <- MAX(alpha, v) forgotten): MIN nodes under a MAX node below the root are pruned later than
# they could be.  The textbook's trees have no MAX node below the root with MIN children; the public
# four-ply tree has.

# %% expect
total = 13.7
cells = {'q6_aima_test': 1.85, 'q6_strict_test': 1.85, 'q6_aima_hidden': 'partial', 'q6_strict_hidden': 'partial'}
says = {"q6_aima_test": ["a four-ply tree", "[alpha_never_raised]"], "q6_strict_test": "[alpha_never_raised]"}

# %% solutions

# %% answer q6_answer
def alphabeta_search(game, state, prune_on_equality=True):
    def cut(v, bound, maximize):
        return (v > bound or (prune_on_equality and v == bound)) if maximize else \
            (v < bound or (prune_on_equality and v == bound))

    def max_value(state, alpha, beta):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        v = -inf
        for a in game.actions(state):
            v = max(v, value(game.result(state, a), alpha, beta))
            if cut(v, beta, True):
                return v                               # alpha is never raised here
        return v

    def min_value(state, alpha, beta):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        v = inf
        for a in game.actions(state):
            v = min(v, value(game.result(state, a), alpha, beta))
            if cut(v, alpha, False):
                return v
            beta = min(beta, v)
        return v

    def value(state, alpha, beta):
        if game.is_terminal(state):
            return game.utility(state, MAX)
        return (max_value if game.to_move(state) == MAX else min_value)(state, alpha, beta)

    if game.is_terminal(state):
        return game.utility(state, MAX), None
    maximize = game.to_move(state) == MAX
    alpha, beta = -inf, inf
    best, move = (-inf if maximize else inf), None
    for a in game.actions(state):
        v = value(game.result(state, a), alpha, beta)
        if (v > best) if maximize else (v < best):
            best, move = v, a
            if maximize:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
        if cut(best, beta if maximize else alpha, maximize):
            return best, move
    return best, move
