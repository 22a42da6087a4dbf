"""What nbgrader's ``generate_feedback`` would otherwise show students: the hidden tests.

:class:`HideHiddenTests` is an nbconvert preprocessor for feedback (``GenerateFeedback.preprocessors``
in the course's configuration, set by :mod:`gamelib.grading.workflow`).  In every cell with a hidden
region it replaces the region's code by one comment line and cuts the error tracebacks of such cells
down to their last line (a traceback quotes the code that raised, which may be hidden test code).  The
checks' own messages never describe a hidden case, so the error messages themselves stay.
"""
from __future__ import annotations

import re

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

HIDDEN = re.compile(r"^[^\n]*### BEGIN HIDDEN TESTS.*?### END HIDDEN TESTS[^\n]*(\n|$)", re.S | re.M)
SHOWN = "# (hidden tests ran here)\n"


def hide(source: str) -> str:
    """``source`` with every hidden-test region replaced by :data:`SHOWN`."""
    return HIDDEN.sub(SHOWN, source)


class HideHiddenTests(Preprocessor):
    """Remove hidden tests, and the tracebacks that could quote them, from a notebook's cells."""

    enabled = Bool(True, help="nbconvert preprocessors are off unless enabled; this one is on").tag(config=True)

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "code" and "BEGIN HIDDEN TESTS" in cell.source:
            cell.source = hide(cell.source)
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    output["traceback"] = [f"{output.get('ename', 'Error')}: {output.get('evalue', '')}"]
        return cell, resources
