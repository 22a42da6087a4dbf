# The 'spiteful' rule ignored by hand and in code: spiteful_values copies the 'first' rule's vectors (the
# public check names the two nodes whose tie 'spiteful' breaks otherwise, never their vectors), and
# maxn_value never reads its tie argument.

# %% expect
total = 14.6
cells = {'q1_test_spiteful': 0, 'q5_test': 1.6, 'q5_hidden': 'partial'}
says = {"q1_test_spiteful": ["spiteful_values and spiteful_decision is not consistent", "5 of 7 vectors are consistent",
                             "D's vector (5, 1, 4) is not the one Z (to move there) backs up"],
        "q5_test": "[ignores_spiteful]", "q5_hidden": "[ignores_spiteful]"}

# %% solutions

# %% answer q1_answer
first_values = {"A": (3, 2, 5), "B": (3, 2, 5), "C": (3, 5, 3), "D": (5, 1, 4), "E": (3, 2, 5),
                "F": (2, 2, 3), "G": (3, 5, 3)}
first_decision = "a1"
spiteful_values = dict(first_values)
spiteful_decision = first_decision

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
        if best is None or v[i] > best[i]:
            best = v
    return best
