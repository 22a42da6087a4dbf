"""Searches written the way students write them, for the grader's tests: a right version of each
exercise, and one wrong version per known bug (:data:`gamelib.grading.mutants.MUTANTS`); then the same
for the belief-state and clairvoyance functions of assignment 05, and the functions of assignments 06 and 07.

They use the game protocol only, as the exercises ask; none of them is gamelib's own search.
"""
import math
import time
from math import inf

import nbformat
from hypothesis import assume
from hypothesis import strategies as st

from gamelib import CHANCE, MAX, MIN, GameTree
from gamelib.grading import cases as C
from gamelib.grading import checks
from gamelib.grading.course import RELEASE as RELEASE_FOLDER
from gamelib.grading.games import agent_tree

from ..strategies import chance_specs, nested_specs


def minimax_value(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def minimax_decision(game, state, tie=False, argmax=False):
    maximize = game.to_move(state) == MAX or argmax
    best, best_value = None, None
    for a in game.actions(state):
        v = minimax_value(game, game.result(state, a))
        if best is None or (v > best_value if maximize else v < best_value) or (tie and v == best_value):
            best, best_value = a, v
    return best


def multiagent_value(game, state, depth, evaluate, bug=None):
    """Depth in rounds; ``bug`` one of 'per_agent', 'partial', 'cutoff_first', 'no_terminal'."""
    if bug == "cutoff_first" and depth == 0:
        return evaluate(state)
    if bug != "no_terminal" and game.is_terminal(state):
        return game.utility(state, MAX)
    if depth == 0:
        return evaluate(state)
    maximize = game.to_move(state) == MAX
    v = -inf if maximize else inf
    for a in game.actions(state):
        child = game.result(state, a)
        if bug == "per_agent":
            d = depth - 1
        elif bug == "partial":
            d = depth - 1 if maximize else depth
        else:
            d = depth - 1 if game.to_move(child) == MAX else depth
        v2 = multiagent_value(game, child, d, evaluate, bug)
        v = max(v, v2) if maximize else min(v, v2)
    return v


def alphabeta_search(game, state, prune_on_equality=True, bug=None, depth=None, evaluate=None):
    """Fig. 5.7; ``bug`` one of 'flip', 'fresh', 'tie', 'no_update', 'cutoff_first', 'overwrite',
    'no_alpha' (MAX nodes below the root never raise alpha)."""
    equality = prune_on_equality != (bug == "flip")

    def value(s, alpha, beta, ply):
        if bug == "cutoff_first" and depth is not None and ply == depth:
            return evaluate(s), None
        if game.is_terminal(s):
            return game.utility(s, MAX), None
        if depth is not None and ply == depth:
            return evaluate(s), None
        maximize = game.to_move(s) == MAX
        v, move = (-inf if maximize else inf), None
        current = s
        for a in game.actions(s):
            current = game.result(current if bug == "overwrite" else s, a)
            if bug == "fresh" and ply == 0:
                v2, _ = value(current, -inf, inf, ply + 1)
            else:
                v2, _ = value(current, alpha, beta, ply + 1)
            if bug == "tie" and ply == 0 and v2 == v:
                move = a
            if (v2 > v) if maximize else (v2 < v):
                v, move = v2, a
                if bug != "no_update":
                    if maximize:
                        if bug != "no_alpha" or ply == 0:
                            alpha = max(alpha, v)
                    else:
                        beta = min(beta, v)
            if maximize and (v > beta or (equality and v == beta)):
                return v, move
            if not maximize and (v < alpha or (equality and v == alpha)):
                return v, move
        return v, move

    return value(state, -inf, inf, 0)


def h_alphabeta_search(game, state, depth, evaluate, bug=None):
    if bug == "plus":
        depth += 1
    elif bug == "minus":
        depth -= 1
    return alphabeta_search(game, state, True, bug, depth, evaluate)


def expectiminimax_value(game, state, bug=None):
    """``bug`` one of 'uniform', 'min', 'overwrite'."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    player = game.to_move(state)
    if player == CHANCE:
        outcomes = game.chance_outcomes(state)
        if bug == "min":
            return min(expectiminimax_value(game, game.result(state, r), bug) for r, _ in outcomes)
        v, current = 0.0, state
        for r, p in outcomes:
            current = game.result(current if bug == "overwrite" else state, r)
            v += (1 / len(outcomes) if bug == "uniform" else p) * expectiminimax_value(game, current, bug)
        return v
    values = [expectiminimax_value(game, game.result(state, a), bug) for a in game.actions(state)]
    return max(values) if player == MAX else min(values)


def expectimax_search(game, state, opponent_policy, bug=None):
    """``bug`` one of 'uniform_policy', 'min_policy', 'tie'."""
    def value(s):
        if game.is_terminal(s):
            return game.utility(s, MAX)
        player = game.to_move(s)
        if player == CHANCE:
            v = 0.0
            for r, p in game.chance_outcomes(s):
                v += p * value(game.result(s, r))
            return v
        if player == MIN:
            policy = opponent_policy(s)
            if bug == "min_policy":
                return min(value(game.result(s, a)) for a in policy)
            v = 0.0
            for a, p in policy.items():
                v += (1 / len(policy) if bug == "uniform_policy" else p) * value(game.result(s, a))
            return v
        return max(value(game.result(s, a)) for a in game.actions(s))

    best, best_value = None, -inf
    for a in game.actions(state):
        v = value(game.result(state, a))
        if v > best_value or (bug == "tie" and v == best_value):
            best, best_value = a, v
    return best_value, best


RIGHT = {
    "minimax_value": minimax_value,
    "minimax_decision": minimax_decision,
    "multiagent_value": multiagent_value,
    "alphabeta_aima": alphabeta_search,
    "alphabeta_strict": alphabeta_search,
    "alphabeta_search": alphabeta_search,
    "h_alphabeta_search": h_alphabeta_search,
    "expectiminimax_value": expectiminimax_value,
    "expectimax_search": expectimax_search,
}
"""A right answer to every search exercise of :data:`gamelib.grading.checks.EXERCISES`."""

WRONG = {
    # (exercise, mutant it should be named as): the student-style bug
    ("minimax_decision", "last_tied"): lambda g, s: minimax_decision(g, s, tie=True),
    ("minimax_decision", "argmax_root"): lambda g, s: minimax_decision(g, s, argmax=True),
    ("alphabeta_aima", "alpha_never_raised"): lambda g, s, p: alphabeta_search(g, s, p, "no_alpha"),
    ("multiagent_value", "depth_plus_one"): lambda g, s, d, e: multiagent_value(g, s, d + 1, e),
    ("multiagent_value", "depth_minus_one"): lambda g, s, d, e: multiagent_value(g, s, d - 1, e) if d >= 1 else e(s),
    ("multiagent_value", "depth_per_agent"): lambda g, s, d, e: multiagent_value(g, s, d, e, "per_agent"),
    ("multiagent_value", "partial_round"): lambda g, s, d, e: multiagent_value(g, s, d, e, "partial"),
    ("multiagent_value", "cutoff_before_terminal"): lambda g, s, d, e: multiagent_value(g, s, d, e, "cutoff_first"),
    ("multiagent_value", "missing_terminal_test"): lambda g, s, d, e: multiagent_value(g, s, d, e, "no_terminal"),
    ("alphabeta_aima", "strict_pruning"): lambda g, s, p: alphabeta_search(g, s, p, "flip"),
    ("alphabeta_strict", "prunes_on_equality"): lambda g, s, p: alphabeta_search(g, s, p, "flip"),
    ("alphabeta_aima", "fresh_root_window"): lambda g, s, p: alphabeta_search(g, s, p, "fresh"),
    ("alphabeta_aima", "last_tied"): lambda g, s, p: alphabeta_search(g, s, p, "tie"),
    ("alphabeta_aima", "no_pruning"): lambda g, s, p: alphabeta_search(g, s, p, "no_update"),
    ("alphabeta_aima", "overwrite_state"): lambda g, s, p: alphabeta_search(g, s, p, "overwrite"),
    ("h_alphabeta_search", "depth_plus_one"): lambda g, s, d, e: h_alphabeta_search(g, s, d, e, "plus"),
    ("h_alphabeta_search", "cutoff_before_terminal"): lambda g, s, d, e: h_alphabeta_search(g, s, d, e, "cutoff_first"),
    ("expectiminimax_value", "uniform_chance"): lambda g, s: expectiminimax_value(g, s, "uniform"),
    ("expectiminimax_value", "min_at_chance"): lambda g, s: expectiminimax_value(g, s, "min"),
    ("expectiminimax_value", "overwrite_at_chance"): lambda g, s: expectiminimax_value(g, s, "overwrite"),
    ("expectimax_search", "uniform_policy"): lambda g, s, p: expectimax_search(g, s, p, "uniform_policy"),
    ("expectimax_search", "min_for_policy"): lambda g, s, p: expectimax_search(g, s, p, "min_policy"),
    ("expectimax_search", "last_tied"): lambda g, s, p: expectimax_search(g, s, p, "tie"),
}
"""Student-style versions of each known bug, keyed by the exercise and the mutant that models it."""


# ---------------------------------------------------------------------------------------------------
# Partial observability (assignment 05): belief states and averaging over clairvoyance
# ---------------------------------------------------------------------------------------------------

def carry(game, state, player, steps=None):
    """Every state ``state`` leads to through the opponent and chance until ``player`` moves (or the game
    ends); ``steps``: stop after that many such moves (a bug)."""
    if game.is_terminal(state) or game.to_move(state) == player or steps == 0:
        return {state}
    if game.to_move(state) == CHANCE:
        moves = [r for r, p in game.chance_outcomes(state) if p > 0]
    else:
        moves = game.actions(state)
    reached = set()
    for m in moves:
        reached |= carry(game, game.result(state, m), player, None if steps is None else steps - 1)
    return reached


def predict(game, belief, action, player, bug=None):
    """``bug`` one of 'stop', 'one', 'drop'."""
    if bug == "stop":
        return {game.result(s, action) for s in belief}
    predicted = set()
    for s in belief:
        predicted |= carry(game, game.result(s, action), player, 1 if bug == "one" else None)
    if bug == "drop":
        predicted = {s for s in predicted if not game.is_terminal(s)}
    return predicted


def update(game, predicted, observed, player, bug=None):
    """``bug`` one of 'no_filter', 'observation'."""
    from gamelib.imperfect import percept
    if bug == "no_filter":
        return set(predicted)
    if bug == "observation":
        return {s for s in predicted if game.observation(s, player) == observed}
    return {s for s in predicted if percept(game, s, player) == observed}


def track(game, player, states, actions, bug=None):
    """``bug``: 'true_state'."""
    from gamelib.imperfect import percept
    beliefs, belief = [], carry(game, game.initial_state, player)
    for i, state in enumerate(states):
        if game.is_terminal(state) or game.to_move(state) == player:
            belief = {state} if bug == "true_state" else update(game, belief, percept(game, state, player), player)
            beliefs.append(belief)
            if not game.is_terminal(state):
                belief = predict(game, belief, actions[i], player)
    return beliefs


def clairvoyance_averages(game, deal, moves, bug=None):
    """``bug`` one of 'uniform', 'all', 'unnormalized', 'max'."""
    from gamelib import minimax

    def replay(d):
        s = game.result(game.initial_state, d)
        for m in moves:
            s = game.result(s, m)
        return s

    state = replay(deal)
    player = game.to_move(state)
    seen = game.observation(state, player)
    kept = [(replay(d), p) for d, p in game.chance_outcomes(game.initial_state)
            if bug == "all" or game.observation(replay(d), player) == seen]
    total = 1 if bug == "unnormalized" else sum(p for _, p in kept)
    sign = 1 if player == MAX or bug == "max" else -1
    out = {}
    for a in game.actions(state):
        if bug == "uniform":
            out[a] = sum(sign * minimax(game, game.result(s, a)).value for s, _ in kept) / len(kept)
        else:
            out[a] = sum(p * sign * minimax(game, game.result(s, a)).value for s, p in kept) / total
    return out


def _first_best(values: dict, last=False):
    best = None
    for a, v in values.items():
        if best is None or v > values[best] + 1e-9 or (last and v >= values[best] - 1e-9):
            best = a
    return best


def clairvoyance_decision(game, deal, moves, bug=None):
    """``bug`` one of the averages' bugs, or 'vote', 'tie'."""
    from gamelib import minimax
    if bug != "vote":
        return _first_best(clairvoyance_averages(game, deal, moves, None if bug == "tie" else bug), bug == "tie")
    state = game.result(game.initial_state, deal)
    for m in moves:
        state = game.result(state, m)
    player = game.to_move(state)
    votes = dict.fromkeys(game.actions(state), 0.0)
    for d, p in game.chance_outcomes(game.initial_state):
        s = game.result(game.initial_state, d)
        for m in moves:
            s = game.result(s, m)
        if game.observation(s, player) == game.observation(state, player):
            sign = 1 if player == MAX else -1
            votes[_first_best({a: sign * minimax(game, game.result(s, a)).value for a in votes})] += p
    return _first_best(votes)


RIGHT_IMPERFECT = {"predict": predict, "update": update, "track": track,
                   "clairvoyance_averages": clairvoyance_averages, "clairvoyance_decision": clairvoyance_decision}
"""A right answer to every task of :data:`gamelib.grading.imperfect.TASKS`."""

WRONG_IMPERFECT = {
    ("predict", "no_opponent_moves"): lambda g, b, a, p: predict(g, b, a, p, "stop"),
    ("predict", "one_opponent_move"): lambda g, b, a, p: predict(g, b, a, p, "one"),
    ("predict", "drops_finished"): lambda g, b, a, p: predict(g, b, a, p, "drop"),
    ("update", "no_filter"): lambda g, b, o, p: update(g, b, o, p, "no_filter"),
    ("update", "observation_not_percept"): lambda g, b, o, p: update(g, b, o, p, "observation"),
    ("track", "true_state"): lambda g, p, s, a: track(g, p, s, a, "true_state"),
    ("clairvoyance_averages", "uniform_deals"): lambda g, d, m: clairvoyance_averages(g, d, m, "uniform"),
    ("clairvoyance_averages", "all_deals"): lambda g, d, m: clairvoyance_averages(g, d, m, "all"),
    ("clairvoyance_averages", "unnormalized"): lambda g, d, m: clairvoyance_averages(g, d, m, "unnormalized"),
    ("clairvoyance_averages", "max_values"): lambda g, d, m: clairvoyance_averages(g, d, m, "max"),
    ("clairvoyance_decision", "uniform_deals"): lambda g, d, m: clairvoyance_decision(g, d, m, "uniform"),
    ("clairvoyance_decision", "all_deals"): lambda g, d, m: clairvoyance_decision(g, d, m, "all"),
    ("clairvoyance_decision", "max_values"): lambda g, d, m: clairvoyance_decision(g, d, m, "max"),
    ("clairvoyance_decision", "vote"): lambda g, d, m: clairvoyance_decision(g, d, m, "vote"),
    ("clairvoyance_decision", "last_tied"): lambda g, d, m: clairvoyance_decision(g, d, m, "tie"),
}
"""Student-style versions of each known bug of assignment 05, keyed by the task and the mutant."""


# ---------------------------------------------------------------------------------------------------
# Assignment 06: max^n and a 2 × 2 zero-sum game
# ---------------------------------------------------------------------------------------------------

def maxn_value(game, state, tie="first", bug=None):
    """``bug``: 'last_tied', 'next_player', 'count', 'two_player'."""
    players = game.player_order
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in players)
    mover = game.to_move(state)
    if mover == CHANCE:
        outcomes = game.chance_outcomes(state)
        total = [0.0] * len(players)
        for outcome, probability in outcomes:
            v = maxn_value(game, game.result(state, outcome), tie, bug)
            weight = 1 / len(outcomes) if bug == "count" else probability
            total = [t + weight * x for t, x in zip(total, v)]
        return tuple(total)
    i = players.index(mover)
    if bug == "next_player":
        i = (i + 1) % len(players)
    best = None
    for a in game.actions(state):
        v = maxn_value(game, game.result(state, a), tie, bug)
        if best is None:
            best = v
            continue
        if bug == "two_player":
            own, theirs = (v[0], best[0]) if mover == players[0] else (-v[0], -best[0])
        else:
            own, theirs = v[i], best[i]
        if own > theirs:
            best = v
        elif own == theirs:
            if tie == "spiteful" and (sum(v) < sum(best) or (bug == "last_tied" and sum(v) == sum(best))):
                best = v
            elif tie == "first" and bug == "last_tied":
                best = v
    return best


