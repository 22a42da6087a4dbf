"""The autograder of assignment 07's PUCT part (gamelib.grading.puct): the harness with gamelib's own steps
is gamelib.mcts's PUCT search, simulation for simulation; a right SELECT and back-up get full marks on any
position; every known bug (√N of the child, the prior left out, the value not negated) is caught and named
where it shows, the public cases show each, and the diagnosis says the rule that broke; answers of the
wrong form are refused; hidden cases come from their seed and are never shown."""
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import MAX, MIN, GameTree, mcts
from gamelib.games import TicTacToe
from gamelib.grading import GradingError, checks
from gamelib.grading import cases as C
from gamelib.grading import puct as P
from gamelib.grading.core import case_text, grade_case
from gamelib.grading.mutants import BY_NAME, MUTANTS

from . import students
from .bug_models import assert_caught_and_named
from .students import RIGHT_PUCT as RIGHT
from .students import WRONG_PUCT as WRONG
from .students import puct_select


@st.composite
def puct_cases(draw):
    """A PUCT search on a random tree (MAX or MIN at the root) with made-up priors and values, or on a
    random tic-tac-toe position with the kit's network, with a random budget and exploration constant."""
    rng = C.stable_random("test puct", draw(st.integers(0, 10**6)))
    c = draw(st.sampled_from([math.sqrt(2), 1.0, 2.0, 0.5, 0.0]))
    iterations = draw(st.integers(1, 30))
    if draw(st.booleans()):
        game, state = C.random_tictactoe(rng, rng.randint(2, 7))
        return P.PuctCase("random position", game, state, iterations, c)
    spec = C.random_spec(rng, rng.randint(2, 4), (1, 3), lower=-2, upper=2)
    tree = GameTree.from_nested(spec, root=draw(st.sampled_from([MAX, MIN])))
    return P.PuctCase("random tree", tree, None, iterations, c, C.RandomPolicyValue(tree, rng.randrange(100)))


# ---------------------------------------------------------------------------------------------------
# The harness is gamelib.mcts's PUCT search
# ---------------------------------------------------------------------------------------------------

@settings(max_examples=40, deadline=None)
@given(puct_cases())
def test_the_harness_with_gamelibs_steps_replays_gamelib_mcts_simulation_for_simulation(case):
    trace = P.reference_trace(case)
    paths: list = []
    assert P.harness(case, trace, paths=paths) is None
    assert paths == [e.action for e in trace]
    again = mcts(case.game, case.root, iterations=case.iterations, c=case.c, policy_value=case.policy_value,
                 trace=True).trace
    assert paths == [e.action for e in again]


@settings(max_examples=40, deadline=None)
@given(puct_cases())
def test_the_bug_models_without_bugs_are_gamelibs_select_and_backup(case):
    trace = P.reference_trace(case)
    assert P.harness(case, trace, select_step=lambda t, c: P.buggy_puct_select(t, c)) is None
    assert P.harness(case, trace, backup_step=lambda t, p, v, w: P.buggy_puct_backup(t, p, v, w)) is None


def test_unknown_bugs_are_refused():
    with pytest.raises(ValueError, match="known: "):
        P.buggy_puct_select({}, 1.0, bugs={"child_log"})
    with pytest.raises(ValueError, match="known: "):
        P.buggy_puct_backup({}, [], 1.0, MAX, bugs={"max_reward"})


def test_the_tree_a_step_is_handed_has_each_nodes_priors():
    case = P.TASKS["puct_select"].public()[2]
    views = []

    def spy(view, c):
        views.append(view)
        return P.buggy_puct_select(view, c)

    P.harness(case, P.reference_trace(case), select_step=spy)
    assert views[0]["P"] is None and views[0]["untried"] == list(case.game.actions(case.root))
    priors, _ = case.policy_value(case.root)
    assert views[1]["P"] == priors and sum(views[1]["P"].values()) == pytest.approx(1)
    assert all(child["P"] is not None or child["terminal"] for child in views[-1]["children"].values())


