# A known bug: the index of the player to move is found once, at the root, and a helper uses it at every
# node: every player maximizes the root player's component.

# %% expect
total = 15
cells = {"q5_test": 0, "q5_hidden": "partial"}
says = {"q5_test": "[root_component]", "q5_hidden": "[root_component]"}

# %% solutions

# %% answer q5_answer
def maxn_value(game, state, tie="first"):
    players = game.player_order
    me = players.index(game.to_move(state))

    def backed_up(s):
        if game.is_terminal(s):
            return tuple(game.utility(s, p) for p in players)
        if game.to_move(s) == CHANCE:
            total = [0.0] * len(players)
            for outcome, probability in game.chance_outcomes(s):
                v = backed_up(game.result(s, outcome))
                total = [t + probability * x for t, x in zip(total, v)]
            return tuple(total)
        best = None
        for a in game.actions(s):
            v = backed_up(game.result(s, a))
            if best is None or v[me] > best[me] or (v[me] == best[me] and tie == "spiteful" and sum(v) < sum(best)):
                best = v
        return best

    return backed_up(state)
