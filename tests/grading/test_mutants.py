"""The autograder itself (gamelib.grading): it must give right answers full marks on any tree, catch
and name every known bug on the trees where it shows, survive whatever a student hands in, and never
show a hidden case."""
import copy
import math
import re
import threading
import time

import nbformat
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gamelib import MAX, GameTree, alphabeta, expectiminimax, expectimax, minimax
from gamelib.core import IllegalMoveError
from gamelib.games import Halving, TicTacToe
from gamelib.grading import cases as C
from gamelib.grading import checks, tournament
from gamelib.grading import guard as sandbox
from gamelib.grading import fakes
from gamelib.grading import workflow as w
from gamelib.grading.feedback import HideHiddenTests, hide
from gamelib.grading.games import TakeAway, agent_tree
from gamelib.grading.mutants import (BY_NAME, MUTANTS, buggy_search, matching_mutants, mutant_outcome,
                                     outcome_of)
from gamelib.grading.tracing import BudgetExceeded, SearchNode, TracedGame

from . import students
from ..strategies import FIG_5_2, chance_specs, nested_specs

# ---------------------------------------------------------------------------------------------------
# Random cases for every kind of exercise
# ---------------------------------------------------------------------------------------------------

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


# Thirty-odd properties: each explores fewer examples than the profile's default, all of them together
# many more.
@pytest.mark.parametrize("name", SEARCHES)
@settings(max_examples=80)
@given(data=st.data())
def test_a_right_search_gets_full_marks_on_any_tree(name, data):
    case = data.draw(cases(name))
    result = checks.grade_case(checks.EXERCISES[name], students.RIGHT[name], case)
    assert result.problem == "", result.problem


@pytest.mark.parametrize("exercise, bug", sorted(students.WRONG), ids=lambda x: x)
@settings(max_examples=60)
@given(data=st.data())
def test_each_known_bug_is_caught_and_named_where_it_shows(exercise, bug, data):
    ex, mutant = checks.EXERCISES[exercise], BY_NAME[bug]
    case = data.draw(cases(exercise))
    result = checks.grade_case(ex, students.WRONG[exercise, bug], case)
    predicted = mutant_outcome(mutant, ex.kind, case, ex.returns) if mutant.applies(case) else result.expected
    # The bug model does exactly what the student's buggy code does ...
    assert result.student.same_as(predicted), (result.student, predicted)
    # ... so wherever the bug shows, the submission fails and the bug is named.
    if predicted.same_as(result.expected):
        assert result.problem == ""
    else:
        assert result.problem
        named = matching_mutants(ex.kind, ex.returns, [case], [result.student], [result.expected])
        assert mutant in named


def test_every_mutant_has_a_student_version_and_is_named_in_a_sentence():
    modelled = {bug for _, bug in students.WRONG} | {bug for _, bug in students.WRONG_IMPERFECT} | \
        {bug for _, bug in students.WRONG_MULTIPLAYER} | {bug for _, bug in students.WRONG_LEARNING}
    assert modelled == {m.name for m in MUTANTS}
    for m in MUTANTS:
        assert m.says.startswith("your ") and m.kinds


# ---------------------------------------------------------------------------------------------------
# The bug models are gamelib's search plus one bug: with no bug they emit gamelib's trace exactly
# ---------------------------------------------------------------------------------------------------

@given(nested_specs(), st.sampled_from([None, "aima", "strict"]))
def test_the_bug_model_without_bugs_is_event_for_event_gamelibs_search(spec, window):
    tree = GameTree.from_nested(spec)
    mine = buggy_search(tree, window=window)
    ref = minimax(tree, trace=True) if window is None else alphabeta(tree, trace=True,
                                                                       prune_on_equality=window == "aima")
    assert mine == ref


@given(chance_specs(), st.integers(0, 50))
def test_the_bug_model_without_bugs_matches_expectiminimax_and_expectimax(spec, seed):
    tree = GameTree.from_nested(spec)
    assert buggy_search(tree) == expectiminimax(tree, trace=True)
    if isinstance(spec, list):
        policy = C.RandomPolicy(tree, seed)
        assert buggy_search(tree, policy=policy) == expectimax(tree, opponent_policy=policy, trace=True)


