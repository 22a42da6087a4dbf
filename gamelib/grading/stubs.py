"""The stubs a student version gets in place of each solution: they name the question and what to write.

nbgrader's ``ClearSolutions`` replaces every ``### BEGIN SOLUTION`` ... ``### END SOLUTION`` region by
one stub for all, ``raise NotImplementedError()``: a blank exercise then stopped at its first answer cell
with a bare ``NotImplementedError``, Run All never reached a public check, and nothing said what to
write.  :class:`NamedStubs`, nbgrader's preprocessor in its place when the kit generates student versions
(:func:`gamelib.grading.course.config`), writes instead, below nbgrader's ``# YOUR CODE HERE``:

* in a function's body, ``raise checks.NotAnswered("question 3", "minimax_value")``: the function
  raises until the student writes it, and says which question and which function;
* at the top of a cell (by-hand answers above it, ``two_ply_values = {"A": ..., ...}``),
  ``checks.unanswered("question 1")``, which raises nothing.

What the checks do with them is :mod:`gamelib.grading.unanswered`'s.  The question is the number of the
cell's grade id (``q3_answer``, ``q3_why_answer``: question 3), the number of the notebook's section.
nbgrader computes each answer cell's checksum after this, so an answer cell handed in untouched is still
nbgrader's "no response" (and the report's blank).
"""
from __future__ import annotations

import re

from nbgrader.preprocessors import ClearSolutions

from .unanswered import STUB_CALL

MARK = "raise NotImplementedError()"
"""nbgrader's own stub line, which :class:`NamedStubs` replaces."""
CODE_HERE = "# YOUR CODE HERE"


def question_of(grade_id: str) -> str:
    """The question an answer cell answers, as the student version names it: ``q3_why_answer`` →
    'question 3' (the notebook's section 3); a grade id of another form → 'this question'."""
    found = re.match(r"q(\d+)", grade_id or "")
    return f"question {int(found.group(1))}" if found else "this question"


def named_stubs(source: str, question: str) -> str:
    """``source`` with each of nbgrader's stubs (:data:`MARK` below :data:`CODE_HERE`) named: in a
    function, a :class:`~gamelib.grading.unanswered.NotAnswered` naming ``question`` and the function;
    at the top of the cell, a call of :func:`~gamelib.grading.unanswered.unanswered`."""
    lines = source.split("\n")
    for i, line in enumerate(lines):
        indent = line[:len(line) - len(line.lstrip())]
        if line.strip() != MARK or i == 0 or lines[i - 1].strip() != CODE_HERE:
            continue
        if not indent:
            lines[i] = f'checks.{STUB_CALL}("{question}")'
            continue
        name = next((m.group(2) for above in reversed(lines[:i])
                     if (m := re.match(r"(\s*)(?:async\s+)?def\s+(\w+)", above)) and len(m.group(1)) < len(indent)),
                    "your answer")
        lines[i] = f'{indent}raise checks.NotAnswered("{question}", "{name}")'
    return "\n".join(lines)


class NamedStubs(ClearSolutions):
    """nbgrader's ``ClearSolutions``, each stub then naming its question and function
    (:func:`named_stubs`)."""

    def _replace_solution_region(self, cell, language):
        replaced = super()._replace_solution_region(cell, language)
        if replaced and cell.cell_type == "code" and language == "python":
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id", "")
            cell.source = named_stubs(cell.source, question_of(grade_id))
        return replaced
