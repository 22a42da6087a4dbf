"""What an nbgrader cell is (gamelib.grading.cells): every part of the grader asks the same questions of a
cell's ``metadata.nbgrader``, and a cell with no or odd metadata is none of them."""
import nbformat
import pytest

from gamelib.grading.cells import grade_id, is_answer, is_locked_code, is_test


def _cell(kind="code", **nbgrader):
    cell = nbformat.v4.new_code_cell("x = 1") if kind == "code" else nbformat.v4.new_markdown_cell("text")
    if nbgrader:
        cell.metadata["nbgrader"] = nbgrader
    return cell


@pytest.mark.parametrize("cell, expected", [
    (_cell(grade_id="q1", solution=True, grade=False, locked=False), ("q1", True, False, False)),
    (_cell(grade_id="t1", solution=False, grade=True, locked=True, points=2), ("t1", False, True, True)),
    (_cell(grade_id="setup", solution=False, grade=False, locked=True), ("setup", False, False, True)),
    (_cell(grade_id="q2", solution=True, grade=True, locked=False), ("q2", True, False, False)),  # a graded answer
    (_cell("markdown", grade_id="m", solution=False, grade=True, locked=True), ("m", False, False, False)),
    (_cell(), (None, False, False, False)),                                  # a cell of the student's own
    ({"cell_type": "code"}, (None, False, False, False)),                    # no metadata at all
])
def test_each_cell_is_what_its_nbgrader_metadata_says(cell, expected):
    assert (grade_id(cell), is_answer(cell), is_test(cell), is_locked_code(cell)) == expected
