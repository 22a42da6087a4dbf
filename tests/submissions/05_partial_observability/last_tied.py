# A known bug, and belief states kept in other shapes.  clairvoyance_decision keeps the last of equally
# good moves (the clairvoyant king bets); the Kuhn policy of section 6, built on it, plays what it decides,
# so it is right by the student's own decision (the tie is charged once, to the decision).  predict
# returns a list (with repeats) and update a dict {state: probability}: belief states are compared as
# sets, so both get full marks.

# %% expect
total = 20.85
cells = {'q5_decision_test': 0.85, 'q5_decision_hidden': 'partial'}
says = {"q5_decision_test": ["[last_tied]", "of equal averages the first in the game's order is played"],
        "q5_decision_hidden": "[last_tied]"}

# %% solutions

# %% answer q3_answer
def carry(game, state, player):
    if game.is_terminal(state) or game.to_move(state) == player:
        return [state]
    if game.to_move(state) == CHANCE:
        moves = [r for r, p in game.chance_outcomes(state) if p > 0]
    else:
        moves = game.actions(state)
    reached = []
    for m in moves:
        reached += carry(game, game.result(state, m), player)
    return reached


def predict(game, belief, action, player):
    return [t for s in belief for t in carry(game, game.result(s, action), player)]

# %% answer q3_update_answer
def update(game, predicted, observed, player):
    kept = [s for s in predicted if percept(game, s, player) == observed]
    return {s: kept.count(s) / len(kept) for s in kept}

# %% answer q5_decision_answer
def clairvoyance_decision(game, deal, moves):
    averages = clairvoyance_averages(game, deal, moves)
    best = None
    for a, v in averages.items():
        if best is None or v >= averages[best] - 1e-9:
            best = a
    return best