def solve_zero_sum_2x2(payoffs, bug=None):
    """``bug``: 'formula', 'column', 'maximin'."""
    (a, b), (c, d) = payoffs
    maximin = max(min(a, b), min(c, d))
    minimax = min(max(a, c), max(b, d))
    if bug == "maximin":
        return (1.0 if min(a, b) >= min(c, d) else 0.0), maximin
    if maximin == minimax and bug != "formula":
        return (1.0 if min(a, b) == maximin else 0.0), maximin
    p = (d - b if bug == "column" else d - c) / (a - b - c + d)
    return p, (a * d - b * c) / (a - b - c + d)


def maxn_root_player(game, state, tie="first"):
    """max^n whose index is taken once, at the root: every player then compares the root player's
    component (a student's helper closing over ``i``)."""
    players = game.player_order
    i = players.index(game.to_move(state))

    def value(s):
        if game.is_terminal(s):
            return tuple(game.utility(s, p) for p in players)
        if game.to_move(s) == CHANCE:
            outcomes = game.chance_outcomes(s)
            vectors = [value(game.result(s, r)) for r, _ in outcomes]
            return tuple(sum(p * v[k] for (_, p), v in zip(outcomes, vectors)) for k in range(len(players)))
        best = None
        for a in game.actions(s):
            v = value(game.result(s, a))
            if best is None or v[i] > best[i] or (v[i] == best[i] and tie == "spiteful" and sum(v) < sum(best)):
                best = v
        return best

    return value(state)


