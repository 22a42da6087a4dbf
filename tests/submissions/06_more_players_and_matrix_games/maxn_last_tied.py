# A known bug: max^n keeps the last of the children tied for the mover (>= where > is meant; under
# spiteful, <= on the sums).  Fig. 5.4 shows it; the hidden trees show it where ties fall.

# %% expect
total = 16.2
cells = {'q5_test': 1.2, 'q5_hidden': 'partial'}
says = {"q5_test": "[maxn_last_tied]", "q5_hidden": "[maxn_last_tied]"}

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
        if best is None or v[i] >= best[i] and (tie == "first" or v[i] > best[i] or sum(v) <= sum(best)):
            best = v
    return best
