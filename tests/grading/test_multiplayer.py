"""The autograder of assignment 06 (gamelib.grading.multiplayer): a right max^n and a right 2 × 2 solver
get full marks on any game, every known bug is caught and named where it shows (the public cases show
each), the bug models are gamelib's own functions plus one bug, answers of the wrong form are refused
with a message, hidden cases come from their seed and are never shown, and the by-hand checks accept
what is right and only that."""
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import CHANCE, MAX, GameTree, maxn
from gamelib.games import Raid
from gamelib.grading import GradingError, checks
from gamelib.grading import cases as C
from gamelib.grading import multiplayer as MP
from gamelib.grading.core import grade_case
from gamelib.grading.mutants import BY_NAME, MUTANTS, Near
from gamelib.grading.tracing import TracedGame
from gamelib.normal_form import row_guarantee, solve_zero_sum

from . import students
from .bug_models import assert_caught_and_named

KIND = {name: task.kind for name, task in MP.TASKS.items()}


# ---------------------------------------------------------------------------------------------------
# Random cases
# ---------------------------------------------------------------------------------------------------

@st.composite
def maxn_cases(draw):
    """A random tree of 3 or 4 players, with or without chance nodes, under either tie rule, or a
    random Raid position."""
    rng = C.stable_random("test maxn", draw(st.integers(0, 10**6)))
    tie = draw(st.sampled_from(MP.EXERCISE_TIES))
    if draw(st.integers(0, 9)) == 0:
        raid = Raid(moves=rng.randint(1, 3))
        start = raid.state(tuple(rng.randint(0, 4) for _ in range(3)), rng.choice(raid.player_order))
        return MP.MaxnCase("random Raid position", raid, start, tie)
    players = draw(st.sampled_from([3, 4]))
    spec = MP.random_vector_spec(rng, players, rng.randint(2, 4), (1, 3), chance_nodes=draw(st.sampled_from([0, 0.4])))
    return MP.MaxnCase("random tree", MP.vector_tree(spec, MP.NAMES[:players]), tie=tie)


@st.composite
def matrix_cases(draw):
    """A random 2 × 2 zero-sum game, degenerate ones (equal payoffs, saddle points) often."""
    entries = st.integers(-4, 4)
    a, b, c, d = (draw(entries) for _ in range(4))
    shape = draw(st.sampled_from(["any", "row", "column", "flat"]))
    A = {"any": [[a, b], [c, d]], "row": [[a, a], [c, d]], "column": [[a, b], [a, d]], "flat": [[a, a], [a, a]]}[shape]
    return MP.matrix_case("random game", A)


def cases(name):
    return maxn_cases() if name == "maxn_value" else matrix_cases()


# ---------------------------------------------------------------------------------------------------
# Right answers pass; known bugs are caught and named
# ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(MP.TASKS))
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_right_function_gets_full_marks_on_any_game(name, data):
    case = data.draw(cases(name))
    result = grade_case(MP.TASKS[name], students.RIGHT_MULTIPLAYER[name], case)
    assert result.problem == "", result.problem


@pytest.mark.parametrize("name, bug", sorted(students.WRONG_MULTIPLAYER), ids=lambda x: x)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_each_known_bug_is_caught_and_named_where_it_shows(name, bug, data):
    task, mutant = MP.TASKS[name], BY_NAME[bug]
    case = data.draw(cases(name))
    result = grade_case(task, students.WRONG_MULTIPLAYER[name, bug], case)
    assert_caught_and_named(mutant, task.kind, task.family.mutant_returns(task), case, result)


@pytest.mark.parametrize("name, bug", sorted(students.WRONG_MULTIPLAYER), ids=lambda x: x)
def test_every_bug_shows_on_the_public_cases_and_is_named_there(name, bug):
    with pytest.raises(GradingError, match=rf"\[{bug}\]"):
        (checks.maxn if name == "maxn_value" else checks.matrix)(students.WRONG_MULTIPLAYER[name, bug])


