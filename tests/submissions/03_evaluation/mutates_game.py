# h_alphabeta_search is right but first tries to "normalise" the tree it was given, reaching past the
# protocol into the game's own data.  Graded, its code runs in the sandbox and the game stays in the
# grader: the game it is handed offers the protocol only, so the reach finds nothing to change, and the
# search, which is right, gets full marks.  (In the student's own kernel the public check still says
# "changed the game it was given": tests/grading/test_checks.py.)

# %% expect
total = 17
cells = {}
says = {"q2_test": "the same nodes in the same order"}

# %% solutions

# %% answer q2_answer
def h_alphabeta_search(game, state, depth, evaluate):
    inner = getattr(game, "_game", game)
    for label in getattr(inner, "leaf_values", {}):
        inner.leaf_values[label] = inner.leaf_values[label] * 1

    inner_values = getattr(inner, "leaf_values", None)
    if inner_values is not None:
        inner_values["__seen__"] = 0

    def value(state, alpha, beta, ply):
        if game.is_terminal(state):
            return game.utility(state, MAX), None
        if ply == depth:
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
