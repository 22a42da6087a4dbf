"""The autograder of assignment 07 (gamelib.grading.learning): the harness with gamelib's own steps is
gamelib.mcts's search, playout for playout; a right SELECT, BACK-PROPAGATE and TD(λ) update get full
marks on any position and recorded game; every known bug is caught and named where it shows (the public
cases show each); the bug models are gamelib's steps plus one bug; answers of the wrong form are refused
with a message; a step's calls share the case's time limit; hidden cases come from their seed and are
never shown; the by-hand checks accept what is right and only that."""
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib import MAX, MIN, GameTree, mcts
from gamelib.games import TicTacToe
from gamelib.grading import GradingError, checks
from gamelib.grading import cases as C
from gamelib.grading import learning as L
from gamelib.grading.core import grade_case
from gamelib.grading.mutants import BY_NAME, MUTANTS, Near
from gamelib.td import td_learn

from . import students
from .bug_models import assert_caught_and_named

KIND = {name: task.kind for name, task in L.TASKS.items()}


# ---------------------------------------------------------------------------------------------------
# Random cases
# ---------------------------------------------------------------------------------------------------

@st.composite
def mcts_cases(draw):
    """A search on a random tree (MAX or MIN at the root) or a random tic-tac-toe position, with a random
    budget, exploration constant and seed."""
    rng = C.stable_random("test mcts", draw(st.integers(0, 10**6)))
    c = draw(st.sampled_from([math.sqrt(2), 1.0, 2.0, 0.5]))
    iterations, seed = draw(st.integers(1, 30)), draw(st.integers(0, 10**6))
    if draw(st.booleans()):
        game, state = C.random_tictactoe(rng, rng.randint(3, 6))
        return L.MctsCase("random position", game, state, iterations, c, seed)
    spec = C.random_spec(rng, rng.randint(2, 4), (1, 3), lower=-2, upper=2)
    tree = GameTree.from_nested(spec, root=draw(st.sampled_from([MAX, MIN])))
    return L.MctsCase("random tree", tree, None, iterations, c, seed)


@st.composite
def td_cases(draw):
    """A recorded game, made up or of tic-tac-toe, with random weights, α and λ."""
    rng = C.stable_random("test td", draw(st.integers(0, 10**6)))
    alpha = draw(st.sampled_from([0.0, 0.01, 0.1, 0.5]))
    lam = draw(st.sampled_from([0.0, 0.3, 0.7, 1.0]))
    if draw(st.booleans()):
        episode, u = L.recorded_tictactoe(rng)
        weights = [rng.uniform(-0.2, 0.2) for _ in range(3)]
    else:
        k = draw(st.integers(1, 4))
        episode = [tuple(rng.randint(-3, 3) for _ in range(k)) for _ in range(draw(st.integers(2, 10)))]
        u = draw(st.sampled_from([-1, 0, 1, 0.5]))
        weights = [rng.uniform(-1, 1) for _ in range(k)]
    return L.td_case("random game", weights, episode, u, alpha, lam)


def cases(name):
    return td_cases() if name == "td_lambda" else mcts_cases()


def graded(name, fn):
    """What the core is handed for task ``name``: the student's function itself (MCTS steps are driven
    by their family's ``call`` hook)."""
    return fn


# ---------------------------------------------------------------------------------------------------
# The harness is gamelib.mcts's search
# ---------------------------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(mcts_cases())
def test_the_harness_with_gamelibs_steps_replays_gamelib_mcts_playout_for_playout(case):
    trace = L.reference_trace(case)
    paths: list = []
    assert L.harness(case, trace, paths=paths) is None
    assert paths == [e.action for e in trace]
    result = mcts(case.game, case.root, iterations=case.iterations, c=case.c, seed=case.seed)
    assert paths == [e.action for e in mcts(case.game, case.root, iterations=case.iterations, c=case.c,
                                            seed=case.seed, trace=True).trace]
    assert result.iterations == case.iterations


