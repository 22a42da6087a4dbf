# alphabeta_search never updates alpha or beta, so it never prunes: it is minimax.

# %% expect
total = 12.28
cells = {"q6_aima_test": 1.0, "q6_strict_test": 1.28, "q6_aima_hidden": "partial", "q6_strict_hidden": "partial"}
says = {'q6_aima_test': '[no_pruning]', 'q6_strict_hidden': '[no_pruning]'}

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
                pass
            if maximize and (v > beta or (prune_on_equality and v == beta)):
                return v, move
            if not maximize and (v < alpha or (prune_on_equality and v == alpha)):
                return v, move
        return v, move

    return value(state, -inf, inf, root=True)