def test_every_bug_model_of_assignment_06_has_a_student_version():
    modelled = {bug for _, bug in students.WRONG_MULTIPLAYER}
    assert modelled == {m.name for m in MUTANTS if m.kinds & set(KIND.values())}
    assert {b for b in modelled if BY_NAME[b].kinds == {"maxn"}} == {
        "maxn_last_tied", "wrong_component", "count_average", "two_player", "root_component", "ignores_spiteful",
        "spiteful_equal_sums"}


def test_right_answers_pass_the_public_and_hidden_checks():
    checks.maxn(students.maxn_value)
    checks.maxn(students.maxn_value, hidden=20, seed=11)
    checks.matrix(students.solve_zero_sum_2x2)
    checks.matrix(students.solve_zero_sum_2x2, hidden=20, seed=11)


# ---------------------------------------------------------------------------------------------------
# The bug models with no bug are gamelib's own
# ---------------------------------------------------------------------------------------------------

@settings(max_examples=80, deadline=None)
@given(maxn_cases())
def test_the_max_n_bug_model_without_bugs_is_gamelib_maxn_node_for_node(case):
    value, visited = MP.buggy_maxn(case.game, case.root, case.tie)
    reference = maxn(case.game, case.root, ties=case.tie, trace=True)
    assert visited == reference.visited
    assert Near(value) == reference.value


@settings(max_examples=80, deadline=None)
@given(matrix_cases())
def test_the_2x2_bug_model_without_bugs_is_an_optimal_solution(case):
    p, value = MP.buggy_zero_sum_2x2(case.payoffs)
    solution = solve_zero_sum(case.payoffs)
    assert math.isclose(value, solution.value, abs_tol=1e-9)
    assert row_guarantee(case.payoffs, (p, 1 - p)) >= solution.value - 1e-9


def test_unknown_bugs_are_refused():
    tree = MP.vector_tree(MP.FIG_5_4, ("A", "B", "C"))
    with pytest.raises(ValueError, match="unknown bugs"):
        MP.buggy_maxn(tree, bugs={"no_such_bug"})
    with pytest.raises(ValueError, match="unknown bugs"):
        MP.buggy_zero_sum_2x2([[1, 2], [3, 4]], bugs={"no_such_bug"})


# ---------------------------------------------------------------------------------------------------
# The cases
# ---------------------------------------------------------------------------------------------------

def test_the_public_cases_are_the_notebooks_trees_and_games():
    public = MP.TASKS["maxn_value"].public()
    assert maxn(public[0].game).value == (1, 2, 6) and maxn(public[1].game, ties="spiteful").value == (1, 5, 2)
    assert [len(c.game.player_order) for c in public] == [3, 3, 3, 4, 3]
    games = {c.name: c.payoffs for c in MP.TASKS["solve_zero_sum_2x2"].public()}
    assert math.isclose(solve_zero_sum(games["two-finger Morra"]).value, -1 / 12)


@pytest.mark.parametrize("name", sorted(MP.TASKS))
def test_hidden_cases_are_reproducible_from_their_seed_and_differ_between_seeds(name):
    task = MP.TASKS[name]
    def key(cases):
        return [repr(getattr(c.game, "spec", None)) + repr(getattr(c, "state", None)) + repr(getattr(c, "tie", None))
                + repr(getattr(c.game, "payoffs", None)) for c in cases]
    assert key(task.hidden(5, 20)) == key(task.hidden(5, 20))
    assert key(task.hidden(5, 20)) != key(task.hidden(6, 20))
    assert all(c.hidden and c.name.startswith("hidden") for c in task.hidden(5, 20))


def test_hidden_max_n_cases_have_three_and_four_players_chance_nodes_both_tie_rules_and_raid():
    hidden = MP.TASKS["maxn_value"].hidden(3, 20)
    assert {len(c.game.player_order) for c in hidden} == {3, 4}
    assert {c.tie for c in hidden} == set(MP.EXERCISE_TIES)
    assert any(isinstance(c.game, Raid) for c in hidden)
    chance = [c for c in hidden if isinstance(c.game, GameTree) and any(
        not c.game.is_terminal(s) and c.game.to_move(s) == "CHANCE" for s in c.game.states)]
    assert 0 < len(chance) < len(hidden)
    # In a four-player tree every player moves somewhere.
    for c in hidden:
        if len(c.game.player_order) == 4:
            assert {c.game.to_move(s) for s in c.game.states if not c.game.is_terminal(s)} >= {"A", "B", "C", "D"}