@given(nested_specs(), st.integers(0, 3), estimates)
def test_the_bug_model_without_bugs_matches_depth_limited_alphabeta(spec, depth, table):
    tree = GameTree.from_nested(spec)
    evaluate = _evaluate(tree, table)
    assert buggy_search(tree, window="aima", cutoff=lambda s, d: d >= depth, evaluate=evaluate) == \
        alphabeta(tree, depth=depth, evaluate=evaluate, trace=True)


def test_unknown_bugs_are_refused():
    with pytest.raises(ValueError, match="unknown bugs"):
        buggy_search(GameTree.from_nested(FIG_5_2), bugs={"typo"})


# ---------------------------------------------------------------------------------------------------
# The traced game: what a student's search is handed
# ---------------------------------------------------------------------------------------------------

@given(nested_specs())
def test_the_traced_game_records_the_visits_gamelib_records(spec):
    tree = GameTree.from_nested(spec)
    game = TracedGame(tree)
    assert students.minimax_value(game, game.initial_state) == minimax(tree).value
    assert game.visited == minimax(tree, trace=True).visited


def test_a_search_that_builds_all_children_first_arrives_in_depth_first_order():
    tree = GameTree.from_nested(FIG_5_2)
    game = TracedGame(tree)

    def eager(game, s):
        if game.is_terminal(s):
            return game.utility(s, MAX)
        children = [game.result(s, a) for a in game.actions(s)]       # all built before any is searched
        values = [eager(game, c) for c in children]
        return max(values) if game.to_move(s) == MAX else min(values)

    eager(game, game.initial_state)
    assert game.visited == list("ABEFGCHIJDKLM")


def test_transpositions_are_separate_arrivals_as_in_the_reference():
    game = TakeAway(6, 3)
    traced = TracedGame(game)
    students.minimax_value(traced, traced.initial_state)
    assert traced.visited == minimax(game, trace=True).visited
    assert len(traced.visited) > len(set(traced.visited))


def test_nodes_behave_like_their_states():
    node = SearchNode(Halving(5).initial_state)
    assert node == Halving(5).initial_state and hash(node) == hash(Halving(5).initial_state)
    assert node.n == 5 and node[0] == 5 and len(node) == 2 and list(node) == [5, "MAX"]
    assert repr(node) == repr(Halving(5).initial_state) and {node: 1}[Halving(5).initial_state] == 1


def test_the_traced_game_offers_the_protocol_only():
    game = TracedGame(GameTree.from_nested(FIG_5_2))
    with pytest.raises(AttributeError, match="offers the game protocol only.*'leaf_values'"):
        game.leaf_values


def test_the_node_budget_stops_a_runaway_search():
    game = TracedGame(Halving(30), budget=10)
    with pytest.raises(BudgetExceeded):
        students.minimax_value(game, game.initial_state)
    assert len(game.visited) == 10


# ---------------------------------------------------------------------------------------------------
# The sandbox: what students hand in
# ---------------------------------------------------------------------------------------------------

def _loop():
    while True:
        pass


def _stubborn():
    while True:
        try:
            while True:
                pass
        except BaseException:                                  # noqa: BLE001 -- what a student might write
            pass


@pytest.mark.parametrize("fn", [_loop, _stubborn, lambda: time.sleep(60)], ids=["loop", "bare-except", "sleep"])
def test_an_infinite_loop_is_stopped_at_the_time_limit(fn):
    start = time.perf_counter()
    r = sandbox.run(fn, time_limit=0.2)
    assert r.status == "timeout" and time.perf_counter() - start < 2


