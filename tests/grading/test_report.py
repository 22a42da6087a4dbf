"""The class report (issue 32): per question the scores (a chart whose words are its numbers, and a table),
each named bug with its students, question and cases, the hidden cases most often failed, the time each
submission took and why others were not graded; read from what grading recorded, a submission's words
escaped."""
from __future__ import annotations

import csv
import html
import re
from collections import Counter

import pytest

from gamelib.grading import report as r
from gamelib.grading.__main__ import main as cli
from gamelib.grading.recording import grades

from .gradebook_course import ASSIGNMENT, HOSTILE_FILE
from .test_gradebook import HOSTILE_ID


@pytest.fixture(scope="module")
def made(course):
    assert cli(["report", ASSIGNMENT, "--course", str(course)]) == 0
    page = course / "reports" / f"{ASSIGNMENT}.html"
    with open(course / "reports" / f"{ASSIGNMENT}.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    return {"data": r.gather(course, ASSIGNMENT), "page": page.read_text(), "rows": rows, "course": course}


def test_the_numbers_are_the_gradebooks_and_the_graders_own(made):
    data = made["data"]
    assert data.students == ["alice", "bob", "canvas-103", "dave"]      # colecarol: Canvas's user 103
    assert len(data.questions) == 9 and all(len(v) == 4 for v in data.scores.values())
    assert data.scores == {q: [g.score for g in grades(made["course"], ASSIGNMENT)
                               if g.cell == q and g.student != "erin"] for q, _ in data.questions}
    who = {k: sorted(v) for k, v in data.bugs.items()}
    assert who["q6_aima_test", "no_pruning"] == ["bob"]
    assert who["q6_strict_test", "prunes_on_equality"] == ["canvas-103"]   # AIMA's rule where the strict is asked
    assert who["q6_aima_test", "last_tied"] == ["dave"]
    assert "a tree with ties (AIMA convention)" in data.bugs["q6_aima_test", "last_tied"]["dave"]
    assert not any(s in {"alice", "erin"} for v in data.bugs.values() for s in v)   # right, or nothing to name
    assert all(q.endswith("hidden") and check == "alphabeta_search" and c.startswith("hidden ")
               for q, check, c in data.hidden)
    assert set(data.seconds) == {*data.students, *data.blank} and all(t > 0 for t in data.seconds.values())
    assert set(data.not_graded) == {"frank", HOSTILE_ID}


def test_the_page_is_accessible_and_a_submissions_words_are_escaped(made):
    page = made["page"]
    assert page.startswith("<!DOCTYPE html>") and '<html lang="en">' in page and page.count("<main>") == 1
    assert "<title>Class report: 02_alpha_beta</title>" in page and page.count("<h1>") == 1
    assert page.count("<table") == page.count("<caption") >= 5 and '<th scope="col"' in page
    alt = html.unescape(re.search(r'<img [^>]*alt="([^"]*)"', page).group(1))
    for q, top in made["data"].questions:
        values = made["data"].scores[q]
        full, none = sum(v >= top for v in values), sum(v == 0 for v in values)
        assert f"{q}: {full} full marks, {len(values) - full - none} some points, {none} no points" in alt
    assert "<img src=x" not in page and html.escape(HOSTILE_FILE.split("\n")[1]) in page
    assert "prunes when v = β" in page                                          # the bug said in words


def test_the_csv_holds_the_same_numbers(made):
    rows = made["rows"]
    bug = next(x for x in rows if x["what"] == "bug" and x["name"] == "no_pruning" and x["question"] == "q6_aima_test")
    assert (bug["value"], bug["detail"]) == ("1", "bob")
    assert {x["name"] for x in rows if x["what"] == "not graded"} == {"frank", HOSTILE_ID}
    assert [x["value"] for x in rows if x["question"] == "q1_test" and x["what"] == "question"] == \
        ["2", "4", "2", "0", "0", "4"]


def test_a_blank_submission_is_counted_apart(made):
    """erin handed in the student version untouched: she would fail every case and pull every question down;
    she is named apart, "1 blank, not counted", in the page, the chart's words and the CSV."""
    data = made["data"]
    assert data.blank == ["erin"] and "erin" not in data.students
    assert not any(s == "erin" for who in data.bugs.values() for s in who)
    assert "1 blank (every answer as handed out), not counted: erin" in made["page"]
    alt = html.unescape(re.search(r'<img [^>]*alt="([^"]*)"', made["page"]).group(1))
    assert "4 graded, 1 blank, not counted" in alt
    assert [x["name"] for x in made["rows"] if x["what"] == "blank"] == ["erin"]


def test_the_hidden_cases_most_often_failed_are_grouped_and_ties_kept_whole(made):
    """Each check's hidden cases are numbered alike in every test cell ("hidden tree 2" in each): a row is
    one cell's check, its cases failed by as many students gathered; rows tied with the tenth are kept
    (ten tied rows, each "hidden tree 2", once came out of a tie cut by the order students were read)."""
    hidden = Counter({(f"q{k}_hidden", "minimax_value", "hidden tree 2"): 3 for k in range(1, 12)})
    hidden.update({("q1_hidden", "minimax_decision", "hidden tree 2"): 3, ("q1_hidden", "minimax_value",
                   "hidden tree 10"): 3, ("q1_hidden", "minimax_value", "hidden position 1"): 3,
                   ("q2_hidden", "minimax_value", "hidden tree 5"): 1})
    rows = r.hidden_rows(hidden)
    assert len(rows) == 12 and all(n == 3 for *_, n in rows)                  # the tie whole, the 1 cut
    assert len({(q, check) for _, q, check, _ in rows}) == 12
    assert ["hidden position 1; hidden tree 2, 10", "q1_hidden", "minimax_value", 3] in rows
    assert ["hidden tree 2", "q1_hidden", "minimax_decision", 3] in rows
    shown = r.hidden_rows(made["data"].hidden)
    assert shown and all(html.escape(cases) in made["page"] for cases, *_ in shown)


def test_a_hidden_case_run_twice_counts_its_student_once(graded, tmp_path):
    """A count is of students: a check run twice in one cell (its results kept twice) counts each once."""
    import nbformat

    from gamelib.grading.course import notebooks

    from .gradebook_course import copy_of
    course = copy_of(graded, tmp_path / "course")
    path = notebooks(course / "autograded" / "bob" / ASSIGNMENT)[0]
    nb = nbformat.read(str(path), as_version=4)
    for cell in nb.cells:
        results = cell.get("metadata", {}).get("gamelib", {}).get("results")
        if results:
            results.extend([dict(fact) for fact in results])
    nbformat.write(nb, str(path))
    assert r.gather(course, ASSIGNMENT).hidden == r.gather(graded, ASSIGNMENT).hidden
