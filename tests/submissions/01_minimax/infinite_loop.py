# minimax_decision never returns when the first action is not the best (a while loop whose index is
# never increased): such a case stops at the 2 s limit, the check gives up after two time-outs (the
# cases before them whose best move comes first still earn their share), and every other answer is
# still graded.  (The public tree with MIN to move at the root has its best
# move second, so the public cell fails too.)  The hidden cell's feedback shows the time-out on one of
# the kit's own small trees, never on a hidden one.

# %% expect
total = 16.8
cells = {'q3_decision_test': 0.8, 'q3_decision_hidden': 'partial'}
says = {"q3_decision_hidden": ["hidden cases are never described", "the kit's tree 1: no answer within 2 s"],
        "q3_decision_test": "no answer within 2 s"}

# %% solutions

# %% answer q3_answer
def minimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def minimax_decision(game, state):
    actions = list(game.actions(state))
    values = [minimax_value(game, game.result(state, a)) for a in actions]
    best = max(values) if game.to_move(state) == MAX else min(values)
    i = 0
    while values[i] != best:                     # i is never increased
        pass
    return actions[i]
