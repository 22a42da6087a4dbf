"""gamelib.grading.sanitizer: a submission made whole against its student version (the course's metadata
and cell types back, whatever it says) and safe to show (the student's markdown as text, the course's
prompts), and a file that is no notebook, or too large, refused with a clear error."""
import copy
import json

import nbformat
import pytest

from gamelib.grading import sanitizer as s
from gamelib.grading.cells import grade_id

from .students import _release


def test_repair_restores_the_courses_metadata_whatever_the_submission_says():
    release = _release()
    sub = copy.deepcopy(release)
    answer = next(c for c in sub.cells if grade_id(c) == "q1_answer")
    answer.metadata["nbgrader"]["points"] = "lots"
    test = next(c for c in sub.cells if grade_id(c) == "q1_test")
    test.metadata["nbgrader"]["points"] = 1000
    twin = nbformat.v4.new_code_cell("x = 1")
    twin.metadata["nbgrader"] = dict(test.metadata["nbgrader"])
    sub.cells.append(twin)
    stranger = nbformat.v4.new_code_cell("y = 2")
    stranger.metadata["nbgrader"] = {"grade_id": "made_up", "grade": True, "points": 5}
    sub.cells.append(stranger)
    fixed, notes = s.repair(sub, release)
    by_id = {grade_id(c): c for c in release.cells if grade_id(c)}
    for cell in fixed.cells:
        if grade_id(cell):
            assert cell.metadata["nbgrader"] == by_id[grade_id(cell)].metadata["nbgrader"]
    assert sum(grade_id(c) == "q1_test" for c in fixed.cells) == 1 and grade_id(fixed.cells[-1]) is None
    assert any("q1_answer, q1_test differed" in n for n in notes)
    assert any("'q1_test', 'made_up'" in n for n in notes)


def test_repair_changes_a_changed_cell_type_back():
    release = _release()
    sub = copy.deepcopy(release)
    answer = next(c for c in sub.cells if grade_id(c) == "q6_answer")
    answer["cell_type"] = "markdown"
    del answer["outputs"], answer["execution_count"]
    fixed, notes = s.repair(sub, release)
    again = next(c for c in fixed.cells if grade_id(c) == "q6_answer")
    assert again.cell_type == "code" and again.outputs == [] and again.source == answer.source
    assert "cell type changed back: q6_answer (markdown -> code)" in notes


@pytest.mark.parametrize("bad", [{"cells": "nope"}, {"cells": [1, 2]}, {"cells": [{"cell_type": "widget"}]}])
def test_a_notebook_that_is_not_one_is_a_clear_error(bad):
    with pytest.raises(s.WorkflowError):
        s.repair(nbformat.from_dict({"metadata": {}, "nbformat": 4, "nbformat_minor": 5, **bad}), _release())


def test_sanitize_shows_the_students_markdown_as_text_and_keeps_the_courses_prompts():
    release = _release()
    sub = copy.deepcopy(release)
    sub.cells[0].source = "<script>alert(1)</script>"
    sub.cells.append(nbformat.v4.new_markdown_cell("```\n<script>alert(2)</script>\n```"))
    code = nbformat.v4.new_code_cell("1")
    code.outputs = [nbformat.v4.new_output("display_data", data={"text/html": "<script>x()</script><b>ok</b>",
                                                                  "application/javascript": "x()",
                                                                  "text/plain": "1"})]
    code["id"] = "not a valid id!"
    code.metadata["tags"] = ['a" onload="x', "ok-tag"]
    sub.cells.append(code)
    sub.metadata["title"] = "<script>"
    safe, notes = s.sanitize(sub, release)
    assert safe.cells[0].source == release.cells[0].source
    shown = safe.cells[-2].source
    assert shown.startswith("````text\n") and shown.endswith("\n````")        # a longer fence than the student's
    data = safe.cells[-1].outputs[0].data
    assert "application/javascript" not in data and "<script>" not in data["text/html"]
    assert safe.cells[-1].metadata["tags"] == ["ok-tag"] and s.CELL_ID.match(safe.cells[-1]["id"])
    assert "title" not in safe.metadata
    assert notes == ["1 markdown or raw cell(s) of the student's shown as plain text"]


def test_a_huge_or_broken_file_is_not_read(tmp_path, monkeypatch):
    path = tmp_path / "a.ipynb"
    path.write_text("{" * 100)
    with pytest.raises(s.WorkflowError, match="not a readable notebook"):
        s.read_submission(path, _release())
    monkeypatch.setattr(s, "MAX_NOTEBOOK_MB", 0)
    path.write_text("{}")
    with pytest.raises(s.WorkflowError, match="larger than 0 MB"):
        s.read_submission(path, _release())