def test_hidden_2x2_games_include_degenerate_ones():
    games = [c.payoffs for c in MP.TASKS["solve_zero_sum_2x2"].hidden(3, 20)]
    saddle = [A for A in games if MP._pure_values(A)[0] == MP._pure_values(A)[1]]
    zero = [A for A in games if A[0][0] - A[0][1] - A[1][0] + A[1][1] == 0]
    assert saddle and zero and len(saddle) < len(games)


# ---------------------------------------------------------------------------------------------------
# Feedback
# ---------------------------------------------------------------------------------------------------

def test_feedback_on_hidden_cases_never_shows_a_tree_or_a_game():
    wrong = students.WRONG_MULTIPLAYER
    for name, fn, bug in (("maxn_value", wrong["maxn_value", "wrong_component"], "wrong_component"),
                          ("solve_zero_sum_2x2", wrong["solve_zero_sum_2x2", "pure_maximin"], "pure_maximin")):
        check = checks.maxn if name == "maxn_value" else checks.matrix
        with pytest.raises(GradingError) as e:
            check(fn, hidden=20, seed=4)
        text = str(e.value)
        assert "hidden cases (hidden cases are never described)" in text and f"[{bug}]" in text
        assert "hidden tree" not in text and "hidden game" not in text and "the kit's" in text


def test_public_feedback_shows_what_differs():
    with pytest.raises(GradingError) as e:
        checks.maxn(students.WRONG_MULTIPLAYER["maxn_value", "maxn_last_tied"])
    assert "AIMA Fig. 5.4, tie='first': vector (1, 5, 2), expected (1, 2, 6)" in str(e.value)
    with pytest.raises(GradingError) as e:
        checks.matrix(students.WRONG_MULTIPLAYER["solve_zero_sum_2x2", "column_formula"])
    assert "is not optimal: it guarantees" in str(e.value) and "[[5, -2], [-1, 3]]" in str(e.value)


# ---------------------------------------------------------------------------------------------------
# Why a case went wrong: bugs no model covers, each told the rule it broke
# ---------------------------------------------------------------------------------------------------

def feedback(check, fn) -> str:
    with pytest.raises(GradingError) as e:
        check(fn)
    return str(e.value)


def maxn_twice(game, state, tie="first"):
    """Each child searched once to compare it and once more to return the one kept."""
    players = game.player_order
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in players)
    if game.to_move(state) == CHANCE:
        total = [0.0] * len(players)
        for outcome, p in game.chance_outcomes(state):
            total = [t + p * x for t, x in zip(total, maxn_twice(game, game.result(state, outcome), tie))]
        return tuple(total)
    i = players.index(game.to_move(state))

    def key(a):
        v = maxn_twice(game, game.result(state, a), tie)
        return (v[i], -sum(v)) if tie == "spiteful" else v[i]
    return maxn_twice(game, game.result(state, max(game.actions(state), key=key)), tie)


def maxn_generous_and_likeliest(game, state, tie="first"):
    """Two bugs: 'spiteful' keeps the tied child with the *larger* sum, and a chance node takes its most
    probable outcome's vector."""
    players = game.player_order
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in players)
    if game.to_move(state) == CHANCE:
        likeliest, _ = max(game.chance_outcomes(state), key=lambda o: o[1])
        return maxn_generous_and_likeliest(game, game.result(state, likeliest), tie)
    i = players.index(game.to_move(state))
    best = None
    for a in game.actions(state):
        v = maxn_generous_and_likeliest(game, game.result(state, a), tie)
        if best is None or v[i] > best[i] or (tie == "spiteful" and v[i] == best[i] and sum(v) > sum(best)):
            best = v
    return best


