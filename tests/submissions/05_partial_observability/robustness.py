# What else students hand in.  predict hands the work to gamelib.imperfect.predict and
# clairvoyance_averages to gamelib.imperfect.clairvoyance_policy (the references): withheld in the
# sandbox, and the call named.  update forgets to return its set.  clairvoyance_decision returns
# (action, average) instead of the action, so section 6's policy is not one and its exploitability is
# never computed (the placeholder stays, and the public check says so).  The by-hand answers are right.

# %% expect
total = 9
cells = {"q3_test": 0, "q3_hidden": 0, "q3_update_test": 0, "q3_update_hidden": 0, "q5_test": 0, "q5_hidden": 0,
         "q5_decision_test": 0, "q5_decision_hidden": 0, "q6_test": 0}
says = {"q3_test": "it calls gamelib.imperfect.belief.predict, gamelib's own",
        "q3_update_test": "did you forget to return it?",
        "q5_test": "it calls gamelib.imperfect.clairvoyance.clairvoyance_policy, gamelib's own",
        "q5_decision_test": "it returned tuple", "q6_test": "my_exploitability still holds the placeholder"}

# %% solutions

# %% answer q3_answer
from gamelib.imperfect import predict as gamelib_predict


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
    return set(gamelib_predict(game, belief, action, player).states)

# %% answer q3_update_answer
def update(game, predicted, observed, player):
    kept = {s for s in predicted if percept(game, s, player) == observed}

# %% answer q5_answer
from gamelib.imperfect import clairvoyance_policy


def clairvoyance_averages(game, deal, moves):
    state = game.result(game.initial_state, deal)
    for m in moves:
        state = game.result(state, m)
    key = game.information_set(state, game.to_move(state))
    return {a: e.mean for a, e in clairvoyance_policy(game).estimates[key].items()}

# %% answer q5_decision_answer
def clairvoyance_decision(game, deal, moves):
    state = game.result(game.initial_state, deal)
    for m in moves:
        state = game.result(state, m)
    player = game.to_move(state)
    best = None
    for a in game.actions(state):
        v = minimax(game, game.result(state, a)).value * (1 if player == MAX else -1)
        if best is None or v > best[1]:
            best = (a, v)
    return best