def maxn_no_tie_rule(game, state, tie="first", equal_sums=False):
    """max^n that never reads ``tie`` (always 'first'); ``equal_sums``: it reads it, but lets an equal
    sum replace the child kept under 'spiteful' (``<=`` for ``<``)."""
    players = game.player_order
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in players)
    mover = game.to_move(state)
    children = [maxn_no_tie_rule(game, game.result(state, a), tie, equal_sums)
                for a in (game.actions(state) if mover != CHANCE else [r for r, _ in game.chance_outcomes(state)])]
    if mover == CHANCE:
        probs = [p for _, p in game.chance_outcomes(state)]
        return tuple(sum(p * v[k] for p, v in zip(probs, children)) for k in range(len(players)))
    i = players.index(mover)
    kept = children[0]
    for v in children[1:]:
        if v[i] > kept[i]:
            kept = v
        elif equal_sums and tie == "spiteful" and v[i] == kept[i] and sum(v) <= sum(kept):
            kept = v
    return kept


def solve_swapped(payoffs):
    """The indifference solved with rows and columns swapped, p·a + (1 − p)·b = p·c + (1 − p)·d, and the
    value read off the first column as p·a + (1 − p)·c: the column player's mix, and a value that is then
    wrong too."""
    (a, b), (c, d) = payoffs
    if max(min(a, b), min(c, d)) == min(max(a, c), max(b, d)):
        best = max(min(a, b), min(c, d))
        return (1.0 if min(a, b) == best else 0.0), best
    p = (d - b) / ((a - c) - (b - d))
    return p, p * a + (1 - p) * c