def solve_for_row_two(payoffs):
    """The indifference solved for the probability of the second row, returned as p."""
    (a, b), (c, d) = payoffs
    low, high = max(min(a, b), min(c, d)), min(max(a, c), max(b, d))
    if low == high:
        return (1.0 if min(a, b) == low else 0.0), low
    return (a - b) / (a - b - c + d), (a * d - b * c) / (a - b - c + d)


def solve_rows_reversed(payoffs):
    """Two bugs: a saddle point's row taken the wrong way round, and the value weighing a row's two
    payoffs, p·a + (1 − p)·b."""
    (a, b), (c, d) = payoffs
    low, high = max(min(a, b), min(c, d)), min(max(a, c), max(b, d))
    if low == high:
        return (0.0 if min(a, b) == low else 1.0), low
    p = (d - c) / (a - b - c + d)
    return p, p * a + (1 - p) * b


def test_a_max_n_search_that_searches_a_child_twice_is_told_where_it_arrives_again():
    text = feedback(checks.maxn, maxn_twice)
    assert ("Why: yours arrives at H a second time (after I), where max^n goes on to E: does your search compute a "
            "child's vector twice, once to compare it and once to keep it?") in text


def test_two_max_n_bugs_are_told_each_its_rule_where_it_shows():
    text = feedback(checks.maxn, maxn_generous_and_likeliest)
    assert ("Why: at A, where A moves, your vector (1, 2, 6) is not the one max^n backs up: of its children's vectors "
            "(B (1, 2, 6), C (1, 5, 2)), A keeps the one largest in its own component, v[0] (A is "
            "game.player_order[0]), and of children tied there the one with the least sum of components (the worst "
            "for the others), the first of equal sums (tie='spiteful'): C; yours is B's, tied with C in v[0] but "
            "with the larger sum (9 against 8)") in text
    assert ("Why: at D, a chance node, your vector (1, 3, 3) is not the probability-weighted average of its children's "
            "vectors, component by component (0.25·(5, 1, 4) + 0.75·(1, 3, 3) = (2, 2.5, 3.25)) (it is one of them: "
            "a chance node averages its outcomes, nobody chooses there)") in text


def test_a_max_n_bug_fixed_at_the_root_is_told_what_a_search_from_the_root_carries_down():
    text = feedback(checks.maxn, students.WRONG_MULTIPLAYER["maxn_value", "root_component"])
    assert ("yours is none of its children's vectors, though asked at each child on its own your function gives that "
            "child's vector") in text


def test_a_2x2_mix_for_the_second_row_is_told_the_indifference_rule():
    text = feedback(checks.matrix, solve_for_row_two)
    assert ("Why: the game has no saddle point (pure maximin -3 < pure minimax 2), so the row player mixes, playing "
            "row 1 with the probability p that makes the column player indifferent between its columns: p·2 + "
            "(1 − p)·(-3) = p·(-3) + (1 − p)·4, so p = (d − c)/(a − b − c + d) = 0.5833") in text
    assert "(it is 1 − p, the probability of row 2)" in text


def test_two_2x2_bugs_are_told_each_its_rule_where_it_shows():
    text = feedback(checks.matrix, solve_rows_reversed)
    assert ("your value 0.5455 is not it (it is p·a + (1 − p)·b: p weighs the rows, so in each column it weighs row "
            "1's payoff against row 2's: p·a + (1 − p)·c)") in text
    assert ("Why: the game has a saddle point, row 2 and column 1: the best of the rows' worst payoffs (the pure "
            "maximin, 3) equals the least of the columns' best (the pure minimax, 3), so a pure strategy is optimal "
            "(row 2 for sure, p = 0) and the value is that payoff, 3; yours, p = 1, earns 2 against column 1 and 1 "
            "against column 2, and the column player holds it to the lesser") in text


def test_a_division_by_zero_where_a_saddle_point_solves_the_game_is_told_the_saddle_point():
    text = feedback(checks.matrix, students.WRONG_MULTIPLAYER["solve_zero_sum_2x2", "no_saddle_check"])
    assert ("Why: the game has a saddle point, row 2 and column 1: the best of the rows' worst payoffs (the pure "
            "maximin, 3) equals the least of the columns' best (the pure minimax, 3), so a pure strategy is optimal "
            "(row 2 for sure, p = 0) and the value is that payoff, 3; the indifference formula does not apply (here "
            "a − b − c + d = 0)") in text