def test_a_random_policy_value_is_the_same_for_the_same_state():
    tree = GameTree.from_nested([[1, 2], [3, 4, 5]])
    f = C.RandomPolicyValue(tree, 3)
    priors, value = f("A")
    assert (priors, value) == C.RandomPolicyValue(tree, 3)("A") != C.RandomPolicyValue(tree, 4)("A")
    assert list(priors) == list(tree.actions("A")) and sum(priors.values()) == pytest.approx(1)
    assert -0.9 <= value <= 0.9 and round(value, 2) == value
    assert repr(f) == "gamelib.grading.cases.RandomPolicyValue(game, seed=3)"


# ---------------------------------------------------------------------------------------------------
# Right answers pass; known bugs are caught and named
# ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(P.TASKS))
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_a_right_function_gets_full_marks_on_any_case(name, data):
    case = data.draw(puct_cases())
    result = grade_case(P.TASKS[name], RIGHT[name], case)
    assert result.problem == "", result.problem


@pytest.mark.parametrize("name, bug", sorted(WRONG), ids=lambda x: x)
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_each_known_bug_is_caught_and_named_where_it_shows(name, bug, data):
    task, mutant = P.TASKS[name], BY_NAME[bug]
    case = data.draw(puct_cases())
    result = grade_case(task, WRONG[name, bug], case)
    assert_caught_and_named(mutant, task.kind, task.family.mutant_returns(task), case, result)


@pytest.mark.parametrize("name, bug", sorted(WRONG), ids=lambda x: x)
def test_every_bug_shows_on_the_public_cases_and_is_named_there_alone(name, bug):
    with pytest.raises(GradingError) as e:
        checks.puct(name, WRONG[name, bug])
    assert [m.name for m in MUTANTS if f"[{m.name}]" in str(e.value)] == [bug]


def test_every_puct_bug_model_has_a_student_version():
    kinds = {task.kind for task in P.TASKS.values()}
    assert {bug for _, bug in WRONG} == {m.name for m in MUTANTS if m.kinds & kinds}


def test_right_answers_pass_the_public_and_hidden_checks():
    for name, fn in RIGHT.items():
        checks.puct(name, fn)
        checks.puct(name, fn, hidden=10, seed=5)


def test_a_back_up_by_the_ply_is_right_until_a_game_ends_in_the_tree():
    """Negating by the ply from the new node is right where the value is for the player to move there;
    a finished game's value is MAX's, so the ply's rule goes wrong where MAX made the last move."""
    with pytest.raises(GradingError, match="the finished game's utility"):
        checks.puct("puct_backup", students.puct_backup_by_parity)


# ---------------------------------------------------------------------------------------------------
# Cases and feedback
# ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(P.TASKS))
def test_hidden_cases_are_reproducible_from_their_seed_and_differ_between_seeds(name):
    task = P.TASKS[name]

    def key(cases):
        return [(repr(getattr(c.game, "spec", None)), repr(c.state), c.iterations, c.c, repr(c.policy_value))
                for c in cases]
    assert key(task.hidden(5, 9)) == key(task.hidden(5, 9)) != key(task.hidden(6, 9))
    assert all(c.hidden for c in task.hidden(5, 9))


def test_hidden_searches_include_trees_with_min_at_the_root_and_tic_tac_toe():
    hidden = P.TASKS["puct_select"].hidden(2, 9)
    assert any(isinstance(c.game, TicTacToe) and c.policy_value is P.NETWORK for c in hidden)
    assert {c.game.to_move(c.root) for c in hidden} == {MAX, MIN}


