"""gamelib.grading.feedback: hidden tests are hidden from the feedback a student sees; the page has one
heading outline and unique ids."""
import html.parser
import pathlib
import re

import nbformat
import nbgrader
import pytest
from nbconvert import HTMLExporter

from gamelib.grading.feedback import HideHiddenTests, accessible_page, grade_summary, hide, outline, unique_ids


def test_hidden_tests_are_hidden_from_feedback():
    source = "checks.x()\n### BEGIN HIDDEN TESTS\nchecks.y(seed=3)\n### END HIDDEN TESTS\nprint(1)"
    assert hide(source) == "checks.x()\n# (hidden tests ran here)\nprint(1)"
    cell = nbformat.v4.new_code_cell(source)
    cell.outputs = [nbformat.v4.new_output("error", ename="GradingError", evalue="wrong",
                                           traceback=["----> checks.y(seed=3)", "GradingError: wrong"])]
    HideHiddenTests().preprocess_cell(cell, {}, 0)
    assert "seed=3" not in cell.source and cell.outputs[0].traceback == ["GradingError: wrong"]
    assert HideHiddenTests().enabled


# ---------------------------------------------------------------------------------------------------
# The page a student reads: one heading outline, unique ids (issue 44)
# ---------------------------------------------------------------------------------------------------

class _Page(html.parser.HTMLParser):
    """A page's heading levels (with their words) and its id attributes, in document order."""

    def __init__(self, page: str):
        super().__init__()
        self.headings, self.ids, self._open = [], [], None
        self.feed(page)

    def handle_starttag(self, tag, attrs):
        self.ids += [value for name, value in attrs if name == "id"]
        if re.fullmatch(r"h[1-6]", tag):
            self._open = [int(tag[1]), ""]

    def handle_data(self, data):
        if self._open is not None:
            self._open[1] += data

    def handle_endtag(self, tag):
        if re.fullmatch(r"h[1-6]", tag) and self._open is not None:
            level, words = self._open
            assert int(tag[1]) == level, f"<h{level}> closed by </{tag}>"
            self.headings.append((level, " ".join(words.replace("¶", "").split())))
            self._open = None


def _nbgrader_page(nb) -> str:
    """``nb`` rendered as nbgrader's ``generate_feedback`` renders it (its feedback template)."""
    base = pathlib.Path(nbgrader.__file__).parent / "server_extensions" / "formgrader"
    exporter = HTMLExporter(template_name="feedback", extra_template_basedirs=[str(base / "templates")],
                            extra_template_paths=[str(base / "static" / "node_modules" / "bootstrap" / "dist" / "css")])
    page, _ = exporter.from_notebook_node(nb, resources={"nbgrader": {
        "notebook": "chance", "score": 3, "max_score": 4, "late_penalty": 0}})
    return page


@pytest.fixture(scope="module")
def feedback_page():
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_markdown_cell("# Exercises 4 · Games of chance"),
        nbformat.v4.new_markdown_cell("## 1 · A coin game (2 points)\n\n#### A hint four levels down"),
        nbformat.v4.new_markdown_cell("## 2 · Order is not enough\n\n### Hint"),
        nbformat.v4.new_markdown_cell("### Hint"),                   # the same words: the same anchor id
        nbformat.v4.new_code_cell("1 + 1", outputs=[nbformat.v4.new_output(
            "execute_result", {"text/plain": "2"}, execution_count=1)])])
    raw = _nbgrader_page(nb)
    before = _Page(raw)
    assert before.headings[0][0] != 1 and "notebook" in before.ids[before.ids.index("notebook") + 1:], \
        "nbgrader's page no longer has the faults fixed here: check what accessible_page does"
    return _Page(accessible_page(raw, "alice", "04_chance", "3 / 4", grade_summary("3 / 4")))


def test_the_feedback_page_has_one_heading_outline(feedback_page):
    """The h1 first, then no level skipped on the way down (nbgrader's page went h2 → h4 → h1)."""
    levels = [level for level, _ in feedback_page.headings]
    assert levels[0] == 1 and levels.count(1) == 1, feedback_page.headings
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:])), feedback_page.headings
    assert feedback_page.headings[:3] == [(1, "Your grade: 3 / 4"), (2, "chance (Score: 3.0 / 4.0)"),
                                          (3, "Exercises 4 · Games of chance")]
    assert (5, "A hint four levels down") in feedback_page.headings     # h4 under an h2: one level down


def test_the_feedback_page_ids_are_unique(feedback_page):
    ids = feedback_page.ids
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    assert "notebook" in ids and "gamelib-grade" in ids


def test_outline_and_ids_of_a_bare_page():
    page = outline('<body><h3 id="a">x</h3><h5 id="a">y</h5><h2>z</h2></body>')
    assert page == '<body><h1 id="a">x</h1><h2 id="a">y</h2><h2>z</h2></body>'
    assert unique_ids(page) == '<body><h1 id="a">x</h1><h2 id="a-2">y</h2><h2>z</h2></body>'