def _burn(seconds):
    """Use ``seconds`` of CPU time, as a slow computation does."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


@pytest.mark.parametrize("seconds", [0.05, 0.5])
def test_the_time_limit_counts_cpu_time_not_a_busy_machine(seconds):
    """A call that waits (as it would on a grading machine busy with other work) is not timed out
    before WALL_FACTOR times the limit; one that computes past the limit is."""
    waited = sandbox.run(lambda: time.sleep(0.5) or 42, time_limit=0.2)
    assert waited.status == "ok" and waited.returned == 42 and waited.seconds >= 0.5
    computed = sandbox.run(_burn, seconds, time_limit=0.2)
    assert computed.status == ("ok" if seconds < 0.2 else "timeout")
    assert sandbox.WALL_FACTOR * 0.2 > 0.5


def test_the_time_limit_works_outside_the_main_thread_too():
    out = {}
    thread = threading.Thread(target=lambda: out.setdefault("r", sandbox.run(_loop, time_limit=0.2)))
    thread.start()
    thread.join(5)
    assert not thread.is_alive() and out["r"].status == "timeout"


def test_exceptions_and_exits_are_caught_and_located():
    def student():
        values = {}
        return values["missing"]

    r = sandbox.run(student)
    assert r.status == "error" and isinstance(r.error, KeyError)
    assert "values[\"missing\"]" in r.where
    assert sandbox.run(lambda: exit(3)).status == "error"


def test_printing_is_counted_not_shown(capsys):
    r = sandbox.run(lambda: [print("x" * 1000) for _ in range(5000)] and 7)
    assert r.returned == 7 and r.printed > 5_000_000 and len(r.output) == sandbox.OUTPUT_KEPT
    assert capsys.readouterr().out == ""


def test_calling_gamelibs_own_search_is_detected_by_name():
    r = sandbox.run(lambda: minimax(GameTree.from_nested(FIG_5_2)).value)
    assert r.returned == 3 and r.forbidden[0] == "gamelib.minimax.minimax"
    assert sandbox.run(lambda: GameTree.from_nested(FIG_5_2).actions("A")).forbidden == ()


def test_robustness_failures_each_fail_their_case_with_a_message():
    ex = checks.EXERCISES["minimax_value"]
    case = C.Case("AIMA Fig. 5.2", GameTree.from_nested(FIG_5_2))

    def mutating(game, state):
        game._game.leaf_values["E"] = 99
        return 3

    def cheating(game, state):
        return minimax(game, state).value

    def grabbing(game, state):          # reaches past the traced game: no visits, and detected anyway
        return minimax(game._game, state._state).value

    expect = {
        (lambda g, s: (3, "a1")): "should return a number",
        (lambda g, s: None): "forget to return",
        (lambda g, s: float("nan")): "should return a number",
        mutating: "changed the game",
        cheating: "calls gamelib's own search (gamelib.minimax.minimax)",
        grabbing: "calls gamelib's own search",
        (lambda g, s: g.leaf_values): "it raised AttributeError",
    }
    for fn, phrase in expect.items():
        result = checks.grade_case(ex, fn, case)
        assert phrase in result.problem
    assert case.game.leaf_values["E"] == 3                     # each run gets its own copy of the tree


def test_a_check_gives_up_after_two_time_outs_and_reports_the_rest(monkeypatch):
    with pytest.raises(checks.GradingError) as e:
        checks.search("minimax_value", lambda g, s: _loop(), time_limit=0.1)
    message = str(e.value)
    assert "no answer within 0.1 s" in message and "not run (after 2 time-outs)" in message


# ---------------------------------------------------------------------------------------------------
# Hidden cases: reproducible from their seed, never shown
# ---------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", SEARCHES)
def test_hidden_cases_are_reproducible_from_their_seed(name):
    ex = checks.EXERCISES[name]
    first, again, other = ex.hidden(7, 5), ex.hidden(7, 5), ex.hidden(8, 5)
    assert [repr(c.game) + repr(c.state) for c in first] == [repr(c.game) + repr(c.state) for c in again]
    assert [repr(c.game) for c in first] != [repr(c.game) for c in other]
    assert all(c.hidden for c in first)


def test_feedback_on_hidden_cases_never_shows_a_tree_or_a_path():
    cases_ = checks.EXERCISES["alphabeta_aima"].hidden(3, 10)
    with pytest.raises(checks.GradingError) as e:
        checks.search("alphabeta_aima", students.WRONG["alphabeta_aima", "no_pruning"], hidden=10, seed=3)
    message = str(e.value)
    assert "[no_pruning]" in message and "hidden tree" in message
    for case in cases_:
        assert repr(getattr(case.game, "spec", "")) not in message
    assert "nodes visited" not in message and "expected" not in message and "seed" not in message


def test_public_feedback_shows_the_first_node_where_the_search_goes_elsewhere():
    with pytest.raises(checks.GradingError) as e:
        checks.search("alphabeta_aima", students.WRONG["alphabeta_aima", "no_pruning"])
    assert "AIMA Fig. 5.2 (AIMA convention): nodes visited: yours A B E F G C H I J D K L M; expected " \
           "A B E F G C H D K L M (your arrival 8 is I, the reference's is D)" in str(e.value)


# ---------------------------------------------------------------------------------------------------
# By-hand answers, the sigma study, the evaluation tournament
# ---------------------------------------------------------------------------------------------------

def test_by_hand_values_and_decisions():
    checks.values_by_hand({"A": 3, "B": 3, "C": 2, "D": 2}, FIG_5_2, decision=True, answer_decision="a1")
    with pytest.raises(checks.GradingError, match="C: yours 4, the minimax value is 2.*decision"):
        checks.values_by_hand({"A": 3, "C": 4}, FIG_5_2, decision=True, answer_decision="a2")
    checks.values_by_hand({"B": 2.1}, C.FIG_5_12, search="expectiminimax")


def test_by_hand_alpha_beta():
    checks.alphabeta_by_hand(FIG_5_2, leaves=list("EFGHKLM"), pruned={"I", "J"},
                             windows={"C": ((3, math.inf), (3, 2))}, values={"C": 2}, decision="a1")
    with pytest.raises(checks.GradingError, match=r"\[α, β\] leaving C: yours \[3, ∞\]|leaving C: yours"):
        checks.alphabeta_by_hand(FIG_5_2, windows={"C": ((3, math.inf), (3, math.inf))})
    checks.alphabeta_by_hand(C.TRAP, pruned=set(), prune_on_equality=False)
    with pytest.raises(checks.GradingError, match="never visited: yours none, alpha-beta F"):
        checks.alphabeta_by_hand(C.TRAP, pruned=set())


def test_answer_forms_and_choices():
    checks.answer_format({"A": 1, "B": 2}, "AB")
    for bad, phrase in [({"A": 1}, "missing B"), ({"A": "three", "B": 1}, "not a number"),
                        ({"A": ..., "B": 1}, "placeholder"), ([1, 2], "should be a dict")]:
        with pytest.raises(checks.GradingError, match=phrase):
            checks.answer_format(bad, "AB")
    options = {"a": "10x", "b": "x²"}
    checks.choices({"a"}, {"a"}, options)
    with pytest.raises(checks.GradingError, match=r"you left out a \(10x\); b \(x²\) is not right"):
        checks.choices({"b"}, {"a"}, options)


def _monte_carlo(tree, sigma, trials, seed):
    import numpy as np
    rng = np.random.default_rng(seed)
    values = [np.min(np.asarray(t, float) + sigma * rng.standard_normal((trials, len(t))), axis=1) for t in tree]
    return float(np.mean(values[0] > np.max(np.stack(values[1:]), axis=0)))


def test_the_sigma_study_check():
    checks.sigma_probability(_monte_carlo)
    checks.sigma_probability(_monte_carlo, hidden=3, seed=1)
    with pytest.raises(checks.GradingError, match="more than 5 standard errors"):
        checks.sigma_probability(lambda *a: 0.5)
    from gamelib.experiments.sigma import branch_probabilities
    with pytest.raises(checks.GradingError, match="calls gamelib's own sigma study"):
        checks.sigma_probability(lambda t, s, n, seed: branch_probabilities(t, s, n, seed=seed)["a1"])


def test_the_evaluation_tournament_gives_partial_credit_by_rung():
    assert checks.connect4_evaluation(lambda s: 0, seed=1) == 2.0          # valid, beats random only
    assert checks.connect4_evaluation(lambda s: 1 / 0, seed=1) == 0.0
    assert checks.connect4_evaluation(lambda s: float("inf"), seed=1) == 0.0
    assert checks.connect4_evaluation("not a function") == 0.0
    rungs = tournament.grade_evaluation(lambda s: _burn(0.01) or 0, seed=1)
    assert len(rungs) == 1 and "ms a call" in rungs[0].needed


# ---------------------------------------------------------------------------------------------------
# The workflow's own pieces
# ---------------------------------------------------------------------------------------------------

RELEASE = w.RELEASE / "02_alpha_beta" / "alpha_beta.ipynb"


def _release():
    return nbformat.read(str(RELEASE), as_version=4)


def _ids(nb):
    return [w.grade_id(c) for c in nb.cells]


def test_repair_restores_stripped_metadata_and_keeps_the_students_cells():
    release = _release()
    sub = copy.deepcopy(release)
    answer = next(c for c in sub.cells if w.grade_id(c) == "q6_answer")
    answer.source = "def alphabeta_search(game, state, prune_on_equality=True):\n    return 0, None"
    sub.cells.insert(sub.cells.index(answer) + 1, nbformat.v4.new_code_cell("helper = 1"))
    for c in sub.cells:
        c.metadata.pop("nbgrader", None)
    fixed, notes = w.repair(sub, release)
    assert [g for g in _ids(fixed) if g] == [g for g in _ids(release) if g]
    restored = next(c for c in fixed.cells if w.grade_id(c) == "q6_answer")
    assert "return 0, None" in restored.source
    assert any(c.source == "helper = 1" and w.grade_id(c) is None for c in fixed.cells)
    assert "metadata restored" in notes[0]


def test_repair_puts_deleted_cells_back_in_place():
    release = _release()
    sub = copy.deepcopy(release)
    sub.cells = [c for c in sub.cells if w.grade_id(c) not in ("q6_aima_test", "q2_answer")]
    fixed, notes = w.repair(sub, release)
    assert _ids(fixed) == _ids(release)
    assert len(notes) == 2 and all("was missing" in n for n in notes)
    assert len({c.id for c in fixed.cells}) == len(fixed.cells)


def test_hidden_tests_are_hidden_from_feedback():
    source = "checks.x()\n### BEGIN HIDDEN TESTS\nchecks.y(seed=3)\n### END HIDDEN TESTS\nprint(1)"
    assert hide(source) == "checks.x()\n# (hidden tests ran here)\nprint(1)"
    cell = nbformat.v4.new_code_cell(source)
    cell.outputs = [nbformat.v4.new_output("error", ename="GradingError", evalue="wrong",
                                           traceback=["----> checks.y(seed=3)", "GradingError: wrong"])]
    HideHiddenTests().preprocess_cell(cell, {}, 0)
    assert "seed=3" not in cell.source and cell.outputs[0].traceback == ["GradingError: wrong"]
    assert HideHiddenTests().enabled


def test_every_hidden_line_of_the_sources_is_known_to_the_leak_check():
    lines = w.hidden_lines()
    assert any('checks.search("minimax_value", minimax_value, hidden=30)' in line for line in lines)
    assert not any(line.startswith("#") for line in lines)


def test_fake_submission_files_are_checked(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("# %% solutions\n")
    with pytest.raises(w.WorkflowError, match="expect"):
        fakes.read(bad)
    bad.write_text("# %% expect\ntotal = 1\n# %% bogus\n")
    source = nbformat.read(str(w.SOURCE / "02_alpha_beta" / "alpha_beta.ipynb"), as_version=4)
    with pytest.raises(w.WorkflowError, match="unknown block"):
        fakes.build(fakes.read(bad), _release(), source)


def test_the_gradebook_version_is_read_in_process():
    import nbgrader.api
    w._environment()                                       # also puts the venv's scripts on PATH
    assert nbgrader.api.get_alembic_version is w.alembic_head
    assert w.alembic_head() == w.nbgrader_alembic_version()          # nbgrader's way: `alembic heads`


def test_the_illegal_move_of_an_overwritten_state_is_an_error_the_bug_model_shares():
    ex = checks.EXERCISES["alphabeta_aima"]
    case = C.Case("fig", GameTree.from_nested(FIG_5_2))
    result = checks.grade_case(ex, students.WRONG["alphabeta_aima", "overwrite_state"], case)
    assert result.student.error == IllegalMoveError.__name__
    assert "[overwrite_state]" not in result.problem                   # the bug is named by the check, not here
    assert BY_NAME["overwrite_state"] in matching_mutants("alphabeta", "pair", [case], [result.student],
                                                          [result.expected])


def test_tictactoe_positions_grade_like_trees():
    game, state = C.random_tictactoe(C.stable_random("t"), 5)
    case = C.Case("position", game, state)
    assert checks.grade_case(checks.EXERCISES["alphabeta_aima"], students.alphabeta_search, case).problem == ""
    assert isinstance(game, TicTacToe)
    assert outcome_of(C.reference("alphabeta", case), "pair").visits[0] == state


def test_a_failed_check_shows_its_message_alone_in_a_notebook(capsys):
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    try:
        checks.short_tracebacks(shell)
        result = shell.run_cell("from gamelib.grading import checks\n"
                                "checks.answer_format([...], what='leaves', kind=list)")
        out = re.sub(r"\x1b\[[0-9;]*m", "", capsys.readouterr().out)         # no colours
        assert isinstance(result.error_in_exec, checks.GradingError)
        assert "GradingError: leaves still holds the placeholder" in out
        assert "core.py" not in out and "def fail" not in out
    finally:
        InteractiveShell.clear_instance()