RIGHT_MULTIPLAYER = {"maxn_value": maxn_value, "solve_zero_sum_2x2": solve_zero_sum_2x2}
"""A right answer to every task of :data:`gamelib.grading.multiplayer.TASKS`."""

WRONG_MULTIPLAYER = {
    ("maxn_value", "maxn_last_tied"): lambda g, s, tie: maxn_value(g, s, tie, "last_tied"),
    ("maxn_value", "wrong_component"): lambda g, s, tie: maxn_value(g, s, tie, "next_player"),
    ("maxn_value", "count_average"): lambda g, s, tie: maxn_value(g, s, tie, "count"),
    ("maxn_value", "two_player"): lambda g, s, tie: maxn_value(g, s, tie, "two_player"),
    ("maxn_value", "root_component"): maxn_root_player,
    ("maxn_value", "ignores_spiteful"): maxn_no_tie_rule,
    ("maxn_value", "spiteful_equal_sums"): lambda g, s, tie: maxn_no_tie_rule(g, s, tie, equal_sums=True),
    ("solve_zero_sum_2x2", "no_saddle_check"): lambda m: solve_zero_sum_2x2(m, "formula"),
    ("solve_zero_sum_2x2", "column_formula"): solve_swapped,
    ("solve_zero_sum_2x2", "pure_maximin"): lambda m: solve_zero_sum_2x2(m, "maximin"),
}
"""Student-style versions of each known bug of assignment 06, keyed by the task and the mutant."""