def test_a_2x2_case_is_half_its_value_and_half_its_mix():
    """The column player's mix with the right value keeps the value's half of the one case it fails."""
    from gamelib.grading.context import Context, grading

    def column_mix(payoffs):
        (a, b), (c, d) = payoffs
        low, high = max(min(a, b), min(c, d)), min(max(a, c), max(b, d))
        if low == high:
            return (1.0 if min(a, b) == low else 0.0), low
        return (d - b) / (a - b - c + d), (a * d - b * c) / (a - b - c + d)

    with grading(Context(b"a secret", "06_more_players_and_matrix_games", "q6_test", 3.0)):
        earned = checks.matrix(column_mix)
    assert earned == int(100 * 3.0 * 5.5 / 6) / 100                      # 5 of 6 cases, and half of one


# ---------------------------------------------------------------------------------------------------
# Answers of the wrong form, and what the student's function may touch
# ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("returned, says", [
    (None, "did you forget to return it?"), ("(1, 2, 6)", "it should return the utility vector"),
    ((1, 2), "a vector of 2 numbers; the game has 3 players"), ((1, "2", 6), "which is not a number"),
    ((1, 2, math.nan), "which is not a number"), ((True, 2, 6), "which is not a number")])
def test_a_max_n_answer_of_the_wrong_form_is_refused(returned, says):
    case = MP.TASKS["maxn_value"].public()[0]
    result = grade_case(MP.TASKS["maxn_value"], lambda game, state, tie: returned, case)
    assert says in result.problem and result.student.error == "wrong type"


@pytest.mark.parametrize("returned, says", [
    (None, "did you forget to return it?"), (0.5, "it should return a pair (p, value)"),
    ((1.5, 2), "p = 1.5, which is not a probability"), (("half", 2), "is str 'half', not a number"),
    ((0.5, None), "the value it returned is NoneType None"), ((0.5, 1, 2), "it should return a pair")])
def test_a_2x2_answer_of_the_wrong_form_is_refused(returned, says):
    case = MP.TASKS["solve_zero_sum_2x2"].public()[0]
    result = grade_case(MP.TASKS["solve_zero_sum_2x2"], lambda payoffs: returned, case)
    assert says in result.problem and result.student.error == "wrong type"


def test_any_optimal_mix_of_a_degenerate_game_is_accepted():
    task = MP.TASKS["solve_zero_sum_2x2"]
    flat = MP.matrix_case("flat", [[2, 2], [2, 2]])
    for p in (0, 0.3, 1):
        assert grade_case(task, lambda A, p=p: (p, 2), flat).problem == ""
    column = MP.matrix_case("a column of equal payoffs", [[1, 3], [1, 0]])       # value 1, p >= 1/3 optimal
    assert grade_case(task, lambda A: (0.5, 1), column).problem == ""
    assert "not optimal" in grade_case(task, lambda A: (0.2, 1), column).problem


def test_the_game_handed_over_offers_player_order_and_records_the_nodes_visited():
    tree = MP.vector_tree(MP.FIG_5_4, ("A", "B", "C"))
    g = TracedGame(tree)
    assert g.player_order == ("A", "B", "C")
    assert students.maxn_value(g, g.initial_state) == (1, 2, 6)
    assert g.visited == maxn(tree, trace=True).visited
    with pytest.raises(AttributeError, match="offers the game protocol only"):
        g.leaf_values


def test_calling_gamelib_maxn_or_normal_form_fails_the_case_and_says_so():
    def lazy(game, state, tie):
        return maxn(game, state, ties=tie).value
    with pytest.raises(GradingError, match=r"it calls gamelib\.maxn\.maxn, gamelib's own"):
        checks.maxn(lazy)

    def lp(payoffs):
        s = solve_zero_sum(payoffs)
        return s.row_strategy[0], s.value
    with pytest.raises(GradingError, match="normal_form.solve_zero_sum, gamelib's own"):
        checks.matrix(lp)


