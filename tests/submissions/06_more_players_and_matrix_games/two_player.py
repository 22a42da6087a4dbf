# A known bug: max^n written as minimax, the game read as two-player: the first player maximizes its
# component and every other player minimizes it (the paranoid game).

# %% expect
total = 16.2
cells = {'q5_test': 1.2, 'q5_hidden': 'partial'}
says = {"q5_test": "[two_player]", "q5_hidden": "[two_player]"}

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
    best = None
    for a in game.actions(state):            # minimax on the first player's component: two-player thinking
        v = maxn_value(game, game.result(state, a), tie)
        if mover == players[0]:
            better = best is None or v[0] > best[0] or (v[0] == best[0] and tie == "spiteful" and sum(v) < sum(best))
        else:
            better = best is None or v[0] < best[0] or (v[0] == best[0] and tie == "spiteful" and sum(v) < sum(best))
        if better:
            best = v
    return best
