"""Recording a graded submission in nbgrader's layout (gamelib.grading.recording): the files nbgrader's
exchange needs beside it, which answers a test cell grades (so a changed answer drops a manual score),
numbers written one way (issue #29, items 10 and 17)."""
from datetime import datetime, timezone

import nbformat

from gamelib.grading import recording as r

from .students import _release


def test_a_collected_submissions_files_are_kept_and_others_made(tmp_path):
    (tmp_path / "timestamp.txt").write_text("2026-11-20 10:00:00.000000 UTC\n")
    (tmp_path / "submission_secret.txt").write_text("abc123\n")
    assert r.carried_files(tmp_path) == {"timestamp.txt": "2026-11-20 10:00:00.000000 UTC\n",
                                         "submission_secret.txt": "abc123\n"}     # byte for byte
    made = r.carried_files(tmp_path / "nothing", datetime(2026, 11, 27, 9, 30, tzinfo=timezone.utc))
    assert made["timestamp.txt"] == "2026-11-27 09:30:00.000000 UTC" and len(made["submission_secret.txt"]) == 32
    from nbgrader.utils import parse_utc
    assert parse_utc(made["timestamp.txt"]).hour == 9                     # nbgrader reads it back


def test_a_test_cell_grades_the_answers_since_the_test_before_it():
    spans = r.answer_spans(_release())
    assert spans["q1_test"] == ("q1_answer",)
    assert spans["q6_aima_test"] == spans["q6_strict_hidden"] == ("q6_answer",)


def test_numbers_are_written_one_way():
    assert [r.num(x) for x in (20, 20.0, 17.5, 1 / 3)] == [20, 20, 17.5, 0.3333]


def test_write_atomic_leaves_no_half_file(tmp_path):
    path = tmp_path / "a" / "b.ipynb"
    r.write_atomic(path, nbformat.v4.new_notebook())
    assert nbformat.read(str(path), as_version=4).cells == [] and not list(path.parent.glob("*.tmp"))
