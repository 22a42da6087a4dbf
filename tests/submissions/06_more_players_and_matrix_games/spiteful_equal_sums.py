# A known bug: under 'spiteful', a tied child with an equal sum replaces the one kept (<= where < is
# meant).  Only ties of equal sums show it; the random hidden trees may hold none, so the hidden draw adds
# a tree that does.

# %% expect
total = 16.6
cells = {'q5_test': 1.6, 'q5_hidden': 'partial'}
says = {"q5_test": "[spiteful_equal_sums]", "q5_hidden": "[spiteful_equal_sums]"}

# %% solutions

# %% answer q5_answer
def maxn_value(game, state, tie="first"):
    players = game.player_order
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in players)
    mover = game.to_move(state)
    if mover == CHANCE:
        total = [0.0] * len(players)
        for outcome, probability in game.chance_outcomes(state):
            v = maxn_value(game, game.result(state, outcome), tie)
            total = [t + probability * x for t, x in zip(total, v)]
        return tuple(total)
    i = players.index(mover)
    best = None
    for a in game.actions(state):
        v = maxn_value(game, game.result(state, a), tie)
        if best is None or v[i] > best[i] or (v[i] == best[i] and tie == "spiteful" and sum(v) <= sum(best)):
            best = v
    return best