# ---------------------------------------------------------------------------------------------------
# Assignment 07: MCTS's SELECT and BACK-PROPAGATE on the tree as plain data, and TD(λ)
# ---------------------------------------------------------------------------------------------------

def select(tree, c, bug=None):
    """``bug``: 'greedy', 'child_log', 'last_tied'."""
    import math
    node, path = tree, []
    while not node["terminal"] and not node["untried"]:
        scores = {}
        for move, child in node["children"].items():
            visits = child["N"] if bug == "child_log" else node["N"]
            explore = 0 if bug == "greedy" else c * math.sqrt(math.log(visits) / child["N"])
            scores[move] = child["U"] / child["N"] + explore
        best = max(scores.values())
        tied = [m for m, v in scores.items() if v == best]
        move = tied[-1] if bug == "last_tied" else tied[0]
        path.append(move)
        node = node["children"][move]
    return path


def backup(tree, path, utility, bug=None):
    """``bug``: 'max', 'to_move', 'root_only'."""
    node = tree
    for depth in range(len(path) + 1):
        if depth:
            node = node["children"][path[depth - 1]]
        if bug != "root_only" or depth == 0:
            node["N"] = node["N"] + 1
        who = MAX if bug == "max" else node["to_move"] if bug == "to_move" else node["player"]
        node["U"] = node["U"] + (-utility if who == MIN else utility)
    return tree


