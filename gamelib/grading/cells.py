"""What an nbgrader cell is: its grade id, and whether it is an answer, a test or a locked cell.

nbgrader marks the cells of an assignment in their metadata (``metadata.nbgrader``): ``grade_id``
names a cell, ``solution`` marks an answer the student writes, ``grade`` a cell that earns points (a
test cell, unless it is also an answer), ``locked`` a cell the student may not change.  Every part of
the grader that reads a notebook asks these questions the same way, here.
"""
from __future__ import annotations


def nbgrader_metadata(cell) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {})


def grade_id(cell):
    """The cell's nbgrader id (None for a cell of the student's own)."""
    return nbgrader_metadata(cell).get("grade_id")


def is_answer(cell) -> bool:
    """An answer cell: one the student writes (nbgrader's 'solution')."""
    return bool(nbgrader_metadata(cell).get("solution"))


def is_test(cell) -> bool:
    """A test cell: a code cell that earns points and is not an answer (nbgrader's 'autograder tests')."""
    m = nbgrader_metadata(cell)
    return cell.get("cell_type") == "code" and bool(m.get("grade")) and not m.get("solution")


def is_locked_code(cell) -> bool:
    """A locked code cell that is not an answer (the setup cell, a practice cell, a test cell)."""
    m = nbgrader_metadata(cell)
    return cell.get("cell_type") == "code" and bool(m.get("locked")) and not m.get("solution")