@settings(max_examples=60, deadline=None)
@given(mcts_cases())
def test_the_bug_models_without_bugs_are_gamelibs_select_and_backup(case):
    trace = L.reference_trace(case)
    assert L.harness(case, trace, select_step=lambda t, c: L.buggy_select(t, c)) is None
    assert L.harness(case, trace, backup_step=lambda t, p, u: L.buggy_backup(t, p, u)) is None


@settings(max_examples=80, deadline=None)
@given(td_cases())
def test_the_td_bug_model_without_bugs_is_gamelib_td_learn(case):
    assert Near(tuple(L.buggy_td(case.weights, case.episode, case.utility, case.alpha, case.lam))) == \
        L.reference_td(case.weights, case.episode, case.utility, case.alpha, case.lam)


def test_a_recorded_game_is_replayed_by_self_play():
    game = L.RecordedGame(3, -1)
    assert [game.to_move(s) for s in range(3)] == [MAX, MIN, MAX] and game.is_terminal(3)
    assert game.utility(3, MAX) == -1 and game.utility(3, MIN) == 1
    # alpha = 0: nothing learned; the weights come back as they were.
    assert L.reference_td((0.5, -1.0), [(1, 2), (0, 1), (2, 2), (1, 1)], 1, 0.0, 0.5) == (0.5, -1.0)
    from gamelib import WeightedSum
    start = WeightedSum({"f": lambda s: [1, 0, 2][s]}, {"f": 0.25})
    learned, history = td_learn(L.RecordedGame(2, 1), start, iterations=1, alpha=0.1, epsilon=0.0)
    assert history[0].moves == 2


# ---------------------------------------------------------------------------------------------------
# Right answers pass; known bugs are caught and named
# ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(L.TASKS))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_right_function_gets_full_marks_on_any_case(name, data):
    case = data.draw(cases(name))
    result = grade_case(L.TASKS[name], graded(name, students.RIGHT_LEARNING[name]), case)
    assert result.problem == "", result.problem


@pytest.mark.parametrize("name, bug", sorted(students.WRONG_LEARNING), ids=lambda x: x)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_each_known_bug_is_caught_and_named_where_it_shows(name, bug, data):
    task, mutant = L.TASKS[name], BY_NAME[bug]
    case = data.draw(cases(name))
    result = grade_case(task, graded(name, students.WRONG_LEARNING[name, bug]), case)
    assert_caught_and_named(mutant, task.kind, task.family.mutant_returns(task), case, result)


@pytest.mark.parametrize("name, bug", sorted(students.WRONG_LEARNING), ids=lambda x: x)
def test_every_bug_shows_on_the_public_cases_and_is_named_there_alone(name, bug):
    fn = students.WRONG_LEARNING[name, bug]
    with pytest.raises(GradingError) as e:
        checks.td(fn) if name == "td_lambda" else checks.mcts(name, fn)
    named = [m.name for m in MUTANTS if f"[{m.name}]" in str(e.value)]
    assert named == [bug]


def test_every_bug_model_of_assignment_07_has_a_student_version():
    modelled = {bug for _, bug in students.WRONG_LEARNING}
    assert modelled == {m.name for m in MUTANTS if m.kinds & set(KIND.values())}


def test_right_answers_pass_the_public_and_hidden_checks():
    checks.mcts("select", students.select)
    checks.mcts("select", students.select, hidden=8, seed=5)
    checks.mcts("backup", students.backup)
    checks.mcts("backup", students.backup, hidden=8, seed=5)
    checks.td(students.td_lambda)
    checks.td(students.td_lambda, hidden=20, seed=5)