def test_a_max_n_search_that_loops_fails_its_cases_and_the_check_gives_up_after_two():
    def forever(game, state, tie):
        while True:
            game.is_terminal(state)
    with pytest.raises(GradingError) as e:
        checks.maxn(forever, time_limit=0.2)
    assert "no answer within 0.2 s" in str(e.value) or "more than" in str(e.value)


# ---------------------------------------------------------------------------------------------------
# By hand
# ---------------------------------------------------------------------------------------------------

FIRST = {"A": (3, 2, 5), "B": (3, 2, 5), "C": (3, 5, 3), "D": (5, 1, 4), "E": (3, 2, 5), "F": (2, 2, 3),
         "G": (3, 5, 3)}
SPITEFUL = {"A": (2, 2, 3), "B": (2, 3, 4), "C": (2, 2, 3), "D": (2, 3, 4), "E": (3, 2, 5), "F": (2, 2, 3),
            "G": (6, 0, 3)}


def test_max_n_by_hand_under_both_tie_rules():
    checks.maxn_by_hand(FIRST, MP.BY_HAND, MP.BY_HAND_PLAYERS, tie="first", decision="a1")
    checks.maxn_by_hand(SPITEFUL, MP.BY_HAND, MP.BY_HAND_PLAYERS, tie="spiteful", decision="a2")
    with pytest.raises(GradingError, match=r"6 of 7 vectors are right; D's vector \(5, 1, 4\) is not the one Z .*"
                                           r"\(it is the tie broken by 'first'\)$"):      # never the vector D backs up
        checks.maxn_by_hand({**SPITEFUL, "D": (5, 1, 4)}, MP.BY_HAND, MP.BY_HAND_PLAYERS, tie="spiteful")
    with pytest.raises(GradingError, match=r"A's vector \(5, 1, 4\) follows by its rule from your vector of B"):
        checks.maxn_by_hand({**FIRST, "A": (5, 1, 4), "B": (5, 1, 4)}, MP.BY_HAND, MP.BY_HAND_PLAYERS)
    with pytest.raises(GradingError, match="the decision at A"):
        checks.maxn_by_hand(FIRST, MP.BY_HAND, MP.BY_HAND_PLAYERS, tie="first", decision="a2")
    with pytest.raises(GradingError, match="not a vector of 3 numbers"):
        checks.maxn_by_hand({**FIRST, "A": 3}, MP.BY_HAND, MP.BY_HAND_PLAYERS)


def test_the_paranoid_value_by_hand():
    checks.paranoid_by_hand(2, MP.BY_HAND, MP.BY_HAND_PLAYERS, "X")
    with pytest.raises(GradingError, match="not right"):
        checks.paranoid_by_hand(3, MP.BY_HAND, MP.BY_HAND_PLAYERS, "X")          # its max^n payoff


def test_a_2x2_game_and_a_bimatrix_game_by_hand():
    checks.zero_sum_by_hand(Fraction(3, 7), Fraction(1, 7), MP.BY_HAND_2X2)
    checks.zero_sum_by_hand(3 / 7, 1 / 7, MP.BY_HAND_2X2)
    with pytest.raises(GradingError, match="p = 0.5 is not optimal"):
        checks.zero_sum_by_hand(0.5, Fraction(1, 7), MP.BY_HAND_2X2)
    with pytest.raises(GradingError, match="the value"):
        checks.zero_sum_by_hand(Fraction(3, 7), -1, MP.BY_HAND_2X2)           # the pure maximin
    row, col = MP.BY_HAND_BIMATRIX
    checks.equilibria_by_hand({(0, 0), (1, 1)}, (Fraction(1, 3), 0.5), row, col)
    with pytest.raises(GradingError, match="you left out 1 pure equilibrium"):
        checks.equilibria_by_hand({(0, 0)}, (1 / 3, 1 / 2), row, col)
    with pytest.raises(GradingError, match=r"the equilibria: 1 of your pairs is not an equilibrium") as failed:
        checks.equilibria_by_hand({(0, 0), (1, 1), (0, 1)}, (1 / 3, 1 / 2), row, col)
    assert "(0, 1)" not in str(failed.value)           # a pair is one or not: naming it says its answer
    with pytest.raises(GradingError) as failed:        # so every pair given names none (the rest were the answer)
        checks.equilibria_by_hand({(0, 0), (0, 1), (1, 0), (1, 1)}, (1 / 3, 1 / 2), row, col)
    assert "2 of your pairs are not equilibria" in str(failed.value) and "(1, 0)" not in str(failed.value)
    with pytest.raises(GradingError, match="each player mixes so that the \\*other\\* is indifferent"):
        checks.equilibria_by_hand({(0, 0), (1, 1)}, (1 / 2, 1 / 3), row, col)           # the mixes swapped


