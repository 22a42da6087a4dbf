"""What students hand in, as data (gamelib.grading.submissions): every file accounted for, ids for any
name and for learning systems' download names, notebooks repaired against the course's copy and made
safe to show (issue #29, items 1, 4, 6, 8 and 12)."""
import copy
import os

import nbformat
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamelib.grading import submissions as s
from gamelib.grading.cells import grade_id

from .students import _release

NAMES = ["alpha_beta"]


def _nb(tmp_path, rel: str, nb=None):
    path = tmp_path / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb or nbformat.v4.new_notebook(), str(path))
    return path


@given(st.text(max_size=30))
def test_ids_are_stable_case_folded_and_safe(name):
    sid = s.student_id(name)
    assert sid == s.student_id(name) == s.student_id(name.upper() if name.upper().lower() == name.lower() else name)
    assert "/" not in sid and "\n" not in sid and not sid.startswith(".")
    assert sid or not any(ch.isalnum() for ch in name)


def test_download_names_of_learning_systems():
    d = s.download_name("garciajose_LATE_12345_67891_alpha_beta-1")
    assert (d.system, d.name, d.lms_id, d.submission, d.late, d.original) == \
        ("Canvas", "garciajose", "12345", 67891, True, "alpha_beta-1")
    assert not s.download_name("garciajose_12345_67890_alpha_beta").late
    m = s.download_name("José García_4242_assignsubmission_file_")
    assert (m.system, m.name, m.lms_id) == ("Moodle", "José García", "4242")
    assert s.download_name("alice") is None and s.download_name("jo_smith") is None


def test_every_file_is_accounted_for(tmp_path):
    inbox = tmp_path / "inbox"
    _nb(inbox, "alice.ipynb")
    _nb(inbox, "kim/alpha_beta (1).ipynb")
    _nb(inbox, "zed/alpha_beta.ipynb")
    _nb(inbox, "zed/notes.ipynb")
    _nb(inbox, "nb/alice2/02_alpha_beta/alpha_beta.ipynb")
    _nb(inbox, ".ipynb_checkpoints/alice-checkpoint.ipynb")
    (inbox / "README.md").write_text("x")
    (inbox / "kim" / "data.csv").write_text("x")
    os.symlink("alice.ipynb", inbox / "eve.ipynb")
    found = s.find_submissions(inbox, "02_alpha_beta", NAMES)
    subs = {sub.student: sub for sub in found.submissions}
    assert set(subs) == {"alice", "kim", "zed", "eve"}
    assert subs["kim"].notes == ("graded 'alpha_beta (1).ipynb' as alpha_beta.ipynb",)
    assert "two notebooks where alpha_beta.ipynb is expected" in subs["zed"].problem
    assert "symbolic link" in subs["eve"].problem
    ignored = {p.relative_to(inbox).as_posix(): why for p, why in found.ignored}
    assert ignored["README.md"] == "not a notebook" and ignored["kim/data.csv"] == "not a notebook"
    assert "checkpoint" in ignored[".ipynb_checkpoints/alice-checkpoint.ipynb"]
    assert "not a notebook of 02_alpha_beta" in ignored["nb/alice2/02_alpha_beta/alpha_beta.ipynb"]
    counted = {p for sub in found.submissions for p in sub.files.values()} | {p for p, _ in found.ignored}
    assert len(counted) == found.files == 9


def test_canvas_resubmissions_are_one_student_and_two_students_of_one_name_are_two(tmp_path):
    inbox = tmp_path / "inbox"
    _nb(inbox, "smithjo_111_5_alpha_beta.ipynb")
    _nb(inbox, "smithjo_LATE_111_9_alpha_beta-1.ipynb")
    _nb(inbox, "leeann_222_7_alpha_beta.ipynb")
    _nb(inbox, "leeann_333_8_alpha_beta.ipynb")
    found = s.find_submissions(inbox, "02_alpha_beta", NAMES)
    subs = {sub.student: sub for sub in found.submissions}
    assert set(subs) == {"smithjo", "leeann_222", "leeann_333"}
    assert subs["smithjo"].files["alpha_beta"].name == "smithjo_LATE_111_9_alpha_beta-1.ipynb"
    assert subs["smithjo"].late.startswith("late")
    assert [why for _, why in found.ignored] == ["an earlier submission of smithjo (submission 5; "
                                                 "smithjo_LATE_111_9_alpha_beta-1.ipynb is graded)"]


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
