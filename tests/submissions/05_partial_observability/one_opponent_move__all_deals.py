# Two known bugs.  predict lets the opponent (or chance) make one move after the player's action and
# stops: in phantom tic-tac-toe an opponent who hears "illegal" moves again, and in a tree several
# moves may come before the player's turn.  clairvoyance_averages averages over every deal, also those
# that contradict the player's own card.  The decision built on it, and the Kuhn policy of section 6 built
# on that, play what the student's own averages say is best: full marks for both (no double charge).

# %% expect
total = 15.48
cells = {'q3_test': 0.2, 'q3_hidden': 'partial', 'q5_test': 0.28, 'q5_hidden': 'partial'}
says = {"q3_test": "[one_opponent_move]", "q3_hidden": "[one_opponent_move]",
        "q5_test": ["[all_deals]", "it averages over every deal"], "q5_hidden": "[all_deals]"}

# %% solutions

# %% answer q3_answer
def carry(game, state, player):
    if game.is_terminal(state) or game.to_move(state) == player:
        return {state}
    if game.to_move(state) == CHANCE:
        return {game.result(state, r) for r, p in game.chance_outcomes(state) if p > 0}
    return {game.result(state, m) for m in game.actions(state)}


def predict(game, belief, action, player):
    predicted = set()
    for s in belief:
        predicted |= carry(game, game.result(s, action), player)
    return predicted

# %% answer q5_answer
def clairvoyance_averages(game, deal, moves):
    def replay(d):
        s = game.result(game.initial_state, d)
        for m in moves:
            s = game.result(s, m)
        return s

    state = replay(deal)
    player = game.to_move(state)
    sign = 1 if player == MAX else -1
    deals = game.chance_outcomes(game.initial_state)
    return {a: sum(p * sign * minimax(game, game.result(replay(d), a)).value for d, p in deals)
            for a in game.actions(state)}