def test_a_notebook_of_too_many_cells_is_not_read(tmp_path, monkeypatch):
    """A file well under the size limit can hold hundreds of thousands of tiny cells (32 MB of
    ``{"cell_type": "raw", "source": "x", "metadata": {}}``): validating, repairing and sanitizing each
    took about 0.4 ms, minutes in all, in the batch's own process before anyone is graded.  Such a file
    is refused before nbformat reads it, saying how many cells it has."""
    cells = [{"cell_type": "raw", "metadata": {}, "source": "x"}] * (s.MAX_CELLS + 1)
    path = tmp_path / "a.ipynb"
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 4}))
    release = _release()
    monkeypatch.setattr(nbformat, "reads", lambda *a, **k: pytest.fail("nbformat read a notebook of too many cells"))
    with pytest.raises(s.WorkflowError, match=f"{s.MAX_CELLS + 1:,} cells"):
        s.read_submission(path, release)


def test_the_html_outputs_sanitized_hold_a_bounded_number_of_tags(monkeypatch):
    """bleach's time grows with the square of the tags left open: 40 KB of ``<b>x</b><i>`` in one output
    took 1.3 s, 1 MB some nine minutes, in the batch's own process before anyone is graded.  The HTML
    and markdown outputs of a submission are sanitized up to :data:`MAX_HTML_TAGS` tags in all; past
    that they are dropped (their plain text stays), and a small one is still shown, sanitized."""
    from nbconvert.preprocessors.sanitize import SanitizeHTML
    given = []
    sanitize_tags = SanitizeHTML.sanitize_html_tags
    monkeypatch.setattr(SanitizeHTML, "sanitize_html_tags",
                        lambda self, text: given.append(text.count("<")) or sanitize_tags(self, text))
    release = _release()
    sub = copy.deepcopy(release)
    for text in ["<b>small</b><script>x()</script>"] + ["<b>x</b><i>" * s.MAX_HTML_TAGS] * 3:
        code = nbformat.v4.new_code_cell("1")
        code.outputs = [nbformat.v4.new_output("display_data", data={"text/html": text, "text/plain": "1"})]
        sub.cells.append(code)
    safe, _ = s.sanitize(sub, release)
    assert sum(given) <= s.MAX_HTML_TAGS
    first, *rest = [c.outputs[0].data for c in safe.cells[-4:]]
    assert first["text/html"].startswith("<b>small</b>") and "<script>" not in first["text/html"]
    assert all(data == {"text/plain": "1"} for data in rest)


def test_a_notebook_of_too_much_text_in_its_cells_is_not_read(tmp_path):
    """Every cell's text is shown highlighted (pygments, ~130 KB a second) in the feedback and the
    Formgrader, which have no deadline: 32 MB of code in one cell kept the feedback of the whole class
    waiting minutes.  A submission whose cells hold more than :data:`MAX_TEXT_MB` of text is refused."""
    release = _release()
    sub = copy.deepcopy(release)
    sub.cells.append(nbformat.v4.new_code_cell("x = 1  # " + "y" * (s.MAX_TEXT_MB << 20)))
    path = tmp_path / "a.ipynb"
    nbformat.write(sub, str(path))
    with pytest.raises(s.WorkflowError, match=f"more than {s.MAX_TEXT_MB} MB of text"):
        s.read_submission(path, release)


@pytest.mark.parametrize("sanitize_html", [False, True])
def test_an_outputs_metadata_never_becomes_an_attribute(sanitize_html):
    """nbconvert's templates write an image's ``width`` and ``height`` from the output's metadata into the
    ``<img>`` tag unquoted (escaped, but a space starts a new attribute), whether its HTML is sanitized
    or not: a width of ``1 onerror=...`` ran the student's script when the instructor opened the stored
    submission.  No metadata of the student's outputs is kept."""
    import html.parser

    from nbconvert import HTMLExporter
    from traitlets.config import Config
    release = _release()
    sub = copy.deepcopy(release)
    code = nbformat.v4.new_code_cell("1")
    code.outputs = [nbformat.v4.new_output("display_data", data={"image/png": "bm90IGEgcG5n", "text/plain": "1"},
                                           metadata={"image/png": {"width": "1 onerror=alert(1)",
                                                                   "height": "2 onload=alert(2)"}})]
    sub.cells.append(code)
    safe, _ = s.sanitize(sub, release)
    config = Config()
    config.HTMLExporter.sanitize_html = sanitize_html
    page = HTMLExporter(config=config).from_notebook_node(safe)[0]
    handlers = []

    class Tags(html.parser.HTMLParser):
        def handle_starttag(self, tag, attrs):
            handlers.extend(f"<{tag} {name}={value}>" for name, value in attrs if name.startswith("on"))
    Tags().feed(page)
    assert handlers == [] and safe.cells[-1].outputs[0].metadata == {}