def td_lambda(weights, episode, utility, alpha, lam, bug=None):
    """``bug``: 'sign', 'no_decay', 'bootstrap'."""
    w, e = list(weights), [0] * len(weights)
    for t in range(len(episode) - 1):
        now = sum(wi * fi for wi, fi in zip(w, episode[t]))
        later = sum(wi * fi for wi, fi in zip(w, episode[t + 1]))
        target = utility if t == len(episode) - 2 and bug != "bootstrap" else later
        delta = now - target if bug == "sign" else target - now
        e = [(ei if bug == "no_decay" else lam * ei) + fi for ei, fi in zip(e, episode[t])]
        w = [wi + alpha * delta * ei for wi, ei in zip(w, e)]
    return w


def backup_if_elif(tree, path, utility, negate_terminals=False):
    """The reward of the player *to move* at each node, written with ``if ... elif``: a terminal node, where
    nobody is to move, gets nothing (``negate_terminals``: written ``u if MAX else -u``, it gets −u)."""
    nodes = [tree]
    for move in path:
        nodes.append(nodes[-1]["children"][move])
    for node in nodes:
        node["N"] += 1
        if negate_terminals:
            node["U"] += utility if node["to_move"] == MAX else -utility
        elif node["to_move"] == MAX:
            node["U"] += utility
        elif node["to_move"] == MIN:
            node["U"] -= utility
    return tree


def backup_below_root(tree, path, utility):
    """Every node below the root gets its visit and reward; the root is skipped (its N is never counted)."""
    node = tree
    for move in path:
        node = node["children"][move]
        node["N"] += 1
        node["U"] += utility if node["player"] == MAX else -utility
    return tree


def td_frozen(weights, episode, utility, alpha, lam):
    """TD(λ) whose update loop rebinds a name: ``wi += ...`` never reaches the list."""
    w = list(weights)
    e = [0.0] * len(w)
    for t in range(len(episode) - 1):
        v_now = sum(a * b for a, b in zip(w, episode[t]))
        target = utility if t == len(episode) - 2 else sum(a * b for a, b in zip(w, episode[t + 1]))
        delta = target - v_now
        e = [lam * ei + fi for ei, fi in zip(e, episode[t])]
        for wi, ei in zip(w, e):
            wi += alpha * delta * ei
    return w