# ---------------------------------------------------------------------------------------------------
# Cases and feedback
# ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(L.TASKS))
def test_hidden_cases_are_reproducible_from_their_seed_and_differ_between_seeds(name):
    task = L.TASKS[name]
    def key(cases):
        if name == "td_lambda":
            return [(c.weights, c.episode, c.utility, c.alpha, c.lam) for c in cases]
        return [(repr(getattr(c.game, "spec", None)), repr(c.state), c.iterations, c.c, c.seed) for c in cases]
    assert key(task.hidden(5, 8)) == key(task.hidden(5, 8))
    assert key(task.hidden(5, 8)) != key(task.hidden(6, 8))
    assert all(c.hidden for c in task.hidden(5, 8))


def test_hidden_searches_include_trees_with_min_at_the_root_and_tic_tac_toe():
    hidden = L.TASKS["select"].hidden(2, 8)
    assert any(isinstance(c.game, TicTacToe) for c in hidden)
    assert {c.game.to_move(c.root) for c in hidden} == {MAX, MIN}


def test_feedback_on_hidden_cases_never_shows_a_path_a_tree_or_a_game():
    """A hidden case is counted, never described: the feedback's case is one of the kit's own trees."""
    for name in ("select", "backup"):
        bug = "no_exploration" if name == "select" else "max_reward"
        with pytest.raises(GradingError) as e:
            checks.mcts(name, students.WRONG_LEARNING[name, bug], hidden=8, seed=3)
        text = str(e.value)
        assert "of 8 hidden cases" in text and "hidden tree" not in text and f"[{bug}]" in text
        assert "the kit's tree 1: iteration" in text
    with pytest.raises(GradingError) as e:
        checks.mcts("select", lambda tree, c: tree, hidden=8, seed=3)          # the node, not its path
    assert "SELECT returned dict" in str(e.value) and "the kit's tree 1" in str(e.value)
    with pytest.raises(GradingError) as e:
        checks.td(students.WRONG_LEARNING["td_lambda", "error_sign"], hidden=20, seed=3)
    assert "of 20 hidden cases" in str(e.value) and "[error_sign]" in str(e.value)


def test_public_feedback_says_where_the_search_parts():
    with pytest.raises(GradingError, match=r"iteration \d+ of 30: your SELECT reached .*, gamelib\.mcts's"):
        checks.mcts("select", students.WRONG_LEARNING["select", "child_log"])
    with pytest.raises(GradingError, match=r"after BACK-PROPAGATE of the playout from .*: yours .*N = 0"):
        checks.mcts("backup", students.WRONG_LEARNING["backup", "root_visits_only"])


def test_a_back_up_is_shown_after_the_playout_of_its_own_iteration():
    """(It once named the last iteration's playout, a path three moves long at iteration 2.)"""
    with pytest.raises(GradingError) as e:
        checks.mcts("backup", students.WRONG_LEARNING["backup", "mover_reward"])
    assert "iteration 2 of 30, after BACK-PROPAGATE of the playout from a3: yours a3: N = 1, U = -1" in str(e.value)


# ---------------------------------------------------------------------------------------------------
# Why a case went wrong: bugs no model covers, each told the rule it broke
# ---------------------------------------------------------------------------------------------------

def feedback(check, *args) -> str:
    with pytest.raises(GradingError) as e:
        check(*args)
    return str(e.value)


def select_log_of_the_root(tree, c):
    """ln N of the root at every node: the helper is handed tree["N"] where node["N"] is meant."""
    def ucb(child, parent_visits):
        return child["U"] / child["N"] + c * math.sqrt(math.log(parent_visits) / child["N"])
    node, path = tree, []
    while not node["terminal"] and not node["untried"]:
        move = max(node["children"], key=lambda m: ucb(node["children"][m], tree["N"]))
        path.append(move)
        node = node["children"][move]
    return path


