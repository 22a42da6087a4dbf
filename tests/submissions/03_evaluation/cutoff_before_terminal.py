# The same mistake by hand and in code: a finished game at the cut-off is scored by EVAL instead of its
# utility.  By hand, F (a draw) counts as its features' 0.20, so B backs up E's 0.08 and so does A (the
# decision at A is still a1); the public check says B's value is not the least of its children's (F's
# utility 0 among them), without saying what it is.  h_alphabeta_search tests the depth before
# IS-TERMINAL.

# %% expect
total = 10.25
cells = {'q1_test_depth': 0, 'q2_test': 1.25, 'q2_hidden': 'partial'}
says = {"q1_test_depth": ["not consistent with the tree cut off at depth 2", "2 of 3 values are consistent",
                          "B's value 0.08 is not the least of its children's values"],
        "q2_hidden": "[cutoff_before_terminal]"}

# %% solutions

# %% answer q1_answer
eval_values = {"D": 0.28, "E": 0.08, "G": -0.04, "H": 0.08}
depth_2_values = {"A": 0.08, "B": 0.08, "C": -0.04}
depth_2_decision = "a1"
depth_1_decision = "a2"

# %% answer q2_answer
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