def td_stale(weights, episode, utility, alpha, lam):
    """δ computed with the weights as given (``weights``), the updates collected in a copy."""
    new = list(weights)
    e = [0.0] * len(new)
    for t in range(len(episode) - 1):
        estimate = sum(a * b for a, b in zip(weights, episode[t]))
        target = utility if t + 2 == len(episode) else sum(a * b for a, b in zip(weights, episode[t + 1]))
        e = [lam * ei + fi for ei, fi in zip(e, episode[t])]
        new = [wi + alpha * (target - estimate) * ei for wi, ei in zip(new, e)]
    return new


def td_trace(weights, episode, utility, alpha, lam, rule):
    """TD with the eligibility trace written by ``rule(e_i, f_i, lam)``."""
    w = list(weights)
    e = [0.0] * len(w)
    for t in range(len(episode) - 1):
        nxt = utility if t + 1 == len(episode) - 1 else sum(a * b for a, b in zip(w, episode[t + 1]))
        delta = nxt - sum(a * b for a, b in zip(w, episode[t]))
        e = [rule(ei, fi, lam) for ei, fi in zip(e, episode[t])]
        w = [wi + alpha * delta * ei for wi, ei in zip(w, e)]
    return w


RIGHT_LEARNING = {"select": select, "backup": backup, "td_lambda": td_lambda}
"""A right answer to every task of :data:`gamelib.grading.learning.TASKS`."""

WRONG_LEARNING = {
    ("select", "no_exploration"): lambda t, c: select(t, c, "greedy"),
    ("select", "child_log"): lambda t, c: select(t, c, "child_log"),
    ("select", "select_last_tied"): lambda t, c: select(t, c, "last_tied"),
    ("backup", "max_reward"): lambda t, p, u: backup(t, p, u, "max"),
    ("backup", "mover_reward"): lambda t, p, u: backup(t, p, u, "to_move"),
    ("backup", "root_visits_only"): lambda t, p, u: backup(t, p, u, "root_only"),
    ("backup", "root_not_counted"): backup_below_root,
    ("td_lambda", "error_sign"): lambda *a: td_lambda(*a, "sign"),
    ("td_lambda", "undecayed_trace"): lambda *a: td_lambda(*a, "no_decay"),
    ("td_lambda", "terminal_bootstrap"): lambda *a: td_lambda(*a, "bootstrap"),
    ("td_lambda", "frozen_weights"): td_frozen,
    ("td_lambda", "stale_weights"): td_stale,
    ("td_lambda", "ignores_lambda"): lambda *a: td_trace(*a, lambda e, f, lam: f),
    ("td_lambda", "lambda_times_sum"): lambda *a: td_trace(*a, lambda e, f, lam: lam * (e + f)),
}
"""Student-style versions of each known bug of assignment 07, keyed by the task and the mutant."""

# ---------------------------------------------------------------------------------------------------
# Assignment 07's PUCT part (gamelib.grading.puct): right, and each known bug as a student writes it
# ---------------------------------------------------------------------------------------------------

def puct_select(tree, c, slip=None):
    node, path = tree, []
    while not node["terminal"] and node["P"] is not None:
        best, best_score = None, -math.inf
        for move, p in node["P"].items():
            child = node["children"].get(move)
            n = 0 if child is None else child["N"]
            q = 0 if child is None else child["U"] / child["N"]
            root_n = n if slip == "child_sqrt" else node["N"]
            prior = 1 if slip == "prior_ignored" else p
            score = q + c * prior * math.sqrt(root_n) / (1 + n)
            if score > best_score:
                best, best_score = move, score
        path.append(best)
        if best not in node["children"]:
            return path
        node = node["children"][best]
    return path


def puct_backup(tree, path, value, player, slip=None):
    node = tree
    for i in range(len(path) + 1):
        node["N"] += 1
        node["U"] += value if slip == "not_negated" or node["player"] == player else -value
        if i < len(path):
            node = node["children"][path[i]]
    return tree


def puct_backup_by_parity(tree, path, value, player):
    """A back-up that negates by the ply from the new node up (AlphaZero's usual loop): right in games
    whose players alternate, as every game here does, where the value is for the player to move at the
    new node; at a finished game (the value MAX's) it goes wrong."""
    nodes = [tree]
    for move in path:
        nodes.append(nodes[-1]["children"][move])
    v = -value
    for node in reversed(nodes):
        node["N"] += 1
        node["U"] += v
        v = -v
    return tree


