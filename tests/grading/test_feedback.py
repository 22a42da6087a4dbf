"""gamelib.grading.feedback: hidden tests are hidden from the feedback a student sees."""

import nbformat

from gamelib.grading.feedback import HideHiddenTests, hide


def test_hidden_tests_are_hidden_from_feedback():
    source = "checks.x()\n### BEGIN HIDDEN TESTS\nchecks.y(seed=3)\n### END HIDDEN TESTS\nprint(1)"
    assert hide(source) == "checks.x()\n# (hidden tests ran here)\nprint(1)"
    cell = nbformat.v4.new_code_cell(source)
    cell.outputs = [nbformat.v4.new_output("error", ename="GradingError", evalue="wrong",
                                           traceback=["----> checks.y(seed=3)", "GradingError: wrong"])]
    HideHiddenTests().preprocess_cell(cell, {}, 0)
    assert "seed=3" not in cell.source and cell.outputs[0].traceback == ["GradingError: wrong"]
    assert HideHiddenTests().enabled