def select_min_negated_and_misplaced_root(tree, c):
    """Two bugs: U/N negated where MIN moves, and the square root taken of ln N(parent) alone."""
    node, path = tree, []
    while not node["terminal"] and not node["untried"]:
        best, best_value = None, -math.inf
        for move, child in node["children"].items():
            mean = child["U"] / child["N"]
            if node["to_move"] == MIN:
                mean = -mean                                 # MIN wants the least
            value = mean + c * math.sqrt(math.log(node["N"])) / child["N"]
            if value > best_value:
                best, best_value = move, value
        path.append(best)
        node = node["children"][best]
    return path


def backup_by_parity(tree, path, utility, twice=False):
    """The reward's sign by depth, as if MAX always moved first (``twice``: and the new node's visit
    counted once more)."""
    nodes = [tree]
    for move in path:
        nodes.append(nodes[-1]["children"][move])
    for depth, node in enumerate(nodes):
        node["N"] += 1
        if depth:
            node["U"] += utility if depth % 2 == 1 else -utility
    if twice:
        nodes[-1]["N"] += 1
    return tree


def td_trace_of_the_next_position(weights, episode, utility, alpha, lam):
    w, e = list(weights), [0.0] * len(weights)
    for t in range(len(episode) - 1):
        v = sum(a * b for a, b in zip(w, episode[t]))
        target = utility if t == len(episode) - 2 else sum(a * b for a, b in zip(w, episode[t + 1]))
        e = [lam * ei + fi for ei, fi in zip(e, episode[t + 1])]
        w = [wi + alpha * (target - v) * ei for wi, ei in zip(w, e)]
    return w


def td_one_move_short(weights, episode, utility, alpha, lam, next_features=False):
    """The loop stops before the last move (it never learns the result); ``next_features``: and the trace
    takes the next position's features."""
    w, e = list(weights), [0.0] * len(weights)
    for t in range(len(episode) - 2):
        delta = sum(a * b for a, b in zip(w, episode[t + 1])) - sum(a * b for a, b in zip(w, episode[t]))
        e = [lam * ei + fi for ei, fi in zip(e, episode[t + 1] if next_features else episode[t])]
        w = [wi + alpha * delta * ei for wi, ei in zip(w, e)]
    return w


def test_a_select_with_the_roots_logarithm_is_told_ucb1_with_its_terms():
    text = feedback(checks.mcts, "select", select_log_of_the_root)
    assert ("Why: at iteration 28, at the node a2 (MIN to move, N = 10), every move has been tried, so SELECT goes on "
            "to the child with the largest UCB1(n) = U(n)/N(n) + c·√(ln N(parent)/N(n)), U(n) the reward of the "
            "player who moved into n, c = 1.414: c1: 0/2 + 1.414·√(ln 10/2) = 1.517; c2: 3/5 + 1.414·√(ln 10/5) = "
            "1.56; c3: -1/2 + 1.414·√(ln 10/2) = 1.017; SELECT goes to c2; yours went to c1 (it is the child UCB1 "
            "ranks first with ln N(root) at every node in place of ln N(parent)") in text


def test_two_select_bugs_are_told_each_its_rule_where_it_shows():
    text = feedback(checks.mcts, "select", select_min_negated_and_misplaced_root)
    assert "ranks first with √(ln N(parent))/N(n) in place of √(ln N(parent)/N(n))" in text
    assert "ranks first with U(n) negated at MIN's node, where U(n) is already the reward of MIN" in text


def test_a_back_up_signed_by_depth_is_told_whose_reward_u_keeps():
    text = feedback(checks.mcts, "backup", backup_by_parity)
    assert ("Why: at iteration 2 the playout from the node (2, 1) ended in utility -1 for MAX, and BACK-PROPAGATE "
            "adds it to each node from there up to the root: at the node (2, 1) (MIN moved into it; U = 0 before), "
            "U + MIN's reward 1 = 1: U(n) is kept for the player who moved into n; yours added -1, MAX's reward, but "
            "it was MIN who moved into it (MAX is to move there).") in text


