# Two known bugs.  update compares game.observation(s, player) with the percept instead of
# percept(game, s, player): at the end of a game, announced with its result, nothing matches, and a
# finished game whose last view looks like the percept is kept.  clairvoyance_decision averages
# decisions instead of values: each deal votes, with its probability, for the move that is best in it,
# and the most votes win (the averages are right).  The public cases show the difference, and one of the
# hidden decisions; the Kuhn policy of section 6, built on the decision, plays what it decides (the vote is
# charged once, to the decision).

# %% expect
total = 19.31
cells = {'q3_update_test': 0.6,
         'q3_update_hidden': 'partial',
         'q5_decision_test': 0.71,
         'q5_decision_hidden': 'partial'}
says = {"q3_update_test": "[observation_not_percept]", "q3_update_hidden": "[observation_not_percept]",
        "q5_decision_test": "[vote]"}

# %% solutions

# %% answer q3_update_answer
def update(game, predicted, observed, player):
    return {s for s in predicted if game.observation(s, player) == observed}

# %% answer q5_decision_answer
def clairvoyance_decision(game, deal, moves):
    def replay(d):
        s = game.result(game.initial_state, d)
        for m in moves:
            s = game.result(s, m)
        return s

    state = replay(deal)
    player = game.to_move(state)
    seen = game.observation(state, player)
    sign = 1 if player == MAX else -1
    actions = list(game.actions(state))
    votes = {a: 0.0 for a in actions}
    for d, p in game.chance_outcomes(game.initial_state):
        s = replay(d)
        if game.observation(s, player) != seen:
            continue
        values = [sign * minimax(game, game.result(s, a)).value for a in actions]
        best = max(values)
        votes[actions[next(i for i, v in enumerate(values) if v >= best - 1e-9)]] += p
    top = max(votes.values())
    return next(a for a in actions if votes[a] >= top - 1e-9)
