# A known bug: max^n averages the vectors at a chance node by 1/number-of-outcomes instead of by
# their probabilities.  Only trees with chance nodes show it.

# %% expect
total = 16.6
cells = {'q5_test': 1.6, 'q5_hidden': 'partial'}
says = {"q5_test": "[count_average]", "q5_hidden": "[count_average]"}

# %% solutions

# %% answer q5_answer
def maxn_value(game, state, tie="first"):
    players = game.player_order
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in players)
    mover = game.to_move(state)
    if mover == CHANCE:
        outcomes = game.chance_outcomes(state)
        total = [0.0] * len(players)
        for outcome, probability in outcomes:
            v = maxn_value(game, game.result(state, outcome), tie)
            total = [t + x / len(outcomes) for t, x in zip(total, v)]
        return tuple(total)
    i = players.index(mover)
    best = None
    for a in game.actions(state):
        v = maxn_value(game, game.result(state, a), tie)
        if best is None or v[i] > best[i] or (v[i] == best[i] and tie == "spiteful" and sum(v) < sum(best)):
            best = v
    return best
