"""Answers not written yet (gamelib.grading.unanswered): in a student's notebook a check says which
question is not answered yet and Run All goes on; while grading, and outside a notebook, it fails as
before (0 points)."""
import re

import pytest

from gamelib.grading import checks
from gamelib.grading import unanswered as u
from gamelib.grading.context import Context, grading

SETUP = "from gamelib.grading import checks\n"
BY_HAND = ('two_ply_values = {"A": ..., "B": 3}\ntwo_ply_decision = ...\n'
           '# YOUR CODE HERE\nchecks.unanswered("question 1")')
CHECK = ('checks.answer_format(two_ply_values, "AB", what="two_ply_values")\n'
         'checks.values_sanity(two_ply_values, [[1, 2], [3]], decision=two_ply_decision, what="your values")\n'
         'print("the cell went on")')
FUNCTION = ('def minimax_value(game, state):\n    """docstring"""\n    # YOUR CODE HERE\n'
            '    raise checks.NotAnswered("question 3", "minimax_value")')


@pytest.fixture
def shell():
    from IPython.core.interactiveshell import InteractiveShell
    shell = InteractiveShell.instance()
    try:
        shell.run_cell(SETUP)
        yield shell
    finally:
        InteractiveShell.clear_instance()


def _run(shell, capsys, source):
    result = shell.run_cell(source, store_history=True)          # a new cell, as a kernel runs it
    said = capsys.readouterr()
    return result, said.out, re.sub(r"\x1b\[[0-9;]*m", "", said.err)


def test_a_blank_by_hand_question_is_named_and_its_check_goes_on(shell, capsys):
    result, _, err = _run(shell, capsys, BY_HAND)
    notice = ("question 1 is not answered yet: replace each `...` of two_ply_values and two_ply_decision "
              "with your answer")
    assert result.success and err.strip() == notice
    result, out, err = _run(shell, capsys, CHECK)
    assert result.success, result.error_in_exec                       # Run All goes on to the next cell
    assert err.strip() == notice and "the cell went on" in out          # said once, the sanity check quiet
    _run(shell, capsys, 'two_ply_values = {"A": 3, "B": 3}')           # half answered: the rest is named
    _, _, err = _run(shell, capsys, CHECK)
    assert err.strip() == "question 1 is not answered yet: replace each `...` of two_ply_decision with your answer"


def test_a_function_not_written_is_named_by_its_check(shell, capsys):
    result, _, err = _run(shell, capsys, FUNCTION)
    assert result.success and not err                                   # defining it raises nothing
    result, out, err = _run(shell, capsys, 'checks.search("minimax_value", minimax_value)\nprint("went on")')
    assert result.success and "went on" in out
    assert err.strip() == ("question 3 is not answered yet: write minimax_value (in place of the line "
                           "`raise checks.NotAnswered(...)`)")
    decision = "def minimax_decision(game, state):\n    return minimax_value(game, state)"      # built on it
    _run(shell, capsys, decision)
    _, _, err = _run(shell, capsys, 'checks.search("minimax_decision", minimax_decision, uses=minimax_value)')
    assert err.startswith("question 3 is not answered yet: write minimax_value")


def test_while_grading_an_answer_not_written_fails_its_check_as_before(shell, capsys):
    _run(shell, capsys, BY_HAND + "\n" + FUNCTION)
    namespace = shell.user_ns
    with grading(Context(b"secret", "01_minimax", "q1_test", 2.0)):
        with pytest.raises(checks.GradingError, match="two_ply_values still holds the placeholder"):
            checks.answer_format(namespace["two_ply_values"], "AB", what="two_ply_values")
        with pytest.raises(checks.GradingError, match="it raised NotAnswered"):
            checks.search("minimax_value", namespace["minimax_value"])


def test_outside_a_notebook_nothing_changes():
    assert u.notebook_shell() is None
    with pytest.raises(checks.GradingError, match="still holds the placeholder"):
        checks.answer_format({"A": ...}, "A", what="values")
    error = u.NotAnswered("question 2", "h_alphabeta_search")
    assert isinstance(error, NotImplementedError) and str(error).startswith(
        "question 2 is not answered yet: write h_alphabeta_search")
    u.check_unanswered(error)                                  # no notebook: a failure like any other


def test_placeholders_are_found_wherever_they_sit():
    assert all(u.placeholder(x) for x in (..., [...], {...}, (1, ...), {"A": (..., 2)}, {...: 1}, NotImplemented))
    assert not any(u.placeholder(x) for x in (None, "...", [1, 2], {"A": 1}, b"..."))
