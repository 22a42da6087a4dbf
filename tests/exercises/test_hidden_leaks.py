"""Nothing of a hidden case reaches the student but the number of cases passed.

A submission's code sees each hidden case it is run on, and everything it controls could carry what it
saw out to the student: the type name and message of an exception it raises (a class made on the fly,
named after the tree), the line the feedback quotes, the number of characters it prints, the time it
takes, and its own memory, read by a later cell or a later check.  The search below writes every hidden
tree it sees into each of these, and fails every hidden case, so that its score is the same whatever
the cases; it is graded, through the real executor and in the sandbox, under two course secrets (two
different sets of hidden trees).  Every output a student sees must then be the same, byte for byte.

Before the hidden cases were kept from the student's code (the feedback showed the first three failing
hidden cases' exception types and lines and the characters printed, and the sandbox kept its memory of
the cases for the cells after), each of these differed between the two secrets.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import nbformat
import pytest

from gamelib.grading import fakes
from gamelib.grading import workflow as w
from gamelib.grading.executor import grade_notebook
from gamelib.grading.isolation import isolation_status
from gamelib.grading.course import SOURCE, notebooks

ASSIGNMENT = "02_alpha_beta"
HOSTILE = '''# %% expect
total = 0

# %% solutions

# %% answer q6_answer
import hashlib
import time

SEEN = []


def alphabeta_search(game, state, prune_on_equality=True):
    """Looks at the tree it is given, then writes it into everything the grader might show."""
    children = [game.result(state, a) for a in game.actions(state)]
    key = hashlib.sha256(repr((state, children, [game.is_terminal(c) for c in children])).encode()).hexdigest()
    SEEN.append(key[:12])
    print("x" * (100 + int(key[:3], 16)))                            # how much it printed
    time.sleep(int(key[0], 16) / 2000)                               # how long it took
    leak = type("Leak_" + key[:12], (Exception,), {})                 # its exception's type
    if int(key[1], 16) % 2:
        leak = type("GradingError", (AssertionError,), {})             # ... passing for the grader's own
    raise leak(f"seen {key[:12]} after {len(SEEN)} calls: {SEEN[-5:]}")   # ... and its message

# %% add
print("what the sandbox remembers:", SEEN)
'''


def _isolated():
    status = isolation_status()
    if not status.isolated:
        if os.environ.get("CI"):
            pytest.fail(f"submissions cannot be isolated here: {status.how}")
        pytest.skip(f"SUBMISSIONS NOT ISOLATED HERE: {status.how}")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The hostile submission graded under two course secrets: {secret: Graded}."""
    _isolated()
    path = tmp_path_factory.mktemp("leaks") / "hostile_hidden_channels.py"
    path.write_text(HOSTILE)
    source = nbformat.read(str(notebooks(SOURCE / ASSIGNMENT)[0]), as_version=4)
    release = nbformat.read(str(notebooks(Path(SOURCE).parent / "release" / ASSIGNMENT)[0]), as_version=4)
    submission = fakes.build(fakes.read(path), release, source)
    runtime = w.runtime_for(ASSIGNMENT, into=tmp_path_factory.mktemp("runtime"))
    return {secret: grade_notebook(submission, source, runtime=runtime, secret=secret, assignment=ASSIGNMENT)
            for secret in (b"the first course's secret", b"another course's secret")}


COUNT = re.compile(r"\d+ of \d+ hidden cases")


def _seen(graded) -> list:
    """Per code cell: (grade id, the outputs a student sees) of each grading, with the number of hidden
    cases written as "k of n" (a secret draws a case more for each known bug its random draw misses: the
    number is the secret's, the same for every student, not the student's code's)."""
    return [[(c.metadata.get("nbgrader", {}).get("grade_id"),
              COUNT.sub("k of n hidden cases", json.dumps(c.outputs, sort_keys=True)))
             for c in g.notebook.cells if c.cell_type == "code"] for g in graded.values()]


def test_every_output_is_the_same_under_two_secrets(graded):
    first, second = _seen(graded)
    assert len(first) == len(second)
    for (gid, a), (_, b) in zip(first, second):
        assert a == b, f"cell {gid} shows something of the hidden cases: {a[:300]} / {b[:300]}"
    scores = [g.scores for g in graded.values()]
    assert scores[0] == scores[1]
    assert scores[0]["q6_aima_hidden"] == (0, 4) and scores[0]["q6_strict_hidden"] == (0, 4)


def test_the_hidden_cells_say_what_the_kit_says(graded):
    g = next(iter(graded.values()))
    cells = {c.metadata.get("nbgrader", {}).get("grade_id"): c for c in g.notebook.cells}
    for gid in ("q6_aima_hidden", "q6_strict_hidden"):
        text = json.dumps(cells[gid].outputs)
        assert "hidden cases (hidden cases are never described)" in text
        assert "the kit's tree 1" in text                      # a small case of the kit's own, described
        assert "printed" not in text


def test_the_sandbox_forgets_the_hidden_cases(graded):
    """The student's code runs in a fresh sandbox once hidden cases have run: the last cell remembers
    only the calls made since the last hidden cases, those of the kit's own small cases (one call each)."""
    from gamelib.grading.checks import EXERCISES
    from gamelib.grading.core import small_cases
    calls = len(small_cases(EXERCISES["alphabeta_strict"]))
    for g in graded.values():
        last = [c for c in g.notebook.cells if c.cell_type == "code"][-1]
        remembered = json.dumps(last.outputs).split("what the sandbox remembers: ")[1]
        assert remembered.count("'") == 2 * calls
