# maxn_value raises (a KeyError from a table of player indices filled for A, B, C only: the four-player
# trees have a D), and solve_zero_sum_2x2 raises on every game (a ZeroDivisionError from a formula that
# divides by the wrong thing); the by-hand answers are still graded.

# %% expect
total = 11.6
cells = {'q5_test': 1.6, 'q5_hidden': 'partial', 'q6_test': 0, 'q6_hidden': 0}
says = {"q5_test": "it raised KeyError", "q5_hidden": "it raised KeyError", "q6_test": "it raised ZeroDivisionError",
        "q6_hidden": "it raised ZeroDivisionError"}

# %% solutions

# %% answer q5_answer
INDEX = {"A": 0, "B": 1, "C": 2}


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
    i = INDEX[mover]
    best = None
    for a in game.actions(state):
        v = maxn_value(game, game.result(state, a), tie)
        if best is None or v[i] > best[i] or (v[i] == best[i] and tie == "spiteful" and sum(v) < sum(best)):
            best = v
    return best

# %% answer q6_answer
def solve_zero_sum_2x2(payoffs):
    (a, b), (c, d) = payoffs
    return (d - c) / (a - a), 0
