# Two known bugs.  update forgets to filter by the percept and returns the predicted belief state
# unchanged.  clairvoyance_averages averages MAX's values even at MIN's decisions, so MIN picks its worst
# move; the decision built on it, and the Kuhn policy of section 6 built on that, play what the student's
# own averages say is best: the mistake is charged to the averages alone (full marks for both).

# %% expect
total = 17.57
cells = {'q3_update_test': 0, 'q3_update_hidden': 'partial', 'q5_test': 0.57, 'q5_hidden': 'partial'}
says = {"q3_update_test": "[no_filter]", "q3_update_hidden": "[no_filter]",
        "q5_test": ["[max_values]", "it is MAX's average, not MIN's"], "q5_hidden": "[max_values]",
        "q5_decision_test": "or what your own clairvoyance_averages leads to",
        "q6_test": "or what your own clairvoyance_decision decides"}

# %% solutions

# %% answer q3_update_answer
def update(game, predicted, observed, player):
    return set(predicted)

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
    kept = [(replay(d), p) for d, p in game.chance_outcomes(game.initial_state)
            if game.observation(replay(d), player) == seen]
    total = sum(p for _, p in kept)
    return {a: sum(p * minimax(game, game.result(s, a)).value for s, p in kept) / total
            for a in game.actions(state)}
