"""The pages the kit writes whole, read in a 320-px window (WCAG 1.4.10, issue 44): a student's
feedback page (gamelib/grading/feedback.py, through nbgrader's own feedback template), the class
report (gamelib/grading/report.py) and the similarity page (gamelib/grading/similarity.py), generated
here from a small notebook, made-up grades and made-up answers, with what made them scroll sideways
before: a long name in inline code and in a link (the feedback page was 341 px wide), wide tables
outside a scroll box of their own (the report was 573 px).  The notebooks are checked in their own
browser tests (``assert_reflows`` in tests/browser/accessibility.py)."""
from __future__ import annotations

import pathlib
from collections import Counter

import nbformat
import pytest

from gamelib.grading import report
from gamelib.grading.feedback import accessible_page, grade_summary

from .accessibility import NARROW, overflowing

LONG = "gamelib.games.connect4.evaluation_with_a_long_name()"


def feedback_page() -> str:
    """A feedback page as ``python -m gamelib.grading feedback`` writes it (nbgrader's template)."""
    import nbgrader.converters.generate_feedback as generate
    from nbconvert import HTMLExporter
    from traitlets.config import Config
    templates = pathlib.Path(generate.__file__).resolve().parents[1] / "server_extensions" / "formgrader"
    c = Config()
    c.HTMLExporter.template_name = "feedback"
    c.HTMLExporter.extra_template_basedirs = [str(templates / "templates")]
    c.HTMLExporter.extra_template_paths = [str(templates / "static" / "node_modules" / "bootstrap" / "dist" / "css")]
    grade = {"grade": True, "solution": False, "grade_id": "q1_test", "points": 2, "score": 1, "locked": True}
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell(f"Call `{LONG}` from [exercises/release/03_evaluation/evaluation.ipynb]"
                                      "(https://example.org/exercises/release/03_evaluation/evaluation.ipynb)."
                                      "\n\n| a | b |\n|---|---|\n| " + "wide " * 40 + "| " + "cell " * 40 + "|"),
        nbformat.v4.new_code_cell(f"assert {LONG} == 1", metadata={"nbgrader": grade}, outputs=[
            nbformat.v4.new_output("error", ename="AssertionError", evalue="x" * 200, traceback=["x" * 200])])])
    resources = {"nbgrader": {"notebook": "evaluation", "score": 1, "max_score": 2, "late_penalty": 0}}
    raw, _ = HTMLExporter(config=c).from_notebook_node(nb, resources=resources)
    return accessible_page(raw, "alice", "03_evaluation", "1 / 2", grade_summary("1 / 2"))


def report_page() -> str:
    """A class report as ``python -m gamelib.grading report`` writes it, from made-up grades."""
    data = report.ClassData(
        assignment="03_evaluation", questions=[("q1_evaluation_test", 2), ("q2_depth_limited_search_test", 3)],
        scores={"q1_evaluation_test": [0, 1, 2], "q2_depth_limited_search_test": [3, 0, 1]},
        bugs={("q2_depth_limited_search_test", "no_pruning"): {"alice": ["hidden 1", "hidden 2"]}},
        hidden=Counter({("q2_depth_limited_search_test", "depth_limited_search", "hidden 1"): 2}),
        seconds={"alice": 1.5, "bob": 2.25, "carol": 3.0}, not_graded={"dave": "the notebook did not run " * 5},
        students=["alice", "bob", "carol"], checked={"q1_evaluation_test": ["alice"]}, blank=[])
    return report._page(data, report.chart(data))


def similarity_page() -> str:
    """A similarity page as ``python -m gamelib.grading similarity`` writes it, from made-up answers: two
    students with long names who share a long line of code, marked by copydetect."""
    from gamelib.grading import similarity
    answer = ("def evaluation_with_a_long_name(state, weights_for_each_window_of_four=(1, 4, 32, 512), "
              "centre_bonus_for_the_middle_column=3):\n"
              "    return sum(weight * count_of_windows_with_that_many_pieces_in_them(state, k) "
              "for k, weight in enumerate(weights_for_each_window_of_four)) + centre_bonus_for_the_middle_column\n")
    other = "def evaluation(state):\n    return 0\n"
    first, second = "a_student_whose_username_is_rather_long_2026", "another_student_with_a_long_username_2026"
    codes = {first: {"q1_evaluation": answer}, second: {"q1_evaluation": answer}, "carol": {"q1_evaluation": other}}
    pairs, shares, blank = similarity.compare(codes, ["def evaluation(state):\n    ...\n"])
    assert pairs, "the two long answers are listed"
    return similarity._page("03_evaluation", pairs, shares, len(codes), len(blank), similarity.THRESHOLD)


@pytest.fixture(scope="module")
def narrow(browser):
    context = browser.browser.new_context(viewport=NARROW)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("make", [feedback_page, report_page, similarity_page],
                         ids=["feedback", "class report", "similarity"])
def test_the_page_reads_at_320_px_without_scrolling_sideways(narrow, make):
    narrow.set_content(make())
    width = narrow.evaluate("() => document.documentElement.scrollWidth")
    assert width <= NARROW["width"], f"the page is {width} px wide at {NARROW['width']} px: {overflowing(narrow)}"
    assert overflowing(narrow) == []