def test_two_back_up_bugs_in_one_case_are_both_told():
    text = feedback(checks.mcts, "backup", lambda tree, path, u: backup_by_parity(tree, path, u, twice=True))
    assert ("at the node (1, 0), N = 0 + 1 = 1: every node on the path counts the playout, the root too; yours 2 "
            "(counted twice); also at iteration 2, at the node (2, 1) (MIN moved into it; U = 0 before), U + MIN's "
            "reward 1 = 1") in text


def test_a_td_trace_of_the_next_position_is_told_the_trace_rule():
    text = feedback(checks.td, td_trace_of_the_next_position)
    assert ("Why: your weights first part from TD(λ)'s at move 1 of 3 (s₀ → s₁): with w = (0.5, -0.25), V(s₀) = "
            "w·f(s₀) = 0.5 and its target is the next position's estimate, V(s₁) = w·f(s₁) = 0.25, so δ = target − "
            "V(s₀) = -0.25; the trace e ← λ·e + f(s₀) = 0·(0, 0) + (1, 0) = (1, 0); and w ← w + α·δ·e = (0.475, "
            "-0.25); yours (0.475, -0.275) (your trace took f(s₁), the features of the position moved to, where "
            "e ← λ·e + f(s₀)).") in text


def test_two_td_bugs_are_told_each_its_rule_where_it_shows():
    text = feedback(checks.td, lambda *a: td_one_move_short(*a, next_features=True))
    assert "Where it is not the last move, your trace took f(s₁), the features of the position moved to" in text
    assert ("at move 9 of 9 (s₈ → s₉, the last)" in text and "Or does your loop stop one move early? The move to the "
            "terminal position is learned from too, its target the game's result") in text
    text = feedback(checks.td, td_one_move_short)
    assert "at move 3 of 3 (s₂ → s₃, the last)" in text and "Or does your loop stop one move early?" in text


# ---------------------------------------------------------------------------------------------------
# Answers of the wrong form, time limits, gamelib's own steps
# ---------------------------------------------------------------------------------------------------

def _public(name):
    return L.TASKS[name].public()[0]


@pytest.mark.parametrize("step, says", [
    (lambda tree, c: None, "SELECT returned NoneType None; it should return the path"),
    (lambda tree, c: tree, "(a node? return the moves that lead to it)"),
    (lambda tree, c: [["a1"]], "it should return the path"),
    (lambda tree, c: ["x9"], "not a node of the tree"),
    (lambda tree, c: [] if tree["untried"] else [], "a node whose moves have all been tried")])
def test_a_select_of_the_wrong_form_is_refused(step, says):
    result = grade_case(L.TASKS["select"], step, _public("select"))
    assert says in result.problem, result.problem


@pytest.mark.parametrize("step, says", [
    (lambda tree, path, u: None, "did you forget to return it?"),
    (lambda tree, path, u: {"N": 1, "U": 0}, "lacks the node at"),
    (lambda tree, path, u: {**tree, "N": "one"}, "N and U of the root are str 'one'"),
    (lambda tree, path, u: [tree], "it should return the tree it was given")])
def test_a_backup_of_the_wrong_form_is_refused(step, says):
    result = grade_case(L.TASKS["backup"], step, _public("backup"))
    assert says in result.problem, result.problem


@pytest.mark.parametrize("returned, says", [
    (None, "did you forget to return it?"), ((1.0,), "a list of 2 numbers"), ("w", "it should return the new weights"),
    ([1.0, math.nan], "a list of 2 numbers"), ([1.0, True], "a list of 2 numbers")])
def test_a_td_update_of_the_wrong_form_is_refused(returned, says):
    result = grade_case(L.TASKS["td_lambda"], lambda *args: returned, _public("td_lambda"))
    assert says in result.problem, result.problem


