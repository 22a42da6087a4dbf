# minimax_decision takes the move with the largest value whoever is to move: right when MAX moves at
# the root, wrong when MIN does (the public tree with MIN at the root, and the hidden trees and
# tic-tac-toe positions with MIN to move).

# %% expect
total = 16.8
cells = {'q3_decision_test': 0.8, 'q3_decision_hidden': 'partial'}
says = {"q3_decision_test": ["a tree with MIN to move at the root", "[argmax_root]"]}

# %% solutions

# %% answer q3_answer
def minimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def minimax_decision(game, state):
    best_action, best_value = None, -inf
    for a in game.actions(state):
        v = minimax_value(game, game.result(state, a))
        if v > best_value:
            best_action, best_value = a, v
    return best_action