def test_public_checks_fail_clearly_on_placeholders():
    with pytest.raises(GradingError, match="still holds the placeholder"):
        checks.answer_format({**FIRST, "A": (..., ..., ...)}, "ABCDEFG", what="first_values", numbers=False)
    with pytest.raises(GradingError, match="still holds the placeholder"):
        checks.answer_format((..., ...), what="mixed_equilibrium", kind=tuple)
    assert MAX == "MAX"


def test_sanity_checks_of_the_by_hand_answers():
    checks.maxn_sanity(FIRST, MP.BY_HAND, MP.BY_HAND_PLAYERS, decision="a1")
    checks.maxn_sanity(SPITEFUL, MP.BY_HAND, MP.BY_HAND_PLAYERS, tie="spiteful", decision="a2")
    # the 'first' vectors under 'spiteful': the two ties 'spiteful' breaks otherwise are named, their
    # vectors never; B, C and A follow from the answer's own D and G, and are consistent
    with pytest.raises(GradingError, match=r"5 of 7 vectors are consistent; D's vector \(5, 1, 4\) is not the one Z "
                                           r"\(to move there\) backs up: .*; G's vector \(3, 5, 3\)") as e:
        checks.maxn_sanity(FIRST, MP.BY_HAND, MP.BY_HAND_PLAYERS, tie="spiteful", decision="a1")
    assert "(2, 3, 4)" not in str(e.value) and "(6, 0, 3)" not in str(e.value)
    with pytest.raises(GradingError, match=r"D's vector \(1, 4, 2\) is not the one Z"):
        checks.maxn_sanity({**FIRST, "D": (1, 4, 2)}, MP.BY_HAND, MP.BY_HAND_PLAYERS)
    with pytest.raises(GradingError, match="the decision 'a2' does not lead to the child A keeps"):
        checks.maxn_sanity(FIRST, MP.BY_HAND, MP.BY_HAND_PLAYERS, decision="a2")
    with pytest.raises(ValueError, match="tie rules"):
        checks.maxn_sanity(FIRST, MP.BY_HAND, MP.BY_HAND_PLAYERS, tie="generous")
    checks.zero_sum_sanity(Fraction(3, 7), Fraction(1, 7), MP.BY_HAND_2X2)
    checks.zero_sum_sanity(0.5, 0, MP.BY_HAND_2X2)                         # wrong, and consistent
    with pytest.raises(GradingError, match="not between the pure maximin -1 and the pure minimax 1"):
        checks.zero_sum_sanity(Fraction(3, 7), 2, MP.BY_HAND_2X2)
    with pytest.raises(GradingError, match="is not a probability"):
        checks.zero_sum_sanity(1.5, 0, MP.BY_HAND_2X2)


def test_a_change_of_units_by_hand():
    checks.zero_sum_by_hand(Fraction(3, 7), Fraction(71, 7), [[13, 9], [8, 11]])
    checks.zero_sum_by_hand(Fraction(3, 7), Fraction(2, 7), [[6, -2], [-4, 2]])
    with pytest.raises(GradingError, match="the value"):
        checks.zero_sum_by_hand(Fraction(3, 7), Fraction(1, 7), [[13, 9], [8, 11]])     # the shift forgotten