def test_the_calls_of_a_step_share_the_cases_time_limit():
    def slow(tree, c):
        end = __import__("time").thread_time() + 0.02
        while __import__("time").thread_time() < end:
            pass
        return students.select(tree, c)
    result = grade_case(L.TASKS["select"], slow, _public("select"), time_limit=0.3)
    assert result.student.error == "timeout" and "no answer within 0.3 s" in result.problem
    assert 0 < len(result.student.visits) < 30


def test_a_step_that_loops_fails_its_case_and_the_check_gives_up_after_two():
    def forever(tree, c):
        while True:
            pass
    with pytest.raises(GradingError) as e:
        checks.mcts("select", forever, time_limit=0.2)
    assert "no answer within 0.2 s" in str(e.value) and "not run (after 2 time-outs)" in str(e.value)


def test_a_step_that_raises_is_located_and_named():
    result = grade_case(L.TASKS["backup"], lambda tree, path, u: tree["children"]["nope"],
                        _public("backup"))
    assert result.student.error == "KeyError" and "it raised KeyError" in result.problem


def test_calling_gamelib_mcts_or_td_fails_the_case_and_says_so():
    def lazy(tree, c):
        mcts(TicTacToe(), iterations=1)
        return []
    with pytest.raises(GradingError, match=r"it calls gamelib\.mcts\.mcts, gamelib's own"):
        checks.mcts("select", lazy)

    def learned(weights, episode, utility, alpha, lam):
        from gamelib import WeightedSum
        td_learn(L.RecordedGame(1, 0), WeightedSum({"f": lambda s: 0}, {"f": 0}), iterations=1, alpha=0.1)
        return list(weights)
    with pytest.raises(GradingError, match=r"it calls gamelib\.td\.td_learn, gamelib's own"):
        checks.td(learned)


def test_a_non_function_is_refused():
    with pytest.raises(GradingError, match="select should be a function"):
        checks.mcts("select", [])
    with pytest.raises(ValueError, match="'select' or 'backup'"):
        checks.mcts("expand", students.select)


# ---------------------------------------------------------------------------------------------------
# By hand
# ---------------------------------------------------------------------------------------------------

CHILDREN = {"a1": (10, 6), "a2": (6, 4), "a3": (2, 0)}


def test_ucb1_by_hand_for_two_values_of_c():
    checks.ucb_by_hand({"a1": 0.8688, "a2": 1.0137, "a3": 0.6011}, "a2", 18, CHILDREN, 0.5)
    checks.ucb_by_hand({"a1": 1.6753, "a2": 2.0548, "a3": 2.4043}, "a3", 18, CHILDREN, 2)
    with pytest.raises(GradingError, match="a3: yours"):                     # ln of the child's visits
        checks.ucb_by_hand({"a1": 1.6753, "a2": 2.0548, "a3": 2 * math.sqrt(math.log(2) / 2)}, "a3", 18, CHILDREN, 2)
    with pytest.raises(GradingError, match="the child SELECT picks"):
        checks.ucb_by_hand({"a1": 1.6753, "a2": 2.0548, "a3": 2.4043}, "a2", 18, CHILDREN, 2)
    # U for MIN, MIN to move: the same arithmetic.
    checks.ucb_by_hand({"a1": 0.8688, "a2": 1.0137, "a3": 0.6011}, "a2", 18, CHILDREN, 0.5, player=MIN)


CHAIN = [("A", None, MAX, 7, 0), ("B", MAX, MIN, 4, 2), ("C", MIN, MAX, 1, -1), ("D", MAX, MIN, 0, 0)]


def test_one_back_up_by_hand():
    checks.backup_by_hand({"A": (8, None), "B": (5, 1), "C": (2, 0), "D": (1, -1)}, CHAIN, -1)
    with pytest.raises(GradingError, match="C: yours"):                          # MAX's utility everywhere
        checks.backup_by_hand({"A": (8, None), "B": (5, 1), "C": (2, -2), "D": (1, -1)}, CHAIN, -1)
    with pytest.raises(GradingError, match="B: yours"):                          # the root's visit only
        checks.backup_by_hand({"A": (8, None), "B": (4, 1), "C": (1, 0), "D": (0, -1)}, CHAIN, -1)


