"""Feedback says where a search went wrong and which rule of the textbook broke there, for any bug,
modelled or not (gamelib.grading.diagnosis).  The searches below are bugs no model of
gamelib.grading.mutants covers, written the way students write them; each must be told the rule it broke."""
from math import inf

import pytest

from gamelib import CHANCE, MAX
from gamelib.grading import checks
from gamelib.grading.checks import GradingError


def feedback(name, fn) -> str:
    with pytest.raises(GradingError) as e:
        checks.search(name, fn)
    return str(e.value)


def minimax_min_takes_max(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    return max(minimax_min_takes_max(game, game.result(state, a)) for a in game.actions(state))


def alpha_narrowed_at_min(game, state, prune_on_equality=True):
    def value(s, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, MAX), None
        v, move = (-inf if game.to_move(s) == MAX else inf), None
        for a in game.actions(s):
            v2, _ = value(game.result(s, a), alpha, beta)
            if game.to_move(s) == MAX:
                if v2 > v:
                    v, move = v2, a
                    alpha = max(alpha, v)
                if v >= beta:
                    return v, move
            else:
                if v2 < v:
                    v, move = v2, a
                    alpha = max(alpha, v)              # the bug: a MIN node narrows β, not α
                if v <= alpha:
                    return v, move
        return v, move
    return value(state, -inf, inf)


def chance_as_max(game, state):
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if game.to_move(state) == CHANCE:
        return max(chance_as_max(game, game.result(state, o)) for o, _ in game.chance_outcomes(state))
    values = [chance_as_max(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == MAX else min(values)


def two_bugs(game, state):
    """A uniform average at chance nodes and MAX's choice at MIN nodes."""
    if game.is_terminal(state):
        return game.utility(state, MAX)
    if game.to_move(state) == CHANCE:
        outcomes = game.chance_outcomes(state)
        return sum(two_bugs(game, game.result(state, o)) for o, _ in outcomes) / len(outcomes)
    return max(two_bugs(game, game.result(state, a)) for a in game.actions(state))


def evaluation_from_mins_side(game, state, depth, evaluate):
    def value(s, d, alpha, beta):
        if game.is_terminal(s):
            return game.utility(s, MAX), None
        if d == 0:
            return (evaluate(s) if game.to_move(s) == MAX else -evaluate(s)), None
        best, move = (-inf if game.to_move(s) == MAX else inf), None
        for a in game.actions(s):
            v2, _ = value(game.result(s, a), d - 1, alpha, beta)
            if game.to_move(s) == MAX:
                if v2 > best:
                    best, move = v2, a
                    alpha = max(alpha, best)
                if best >= beta:
                    return best, move
            else:
                if v2 < best:
                    best, move = v2, a
                    beta = min(beta, best)
                if best <= alpha:
                    return best, move
        return best, move
    return value(state, depth, -inf, inf)


def test_a_min_node_that_takes_the_largest():
    text = feedback("minimax_value", minimax_min_takes_max)
    assert ("Why: at B, a MIN node, your value 12 is not the least of its children's values (3, 12, 8) (it is "
            "the largest: a MIN node takes the least).") in text


def test_alpha_narrowed_at_a_min_node():
    text = feedback("alphabeta_aima", alpha_narrowed_at_min)
    assert ("Why: asked at D, a MIN node, with the full window (α, β) = (−∞, +∞), yours stopped after its child K "
            "(value 14); nothing can be pruned there, since its α is −∞: does your MIN-VALUE change α itself? A MIN "
            "node narrows β, never α.") in text
    assert ("at B, a MIN node with the window (α, β) = (−∞, 2) when alpha-beta moves on to F: its value so far is 2 "
            "and 2 ≤ α = −∞ does not hold, so it goes on; yours went to C instead.") in text


def test_a_chance_node_treated_as_max():
    text = feedback("expectiminimax_value", chance_as_max)
    assert ("Why: at B, a chance node, your value 3 is not the probability-weighted average of its children's "
            "values (0.9·2 + 0.1·3 = 2.1) (it is the largest: a chance node averages its outcomes, it does not "
            "choose one).") in text


def test_two_bugs_in_one_answer_are_both_told():
    text = feedback("expectiminimax_value", two_bugs)
    assert "(it is their plain mean: weight each outcome by its probability)" in text
    assert "below B, at its MIN children (E, F), your search takes the largest of their children's values" in text


def test_an_evaluation_from_mins_side_below_the_cutoff():
    text = feedback("h_alphabeta_search", evaluation_from_mins_side)
    assert "Why: below A, at the cut-off (B, C, D), your values are −EVAL: below the cut-off your evaluation is " \
           "from MIN's side" in text


def test_a_pruning_test_on_equality_under_the_strict_rule():
    from tests.grading import students
    text = feedback("alphabeta_strict", students.WRONG["alphabeta_strict", "prunes_on_equality"])
    assert "under this exercise's strict rule a tie (9 > β = 9 does not hold) does not prune; yours stopped" in text


def test_a_decision_among_ties():
    from tests.grading import students
    text = feedback("minimax_decision", students.WRONG["minimax_decision", "last_tied"])
    assert ("Why: at the root, a MAX node, its moves lead to these values: a1 3, a2 3, a3 2; a2 ties with a1 for "
            "the largest, and of equal values the first in the game's order is kept") in text


def test_a_hidden_cases_feedback_diagnoses_the_kits_small_case_only():
    with pytest.raises(GradingError) as e:
        checks.search("minimax_value", minimax_min_takes_max, hidden=10, seed=5)
    text = str(e.value)
    assert "hidden cases are never described" in text and "Why: at " in text and "the kit's tree" in text


# ---------------------------------------------------------------------------------------------------
# Partial credit as a careful grader gives it
# ---------------------------------------------------------------------------------------------------

def graded(check, *args, points=4.0, **kw):
    """What ``check`` earns in a test cell worth ``points`` while a submission is graded."""
    from gamelib.grading.context import Context, grading
    with grading(Context(b"a secret", "02_alpha_beta", "q6_aima_test", points)):
        try:
            return check(*args, **kw)
        except GradingError:
            return 0.0


def test_public_cases_score_one_by_one():
    from tests.grading import students
    earned = graded(checks.search, "minimax_decision", students.WRONG["minimax_decision", "last_tied"])
    assert earned == int(100 * 4.0 * 4 / 5) / 100                       # 4 of its 5 public cases pass


def test_an_alpha_beta_that_never_prunes_keeps_the_value_and_decisions_half():
    from tests.grading import students
    fn = students.WRONG["alphabeta_aima", "no_pruning"]
    assert graded(checks.search, "alphabeta_aima", fn) == 2.0            # 7 cases, each worth a half
    assert 2.0 <= graded(checks.search, "alphabeta_aima", fn, hidden=30, seed=4) < 4.0   # a few prune nothing
    with pytest.raises(GradingError, match="on 7 of 7 public cases"):
        checks.search("alphabeta_aima", fn)                  # in the student's own kernel: a failure, as before


def test_a_result_written_in_for_a_public_tree_earns_nothing():
    """The result's half of an alpha-beta case is for a result searched for: an answer that arrives at no
    node (Fig. 5.2's value and move written in) gets nothing for it, though they are right."""
    def written_in(game, state, prune_on_equality=True):
        return 3, "a1"

    assert graded(checks.search, "alphabeta_aima", written_in) == 0.0
