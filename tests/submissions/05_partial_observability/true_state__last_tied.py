# Two known bugs, and belief states kept in other shapes.  track updates on the true hidden state (the
# referee's) instead of on the player's percept of it: the belief collapses to the true state.
# clairvoyance_decision keeps the last of equally good moves (the clairvoyant king bets), so the Kuhn
# policy of question 9 differs from gamelib's.  predict returns a list (with repeats) and update a dict
# {state: probability}: belief states are compared as sets, so both get full marks.

# %% expect
total = 22
cells = {"q5_test": 0, "q5_hidden": 0, "q8_test": 0, "q8_hidden": "partial", "q9_test": 0}
says = {"q5_test": "[true_state]", "q5_hidden": "[true_state]", "q8_test": "[last_tied]",
        "q8_hidden": "[last_tied]"}

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

# %% answer q4_answer
def update(game, predicted, observed, player):
    kept = [s for s in predicted if percept(game, s, player) == observed]
    return {s: kept.count(s) / len(kept) for s in kept}

# %% answer q5_answer
def track(game, player, states, actions):
    beliefs = []
    for state in states:
        if game.is_terminal(state) or game.to_move(state) == player:
            beliefs.append({state})
    return beliefs

# %% answer q8_answer
def clairvoyance_decision(game, deal, moves):
    averages = clairvoyance_averages(game, deal, moves)
    best = None
    for a, v in averages.items():
        if best is None or v >= averages[best] - 1e-9:
            best = a
    return best