def test_td_updates_by_hand():
    episode = [(1, 2), (2, 1), (1, 3)]
    right = {"delta_1": 0.75, "w_after_1": (0.575, -0.1), "w_td0": (0.565, -0.105), "w_tdlambda": (0.5625, -0.11)}
    checks.td_by_hand(right, (0.5, -0.25), episode, 1, 0.1, 0.5)
    with pytest.raises(GradingError, match="w_td0: yours"):                      # bootstrapped from V(s2)
        checks.td_by_hand({"w_td0": (0.505, -0.135)}, (0.5, -0.25), episode, 1, 0.1, 0.5)
    with pytest.raises(GradingError, match="delta_1: yours"):                    # the sign flipped
        checks.td_by_hand({"delta_1": -0.75}, (0.5, -0.25), episode, 1, 0.1, 0.5)
    with pytest.raises(ValueError, match="td_by_hand checks"):
        checks.td_by_hand({"w_2": (0, 0)}, (0.5, -0.25), episode, 1, 0.1, 0.5)
    assert random.Random(0).random() < 1


def test_the_exploration_constant_at_which_select_switches():
    checks.switch_by_hand(1.3121, 18, CHILDREN, "a2", "a3")
    with pytest.raises(GradingError, match="the switch: 1.5 is not right"):
        checks.switch_by_hand(1.5, 18, CHILDREN, "a2", "a3")


def test_sanity_checks_of_the_by_hand_answers():
    checks.ucb_sanity({"a1": 0.8688, "a2": 1.0137, "a3": 0.6011}, "a2", CHILDREN)
    checks.ucb_sanity({"a1": 0.6, "a2": 0.6667, "a3": 0.0}, "a2", CHILDREN)            # c = 0: wrong, consistent
    with pytest.raises(GradingError, match="a1: 0.5 is less than its mean reward U/N = 6/10"):
        checks.ucb_sanity({"a1": 0.5, "a2": 1.0137, "a3": 0.6011}, "a2", CHILDREN)
    with pytest.raises(GradingError, match="not 'a1'"):
        checks.ucb_sanity({"a1": 0.8688, "a2": 1.0137, "a3": 0.6011}, "a1", CHILDREN)
    checks.backup_sanity({"A": (8, None), "B": (5, 1), "C": (2, 0), "D": (1, -1)}, CHAIN, -1)
    checks.backup_sanity({"A": (7, None), "B": (5, 1), "C": (2, 0), "D": (1, -1)}, CHAIN, -1)   # root not counted
    with pytest.raises(GradingError, match="B: one playout adds 0 or 1 to N"):
        checks.backup_sanity({"A": (8, None), "B": (6, 1), "C": (2, 0), "D": (1, -1)}, CHAIN, -1)
    with pytest.raises(GradingError, match="C: one playout changes U by at most 1"):
        checks.backup_sanity({"A": (8, None), "B": (5, 1), "C": (2, 1), "D": (1, -1)}, CHAIN, -1)
    episode = [(1, 2), (2, 1), (1, 3)]
    right = {"delta_1": 0.75, "w_after_1": (0.575, -0.1), "w_td0": (0.565, -0.105), "w_tdlambda": (0.5625, -0.11)}
    checks.td_sanity(right, (0.5, -0.25), episode, 0.1, 0.5)
    with pytest.raises(GradingError, match="w_after_1 is not w"):
        checks.td_sanity({**right, "delta_1": -0.75}, (0.5, -0.25), episode, 0.1, 0.5)
    with pytest.raises(GradingError, match="w_tdlambda − w_after_1 is not a multiple of e"):
        checks.td_sanity({**right, "w_tdlambda": (0.565, -0.105)}, (0.5, -0.25), episode, 0.1, 0.5)   # TD(0)'s
