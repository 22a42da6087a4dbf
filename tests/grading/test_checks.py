"""gamelib.grading.checks: a right search gets full marks on any tree; time-outs, hidden cases and
public feedback; by-hand answers, answer forms and the sigma study's check (the search
exercises' cases and answer forms: test_searches.py; a case's robustness failures: test_core.py)."""
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.grading import cases as C
from gamelib.grading import checks

from ..strategies import FIG_5_2
from . import students
from .students import SEARCHES, _loop, cases


# Thirty-odd properties: each explores fewer examples than the profile's default, all of them together
# many more.
@pytest.mark.parametrize("name", SEARCHES)
@settings(max_examples=80)
@given(data=st.data())
def test_a_right_search_gets_full_marks_on_any_tree(name, data):
    case = data.draw(cases(name))
    result = checks.grade_case(checks.EXERCISES[name], students.RIGHT[name], case)
    assert result.problem == "", result.problem


def test_a_check_gives_up_after_two_time_outs_and_reports_the_rest(monkeypatch):
    with pytest.raises(checks.GradingError) as e:
        checks.search("minimax_value", lambda g, s: _loop(), time_limit=0.1)
    message = str(e.value)
    assert "no answer within 0.1 s" in message and "not run (after 2 time-outs)" in message


def test_feedback_on_hidden_cases_never_shows_a_tree_or_a_path():
    cases_ = checks.EXERCISES["alphabeta_aima"].hidden(3, 10)
    with pytest.raises(checks.GradingError) as e:
        checks.search("alphabeta_aima", students.WRONG["alphabeta_aima", "no_pruning"], hidden=10, seed=3)
    message = str(e.value)
    assert "on 7 of 11 hidden cases" in message and "hidden tree" not in message
    for case in cases_:
        assert repr(getattr(case.game, "spec", "")) not in message
    assert "seed" not in message
    # in its place, a small tree of the kit's own (public), with the bug it shows
    assert "the kit's tree 2: nodes visited: yours A B E C F D G H I J; expected A B E C F D G" in message
    assert "To try it yourself: GameTree.from_nested([[6], [6], [2, 1, 2, 6]])" in message
    assert "[no_pruning]" in message


def test_public_feedback_shows_the_first_node_where_the_search_goes_elsewhere():
    with pytest.raises(checks.GradingError) as e:
        checks.search("alphabeta_aima", students.WRONG["alphabeta_aima", "no_pruning"])
    assert "AIMA Fig. 5.2 (AIMA convention): nodes visited: yours A B E F G C H I J D K L M; expected " \
           "A B E F G C H D K L M (your arrival 8 is I, the reference's is D)" in str(e.value)


def test_by_hand_values_and_decisions():
    checks.values_by_hand({"A": 3, "B": 3, "C": 2, "D": 2}, FIG_5_2, decision=True, answer_decision="a1")
    with pytest.raises(checks.GradingError, match="1 of 2 values is right; C's value 4 is not the least of its "
                                                  "children's values; the decision 'a2' is not right") as e:
        checks.values_by_hand({"A": 3, "C": 4}, FIG_5_2, decision=True, answer_decision="a2")
    assert "2" not in str(e.value).replace("a2", "").replace("2 values", "")      # C's value, 2, is never said
    with pytest.raises(checks.GradingError, match="A's value 12 follows by its rule from your value of B, which is "
                                                  "wrong; B's value 12 is not the least .* \\(it is the largest"):
        checks.values_by_hand({"A": 12, "B": 12}, FIG_5_2)
    checks.values_by_hand({"B": 2.1}, C.FIG_5_12, search="expectiminimax")


def test_answer_forms_and_choices():
    checks.answer_format({"A": 1, "B": 2}, "AB")
    for bad, phrase in [({"A": 1}, "missing B"), ({"A": "three", "B": 1}, "not a number"),
                        ({"A": ..., "B": 1}, "placeholder"), ([1, 2], "should be a dict")]:
        with pytest.raises(checks.GradingError, match=phrase):
            checks.answer_format(bad, "AB")
    options = {"a": "10x", "b": "x²"}
    checks.choices({"a"}, {"a"}, options)
    with pytest.raises(checks.GradingError, match=r"1 option you ticked is not right; you left out 1 option that "
                                                  r"is right$"):
        checks.choices({"b"}, {"a"}, options)                        # which one is ticked or left out is not said


def test_ticking_every_option_tells_how_many_are_wrong_never_which():
    """An option is ticked or not: naming a wrong tick says its right state, so ticking every option had
    the feedback name every wrong one, and the right set was the rest (the graded feedback of each
    multiple-choice question gave away its answer).  How many ticks are wrong is said, never which."""
    options = {"a": "10·x", "b": "x + 100", "c": "x²", "d": "exp(x)", "e": "2·x − 7", "f": "−x"}
    with pytest.raises(checks.GradingError) as failed:
        checks.choices(set(options), {"a", "b", "e"}, options, what="transformations")
    said = str(failed.value)
    assert "3 options you ticked are not right" in said
    assert not any(f"{k} (" in said or options[k] in said for k in options), said


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


def test_a_failed_check_shows_its_message_alone_in_a_notebook(capsys):
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    try:
        checks.short_tracebacks(shell)
        result = shell.run_cell("from gamelib.grading import checks\n"
                                "checks.answer_format(3, what='leaves', kind=list)")
        out = re.sub(r"\x1b\[[0-9;]*m", "", capsys.readouterr().out)         # no colours
        assert isinstance(result.error_in_exec, checks.GradingError)
        assert "GradingError: leaves should be a list; it is int 3" in out
        assert "core.py" not in out and "def fail" not in out
    finally:
        InteractiveShell.clear_instance()
