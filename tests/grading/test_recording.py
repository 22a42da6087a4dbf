"""Recording a graded submission in nbgrader's layout (gamelib.grading.recording): the files nbgrader's
exchange needs beside it, which answers a test cell grades (so a changed answer drops a manual score),
numbers written one way (issue #29, items 10 and 17); an override follows the answer's code, not its
bytes (issue 40, item 6)."""
import copy
from datetime import datetime, timezone

import nbformat
import pytest

from gamelib.grading import recording as r

from gamelib.grading.cells import grade_id

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


ANSWER = '''def alphabeta_search(game, state):
    """My search."""
    best = max(game.actions(state), key=lambda a: value(game, game.result(state, a)))
    return best
'''
SAME = [ANSWER + " ",                                                     # the trailing space of issue 40
        "# my answer, commented\n" + ANSWER.replace("    return best", "    return best   # done\n\n"),
        ANSWER.replace('"""My search."""', '"""Another docstring,\n    over two lines."""'),
        ANSWER.replace("max(game.actions(state), key=", "max(\n        game.actions(state),\n        key="),
        ANSWER.replace("\n    best =", "\n\n    best =").replace("    ", "\t")]
OTHER = [ANSWER.replace("max(", "min("), ANSWER.replace("return best", "return best, None"),
         '"""the answer is b"""\n' + ANSWER, ANSWER.replace('    """My search."""\n', "    pass\n    x = 1\n")]


@pytest.mark.parametrize("same", SAME)
def test_formatting_comments_and_docstrings_are_the_same_answer(same):
    assert r.answer_form(same) == r.answer_form(ANSWER)


@pytest.mark.parametrize("other", OTHER)
def test_a_change_of_code_is_another_answer(other):
    assert r.answer_form(other) != r.answer_form(ANSWER)


def test_cells_that_do_not_parse_and_markdown_are_compared_without_spacing_and_comments():
    magic = "%timeit f(x)  # how fast\nfor a in b:\n    print(a)\n"
    assert r.answer_form(magic) == r.answer_form("%timeit f(x)\n\nfor a in b:\n        print(a)   \n")
    assert r.answer_form(magic) != r.answer_form("%timeit f(y)\nfor a in b:\n    print(a)\n")
    assert r.answer_form(magic) != r.answer_form("%timeit f(x)\nfor a in b:\n    pass\nprint(a)\n")   # its indentation
    assert r.answer_form("x = (1,\n") == r.answer_form("x = (1,   \n")                # does not even tokenize
    assert r.answer_form("1" + "+1" * 3000) != r.answer_form("1" + "+1" * 2999)           # too deep to parse: tokens
    why = "Because  MIN never\nprunes."
    assert r.answer_form(why, "markdown") == r.answer_form(" Because MIN never prunes. \n", "markdown")
    assert r.answer_form(why, "markdown") != r.answer_form("Because MAX never prunes.", "markdown")


def _with(nb, gid, text):
    nb = copy.deepcopy(nb)
    next(c for c in nb.cells if grade_id(c) == gid).source = text
    return nb


def test_an_override_ends_with_its_answers_code_or_its_result_with_the_code_never_with_bytes(tmp_path):
    before = _with(_release(), "q6_answer", ANSWER)
    before.cells.append(nbformat.v4.new_code_cell("def value(game, s):\n    return 0\n"))    # a cell of their own
    stored = tmp_path / "alpha_beta.ipynb"
    nbformat.write(before, str(stored))
    spaced = r.compare(stored, _with(before, "q6_answer", SAME[0]))
    assert spaced == r.Earlier(set(), False)
    for old, new in ((3, 3), (3, 1)):                       # the same code, whatever its score does: kept
        assert r.override_dropped(spaced, ("q6_answer",), old, new) == ""
    changed = r.compare(stored, _with(before, "q6_answer", OTHER[0]))
    assert r.override_dropped(changed, ("q6_answer",), 3, 3) == "its answer's code changed"
    assert r.override_dropped(changed, ("q1_answer",), 3, 3) == ""                # another question's answer
    helper = copy.deepcopy(before)
    helper.cells[-1].source = "def value(game, s):\n    return 1\n"
    elsewhere = r.compare(stored, helper)
    assert elsewhere == r.Earlier(set(), True)
    assert r.override_dropped(elsewhere, ("q6_answer",), 3, 3) == ""               # its result did not change
    assert r.override_dropped(elsewhere, ("q6_answer",), 3, 1) == \
        "its autograded score changed (3 -> 1) with the student's code elsewhere in the notebook"
    assert r.compare(tmp_path / "none.ipynb", before).changed is None              # nothing to compare with
    (tmp_path / "bad.ipynb").write_text("{")
    assert "could not be read" in r.override_dropped(r.compare(tmp_path / "bad.ipynb", before), (), 1, 1)