RIGHT_PUCT = {"puct_select": puct_select, "puct_backup": puct_backup}
"""A right answer to every task of :data:`gamelib.grading.puct.TASKS`."""
WRONG_PUCT = {
    ("puct_select", "child_sqrt"): lambda t, c: puct_select(t, c, "child_sqrt"),
    ("puct_select", "prior_ignored"): lambda t, c: puct_select(t, c, "prior_ignored"),
    ("puct_backup", "value_not_negated"): lambda t, p, v, w: puct_backup(t, p, v, w, "not_negated"),
}
"""Student-style versions of each known bug of PUCT's SELECT and back-up, keyed by the task and the mutant."""


TERM_BUGS = [
    # (task, the bug feedback must name, the student's function): twelve bugs of assignments 06 and 07
    # as students write them (issue #31), none of them a bug model's own code.
    ("maxn_value", "root_component", maxn_root_player),
    ("maxn_value", "ignores_spiteful", maxn_no_tie_rule),
    ("maxn_value", "spiteful_equal_sums", lambda g, s, tie: maxn_no_tie_rule(g, s, tie, equal_sums=True)),
    ("maxn_value", "count_average", lambda g, s, tie: maxn_value(g, s, tie, "count")),
    ("solve_zero_sum_2x2", "column_formula", solve_swapped),
    ("solve_zero_sum_2x2", "no_saddle_check", lambda m: solve_zero_sum_2x2(m, "formula")),
    ("select", "select_last_tied", lambda t, c: select(t, c, "last_tied")),
    ("backup", "mover_reward", backup_if_elif),
    ("backup", "root_not_counted", backup_below_root),
    ("td_lambda", "frozen_weights", td_frozen),
    ("td_lambda", "ignores_lambda", lambda *a: td_trace(*a, lambda e, f, lam: f)),
    ("td_lambda", "lambda_times_sum", lambda *a: td_trace(*a, lambda e, f, lam: lam * (e + f))),
]
"""Twelve student bugs of assignments 06 and 07, each to be named by the feedback."""


# -- what the sandbox and workflow tests hand in ----------------------------------------------------

def _loop():
    while True:
        pass


def _burn(seconds):
    """Use ``seconds`` of CPU time, as a slow computation does."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


RELEASE = RELEASE_FOLDER / "02_alpha_beta" / "alpha_beta.ipynb"


def _release():
    return nbformat.read(str(RELEASE), as_version=4)


# -- random cases for every kind of exercise -------------------------------------------------------

estimates = st.dictionaries(st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=2),
                            st.integers(-6, 6))


def _evaluate(tree, table):
    return lambda s: table.get(s, (ord(s[-1]) * 7) % 11 - 5)


@st.composite
def cases(draw, name):
    """A random case for the exercise ``name`` (a key of checks.EXERCISES)."""
    kind = checks.EXERCISES[name].kind
    if kind == "rounds":
        tree = agent_tree(draw(nested_specs()), agents=draw(st.integers(2, 4)))
        tree.estimates = draw(estimates)
        return C.Case("random", tree, depth=draw(st.integers(1, 2)), evaluate=_evaluate(tree, tree.estimates),
                      agents=tree.agents)
    if kind in ("expectiminimax", "expectimax"):
        spec = draw(chance_specs() if kind == "expectiminimax"
                    else st.lists(chance_specs(12), min_size=1, max_size=3))   # a decision at the root
        tree = GameTree.from_nested(spec)
        policy = C.RandomPolicy(tree, seed=draw(st.integers(0, 99)), uniform=draw(st.booleans()))
        return C.Case("random", tree, policy=policy)
    spec = draw(nested_specs())
    assume(isinstance(spec, list))
    tree = GameTree.from_nested(spec)
    if kind == "h_alphabeta":
        return C.Case("random", tree, depth=draw(st.integers(1, 3)), evaluate=_evaluate(tree, draw(estimates)))
    equality = {"alphabeta_aima": True, "alphabeta_strict": False}.get(name, draw(st.booleans()))
    return C.Case("random", tree, prune_on_equality=equality)


SEARCHES = sorted(set(checks.EXERCISES) - {"alphabeta_search"})
