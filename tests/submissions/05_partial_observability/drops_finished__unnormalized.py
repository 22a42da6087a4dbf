# Two known bugs.  predict leaves out the games that end before the player's next turn (a finished
# game is a state of the belief too, the percept at the end says who won).  clairvoyance_averages
# weights each deal by its probability but never divides by the probability of the deals kept: every
# average is scaled down, the decisions are unchanged (full marks for the decision and for section 6).

# %% expect
total = 15.6
cells = {'q3_test': 0.6, 'q3_hidden': 'partial', 'q5_test': 0, 'q5_hidden': 0}
says = {"q3_test": "[drops_finished]", "q3_hidden": "[drops_finished]",
        "q5_test": "[unnormalized]", "q5_hidden": "[unnormalized]"}

# %% solutions

# %% answer q3_answer
def carry(game, state, player):
    if game.is_terminal(state) or game.to_move(state) == player:
        return {state}
    if game.to_move(state) == CHANCE:
        moves = [r for r, p in game.chance_outcomes(state) if p > 0]
    else:
        moves = game.actions(state)
    reached = set()
    for m in moves:
        reached |= carry(game, game.result(state, m), player)
    return reached


def predict(game, belief, action, player):
    predicted = set()
    for s in belief:
        predicted |= carry(game, game.result(s, action), player)
    return {s for s in predicted if not game.is_terminal(s)}

# %% answer q5_answer
def clairvoyance_averages(game, deal, moves):
    def replay(d):
        s = game.result(game.initial_state, d)
        for m in moves:
            s = game.result(s, m)
        return s

    state = replay(deal)
    player = game.to_move(state)
    seen = game.observation(state, player)
    sign = 1 if player == MAX else -1
    kept = [(replay(d), p) for d, p in game.chance_outcomes(game.initial_state)
            if game.observation(replay(d), player) == seen]
    return {a: sum(p * sign * minimax(game, game.result(s, a)).value for s, p in kept)
            for a in game.actions(state)}