def test_feedback_on_hidden_cases_never_shows_a_path_a_tree_or_a_game():
    for name, bug in WRONG:
        with pytest.raises(GradingError) as e:
            checks.puct(name, WRONG[name, bug], hidden=9, seed=3)
        text = str(e.value)
        assert "of 9 hidden cases" in text and "hidden tree" not in text and "hidden position" not in text
        assert f"[{bug}]" in text and "the kit's tree 1: iteration" in text
        assert "To try it yourself: GameTree.from_nested(" in text and "RandomPolicyValue(game, seed=" in text
    with pytest.raises(GradingError) as e:
        checks.puct("puct_select", lambda tree, c: tree, hidden=9, seed=3)       # the node, not its path
    assert "SELECT returned dict" in str(e.value) and "the kit's tree 1" in str(e.value)


def test_a_hidden_case_says_nothing_of_what_the_function_returned():
    task = P.TASKS["puct_backup"]
    case = task.hidden(4, 1)[0]
    result = grade_case(task, lambda t, p, v, w: {"N": "secret", "children": {}}, case)
    assert "secret" not in result.problem and "str" in result.problem
    result = grade_case(P.TASKS["puct_select"], lambda t, c: ["secret move"], case)
    assert "secret" not in result.problem and "another path" in result.problem


def test_a_case_says_how_to_search_it_again():
    case = P.TASKS["puct_select"].public()[3]
    assert case_text(case).endswith("searched by mcts(game, state, iterations=20, c=2.0, "
                                    "policy_value=gamelib.grading.cases.RandomPolicyValue(game, seed=2), trace=True)")
    assert "tictactoe_network()" in case_text(P.TASKS["puct_select"].public()[0])


def test_public_feedback_gives_the_scores_and_names_the_slip():
    with pytest.raises(GradingError) as e:
        checks.puct("puct_select", WRONG["puct_select", "child_sqrt"])
    text = str(e.value)
    assert "iteration 2 of 30: your SELECT chose [(0, 1)], gamelib.mcts's [(1, 1)]" in text
    assert "Q(s, a) + c·P(s, a)·√N(s)/(1 + N(s, a))" in text and "(1, 1): 0 + 1.414·0.3727·√1/(1 + 0) = 0.5271" in text
    assert "√N(s, a), the child's own visits, in place of √N(s), the parent's" in text


def test_a_select_that_goes_past_the_move_to_expand_is_told_where_to_stop():
    def past(tree, c):
        path = P.buggy_puct_select(tree, c)
        return path + ["x"] if path else path
    with pytest.raises(GradingError, match="not a node of the tree, nor a move from one"):
        checks.puct("puct_select", past)


def test_a_select_that_returns_the_root_first_and_then_too_is_told_the_root_is_evaluated():
    with pytest.raises(GradingError, match="a node already evaluated"):
        checks.puct("puct_select", lambda tree, c: [])


def test_public_feedback_on_the_back_up_says_whose_value_it_is():
    with pytest.raises(GradingError) as e:
        checks.puct("puct_backup", WRONG["puct_backup", "value_not_negated"])
    text = str(e.value)
    assert "v = -0.07992 for MIN, the player to move there" in text
    assert "U = 0 + 0.07992 = 0.07992; yours added -0.07992, v itself: not negated for MAX" in text


@pytest.mark.parametrize("returned, says", [
    (None, "did you forget to return it?"), ({"N": 1}, "N and U of the root are int 1 and NoneType None, not numbers"),
])
def test_a_back_up_of_the_wrong_form_is_refused(returned, says):
    with pytest.raises(GradingError, match=says):
        checks.puct("puct_backup", lambda t, p, v, w: returned)


def test_calling_gamelib_mcts_fails_the_case_and_says_so():
    def cheat(tree, c):
        mcts(GameTree.from_nested([[1, 2]]), iterations=1)
        return []
    with pytest.raises(GradingError, match="it calls gamelib.mcts"):
        checks.puct("puct_select", cheat)


def test_a_check_of_another_step_is_refused():
    with pytest.raises(ValueError, match="'puct_select' or 'puct_backup'"):
        checks.puct("select", puct_select)
