"""The class report (issue 32): per question the scores (a chart whose words are its numbers, and a table),
each named bug with its students, question and cases, the hidden cases most often failed, the time each
submission took and why others were not graded; read from what grading recorded, a submission's words
escaped."""
from __future__ import annotations

import csv
import html
import re

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
    assert data.students == ["alice", "bob", "canvas-103", "dave", "erin"]      # colecarol: Canvas's user 103
    assert len(data.questions) == 9 and all(len(v) == 5 for v in data.scores.values())
    assert data.scores == {q: [g.score for g in grades(made["course"], ASSIGNMENT) if g.cell == q]
                           for q, _ in data.questions}
    who = {k: sorted(v) for k, v in data.bugs.items()}
    assert who["q6_aima_test", "no_pruning"] == ["bob"]
    assert who["q6_strict_test", "prunes_on_equality"] == ["canvas-103"]   # AIMA's rule where the strict is asked
    assert who["q6_aima_test", "last_tied"] == ["dave"]
    assert "a tree with ties (AIMA convention)" in data.bugs["q6_aima_test", "last_tied"]["dave"]
    assert not any(s in {"alice", "erin"} for v in data.bugs.values() for s in v)   # right, or nothing to name
    assert all(q.endswith("hidden") and c.startswith("hidden ") for q, c in data.hidden)
    assert set(data.seconds) == set(data.students) and all(t > 0 for t in data.seconds.values())
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
        ["2", "5", "1.6", "1", "0", "4"]
