"""The stubs of a student version (gamelib.grading.stubs): each names its question, and in a function
the function; the kit's generate uses them in place of nbgrader's bare `raise NotImplementedError()`."""
import nbformat

from gamelib.grading import stubs
from gamelib.grading.course import RELEASE, generate_preprocessors

SOURCE = '''def carry(game, state, player):
    """docstring"""
    ### BEGIN SOLUTION
    return set()
    ### END SOLUTION


def predict(game, belief, action, player):
    if True:
        pass
    ### BEGIN SOLUTION
    return set()
    ### END SOLUTION'''


def _cleared(source, grade_id="q3_answer"):
    cell = nbformat.v4.new_code_cell(source, metadata={"nbgrader": {"grade_id": grade_id, "solution": True}})
    assert stubs.NamedStubs()._replace_solution_region(cell, "python")
    return cell.source


def test_a_functions_stub_names_the_question_and_the_function():
    text = _cleared(SOURCE)
    assert '    # YOUR CODE HERE\n    raise checks.NotAnswered("question 3", "carry")\n' in text
    assert text.endswith('    # YOUR CODE HERE\n    raise checks.NotAnswered("question 3", "predict")')
    assert "NotImplementedError" not in text


def test_a_by_hand_cells_stub_raises_nothing():
    text = _cleared('x = ...\n### BEGIN SOLUTION\nx = 3\n### END SOLUTION', "q4_why_answer")
    assert text == 'x = ...\n# YOUR CODE HERE\nchecks.unanswered("question 4")'
    assert stubs.question_of("setup") == "this question"


def test_the_kits_generate_uses_them_and_the_student_versions_have_them():
    assert generate_preprocessors().count("gamelib.grading.stubs.NamedStubs") == 1
    assert not any(p.endswith(".ClearSolutions") for p in generate_preprocessors())
    text = (RELEASE / "01_minimax" / "minimax.ipynb").read_text()
    assert 'raise checks.NotAnswered(\\"question 3\\", \\"minimax_value\\")' in text
    assert "raise NotImplementedError" not in text
